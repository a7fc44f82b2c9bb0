"""Kakuro (cross sums): solve, check, explain, hint, rate and generate, as
``stepwise kakuro ... --json`` answers.

A puzzle is a text grid (one row per line, squares separated by spaces: ``#`` black, ``D\\R``
a clue with ``_`` for none, ``.`` a white cell, a digit for one entered) or a JSON record
(``{"id", "grid": [[...], ...]}``). Each function takes the text of one puzzle; :func:`read`
splits a file's text into its puzzles. A record is named by its ``id``, else by ``name``,
else ``line N``; the CLI names a record ``FILE:LINE``, so ``name=f"{path}:{line}"`` gives its
answers exactly. Text that holds no puzzle, several, or a bad one raises
:class:`stepwise.PuzzleError`.
"""

from __future__ import annotations

import json as _json
from typing import Any, Dict, List, Optional, Tuple

from . import _native

__all__ = ["check", "explain", "generate", "hint", "rate", "read", "solve"]

Record = Dict[str, Any]


def read(text: str) -> List[Tuple[int, str]]:
    """The puzzles of a Kakuro file's ``text`` as ``(line, text)`` pairs, in order: the line
    each starts on (1-based) and its text, bad ones included (the functions below raise on
    those)."""
    return [(line, record) for line, record in _native.kakuro_records(text)]


def solve(
    puzzle: str,
    *,
    name: Optional[str] = None,
    engine: Optional[str] = None,
    node_cap: Optional[int] = None,
    shave: bool = True,
    timeout: Optional[float] = None,
) -> Record:
    """Decides ``puzzle`` with a complete engine (``stepwise kakuro solve --json``).

    ``engine``: ``"backtrack"``, ``"forward-checking"``, ``"mac"`` or ``"gac"`` (the default).
    ``node_cap``: give up after that many digits tried (``status`` is then ``"unknown"``).
    ``shave=False`` searches straight after propagation. Returns the engine's figures
    (``status``, ``stage``, ``nodes``, ``backtracks``, ``ms``, ...) and the ``solution`` grid.
    ``timeout``: seconds; when they run out ``status`` is ``"unknown"`` with ``timeout: true``.
    """
    return _json.loads(_native.kakuro_solve(puzzle, name, engine, node_cap, shave, True, timeout))


def check(
    puzzle: str,
    *,
    name: Optional[str] = None,
    engine: Optional[str] = None,
    node_cap: Optional[int] = None,
    shave: bool = True,
    timeout: Optional[float] = None,
) -> Record:
    """Whether ``puzzle`` has one solution, none or several (``stepwise kakuro check
    --json``): :func:`solve`'s record without the solution."""
    return _json.loads(_native.kakuro_solve(puzzle, name, engine, node_cap, shave, False, timeout))


def explain(puzzle: str, *, name: Optional[str] = None, timeout: Optional[float] = None) -> Record:
    """The human solve of ``puzzle``, step by step, with its rating (``stepwise kakuro
    explain --json``); ``status`` is ``"timeout"`` when ``timeout`` seconds run out."""
    return _json.loads(_native.kakuro_explain(puzzle, name, timeout))


def rate(puzzle: str, *, name: Optional[str] = None, timeout: Optional[float] = None) -> Record:
    """The rating of ``puzzle``'s human solve (``stepwise kakuro rate --json``):
    ``{"puzzle", "white_cells", "status", "difficulty", "level", "hardest", "steps",
    "contradictions", "longest_trial"}``; ``level`` is easy, medium, hard or expert."""
    return _json.loads(_native.kakuro_rate(puzzle, name, timeout))


def hint(
    puzzle: str,
    *,
    name: Optional[str] = None,
    level: str = "technique",
    timeout: Optional[float] = None,
) -> Record:
    """The next hint from the digits entered in ``puzzle`` (``stepwise kakuro hint --json``),
    told at ``level`` (``"nudge"``, ``"technique"``, ``"cells"`` or ``"full"``): a broken run
    (a digit twice, a sum that cannot be met) first, then a wrong digit, else the next human
    step. Raises :class:`stepwise.PuzzleError` when the puzzle has no solution or several."""
    return _json.loads(_native.kakuro_hint(puzzle, name, level, timeout))


def generate(rows: int = 36, cols: int = 36, *, seed: int = 1, count: int = 1) -> List[Record]:
    """``count`` large Kakuro of ``rows`` x ``cols`` (clue row and column included) as JSON
    records (``stepwise kakuro generate``); puzzle ``i`` uses seed ``seed + i``, so the same
    seed and size give the same puzzles."""
    return [_json.loads(r) for r in _native.kakuro_generate(rows, cols, seed, count)]
