//! What a range makes and draws (`src/range/texture.rs`): every data-file
//! line (`tests/data/texture.txt`) and every combo on random flops and turns
//! against a naive reference written here (made hands from rank and suit
//! counts, draws by trying every next card: a flush or straight draw is
//! "some live card completes it"), the counts from any split of the units,
//! and the errors. The release sweep (`--ignored`, `cargo xtask test
//! exhaustive`): every combo on every flop.

use crate::check::{check_io, Rng};
use allin::card::{parse_cards, CardSet};
use allin::range::texture::{classify, Draw, Made, Row, TextureError, TextureJob};
use allin::range::{parse, HoleCards, Range};
use allin::Card;

/// The top rank of the best straight in `cards` (ace also low), by
/// looking at every window.
fn straight_top(cards: &[Card]) -> Option<u8> {
    let has = |r: i32| {
        cards
            .iter()
            .any(|c| c.rank() as i32 == if r < 0 { 12 } else { r })
    };
    (3..13)
        .rev()
        .find(|&top| (top - 4..=top).all(has))
        .map(|t| t as u8)
}

fn flush_suit(cards: &[Card]) -> Option<u8> {
    (0..4).find(|&s| cards.iter().filter(|c| c.suit() == s).count() >= 5)
}

fn count(cards: &[Card], r: u8) -> usize {
    cards.iter().filter(|c| c.rank() == r).count()
}

/// The made class, naively.
fn naive_made(hole: [Card; 2], board: &[Card]) -> Made {
    let all = Cards::of(board, &hole);
    let all = all.as_slice();
    let sf = (0..4).any(|s| {
        let suited: Vec<Card> = all.iter().filter(|c| c.suit() == s).copied().collect();
        straight_top(&suited).is_some()
    });
    let counts: Vec<usize> = (0..13).map(|r| count(all, r)).collect();
    let threes = counts.iter().filter(|&&n| n >= 3).count();
    let twos = counts.iter().filter(|&&n| n >= 2).count();
    if sf {
        return Made::StraightFlush;
    }
    if counts.contains(&4) {
        return Made::Quads;
    }
    if threes >= 1 && twos >= 2 {
        return Made::FullHouse;
    }
    if flush_suit(all).is_some() {
        return Made::Flush;
    }
    if straight_top(all).is_some() {
        return Made::Straight;
    }
    let top = board.iter().map(|c| c.rank()).max().unwrap();
    let mut ranks: Vec<u8> = board.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    ranks.dedup();
    let (a, b) = (hole[0].rank(), hole[1].rank());
    let on_board = |r: u8| count(board, r);
    if a == b && on_board(a) == 1 {
        return Made::Set;
    }
    if a != b && (on_board(a) == 2 || on_board(b) == 2) {
        return Made::Trips;
    }
    if a != b && on_board(a) > 0 && on_board(b) > 0 {
        return Made::TwoPair;
    }
    if a == b {
        return if a > top {
            Made::Overpair
        } else {
            Made::PocketPairBelowTop
        };
    }
    for r in [a, b] {
        if on_board(r) == 1 {
            return if r == ranks[0] {
                Made::TopPair
            } else if r == ranks[1] {
                Made::MiddlePair
            } else {
                Made::WeakPair
            };
        }
    }
    if a == 12 || b == 12 {
        Made::AceHigh
    } else {
        Made::NoMadeHand
    }
}

/// Up to seven cards on the stack: the reference tries every next card (and
/// pair of them) without allocating, so the sweep over every flop is quick.
struct Cards {
    cards: [Card; 7],
    len: usize,
}

impl Cards {
    /// `base` followed by `extra`.
    fn of(base: &[Card], extra: &[Card]) -> Cards {
        let mut cards = [base[0]; 7];
        for (slot, &c) in cards.iter_mut().zip(base.iter().chain(extra)) {
            *slot = c;
        }
        Cards {
            cards,
            len: base.len() + extra.len(),
        }
    }

    fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

/// The draws, by trying the cards to come.
fn naive_draws(hole: [Card; 2], board: &[Card], dead: CardSet) -> Vec<Draw> {
    let now = Cards::of(board, &hole);
    let now = now.as_slice();
    let live: Vec<Card> = Card::all()
        .filter(|c| !now.contains(c) && !dead.contains(*c))
        .collect();
    let with = |extra: &[Card], base: &[Card]| Cards::of(base, extra);
    let hole_flush = |cards: Cards| {
        flush_suit(cards.as_slice()).is_some_and(|s| hole.iter().any(|h| h.suit() == s))
    };
    let made = naive_made(hole, board);
    let flush_now = matches!(made, Made::Flush | Made::StraightFlush);
    let straight_now = matches!(made, Made::Straight | Made::StraightFlush);
    let mut d = Vec::new();
    let fd = !flush_now && live.iter().any(|&c| hole_flush(with(&[c], now)));
    let mut outs: Vec<u8> = live
        .iter()
        .filter(|&&c| {
            straight_top(with(&[c], now).as_slice()) > straight_top(with(&[c], board).as_slice())
        })
        .map(|c| c.rank())
        .collect();
    outs.sort_unstable();
    outs.dedup();
    let (oesd, gut) = match (straight_now, outs.len()) {
        (true, _) | (_, 0) => (false, false),
        (_, 1) => (false, true),
        _ => (true, false),
    };
    let bd = board.len() == 3
        && !flush_now
        && !fd
        && live.iter().enumerate().any(|(i, &x)| {
            live[i + 1..]
                .iter()
                .any(|&y| x.suit() == y.suit() && hole_flush(with(&[x, y], now)))
        });
    let top = board.iter().map(|c| c.rank()).max().unwrap();
    let over =
        matches!(made, Made::AceHigh | Made::NoMadeHand) && hole.iter().all(|h| h.rank() > top);
    for (on, draw) in [
        (fd, Draw::FlushDraw),
        (oesd, Draw::Oesd),
        (gut, Draw::Gutshot),
        (fd && oesd, Draw::FlushDrawOesd),
        (fd && gut, Draw::FlushDrawGutshot),
        (bd, Draw::BackdoorFlushDraw),
        (over, Draw::Overcards),
    ] {
        if on {
            d.push(draw);
        }
    }
    d
}

/// Every combo on `board` (with `dead`), core against reference.
fn compare_all(board: &[Card], dead: &[Card]) {
    let seen: CardSet = board.iter().chain(dead).copied().collect();
    let dead_set: CardSet = dead.iter().copied().collect();
    for combo in HoleCards::all().filter(|c| !c.card_set().intersects(seen)) {
        let got = classify(
            combo.cards(),
            board,
            seen.union_with(combo.card_set()).complement(),
        );
        let made = naive_made(combo.cards(), board);
        let draws = naive_draws(combo.cards(), board, dead_set);
        assert_eq!(
            (got.made, got.draws.iter().collect::<Vec<_>>()),
            (made, draws),
            "{combo} on {board:?} dead {dead:?}"
        );
    }
}

trait Union {
    fn union_with(self, o: CardSet) -> CardSet;
}
impl Union for CardSet {
    fn union_with(self, o: CardSet) -> CardSet {
        o.iter().fold(self, |s, c| s.with(c))
    }
}

fn describe(hole: [Card; 2], board: &[Card], dead: &[Card]) -> String {
    let seen: CardSet = board.iter().chain(dead).chain(&hole).copied().collect();
    let c = classify(hole, board, seen.complement());
    let dead_set: CardSet = dead.iter().copied().collect();
    let naive = (naive_made(hole, board), naive_draws(hole, board, dead_set));
    let draws: Vec<Draw> = c.draws.iter().collect();
    if naive != (c.made, draws.clone()) {
        return format!("core {:?} {:?} but reference {:?}", c.made, draws, naive);
    }
    let keys: Vec<&str> = draws.iter().map(|d| d.key()).collect();
    format!(
        "{}; {}",
        c.made.key(),
        if keys.is_empty() {
            "-".into()
        } else {
            keys.join(" ")
        }
    )
}

#[test]
fn data_file_cases() {
    check_io("texture.txt", |input| {
        let parts: Vec<&str> = input.split('|').map(str::trim).collect();
        let hole = parse_cards(parts[0]).unwrap();
        let board = parse_cards(parts[1]).unwrap();
        let dead = parts
            .get(2)
            .map(|d| parse_cards(d).unwrap())
            .unwrap_or_default();
        describe([hole[0], hole[1]], &board, &dead)
    });
}

#[test]
fn random_boards_match_the_reference() {
    let mut rng = Rng::new(14);
    for i in 0..60 {
        let cards = rng.cards(if i % 3 == 0 { 5 } else { 3 + i % 2 });
        let (board, dead) = cards.split_at(if i % 3 == 0 { 3 } else { cards.len() });
        compare_all(board, dead);
    }
}

#[test]
#[ignore = "release sweep: every combo on all 22,100 flops against the naive reference; run with --ignored"]
fn every_flop_matches_the_reference() {
    // The flops split by their first card over the machine's threads.
    let all: Vec<Card> = Card::all().collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for t in 0..threads {
            let all = &all;
            s.spawn(move || {
                for a in (t..52).step_by(threads) {
                    for b in a + 1..52 {
                        for c in b + 1..52 {
                            compare_all(&[all[a], all[b], all[c]], &[]);
                        }
                    }
                }
            });
        }
    });
}

#[test]
fn any_split_gives_the_same_counts() {
    let range: Range = parse(
        "22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, 76s:0.5",
        None,
    )
    .unwrap();
    let board = parse_cards("Th 9h 2c").unwrap();
    let job = TextureJob::open(&range, &board, &parse_cards("Ah").unwrap()).unwrap();
    let whole = job.counts();
    let mut rng = Rng::new(7);
    for _ in 0..5 {
        let mut cuts: Vec<usize> = (0..6).map(|_| rng.below(job.units() + 1)).collect();
        cuts.extend([0, job.units()]);
        cuts.sort_unstable();
        let mut sum = Default::default();
        for w in cuts.windows(2) {
            allin::range::texture::TextureCounts::add(&mut sum, &job.run(w[0]..w[1]));
        }
        assert_eq!(sum, whole);
    }
    // Made classes partition the live weight.
    let made: u64 = Made::ALL
        .iter()
        .map(|&m| whole.rows[Row::Made(m).index()])
        .sum();
    assert_eq!(made, whole.total);
    assert_eq!(whole.total, range.weight_sum() as u64 - job.removed().1);
}

#[test]
fn errors() {
    let r: Range = "AA, KK".parse().unwrap();
    let b = |s: &str| -> Vec<Card> { s.split_whitespace().map(|c| c.parse().unwrap()).collect() };
    let err = |board: &str, dead: &str| TextureJob::open(&r, &b(board), &b(dead)).unwrap_err();
    assert_eq!(err("Ah Kh", ""), TextureError::BoardSize(2));
    assert_eq!(err("Ah Kh 2c 3d 4s", ""), TextureError::BoardSize(5));
    assert_eq!(
        err("Ah Kh Ah", "").to_string(),
        format!("{} is in the board twice", b("Ah")[0])
    );
    assert!(matches!(
        err("2h 3h 4h", "2h"),
        TextureError::Overlap(_, "the board", "the dead cards")
    ));
    let e = TextureJob::open(&"AhAs".parse().unwrap(), &b("Ah 2c 3d"), &[]).unwrap_err();
    assert_eq!(e, TextureError::Empty { removed: 1 });
    assert_eq!(
        e.to_string(),
        "the range has no hand left: its only combo uses a board or dead card"
    );
    assert_eq!(
        TextureJob::open(&Range::new(), &b("Ah 2c 3d"), &[])
            .unwrap_err()
            .to_string(),
        "the range is empty"
    );
}
