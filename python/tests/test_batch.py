"""rate_many (order, the CLI's records, bad lines, cancellation) and the dataframe forms."""

import os
import signal
import threading
import time

import pytest

import stepwise
from conftest import EXAMPLES, cli_json, puzzle_lines, run_cli

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def mixed(shared):
    # Hard puzzles among easy ones, so that answers finish out of order on two threads.
    hard = puzzle_lines(EXAMPLES / "graded.txt")
    easy = puzzle_lines(shared / "17-clue.txt")[:60]
    return [p.split()[0] for p in hard] + easy + [p.split()[0] for p in hard]


def test_rate_many_yields_the_clis_records_in_input_order(cli, mixed):
    expected = cli_json(cli, "rate", "--format", "json", "--jobs", "2", *mixed)
    assert list(stepwise.rate_many(mixed, jobs=2)) == expected
    assert list(stepwise.rate_many(iter(mixed), jobs=1, profile="se")) == cli_json(
        cli, "rate", "--format", "json", "--profile", "se", *mixed
    )
    rows = run_cli(cli, "rate", "--no-summary", *mixed).splitlines()
    assert list(stepwise.rate_many(mixed, jobs=2, csv=True)) == rows[1:]
    assert ",".join(stepwise.RATE_COLUMNS) == rows[0]


def test_rate_many_answers_a_bad_line_and_goes_on():
    records = list(stepwise.rate_many([EASY + "\n", "not a puzzle", "." * 81, EASY]))
    assert [r["status"] for r in records] == ["solved", "invalid", "multiple_solutions", "solved"]
    assert records[1]["puzzle"] == "not a puzzle" and "unexpected character" in records[1]["error"]
    assert list(stepwise.rate_many([])) == []
    with pytest.raises(TypeError, match="str, got int at position 1"):
        list(stepwise.rate_many([EASY, 5]))
    with pytest.raises(ValueError, match="jobs"):
        stepwise.rate_many([EASY], jobs=0)


def test_rate_many_reads_its_input_lazily_and_stops_when_closed():
    read = []

    def source():
        for i in range(100_000):
            read.append(i)
            yield EASY

    many = stepwise.rate_many(source(), jobs=2)
    first = [next(many) for _ in range(10)]
    assert all(r["status"] == "solved" for r in first)
    # A window ahead of the answers, not the whole input.
    assert len(read) < 1000
    many.close()
    with pytest.raises(StopIteration):
        next(many)
    assert len(read) < 1000


def test_ctrl_c_stops_rate_many_and_its_workers(shared):
    hard = puzzle_lines(shared / "top1465.txt")[:400]
    many = stepwise.rate_many(hard, jobs=2)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        for _ in many:
            pass
    stopped = time.monotonic() - started
    assert stopped < 3, f"KeyboardInterrupt came {stopped:.1f} s after the start"
    # The ratings in flight end at their next deadline check and the workers exit.
    closing = time.monotonic()
    many.close()
    assert time.monotonic() - closing < 2
    with pytest.raises(StopIteration):
        next(many)


def test_ctrl_c_stops_a_single_long_call():
    golden_nugget = puzzle_lines(EXAMPLES / "puzzles.txt")[3]
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        stepwise.explain(golden_nugget, profile="all")
    assert time.monotonic() - started < 3


def test_tables_and_dataframes_hold_the_records():
    import pandas as pd
    import pyarrow as pa

    puzzles = [p.split()[0] for p in puzzle_lines(EXAMPLES / "graded.txt")] + ["bad"]
    records = [stepwise.rate(p) for p in puzzles[:-1]]
    table = stepwise.rate_table(puzzles, jobs=2)
    assert isinstance(table, pa.Table)
    assert table.column_names == list(stepwise.RATE_COLUMNS)
    assert table.to_pylist()[:-1] == records
    assert table.to_pylist()[-1]["status"] == "invalid"
    frame = stepwise.rate_dataframe(puzzles, jobs=2, profile="hodoku")
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(stepwise.RATE_COLUMNS)
    assert list(frame["score"][:-1]) == [stepwise.rate(p, profile="hodoku")["score"] for p in puzzles[:-1]]
    assert frame["er"].isna().all() and str(frame["score"].dtype) == "Int64"
    assert frame["status"].iloc[-1] == "invalid" and pd.isna(frame["score"].iloc[-1])
