"""Chapter 6, "Game trees": minimax, the choice of a move, and the αβ-heuristic, transcribed.

McCarthy 1973, ch. 6.  A game supplies ``successors p`` (the list of positions
one move on), ``ter p`` (``p`` is terminal for this analysis) and ``imval p`` (a
number approximating ``p``'s value to the maximizing player).
:func:`game_tree_search` binds them once and returns the chapter's functions::

    valmax p ← if ter p then imval p else maxlis[successors p,valmin]
    valmin p ← if ter p then imval p else minlis[successors p,valmax]
    movemax p ← bestmax[successors p,valmin]
    movemin p ← bestmin[successors p,valmax]

    maxval p ← maxval1[p,-∞,∞]
    maxval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else maxval2[successors p,α,β]
    maxval2[u,α,β] ← if n u then α
                     else {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]]
    minval p ← minval1[p,-∞,∞]
    minval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else minval2[successors p,α,β]
    minval2[u,α,β] ← if n u then β
                     else {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]]]

The list functions (``maxlis``, ``bestmax``, …) do not depend on the game.  ``max`` and ``min`` here
are the notes' own, of two values: they shadow Python's in this module only (not in ``__all__``).
Corrections to the printed text are in ERRATA.md (E10–E15, E21), each cited where it applies.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.recursion import deep
from lispy.sexpr.lists import a, d, n

__all__ = [  # not max and min: a star import must not rebind Python's
    "INF", "Game", "GameTreeSearch", "bestmax", "bestmaxa", "bestmin", "bestmina", "game_tree_search",
    "maxlis", "maxlis_iterative", "maxlisa", "minlis",
]  # fmt: skip

INF = math.inf
"""McCarthy's ``∞``: a number above every value that occurs."""

Position = Any
Fn = Callable[[Any], Any]


# --- the notes' max and min of two values --------------------------------------------


def max(x: Any, y: Any) -> Any:  # shadows Python's max in this module: the notes' own
    """``max[x,y]``: the larger of two values, ``x`` on a tie, as Python's ``max(x, y)`` gives it; the
    notes use it without defining it (ERRATA E7).

    >>> max(3, 12), max(-INF, 2), min(3, 12), min(INF, 2)
    (12, 2, 3, 2)
    """
    return y if y > x else x


def min(x: Any, y: Any) -> Any:  # shadows Python's min in this module, as max does
    """``min[x,y]``: the smaller of two values, ``x`` on a tie, as Python's ``min(x, y)`` gives it."""
    return y if y < x else x


# --- the maximum and minimum of a function on a list --------------------------------


def maxlis(u: Any, f: Fn) -> Any:
    """``maxlis[u,f] ← if n u then -∞ else max[f[a u],maxlis[d u,f]]``: the largest ``f`` on ``u``.
    FOO.XGP[206,JMC] line 789 (ch. 6, minimax).

    >>> from lispy import read
    >>> maxlis(read("(3 12 8)"), lambda x: x), maxlis(read("()"), lambda x: x)
    (12, -inf)
    """
    return -INF if n(u) else max(f(a(u)), maxlis(d(u), f))


def minlis(u: Any, f: Fn) -> Any:
    """``minlis[u,f] ← if n u then ∞ else min[f[a u],minlis[d u,f]]``: the smallest ``f`` on ``u``.
    FOO.XGP[206,JMC] line 797 (ch. 6, minimax).

    >>> from lispy import read
    >>> minlis(read("(3 12 8)"), lambda x: x), minlis(read("()"), lambda x: x)
    (3, inf)
    """
    return INF if n(u) else min(f(a(u)), minlis(d(u), f))


def maxlis_iterative(u: Any, f: Fn) -> Any:
    """``maxlis[u,f] ← maxlisa[u,-∞,f]``: the notes' iterative ``maxlis`` (ch. 6; ERRATA E15).
    FOO.XGP[206,JMC] line 828 (ch. 6, minimax).

    >>> from lispy import read
    >>> maxlis_iterative(read("(3 12 8)"), lambda x: -x)
    -3
    """
    return maxlisa(u, -INF, f)


def maxlisa(u: Any, x: Any, f: Fn) -> Any:
    """``maxlisa[u,x,f] ← if n u then x else maxlisa[d u,max[x,f[a u]],f]``: max of x and f on u.
    FOO.XGP[206,JMC] line 836 (ch. 6, minimax).

    >>> from lispy import read
    >>> maxlisa(read("(3 12 8)"), 20, lambda x: x), maxlisa(read("(3 12 8)"), 0, lambda x: x)
    (20, 12)
    """
    return x if n(u) else maxlisa(d(u), max(x, f(a(u))), f)


# --- the best element of a list -------------------------------------------------------


def bestmax(u: Any, f: Fn) -> Any:
    """``bestmax[u,f] ← bestmaxa[d u,a u,f[a u],f]``: the first element of ``u`` with the largest ``f``.
    FOO.XGP[206,JMC] line 876 (ch. 6, choosing a move).

    Precondition, as in the notes: ``u`` is not ``NIL`` (E13;
    :func:`~lispy.chapter6.improvements.bestmax_once` checks it).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmax(read("((3 12 8) (2 4 6) (14 5 2))"), tree.valmin)
    (3 12 8)
    >>> bestmax(read("()"), tree.valmin)  # the precondition broken: NIL, as the notes' equation gives (E13)
    NIL
    """
    return bestmaxa(d(u), a(u), f(a(u)), f)


def bestmaxa(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """The best of ``sofar`` (worth ``valsofar``) and the elements of ``u``, FOO.XGP[206,JMC] line 880
    (ch. 6, choosing a move), as printed but for E11::

        bestmaxa[u,sofar,valsofar,f] ← if n u then sofar
            else if f[a u] ≤ valsofar then bestmaxa[d u,sofar,valsofar,f]
            else bestmaxa[d u,a u,f[a u],f]

    A new best is evaluated twice, ``f[a u]`` in the test and again in the call: with
    ``f = valmin`` that searches its subtree twice.  :func:`~lispy.chapter6.improvements.bestmaxa_once`
    does not (E14).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmaxa(read("((2 4 6) (14 5 2))"), read("(3 12 8)"), 3, tree.valmin)
    (3 12 8)
    """
    return (
        sofar if n(u)
        else bestmaxa(d(u), sofar, valsofar, f) if f(a(u)) <= valsofar
        else bestmaxa(d(u), a(u), f(a(u)), f)
    )  # fmt: skip


def bestmin(u: Any, f: Fn) -> Any:
    """``bestmin[u,f] ← bestmina[d u,a u,f[a u],f]``: the first element of ``u`` with the smallest ``f``.
    FOO.XGP[206,JMC] line 888 (ch. 6, choosing a move).

    The same precondition as :func:`bestmax`: ``u`` is not ``NIL``
    (:func:`~lispy.chapter6.improvements.bestmin_once` checks it).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmin(read("((3 12 8) (2 4 6) (14 5 2))"), tree.valmax)
    (2 4 6)
    """
    return bestmina(d(u), a(u), f(a(u)), f)


def bestmina(u: Any, sofar: Any, valsofar: Any, f: Fn) -> Any:
    """The worst of ``sofar`` and the elements of ``u``, FOO.XGP[206,JMC] line 896 (ch. 6, choosing a
    move), as printed but for E11::

        bestmina[u,sofar,valsofar,f] ← if n u then sofar
            else if f[a u] ≥ valsofar then bestmina[d u,sofar,valsofar,f]
            else bestmina[d u,a u,f[a u],f]

    :func:`bestmaxa` with ``≥`` for ``≤``; :func:`~lispy.chapter6.improvements.bestmina_once`
    evaluates once (E14).

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> bestmina(read("((2 4 6) (14 5 2))"), read("(3 12 8)"), 12, tree.valmax)
    (2 4 6)
    """
    return (
        sofar if n(u)
        else bestmina(d(u), sofar, valsofar, f) if f(a(u)) >= valsofar
        else bestmina(d(u), a(u), f(a(u)), f)
    )  # fmt: skip


# --- the game's functions -----------------------------------------------------------------


class Game(NamedTuple):
    """A game as chapter 6 takes it (see the module's docstring); ``game_tree_search(*game)`` binds it."""

    successors: Callable[[Position], Any]
    ter: Callable[[Position], bool]
    imval: Callable[[Position], Any]


class GameTreeSearch(NamedTuple):
    """Chapter 6's functions bound to one game's ``successors``, ``ter`` and ``imval`` (:class:`Game`):
    each field after those three is the function of its name, its equation and source in its docstring.

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import tree
    >>> t = read("((3 12 8) (2 4 6) (14 5 2))")
    >>> tree.valmax(t), tree.valmin(t), tree.maxval(t), tree.minval(t), tree.movemax(t), tree.movemin(t)
    (3, 6, 3, 6, (3 12 8), (2 4 6))
    """

    successors: Callable[[Position], Any]
    ter: Callable[[Position], bool]
    imval: Callable[[Position], Any]
    valmax: Callable[[Position], Any]
    valmin: Callable[[Position], Any]
    movemax: Callable[[Position], Any]
    movemin: Callable[[Position], Any]
    maxval: Callable[[Position], Any]
    maxval1: Callable[[Position, Any, Any], Any]
    maxval2: Callable[[Any, Any, Any], Any]
    minval: Callable[[Position], Any]
    minval1: Callable[[Position, Any, Any], Any]
    minval2: Callable[[Any, Any, Any], Any]


def game_tree_search(
    successors: Callable[[Position], Any], ter: Callable[[Position], bool], imval: Callable[[Position], Any]
) -> GameTreeSearch:
    """Bind chapter 6's definitions to a game (McCarthy 1973, ch. 6).

    ``successors`` gives a Lisp list of positions, ``ter`` a truth value, ``imval`` a number (``int``
    or ``float``; ``±∞`` allowed).  Returns a :class:`GameTreeSearch` whose functions are wrapped by
    :func:`lispy.recursion.deep`.

    >>> from lispy import from_iterable
    >>> nim = game_tree_search(  # take 1 or 2 from a heap; who cannot move loses
    ...     lambda p: from_iterable([(p[0] - k, not p[1]) for k in (1, 2) if k <= p[0]]),
    ...     lambda p: p[0] == 0,
    ...     lambda p: -1 if p[1] else 1,  # p[1]: the maximizing player is to move
    ... )
    >>> [nim.valmax((k, True)) for k in range(7)]
    [-1, 1, 1, -1, 1, 1, -1]
    >>> nim.maxval1((4, True), -1, 0)  # fail-hard: the value 1 clamped to the window [-1, 0]
    0
    """

    def valmax(p: Position) -> Any:
        """``valmax p ← if ter p then imval p else maxlis[successors p,valmin]``

        The minimax value of ``p`` with the maximizing player to move.  FOO.XGP[206,JMC] line 844
        (ch. 6, minimax).
        """
        return imval(p) if ter(p) else maxlis(successors(p), valmin)

    def valmin(p: Position) -> Any:
        """``valmin p ← if ter p then imval p else minlis[successors p,valmax]``

        The minimax value of ``p`` with the minimizing player to move.  FOO.XGP[206,JMC] line 852
        (ch. 6, minimax).
        """
        return imval(p) if ter(p) else minlis(successors(p), valmax)

    def movemax(p: Position) -> Any:
        """``movemax p ← bestmax[successors p,valmin]`` (printed ``succesors``: E10)

        The successor of ``p`` that the maximizing player chooses; ``p`` must have a move (E13).
        FOO.XGP[206,JMC] line 860 (ch. 6, choosing a move).
        """
        return bestmax(successors(p), valmin)

    def movemin(p: Position) -> Any:
        """``movemin p ← bestmin[successors p,valmax]`` (printed ``succesors``: E10)

        The successor of ``p`` that the minimizing player chooses; ``p`` must have a move (E13).
        FOO.XGP[206,JMC] line 868 (ch. 6, choosing a move).
        """
        return bestmin(successors(p), valmax)

    def maxval(p: Position) -> Any:
        """``maxval p ← maxval1[p,-∞,∞]``: ``valmax p`` by the αβ-heuristic.

        FOO.XGP[206,JMC] line 998 (ch. 6, the αβ-heuristic).
        """
        return maxval1(p, -INF, INF)

    def maxval1(p: Position, α: Any, β: Any) -> Any:
        """``maxval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else maxval2[successors p,α,β]``

        ``max[α,min[β,valmax p]]`` for α < β (fail-hard).
        FOO.XGP[206,JMC] line 1002 (ch. 6, the αβ-heuristic).
        """
        return max(α, min(β, imval(p))) if ter(p) else maxval2(successors(p), α, β)

    def maxval2(u: Any, α: Any, β: Any) -> Any:
        """The maximizing player's choice among the positions of ``u``, within the window (α, β)::

            maxval2[u,α,β] ← if n u then α
                else {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]]

        Printed without the case ``if n u then α`` (E12).
        FOO.XGP[206,JMC] line 1006 (ch. 6, the αβ-heuristic).
        """
        return α if n(u) else (
            lambda w: β if w >= β else maxval2(d(u), max(α, w), β)
        )(minval1(a(u), α, β))  # fmt: skip

    def minval(p: Position) -> Any:
        """``minval p ← minval1[p,-∞,∞]``: ``valmin p`` by the αβ-heuristic.

        FOO.XGP[206,JMC] line 1010 (ch. 6, the αβ-heuristic).
        """
        return minval1(p, -INF, INF)

    def minval1(p: Position, α: Any, β: Any) -> Any:
        """``minval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else minval2[successors p,α,β]``

        ``max[α,min[β,valmin p]]`` for α < β (fail-hard).
        FOO.XGP[206,JMC] line 1014 (ch. 6, the αβ-heuristic).
        """
        return max(α, min(β, imval(p))) if ter(p) else minval2(successors(p), α, β)

    def minval2(u: Any, α: Any, β: Any) -> Any:
        """The minimizing player's choice among the positions of ``u``, within the window (α, β)::

            minval2[u,α,β] ← if n u then β
                else {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]]]

        Printed without the case ``if n u then β`` and with a bracket short (E12, E21).
        FOO.XGP[206,JMC] line 1018 (ch. 6, the αβ-heuristic).
        """
        return β if n(u) else (
            lambda w: α if w <= α else minval2(d(u), α, min(w, β))
        )(maxval1(a(u), α, β))  # fmt: skip

    return GameTreeSearch(
        successors, ter, imval,
        deep(valmax), deep(valmin), deep(movemax), deep(movemin),
        deep(maxval), deep(maxval1), deep(maxval2), deep(minval), deep(minval1), deep(minval2),
    )  # fmt: skip
