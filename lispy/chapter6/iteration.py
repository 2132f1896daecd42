""" "Iterative versions of the functions are generally better" (McCarthy 1973, ch. 6), measured.

The notes give ``maxlis`` recursively, then "only the iterative version of maxlis"::

    maxlis[u,f] ← if n u then -∞ else max[f[a u],maxlis[d u,f]]
    maxlis[u,f] ← maxlisa[u,-∞,f]
    maxlisa[u,x,f] ← if n u then x else maxlisa[d u,max[x,f[a u]],f]

The first leaves a ``max`` pending at every element and finishes them on the way back; the second
carries the maximum so far in ``x``, and its recursive call is its whole value (a tail call), which
a LISP compiler makes a jump: a loop in constant space.  Python makes no such jump, so the
transcription :func:`~lispy.chapter6.game_trees.maxlisa` still takes a frame per element;
:func:`maxlisa_loop` is ``maxlisa`` as the compiler runs it.  :func:`iteration_timings` times the
three on lists of numbers and counts the frames each keeps open: the space the notes' "better" saves.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import maxlis, maxlis_iterative
from lispy.runtime.counting import Count, seconds
from lispy.runtime.recursion import deep
from lispy.sexpr.data import from_iterable
from lispy.sexpr.lists import a, d, n

__all__ = ["IterationTimes", "iteration_timings", "maxlisa_loop"]


def maxlisa_loop(u: Any, x: Any, f: Callable[[Any], Any]) -> Any:
    """``maxlisa[u,x,f]`` with its tail call made a jump, as a LISP compiler runs it: a loop.

    >>> maxlisa_loop(from_iterable([3, 12, 8]), float("-inf"), lambda y: y)
    12
    """
    while not n(u):
        u, x = d(u), max(x, f(a(u)))
    return x


class IterationTimes(NamedTuple):
    """Taking the largest of ``length`` numbers by the recursive ``maxlis``, by the notes' iterative
    ``maxlis`` (``maxlisa``, transcribed: a Python recursion too), and by ``maxlisa`` as a loop:
    seconds (``recursive``, ``iterative``, ``loop``) and the most Python frames each had open at
    once, counted from its first call of ``f`` (``frames``: the three in that order)."""

    length: int
    recursive: float
    iterative: float
    loop: float
    frames: tuple[int, int, int]


def _depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    return depth


def _frames(run: Callable[[Callable[[Any], Any]], Any]) -> int:
    f = Count(lambda y: y, keep=lambda y: _depth())
    run(f.counted)
    return max(f.seen) - min(f.seen)


def iteration_timings(lengths: tuple[int, ...] = (10, 1000)) -> list[IterationTimes]:
    """:class:`IterationTimes` for lists ``(0 1 … length-1)`` of each length (the recursive forms run on
    lispy's deep stack, :func:`lispy.runtime.recursion.deep`, as the transcriptions' callers do)."""

    def identity(y: Any) -> Any:
        return y

    recursive, iterative = deep(maxlis), deep(maxlis_iterative)
    found = []
    for length in lengths:
        u = from_iterable(range(length))
        runs: list[Callable[[Callable[[Any], Any]], Any]] = [
            functools.partial(recursive, u),
            functools.partial(iterative, u),
            functools.partial(maxlisa_loop, u, -float("inf")),
        ]
        times = [seconds(functools.partial(run, identity), budget=0.005, repeat=3) for run in runs]
        frames = [_frames(run) for run in runs]
        found.append(IterationTimes(length, times[0], times[1], times[2], (frames[0], frames[1], frames[2])))
    return found
