"""The answers' types: frozen dataclasses (counts are ints, fractions floats)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Player:
    """One player's result. ``wins``/``ties``/``losses``: showdowns (or
    trials) won alone, shared, lost (ints); ``win``/``tie``/``equity``:
    fractions 0..1; ``std_error``: of ``equity`` (0 when exact). Hi-Lo
    games add ``hilo``: scoop, high win, high tie, low win, low tie,
    quartered counts."""

    hand: str
    wins: int
    ties: int
    losses: int
    win: float
    tie: float
    equity: float
    std_error: float
    hilo: Optional[Tuple[int, int, int, int, int, int]] = None


@dataclass(frozen=True)
class Split:
    """A split pot: the players (0-based) who shared it and how often."""

    players: Tuple[int, ...]
    count: int


@dataclass(frozen=True)
class Equity:
    """What :func:`allin.equity` answers. ``method``: ``"exact"``,
    ``"partial"`` (an exact job cut short by the time budget: an estimate
    from a random sample of its chunks) or ``"monte-carlo"``; ``why`` says
    why it is not exact. ``elapsed`` in seconds. ``target_error``: the
    target error it sampled to, and ``error`` the largest standard error of
    equity reached (percentage points; both ``None`` without a target)."""

    game: str
    exact: bool
    method: str
    why: Optional[str]
    seed: int
    trials: Optional[int]
    showdowns: int
    players: List[Player]
    splits: List[Split]
    elapsed: float
    no_low: Optional[int] = None
    target_error: Optional[float] = None
    error: Optional[float] = None

    @classmethod
    def _from(cls, d: Dict[str, Any]) -> "Equity":
        players = [Player(**{**p, "hilo": tuple(p["hilo"]) if p["hilo"] is not None else None})
                   for p in d["players"]]
        splits = [Split(players=tuple(w), count=n) for w, n in d["splits"]]
        return cls(game=d["game"], exact=d["exact"], method=d["method"], why=d["why"], seed=d["seed"],
                   trials=d["trials"], showdowns=d["showdowns"], players=players, splits=splits,
                   elapsed=d["elapsed"], no_low=d["no_low"], target_error=d.get("target_error"),
                   error=d.get("error"))


@dataclass(frozen=True)
class Ehs:
    """Hand strength and potential; ``*_error``: standard errors (0 when exact)."""

    hs: float
    ppot: float
    npot: float
    ehs: float
    ppot1: float
    npot1: float
    hs_error: float
    ppot_error: float
    npot_error: float
    ehs_error: float
    ppot1_error: float
    npot1_error: float
    exact: bool
    trials: Optional[int]
    seed: int
    opponents: int
    hs_n: float
    elapsed: float


@dataclass(frozen=True)
class PotOdds:
    pot: float
    call: float
    odds: float
    needed: float
    ev_call: Optional[float]
    kelly: Optional[float]


@dataclass(frozen=True)
class Evaluation:
    """One hand named and ranked; ``low``: a Hi-Lo hand's best
    eight-or-better low (Omaha, Stud Hi-Lo), None when it has none (or the
    game has no low). Razz names the A-5 low it makes: ``low`` and
    ``low_rank`` (lower wins), and no high ``category``, ``label`` or ``rank``."""

    cards: str
    best: str
    category: Optional[str]
    label: Optional[str]
    name: str
    rank: Optional[int]
    ordinal: Optional[int]
    low: Optional[str] = None
    low_rank: Optional[int] = None


@dataclass(frozen=True)
class DealtHand:
    cards: str
    name: str
    rank: int


@dataclass(frozen=True)
class Deal:
    game: str
    seed: int
    hands: List[DealtHand]
    winners: List[int]


@dataclass(frozen=True)
class Game:
    """A game of the catalogue (``src/game.rs``)."""

    name: str
    family: str
    label: str
    summary: str
    example: List[str]
    hand_cards: int
    board_sizes: List[int]
    deck_size: int
    max_players: int
    hilo: bool
    rules: Optional[List[str]]
    questions: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Range:
    text: str
    combos: List[Tuple[str, float]]
    count: int
    weighted: float
    percent: float


@dataclass(frozen=True)
class TableRow:
    """One row of :func:`allin.three_card.table`: the hero against
    ``opponents`` opponents; ``deals``/``wins``/``ties`` are ints (exact
    counts can pass 2**64)."""

    opponents: int
    exact: bool
    deals: int
    wins: int
    ties: int
    win: float
    tie: float
    equity: float
    std_error: float
    why: Optional[str]


@dataclass(frozen=True)
class Strength:
    """An opponent's strength (004): dealt from ladder position ``index`` up."""

    index: int
    percent: float
    hands: int
