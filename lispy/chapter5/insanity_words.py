"""Chapter 5's Instant Insanity again, in the bit-word representation.

McCarthy 1973, ch. 5: "A face cycle is represented by 16 bits in a word four
for each face a particular one of which being turned on tells us the color of
the face."  A partial tower is the ``or`` of its blocks' words, and a block fits
on it when the ``and`` of the two words is zero.  A position is the list of the
partial towers' words, the highest first, ending with 0; the start is ``(0)``::

    puzza ← mapcar[puzz,λx.mapcar[x,zap]],
    zap v ← if n v then 0 else poo a v +16zap d v,
    poo x ← if x=R then 1 else if x=W then 2 else if x=G then 4 else 8,
    lose p ← false,
    ter p ← [length p = 5],
    successors p ← mapchoose[a nth[puzza,length p],λx.a p and x = 0,λx. [a p or x] . p],
    mapchoose[u,pred,fn] ← if n u then NIL
        else if pred a u then fn[a u] . mapchoose[d u,pred,fn]
        else mapchoose[d u,pred,fn].

``and`` and ``or`` on words are bitwise; ``a p and x = 0`` reads ``[a p and x] = 0``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.chapter5.insanity import puzz
from lispy.chapter5.tree_search import TreeSearch, tree_search
from lispy.sexpr.data import NIL, Cons, lisp
from lispy.sexpr.lists import a, cons, d, equal, length, mapcar, n, nth

Fn = Callable[[Any], Any]

__all__ = [
    "allsol", "allsol_efficient", "lose", "mapchoose", "p0", "poo", "puzza", "search", "successors", "ter",
    "tower", "word_tower_search", "zap",
]  # fmt: skip


def poo(x: Any) -> int:
    """``poo x ← if x=R then 1 else if x=W then 2 else if x=G then 4 else 8``: a colour's bit.
    FOO.XGP[206,JMC] line 508 (ch. 5, Instant Insanity in bit words).

    >>> poo("R"), poo("W"), poo("G"), poo("B")
    (1, 2, 4, 8)
    """
    return 1 if equal(x, "R") else 2 if equal(x, "W") else 4 if equal(x, "G") else 8


def zap(v: Any) -> int:
    """``zap v ← if n v then 0 else poo a v +16zap d v``: a face cycle as a 16-bit word.
    FOO.XGP[206,JMC] line 500 (ch. 5, Instant Insanity in bit words).

    The first face's colour is in the lowest four bits: ``zap[(R W G B)] = 0x8421``.

    >>> from lispy import read
    >>> hex(zap(read("(R W G B)")))
    '0x8421'
    """
    return 0 if n(v) else poo(a(v)) + 16 * zap(d(v))


puzza = mapcar(puzz, lambda x: mapcar(x, zap))
"""``puzz`` with each orientation as a word (ch. 5).
FOO.XGP[206,JMC] line 492 (ch. 5, Instant Insanity in bit words)."""


p0 = lisp(0)
"""The empty tower: ``(0)``."""


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


def word_tower_search(puzza: Any) -> TreeSearch:
    """Chapter 5's ``search`` and ``allsol`` on words, for the puzzle ``puzza``.

    A win is ``(w4 w3 w2 w1 0)``: ``w1`` the first block's word, ``wk`` the ``or``
    of the first k blocks', so block k's word is ``wk xor w(k-1)``.

    >>> word_tower_search(puzza).search(p0)
    (65535 55275 22217 4744 0)
    """

    def lose(p: Any) -> bool:
        """``lose p ← false``: ``successors`` makes only towers that fit.

        FOO.XGP[206,JMC] line 526 (ch. 5, Instant Insanity in bit words).
        """
        return False

    def ter(p: Any) -> bool:
        """``ter p ← [length p = 5]``: four blocks on the empty tower's 0.

        FOO.XGP[206,JMC] line 530 (ch. 5, Instant Insanity in bit words).
        """
        return length(p) == 5

    def successors(p: Any) -> Any:
        """The tower ``p`` with each orientation of the next block that fits on it, ``or``-ed in::

            successors p ← mapchoose[a nth[puzza,length p],λx.a p and x = 0,λx. [a p or x] . p]

        FOO.XGP[206,JMC] line 538 (ch. 5, Instant Insanity in bit words).
        """
        return mapchoose(a(nth(puzza, length(p))), lambda x: (a(p) & x) == 0, lambda x: cons(a(p) | x, p))

    return tree_search(lose, ter, successors)


tower = word_tower_search(puzza)
"""The notes' puzzle on words, bound: ``tower.search(p0)``."""
lose, ter, successors = tower.lose, tower.ter, tower.successors
search, allsol, allsol_efficient = tower.search, tower.allsol, tower.allsol_efficient
