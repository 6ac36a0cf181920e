"""The bad-input table (`tests/data/bad_inputs.txt`) through Python.

Every scenario line of surfaces `all`, or of a list naming `js`, runs here
as `allin.equity(players, board, dead, method)`: the answer is `ok`, or the
`InputError`'s message, the engine's own, exactly (a MESSAGE ending in
` …` is a prefix). Lines of exactly `cli` (argument lists), `js` (binding
calls) or `page` (the link's own rules) belong to those surfaces.
"""

import re
import time
from urllib.parse import parse_qsl

import pytest

import allin
from conftest import data_lines


def expand(text):
    return re.sub(r"\{(.*?)\*(\d+)\}", lambda m: m.group(1) * int(m.group(2)), text)


def scenario_lines():
    out = []
    for param in data_lines("bad_inputs.txt"):
        surfaces, rest = param.values[0].split(" | ", 1)
        if surfaces.strip() in ("cli", "js", "page"):
            continue
        out.append(pytest.param(surfaces.strip(), rest, id=param.id))
    return out


METHODS = {"mc": "monte-carlo", "exact": "exact", "auto": "auto"}


@pytest.mark.parametrize("surfaces,rest", scenario_lines())
def test_bad_input(surfaces, rest):
    scenario, message = rest.rsplit(" => ", 1)
    fields = dict(parse_qsl(expand(scenario), keep_blank_values=True))
    players = []
    for i in range(1, 13):
        if f"p{i}" in fields:
            players.append(fields[f"p{i}"])
    method = fields.get("method", "auto")
    kwargs = {}
    if method in METHODS:
        method = METHODS[method]
    if method == "monte-carlo":
        kwargs = {"trials": 2000, "seed": 1}
    elif method in ("auto", "exact"):
        # A job that would enumerate for long is bounded (the page and the
        # JS API answer it within their budgets too); the answer is still `ok`.
        kwargs = {"time_budget": 0.5}
    started = time.perf_counter()
    try:
        r = allin.equity(players, board=fields.get("board", ""), dead=fields.get("dead", ""),
                         method=method, **kwargs)
    except allin.InputError as e:
        got = e.message
        assert e.field
    else:
        got = "ok"
        assert r.players
    assert time.perf_counter() - started < 20
    if message.endswith(" …"):
        assert got.startswith(message[:-2]), got
    else:
        assert got == message
