"""Sampling to a target error: the same deal, the same counts as the CLI and
the JS API (`tests/data/target_error.txt`, one seeded case a line)."""

import pytest

import allin
from conftest import data_lines


def case(line):
    given, expected = line.split(" => ")
    game, players, board, target, seed = [f.strip() for f in given.split("|")]
    trials, wtl = [f.strip() for f in expected.split("|")]
    return game, players.split(";"), board, float(target), int(seed), int(trials), wtl


@pytest.mark.parametrize("line", data_lines("target_error.txt"))
def test_target_error_stops_where_every_surface_does(line):
    game, players, board, target, seed, trials, wtl = case(line)
    r = allin.equity(players, board, game=game, method="monte-carlo", target_error=target, seed=seed)
    assert r.trials == trials
    assert " ".join(f"{p.wins}/{p.ties}/{p.losses}" for p in r.players) == wtl
    assert r.target_error == target
    assert 0 < r.error <= target


def test_target_error_bad_values_and_the_cap():
    for bad in (0, -1, 51, float("nan"), "0.1", True):
        with pytest.raises(allin.InputError) as e:
            allin.equity(["AhKh", "QsQd"], target_error=bad)
        assert e.value.field == "target_error"
    r = allin.equity(["AhKh", "QsQd"], method="monte-carlo", target_error=0.01, trials=20_000)
    assert r.trials == 20_000 and r.error > 0.01
    exact = allin.equity(["AhKh", "QsQd"], "2h7hTc", target_error=0.1)
    assert exact.method == "exact" and exact.target_error is None and exact.error is None
