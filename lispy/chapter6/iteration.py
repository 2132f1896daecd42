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
three on lists of numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import maxlis, maxlis_iterative
from lispy.runtime.counting import seconds
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
    """Seconds to take the largest of ``length`` numbers: by the recursive ``maxlis``, by the
    notes' iterative ``maxlis`` (``maxlisa``, transcribed: a Python recursion too), and by
    ``maxlisa`` as a loop."""

    length: int
    recursive: float
    iterative: float
    loop: float


def iteration_timings(lengths: tuple[int, ...] = (10, 1000)) -> list[IterationTimes]:
    """:class:`IterationTimes` for lists ``(0 1 … length-1)`` of each length (the recursive forms run on
    lispy's deep stack, :func:`lispy.runtime.recursion.deep`, as the transcriptions' callers do)."""

    def identity(y: Any) -> Any:
        return y

    recursive, iterative = deep(maxlis), deep(maxlis_iterative)
    found = []
    for length in lengths:
        u = from_iterable(range(length))
        found.append(
            IterationTimes(
                length,
                seconds(lambda u=u: recursive(u, identity), repeat=3),
                seconds(lambda u=u: iterative(u, identity), repeat=3),
                seconds(lambda u=u: maxlisa_loop(u, -float("inf"), identity), repeat=3),
            )
        )
    return found
