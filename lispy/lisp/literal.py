"""The list functions exactly as their equations read: recursive, one line per clause.

These are the forms to put beside the notes (McCarthy 1973, ch. 5; LISP 1.5
appendix A for those the notes take as known).  They recur once per element,
so they reach Python's recursion limit on long lists; :mod:`lispy.lisp.lists` has
the loop forms that the library uses, and the tests check on random lists that
each loop form equals the recursive form here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.lisp.data import NIL, Cons
from lispy.lisp.lists import a, atom, d, eq, equal, n

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
    return NIL if n(u) else Cons(f(a(u), a(v)), mapcar2(d(u), d(v), f))


def mapchoose(u: Any, pred: Fn, fn: Fn) -> Any:
    # fmt: off
    return (NIL if n(u)
            else Cons(fn(a(u)), mapchoose(d(u), pred, fn)) if pred(a(u))
            else mapchoose(d(u), pred, fn))
    # fmt: on


def mapapp(u: Any, fn: Fn) -> Any:  # as corrected: * for the printed ., mapapp for mappap
    return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))
