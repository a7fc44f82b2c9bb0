"""Rating a bank of puzzles on a Dask cluster::

    python -m stepwise.bank rate INPUT OUTPUT --scheduler tcp://HOST:8786

INPUT is a text file (one puzzle per line; blank lines and lines starting with ``#`` are
skipped), a CSV file with a header (the column ``puzzle``, or ``--column``, else the first
column) or a Parquet file (the column ``puzzle`` or ``--column``). The puzzles are cut into
partitions of ``--partition-size``; each partition is one Dask task that rates its puzzles
with :func:`stepwise.rate_many` and the options given (the same profile, techniques, timeout
and cache bound on every worker), and the answers are written to OUTPUT in input order as
they come back: Parquet (``.parquet``: the columns of :data:`stepwise.RATE_COLUMNS`, one row
group per partition) or CSV (``.csv``: exactly the rows ``stepwise rate`` writes, header
first). At most a few partitions per worker thread are in flight, so neither the driver nor
the cluster holds the whole bank.

Every worker needs this package installed (the same version) and Dask's ``distributed``;
the driver needs ``pyarrow`` for Parquet. Each worker thread rates one partition at a time on
one core, with the GIL released, so a worker started with ``--nthreads N`` uses N cores.

Exit code: 0 when every puzzle was rated (solved, stuck or timeout), 1 when any was invalid,
had no solution or several, 2 for usage errors; as ``stepwise rate``.
"""

from __future__ import annotations

import argparse
import collections
import csv
import itertools
import os
import sys
import time
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence

__all__ = ["main", "rate_partition", "read_bank"]

#: Statuses of a puzzle that was rated; the others fail the run, as in ``stepwise rate``.
RATED = ("solved", "stuck", "timeout")

#: Partitions in flight per worker thread: one running, the next ones queued on the worker.
IN_FLIGHT_PER_THREAD = 2


def rate_partition(puzzles: Sequence[str], options: Dict[str, Any], as_csv: bool) -> List[Any]:
    """Rates one partition on the worker that runs it: the records in order (dicts), or the
    CLI's CSV rows with ``as_csv``. One thread: the worker's other threads rate the other
    partitions."""
    import stepwise

    return list(stepwise.rate_many(puzzles, jobs=1, csv=as_csv, **options))


def _kind(path: str, given: Optional[str]) -> str:
    if given:
        return given
    lower = path.lower()
    if lower.endswith(".parquet") or lower.endswith(".pq"):
        return "parquet"
    if lower.endswith(".csv"):
        return "csv"
    return "text"


def read_bank(path: str, kind: Optional[str] = None, column: Optional[str] = None) -> Iterator[str]:
    """The puzzles of a bank file, in order, read lazily (see the module's doc for the
    formats)."""
    kind = _kind(path, kind)
    if kind == "text":
        with open(path, encoding="utf-8") as f:
            for line in f:
                text = line.rstrip("\r\n")
                if text.strip() and not text.lstrip().startswith("#"):
                    yield text
    elif kind == "csv":
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header is None:
                return
            name = column or ("puzzle" if "puzzle" in header else header[0])
            if name not in header:
                raise SystemExit(f"error: {path}: no column '{name}' (columns: {', '.join(header)})")
            at = header.index(name)
            for row in reader:
                if row:
                    yield row[at] if at < len(row) else ""
    elif kind == "parquet":
        import pyarrow.parquet as pq

        parquet = pq.ParquetFile(path)
        name = column or "puzzle"
        if name not in parquet.schema_arrow.names:
            raise SystemExit(
                f"error: {path}: no column '{name}' (columns: {', '.join(parquet.schema_arrow.names)})"
            )
        for batch in parquet.iter_batches(columns=[name]):
            for value in batch.column(0).to_pylist():
                yield "" if value is None else value
    else:
        raise SystemExit(f"error: unknown input format '{kind}' (text, csv or parquet)")


def _partitions(puzzles: Iterable[str], size: int) -> Iterator[List[str]]:
    it = iter(puzzles)
    while True:
        part = list(itertools.islice(it, size))
        if not part:
            return
        yield part


class _ParquetOut:
    def __init__(self, path: str) -> None:
        import pyarrow.parquet as pq

        from .frames import arrow_schema

        self._writer = pq.ParquetWriter(path, arrow_schema())

    def write(self, records: List[Dict[str, Any]]) -> None:
        from .frames import records_to_table

        self._writer.write_table(records_to_table(records))

    def close(self) -> None:
        self._writer.close()


class _CsvOut:
    def __init__(self, path: str) -> None:
        from . import RATE_COLUMNS

        self._file = open(path, "w", encoding="utf-8", newline="")
        self._file.write(",".join(RATE_COLUMNS) + "\n")

    def write(self, rows: List[str]) -> None:
        self._file.write("".join(row + "\n" for row in rows))

    def close(self) -> None:
        self._file.close()


def _status_of(answer: Any, as_csv: bool) -> str:
    if not as_csv:
        return answer["status"]
    # The CLI's row: the status is the field before the error, which is quoted when present.
    return next(csv.reader([answer]))[-2]


def rate_bank(
    client: Any,
    input_path: str,
    output_path: str,
    *,
    options: Dict[str, Any],
    partition_size: int = 2000,
    input_kind: Optional[str] = None,
    output_kind: Optional[str] = None,
    column: Optional[str] = None,
) -> Dict[str, int]:
    """Rates the bank at ``input_path`` on the cluster of ``client`` into ``output_path``;
    the count of puzzles per status."""
    out_kind = output_kind or ("csv" if output_path.lower().endswith(".csv") else "parquet")
    as_csv = out_kind == "csv"
    threads = max(1, sum(client.nthreads().values()))
    window = IN_FLIGHT_PER_THREAD * threads
    out = _CsvOut(output_path) if as_csv else _ParquetOut(output_path)
    counts: Dict[str, int] = collections.Counter()
    in_flight: collections.deque = collections.deque()

    def write_head() -> None:
        answers = in_flight.popleft().result()
        for answer in answers:
            counts[_status_of(answer, as_csv)] += 1
        out.write(answers)

    try:
        for part in _partitions(read_bank(input_path, input_kind, column), partition_size):
            if len(in_flight) >= window:
                write_head()
            in_flight.append(client.submit(rate_partition, part, options, as_csv, pure=False))
        while in_flight:
            write_head()
    except BaseException:
        client.cancel(list(in_flight))
        raise
    finally:
        out.close()
    return dict(counts)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m stepwise.bank",
        description="Rate a bank of puzzles on a Dask cluster, in input order.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    rate = commands.add_parser(
        "rate",
        help="rate every puzzle of INPUT into OUTPUT",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rate.add_argument("input", metavar="INPUT", help="text, CSV or Parquet file of puzzles")
    rate.add_argument("output", metavar="OUTPUT", help="Parquet (.parquet) or CSV (.csv) file written")
    rate.add_argument(
        "--scheduler",
        required=True,
        metavar="ADDRESS",
        help="the Dask scheduler, e.g. tcp://10.0.0.5:8786 (`dask scheduler` prints it)",
    )
    rate.add_argument("--partition-size", type=int, default=2000, metavar="N", help="puzzles per task (default 2000)")
    rate.add_argument("--column", help="the column of puzzles in a CSV or Parquet input (default: puzzle)")
    rate.add_argument("--input-format", choices=["text", "csv", "parquet"], help="default: from INPUT's extension")
    rate.add_argument("--output-format", choices=["parquet", "csv"], help="default: from OUTPUT's extension")
    rate.add_argument("--profile", help="se, hodoku, sukaku, extended or all (default: the se and hodoku paths)")
    rate.add_argument("--techniques", help="comma-separated techniques that replace the path's")
    rate.add_argument("--no-uniqueness", action="store_true", help="leave out unique rectangles and BUG")
    rate.add_argument("--timeout", type=float, metavar="SECS", help="give up on a puzzle after SECS seconds")
    rate.add_argument("--cache-mb", type=int, metavar="N", help="the finders' cache bound per worker thread")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    if args.partition_size < 1:
        print("error: --partition-size must be at least 1", file=sys.stderr)
        return 2
    if not os.path.exists(args.input):
        print(f"error: {args.input}: no such file", file=sys.stderr)
        return 2
    options: Dict[str, Any] = {
        "profile": args.profile,
        "techniques": [t for t in (args.techniques or "").split(",") if t],
        "no_uniqueness": args.no_uniqueness,
        "timeout": args.timeout,
        "cache_mb": args.cache_mb,
    }
    import stepwise

    # Bad options fail here, before the cluster sees them.
    try:
        stepwise.rate_many([], jobs=1, **options)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    from distributed import Client

    started = time.perf_counter()
    with Client(args.scheduler) as client:
        # Referenced through the module, so the workers import it rather than unpickle a copy.
        from stepwise import bank

        counts = bank.rate_bank(
            client,
            args.input,
            args.output,
            options=options,
            partition_size=args.partition_size,
            input_kind=args.input_format,
            output_kind=args.output_format,
            column=args.column,
        )
        threads = sum(client.nthreads().values())
        workers = len(client.nthreads())
    seconds = time.perf_counter() - started
    total = sum(counts.values())
    by_status = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    rate = total / seconds if seconds > 0 else 0.0
    print(
        f"{total} puzzles ({by_status or 'none'}) in {seconds:.1f} s, {rate:.0f} puzzles/s, "
        f"on {workers} workers ({threads} threads)",
        file=sys.stderr,
    )
    return 0 if all(s in RATED for s in counts) else 1


if __name__ == "__main__":
    sys.exit(main())
