"""Published and reference counts, from the data files the Rust tests check.

Every count must be identical (Python ints), in every game family.
"""

import re

import pytest

import allin
from conftest import data_lines


def split_cards(text):
    return " ".join(text.split())


def parse_exact(line):
    left, right = line.split("=>")
    parts = [p.strip() for p in left.split("|")]
    hands = parts[0].split()
    board = parts[1] if len(parts) > 1 else ""
    dead = parts[2] if len(parts) > 2 else ""
    fields = [f.strip() for f in right.split("|")]
    showdowns = int(fields[0])
    wins = [int(x) for x in fields[1].split()]
    ties = [int(x) for x in fields[2].split()]
    splits = {}
    if len(fields) > 3 and fields[3]:
        for item in fields[3].split():
            who, n = item.split(":")
            splits[tuple(int(p) - 1 for p in who.split("+"))] = int(n)
    return hands, board, dead, showdowns, wins, ties, splits


@pytest.mark.parametrize("line", data_lines("equity_exact.txt"))
def test_holdem_exact_counts(line):
    hands, board, dead, showdowns, wins, ties, splits = parse_exact(line)
    r = allin.equity(hands, board=board, dead=dead)
    assert r.exact and r.method == "exact"
    assert r.showdowns == showdowns
    assert [p.wins for p in r.players] == wins
    assert [p.ties for p in r.players] == ties
    assert all(type(p.wins) is int and type(p.ties) is int for p in r.players)
    for p in r.players:
        assert p.wins + p.ties + p.losses == showdowns
        assert p.std_error == 0
    if splits:
        assert {s.players: s.count for s in r.splits} == splits


def range_cases(slow):
    out = []
    for param in data_lines("equity_ranges.txt"):
        total = int(param.values[0].split("=>")[1].split("|")[0])
        # The costliest enumerations (billions of weighted showdowns over
        # many boards) only in the whole suite.
        heavy = total > 1_000_000_000
        if heavy == slow:
            out.append(param)
    return out


def check_ranges(line):
    left, right = line.split("=>")
    parts = [p.strip() for p in left.split("|")]
    players = [p.strip() for p in parts[0].split(" vs ")]
    fields = [f.strip() for f in right.split("|")]
    r = allin.equity(players, board=parts[1], dead=parts[2] if len(parts) > 2 else "", method="exact")
    assert r.exact
    assert r.showdowns == int(fields[0])
    assert [p.wins for p in r.players] == [int(x) for x in fields[1].split()]
    assert [p.ties for p in r.players] == [int(x) for x in fields[2].split()]


@pytest.mark.parametrize("line", range_cases(slow=False))
def test_holdem_range_counts(line):
    check_ranges(line)


@pytest.mark.slow
@pytest.mark.parametrize("line", range_cases(slow=True))
def test_holdem_range_counts_heavy(line):
    check_ranges(line)


def board_game_case(words):
    """`HAND… [board CARDS…] [dead CARDS…]` → hands, board, dead."""
    parts = {"hands": [], "board": [], "dead": []}
    key = "hands"
    for w in words:
        if w in ("board", "dead"):
            key = w
        else:
            parts[key].append(w)
    return parts["hands"], " ".join(parts["board"]), " ".join(parts["dead"])


@pytest.mark.parametrize("line", data_lines("omaha_cases.txt"))
def test_omaha_counts(line):
    left, right = line.split("=>")
    words = left.split()
    game = words[0]
    hands, board, dead = board_game_case(words[1:])
    r = allin.equity(hands, board=board, dead=dead, game=game)
    assert r.exact
    head, *players = [s.strip() for s in right.split(";")]
    assert r.showdowns == int(head.split(",")[0].split()[1])
    if "no low" in head:
        assert r.no_low == int(head.split("no low")[1])
    for p, text in zip(r.players, players):
        m = re.search(r"scoop (\d+) share (\d+) lose (\d+)", text)
        assert (p.wins, p.ties, p.losses) == tuple(int(x) for x in m.groups()), text
        assert abs(p.equity - float(re.search(r"equity ([\d.]+)", text).group(1))) < 5e-7, text
        hl = re.search(r"high (\d+)/(\d+) low (\d+)/(\d+) quartered (\d+)", text)
        if hl:
            assert p.hilo == (p.wins, *(int(x) for x in hl.groups())), text


@pytest.mark.parametrize("line", data_lines("short_deck_cases.txt"))
def test_short_deck_counts(line):
    left, right = line.split("=>")
    words = left.split()
    rules = {"standard": "standard", "trips": "trips-beat-straight"}[words[0]]
    hands, board, dead = board_game_case(words[1:])
    r = allin.equity(hands, board=board, dead=dead, game="shortdeck", rules=rules)
    assert r.exact
    head, *players = [s.strip() for s in right.split(";")]
    assert r.showdowns == int(head.split()[1])
    for p, text in zip(r.players, players):
        w = text.split(":", 1)[1].split()
        values = dict(zip(w[0::2], w[1::2]))
        assert (p.wins, p.ties, p.losses) == (int(values["win"]), int(values["tie"]), int(values["lose"]))


@pytest.mark.parametrize("line", data_lines("three_card_rates.txt"))
def test_three_card_table_counts(line):
    left, right = line.split("->")
    head, case = left.split(":", 1)
    rules, deck, deals = head.split()
    words = case.split()
    hero, k, opponent = words[0], int(words[2]), words[4]
    dead = " ".join(words[words.index("dead") + 1:]) if "dead" in words else ""
    rows = allin.three_card.table(hero, opponent, rules=rules, removal=deals == "removal", opponents=k,
                                  deck=deck, dead=dead)
    row = rows[k - 1]
    want = dict(kv.split("=") for kv in right.split())
    assert row.exact
    assert (row.deals, row.wins, row.ties) == (int(want["deals"]), int(want["wins"]), int(want["ties"]))
