"""A batch of puzzles rated into a dataframe: :func:`rate_table` (a pyarrow ``Table``) and
:func:`rate_dataframe` (a pandas ``DataFrame``), one row per puzzle in input order, the
columns of :data:`stepwise.RATE_COLUMNS` (``puzzle, er, ep, ed, level, score, hardest, steps,
status, error``) with null where a figure is missing.

pyarrow and pandas are optional: each function imports its library when called and says
which package to install when it is missing. Both rate with :func:`stepwise.rate_many`
(every core, the GIL released, Ctrl-C stops it) and take its options.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List

from . import RATE_COLUMNS, rate_many

__all__ = ["rate_table", "rate_dataframe", "arrow_schema"]

# The type of each column: figures are floats, counts integers, the rest text.
_FLOATS = ("er", "ep", "ed")
_INTEGERS = ("score", "steps")


def _require(module: str, package: str) -> Any:
    try:
        return __import__(module)
    except ImportError as e:
        raise ImportError(
            f"this needs {package}: pip install {package}"
        ) from e


def arrow_schema() -> Any:
    """The pyarrow schema of a table of ratings (also the Parquet schema of
    ``python -m stepwise.bank``)."""
    pa = _require("pyarrow", "pyarrow")

    def kind(column: str) -> Any:
        if column in _FLOATS:
            return pa.float64()
        if column in _INTEGERS:
            return pa.int64()
        return pa.string()

    return pa.schema([(c, kind(c)) for c in RATE_COLUMNS])


def _columns(records: Iterable[Dict[str, Any]]) -> Dict[str, List[Any]]:
    columns: Dict[str, List[Any]] = {c: [] for c in RATE_COLUMNS}
    for record in records:
        for c in RATE_COLUMNS:
            columns[c].append(record[c])
    return columns


def records_to_table(records: Iterable[Dict[str, Any]]) -> Any:
    """A pyarrow ``Table`` of rate records (dicts as :func:`stepwise.rate` returns)."""
    pa = _require("pyarrow", "pyarrow")
    return pa.Table.from_pydict(_columns(records), schema=arrow_schema())


def rate_table(puzzles: Iterable[str], **options: Any) -> Any:
    """Rates ``puzzles`` (:func:`stepwise.rate_many`'s options) into a pyarrow ``Table``."""
    return records_to_table(rate_many(puzzles, **options))


def rate_dataframe(puzzles: Iterable[str], **options: Any) -> Any:
    """Rates ``puzzles`` (:func:`stepwise.rate_many`'s options) into a pandas ``DataFrame``:
    ``er``, ``ep``, ``ed`` as floats (NaN when missing), ``score`` and ``steps`` as nullable
    integers (``Int64``), the rest as text (``None`` when missing)."""
    pd = _require("pandas", "pandas")
    columns = _columns(rate_many(puzzles, **options))
    data = {}
    for c in RATE_COLUMNS:
        if c in _FLOATS:
            data[c] = pd.array([float("nan") if v is None else v for v in columns[c]], dtype="float64")
        elif c in _INTEGERS:
            data[c] = pd.array(columns[c], dtype="Int64")
        else:
            data[c] = pd.array(columns[c], dtype=object)
    return pd.DataFrame(data, columns=list(RATE_COLUMNS))
