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

from lispy.sexpr.data import (
    NIL,
    Cons,
    lisp,  # noqa: F401 (the examples build their lists with it)
)
from lispy.sexpr.lists import a, atom, d, eq, equal, n

Fn = Callable[[Any], Any]


def length(u: Any) -> int:
    """``length u ← if n u then 0 else 1 + length d u``.

    >>> length(lisp("G", "B", "W"))
    3
    """
    return 0 if n(u) else 1 + length(d(u))


def member(x: Any, u: Any) -> bool:  # x ε u
    """``x ε u ← if n u then false else x = a u ∨ x ε d u``.

    >>> member("B", lisp("G", "B")), member("R", lisp("G", "B"))
    (True, False)
    """
    return False if n(u) else equal(x, a(u)) or member(x, d(u))


def nth(u: Any, k: int) -> Any:
    """``nth[u,k] ← if k = 1 then u else nth[d u, k-1]``: the tail from element ``k``.

    >>> nth(lisp("G", "B", "W"), 2)
    (B W)
    """
    return u if k == 1 else nth(d(u), k - 1)


def assoc(x: Any, l: Any) -> Any:
    """``assoc[x,l] ← if n l then NIL else if a a l = x then a l else assoc[x, d l]``.

    >>> assoc(2, lisp(Cons(1, "G"), Cons(2, "B"))), assoc(3, lisp(Cons(1, "G")))
    ((2 . B), NIL)
    """
    return NIL if n(l) else a(l) if equal(a(a(l)), x) else assoc(x, d(l))


def append(u: Any, v: Any) -> Any:  # u * v
    """``u * v ← if n u then v else a u . [d u * v]``.

    >>> append(lisp(1, 2), lisp(3))
    (1 2 3)
    """
    return v if n(u) else Cons(a(u), append(d(u), v))


def reverse(u: Any) -> Any:
    """``reverse u ← rev[u, NIL]``, ``rev[u,r] ← if n u then r else rev[d u, a u . r]``.

    >>> reverse(lisp(1, 2, 3))
    (3 2 1)
    """

    def rev(u: Any, r: Any) -> Any:
        return r if n(u) else rev(d(u), Cons(a(u), r))

    return rev(u, NIL)


def upto(u: Any, x: Any) -> Any:
    """``upto[u,x] ← if x eq u then NIL else a u . upto[d u,x]``: ``u`` up to its tail ``x`` (ch. 5).

    The notes' auxiliary function of ``cycles``.  As printed, it recurs for ever when ``x`` is
    not a tail of ``u`` (ERRATA E9); :func:`lispy.sexpr.lists.upto` raises instead.

    >>> u = lisp(1, 2, 3)
    >>> upto(u, d(d(u)))
    (1 2)
    """
    return NIL if eq(x, u) else Cons(a(u), upto(d(u), x))


def prup(u: Any, v: Any) -> Any:
    """``prup[u,v] ← if n u then NIL else [a u . a v] . prup[d u, d v]``.

    >>> prup(lisp(1, 2), lisp("G", "B"))
    ((1 . G) (2 . B))
    """
    return NIL if n(u) else Cons(Cons(a(u), a(v)), prup(d(u), d(v)))


def sublis(s: Any, e: Any) -> Any:
    """``sublis[s,e] ← if atom e then sub2[s,e] else sublis[s, a e] . sublis[s, d e]``.

    >>> sublis(lisp(Cons(1, "G"), Cons(2, "B")), lisp(2, lisp(1)))
    (B (G))
    """
    return sub2(s, e) if atom(e) else Cons(sublis(s, a(e)), sublis(s, d(e)))


def sub2(s: Any, z: Any) -> Any:
    """``sub2[s,z] ← if n s then z else if a a s eq z then d a s else sub2[d s, z]``.

    >>> sub2(lisp(Cons(1, "G"), Cons(2, "B")), 2), sub2(lisp(Cons(1, "G")), 3)
    ('B', 3)
    """
    return z if n(s) else d(a(s)) if eq(a(a(s)), z) else sub2(d(s), z)


def orlis(u: Any, p: Fn) -> bool:
    """``orlis[u,p] ← if n u then false else p[a u] ∨ orlis[d u, p]``.

    >>> orlis(lisp(1, 2, 3), lambda x: x > 2)
    True
    """
    return False if n(u) else bool(p(a(u))) or orlis(d(u), p)


def andlis(u: Any, p: Fn) -> bool:
    """``andlis[u,p] ← if n u then true else p[a u] ∧ andlis[d u, p]``.

    >>> andlis(lisp(1, 2, 3), lambda x: x > 2)
    False
    """
    return True if n(u) else bool(p(a(u))) and andlis(d(u), p)


def mapcar(u: Any, f: Fn) -> Any:
    """``mapcar[u,f] ← if n u then NIL else f[a u] . mapcar[d u, f]``.

    >>> mapcar(lisp(1, 2, 3), lambda x: x * x)
    (1 4 9)
    """
    return NIL if n(u) else Cons(f(a(u)), mapcar(d(u), f))


def maplist(u: Any, f: Fn) -> Any:
    """``maplist[u,f] ← if n u then NIL else f[u] . maplist[d u, f]``.

    >>> maplist(lisp(1, 2, 3), length)
    (3 2 1)
    """
    return NIL if n(u) else Cons(f(u), maplist(d(u), f))


def mapcar2(u: Any, v: Any, f: Callable[[Any, Any], Any]) -> Any:
    """``mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f]``: ``f`` pairwise (ch. 5).

    Instant Insanity's ``successors`` puts a block's colours on the four faces with it.

    >>> mapcar2(lisp(1, 2), lisp(10, 20), lambda y, z: y + z)
    (11 22)
    """
    return NIL if n(u) else Cons(f(a(u), a(v)), mapcar2(d(u), d(v), f))


def mapchoose(u: Any, pred: Fn, fn: Fn) -> Any:
    """``fn`` of each element of ``u`` that satisfies ``pred`` (ch. 5, the bit-word ``successors``)::

        mapchoose[u,pred,fn] ← if n u then NIL
            else if pred a u then fn[a u] . mapchoose[d u,pred,fn]
            else mapchoose[d u,pred,fn]

    >>> mapchoose(lisp(1, 2, 3, 4), lambda x: x > 2, lambda x: -x)
    (-3 -4)
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

    >>> mapapp(lisp(1, 2), lambda x: lisp(x, x))
    (1 1 2 2)
    """
    return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))
