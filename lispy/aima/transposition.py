"""αβ with a transposition table that stays correct under αβ (AIMA 2nd ed. §6.3).

"It is worthwhile to store the evaluation of this position in a hash table the
first time it is encountered, so that we don't have to recompute it on
subsequent occurrences."  Under αβ the value a search returns is often not the
position's value but a bound: a cut (v ≥ β) shows only that the value is at
least v, and a search in which no move reached α shows only that it is at most
v.  A table that stores such a number as the value and hands it out later, to
a search with a different window, gives wrong values (this search with such a
table: 23 of the 4,520 non-terminal tic-tac-toe positions keyed by symmetry
class, 26 keyed by board; the tests check this one on all of them and show that
the mistake is caught).

So an :class:`Entry` stores whether its value is exact or a bound.  An entry
answers a later search only when it was searched at least as deep; a bound
answers only when it falls outside the new window, and otherwise narrows it.
Values are stored for the player to move at the stored position, so one
:class:`TranspositionTable` serves both sides and can be reused from move to move.

The search is αβ in *negamax* form, Figure 6.7's MAX-VALUE and MIN-VALUE
written once (when a player moves twice running, the value is not negated:
ERRATA.md, E17).  Positions are keyed by ``game.key(state)`` where the game has
one (tic-tac-toe identifies the 8 symmetric boards), and by the state itself
otherwise; moves are tried in the order ``game.order(state, successors)`` gives,
after the best move the table remembers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from enum import Enum
from typing import Any, NamedTuple

from lispy.aima.cutoff import Evaluation
from lispy.aima.decision import Decision, NoMoveError
from lispy.aima.game import Game

__all__ = ["AlphaBetaTT", "Bound", "Entry", "SearchTimeout", "TranspositionTable", "alpha_beta_tt_search"]


class Bound(Enum):
    """What a stored value says of the position's value."""

    EXACT = "exact"
    LOWER = "lower"
    """The value is at least the stored value (a cut: the search failed high)."""
    UPPER = "upper"
    """The value is at most the stored value (no move reached α: the search failed low)."""


class Entry(NamedTuple):
    """A transposition-table entry, for the player to move at the position: the value, its bound, the
    plies searched below it (``math.inf`` when no evaluation cut the search short), the best move."""

    value: float
    bound: Bound
    depth: float
    move: Any


class TranspositionTable:
    """A map from position keys to :class:`Entry`; keep one across moves to reuse what was learned."""

    def __init__(self) -> None:
        self.entries: dict[Hashable, Entry] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Hashable) -> Entry | None:
        return self.entries.get(key)

    def store(self, key: Hashable, entry: Entry) -> None:
        """Keep ``entry`` unless the table holds one searched deeper."""
        old = self.entries.get(key)
        if old is None or entry.depth >= old.depth:
            self.entries[key] = entry


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed (caught by iterative deepening)."""


class AlphaBetaTT:
    """Fail-soft negamax αβ over ``game`` with ``table``: :meth:`value` and :meth:`decision`.

    ``depth`` limits are in plies; at the limit ``evaluate(state, player)`` applies
    (by default ``game.evaluate``).  ``deadline`` is a ``clock()`` time after which
    :meth:`value` raises :class:`SearchTimeout`.  ``horizon`` counts the evaluations
    and depth-limited table answers that cut a search short; a search during
    which it does not change has seen the game to its end.
    """

    def __init__(
        self,
        game: Game[Any],
        table: TranspositionTable | None = None,
        evaluate: Evaluation | None = None,
        deadline: float = math.inf,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.table = TranspositionTable() if table is None else table
        self.evaluate = getattr(game, "evaluate", None) if evaluate is None else evaluate
        self.key: Callable[[Any], Hashable] = getattr(game, "key", lambda s: s)
        self.order: Callable[[Any, list[Any]], list[Any]] | None = getattr(game, "order", None)
        self.deadline = deadline
        self.clock = clock
        self.horizon = 0

    def moves(self, state: Any, first: Any = None) -> list[tuple[Any, Any]]:
        """The successors of ``state`` in search order: ``first`` (a move), then the game's order."""
        moves = list(self.game.successors(state))
        if self.order is not None:
            moves = self.order(state, moves)
        if first is not None:
            moves.sort(key=lambda ms: ms[0] != first)
        return moves

    def value(self, state: Any, depth: float, α: float, β: float) -> float:
        """The negamax value of ``state`` for the player to move, fail-soft: ``v`` with α < v < β
        is exact; ``v ≤ α`` says the value is at most ``v``; ``v ≥ β`` says it is at least ``v``."""
        game = self.game
        if game.terminal_test(state):
            return game.utility(state, game.to_move(state))
        if self.clock() > self.deadline:
            raise SearchTimeout
        if depth <= 0:
            if self.evaluate is None:
                raise TypeError("AlphaBetaTT: a depth limit needs evaluate(state, player); the game has none")
            self.horizon += 1
            return self.evaluate(state, game.to_move(state))
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            first = entry.move
            if entry.depth >= depth:
                if entry.depth != math.inf:
                    self.horizon += 1
                if entry.bound is Bound.LOWER:
                    α = max(α, entry.value)
                elif entry.bound is Bound.UPPER:
                    β = min(β, entry.value)
                if entry.bound is Bound.EXACT or α >= β:  # a bound outside the window answers
                    return entry.value
        α0, β0, horizon0 = α, β, self.horizon
        best, best_move = -math.inf, None
        player = game.to_move(state)
        for m, s in self.moves(state, first):
            v = self.child_value(player, s, depth - 1, α, β)
            if v > best:
                best, best_move = v, m
                if best > α:
                    α = best
                    if α >= β:
                        break
        bound = Bound.UPPER if best <= α0 else Bound.LOWER if best >= β0 else Bound.EXACT
        self.table.store(key, Entry(best, bound, depth if self.horizon != horizon0 else math.inf, best_move))
        return best

    def child_value(self, player: Any, state: Any, depth: float, α: float, β: float) -> float:
        """The value for ``player`` of the successor ``state``: minus its value for the other
        player if the turn passes (the negamax step), its own value if ``player`` moves again."""
        if self.game.to_move(state) == player:
            return self.value(state, depth, α, β)
        return -self.value(state, depth, -β, -α)

    def root_values(self, state: Any, moves: list[tuple[Any, Any]], depth: float) -> list[tuple[Any, float]]:
        """Each of ``moves`` at ``state`` with its value after a search ``depth`` plies deep.

        α rises to the best value so far, so the first move with the greatest value
        has its exact value and the others may have bounds (fail-soft, at most α).
        """
        player = self.game.to_move(state)
        values = []
        α = -math.inf
        for m, s in moves:
            v = self.child_value(player, s, depth - 1, α, math.inf)
            values.append((m, v))
            α = max(α, v)
        return values

    def decision(self, state: Any, depth: float = math.inf) -> Decision:
        """The best move at ``state`` after a search ``depth`` plies deep, and its value."""
        if self.game.terminal_test(state):
            raise NoMoveError("alpha_beta_tt_search: the state is terminal, there is no move to choose")
        key = self.key(state)
        entry = self.table.get(key)
        horizon0 = self.horizon
        values = self.root_values(state, self.moves(state, entry.move if entry is not None else None), depth)
        if not values:
            raise NoMoveError("alpha_beta_tt_search: the state has no successors")
        best = Decision(*max(values, key=lambda mv: mv[1]))  # the first of the greatest
        exact_to_end = self.horizon == horizon0
        self.table.store(key, Entry(best.value, Bound.EXACT, math.inf if exact_to_end else depth, best.move))
        return best


def alpha_beta_tt_search(
    game: Game[Any],
    state: Any | None = None,
    table: TranspositionTable | None = None,
    depth: float = math.inf,
    evaluate: Evaluation | None = None,
) -> Decision:
    """αβ with a transposition table: the move for the player to move at ``state`` and its value.

    Pass the same ``table`` from move to move to reuse it.  ``depth`` and
    ``evaluate`` as in :func:`lispy.aima.cutoff.alpha_beta_cutoff_search`; with the
    default full depth the value is the minimax value.
    """
    state = game.initial if state is None else state
    return AlphaBetaTT(game, table, evaluate).decision(state, depth)
