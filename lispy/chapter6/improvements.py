"""Improvements beside chapter 6's transcriptions (:mod:`lispy.chapter6.game_trees`), never instead of them.

The notes' definitions are transcribed as printed (corrected only where ERRATA.md says); what is
better than the print stands here, named as such:

- ``maxlis'`` and ``minlis'``, the "primed" forms the notes describe in words (ch. 6: without ±∞
  "it is necessary to prime the function with the values of f applied to the first element of the
  list, and the functions are meaningless for null lists"), raising :class:`NoMoveError` on ``NIL``;
- ``bestmaxa'``, ``bestmina'`` and the ``bestmax``/``bestmin`` over them, which value each element
  once where the printed ``bestmaxa`` values a new best twice (ERRATA E14), and refuse ``NIL``
  where the printed ``bestmax`` values ``a NIL`` (E13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.chapter6.game_trees import max, min
from lispy.sexpr.lists import a, d, n

__all__ = [
    "NoMoveError", "bestmax_once", "bestmaxa_once", "bestmin_once", "bestmina_once", "maxlis_primed",
    "minlis_primed",
]  # fmt: skip

Fn = Callable[[Any], Any]


class NoMoveError(ValueError):
    """A move was asked of a list of no moves (``bestmax_once``), or a primed maximum of ``NIL``."""


def maxlis_primed(u: Any, f: Fn) -> Any:
    """``maxlis'[u,f] ← if n d u then f[a u] else max[f[a u],maxlis'[d u,f]]``: ``maxlis`` without ``-∞``.

    The notes' "primed" form, "meaningless for null lists" (ch. 6): raises :class:`NoMoveError` on ``NIL``.

    >>> from lispy import read
    >>> maxlis_primed(read("(3 12 8)"), lambda x: x)
    12
    >>> maxlis_primed(read("()"), lambda x: x)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    lispy.chapter6.improvements.NoMoveError: maxlis': meaningless for the empty list NIL ...
    """
    if n(u):
        raise NoMoveError("maxlis': meaningless for the empty list NIL (no first element to prime with)")
    return f(a(u)) if n(d(u)) else max(f(a(u)), maxlis_primed(d(u), f))


def minlis_primed(u: Any, f: Fn) -> Any:
    """``minlis'[u,f] ← if n d u then f[a u] else min[f[a u],minlis'[d u,f]]``: ``minlis`` without ``∞``.

    >>> from lispy import read
    >>> minlis_primed(read("(3 12 8)"), lambda x: x)
    3
    """
    if n(u):
        raise NoMoveError("minlis': meaningless for the empty list NIL (no first element to prime with)")
    return f(a(u)) if n(d(u)) else min(f(a(u)), minlis_primed(d(u), f))


def bestmaxa_once(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """:func:`bestmaxa` evaluating ``f`` once per element, an improvement beside the printed form::

        bestmaxa'[u,sofar,valsofar,f] ← if n u then sofar
            else {f[a u]}[λv. if v ≤ valsofar then bestmaxa'[d u,sofar,valsofar,f]
                              else bestmaxa'[d u,a u,v,f]]

    >>> from lispy import read
    >>> bestmaxa_once(read("(1 -5 3)"), 0, 0, abs)
    -5
    """
    return sofar if n(u) else (
        lambda v: bestmaxa_once(d(u), sofar, valsofar, f) if v <= valsofar
        else bestmaxa_once(d(u), a(u), v, f)
    )(f(a(u)))  # fmt: skip


def bestmina_once(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """:func:`bestmina` evaluating ``f`` once per element (see :func:`bestmaxa_once`).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmina_once(read("((2 4 6) (14 5 2))"), read("(3 12 8)"), 12, tree.valmax)
    (2 4 6)
    """
    return sofar if n(u) else (
        lambda v: bestmina_once(d(u), sofar, valsofar, f) if v >= valsofar
        else bestmina_once(d(u), a(u), v, f)
    )(f(a(u)))  # fmt: skip


def bestmax_once(u: Any, f: Fn) -> Any:
    """:func:`bestmax` with :func:`bestmaxa_once`: the same choice, each element valued once.

    Raises :class:`NoMoveError` if ``u`` is ``NIL``, where :func:`bestmax`, as the notes
    define it, values ``a NIL`` and returns ``NIL`` (E13).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmax_once(read("((3 12 8) (2 4 6) (14 5 2))"), tree.valmin)
    (3 12 8)
    >>> bestmax_once(read("()"), tree.valmin)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    lispy.chapter6.improvements.NoMoveError: bestmax_once: no element to choose: the list is NIL ...
    """
    if n(u):
        raise NoMoveError("bestmax_once: no element to choose: the list is NIL (a position with no moves?)")
    return bestmaxa_once(d(u), a(u), f(a(u)), f)


def bestmin_once(u: Any, f: Fn) -> Any:
    """:func:`bestmin` with :func:`bestmina_once`; raises :class:`NoMoveError` if ``u`` is ``NIL``.

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmin_once(read("((3 12 8) (2 4 6) (14 5 2))"), tree.valmax)
    (2 4 6)
    """
    if n(u):
        raise NoMoveError("bestmin_once: no element to choose: the list is NIL (a position with no moves?)")
    return bestmina_once(d(u), a(u), f(a(u)), f)
