# Type stubs of the stepwise package: the records are the CLI's JSON objects as dicts.
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union

from . import frames as frames, kakuro as kakuro

class PuzzleError(ValueError):
    """A puzzle that cannot be read, or without the single solution a call needs."""

    line: Optional[int]
    column: Optional[int]

class CheckRecord(TypedDict):
    puzzle: str
    status: str
    solution: Optional[str]

class RateRecord(TypedDict):
    puzzle: str
    er: Optional[float]
    ep: Optional[float]
    ed: Optional[float]
    level: Optional[str]
    score: Optional[int]
    hardest: Optional[str]
    steps: Optional[int]
    status: str
    error: Optional[str]

class TechniqueRecord(TypedDict):
    slug: str
    name: str
    family: str
    se_rating: float
    hodoku_score: int
    hodoku_level: str
    profiles: List[str]

RATE_COLUMNS: Tuple[str, ...]

def check(puzzle: str, *, format: Optional[str] = ...) -> CheckRecord: ...
def solve(puzzle: str, *, format: Optional[str] = ...) -> str: ...
def explain(
    puzzle: str,
    *,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    cache_mb: Optional[int] = ...,
    format: Optional[str] = ...,
) -> Dict[str, Any]: ...
def rate(
    puzzle: str,
    *,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    cache_mb: Optional[int] = ...,
    format: Optional[str] = ...,
) -> RateRecord: ...
def analyze(
    puzzle: str,
    *,
    require: Optional[Sequence[str]] = ...,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    cache_mb: Optional[int] = ...,
    format: Optional[str] = ...,
) -> Dict[str, Any]: ...
def hint(
    state: str,
    *,
    puzzle: Optional[str] = ...,
    level: Optional[str] = ...,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    cache_mb: Optional[int] = ...,
    format: Optional[str] = ...,
) -> Dict[str, Any]: ...
def techniques(*names: str, profile: Optional[str] = ...) -> List[TechniqueRecord]: ...
def generate(
    count: int = ...,
    *,
    level: Optional[str] = ...,
    er: Optional[Tuple[float, float]] = ...,
    hardest: Optional[str] = ...,
    require: Optional[Sequence[str]] = ...,
    symmetry: Optional[str] = ...,
    minimal: bool = ...,
    givens: Optional[Tuple[int, int]] = ...,
    seed: Optional[int] = ...,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
) -> Dict[str, Any]: ...

class _RateMany(Iterator[Any]):
    def __iter__(self) -> "_RateMany": ...
    def __next__(self) -> Any: ...
    def close(self) -> None: ...
    def __enter__(self) -> "_RateMany": ...
    def __exit__(self, *exc: Any) -> None: ...

def rate_many(
    puzzles: Iterable[str],
    *,
    jobs: Optional[int] = ...,
    profile: Optional[str] = ...,
    techniques: Optional[Sequence[str]] = ...,
    no_uniqueness: bool = ...,
    timeout: Optional[float] = ...,
    cache_mb: Optional[int] = ...,
    format: Optional[str] = ...,
    csv: bool = ...,
) -> _RateMany: ...
