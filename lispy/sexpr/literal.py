"""The notes' own list functions exactly as their equations read: recursive, one line per clause.

Chapter 5's four list functions (:func:`mapcar2`, :func:`upto`, :func:`mapchoose`, :func:`mapapp`),
beside :func:`append`, the notes' ``*`` that ``mapapp`` calls, and chapter I's :func:`mapcar`.  They
recur once per element (far from the limit on lispy's deep workers, where the notes' searches run
them); :mod:`lispy.sexpr.lists` has the loops the library uses, which the tests check against these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.sexpr.data import NIL, Cons, lisp  # noqa: F401 (lisp: the examples build their lists with it)
from lispy.sexpr.lists import a, d, eq, n

Fn = Callable[[Any], Any]


def append(u: Any, v: Any) -> Any:  # u * v
    """``u * v ← if n u then v else a u . [d u * v]``.

    >>> append(lisp(1, 2), lisp(3))
    (1 2 3)
    """
    return v if n(u) else Cons(a(u), append(d(u), v))


def upto(u: Any, x: Any) -> Any:
    """``upto[u,x] ← if x eq u then NIL else a u . upto[d u,x]``: ``u`` up to its tail ``x`` (ch. 5).
    FOO.XGP[206,JMC] line 351 (ch. 5, Instant Insanity).

    The notes' auxiliary function of ``cycles``.  As printed, it recurs for ever when ``x`` is
    not a tail of ``u`` (ERRATA E9); :func:`lispy.sexpr.lists.upto` raises instead.

    >>> u = lisp(1, 2, 3)
    >>> upto(u, d(d(u)))
    (1 2)
    """
    return NIL if eq(x, u) else Cons(a(u), upto(d(u), x))


def mapcar(u: Any, f: Fn) -> Any:
    """``mapcar[u,f] ← if n u then NIL else f[a u] . mapcar[d u, f]``.

    >>> mapcar(lisp(1, 2, 3), lambda x: x * x)
    (1 4 9)
    """
    return NIL if n(u) else Cons(f(a(u)), mapcar(d(u), f))


def mapcar2(u: Any, v: Any, f: Callable[[Any, Any], Any]) -> Any:
    """``mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f]``: ``f`` pairwise (ch. 5).
    FOO.XGP[206,JMC] line 231 (ch. 5, Instant Insanity).

    Instant Insanity's ``successors`` puts a block's colours on the four faces with it.

    >>> mapcar2(lisp(1, 2), lisp(10, 20), lambda y, z: y + z)
    (11 22)
    """
    return NIL if n(u) else Cons(f(a(u), a(v)), mapcar2(d(u), d(v), f))


def mapchoose(u: Any, pred: Fn, fn: Fn) -> Any:
    """``fn`` of each element of ``u`` that satisfies ``pred`` (FOO.XGP[206,JMC] line 546: ch. 5, the bit-word
    ``successors``)::

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
    FOO.XGP[206,JMC] line 619 (ch. 5, all the solutions).

    As corrected: the notes print ``.`` for ``*`` and call ``mappap`` (ERRATA E1, E2).  The simple
    ``allsol`` appends its successors' solutions with it: each ``*`` copies ``fn[a u]``'s cells.

    >>> mapapp(lisp(1, 2), lambda x: lisp(x, x))
    (1 1 2 2)
    """
    return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))
