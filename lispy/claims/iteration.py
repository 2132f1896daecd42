""" "Iterative versions of the functions are generally better" (McCarthy 1973, ch. 6), measured.

The notes give ``maxlis`` recursively, then "only the iterative version of maxlis", ``maxlisa``
(both in :mod:`lispy.chapter6.game_trees`).  The first leaves a ``max`` pending at every element;
the second's recursive call is its whole value (a tail call), which a LISP compiler makes a jump.
Python makes none, so the transcription still takes a frame per element; :func:`maxlisa_loop` is
``maxlisa`` as the compiler runs it.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any

from lispy.chapter6.game_trees import maxlis, maxlis_iterative
from lispy.counting import Count
from lispy.recursion import deep
from lispy.sexpr.data import from_iterable
from lispy.sexpr.lists import a, d, n


def maxlisa_loop(u: Any, x: Any, f: Callable[[Any], Any]) -> Any:
    """``maxlisa[u,x,f]`` with its tail call made a jump, as a LISP compiler runs it: a loop.

    >>> maxlisa_loop(from_iterable([3, 12, 8]), float("-inf"), lambda y: y)
    12
    """
    while not n(u):
        u, x = d(u), max(x, f(a(u)))
    return x


FORMS = ("maxlis", "maxlisa", "maxlisa as a loop")
"""The three ways of taking the largest of n numbers that :func:`forms` gives, in its order."""


def forms(length: int, f: Callable[[Any], Any] = lambda y: y) -> list[Callable[[], Any]]:
    """The largest ``f`` of the numbers ``(0 1 … length-1)`` taken the three ways of :data:`FORMS`,
    ready to time: each a call of no arguments, the recursive ones on lispy's deep stack (as the
    transcriptions' callers run them: :func:`lispy.recursion.deep`).

    >>> [run() for run in forms(10)]
    [9, 9, 9]
    """
    u = from_iterable(range(length))
    return [
        functools.partial(deep(maxlis), u, f),
        functools.partial(deep(maxlis_iterative), u, f),
        functools.partial(maxlisa_loop, u, -float("inf"), f),
    ]


def _depth() -> int:
    """The number of Python frames open at the call."""
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1  # type: ignore[assignment]
    return depth


def frames_open(length: int) -> tuple[int, int, int]:
    """The most Python frames each of the three :func:`forms` has open at once while taking the largest of
    ``length`` numbers, counted from its first call of ``f``: the space the notes' "better" saves.

    >>> frames_open(1000)
    (999, 999, 0)
    """
    found = []
    for i in range(len(FORMS)):
        f = Count(lambda y: y, keep=lambda y: (threading.get_ident(), _depth()))
        forms(length, f.counted)[i]()
        last = [depth for thread, depth in f.seen if thread == f.seen[-1][0]]  # the run that ended
        found.append(max(last) - min(last))
    return found[0], found[1], found[2]
