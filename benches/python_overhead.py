#!/usr/bin/env python3
"""The Python binding's call overhead, beside the CLI and the JS API.

    pip install './python[numpy]'                 # the package (NumPy for rank_many's arrays)
    cargo build --release -p allin-cli           # the CLI (or ALLIN_CLI=path)
    cargo xtask build                            # www/pkg, for the JS API in Node
    python benches/python_overhead.py [--rounds 5]

Two jobs, each on the three surfaces, interleaved round by round (Python,
the CLI, the JS API, then again) so that a busy machine slows all three
alike; the table gives each one's median over the rounds:

- `equity` on a river, AhKh v QsQd on 2h7hTc9d3s (one showdown: nothing
  but the call itself): Python `allin.equity`, the JS API's
  `await allin.equity` (Node, one process, many calls), and the CLI as a
  process per call (`allin equity … --json`; start-up included, which is
  what a script calling the CLI pays).
- Ranking 1,000,000 seven-card hands (the same seeded hands everywhere):
  Python `allin.rank_many` on a NumPy `(n, 7)` uint8 array, the JS API's
  `rankHands` on a Uint8Array, and the CLI's `allin eval -` reading one
  hand a line from stdin (text in, text out: the CLI has no binary batch).

A table for people, not a timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import allin

ROOT = pathlib.Path(__file__).resolve().parents[1]
HANDS = ["AhKh", "QsQd"]
BOARD = "2h7hTc9d3s"
N_HANDS = 1_000_000

NODE_SCRIPT = r"""
import { readFileSync } from 'node:fs';
const allin = await import(process.argv[1]);
const [calls, idsPath] = [Number(process.argv[2]), process.argv[3]];
await allin.init();
const ids = new Uint8Array(readFileSync(idsPath));
const opts = { board: '%BOARD%', seed: 1 };
for (let i = 0; i < 50; i++) await allin.equity(%HANDS%, opts);
let t = performance.now();
for (let i = 0; i < calls; i++) await allin.equity(%HANDS%, opts);
const equityUs = (performance.now() - t) * 1000 / calls;
allin.rankHands(ids.subarray(0, 7000), 7);
t = performance.now();
const ranks = allin.rankHands(ids, 7);
const rankMs = performance.now() - t;
let sum = 0; for (const r of ranks) sum += r;
process.stdout.write(JSON.stringify({ equityUs, rankMs, sum }));
"""


def find_cli():
    path = os.environ.get("ALLIN_CLI")
    if path:
        return path
    for profile in ("release", "debug"):
        for target in (os.environ.get("CARGO_TARGET_DIR"), str(ROOT / "target")):
            if target and (pathlib.Path(target) / profile / "allin").is_file():
                return str(pathlib.Path(target) / profile / "allin")
    return shutil.which("allin")


def hands_ids():
    """1,000,000 seeded seven-card hands as a (n, 7) uint8 array, and as text lines."""
    import numpy as np
    rng = np.random.default_rng(1)
    ids = np.argsort(rng.random((N_HANDS, 52), dtype=np.float32), axis=1)[:, :7].astype(np.uint8)
    names = np.array([r + s for r in "23456789TJQKA" for s in "cdhs"])
    lines = "\n".join("".join(row) for row in names[ids]) + "\n"
    return ids, lines


def python_round(calls, ids):
    for _ in range(50):
        allin.equity(HANDS, board=BOARD)
    t = time.perf_counter()
    for _ in range(calls):
        allin.equity(HANDS, board=BOARD)
    equity_us = (time.perf_counter() - t) * 1e6 / calls
    out = allin.rank_many(ids[:1000])
    t = time.perf_counter()
    out = allin.rank_many(ids)
    rank_ms = (time.perf_counter() - t) * 1e3
    return equity_us, rank_ms, int(out.sum(dtype="uint64"))


def cli_round(cli, calls, lines):
    args = [cli, "equity", *HANDS, "--board", BOARD, "--json"]
    t = time.perf_counter()
    for _ in range(calls):
        subprocess.run(args, capture_output=True, check=True)
    equity_us = (time.perf_counter() - t) * 1e6 / calls
    t = time.perf_counter()
    subprocess.run([cli, "eval", "-"], input=lines, capture_output=True, text=True, check=True)
    rank_ms = (time.perf_counter() - t) * 1e3
    return equity_us, rank_ms


def js_round(node, script, calls, ids_path):
    api = (ROOT / "www" / "api" / "allin.mjs").as_uri()
    out = subprocess.run([node, "--input-type=module", "-e", script, api, str(calls), ids_path],
                         capture_output=True, text=True, check=True)
    d = json.loads(out.stdout)
    return d["equityUs"], d["rankMs"], d["sum"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--calls", type=int, default=2000, help="equity calls a round (Python, JS)")
    ap.add_argument("--cli-calls", type=int, default=50, help="CLI processes a round")
    a = ap.parse_args()
    cli, node = find_cli(), shutil.which("node")
    have_js = node and (ROOT / "www" / "pkg" / "allin_bg.wasm").is_file()
    ids, lines = hands_ids()
    script = NODE_SCRIPT.replace("%BOARD%", BOARD).replace("%HANDS%", json.dumps(HANDS))
    rows = {"Python": [], "CLI": [], "JS API": []}
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(ids.tobytes())
        f.flush()
        for r in range(a.rounds):
            py = python_round(a.calls, ids)
            rows["Python"].append(py[:2])
            if cli:
                rows["CLI"].append(cli_round(cli, a.cli_calls, lines))
            if have_js:
                js = js_round(node, script, a.calls, f.name)
                assert js[2] == py[2], "the JS API ranked the hands differently"
                rows["JS API"].append(js[:2])
            print(f"round {r + 1}/{a.rounds} done", file=sys.stderr)
    when = time.strftime("%Y-%m-%d", time.gmtime())
    print(f"allin call overhead, {a.rounds} interleaved rounds, medians ({when}, {os.cpu_count()} cores):\n")
    print("| surface | `equity` AhKh v QsQd on a river, per call | rank 1,000,000 seven-card hands |")
    print("|---|---:|---:|")
    for name, got in rows.items():
        if not got:
            print(f"| {name} | (not available) | |")
            continue
        eq = statistics.median(g[0] for g in got)
        rk = statistics.median(g[1] for g in got)
        print(f"| {name} | {eq:,.1f} µs | {rk:,.1f} ms |")
    print(f"\nCLI: {cli or 'none'}; JS API: {'Node ' + subprocess.run([node, '--version'], capture_output=True, text=True).stdout.strip() if have_js else 'none'}; "
          f"Python {sys.version.split()[0]}, NumPy arrays in place.")


if __name__ == "__main__":
    main()
