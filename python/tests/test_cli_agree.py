"""The same scenario, the same exact counts: Python and the `allin` CLI.

Each line of `tests/data/smoke.txt` (one scenario per game of the
catalogue, the browser smoke's) runs as `allin equity … --json` and as
`allin.equity(…)`; wins, ties, losses, showdowns and splits must be equal.
Skipped without a CLI (`ALLIN_CLI`, or `allin` on the PATH).
"""

import json
import subprocess
from urllib.parse import parse_qsl

import pytest

import allin
from conftest import cli_path, data_lines

GAMES = {g.name for g in allin.games()}


def scenario(line):
    fields = parse_qsl(line, keep_blank_values=True)
    hands = [v for k, v in fields if k.startswith("p")]
    opts = {k: v for k, v in fields if not k.startswith("p")}
    return hands, opts


def test_smoke_covers_every_game():
    seen = {scenario(p.values[0])[1].get("game", "holdem") for p in data_lines("smoke.txt")}
    assert GAMES <= seen


@pytest.mark.parametrize("line", data_lines("smoke.txt"))
def test_same_counts_as_the_cli(line):
    cli = cli_path()
    if cli is None:
        pytest.skip("no allin CLI (set ALLIN_CLI)")
    hands, opts = scenario(line)
    args = [cli, "equity", *hands, "--json"]
    for key in ("board", "dead", "game", "rules", "deck"):
        if opts.get(key):
            args += [f"--{key}", opts[key]]
    doc = json.loads(subprocess.run(args, capture_output=True, text=True, check=True, timeout=120).stdout)
    r = allin.equity(hands, board=opts.get("board"), dead=opts.get("dead"), game=opts.get("game", "holdem"),
                     rules=opts.get("rules"), deck=opts.get("deck"))
    assert r.exact == doc["exact"]
    assert r.showdowns == doc["showdowns"]
    assert [(p.wins, p.ties, p.losses) for p in r.players] == [
        (p["win"], p["tie"], p["lose"]) for p in doc["players"]]
    assert [p.hand for p in r.players] == [p["hand"] for p in doc["players"]]
    assert {s.players: s.count for s in r.splits} == {
        tuple(s["players"]): s["count"] for s in doc["splits"]}


EVALS = [
    ("holdem", "AsKsQsJsTs2c", None, None),
    ("holdem", "7h7d7c2s2h", None, None),
    ("three-card", "2h3h5d", None, "zha-jin-hua"),
    ("three-card", "AsKsQs", None, "teen-patti"),
    ("omaha", "AsAhKsKh", "2c3h4s5dKd", None),
    ("omaha-hilo", "As2hKsKh", "3c4h8s9dKd", None),
    ("omaha5-hilo", "As2hKsKhQd", "3c4h8s9dKd", None),
    ("shortdeck", "AsKsQsJs9s", None, "trips-beat-straight"),
    ("shortdeck", "AsKs", "6c7d8h9s", None),
    ("2-7-draw", "8d7h4c3s2h", None, None),
    ("a-5-draw", "5h4c3d2sAh", None, None),
    ("badugi", "7h3s2cAs", None, None),
    ("stud", "AsAhAdKcKd2c3h", None, None),
    ("stud8", "Ah2h3h4h5hKsKd", None, None),
    ("razz", "Ah2c8d7s4h3cKd", None, None),
]


@pytest.mark.parametrize("game,cards,board,rules", EVALS)
def test_same_evaluation_as_the_cli(game, cards, board, rules):
    cli = cli_path()
    if cli is None:
        pytest.skip("no allin CLI (set ALLIN_CLI)")
    args = [cli, "eval", cards, "--game", game, "--json"]
    if board:
        args += ["--board", board]
    if rules:
        args += ["--rules", rules]
    doc = json.loads(subprocess.run(args, capture_output=True, text=True, check=True, timeout=60).stdout)
    e = allin.evaluate(cards, game=game, board=board, rules=rules)
    assert (e.rank, e.name, e.category) == (doc.get("rank"), doc["name"], doc.get("category"))
    if "low_rank" in doc:  # Razz: the hand is its low
        assert e.low_rank == doc["low_rank"]
    else:
        assert e.low == (doc.get("low") or {}).get("name")


def test_evaluate_covers_every_game():
    evaluated = {g.name for g in allin.games() if "eval" in g.questions}
    assert {g for g, *_ in EVALS} >= evaluated - {"omaha5", "omaha6"}
