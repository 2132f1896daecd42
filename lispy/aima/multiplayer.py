"""Minimax with utility vectors, for games of more than two players (AIMA 2nd ed. §6.2, Figure 6.4).

"We need to replace the single value for each node with a vector of values …
the backed-up value of a node n is the utility vector of whichever successor
has the highest value for the player choosing at n."  Ties go to the first
such successor.

A game here has ``players`` (a sequence) and ``utility(state, player)`` for
each; the utility vector of a terminal state lists them in ``players`` order.
:class:`VectorTreeGame` is an explicit tree with tuples of numbers as leaves,
such as Figure 6.4's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from lispy.aima.decision import Decision, NoMoveError

__all__ = ["FIGURE_6_4", "VectorTreeGame", "VectorTreeState", "multiplayer_decision", "multiplayer_value"]

FIGURE_6_4 = [
    [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
    [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]],
]
"""Figure 6.4: players A, B, C move in turn; the leaves are utility vectors (vA, vB, vC)."""


def multiplayer_value(game: Any, state: Any) -> tuple[float, ...]:
    """The backed-up utility vector of ``state``: ``(u(p1), u(p2), …)`` in ``game.players`` order."""
    if game.terminal_test(state):
        return tuple(game.utility(state, p) for p in game.players)
    return _best(game, state, "multiplayer_value").value


def multiplayer_decision(game: Any, state: Any | None = None) -> Decision:
    """The move of the player to move at ``state`` and the utility vector it leads to."""
    state = game.initial if state is None else state
    if game.terminal_test(state):
        raise NoMoveError("multiplayer_decision: the state is terminal, there is no move to choose")
    return _best(game, state, "multiplayer_decision")


def _best(game: Any, state: Any, search: str) -> Decision:
    """The first move at the non-terminal ``state`` whose vector is best for the player to move."""
    i = game.players.index(game.to_move(state))
    decisions = [Decision(m, multiplayer_value(game, s)) for m, s in game.successors(state)]
    if not decisions:
        raise NoMoveError(f"{search}: a non-terminal state has no successors")
    return max(decisions, key=lambda d: d.value[i])


class VectorTreeState(NamedTuple):
    """A node of an explicit multiplayer tree and the index of the player to move."""

    tree: Any
    turn: int


class VectorTreeGame:
    """An explicit tree (nested lists, tuple leaves) whose ``players`` move in turn from the root.

    ``VectorTreeGame(FIGURE_6_4, "ABC")`` is Figure 6.4; moves are numbered 1, 2, ….
    """

    def __init__(self, tree: Any, players: Sequence[Any]) -> None:
        self.players = list(players)
        self.initial = VectorTreeState(tree, 0)

    def to_move(self, state: VectorTreeState) -> Any:
        return self.players[state.turn]

    def successors(self, state: VectorTreeState) -> Iterable[tuple[int, VectorTreeState]]:
        turn = (state.turn + 1) % len(self.players)
        return [(i, VectorTreeState(t, turn)) for i, t in enumerate(state.tree, 1)]

    def terminal_test(self, state: VectorTreeState) -> bool:
        return type(state.tree) is tuple

    def utility(self, state: VectorTreeState, player: Any) -> float:
        return state.tree[self.players.index(player)]
