"""The list functions exactly as their equations read: recursive, one line per clause.

These are the forms to put beside the notes (McCarthy 1973, ch. 5; LISP 1.5
appendix A for those the notes take as known).  They recur once per element,
so they reach Python's recursion limit on long lists; :mod:`lispy.sexpr.lists` has
the loop forms that the library uses, and the tests check on random lists that
each loop form equals the recursive form here.

Four of them are definitions of the notes' chapter 5, and these are their transcriptions, the
ones :mod:`lispy.notes.index` points a reader to: :func:`mapcar2`, :func:`upto`,
:func:`mapchoose` and :func:`mapapp` (as corrected, ERRATA E1 and E2).  The others are the
functions the chapters take as known (ERRATA E7 lists each with its source).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.sexpr.data import NIL, Cons
from lispy.sexpr.lists import a, atom, d, eq, equal, n

Fn = Callable[[Any], Any]


def length(u: Any) -> int:
    return 0 if n(u) else 1 + length(d(u))


def member(x: Any, u: Any) -> bool:  # x ε u
    return False if n(u) else equal(x, a(u)) or member(x, d(u))


def nth(u: Any, k: int) -> Any:
    return u if k == 1 else nth(d(u), k - 1)


def assoc(x: Any, l: Any) -> Any:
    return NIL if n(l) else a(l) if equal(a(a(l)), x) else assoc(x, d(l))


def append(u: Any, v: Any) -> Any:  # u * v
    return v if n(u) else Cons(a(u), append(d(u), v))


def reverse(u: Any) -> Any:
    def rev(u: Any, r: Any) -> Any:
        return r if n(u) else rev(d(u), Cons(a(u), r))

    return rev(u, NIL)


def upto(u: Any, x: Any) -> Any:
    """``upto[u,x] ← if x eq u then NIL else a u . upto[d u,x]``: ``u`` up to its tail ``x`` (ch. 5).

    The notes' auxiliary function of ``cycles``.  As printed, it recurs for ever when ``x`` is
    not a tail of ``u`` (ERRATA E9); :func:`lispy.sexpr.lists.upto` raises instead.
    """
    return NIL if eq(x, u) else Cons(a(u), upto(d(u), x))


def prup(u: Any, v: Any) -> Any:
    return NIL if n(u) else Cons(Cons(a(u), a(v)), prup(d(u), d(v)))


def sublis(s: Any, e: Any) -> Any:
    return sub2(s, e) if atom(e) else Cons(sublis(s, a(e)), sublis(s, d(e)))


def sub2(s: Any, z: Any) -> Any:
    return z if n(s) else d(a(s)) if eq(a(a(s)), z) else sub2(d(s), z)


def orlis(u: Any, p: Fn) -> bool:
    return False if n(u) else bool(p(a(u))) or orlis(d(u), p)


def andlis(u: Any, p: Fn) -> bool:
    return True if n(u) else bool(p(a(u))) and andlis(d(u), p)


def mapcar(u: Any, f: Fn) -> Any:
    return NIL if n(u) else Cons(f(a(u)), mapcar(d(u), f))


def maplist(u: Any, f: Fn) -> Any:
    return NIL if n(u) else Cons(f(u), maplist(d(u), f))


def mapcar2(u: Any, v: Any, f: Callable[[Any, Any], Any]) -> Any:
    """``mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f]``: ``f`` pairwise (ch. 5).

    Instant Insanity's ``successors`` puts a block's colours on the four faces with it.
    """
    return NIL if n(u) else Cons(f(a(u), a(v)), mapcar2(d(u), d(v), f))


def mapchoose(u: Any, pred: Fn, fn: Fn) -> Any:
    """``fn`` of each element of ``u`` that satisfies ``pred`` (ch. 5, the bit-word ``successors``)::

        mapchoose[u,pred,fn] ← if n u then NIL
            else if pred a u then fn[a u] . mapchoose[d u,pred,fn]
            else mapchoose[d u,pred,fn]

    >>> from lispy.sexpr.reader import read
    >>> mapchoose(read("(1 2 3 4)"), lambda x: x % 2 == 0, lambda x: 10 * x)
    (20 40)
    """
    # fmt: off
    return (NIL if n(u)
            else Cons(fn(a(u)), mapchoose(d(u), pred, fn)) if pred(a(u))
            else mapchoose(d(u), pred, fn))
    # fmt: on


def mapapp(u: Any, fn: Fn) -> Any:
    """``mapapp[u,fn] ← if n u then NIL else fn[a u] * mapapp[d u,fn]``: ``fn``'s lists appended (ch. 5).

    As corrected: the notes print ``.`` for ``*`` and call ``mappap`` (ERRATA E1, E2).  The simple
    ``allsol`` appends its successors' solutions with it: each ``*`` copies ``fn[a u]``'s cells.
    """
    return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))
