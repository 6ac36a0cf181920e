"""Shared by the tests: where the repository's data files are, and the CLI.

The data files are the Rust tests' own (`tests/data/*.txt`): a case stays
one line in one file, read here as there. `ALLIN_CLI` names a built `allin`
CLI (`cargo xtask test python` sets it); without it, the tests that compare
with the CLI are skipped.
"""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def data_lines(name):
    """The case lines of a data file (no comments, no blank lines), with their line numbers."""
    out = []
    for number, line in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(pytest.param(line, id=f"{name}:{number}"))
    return out


def cli_path():
    path = os.environ.get("ALLIN_CLI") or shutil.which("allin")
    return path if path and os.path.exists(path) else None


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: the whole suite only (`cargo xtask test --full`)")
