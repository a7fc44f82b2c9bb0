"""Throughput of stepwise.rate_many against the CLI's `stepwise rate` on the same puzzles and
the same number of threads, and of `python -m stepwise.bank` on a local Dask cluster of two
worker processes against one.

    PYTHONPATH=target/python python python/bench/bench.py [--puzzles FILE] [--count N]

Each measurement is the best of --rounds runs (the other runs show the machine's noise); the
CLI and rate_many alternate, so both see the same load. Prints the figures README quotes.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import stepwise

REPO = Path(__file__).resolve().parents[2]


def best(rounds, run):
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", default=str(REPO.parent / "shared/data/17-clue.txt"))
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cli", default=str(REPO / "target/release/stepwise"))
    parser.add_argument("--no-bank", action="store_true")
    args = parser.parse_args()

    lines = [l.strip() for l in open(args.puzzles) if l.strip() and not l.startswith("#")]
    step = max(1, len(lines) // args.count)
    puzzles = lines[::step][: args.count]
    with tempfile.TemporaryDirectory() as tmp:
        bank = Path(tmp) / "bank.txt"
        bank.write_text("\n".join(puzzles) + "\n")
        cli = lambda: subprocess.run(
            [args.cli, "rate", "--jobs", str(args.jobs), "--no-summary", "--format", "json", str(bank)],
            stdout=subprocess.DEVNULL, check=True,
        )
        many = lambda: sum(1 for _ in stepwise.rate_many(puzzles, jobs=args.jobs))
        cli_s, many_s = [], []
        for _ in range(args.rounds):
            cli_s.append(best(1, cli))
            many_s.append(best(1, many))
        n = len(puzzles)
        print(f"{n} puzzles ({args.puzzles}, one in {step}), {args.jobs} threads, best of {args.rounds}")
        print(f"  stepwise rate (CLI):  {min(cli_s):.2f} s  {n / min(cli_s):7.0f} puzzles/s   runs {', '.join(f'{s:.2f}' for s in cli_s)}")
        print(f"  stepwise.rate_many:   {min(many_s):.2f} s  {n / min(many_s):7.0f} puzzles/s   runs {', '.join(f'{s:.2f}' for s in many_s)}")
        print(f"  throughput ratio rate_many / CLI: {min(cli_s) / min(many_s):.2f}")
        if args.no_bank:
            return
        from distributed import LocalCluster

        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
                out = Path(tmp) / "out.parquet"
                command = [sys.executable, "-m", "stepwise.bank", "rate", str(bank), str(out),
                           "--scheduler", cluster.scheduler_address, "--partition-size", "250"]
                seconds = best(args.rounds, lambda: subprocess.run(command, check=True, stderr=subprocess.DEVNULL))
                print(f"  bank on {workers} worker process(es), 1 thread each: {seconds:.2f} s  {n / seconds:7.0f} puzzles/s")


if __name__ == "__main__":
    main()
