from typing import Any, Dict, List, Optional, Tuple

def read(text: str) -> List[Tuple[int, str]]: ...
def solve(
    puzzle: str,
    *,
    name: Optional[str] = ...,
    engine: Optional[str] = ...,
    node_cap: Optional[int] = ...,
    shave: bool = ...,
    timeout: Optional[float] = ...,
) -> Dict[str, Any]: ...
def check(
    puzzle: str,
    *,
    name: Optional[str] = ...,
    engine: Optional[str] = ...,
    node_cap: Optional[int] = ...,
    shave: bool = ...,
    timeout: Optional[float] = ...,
) -> Dict[str, Any]: ...
def explain(
    puzzle: str, *, name: Optional[str] = ..., timeout: Optional[float] = ...
) -> Dict[str, Any]: ...
def rate(
    puzzle: str, *, name: Optional[str] = ..., timeout: Optional[float] = ...
) -> Dict[str, Any]: ...
def hint(
    puzzle: str,
    *,
    name: Optional[str] = ...,
    level: str = ...,
    timeout: Optional[float] = ...,
) -> Dict[str, Any]: ...
def generate(rows: int = ..., cols: int = ..., *, seed: int = ..., count: int = ...) -> List[Dict[str, Any]]: ...
