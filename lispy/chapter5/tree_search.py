"""Chapter 5, "Tree search": ``search`` and ``allsol``, transcribed.

McCarthy 1973, ch. 5.  An application supplies three functions of a position
``p``: ``lose p`` (no win lies at or below ``p``), ``ter p`` (``p`` is a win) and
``successors p`` (the list of positions one step on).  :func:`tree_search` binds
them once and returns the chapter's functions, each reading line by line like
the notes::

    search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]
    searchlis u ← if n u then LOSE else {search a u}[λx.if x = LOSE then searchlis d u else x]

    allsol p ← if lose p then NIL else if ter p then (p) else mapapp[successors p,allsol]
    mapapp[u,fn] ← if n u then NIL else fn[a u] * mapapp[d u,fn]
    u * v ← if n u then v else a u . [d u * v]

    allsol p ← allsola[p,NIL]
    allsola[p,found] ← if lose p then found else if ter p then p . found
                       else allsolb[successors p,found]
    allsolb[u,found] ← if n u then found else allsolb[d u,allsola[a u,found]]

The notes give ``allsol`` twice, the simple form and "a more efficient form" (ERRATA E5): here
``allsol`` and ``allsol_efficient``, which finds the same solutions in the reverse order.  The
functions returned are wrapped by :func:`lispy.recursion.deep`, so a search 100,000 levels deep works.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.recursion import deep
from lispy.sexpr.data import NIL, Cons, lisp
from lispy.sexpr.lists import a, d, equal, n

__all__ = ["LOSE", "TreeSearch", "append", "mapapp", "tree_search"]

LOSE = "LOSE"
"""The symbol ``search`` returns when no win exists.  No position may be ``LOSE`` (ch. 5)."""

Position = Any
Predicate = Callable[[Position], bool]


def mapapp(u: Any, fn: Callable[[Any], Any]) -> Any:
    """``mapapp[u,fn] ← if n u then NIL else fn[a u] * mapapp[d u,fn]``: ``fn``'s lists appended (ch. 5).
    FOO.XGP[206,JMC] line 619 (ch. 5, all the solutions).

    As corrected: the notes print ``.`` for ``*`` and call ``mappap`` (ERRATA E1, E2).  The simple
    ``allsol`` appends its successors' solutions with it: each ``*`` copies ``fn[a u]``'s cells.

    >>> mapapp(lisp(1, 2), lambda x: lisp(x, x))
    (1 1 2 2)
    """
    return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))


def append(u: Any, v: Any) -> Any:
    """``u * v ← if n u then v else a u . [d u * v]``: the elements of ``u`` followed by ``v``, the
    notes' ``*`` (LISP 1.5's ``append``), as :func:`mapapp` uses it at FOO.XGP[206,JMC] line 619
    (ch. 5, all the solutions).

    >>> append(lisp(1, 2), lisp(3))
    (1 2 3)
    """
    return v if n(u) else Cons(a(u), append(d(u), v))


class TreeSearch(NamedTuple):
    """Chapter 5's functions bound to one application's ``lose``, ``ter`` and ``successors``: each field
    after those three is the function of its name, its equation and source in its docstring.

    >>> from lispy.chapter5.insanity import tower, p0
    >>> tower.search(p0)
    ((G W R B) (R W G B) (B R G W) (W B G R))
    """

    lose: Predicate
    ter: Predicate
    successors: Callable[[Position], Any]
    search: Callable[[Position], Any]
    searchlis: Callable[[Any], Any]
    allsol: Callable[[Position], Any]
    allsol_efficient: Callable[[Position], Any]
    allsola: Callable[[Position, Any], Any]
    allsolb: Callable[[Any, Any], Any]


def tree_search(lose: Predicate, ter: Predicate, successors: Callable[[Position], Any]) -> TreeSearch:
    """Bind chapter 5's ``search`` and ``allsol`` to an application (McCarthy 1973, ch. 5).

    ``lose`` and ``ter`` take a position and give a truth value; ``successors``
    takes a position and gives a Lisp list of positions.  Positions are any
    values but the symbol ``LOSE``.  Returns a :class:`TreeSearch`; errors raised
    by the three functions pass through unchanged.

    >>> from lispy import lisp
    >>> counting = tree_search(lambda p: p > 9, lambda p: p == 7, lambda p: lisp(p + 2, p + 3))
    >>> counting.search(1), counting.allsol(1), counting.search(8)
    (7, (7 7), 'LOSE')
    """

    def search(p: Position) -> Any:
        """``search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]``

        The first win found depth first at or below ``p``, or ``LOSE``.  FOO.XGP[206,JMC] line 31
        (ch. 5, the general search).
        """
        return LOSE if lose(p) else p if ter(p) else searchlis(successors(p))

    def searchlis(u: Any) -> Any:
        """``searchlis u ← if n u then LOSE else {search a u}[λx.if x = LOSE then searchlis d u else x]``

        The first win below the positions of the list ``u``, in order, or ``LOSE``.
        FOO.XGP[206,JMC] line 39 (ch. 5, the general search).
        """
        return LOSE if n(u) else (lambda x: searchlis(d(u)) if equal(x, LOSE) else x)(search(a(u)))

    def allsol(p: Position) -> Any:
        """``allsol p ← if lose p then NIL else if ter p then (p) else mapapp[successors p,allsol]``

        The list of all the wins at or below ``p``, in the order ``search`` meets them.
        FOO.XGP[206,JMC] line 613 (ch. 5, all the solutions; the simple form).
        """
        return NIL if lose(p) else lisp(p) if ter(p) else mapapp(successors(p), allsol)

    def allsol_efficient(p: Position) -> Any:
        """``allsol p ← allsola[p,NIL]``: the notes' "more efficient form" of ``allsol`` (E5).

        The same wins as :func:`allsol`, in the reverse order, without copying lists.
        FOO.XGP[206,JMC] line 643 (ch. 5, all the solutions).
        """
        return allsola(p, NIL)

    def allsola(p: Position, found: Any) -> Any:
        """The wins at or below ``p`` put before the list ``found``, the last found first::

            allsola[p,found] ← if lose p then found else if ter p then p . found
                               else allsolb[successors p,found]

        FOO.XGP[206,JMC] line 647 (ch. 5, all the solutions).
        """
        return found if lose(p) else Cons(p, found) if ter(p) else allsolb(successors(p), found)

    def allsolb(u: Any, found: Any) -> Any:
        """``allsolb[u,found] ← if n u then found else allsolb[d u,allsola[a u,found]]``

        The wins below each position of the list ``u`` put before ``found``.
        FOO.XGP[206,JMC] line 651 (ch. 5, all the solutions).
        """
        return found if n(u) else allsolb(d(u), allsola(a(u), found))

    return TreeSearch(
        lose, ter, successors,
        deep(search), deep(searchlis), deep(allsol), deep(allsol_efficient), deep(allsola), deep(allsolb),
    )  # fmt: skip
