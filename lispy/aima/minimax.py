"""MINIMAX-DECISION, MAX-VALUE and MIN-VALUE (AIMA 2nd ed. §6.2, Figure 6.3).

::

    function MINIMAX-DECISION(state) returns an action
      v ← MAX-VALUE(state)
      return the action in SUCCESSORS(state) with value v

    function MAX-VALUE(state) returns a utility value
      if TERMINAL-TEST(state) then return UTILITY(state)
      v ← −∞
      for a, s in SUCCESSORS(state) do v ← MAX(v, MIN-VALUE(s))
      return v

    (MIN-VALUE is the same with +∞ and MIN.)

UTILITY is the utility for the player to move at the root, the MAX of the
figure.  The figure assumes the players alternate, so that MAX-VALUE's
successors are all MIN's to move; in the chapter's own card game the winner of
a trick leads the next, so a successor's value is taken by whoever is to move
there: MAX-VALUE for the root's player, MIN-VALUE for the other (ERRATA.md, E17).
MINIMAX-DECISION here is MAX-VALUE at the root remembering the first
action whose value is ``v``: the action the figure's second line finds, without
searching the successors a second time.
"""

from __future__ import annotations

import math
from typing import Any

from lispy.aima.decision import Decision, decide
from lispy.aima.game import Game

__all__ = ["max_value", "min_value", "minimax_decision", "minimax_value", "value"]


def max_value(game: Game[Any], state: Any, player: Any) -> float:
    """MAX-VALUE(state): the minimax value of ``state`` for ``player``, who is to move."""
    if game.terminal_test(state):
        return game.utility(state, player)
    v = -math.inf
    for _, s in game.successors(state):
        v = max(v, value(game, s, player))
    return v


def min_value(game: Game[Any], state: Any, player: Any) -> float:
    """MIN-VALUE(state): the minimax value of ``state`` for ``player``, whose opponent is to move."""
    if game.terminal_test(state):
        return game.utility(state, player)
    v = math.inf
    for _, s in game.successors(state):
        v = min(v, value(game, s, player))
    return v


def value(game: Game[Any], state: Any, player: Any) -> float:
    """MAX-VALUE(state) if ``player`` is to move at ``state``, else MIN-VALUE(state)."""
    return (max_value if game.to_move(state) == player else min_value)(game, state, player)


def minimax_value(game: Game[Any], state: Any | None = None) -> float:
    """MINIMAX-VALUE(state) for the player to move there (§6.2's defining equation)."""
    state = game.initial if state is None else state
    return max_value(game, state, game.to_move(state))


def minimax_decision(game: Game[Any], state: Any | None = None) -> Decision:
    """MINIMAX-DECISION(state): the optimal move for the player to move and its minimax value.

    ``state`` defaults to ``game.initial``.  Examines every position of the
    game tree below ``state`` (549,946 from the empty tic-tac-toe board).
    Raises :class:`NoMoveError` if ``state`` is terminal or has no moves.
    """
    state = game.initial if state is None else state
    player = game.to_move(state)
    return decide("minimax_decision", game, state, lambda s, α: value(game, s, player))
