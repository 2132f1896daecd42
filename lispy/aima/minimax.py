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
figure.  The figure assumes the players alternate: :func:`max_value` and
:func:`min_value` are the figure as printed, for a game that says so
(``alternating = True``: tic-tac-toe, Connect Four, the trees).  In the chapter's
own card game the winner of a trick leads the next, so there :func:`value` takes
a successor's value by whoever is to move there (ERRATA.md, E17).
MINIMAX-DECISION here is MAX-VALUE at the root remembering the first action whose
value is ``v``, without searching the successors a second time.
"""

from __future__ import annotations

import math
from typing import Any

from lispy.aima.decision import Decision, decide
from lispy.aima.game import Game

__all__ = ["max_value", "min_value", "minimax_decision", "minimax_value", "value"]


def max_value(game: Game[Any], state: Any, player: Any) -> float:
    """MAX-VALUE(state): the minimax value of ``state`` for ``player``, who is to move (players alternate)."""
    if game.terminal_test(state):
        return game.utility(state, player)
    v = -math.inf
    for _, s in game.successors(state):
        w = min_value(game, s, player)
        if w > v:  # v ← MAX(v, MIN-VALUE(s))
            v = w
    return v


def min_value(game: Game[Any], state: Any, player: Any) -> float:
    """MIN-VALUE(state): the minimax value of ``state`` for ``player``, whose opponent is to move."""
    if game.terminal_test(state):
        return game.utility(state, player)
    v = math.inf
    for _, s in game.successors(state):
        w = max_value(game, s, player)
        if w < v:  # v ← MIN(v, MAX-VALUE(s))
            v = w
    return v


def value(game: Game[Any], state: Any, player: Any) -> float:
    """The minimax value of ``state`` for ``player``, whoever is to move there and below: a max where
    ``player`` is to move, else a min (E17: for any game, whether or not its players alternate)."""
    if game.terminal_test(state):
        return game.utility(state, player)
    values = [value(game, s, player) for _, s in game.successors(state)]
    if game.to_move(state) == player:
        return max(values, default=-math.inf)
    return min(values, default=math.inf)


def minimax_value(game: Game[Any], state: Any | None = None) -> float:
    """MINIMAX-VALUE(state) for the player to move there (§6.2's defining equation)."""
    state = game.initial if state is None else state
    return (max_value if getattr(game, "alternating", False) else value)(game, state, game.to_move(state))


def minimax_decision(game: Game[Any], state: Any | None = None) -> Decision:
    """MINIMAX-DECISION(state): the optimal move for the player to move and its minimax value.

    ``state`` defaults to ``game.initial``.  Examines every position of the
    game tree below ``state`` (549,946 from the empty tic-tac-toe board).
    Raises :class:`NoMoveError` if ``state`` is terminal or has no moves.
    """
    state = game.initial if state is None else state
    player = game.to_move(state)
    successor_value = min_value if getattr(game, "alternating", False) else value
    return decide("minimax_decision", game, state, lambda s, α: successor_value(game, s, player))
