"""allin: exact, fast poker odds, from the allin engine (Rust).

>>> import allin
>>> r = allin.equity(["AhKh", "QsQd"], board="2h7hTc")
>>> r.exact, r.players[0].wins, round(r.players[0].equity, 4)
(True, 539, 0.5444)

Every game of the catalogue (``allin.games()``): Hold'em (hands or ranges),
three-card poker, five-card showdowns, Omaha 4/5/6 (high or Hi-Lo) and
Short Deck. Counts are Python ints; fractions are floats. Bad input raises
:class:`InputError` with the engine's message and the argument's name.
Long calls release the GIL, so threads can run several at once.
"""

from __future__ import annotations

import random as _random
from array import array as _array
from typing import Any, Iterable, List, Optional, Sequence, Union

from . import _allin
from . import three_card
from ._errors import InputError
from ._types import (
    Deal,
    DealtHand,
    Ehs,
    Equity,
    Evaluation,
    Game,
    Player,
    PotOdds,
    Range,
    Split,
)

__all__ = [
    "InputError", "equity", "ehs", "pot_odds", "evaluate", "rank", "rank_many", "card_ids",
    "deal", "games", "parse_range", "three_card", "Equity", "Player", "Split", "Ehs", "PotOdds",
    "Evaluation", "Deal", "DealtHand", "Game", "Range", "DEFAULT_TRIALS", "DEFAULT_SEED",
]

#: Monte Carlo trials of a job that samples with neither ``trials`` nor
#: ``time_budget`` (the engine's run policy, as the CLI and the JS API).
DEFAULT_TRIALS: int = _allin.DEFAULT_TRIALS
#: The Monte Carlo seed when none is given (as the CLI's).
DEFAULT_SEED: int = _allin.DEFAULT_SEED

Cards = Union[str, Sequence[str]]


def _text(value: Optional[Cards], field: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    raise InputError(field, f"{field}: expected card text like '2h7hTc' or a list of cards, "
                     f"got {type(value).__name__}")


def _whole(value: Optional[int], field: str, lo: int, hi: int) -> Optional[int]:
    if value is None:
        return None
    return _count(value, field, lo, hi)


def _count(value: int, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(field, f"{field} must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _target(value: Optional[float]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError("target_error", "target_error must be a number of percentage points "
                         f"(0.1 for ±0.1), got {type(value).__name__}")
    return float(value)


def _budget(value: Optional[float]) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
        raise InputError("time_budget", f"time_budget must be a number of seconds above 0, got {value!r}")
    return float(value)


def equity(
    players: Sequence[str],
    board: Optional[Cards] = None,
    dead: Optional[Cards] = None,
    *,
    game: str = "holdem",
    rules: Optional[str] = None,
    deck: Optional[str] = None,
    method: str = "auto",
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    time_budget: Optional[float] = None,
    target_error: Optional[float] = None,
) -> Equity:
    """Win, tie and equity of each player.

    ``players``: one text per player: Hold'em hole cards (``"AhKh"``) or a
    range (``"QQ+, AKs"``, ``"10%"``, ``"random"``); three-card hands
    (``"2h2d3s"``, ``"random"``, ``"30%"``), five-card known cards (0 to 5),
    Omaha/Short Deck hole cards. ``board``/``dead``: card text.
    ``game``: a name from :func:`games` (default ``"holdem"``); ``rules``:
    three-card rules (``"zha-jin-hua"``…) or Short Deck's
    (``"trips-beat-straight"``); ``deck``: three-card ``"full"`` (default)
    or ``"short"`` (24 cards, 9 to A).

    ``method``: ``"auto"`` (exact when the engine can afford it, else Monte
    Carlo), ``"exact"`` (exact up to a far higher cost; beyond, sampled and
    ``why`` says so) or ``"monte-carlo"``. ``trials``: Monte Carlo trials
    when the job samples (default :data:`DEFAULT_TRIALS`, or as many as
    the budget allows). ``seed``: 0 to 2**64-1 (default :data:`DEFAULT_SEED`);
    the same seed and trials give the CLI's counts.

    ``time_budget`` (seconds): stop by then. An exact Hold'em job cut short
    is an estimate from a random sample of its chunks (``method ==
    "partial"``); when too few chunks would fit, Monte Carlo from the start.
    Other games run exact only when the first unit shows all would fit.

    ``target_error`` (percentage points, 0.001 to 50): when the job samples,
    stop at the first chunk of 10,000 deals, in order, where the largest
    standard error of any player's equity is at most this (``trials`` is
    then the cap, default 25,000,000). The core's rule: the CLI's ``--error``
    and the JS API's ``targetError`` stop at the same deal with the same
    seed. The answer's ``target_error`` and ``error`` (the largest error
    reached) say so.
    """
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise InputError("players", "players: expected a list of hands or ranges, "
                         f"got {type(players).__name__}")
    for i, p in enumerate(players):
        if not isinstance(p, str):
            raise InputError(f"players[{i}]", f"player {i + 1}: expected text, got {type(p).__name__}")
    if rules is not None and not isinstance(rules, str):
        raise InputError("rules", f"rules: expected text, got {type(rules).__name__}")
    d = _allin.equity(
        list(players), _text(board, "board"), _text(dead, "dead"), str(game), rules, deck, str(method),
        _whole(trials, "trials", 1, 10**12), _whole(seed, "seed", 0, 2**64 - 1), _budget(time_budget),
        _target(target_error),
    )
    return Equity._from(d)


def ehs(
    hand: str,
    board: Cards,
    *,
    vs: str = "random",
    opponents: int = 1,
    dead: Optional[Cards] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    time_budget: Optional[float] = None,
) -> Ehs:
    """Hand strength and potential on a flop or turn (Billings and Papp).

    HS (ahead now, ties half), PPot, NPot and EHS = HS·(1−NPot) + (1−HS)·PPot
    against ``opponents`` (1 to 9) each holding any hand of ``vs``; exact
    when affordable, else sampled (``trials``, default 100,000, or the
    ``time_budget``), each value then with its standard error.
    """
    d = _allin.ehs(str(hand), _text(board, "board"), str(vs), _count(opponents, "opponents", 0, 10**6),
                   _text(dead, "dead"), _whole(trials, "trials", 1, 10**10),
                   _whole(seed, "seed", 0, 2**64 - 1), _budget(time_budget))
    return Ehs(**d)


def pot_odds(pot: float, call: float, equity: Optional[float] = None) -> PotOdds:
    """Pot odds: ``pot`` is everything in the pot (the bet you face
    included), ``call`` what calling costs. ``odds`` = pot/call, ``needed``
    = call/(pot+call); with ``equity``, the call's EV p·pot − (1−p)·call and
    the Kelly fraction (b·p − q)/b."""
    odds, needed, ev, kelly = _allin.pot_odds(float(pot), float(call), equity)
    return PotOdds(pot=float(pot), call=float(call), odds=odds, needed=needed, ev_call=ev, kelly=kelly)


def evaluate(cards: Cards, *, game: str = "holdem", rules: Optional[str] = None,
             board: Optional[Cards] = None) -> Evaluation:
    """Names and ranks one hand of a game that answers ``"eval"`` in
    :func:`games`: Hold'em 5 to 7 cards, three-card 3 (``rules`` as in :func:`equity`), Omaha the hole cards with
    ``board`` (3 to 5 cards; exactly two hole and three board cards; Hi-Lo
    adds ``low``), Short Deck 5 to 7 cards or 2 with ``board``.
    ``rank``: higher wins (within a game); ``ordinal``: 1 = the best hand
    (None for Short Deck)."""
    return Evaluation(**_allin.evaluate(_text(cards, "cards"), str(game), rules, _text(board, "board")))


def rank(cards: Cards) -> int:
    """The Hold'em rank of 5 to 7 cards (higher wins; ``rank >> 12`` is the
    category): :func:`evaluate`'s ``rank`` without the names."""
    return _allin.rank(_text(cards, "cards"))


def card_ids(cards: Iterable[str]) -> bytes:
    """Card texts as ids 0..51 (``rank * 4 + suit``, 2c = 0, As = 51), the
    input of :func:`rank_many`."""
    if isinstance(cards, str):
        cards = [cards]
    return bytes(_allin.card_ids(list(cards)))


def rank_many(cards: Any, size: Optional[int] = None, out: Any = None) -> Any:
    """Ranks many hands at once: ``cards`` is a buffer of card ids (uint8),
    a NumPy array of shape ``(n, 5..7)`` or flat with ``size`` (default 7),
    read in place. Returns ``out``: a writable uint16 buffer of n slots if
    given, else a new NumPy ``uint16`` array when NumPy is installed, else an
    ``array.array('H')``. The GIL is released while the evaluator runs."""
    try:
        if isinstance(cards, (list, tuple)):
            cards = bytes(cards)
        view = memoryview(cards)
    except (TypeError, ValueError) as e:
        raise InputError("cards", f"expected a buffer of uint8 card ids (0 to 51), got "
                         f"{type(cards).__name__}: {e}") from None
    if size is not None:
        _count(size, "size", 5, 7)
    else:
        size = view.shape[1] if view.ndim == 2 and view.shape else 7
    n = view.nbytes // size if size else 0
    if out is None:
        try:
            import numpy as np
        except ImportError:
            out = _array("H", bytes(2 * n))
        else:
            out = np.empty(n, dtype=np.uint16)
    _allin.rank_into(cards, int(size), out)
    return out


def deal(
    players: int,
    cards: int = 7,
    *,
    game: str = "holdem",
    rules: Optional[str] = None,
    seed: Optional[int] = None,
    dead: Optional[Cards] = None,
) -> Deal:
    """``players`` hands of ``cards`` cards (Hold'em 5 or 7, three-card 3)
    from a deck shuffled by ``seed`` (drawn at random when not given; the
    answer says which), each named and ranked, and the winners."""
    if seed is None:
        seed = _random.getrandbits(64)
    d = _allin.deal(_count(players, "players", 0, 10**6), _count(cards, "cards", 0, 10**6),
                    str(game), rules, _count(seed, "seed", 0, 2**64 - 1), _text(dead, "dead"))
    return Deal(game=d["game"], seed=d["seed"], winners=list(d["winners"]),
                hands=[DealtHand(cards=c, name=n, rank=r) for c, n, r in d["hands"]])


def games() -> List[Game]:
    """The game catalogue (the engine's one list): a :class:`Game` each."""
    return [Game(**g) for g in _allin.games()]


def parse_range(text: str) -> Range:
    """Reads range text (``"QQ+, AKs"``, ``"AK@50"``, ``"10%"``): canonical
    text, combos with weights, and how much of all 1,326 combos it holds."""
    if not isinstance(text, str):
        raise InputError("text", f"the range: expected text, got {type(text).__name__}")
    d = _allin.parse_range(text)
    return Range(text=d["text"], combos=list(d["combos"]), count=d["count"],
                 weighted=d["weighted"], percent=d["percent"])
