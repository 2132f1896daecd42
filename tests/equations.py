"""The list functions the chapters take as known (ERRATA E7), as their recursive equations read, one
line per clause: what the tests check the loop forms of lispy.sexpr.lists against.  The notes' *
is chapter 5's (lispy.chapter5.tree_search.append); chapter I's mapcar is here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.chapter5.tree_search import append
from lispy.sexpr.data import NIL, Cons, lisp
from lispy.sexpr.lists import a, atom, d, eq, equal, n

__all__ = ["append", "lisp", "mapcar"]

Fn = Callable[[Any], Any]


def mapcar(u: Any, f: Fn) -> Any:
    """``mapcar[u,f] ← if n u then NIL else f[a u] . mapcar[d u, f]``.

    >>> mapcar(lisp(1, 2, 3), lambda x: x * x)
    (1 4 9)
    """
    return NIL if n(u) else Cons(f(a(u)), mapcar(d(u), f))


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


def reverse(u: Any) -> Any:
    """``reverse u ← rev[u, NIL]``, ``rev[u,r] ← if n u then r else rev[d u, a u . r]``.

    >>> reverse(lisp(1, 2, 3))
    (3 2 1)
    """

    def rev(u: Any, r: Any) -> Any:
        return r if n(u) else rev(d(u), Cons(a(u), r))

    return rev(u, NIL)


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


def maplist(u: Any, f: Fn) -> Any:
    """``maplist[u,f] ← if n u then NIL else f[u] . maplist[d u, f]``.

    >>> maplist(lisp(1, 2, 3), length)
    (3 2 1)
    """
    return NIL if n(u) else Cons(f(u), maplist(d(u), f))
