//! Omaha players holding ranges (`AA:$ds`, `$rd`, `random@10, AA`): which
//! player texts are ranges, their dealers, and the Monte Carlo trials that
//! deal them (each deal's probability proportional to the product of the
//! hands' weights, no card used twice: `omaha::range::dealer`). Jobs with
//! a range are sampled, with their error, as jobs with a random hand are.

use super::super::counts::PotCounts;
use super::super::eval::{best_high, Board, Hole};
use super::super::low::{low_mask, HoleLow, NO_LOW};
use super::{low_winners, OmahaJob};
use crate::board_game::{best_set, BoardGameError, Deal};
use crate::card::{parse_cards, Card, CardSet};
use crate::equity::rng::Rng;
use crate::omaha::range::dealer::RangeDealer;
use crate::omaha::{OmahaRange, OmahaRangeError};

/// Joint deals tried when a job opens before ranges that share too many
/// cards are refused.
const TRIES: u32 = 20_000;

/// Whether a player's text is a range of `hole`-card hands: `None` for
/// `random` and for text that reads as cards (the deal checks their
/// number); any other text is read as a range, and its error is the
/// range's (`QQ+`: what Omaha writes instead).
pub(super) fn as_range(text: &str, hole: usize) -> Result<Option<OmahaRange>, OmahaRangeError> {
    let t = text.trim();
    if t == "?" || t.eq_ignore_ascii_case("random") || parse_cards(t).is_ok() {
        return Ok(None);
    }
    OmahaRange::parse(t, hole).map(Some)
}

/// The ranges' dealers, per player (`None`: a known or random hand).
#[derive(Clone, Debug)]
pub(super) struct Ranges {
    dealers: Vec<Option<RangeDealer>>,
}

impl Ranges {
    /// The dealers of `ranges` given the deal's known cards; checks each
    /// has a hand left and that they can be dealt together.
    pub(super) fn new(
        ranges: Vec<Option<OmahaRange>>,
        deal: &Deal,
    ) -> Result<Ranges, BoardGameError> {
        let mut known: CardSet = deal.board().iter().chain(deal.dead()).copied().collect();
        for cards in deal.hands().iter().flatten() {
            known = cards.iter().fold(known, |k, &c| k.with(c));
        }
        let mut dealers = Vec::new();
        for (i, r) in ranges.into_iter().enumerate() {
            dealers.push(match r {
                None => None,
                Some(r) => {
                    let text = r.to_string();
                    Some(RangeDealer::new(r, known).ok_or_else(|| {
                        BoardGameError::Player(
                            i,
                            format!(
                                "no hand of the range {} is possible with the cards in play",
                                crate::quote::quote(&text)
                            ),
                        )
                    })?)
                }
            });
        }
        let ranges = Ranges { dealers };
        if ranges.dealers.iter().flatten().count() > 1 {
            let mut rng = Rng::new(0x5eed);
            let mut scratch = Vec::new();
            let mut out = Vec::new();
            if !(0..TRIES).any(|_| ranges.try_deal(&mut rng, &mut scratch, &mut out)) {
                let last = ranges
                    .dealers
                    .iter()
                    .rposition(Option::is_some)
                    .unwrap_or(0);
                return Err(BoardGameError::Player(
                    last,
                    format!(
                        "the ranges cannot all be dealt at once: {TRIES} tries found no deal without a card used twice"
                    ),
                ));
            }
        }
        Ok(ranges)
    }

    pub(super) fn any(&self) -> bool {
        self.dealers.iter().any(Option::is_some)
    }

    /// One try at dealing every range (into `out`, in player order);
    /// false when two hands share a card.
    fn try_deal(&self, rng: &mut Rng, scratch: &mut Vec<Card>, out: &mut Vec<CardSet>) -> bool {
        out.clear();
        let mut used = CardSet::EMPTY;
        for d in self.dealers.iter().flatten() {
            let hand = d.draw(rng, scratch);
            if hand.intersects(used) {
                return false;
            }
            used = CardSet::from_bits(used.bits() | hand.bits()).expect("cards");
            out.push(hand);
        }
        true
    }

    /// Every range dealt (retried until no card is used twice).
    fn deal(&self, rng: &mut Rng, scratch: &mut Vec<Card>, out: &mut Vec<CardSet>) {
        while !self.try_deal(rng, scratch, out) {}
    }
}

/// `trials` random deals of chunk `chunk` of a job seeded `seed`, some
/// players holding ranges.
pub(super) fn run_trials(job: &OmahaJob, seed: u64, chunk: u64, trials: u64) -> PotCounts {
    let mut rng = Rng::for_chunk(seed, chunk);
    let players = job.players();
    let mut counts = PotCounts::new(players);
    let deal = job.deal();
    let n = job.game.hole();
    let hilo = job.game.hilo();
    let mut known: CardSet = deal.board().iter().chain(deal.dead()).copied().collect();
    for cards in deal.hands().iter().flatten() {
        known = cards.iter().fold(known, |k, &c| k.with(c));
    }
    let live: Vec<Card> = Card::all().filter(|&c| !known.contains(c)).collect();
    let (mut scratch, mut dealt, mut deck) = (Vec::new(), Vec::new(), Vec::new());
    let mut highs = vec![crate::eval::HandRank::MIN; players];
    let mut lows = vec![NO_LOW; players];
    let mut board = [Card::new(0, 0); 5];
    let mut hole: Vec<Card> = Vec::with_capacity(n);
    for _ in 0..trials {
        job.ranges.deal(&mut rng, &mut scratch, &mut dealt);
        let used = dealt.iter().fold(0u64, |m, h| m | h.bits());
        deck.clear();
        deck.extend(live.iter().copied().filter(|c| used >> c.id() & 1 == 0));
        let mut next = 0;
        let mut draw = |deck: &mut Vec<Card>| {
            let j = next + rng.below((deck.len() - next) as u32) as usize;
            deck.swap(next, j);
            next += 1;
            deck[next - 1]
        };
        board[..deal.board().len()].copy_from_slice(deal.board());
        for slot in board.iter_mut().skip(deal.board().len()) {
            *slot = draw(&mut deck);
        }
        let prepared = Board::new(&board);
        let mask = low_mask(&board);
        let mut ranged = dealt.iter();
        for p in 0..players {
            if let Some(prep) = &job.hands[p] {
                highs[p] = best_high(&prep.high, &prepared);
                lows[p] = prep.low[usize::from(mask)];
                continue;
            }
            hole.clear();
            if job.ranges.dealers[p].is_some() {
                hole.extend(ranged.next().expect("a hand per range").iter());
            } else {
                for _ in 0..n {
                    hole.push(draw(&mut deck));
                }
            }
            highs[p] = best_high(&Hole::new(&hole), &prepared);
            if hilo {
                lows[p] = HoleLow::new(&hole).best_bits(mask);
            }
        }
        let low = if hilo { low_winners(&lows) } else { 0 };
        counts.record(best_set(&highs, |a, b| a > b), low);
    }
    counts
}
