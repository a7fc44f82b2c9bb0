"""Shared fixtures: the repository, the `stepwise` binary the answers are compared with, the
shared corpora, and running the CLI.

Under STEPWISE_REQUIRE_ALL=1 (set by .ci/run) a missing binary or corpus fails the test
instead of skipping it, as in the Rust tests.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
SHARED = REPO.parent / "shared" / "data"


def require(condition: bool, what: str) -> None:
    """Skips the test when `condition` is false, or fails it under STEPWISE_REQUIRE_ALL=1."""
    if condition:
        return
    if os.environ.get("STEPWISE_REQUIRE_ALL") == "1":
        pytest.fail(f"STEPWISE_REQUIRE_ALL=1 and {what} is missing")
    pytest.skip(f"skipped: {what} is missing")


@pytest.fixture(scope="session")
def cli() -> Path:
    path = Path(os.environ.get("STEPWISE_BIN", REPO / "target" / "release" / "stepwise"))
    require(path.is_file(), f"the stepwise binary ({path}; cargo build --release)")
    return path


@pytest.fixture(scope="session")
def shared() -> Path:
    require(SHARED.is_dir(), f"the shared corpora ({SHARED})")
    return SHARED


def run_cli(cli: Path, *args: str, stdin: str = None, ok=(0, 1)) -> str:
    """The CLI's standard output; exit codes outside `ok` fail."""
    done = subprocess.run(
        [str(cli), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode in ok, f"{args}: exit {done.returncode}: {done.stderr}"
    return done.stdout


def cli_json(cli: Path, *args: str, stdin: str = None) -> list:
    """The CLI's JSON lines, parsed."""
    return [json.loads(line) for line in run_cli(cli, *args, stdin=stdin).splitlines() if line]


def puzzle_lines(path: Path) -> list:
    """The puzzles of a file of lines (comments and blank lines skipped)."""
    return [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
