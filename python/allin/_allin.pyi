"""Stubs of the native module (Rust, PyO3). Use the package's functions
(`allin.equity`, …): they check types, fill defaults and return dataclasses."""

from typing import Any, Dict, List, Optional, Tuple

DEFAULT_TRIALS: int
DEFAULT_SEED: int
CHUNK_TRIALS: int
BUDGET_CHUNK_TRIALS: int
MIN_CHUNKS: int

def equity(
    players: List[str],
    board: str,
    dead: str,
    game: str,
    rules: Optional[str],
    deck: Optional[str],
    method: str,
    trials: Optional[int],
    seed: Optional[int],
    time_budget: Optional[float],
    target_error: Optional[float] = None,
) -> Dict[str, Any]: ...
def games() -> List[Dict[str, Any]]: ...
def parse_range(text: str) -> Dict[str, Any]: ...
def pot_odds(pot: float, call: float, equity: Optional[float]) -> Tuple[float, float, Optional[float], Optional[float]]: ...
def evaluate(cards: str, game: str, rules: Optional[str], board: str) -> Dict[str, Any]: ...
def rank(cards: str) -> int: ...
def rank_into(cards: Any, size: int, out: Any) -> int: ...
def card_ids(texts: List[str]) -> List[int]: ...
def ehs(
    hand: str,
    board: str,
    vs: str,
    opponents: int,
    dead: str,
    trials: Optional[int],
    seed: Optional[int],
    time_budget: Optional[float],
) -> Dict[str, Any]: ...
def deal(players: int, cards: int, game: str, rules: Optional[str], seed: int, dead: str) -> Dict[str, Any]: ...
def three_card_table(
    hero: str, opponent: str, rules: Optional[str], removal: bool, opponents: int, deck: Optional[str], dead: str
) -> List[Dict[str, Any]]: ...
def three_card_strength(index: int, actions: List[str], delta: int, rules: Optional[str]) -> Tuple[int, float, int]: ...
