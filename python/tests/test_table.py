"""`examples/table.py` once (the whole suite only: `cargo xtask test --full`)."""

import subprocess
import sys

import pytest

from conftest import ROOT


def run(*args):
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "table.py"), *args],
                         capture_output=True, text=True, check=True, timeout=300)
    return out.stdout


def steady(text):
    """The output less the lines that time things."""
    return [line for line in text.splitlines() if "decisions/s" not in line and "slowest" not in line]


@pytest.mark.slow
def test_the_bot_table_plays_and_replays():
    first = run("--hands", "20", "--seed", "1")
    assert "20 hands of no-limit Hold'em" in first and "seed 1" in first
    for bot in ("always-bet", "card-score", "ehs-kelly", "bot.mjs"):
        assert bot in first
    assert "slowest decision" in first and "limit 1 s each" in first
    assert steady(run("--hands", "20", "--seed", "1")) == steady(first)


@pytest.mark.slow
def test_the_three_card_variant_plays_and_replays():
    first = run("--hands", "20", "--seed", "1", "--game", "three-card")
    assert "20 hands of three-card poker (zha-jin-hua)" in first and "004#3" in first
    assert steady(run("--hands", "20", "--seed", "1", "--game", "three-card")) == steady(first)
