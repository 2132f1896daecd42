"""Chapter 5's second example: Instant Insanity, the list representation.

McCarthy 1973, ch. 5.  Four cubes, each face one of four colours; build a
tower whose four vertical faces each show all four colours.  A position is a
list of four lists, one for each face of the tower, each holding the colours
that the blocks placed so far show on that face, the newest block first.

The puzzle is computed from the blocks by the notes' assignments::

    puzz1 ← ((G B B W R G) (G G B G W R) (G W W R B R) (G G R B W W))
    puzz2 ← cycles[(2 3 4 5)]*cycles[(2 5 4 3)]*cycles[(1 2 6 4)]
            *cycles[(1 4 6 2)]*cycles[(1 3 6 5)]*cycles[(1 5 6 3)]
    cycles u ← maplist[u,λx.x*upto[u,x]]
    upto[u,x] ← if x eq u then NIL else a u . upto[d u,x]
    puzz3 ← mapcar[puzz1,λx.prup[(1 2 3 4 5 6),x]]
    puzz4 ← mapcar[puzz3,λs.sublis[s,puzz2]]
    puzz ← (a nth[a puzz4,1] a nth[a puzz4,9] a nth[a puzz4,17]) . d puzz4

A block is listed top face first, then the sides clockwise, then the bottom.
``puzz2`` and ``puzz4`` are printed with errors in the notes (an extra
parenthesis; ``puzz3`` for ``puzz2``): ERRATA.md.  :func:`lispy.chapter5.puzzles.orientations` runs
the chain ``puzz1 → puzz3 → puzz4 → puzz`` for other blocks; ``*`` is chapter 5's.  The search::

    p₀ = (NIL NIL NIL NIL),
    lose p ← orlis[p,λu.a u ε d u],
    ter p ← [length a p = 4],
    successors p ← mapcar[a nth[puzz,1 + length a p],λx.mapcar2[p,x,λyz.z.y]],
    mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.chapter5.tree_search import TreeSearch, append, tree_search
from lispy.sexpr.data import NIL, Cons, lisp, read
from lispy.sexpr.lists import a, cons, d, eq, length, mapcar, maplist, member, n, nth, orlis, prup, sublis

__all__ = [
    "allsol", "allsol_efficient", "cycles", "lose", "mapcar2", "p0", "puzz", "puzz1", "puzz2", "puzz3",
    "puzz4", "search", "successors", "ter", "tower", "tower_search", "upto",
]  # fmt: skip


def cycles(u: Any) -> Any:
    """``cycles u ← maplist[u,λx.x*upto[u,x]]``: the cyclic rotations of the list ``u`` (ch. 5).
    FOO.XGP[206,JMC] line 343 (ch. 5, Instant Insanity).

    >>> cycles(read("(2 3 4 5)"))
    ((2 3 4 5) (3 4 5 2) (4 5 2 3) (5 2 3 4))
    """
    return maplist(u, lambda x: append(x, upto(u, x)))


def upto(u: Any, x: Any) -> Any:
    """``upto[u,x] ← if x eq u then NIL else a u . upto[d u,x]``: ``u`` up to its tail ``x`` (ch. 5).
    FOO.XGP[206,JMC] line 351 (ch. 5, Instant Insanity).

    Where ``x`` is not a tail of ``u`` it recurs past the end (``d NIL = NIL``), for ever as
    printed, here until Python's ``RecursionError`` (ERRATA E9).

    >>> u = read("(1 2 3)")
    >>> upto(u, d(d(u)))
    (1 2)
    """
    return NIL if eq(x, u) else Cons(a(u), upto(d(u), x))


puzz1 = read("((G B B W R G) (G G B G W R) (G W W R B R) (G G R B W W))")
"""The notes' four blocks: top, the four sides clockwise, bottom (ch. 5).
FOO.XGP[206,JMC] line 252 (ch. 5, Instant Insanity)."""

# fmt: off
# the notes' one line, cycles[…]*cycles[…]*…: ``*`` groups to the right, u*v*w = u*[v*w]
puzz2 = append(cycles(read("(2 3 4 5)")), append(cycles(read("(2 5 4 3)")), append(cycles(read("(1 2 6 4)")),
        append(cycles(read("(1 4 6 2)")), append(cycles(read("(1 3 6 5)")), cycles(read("(1 5 6 3)")))))))
# fmt: on
"""The 24 cycles of side faces of a block numbered 1 (top) to 6 (bottom), one per rotation.
FOO.XGP[206,JMC] line 333 (ch. 5, Instant Insanity)."""

puzz3 = mapcar(puzz1, lambda x: prup(read("(1 2 3 4 5 6)"), x))
"""``puzz3 ← mapcar[puzz1,λx.prup[(1 2 3 4 5 6),x]]``: for each block, face number to colour,
``((1 . top) (2 . side1) ... (6 . bottom))``.
FOO.XGP[206,JMC] line 360 (ch. 5, Instant Insanity)."""

puzz4 = mapcar(puzz3, lambda s: sublis(s, puzz2))
"""``puzz4 ← mapcar[puzz3,λs.sublis[s,puzz2]]``: for each block, its 24 orientations as lists of
side colours (printed with ``puzz3`` for ``puzz2``: ERRATA E4).
FOO.XGP[206,JMC] line 385 (ch. 5, Instant Insanity)."""

puzz = cons(lisp(a(nth(a(puzz4), 1)), a(nth(a(puzz4), 9)), a(nth(a(puzz4), 17))), d(puzz4))
"""``puzz ← (a nth[a puzz4,1] a nth[a puzz4,9] a nth[a puzz4,17]) . d puzz4``: ``puzz4`` with the
first block cut to orientations 1, 9 and 17, one for each of its three axes (ERRATA E6: the
parenthesised list of values is LISP's ``list``, here ``lisp(...)``).
FOO.XGP[206,JMC] line 405 (ch. 5, Instant Insanity)."""


p0 = read("(NIL NIL NIL NIL)")
"""``p₀``: the empty tower, four empty faces.
FOO.XGP[206,JMC] line 207 (ch. 5, Instant Insanity)."""


def mapcar2(u: Any, v: Any, f: Callable[[Any, Any], Any]) -> Any:
    """``mapcar2[u,v,f] ← if n u then NIL else f[a u,a v] . mapcar2[d u,d v,f]``: ``f`` pairwise (ch. 5).
    FOO.XGP[206,JMC] line 231 (ch. 5, Instant Insanity).

    Instant Insanity's ``successors`` puts a block's colours on the four faces with it.

    >>> mapcar2(read("(1 2)"), read("(10 20)"), lambda y, z: y + z)
    (11 22)
    """
    return NIL if n(u) else Cons(f(a(u), a(v)), mapcar2(d(u), d(v), f))


def tower_search(puzz: Any) -> TreeSearch:
    """Chapter 5's ``search`` and ``allsol`` for the Instant Insanity puzzle ``puzz``.

    ``puzz``: as :func:`lispy.chapter5.puzzles.orientations` returns.  Search from :data:`p0`; a win is
    a list of four faces, each the four colours of that face, top block first.

    >>> t = tower_search(puzz)
    >>> t.search(p0)
    ((G W R B) (R W G B) (B R G W) (W B G R))
    >>> length(t.allsol(p0)), t.successors(p0)
    (3, (((B) (B) (W) (R)) ((G) (B) (G) (W)) ((G) (B) (G) (R))))
    """

    def lose(p: Any) -> bool:
        """``lose p ← orlis[p,λu.a u ε d u]``: some face shows the newest block's colour twice.

        FOO.XGP[206,JMC] line 211 (ch. 5, Instant Insanity).
        """
        return orlis(p, lambda u: member(a(u), d(u)))

    def ter(p: Any) -> bool:
        """``ter p ← [length a p = 4]``: all four blocks are placed.

        FOO.XGP[206,JMC] line 215 (ch. 5, Instant Insanity).
        """
        return length(a(p)) == 4

    def successors(p: Any) -> Any:
        """The tower ``p`` with the next block added in each of its orientations::

            successors p ← mapcar[a nth[puzz,1 + length a p],λx.mapcar2[p,x,λyz.z.y]]

        FOO.XGP[206,JMC] line 223 (ch. 5, Instant Insanity).
        """
        return mapcar(a(nth(puzz, 1 + length(a(p)))), lambda x: mapcar2(p, x, lambda y, z: cons(z, y)))

    return tree_search(lose, ter, successors)


tower = tower_search(puzz)
"""The notes' puzzle, bound: ``tower.search(p0)``, ``tower.allsol(p0)``, ``tower.successors(p0)``."""
lose, ter, successors = tower.lose, tower.ter, tower.successors
search, allsol, allsol_efficient = tower.search, tower.allsol, tower.allsol_efficient
