"""How much αβ saves, and how move ordering decides it (McCarthy 1973, ch. 6, last paragraphs).

"If we look n moves deep on a tree that has k successors to each position, then minimax looks at
k^n positions while αβ looks at about only k^(n/2)", with the best move first; with the worst
"there is no improvement over minimax".  This module counts the terminal positions a search
evaluates (calls of ``imval``) on uniform trees, and implements the notes' ordering method: "a
short look-ahead to a much smaller depth than the main search.  Still shorter look-aheads are used
deeper in the tree".  Its games are lazy: a position is the tuple of the moves that reached it
(each from 0), its successors made when asked for, so a tree of 10^8 leaves costs only what the
search examines.
"""

from __future__ import annotations

import functools
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import Game, game_tree_search
from lispy.chapter6.memoised import memoised_search
from lispy.counting import Count
from lispy.recursion import run_deep
from lispy.sexpr.data import from_iterable


def terminals_examined(game: Game, root: Any, method: str = "maxval") -> tuple[Any, int]:
    """The value of ``root`` by chapter 6's ``method`` (``"maxval"`` or ``"valmax"``) and the
    number of terminal positions it evaluated.

    >>> terminals_examined(lexicographic_game(2, 2, True), (), "maxval")
    (0, 3)
    """
    imval = Count(game.imval)
    search = game_tree_search(game.successors, game.ter, imval.counted)
    return run_deep(getattr(search, method), root), imval.calls  # run_deep runs it once, for the count


def uniform_game(k: int, n: int, leaf: Callable[[tuple[int, ...]], Any]) -> Game:
    """The uniform tree of depth ``n``, ``k`` moves everywhere, the leaf at path ``q`` worth ``leaf(q)``."""
    return Game(lambda p: from_iterable((*p, i) for i in range(k)), lambda p: len(p) == n, leaf)


def random_leaves(seed: int) -> Callable[[tuple[int, ...]], float]:
    """Leaf values in [0, 1), random but fixed by ``seed`` and the leaf's path:
    ``random.Random(hash((seed, *path))).random()``."""
    return lambda path: random.Random(hash((seed, *path))).random()


def random_order_mean(k: int, n: int, trials: int) -> float:
    """αβ's terminal positions on uniform trees with moves in random order: the mean over ``trials``
    trees of random leaves (seeds 0 to ``trials`` − 1)."""
    return statistics.mean(
        terminals_examined(uniform_game(k, n, random_leaves(seed)), (), "maxval")[1] for seed in range(trials)
    )


def lexicographic_value(path: tuple[int, ...], k: int, n: int, best_first: bool) -> int:
    """The leaf value that orders a uniform tree best first (or worst first) at every position: the leaf
    reached by ``i1 … in`` is worth ``Σ ±ij·k^(n-j)``, so that every subtree's values lie wholly
    above or below its siblings'."""
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
    """A random uniform game whose positions have meaningful static values: each move adds a random
    amount in [-1, 1] (fixed by ``seed`` and the path), and ``imval`` of any position is its value
    so far, so that a shallow search says something about a deep one, as in real games.  Terminal
    at depth ``n``; root ``Incremental((), 0.0)``.  Each position's successors are drawn once and
    kept, so that the searches of one game share them."""

    @functools.cache
    def successors(p: Incremental) -> Any:
        draws = (random.Random(hash((seed, *p.path, i))).uniform(-1, 1) for i in range(k))
        return from_iterable(Incremental((*p.path, i), p.value + x) for i, x in enumerate(draws))

    def ter(p: Incremental) -> bool:
        return len(p.path) == n

    return Game(successors, ter, attrgetter("value"))


def default_lookahead(remaining: int) -> int | None:
    """The look-ahead depth for a position ``remaining`` moves from the horizon: a third of it; the
    static value alone two moves away; no ordering one move away, where sorting costs more than
    searching."""
    return None if remaining <= 1 else remaining // 3


def lookahead_ordered(
    game: Game, n: int, lookahead: Callable[[int], int | None] = default_lookahead
) -> tuple[Game, Count[Any]]:
    """``game`` with each position's successors ordered by a shallower search, and the
    :class:`~lispy.counting.Count` of the terminal positions those searches evaluate.

    At a position ``r`` moves from the horizon ``n``, each successor is valued by an αβ search
    ``lookahead(r)`` moves deep (0: the static value alone; ``None``: the game's order kept), and
    the successors sorted best first for the player to move.  Positions carry ``.path``
    (:class:`Incremental`)."""
    horizon = [0]

    def shallow_ter(p: Any) -> bool:
        return game.ter(p) or len(p.path) >= horizon[0]

    cost = Count(game.imval)
    shallow = game_tree_search(game.successors, shallow_ter, cost.counted)

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


class LookAhead(NamedTuple):
    """Terminal positions evaluated with an ordering, game by game: by the main search (``mains``) and
    by the look-aheads that order its moves (``lookaheads``); :attr:`totals` are both, game by game,
    and :attr:`main`, :attr:`lookahead` and :attr:`total` the means over the games."""

    mains: tuple[int, ...]
    lookaheads: tuple[int, ...]

    @property
    def main(self) -> float:
        return statistics.mean(self.mains)

    @property
    def lookahead(self) -> float:
        return statistics.mean(self.lookaheads)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(m + x for m, x in zip(self.mains, self.lookaheads, strict=True))

    @property
    def total(self) -> float:
        return statistics.mean(self.totals)


def lookahead_counts(
    k: int, n: int, schedules: Mapping[str, Callable[[int], int | None] | None], trials: int = 5
) -> dict[str, LookAhead]:
    """The counts of the notes' ordering method on the games :func:`incremental_game` ``(k, n, seed)``
    for seeds 0 to ``trials`` − 1, for each of ``schedules`` by name: αβ's main search ordered by the
    schedule (:func:`lookahead_ordered`; ``None``: the moves as generated, no look-ahead), and the
    look-aheads' own evaluations.  The schedules search each game in turn, sharing its positions.

    >>> lookahead_counts(2, 2, {"as generated": None}, trials=1)
    {'as generated': LookAhead(mains=(4,), lookaheads=(0,))}
    """
    root = Incremental((), 0.0)
    main: dict[str, list[int]] = {name: [] for name in schedules}
    extra: dict[str, list[int]] = {name: [] for name in schedules}
    for seed in range(trials):
        game = incremental_game(k, n, seed)
        for name, schedule in schedules.items():
            ordered, cost = lookahead_ordered(game, n, schedule or (lambda remaining: None))
            main[name].append(terminals_examined(ordered, root, "maxval")[1])
            extra[name].append(cost.calls)
    return {name: LookAhead(tuple(main[name]), tuple(extra[name])) for name in schedules}


# --- the counts the chapter script and the edition both show -----------------------------


class OrderingCounts(NamedTuple):
    """Terminal positions evaluated on the uniform tree of ``k`` moves and depth ``n``: by minimax
    (``valmax``), by αβ with the best move first and with the worst first (:func:`lexicographic_game`),
    and Levin's count :func:`knuth_moore` beside them."""

    minimax: int
    best: int
    levin: int
    worst: int


def ordering_counts(k: int, n: int) -> OrderingCounts:
    """:class:`OrderingCounts` for ``k`` and ``n``, each counted now.

    >>> ordering_counts(2, 4)
    OrderingCounts(minimax=16, best=7, levin=7, worst=16)
    """
    best = lexicographic_game(k, n, True)
    return OrderingCounts(
        terminals_examined(best, (), "valmax")[1],
        terminals_examined(best, (), "maxval")[1],
        knuth_moore(k, n),
        terminals_examined(lexicographic_game(k, n, False), (), "maxval")[1],
    )


def sorted_worst_first(k: int, n: int, seed: int) -> int:
    """αβ's terminal positions on a tree of random leaves (:func:`random_leaves` ``(seed)``) whose moves
    are sorted worst first at every position by their minimax values, ``valmax`` memoised
    (:mod:`lispy.chapter6.memoised`; ERRATA E16).

    Unlike :func:`lexicographic_game`, a subtree's values are not wholly above or below its
    siblings', so a deep bound can still refute a move: αβ examines fewer than ``k**n``.

    >>> knuth_moore(4, 5) < sorted_worst_first(4, 5, 0) < 4**5
    True
    """
    game = uniform_game(k, n, random_leaves(seed))
    exact = memoised_search(*game)

    def successors(p: tuple[int, ...]) -> Any:
        # the worst move first: the least for the maximizing player (even depths), the most for the other
        maximizing = len(p) % 2 == 0
        value = exact.valmin if maximizing else exact.valmax  # the opponent moves next
        return from_iterable(sorted(game.successors(p), key=value, reverse=not maximizing))

    return terminals_examined(Game(successors, game.ter, game.imval), (), "maxval")[1]


def ordering_series(k: int, depths: Sequence[int], trials: int) -> dict[str, list[float]]:
    """The counts of :func:`ordering_counts` and :func:`random_order_mean` (``trials`` trees) for each
    depth in ``depths``: the series of the figure of terminal positions against depth."""
    counts = [ordering_counts(k, n) for n in depths]
    return {
        "minimax": [float(c.minimax) for c in counts],
        "αβ worst first": [float(c.worst) for c in counts],
        "αβ random order": [random_order_mean(k, n, trials) for n in depths],
        "αβ best first": [float(c.best) for c in counts],
    }
