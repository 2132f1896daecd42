"""Definitions of chapters 5 and 6 exactly as the notes print them, errors included
(and AIMA's Figure 6.3 where it assumes more than its chapter's games give).

These are not for use: they exist so that the tests can show how each printed
form fails, and so that a reader can see the difference from the transcription
in one place.  ERRATA.md lists each one: where, as printed, as transcribed, why.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lispy.chapter5.insanity import puzz3
from lispy.chapter5.tree_search import TreeSearch
from lispy.chapter6.game_trees import bestmax, bestmin
from lispy.sexpr.data import NIL, Cons, lisp
from lispy.sexpr.lists import a, d, mapcar, n, sublis

__all__ = [
    "PUZZ2_AS_PRINTED",
    "aima_max_value_as_printed",
    "allsol_with",
    "alphabeta_as_printed",
    "bestmaxa_as_printed",
    "bestmina_as_printed",
    "mapapp_as_printed",
    "mapapp_dot",
    "movemax_as_printed",
    "movemin_as_printed",
    "puzz4_as_printed",
]

Fn = Callable[[Any], Any]


def mapapp_as_printed(u: Any, fn: Fn) -> Any:
    """``mapapp[u,fn] ← if n u then NIL else fn[a u] . mappap[d u,fn]``, as printed (E1, E2).

    ``mappap`` is defined nowhere: the first non-empty list raises ``NameError``.
    """
    return NIL if n(u) else Cons(fn(a(u)), mappap(d(u), fn))  # type: ignore[name-defined] # noqa: F821


def mapapp_dot(u: Any, fn: Fn) -> Any:
    """The printed ``mapapp`` with ``mappap`` read as ``mapapp`` but ``.`` kept (E1).

    ``fn[a u] . mapapp[d u,fn]`` conses each list of solutions onto the rest
    instead of appending it: the result nests one level per level of the tree.
    """
    return NIL if n(u) else Cons(fn(a(u)), mapapp_dot(d(u), fn))


def allsol_with(mapapp: Callable[[Any, Fn], Any], search: TreeSearch) -> Callable[[Any], Any]:
    """The simple ``allsol`` of ch. 5 for ``search``'s application, using the given ``mapapp``::

    allsol p ← if lose p then NIL else if ter p then (p) else mapapp[successors p,allsol]
    """
    lose, ter, successors = search.lose, search.ter, search.successors

    def allsol(p: Any) -> Any:
        return NIL if lose(p) else lisp(p) if ter(p) else mapapp(successors(p), allsol)

    return allsol


PUZZ2_AS_PRINTED = (
    "puzz2 ← cycles[(2 3 4 5)]*cycles[((2 5 4 3)]*cycles[(1 2 6 4)]\n"
    "    *cycles[(1 4 6 2)]*cycles[(1 3 6 5)]*cycles[(1 5 6 3)]"
)
"""``puzz2`` as printed (E3): the second argument ``((2 5 4 3)`` has an unclosed parenthesis."""


def puzz4_as_printed() -> Any:
    """``puzz4 ← mapcar[puzz3,λs.sublis[s,puzz3]]``, as printed (E4).

    Substitutes each block's colours into ``puzz3``, the substitutions, instead
    of ``puzz2``, the face cycles: each block gets the four lists of pairs of
    ``puzz3`` with face numbers turned to colours, not 24 orientations.
    """
    return mapcar(puzz3, lambda s: sublis(s, puzz3))


# --- chapter 6 -----------------------------------------------------------------------------


def bestmaxa_as_printed(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """``bestmaxa`` as printed (E11): its body names ``bestsofar``, which is not a parameter.

    The first element that is compared raises ``NameError``.
    """
    return (
        sofar if n(u)
        else bestmaxa_as_printed(d(u), sofar, bestsofar, f) if f(a(u)) <= bestsofar  # type: ignore[name-defined] # noqa: F821
        else bestmaxa_as_printed(d(u), a(u), f(a(u)), f)
    )  # fmt: skip


def bestmina_as_printed(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """``bestmina`` as printed (E11): like ``bestmaxa``, its body names ``bestsofar``::

        bestmina[u,sofar,valsofar,f] ← if n u then sofar
            else if f[a u] ≥ bestsofar then bestmina[d u,sofar,bestsofar,f]
            else bestmina[d u,a u,f[a u],f]

    The first element that is compared raises ``NameError``.
    """
    return (
        sofar if n(u)
        else bestmina_as_printed(d(u), sofar, bestsofar, f) if f(a(u)) >= bestsofar  # type: ignore[name-defined] # noqa: F821
        else bestmina_as_printed(d(u), a(u), f(a(u)), f)
    )  # fmt: skip


def movemax_as_printed(p: Any) -> Any:
    """``movemax p ← bestmax[succesors p,valmin]`` as printed (E10): ``succesors`` is not defined."""
    return bestmax(succesors(p), valmin)  # type: ignore[name-defined] # noqa: F821


def movemin_as_printed(p: Any) -> Any:
    """``movemin p ← bestmin[succesors p,valmax]`` as printed (E10): ``succesors`` is not defined."""
    return bestmin(succesors(p), valmax)  # type: ignore[name-defined] # noqa: F821


def alphabeta_as_printed(successors: Fn, ter: Callable[[Any], bool], imval: Fn) -> tuple[Fn, Fn]:
    """``maxval`` and ``minval`` with ``maxval2`` and ``minval2`` as printed, without ``if n u`` (E12).

    When a list of successors runs out without a cutoff, ``a NIL = NIL`` is searched as a
    position.  Not run through ``run_deep``: a runaway stops at Python's own limit.
    """

    def maxval(p: Any) -> Any:
        return maxval1(p, -math.inf, math.inf)

    def maxval1(p: Any, α: Any, β: Any) -> Any:
        return max(α, min(β, imval(p))) if ter(p) else maxval2(successors(p), α, β)

    def maxval2(u: Any, α: Any, β: Any) -> Any:
        return (lambda w: β if w >= β else maxval2(d(u), max(α, w), β))(minval1(a(u), α, β))

    def minval(p: Any) -> Any:
        return minval1(p, -math.inf, math.inf)

    def minval1(p: Any, α: Any, β: Any) -> Any:
        return max(α, min(β, imval(p))) if ter(p) else minval2(successors(p), α, β)

    def minval2(u: Any, α: Any, β: Any) -> Any:
        return (lambda w: α if w <= α else minval2(d(u), α, min(w, β)))(maxval1(a(u), α, β))

    return maxval, minval


def aima_max_value_as_printed(game: Any, state: Any, player: Any) -> float:
    """AIMA 2nd ed. Figure 6.3's MAX-VALUE as printed: every successor is MIN's to move (E17)."""

    def max_value(state: Any) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -math.inf
        for _, s in game.successors(state):
            v = max(v, min_value(s))
        return v

    def min_value(state: Any) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = math.inf
        for _, s in game.successors(state):
            v = min(v, max_value(s))
        return v

    return max_value(state)
