"""Running the notes' recursive definitions deep.

The notes' definitions recur once per list element or tree level: ``search``
on a path of 5,000 vertices nests about 15,000 Python calls, past CPython's
default limit of 1,000.  In CPython 3.11 a call from Python code to a Python
function does not use the C stack, so raising the interpreter's limit is safe
for such chains (memory is the bound, about 0.5 KB a frame); chains that pass
through C code at every level (``map``, ``functools.reduce``, ``toolz.curry``)
are not, and lispy's transcriptions avoid them.

:func:`deep_recursion` raises the limit for the duration of a ``with`` block or
of a decorated function's outermost call, and restores it afterwards.  The
functions that :func:`lispy.chapter5.tree_search.tree_search` returns are wrapped in it.
A runaway recursion still ends in ``RecursionError``, at :data:`DEEP_LIMIT` frames.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

__all__ = ["DEEP_LIMIT", "deep", "deep_recursion"]

DEEP_LIMIT = 200_000
"""Frames allowed inside :func:`deep_recursion` (about 100 MB of frames at most)."""

_lock = threading.Lock()
_depth = 0  # nesting of deep_recursion blocks, so only the outermost restores the limit
_saved = 0

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def deep_recursion(limit: int = DEEP_LIMIT) -> Iterator[None]:
    """Run the block with the recursion limit at least ``limit``; restore it after.

    >>> with deep_recursion():
    ...     result = search(p0)        # doctest: +SKIP

    The limit is interpreter-wide: another thread that recurs meanwhile sees it too.
    """
    global _depth, _saved
    with _lock:
        if _depth == 0:
            _saved = sys.getrecursionlimit()
        _depth += 1
        if sys.getrecursionlimit() < limit:
            sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                sys.setrecursionlimit(_saved)


def deep(f: Callable[P, R]) -> Callable[P, R]:
    """Decorate ``f`` so that each call runs inside :func:`deep_recursion`."""

    @functools.wraps(f)
    def call_deep(*args: P.args, **kwargs: P.kwargs) -> R:
        with deep_recursion():
            return f(*args, **kwargs)

    return call_deep
