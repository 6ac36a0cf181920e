"""The Python API: types, errors, time budgets, buffers, the GIL."""

import array
import threading
import time

import pytest

import allin


def test_counts_are_ints_and_fractions_floats():
    r = allin.equity(["AhKh", "QsQd"])
    p = r.players[0]
    assert type(p.wins) is int and type(p.ties) is int and type(p.losses) is int
    assert type(r.showdowns) is int
    assert isinstance(p.equity, float) and isinstance(p.std_error, float)
    assert r.players[0].equity + r.players[1].equity == pytest.approx(1.0)
    assert r.seed == allin.DEFAULT_SEED


def test_monte_carlo_is_seeded():
    a = allin.equity(["AhKh", "random", "random"], method="monte-carlo", trials=20_000, seed=7)
    b = allin.equity(["AhKh", "random", "random"], method="monte-carlo", trials=20_000, seed=7)
    c = allin.equity(["AhKh", "random", "random"], method="monte-carlo", trials=20_000, seed=8)
    assert a.players == b.players and a.players != c.players
    assert a.trials == a.showdowns == 20_000 and not a.exact and a.method == "monte-carlo"
    assert 0 < a.players[0].std_error < 0.01


@pytest.mark.parametrize("players,board", [
    (["random"] * 4, ""),                # sampled from the start
    (["QQ+", "TT+", "99+"], ""),         # exact too slow for the budget: Monte Carlo, saying why
    (["AhKh", "random", "random"], "Qd9h4d"),  # exact chunks, maybe cut short
])
def test_time_budget(players, board):
    started = time.perf_counter()
    r = allin.equity(players, board=board, time_budget=0.05)
    took = time.perf_counter() - started
    # The budget, and past it at most one chunk (the first is always run and
    # timed, as the JS API's; QQ+ v TT+ v 99+'s is 1/1024 of a 40 s job, more
    # on a busy machine) and the call's own overhead.
    assert took < 0.05 + 0.3, took
    assert r.elapsed <= took
    assert r.method in ("exact", "partial", "monte-carlo")
    if r.method != "exact":
        assert r.why
        assert r.players[0].std_error > 0
    assert 0 < r.players[0].equity < 1


def test_partial_is_an_estimate_of_the_exact_answer():
    exact = allin.equity(["AhKh", "random", "random"], board="Qd9h4d")
    r = allin.equity(["AhKh", "random", "random"], board="Qd9h4d", time_budget=0.002)
    assert r.method in ("partial", "monte-carlo", "exact")
    if r.method == "partial":
        assert "chunks" in r.why
    assert abs(r.players[0].equity - exact.players[0].equity) < 6 * r.players[0].std_error + 1e-9


def test_time_budget_of_other_games():
    r = allin.equity(["random"] * 3, game="omaha", board="2c3h4s", time_budget=0.05)
    assert r.method == "monte-carlo" and r.trials >= allin._allin.BUDGET_CHUNK_TRIALS
    r = allin.equity(["2h2d3s", "random"], game="three-card", time_budget=0.5)
    assert r.exact


@pytest.mark.parametrize("call,field,message", [
    (lambda: allin.equity(["AhKh"]), "players", "need at least 2 players, got 1"),
    (lambda: allin.equity(["AhKh", "AhQd"]), "players[1]", "duplicate card Ah: in player 1 and in player 2"),
    (lambda: allin.equity(["AhKh", "QsQd"], board="2h7h"), "board", None),
    (lambda: allin.equity(["AhKh", "QsQd"], game="chess"), "game", None),
    (lambda: allin.equity(["AhKh", "QsQd"], method="fast"), "method",
     'unknown method "fast" (methods are auto, exact, monte-carlo)'),
    (lambda: allin.equity(["AhKh", "QsQd"], trials=0), "trials", None),
    (lambda: allin.equity(["AhKh", "QsQd"], time_budget=0), "time_budget", None),
    (lambda: allin.equity("AhKh QsQd"), "players", None),
    (lambda: allin.equity(["2h2d3s", "random"], game="three-card", rules="poker"), "rules", None),
    (lambda: allin.evaluate("AhKh"), "cards", None),
    (lambda: allin.parse_range("AKx"), "text", None),
    (lambda: allin.pot_odds(-1, 5), "pot", None),
    (lambda: allin.deal(30, 7, seed=1), "players", None),
    (lambda: allin.three_card.strength(0, ["fold"], delta=1), "actions[0]", None),
])
def test_input_errors(call, field, message):
    with pytest.raises(allin.InputError) as info:
        call()
    assert info.value.field == field
    assert str(info.value) == info.value.message and info.value.message
    assert isinstance(info.value, ValueError)
    if message is not None:
        assert info.value.message == message


def test_games_are_the_catalogue():
    names = [g.name for g in allin.games()]
    assert names[0] == "holdem" and "three-card" in names and "omaha5-hilo" in names
    for g in allin.games():
        if "equity" in g.questions:
            r = allin.equity(g.example, game=g.name, method="monte-carlo", trials=1000)
            assert r.game == g.name and r.showdowns == 1000


def test_evaluate_and_rank():
    e = allin.evaluate("AsKsQsJsTs")
    assert (e.name, e.ordinal, e.category) == ("Royal flush", 1, "StraightFlush")
    assert allin.rank("As Ks Qs Js Ts 2c 3d") == e.rank
    assert allin.evaluate(["Ah", "Ad", "Ac"], game="three-card").category == "Trips"


def test_rank_many_without_numpy():
    ids = allin.card_ids(["AsKsQsJsTs2c3d", "2c3d4h5s7c8d9h"])
    out = allin.rank_many(array.array("B", ids))
    assert list(out) == [allin.rank("AsKsQsJsTs2c3d"), allin.rank("2c3d4h5s7c8d9h")]
    out5 = allin.rank_many(allin.card_ids(["AsKsQsJsTs"]), size=5)
    assert list(out5) == [allin.rank("AsKsQsJsTs")]
    with pytest.raises(allin.InputError, match="used twice"):
        allin.rank_many(bytes([1, 1, 2, 3, 4, 5, 6]))
    with pytest.raises(allin.InputError, match="not a card id"):
        allin.rank_many(bytes([60, 1, 2, 3, 4, 5, 6]))
    for bad, field in (("AhKh", "cards"), ([300] * 7, "cards"), (3.5, "cards")):
        with pytest.raises(allin.InputError) as info:
            allin.rank_many(bad)
        assert info.value.field == field
    with pytest.raises(allin.InputError) as info:
        allin.rank_many(bytes(7), size=8)
    assert info.value.field == "size"


def test_rank_many_numpy_in_place():
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((1000, 52)), axis=1)[:, :7].astype(np.uint8)
    out = np.zeros(1000, dtype=np.uint16)
    assert allin.rank_many(hands, out=out) is out
    assert [int(x) for x in out[:20]] == [allin.rank(" ".join(_name(c) for c in h)) for h in hands[:20]]
    assert allin.rank_many(hands).dtype == np.uint16


def _name(card_id):
    return "23456789TJQKA"[card_id // 4] + "cdhs"[card_id % 4]


def test_card_ids_order():
    assert allin.card_ids(["2c", "As"]) == bytes([0, 51])


def test_long_calls_release_the_gil():
    # Two threads each running a ~0.3 s job finish in well under twice that
    # on two cores only if the GIL is released; on one core, at least the
    # main thread keeps running Python meanwhile.
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.005)

    t = threading.Thread(target=ticker)
    t.start()
    allin.equity(["random"] * 3, method="monte-carlo", time_budget=0.3)
    stop.set()
    t.join()
    assert len(ticks) > 10


def test_ehs_pot_odds_deal_range_three_card():
    e = allin.ehs("AdQc", "3h4cJh")
    assert e.exact and 0 < e.ehs < 1 and e.ehs == pytest.approx(e.hs * (1 - e.npot) + (1 - e.hs) * e.ppot)
    s = allin.ehs("AdQc", "3h4cJh", opponents=3, time_budget=0.05)
    assert 0 < s.ehs < 1
    p = allin.pot_odds(100, 50, 0.4)
    assert (p.odds, p.ev_call) == (2.0, pytest.approx(10.0))
    d1, d2 = allin.deal(4, seed=42), allin.deal(4, seed=42)
    assert d1 == d2 and len(d1.hands) == 4 and d1.winners
    assert allin.deal(3, 3, game="three-card", rules="zha-jin-hua", seed=5).hands[0].name
    r = allin.parse_range("QQ+, AK@50")
    assert r.count == 34 and r.weighted == pytest.approx(26.0)
    st = allin.three_card.strength(0, ["check", "raise"], delta=10)
    assert st.index == 30 and 0 < st.percent < 100
    rows = allin.three_card.table("2h2d3s", "random", rules="zha-jin-hua", opponents=2)
    assert [r.opponents for r in rows] == [1, 2] and all(type(r.deals) is int for r in rows)


def test_sampling_for_hours_is_refused_with_its_estimate():
    with pytest.raises(allin.InputError) as info:
        allin.equity(["random"] * 3, method="monte-carlo", trials=10**12)
    assert info.value.field == "trials"
    assert info.value.message.startswith("trials: 1000000000000 would take about ")
    assert info.value.message.endswith("use fewer trials, or time_budget for a time budget")
