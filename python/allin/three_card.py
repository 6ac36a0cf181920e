"""Three-card poker (casino, Teen Patti, Zha Jin Hua): write-up 004's
win-rate table and opponent-strength model."""

from __future__ import annotations

from typing import List, Optional, Sequence

from . import _allin
from ._types import Strength, TableRow

__all__ = ["table", "strength", "TableRow", "Strength"]


def table(hero: str, opponent: str, *, rules: Optional[str] = None, removal: bool = True,
          opponents: int = 5, deck: Optional[str] = None, dead: str = "") -> List[TableRow]:
    """The hero's win, tie and equity against 1 to ``opponents`` (≤ 5)
    opponents, each holding ``opponent`` (``"random"``, ``"30%"``, three
    cards), every deal counted; a row that would take too long is sampled
    and ``why`` says so. ``removal=False`` deals each opponent from the
    whole deck (the write-up's approximation); ``deck="short"`` plays the
    24 cards from 9 to A; ``dead``: cards out of play."""
    rows = _allin.three_card_table(str(hero), str(opponent), rules, bool(removal), int(opponents), deck, str(dead))
    return [TableRow(**r) for r in rows]


def strength(index: int, actions: Sequence[str], *, delta: int, rules: Optional[str] = None) -> Strength:
    """004's opponent model: from ladder position ``index`` (0: any hand),
    each ``"check"`` or ``"won-started"`` moves up ``delta`` positions,
    each ``"raise"`` or ``"won-called"`` 2·delta (never past the last hand)."""
    i, pct, hands = _allin.three_card_strength(int(index), [str(a) for a in actions], int(delta), rules)
    return Strength(index=i, percent=pct, hands=hands)
