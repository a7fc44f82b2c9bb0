"""Stepwise for Python: a human-style Sudoku solver, hint engine and difficulty rater.

Every function calls the Rust library and answers with the record the ``stepwise`` command
line prints with ``--json``: a plain ``dict`` with the same field names and values (``None``
where the JSON has ``null``). A puzzle is text in any format the library reads: an
81-character line (``.`` or ``0`` for empty), a 9x9 grid, a pencilmark grid or a JSON puzzle
record.

Quick start::

    >>> import stepwise
    >>> p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> stepwise.rate(p)["er"]
    1.2
    >>> for record in stepwise.rate_many(open("bank.txt"), jobs=4):
    ...     print(record["puzzle"], record["er"], record["level"])

Input that cannot be read, or a puzzle without the single solution a call needs, raises
:class:`PuzzleError` (a ``ValueError``) with the library's message and, where the library
names it, the ``line`` and ``column``. A bad option (an unknown profile or technique, a
timeout that is not a positive number) raises ``ValueError``. Long calls release the GIL and
stop on Ctrl-C with ``KeyboardInterrupt``.

Submodules: :mod:`stepwise.kakuro` (Kakuro), :mod:`stepwise.frames` (a batch as a pandas
DataFrame or a pyarrow Table), :mod:`stepwise.bank` (a bank rated on a Dask cluster:
``python -m stepwise.bank rate INPUT OUTPUT --scheduler ADDRESS``).
"""

from __future__ import annotations

import json as _json
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from . import _native
from ._native import PuzzleError

__all__ = [
    "PuzzleError",
    "analyze",
    "check",
    "explain",
    "generate",
    "hint",
    "rate",
    "rate_many",
    "solve",
    "techniques",
    "RATE_COLUMNS",
]

#: The fields of :func:`rate`'s record, in the order of the CLI's CSV header.
RATE_COLUMNS: Tuple[str, ...] = tuple(_native.rate_columns())

Record = Dict[str, Any]


def _techniques(techniques: Optional[Sequence[str]]) -> List[str]:
    # A single name is a common slip for a list of one.
    if techniques is None:
        return []
    if isinstance(techniques, str):
        return [techniques]
    return list(techniques)


def check(puzzle: str, *, format: Optional[str] = None) -> Record:
    """Whether ``puzzle`` has one solution, none or several (``stepwise check --json``).

    Returns ``{"puzzle", "status", "solution"}``: ``status`` is ``"unique"``, ``"none"`` or
    ``"multiple"``; ``solution`` the 81-character solution when unique, else ``None``.

    ``format`` forces the input format (``"line"``, ``"grid"``, ``"pencilmark"``, ``"json"``);
    by default it is detected. Raises :class:`PuzzleError` when the text cannot be read.
    """
    return _json.loads(_native.check(puzzle, format))


def solve(puzzle: str, *, format: Optional[str] = None) -> str:
    """The solution of ``puzzle`` as an 81-character line (``stepwise solve``).

    Raises :class:`PuzzleError` when the text cannot be read, or the puzzle has no solution
    or several (the message names two cells where two solutions differ).
    """
    return _native.solve(puzzle, format)


def explain(
    puzzle: str,
    *,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = None,
    cache_mb: Optional[int] = None,
    format: Optional[str] = None,
) -> Record:
    """The whole logical path of ``puzzle`` and its rating (``stepwise explain --json``).

    Returns ``{"puzzle", "profile", "status", "steps", "rating", ...}``; each step has its
    technique, placements, eliminations, notation and sentence.

    ``profile``: ``"se"`` (Sudoku Explainer 1.2.1's techniques: ER/EP/ED), ``"hodoku"``
    (HoDoKu 2.2's: level and score), ``"sukaku"``, ``"extended"`` or ``"all"``; by default
    both the se and the hodoku path are taken. ``techniques``: slugs or names that replace
    the path's techniques, in that order. ``no_uniqueness``: leave out unique rectangles and
    BUG. ``timeout``: seconds for the whole call (then ``status`` is ``"timeout"``).
    ``cache_mb``: the finders' cache bound per thread (default 32).
    """
    return _json.loads(
        _native.explain(
            puzzle, format, profile, _techniques(techniques), no_uniqueness, timeout, cache_mb
        )
    )


def rate(
    puzzle: str,
    *,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = None,
    cache_mb: Optional[int] = None,
    format: Optional[str] = None,
) -> Record:
    """The difficulty of ``puzzle`` (one row of ``stepwise rate --format json``).

    Returns ``{"puzzle", "er", "ep", "ed", "level", "score", "hardest", "steps", "status",
    "error"}`` (:data:`RATE_COLUMNS`). ER, EP, ED and ``hardest`` come from Sudoku
    Explainer's path, ``level`` and ``score`` from HoDoKu's; a figure whose path was not
    taken is ``None``. ``status`` is ``"solved"``, ``"stuck"``, ``"timeout"``,
    ``"no_solution"`` or ``"multiple_solutions"`` (then ``error`` says why).

    The options are :func:`explain`'s; ``timeout`` covers both paths together. For many
    puzzles use :func:`rate_many`, which rates on every core.
    """
    return _json.loads(
        _native.rate(
            puzzle, format, profile, _techniques(techniques), no_uniqueness, timeout, cache_mb
        )
    )


def analyze(
    puzzle: str,
    *,
    require: Optional[Sequence[str]] = None,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = None,
    cache_mb: Optional[int] = None,
    format: Optional[str] = None,
) -> Record:
    """Givens, symmetry, rating, technique histogram and bottleneck steps of ``puzzle``
    (``stepwise analyze --json``).

    ``require``: techniques the path must use; each is checked in the record's
    ``requirements``. The other options are :func:`explain`'s.
    """
    return _json.loads(
        _native.analyze(
            puzzle,
            format,
            profile,
            _techniques(techniques),
            no_uniqueness,
            timeout,
            cache_mb,
            _techniques(require),
        )
    )


def hint(
    state: str,
    *,
    puzzle: Optional[str] = None,
    level: Optional[str] = None,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = None,
    cache_mb: Optional[int] = None,
    format: Optional[str] = None,
) -> Record:
    """The next hint from a player's ``state`` (``stepwise hint --json``).

    ``state`` is the puzzle with the player's digits filled in, or their pencilmark grid.
    ``puzzle``, the original, lets a wrong digit or a changed given be named. ``level``:
    ``"nudge"`` (family and region), ``"technique"`` (name, unit, digit), ``"cells"`` (the
    pattern's cells) or ``"full"`` (the deduction); by default the library's default level, ``"technique"``, as
    in ``stepwise hint`` and ``POST /api/hint``. ``profile`` defaults to ``"extended"``.

    Returns ``{"kind", "level", "text", ...}``. Raises :class:`PuzzleError` when the state
    cannot be read or has no single solution.
    """
    return _json.loads(
        _native.hint(
            state,
            puzzle,
            level,
            format,
            profile,
            _techniques(techniques),
            no_uniqueness,
            timeout,
            cache_mb,
        )
    )


def techniques(
    *names: str, profile: Optional[str] = None
) -> List[Record]:
    """The technique catalog (``stepwise techniques --json``): one record per technique with
    its ``slug``, ``name``, ``family``, ``se_rating``, ``hodoku_score``, ``hodoku_level`` and
    the ``profiles`` that use it.

    ``names`` keeps only those techniques (slugs or names); ``profile`` lists a profile's
    techniques in its order. An unknown name raises ``ValueError`` with the nearest names.
    """
    return [_json.loads(row) for row in _native.techniques(profile, list(names))]


def generate(
    count: int = 1,
    *,
    level: Optional[str] = None,
    er: Optional[Tuple[float, float]] = None,
    hardest: Optional[str] = None,
    require: Optional[Sequence[str]] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    givens: Optional[Tuple[int, int]] = None,
    seed: Optional[int] = None,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = 300.0,
    jobs: Optional[int] = None,
) -> Record:
    """New puzzles, rated as :func:`rate` rates them (the API's ``POST /api/generate``).

    ``level`` (HoDoKu's: ``"easy"`` ... ``"extreme"``), ``er`` (a range ``(low, high)``),
    ``hardest`` (the technique that must be the hardest step), ``require`` (techniques the
    path must use), ``symmetry`` (``"rotational"``, ``"mirror"``, ... or ``"none"``),
    ``minimal``, ``givens`` (a range): what each puzzle must be. The same ``seed`` and request
    give the same puzzles whatever ``jobs``; without one the seed comes from the clock.
    ``timeout`` bounds the whole run (``None``: no limit).

    Returns ``{"seed", "found", "tried", "complete", "seconds", "puzzles", "closest"}``; each
    puzzle is ``{"puzzle", "rating", "record"}``. A request that cannot be met raises
    ``ValueError`` naming the option.
    """
    return _json.loads(
        _native.generate(
            count,
            level,
            er,
            hardest,
            _techniques(require),
            symmetry,
            minimal,
            givens,
            seed,
            profile,
            _techniques(techniques),
            no_uniqueness,
            timeout,
            jobs,
        )
    )


class _RateMany:
    """The iterator :func:`rate_many` returns; ``close()`` stops it."""

    def __init__(self, native: Any, decode: bool) -> None:
        self._native = native
        self._decode = decode

    def __iter__(self) -> "_RateMany":
        return self

    def __next__(self) -> Any:
        answer = next(self._native)
        return _json.loads(answer) if self._decode else answer

    def close(self) -> None:
        """Stops the run: no more input is read, the ratings in flight end, and the worker
        threads have exited when this returns."""
        self._native.close()

    def __enter__(self) -> "_RateMany":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def rate_many(
    puzzles: Iterable[str],
    *,
    jobs: Optional[int] = None,
    profile: Optional[str] = None,
    techniques: Optional[Sequence[str]] = None,
    no_uniqueness: bool = False,
    timeout: Optional[float] = None,
    cache_mb: Optional[int] = None,
    format: Optional[str] = None,
    csv: bool = False,
) -> Iterator[Any]:
    """Rates every puzzle of ``puzzles`` on ``jobs`` threads (default: every core) and yields
    the records in input order, one per input, as ``stepwise rate --format json`` writes them.

    ``puzzles`` is any iterable of strings (a list, a file, a generator); it is read lazily,
    a bounded window ahead of the answers, so a bank of millions streams in constant memory.
    Trailing line breaks are ignored. An input that cannot be read gets a record with
    ``status`` ``"invalid"`` and the ``error`` rather than an exception, so one bad line does
    not stop a batch. The options are :func:`rate`'s; ``timeout`` is per puzzle.
    ``csv=True`` yields the CLI's CSV rows (strings, no header) instead of dicts.

    The ratings run with the GIL released. Ctrl-C raises ``KeyboardInterrupt`` from the loop
    and stops the workers; so do ``close()``, leaving a ``with`` block, and dropping the
    iterator::

        with stepwise.rate_many(open("bank.txt"), timeout=10) as records:
            for record in records:
                ...
    """
    native = _native.RateMany(
        (p.rstrip("\r\n") if isinstance(p, str) else p for p in puzzles),
        jobs,
        format,
        profile,
        _techniques(techniques),
        no_uniqueness,
        timeout,
        cache_mb,
        csv,
    )
    return _RateMany(native, decode=not csv)


# Submodules with no import cost of their own (pandas and pyarrow are imported when used);
# `stepwise.bank` is not imported here, so that `python -m stepwise.bank` runs it fresh.
from . import frames, kakuro  # noqa: E402
from .frames import rate_dataframe, rate_table  # noqa: E402

__all__ += ["frames", "kakuro", "rate_dataframe", "rate_table"]
