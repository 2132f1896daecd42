"""Instant Insanity beyond the notes' four blocks: n blocks in n colours, and random puzzles.

The notes' assignments run in a row for any blocks (:func:`orientations`: ``puzz1 → puzz3 → puzz4 →
puzz``; :func:`words`: ``puzza``).  With n blocks in n colours the puzzle is the notes' (each face
shows every colour), and so is the search (:func:`tower_search_n`) but for ``ter``;
:func:`random_puzzle` makes such puzzles.
"""

from __future__ import annotations

import random
from typing import Any

from lispy.chapter5.insanity import puzz2, tower_search
from lispy.chapter5.insanity_words import zap
from lispy.chapter5.tree_search import TreeSearch, tree_search
from lispy.sexpr.conversions import from_python
from lispy.sexpr.data import lisp, read
from lispy.sexpr.lists import a, cons, d, length, mapcar, nth, prup, sublis

COLOURS = ("R", "W", "G", "B", "Y", "O", "P", "K")
"""Colours for up to 8 blocks: the notes' R, W, G, B, then yellow, orange, purple, black."""


def substitutions(puzz1: Any) -> Any:
    """``mapcar[puzz1,λx.prup[(1 2 3 4 5 6),x]]``: ``puzz3`` of the blocks ``puzz1``.

    >>> substitutions(read("((G B B W R G))"))
    (((1 . G) (2 . B) (3 . B) (4 . W) (5 . R) (6 . G)))
    """
    return mapcar(puzz1, lambda x: prup(read("(1 2 3 4 5 6)"), x))


def orientations(blocks: Any) -> Any:
    """``puzz`` for any ``blocks`` written as ``puzz1`` is: the notes' assignments in a row, ``puzz1 →
    puzz3 → puzz4 → puzz``.  The first block keeps orientations 1, 9 and 17, one for each of its
    three axes: turning the whole tower about its axis or upside down maps any solution to one with
    the first block in one of these.

    >>> from lispy.chapter5.insanity import puzz, puzz1
    >>> orientations(puzz1) == puzz, length(a(orientations(puzz1))), length(a(nth(orientations(puzz1), 2)))
    (True, 3, 24)
    """
    puzz4 = mapcar(substitutions(blocks), lambda s: sublis(s, puzz2))
    return cons(lisp(a(nth(a(puzz4), 1)), a(nth(a(puzz4), 9)), a(nth(a(puzz4), 17))), d(puzz4))


def words(puzz: Any) -> Any:
    """``mapcar[puzz,λx.mapcar[x,zap]]``: ``puzza`` of the orientations ``puzz``.

    >>> from lispy.chapter5.insanity import puzz
    >>> from lispy.chapter5.insanity_words import puzza
    >>> words(puzz) == puzza, a(a(words(puzz))) == zap(a(a(puzz)))
    (True, True)
    """
    return mapcar(puzz, lambda x: mapcar(x, zap))


def _rotations() -> tuple[tuple[int, ...], ...]:
    """The 24 rotations of a block as permutations of its faces 0 … 5 (top, the sides
    clockwise, bottom): rotation ``r`` puts face ``r[i]`` where face ``i`` was.  The closure of
    a quarter turn about the vertical axis and one about the axis through sides 1 and 3."""
    about_vertical = (0, 2, 3, 4, 1, 5)
    about_sides_1_3 = (2, 1, 5, 3, 0, 4)
    found: set[tuple[int, ...]] = {(0, 1, 2, 3, 4, 5)}
    frontier = list(found)
    while frontier:
        r = frontier.pop()
        for g in (about_vertical, about_sides_1_3):
            composed = tuple(r[g[i]] for i in range(6))
            if composed not in found:
                found.add(composed)
                frontier.append(composed)
    return tuple(sorted(found))


ROTATIONS = _rotations()
"""The 24 rotations of a block, as permutations of its six faces."""


def random_puzzle(n: int, rng: random.Random, solvable: bool = False) -> Any:
    """``puzz1`` of a random puzzle: ``n`` blocks (1 ≤ n ≤ 8) coloured with the first ``n`` colours.

    Each face's colour is drawn at random; with ``solvable``, the four sides of the blocks are
    first laid out as a solved tower (each face a random permutation of the colours), the top
    and bottom drawn at random, and each block then turned by a random rotation, so that the
    search does not meet the tower first.  Raises ``ValueError`` for ``n`` outside 1 … 8.

    >>> random_puzzle(2, random.Random(0))
    ((W W R W W W) (W W W R R W))
    >>> random_puzzle(9, random.Random(0))
    Traceback (most recent call last):
      ...
    ValueError: random_puzzle: n must be between 1 and 8, got 9
    """
    if not 1 <= n <= len(COLOURS):
        raise ValueError(f"random_puzzle: n must be between 1 and {len(COLOURS)}, got {n}")
    colours = COLOURS[:n]
    if not solvable:
        return from_python([[rng.choice(colours) for _ in range(6)] for _ in range(n)])
    faces = [rng.sample(colours, n) for _ in range(4)]
    blocks = [[rng.choice(colours), *(face[k] for face in faces), rng.choice(colours)] for k in range(n)]
    turned = [[block[i] for i in rng.choice(ROTATIONS)] for block in blocks]
    return from_python(turned)


def tower_search_n(puzz: Any, n: int) -> TreeSearch:
    """Chapter 5's ``search`` and ``allsol`` for a tower of ``n`` blocks (lispy's generalisation).

    The notes' four-block search, :func:`lispy.chapter5.insanity.tower_search`, with its ``lose``
    and ``successors`` unchanged and ``ter p ← [length a p = n]`` for ``[length a p = 4]``: at
    ``n = 4`` it is the notes' search.  ``puzz``: as :func:`orientations`
    gives for ``n`` blocks.  Search from the notes' ``p₀ = (NIL NIL NIL NIL)``: the tower has four
    faces however many blocks it has.  Raises ``ValueError`` unless ``n`` is a positive integer.

    >>> from lispy.chapter5.insanity import p0
    >>> from lispy.sexpr.data import to_pylist
    >>> blocks = random_puzzle(5, random.Random(1), solvable=True)
    >>> tower = tower_search_n(orientations(blocks), 5).search(p0)
    >>> [length(face) for face in to_pylist(tower)]
    [5, 5, 5, 5]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"tower_search_n: n must be a positive integer, got {n!r}")
    four = tower_search(puzz)

    def ter(p: Any) -> bool:
        return length(a(p)) == n

    return tree_search(four.lose, ter, four.successors)
