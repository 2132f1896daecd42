"""How much αβ saves, and how move ordering decides it (McCarthy 1973, ch. 6, last paragraphs).

"If we look n moves deep on a tree that has k successors to each position, then
minimax looks at k^n positions while αβ looks at about only k^(n/2)", with the
best move examined first; with the worst move first "there is no improvement
over minimax".  This module counts the terminal positions a search evaluates
(calls of ``imval``) on uniform trees, and implements the ordering method of the
notes' last paragraph: "a short look-ahead to a much smaller depth than the main
search.  Still shorter look-aheads are used deeper in the tree, and beyond a
certain depth, non-look-ahead ordering methods".

Games here are lazy: a position is a tuple, the moves that reached it (each
from 0), and its successors are made when asked for, so a tree of 10^8 leaves
costs only what the search examines.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import Game, game_tree_search
from lispy.chapter6.sexp_games import uniform_tree
from lispy.runtime.recursion import run_deep
from lispy.sexpr.data import from_iterable

__all__ = [
    "Incremental",
    "counted",
    "default_lookahead",
    "incremental_game",
    "knuth_moore",
    "lexicographic_game",
    "lexicographic_tree",
    "lookahead_ordered",
    "rule_of_thumb",
    "terminals_examined",
    "uniform_game",
]


def counted(game: Game) -> tuple[Game, list[int]]:
    """``game`` with ``imval`` counting its calls in the returned one-element list."""
    calls = [0]

    def imval(p: Any) -> Any:
        calls[0] += 1
        return game.imval(p)

    return Game(game.successors, game.ter, imval), calls


def terminals_examined(game: Game, root: Any, method: str = "maxval") -> tuple[Any, int]:
    """The value of ``root`` by chapter 6's ``method`` (``"maxval"`` or ``"valmax"``) and the
    number of terminal positions it evaluated."""
    watched, calls = counted(game)
    value = run_deep(getattr(game_tree_search(*watched), method), root)  # once, for the count
    return value, calls[0]


def uniform_game(k: int, n: int, leaf: Callable[[tuple[int, ...]], Any]) -> Game:
    """The uniform tree of depth ``n``, ``k`` moves everywhere, the leaf at path ``q`` worth ``leaf(q)``."""

    def successors(p: tuple[int, ...]) -> Any:
        return from_iterable((*p, i) for i in range(k))

    def ter(p: tuple[int, ...]) -> bool:
        return len(p) == n

    return Game(successors, ter, leaf)


def lexicographic_value(path: tuple[int, ...], k: int, n: int, best_first: bool) -> int:
    """The leaf value that orders a uniform tree best first (or worst first) at every position.

    The leaf reached by moves ``i1 … in`` is worth ``Σ ±ij·k^(n-j)``: each move's digit
    outweighs all later ones, and its sign makes later moves worse for the player to move
    (best first) or better (worst first).  Every subtree's values then lie wholly above or
    below its siblings'.
    """
    value = 0
    for j, digit in enumerate(path):
        max_moves = j % 2 == 0
        better_later = max_moves != best_first
        value += (digit if better_later else -digit) * k ** (n - 1 - j)
    return value


def lexicographic_game(k: int, n: int, best_first: bool) -> Game:
    """The lazy uniform tree whose moves come best first (or worst first) everywhere, all leaves distinct.

    With the best move first αβ evaluates exactly ``knuth_moore(k, n)`` leaves; with the worst
    first, all ``k**n``.  Root: ``()``.
    """
    return uniform_game(k, n, lambda p: lexicographic_value(p, k, n, best_first))


def lexicographic_tree(k: int, n: int, best_first: bool) -> Any:
    """:func:`lexicographic_game` written out as an S-expression game tree."""
    paths = [tuple((index // k ** (n - 1 - j)) % k for j in range(n)) for index in range(k**n)]
    return uniform_tree(k, n, [lexicographic_value(p, k, n, best_first) for p in paths])


def knuth_moore(k: int, n: int) -> int:
    """``k^⌈n/2⌉ + k^⌊n/2⌋ − 1``: the terminal positions that αβ examines with the best move first.

    Levin's count, published by Knuth and Moore (1975); the notes: "αβ looks at about only k^(n/2)".
    """
    return k ** ((n + 1) // 2) + k ** (n // 2) - 1


def rule_of_thumb(k: int, n: int) -> float:
    """``k^(3n/4)``: AIMA's estimate (2nd ed., §6.3) of αβ's count with moves in random order."""
    return k ** (3 * n / 4)


# --- the notes' ordering method: look ahead a little before searching --------------------


class Incremental(NamedTuple):
    """A position of :func:`incremental_game`: the moves that reached it and its static value."""

    path: tuple[int, ...]
    value: float


def incremental_game(k: int, n: int, seed: int = 0) -> Game:
    """A random uniform game whose positions have meaningful static values.

    Each move adds a random amount in [-1, 1] (fixed by ``seed`` and the path) to the
    value of the position, and ``imval`` of any position is its value so far: a shallow
    search says something about a deep one, as in real games.  Terminal at depth ``n``.
    Root: ``Incremental((), 0.0)``.
    """

    def successors(p: Incremental) -> Any:
        return from_iterable(
            Incremental((*p.path, i), p.value + random.Random(hash((seed, *p.path, i))).uniform(-1, 1))
            for i in range(k)
        )

    def ter(p: Incremental) -> bool:
        return len(p.path) == n

    def imval(p: Incremental) -> float:
        return p.value

    return Game(successors, ter, imval)


def default_lookahead(remaining: int) -> int | None:
    """The look-ahead depth for a position ``remaining`` moves from the horizon.

    A third of the remaining depth; the static value alone two moves from the
    horizon; no ordering one move from it, where sorting the leaves would cost
    more than searching them.
    """
    return None if remaining <= 1 else remaining // 3


def lookahead_ordered(
    game: Game, n: int, lookahead: Callable[[int], int | None] = default_lookahead
) -> tuple[Game, list[int]]:
    """``game`` with each position's successors ordered by a shallower search; the count of its cost.

    At a position with ``r`` moves left to the horizon ``n``, each successor is valued by an
    αβ search ``lookahead(r)`` moves deep (``ter`` true at that depth, ``imval`` the static
    value there), and the successors are sorted best first for the player to move.  A
    look-ahead of 0 sorts by the static value alone; ``None`` keeps the game's order.
    Returns the ordered game (positions must carry ``.path``, as :class:`Incremental`
    does) and a one-element list counting the terminal positions the look-aheads evaluate.
    """
    horizon = [0]
    cost = [0]

    def shallow_ter(p: Any) -> bool:
        return game.ter(p) or len(p.path) >= horizon[0]

    def shallow_imval(p: Any) -> Any:
        cost[0] += 1
        return game.imval(p)

    shallow = game_tree_search(game.successors, shallow_ter, shallow_imval)

    def successors(p: Any) -> Any:
        depth = len(p.path) + 1
        ahead = lookahead(n - depth + 1)
        if ahead is None:
            return game.successors(p)
        children = list(game.successors(p))
        horizon[0] = depth + ahead
        max_to_move = len(p.path) % 2 == 0
        value = shallow.minval if max_to_move else shallow.maxval  # the opponent moves next
        children.sort(key=value, reverse=max_to_move)
        return from_iterable(children)

    return Game(successors, game.ter, game.imval), cost
