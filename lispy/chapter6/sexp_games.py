"""Game trees written as S-expressions, and the uniform trees that chapter 6's claims are about.

A game tree such as ``((3 12 8) (2 4 6) (14 5 2))`` is a game: a position is a subtree, its
successors its elements, the numbers terminal and their own ``imval`` (McCarthy 1973, ch. 6, as
AIMA's Figure 6.2 draws it).  :data:`tree` binds chapter 6's functions to it::

    >>> from lispy.sexpr.data import read
    >>> tree.valmax(read("((3 12 8) (2 4 6) (14 5 2))"))
    3

The rest builds trees with ``k`` successors to every position and depth ``n`` ("if we look n moves
deep on a tree that has k successors to each position"), and orders them best or worst move first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from lispy.chapter6.game_trees import GameTreeSearch, game_tree_search
from lispy.sexpr.data import from_iterable, to_pylist


def successors(p: Any) -> Any:
    """The subtrees of the position ``p``: ``p`` itself, a list of positions.

    >>> from lispy import read
    >>> successors(read("((3 12 8) (2 4 6))"))
    ((3 12 8) (2 4 6))
    """
    return p


def ter(p: Any) -> bool:
    """A position is terminal when it is a number.

    >>> from lispy import read
    >>> ter(3), ter(read("(3 12 8)")), ter(True)
    (True, False, False)
    """
    return isinstance(p, (int, float)) and not isinstance(p, bool)


def imval(p: Any) -> Any:
    """The value of a terminal position: the number itself.

    >>> imval(3)
    3
    """
    return p


def leaves(t: Any) -> Iterator[Any]:
    """The terminal positions of the tree ``t``, left to right.

    >>> from lispy import read
    >>> list(leaves(read("((2 5) (9 4 7))")))
    [2, 5, 9, 4, 7]
    """
    if ter(t):
        yield t
    else:
        for c in to_pylist(t):
            yield from leaves(c)


tree: GameTreeSearch = game_tree_search(successors, ter, imval)
"""Chapter 6's functions on S-expression game trees: ``tree.valmax``, ``tree.maxval``, …"""


def uniform_tree(k: int, n: int, leaves: Iterable[Any]) -> Any:
    """The tree of depth ``n`` with ``k`` successors everywhere and the ``k**n`` given leaves in order.

    Raises ``ValueError`` unless exactly ``k**n`` leaves are given.

    >>> uniform_tree(2, 2, [1, 2, 3, 4]), uniform_tree(3, 0, [7])
    (((1 2) (3 4)), 7)
    >>> uniform_tree(2, 2, [1, 2, 3])
    Traceback (most recent call last):
      ...
    ValueError: uniform_tree: k**n = 4 leaves needed for k=2, n=2, got 3
    """
    level = list(leaves)
    if len(level) != k**n:
        raise ValueError(f"uniform_tree: k**n = {k**n} leaves needed for k={k}, n={n}, got {len(level)}")
    for _ in range(n):
        level = [from_iterable(level[i : i + k]) for i in range(0, len(level), k)]
    return level[0]


def minimax(t: Any, max_to_move: bool = True) -> Any:
    """The minimax value of the S-expression tree ``t``: chapter 6's ``valmax``, or ``valmin`` when the
    minimizing player is to move (:data:`tree`).

    >>> from lispy import read
    >>> minimax(read("((3 12 8) (2 4 6) (14 5 2))")), minimax(read("((3 12 8) (2 4 6) (14 5 2))"), False)
    (3, 6)
    """
    return (tree.valmax if max_to_move else tree.valmin)(t)


def ordered(t: Any, best_first: bool = True, max_to_move: bool = True) -> Any:
    """``t`` with every position's moves sorted by their minimax value, the best first (or the worst).

    "The best case is the one in which the best move in every position is examined first";
    in the worst case "the moves happen to be examined in inverse order of merit" (ch. 6).
    Ties keep their order.

    >>> from lispy import read
    >>> t = read("((3 12 8) (2 4 6) (14 5 2))")
    >>> ordered(t)
    ((3 8 12) (2 4 6) (2 5 14))
    >>> ordered(t, best_first=False)
    ((6 4 2) (14 5 2) (12 8 3))
    """
    if ter(t):
        return t
    children = [ordered(c, best_first, not max_to_move) for c in to_pylist(t)]
    descending = max_to_move == best_first  # MAX's best first, or MIN's worst first
    children.sort(key=lambda c: minimax(c, not max_to_move), reverse=descending)
    return from_iterable(children)
