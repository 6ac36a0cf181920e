#!/usr/bin/env python3
"""The write-ups' bot table: five bots play no-limit Hold'em through allin.

    pip install ./python
    python examples/table.py --hands 100 --seed 1

The game, stated (write-up 001's `bet(...)` contract, simplified):
- 5 seats, 1,000 chips each, blinds 5/10; the button moves one seat a hand;
  a seat that has lost every chip buys in again (1,000) before the next
  hand, so all five play every one of the --hands hands; each bot's result
  is its chips less its buy-ins.
- One betting round per street (preflop, flop, turn, river): each player in
  the hand acts once, in turn from the left of the big blind (preflop) or
  of the button; then each player facing a raise made after it acted is
  asked again, and may only call it or fold (no re-raise).
- A bot answers `bet(state) -> chips` as 001's do: `state.min_bet` is what
  calling costs (0: nothing to call), `state.max_bet` its chips (no limit).
  0 folds (checks when nothing is to call); any answer from 1 to a call
  calls (001's bots answer `min(min_bet, 1)` to stay in cheaply); at least
  a call plus the big blind raises to it; a bot short of a call is all in.
- The showdown ranks each hand with `allin.rank` (best five of seven), the
  pot split into side pots by what each put in; odd chips to the first
  winner left of the button.

The bots: 001's always-bet, card-score (its `card_score` idea on allin's
ranks), EHS + Kelly (α = 0.2, the per-phase weights, Kelly's bet within
min/max; HS, PPot, NPot from `allin.ehs` on the flop and turn, the all-in
equity preflop and on the river) and `examples/bot.mjs`'s logic (strength
less two standard errors, pot odds and Kelly, raise line 0.7); the fifth
seat is a second always-bet. Each
decision is timed and asserted under 1 s; the engine's calls are seeded
(and sized by trials, not by time), so a seed replays the same game.

`--game three-card` plays write-up 004's game instead (Zha Jin Hua rules):
three cards each, an ante of 5, one betting round from the left of the
button under the same answer rules, and a showdown. The seats: always-bet,
card-score, 004, bot.mjs and EHS + Kelly. The 004 bot deals each opponent
from 004's strength index, raised δ by a check or call and 2δ by a raise
(`allin.three_card.strength`), and samples its win rate against those
holdings (`@N`); the others use the all-in equity against random hands.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

import allin

STACK, SMALL, BIG = 1000, 5, 10
DECISION_LIMIT = 1.0  # seconds: write-up 001's rule
RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


@dataclass
class State:
    """What a bot sees (001's arguments)."""

    chips: int
    cards: list
    board: list
    min_bet: int  # what calling costs; 0: nothing to call
    max_bet: int  # its chips (no limit)
    pot: int  # everything in the pot (001's total_bet_amt)
    bets: list  # what each other player in the hand has put in this hand
    opponents: int  # players in the hand besides this one
    seed: int  # for the engine's sampling: a replay asks the same questions
    game: str = "holdem"  # or "three-card" (--game three-card)
    actions: list = field(default_factory=list)  # each opponent's actions this hand (004's model)


def phase(board):
    """001's phase: 2 preflop (and three-card's one round), 3 flop, 4 turn, 5 river."""
    return {0: 2, 3: 3, 4: 4, 5: 5}[len(board)]


# ---- 001: always bet ------------------------------------------------------

def always_bet(s: State) -> int:
    return min(s.max_bet, s.min_bet) if s.chips >= s.min_bet else 0


# ---- 001: card score ------------------------------------------------------

def card_score(cards) -> int:
    """001's `card_comb * 100 + card_rank` on allin's evaluation: the
    category (0 high card … 8 straight flush) and the best five's top card."""
    three = len(cards) == 3
    e = allin.evaluate(cards, game="three-card" if three else "holdem", rules=RULES if three else None)
    return (e.rank >> 12) * 100 + RANKS.index(e.best[0]) + 2


def card_score_bot(s: State) -> int:
    weight = {3: 0.02, 4: 0.02, 5: 0.03}
    if s.game == "three-card":  # the score of the three cards, as on a river
        strength = card_score(s.cards)
        return int(max(s.min_bet * 3, 0.03 * strength / 10)) if strength >= 100 else min(s.min_bet, 1)
    p = phase(s.board)
    if p > 2:
        mine = card_score(s.cards + s.board)
        # allin ranks 5 to 7 cards: the board alone counts on the river.
        board = card_score(s.board) if len(s.board) == 5 else 0
        strength = mine if mine > board else 0
        if strength > 10:
            return int(max(s.min_bet * weight[p] * 100, weight[p] * strength / 10))
        if strength < 20 and p > 3:
            return 0
    return min(s.min_bet, 1)


# ---- the engine's strength, shared by the last two bots --------------------

def strength(s: State):
    """(value, standard error): EHS on the flop and the turn (allin.ehs
    against the opponents, random hands), else the all-in equity."""
    budget = 0.9 * DECISION_LIMIT
    if s.game == "three-card":
        r = allin.equity(["".join(s.cards)] + ["random"] * s.opponents, game="three-card", rules=RULES,
                         method="auto" if s.opponents == 1 else "monte-carlo", trials=20_000,
                         seed=s.seed, time_budget=budget)
        return r.players[0].equity, r.players[0].std_error
    if len(s.board) in (3, 4):
        many = s.opponents > 1
        r = allin.ehs("".join(s.cards), "".join(s.board), opponents=min(s.opponents, 9),
                      trials=10_000 if many else None, seed=s.seed, time_budget=budget)
        return r.ehs, r.ehs_error
    # Heads-up: exact (the preflop table, or every river hand); multiway:
    # 20,000 seeded deals (exact multiway rivers take most of a second).
    method = "auto" if s.opponents == 1 else "monte-carlo"
    r = allin.equity(["".join(s.cards)] + ["random"] * s.opponents, board="".join(s.board),
                     method=method, trials=20_000, seed=s.seed, time_budget=budget)
    return r.players[0].equity, r.players[0].std_error


# ---- 001: EHS + Kelly -----------------------------------------------------

PHASE_WEIGHT = [0.01, 0.01, 0.03, 0.05, 0.05, 0.1]
ALPHA = 0.20  # risk tolerance for loss


def ehs_kelly(s: State) -> int:
    w = PHASE_WEIGHT[phase(s.board)]
    ehs, _ = strength(s)
    current = max(1, sum(s.bets))
    other_min = min(s.bets) if s.bets else 0
    dividend = max(s.pot, 1) / current
    win, lose = ehs, 1 - ehs
    kelly = (dividend * win - lose) / dividend
    if lose + ALPHA > win or kelly < 0:
        if s.pot < s.chips * w and lose > 0.4:
            return s.min_bet
        return 0
    bet = int((s.chips * win - other_min) * kelly * w)
    return min(max(bet, s.min_bet), s.max_bet)


# ---- examples/bot.mjs ------------------------------------------------------

CAUTION, RAISE_AT = 2, 0.7


def bot_mjs(s: State) -> int:
    value, error = strength(s)
    cautious = max(0.0, value - CAUTION * error)
    if s.min_bet == 0:
        bet = allin.pot_odds(max(s.pot, 1), max(s.pot, 1), cautious)
        return int(bet.kelly * s.chips) if cautious >= RAISE_AT and bet.kelly > 0 else 0
    odds = allin.pot_odds(s.pot, s.min_bet, cautious)
    if odds.kelly <= 0:
        return 0
    if cautious >= RAISE_AT:
        return int(s.min_bet + odds.kelly * s.chips)
    return s.min_bet


# ---- 004: three-card, opponents' strength from their actions ---------------

RULES = "zha-jin-hua"  # the three-card variant's rules (write-up 004's game)
DELTA = 1_000  # 004's δ, in ladder positions (of 22,100 hands)


def zjh_004(s: State) -> int:
    """Each opponent is dealt from ladder position `strength` up (004's
    model: a check or call raises it δ, a raise 2δ); the win rate against
    them by seeded sampling (`@N` holdings); 004's EV rule: play when
    p·pot > (1 − p)·call, raise when p > 0.8."""
    holdings = []
    for acts in s.actions:
        st = allin.three_card.strength(0, acts, delta=DELTA, rules=RULES)
        holdings.append(f"@{st.index}")
    r = allin.equity(["".join(s.cards)] + holdings, game="three-card", rules=RULES, method="monte-carlo",
                     trials=10_000, seed=s.seed, time_budget=0.9 * DECISION_LIMIT)
    p = r.players[0].win + r.players[0].tie / 2
    if p * s.pot <= (1 - p) * s.min_bet:
        return 0
    return s.min_bet + s.pot // 2 if p > 0.8 else max(s.min_bet, 1)


BOTS = {
    "always-bet": always_bet,
    "card-score": card_score_bot,
    "ehs-kelly": ehs_kelly,
    "bot.mjs": bot_mjs,
    "004": zjh_004,
}
ROSTER = ["always-bet", "card-score", "ehs-kelly", "bot.mjs", "always-bet"]
ROSTER_THREE_CARD = ["always-bet", "card-score", "004", "bot.mjs", "ehs-kelly"]


@dataclass
class Seat:
    name: str
    chips: int = STACK
    buys: int = 1
    cards: list = field(default_factory=list)
    put: int = 0  # this hand
    street: int = 0  # this street
    folded: bool = False
    acts: list = field(default_factory=list)  # this hand: "check" (or a call), "raise"


@dataclass
class Stats:
    decisions: int = 0
    seconds: float = 0.0
    slowest: tuple = (0.0, "")


class Table:
    def __init__(self, seed: int, stats: Stats, game: str = "holdem"):
        self.rng = random.Random(seed)
        self.seed = seed
        self.game = game
        roster = ROSTER_THREE_CARD if game == "three-card" else ROSTER
        self.seats = [Seat(f"{n}#{i + 1}") for i, n in enumerate(roster)]
        self.stats = stats
        self.hand = 0

    def play_hand(self, button: int):
        self.hand += 1
        for s in self.seats:
            if s.chips == 0:
                s.chips, s.buys = STACK, s.buys + 1
        deck = DECK[:]
        self.rng.shuffle(deck)
        players = [s for s in self.seats if s.chips > 0]
        size = 3 if self.game == "three-card" else 2
        for s in players:
            s.cards, s.put, s.street, s.folded, s.acts = [deck.pop() for _ in range(size)], 0, 0, False, []
        order = players[button % len(players):] + players[:button % len(players)]
        board = []
        if self.game == "three-card":
            # An ante each, one betting round from the left of the button, a showdown.
            for s in order:
                self.post(s, SMALL)
            self.betting(order[1:] + order[:1], board, 0)
            self.showdown(order, board)
            return
        self.post(order[1 % len(order)], SMALL)
        self.post(order[2 % len(order)] if len(order) > 2 else order[0], BIG)
        first = 3 % len(order) if len(order) > 2 else 0
        for street, deal in enumerate([0, 3, 1, 1]):
            board += [deck.pop() for _ in range(deal)]
            if street:
                for s in order:
                    s.street = 0
                first = 1 % len(order)
            if sum(not s.folded for s in order) < 2:
                break
            self.betting(order[first:] + order[:first], board, street)
        self.showdown(order, board)

    def post(self, seat, amount):
        amount = min(amount, seat.chips)
        seat.chips -= amount
        seat.put += amount
        seat.street += amount

    def betting(self, order, board, street):
        # One round: each acts once; then those facing a later raise call or fold.
        for rematch in (False, True):
            for s in order:
                top = max(x.street for x in order)
                if s.folded or s.chips == 0 or (rematch and s.street >= top):
                    continue
                if sum(not x.folded for x in order) < 2:
                    return
                to_call = top - s.street
                answer = self.ask(s, order, board, min(to_call, s.chips), street)
                if rematch:
                    answer = min(answer, to_call)
                if answer <= 0 and to_call > 0:
                    s.folded = True
                elif answer >= to_call + BIG:
                    self.post(s, answer)
                    s.acts.append("raise")
                else:
                    self.post(s, to_call)
                    s.acts.append("check")

    def ask(self, s, order, board, to_call, street) -> int:
        others = [x for x in order if x is not s and not x.folded]
        state = State(chips=s.chips, cards=list(s.cards), board=list(board), min_bet=to_call,
                      max_bet=s.chips, pot=sum(x.put for x in self.seats), bets=[x.put for x in others],
                      opponents=len(others), seed=self.seed * 1_000_003 + self.hand * 101 + street,
                      game=self.game, actions=[list(x.acts) for x in others])
        bot = BOTS[s.name.split("#")[0]]
        started = time.perf_counter()
        answer = int(bot(state))
        took = time.perf_counter() - started
        st = self.stats
        st.decisions += 1
        st.seconds += took
        if took > st.slowest[0]:
            st.slowest = (took, f"{s.name}, hand {self.hand}, {self.street_name(street)}")
        assert took < DECISION_LIMIT, f"{s.name} took {took:.3f} s, over 001's 1 s"
        return max(0, min(answer, s.chips))

    def street_name(self, street) -> str:
        return "the round" if self.game == "three-card" else ["preflop", "flop", "turn", "river"][street]

    def rank(self, cards) -> int:
        if self.game == "three-card":
            return allin.evaluate(cards, game="three-card", rules=RULES).rank
        return allin.rank(cards)

    def showdown(self, order, board):
        contenders = [s for s in order if not s.folded]
        ranks = {id(s): self.rank(s.cards + board) if len(contenders) > 1 else 0 for s in contenders}
        levels = sorted({s.put for s in self.seats if s.put > 0})
        floor = 0
        for level in levels:
            pot = sum(min(s.put, level) - min(s.put, floor) for s in self.seats)
            eligible = [s for s in contenders if s.put >= level]
            if not eligible:  # the rest of a folded player's chips: to the contenders
                eligible = contenders
            best = max(ranks[id(s)] for s in eligible)
            winners = [s for s in order if s in eligible and ranks[id(s)] == best]
            for i, w in enumerate(winners):
                w.chips += pot // len(winners) + (1 if i < pot % len(winners) else 0)
            floor = level
        for s in self.seats:
            s.put = 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Five write-up bots play no-limit Hold'em through allin.")
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=["holdem", "three-card"], default="holdem")
    a = ap.parse_args(argv)
    stats = Stats()
    table = Table(a.seed, stats, a.game)
    started = time.perf_counter()
    button = 0
    while table.hand < a.hands:
        table.play_hand(button)
        button += 1
    wall = time.perf_counter() - started
    total = sum(s.chips for s in table.seats)
    assert total == STACK * sum(s.buys for s in table.seats), total
    what = (f"three-card poker ({RULES}), ante {SMALL}" if a.game == "three-card"
            else f"no-limit Hold'em, blinds {SMALL}/{BIG}")
    print(f"allin bot table: {table.hand} hands of {what}, seed {a.seed}")
    print(f"  {'bot':<14} {'chips':>6} {'buy-ins':>7} {'net':>7}")
    for s in sorted(table.seats, key=lambda s: -(s.chips - STACK * s.buys)):
        print(f"  {s.name:<14} {s.chips:>6} {s.buys:>7} {s.chips - STACK * s.buys:>+7d}")
    rate = stats.decisions / stats.seconds if stats.seconds else float("inf")
    print(f"{stats.decisions} decisions in {stats.seconds:.2f} s ({rate:,.0f} decisions/s; {wall:.2f} s in all)")
    print(f"slowest decision: {1e3 * stats.slowest[0]:.1f} ms ({stats.slowest[1]}); limit 1 s each")
    game = " --game three-card" if a.game == "three-card" else ""
    print(f"replay: python examples/table.py --hands {a.hands} --seed {a.seed}{game}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
