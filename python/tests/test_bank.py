"""`python -m stepwise.bank rate` on a local Dask cluster of two worker processes: exactly the
CLI's ratings, in input order, from text, CSV and Parquet banks into Parquet and CSV."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_json, puzzle_lines, run_cli


@pytest.fixture(scope="module")
def cluster():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        with Client(c) as client:
            assert len(client.scheduler_info()["workers"]) == 2
        yield c


@pytest.fixture(scope="module")
def bank(shared, tmp_path_factory):
    # 1,000 puzzles spread over the 17-clue corpus, one in 49.
    lines = puzzle_lines(shared / "17-clue.txt")[::49][:1000]
    assert len(lines) == 1000
    path = tmp_path_factory.mktemp("bank") / "bank.txt"
    path.write_text("# a bank\n" + "\n".join(lines) + "\n")
    return path


def run_bank(cluster, *args):
    env = dict(os.environ)
    done = subprocess.run(
        [sys.executable, "-m", "stepwise.bank", "rate", *map(str, args), "--scheduler", cluster.scheduler_address],
        capture_output=True, text=True, env=env, check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_the_bank_gets_exactly_the_clis_ratings(cli, cluster, bank, tmp_path):
    import pyarrow.parquet as pq

    expected = cli_json(cli, "rate", "--format", "json", str(bank))
    assert len(expected) == 1000
    out = tmp_path / "ratings.parquet"
    said = run_bank(cluster, bank, out, "--partition-size", "64")
    assert "1000 puzzles" in said and "on 2 workers" in said
    assert pq.read_table(out).to_pylist() == expected


def test_csv_and_parquet_banks_give_the_clis_csv(cli, cluster, bank, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    lines = puzzle_lines(bank)[:300]
    expected = run_cli(cli, "rate", "--no-summary", *lines)
    bank_csv = tmp_path / "bank.csv"
    with open(bank_csv, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "puzzle"])
        writer.writerows([i, p] for i, p in enumerate(lines))
    out = tmp_path / "from-csv.csv"
    run_bank(cluster, bank_csv, out, "--partition-size", "50")
    assert out.read_text() == expected
    bank_parquet = tmp_path / "bank.parquet"
    pq.write_table(pa.table({"givens": lines}), bank_parquet)
    out = tmp_path / "from-parquet.csv"
    run_bank(cluster, bank_parquet, out, "--column", "givens", "--partition-size", "50")
    assert out.read_text() == expected


def test_the_bank_passes_the_settings_to_every_worker(cli, cluster, bank, tmp_path):
    import pyarrow.parquet as pq

    lines = puzzle_lines(bank)[:100]
    small = tmp_path / "small.txt"
    small.write_text("\n".join(lines) + "\n")
    out = tmp_path / "hodoku.parquet"
    run_bank(cluster, small, out, "--profile", "hodoku", "--partition-size", "10")
    expected = cli_json(cli, "rate", "--format", "json", "--profile", "hodoku", str(small))
    assert pq.read_table(out).to_pylist() == expected
