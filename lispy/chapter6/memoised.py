"""A transposition table is ``valmax`` memoised: chapter 6's minimax with each position valued once.

McCarthy 1973, ch. 6: :func:`memoised_search` memoises ``valmax`` and ``valmin``, so that a position
reached again by another order of the same moves (a *transposition*) is looked up, not searched
again.  Tic-tac-toe from the empty board: ``valmax`` examines 549,946 positions; memoised on the
position, each of the 5,478 distinct ones once; on the game's symmetry key (8 boards one), 765.
The value is 0 all three ways.

This is right for minimax because ``valmax p`` is a function of ``p`` alone (``valmax`` and
``valmin`` keep separate tables).  It is wrong for αβ: ``maxval1[p,α,β]`` is ``max[α,min[β,valmax
p]]``, the value *clamped to the window*, and memoised on the position alone (a defect found in
peer implementations, shown in ``tests/test_memoised.py``) a bound is handed out later as the value
to a search with another window.  :mod:`lispy.aima.transposition`'s table stores with each value
whether it is exact or a bound, and uses a bound only where it decides the new window.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

import toolz  # toolz ships no type information

from lispy.chapter6.game_trees import maxlis, minlis
from lispy.recursion import deep

Position = Any


class MemoisedSearch(NamedTuple):
    """``valmax`` and ``valmin`` memoised (each key searched once), and their tables (key → value)."""

    valmax: Callable[[Position], Any]
    valmin: Callable[[Position], Any]
    valmax_table: dict[Hashable, Any]
    valmin_table: dict[Hashable, Any]


def memoised_search(
    successors: Callable[[Position], Any],
    ter: Callable[[Position], bool],
    imval: Callable[[Position], Any],
    key: Callable[[Position], Hashable] | None = None,
) -> MemoisedSearch:
    """Chapter 6's ``valmax`` and ``valmin``, bodies as printed, memoised with ``toolz.memoize``.

    ``successors``, ``ter`` and ``imval`` are a game's, as :func:`lispy.chapter6.game_trees.game_tree_search`
    takes them.  ``key(p)`` names the entry of ``p`` in the tables; by default the position itself
    (which must then be hashable), or a game's symmetry key (tic-tac-toe's ``TicTacToe.key``), which
    must give equal keys only to positions of equal value.  The tables start empty and are kept
    between calls.  Errors raised by the game's functions pass through unchanged; an unhashable
    position without ``key`` raises ``TypeError``.

    >>> from lispy import read
    >>> from lispy.chapter6.sexp_games import successors, ter, imval
    >>> memo = memoised_search(successors, ter, imval)
    >>> memo.valmax(read("((3 12 8) (2 4 6) (14 5 2))"))
    3
    >>> len(memo.valmax_table), len(memo.valmin_table)  # the root and 8 distinct leaves; 3 moves
    (9, 3)
    """
    valmax_table: dict[Hashable, Any] = {}
    valmin_table: dict[Hashable, Any] = {}

    def by(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Hashable:
        k = args[0] if key is None else key(args[0])
        try:
            hash(k)
        except TypeError:
            raise TypeError(
                f"memoised_search: the key of position {args[0]!r} is not hashable (pass key=)"
            ) from None
        return k

    @toolz.memoize(cache=valmax_table, key=by)
    def valmax(p: Position) -> Any:
        return imval(p) if ter(p) else maxlis(successors(p), valmin)

    @toolz.memoize(cache=valmin_table, key=by)
    def valmin(p: Position) -> Any:
        return imval(p) if ter(p) else minlis(successors(p), valmax)

    return MemoisedSearch(deep(valmax), deep(valmin), valmax_table, valmin_table)
