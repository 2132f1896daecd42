"""Counting what a search does, and timing it: the one counter and the one timer of lispy.

Every count of "positions examined" in the library, the chapter scripts and the edition is a
:class:`Count`: a function wrapped so that its calls are counted (and, if asked, what each call
was given is kept in order).  A search examines a position when it applies ``lose`` (chapter 5),
``ter`` or ``imval`` (chapter 6), or ``terminal_test`` (AIMA) to it; wrapping that function
counts the positions, leaving the transcription as it is.

    >>> square = Count(lambda x: x * x, keep=lambda x: x)
    >>> [square(x) for x in (3, 4)]
    [9, 16]
    >>> square.calls, square.seen
    (2, [3, 4])

Every time measured is :func:`timings` (or :func:`seconds`, its best): a few repeats of about
``budget`` seconds each, each the mean over as many calls as fill it.  The spread of the repeats
is part of the measurement; a verdict on a ratio of times says it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Count", "seconds", "timings"]

R = TypeVar("R")


class Count(Generic[R]):
    """``f``, counting its calls: :attr:`counted` (or the count itself) is called as ``f`` is and
    returns what ``f`` returns.

    ``calls``: how many times it was called since it was made or :meth:`reset`.  ``seen``: with
    ``keep``, what ``keep`` makes of each call's arguments, in order (``keep=lambda p: p`` keeps the
    positions themselves); without it, stays empty.  Give a search :attr:`counted`, a plain
    function: calling the count itself costs a method call more on every position.
    """

    __slots__ = ("_tally", "counted", "f", "seen")

    def __init__(self, f: Callable[..., R], keep: Callable[..., Any] | None = None) -> None:
        self.f = f
        tally = self._tally = [0]
        seen: list[Any] = []
        self.seen = seen

        if keep is None:

            def counted(*args: Any) -> R:
                tally[0] += 1
                return f(*args)

        else:

            def counted(*args: Any) -> R:
                tally[0] += 1
                seen.append(keep(*args))
                return f(*args)

        self.counted: Callable[..., R] = counted
        """``f``, counted."""

    @property
    def calls(self) -> int:
        """How many times :attr:`counted` was called."""
        return self._tally[0]

    def __call__(self, *args: Any) -> R:
        return self.counted(*args)

    def reset(self) -> None:
        """Forget the calls counted and kept (``seen`` stays the same list, emptied)."""
        self._tally[0] = 0
        self.seen.clear()


def timings(f: Callable[[], Any], budget: float = 0.03, repeat: int = 5) -> list[float]:
    """Seconds per call of ``f``, ``repeat`` times: each the mean over as many calls as fill about
    ``budget`` seconds (one call at least).  ``f`` is called once first, untimed, to size the runs.

    >>> len(timings(lambda: sum(range(100)), budget=0.001, repeat=3))
    3
    """
    start = time.perf_counter()
    f()
    once = max(time.perf_counter() - start, 1e-7)
    number = max(1, int(budget / once))
    measured = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            f()
        measured.append((time.perf_counter() - start) / number)
    return measured


def seconds(f: Callable[[], Any], budget: float = 0.03, repeat: int = 5) -> float:
    """Seconds per call of ``f``: the best of :func:`timings` (the least disturbed by other work).

    >>> 0 < seconds(lambda: sum(range(100)), budget=0.001) < 1
    True
    """
    return min(timings(f, budget, repeat), default=math.inf)
