"""ALPHA-BETA-SEARCH: fail-soft (AIMA 2nd ed. §6.3, Figure 6.7) and fail-hard (1st ed. Figure 5.8).

2nd edition, Figure 6.7::

    function ALPHA-BETA-SEARCH(state) returns an action
      v ← MAX-VALUE(state, −∞, +∞)
      return the action in SUCCESSORS(state) with value v

    function MAX-VALUE(state, α, β) returns a utility value
      if TERMINAL-TEST(state) then return UTILITY(state)
      v ← −∞
      for a, s in SUCCESSORS(state) do
        v ← MAX(v, MIN-VALUE(s, α, β))
        if v ≥ β then return v
        α ← MAX(α, v)
      return v

    (MIN-VALUE: v ← +∞; v ← MIN(v, MAX-VALUE(s, α, β)); if v ≤ α then return v; β ← MIN(β, v).)

This is *fail-soft*: a cut returns ``v`` itself, which may lie outside [α, β].

1st edition, Figure 5.8 (the OCR prints ``>`` and ``<``; the book has ``≥`` and ``≤``)::

    function MAX-VALUE(state, game, α, β) returns the minimax value of state
      if CUTOFF-TEST(state) then return EVAL(state)
      for each s in SUCCESSORS(state) do
        α ← MAX(α, MIN-VALUE(s, game, α, β))
        if α ≥ β then return β
      end
      return α

This is *fail-hard*: the value returned always lies in [α, β], like McCarthy's
``maxval1``.  As in :mod:`lispy.aima.minimax`, a successor is valued by
MAX-VALUE or MIN-VALUE according to who is to move there (ERRATA.md, E17).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lispy.aima.decision import Decision, decide
from lispy.aima.game import Game

__all__ = ["alpha_beta_search", "alpha_beta_search_fail_hard"]


def alpha_beta_search(game: Game[Any], state: Any | None = None) -> Decision:
    """ALPHA-BETA-SEARCH(state), fail-soft (2nd ed. Figure 6.7): the move and its minimax value.

    Gives the same value as :func:`lispy.aima.minimax.minimax_decision`, and a move
    with that value, examining fewer positions.  Raises :class:`NoMoveError` on a
    terminal state.
    """
    state = game.initial if state is None else state
    player = game.to_move(state)

    def max_value(state: Any, α: float, β: float) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -math.inf
        for _, s in game.successors(state):
            v = max(v, value(s, α, β))
            if v >= β:
                return v
            α = max(α, v)
        return v

    def min_value(state: Any, α: float, β: float) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = math.inf
        for _, s in game.successors(state):
            v = min(v, value(s, α, β))
            if v <= α:
                return v
            β = min(β, v)
        return v

    def value(state: Any, α: float, β: float) -> float:
        return (max_value if game.to_move(state) == player else min_value)(state, α, β)

    return decide("alpha_beta_search", game, state, lambda s, α: value(s, α, math.inf))


def alpha_beta_search_fail_hard(
    game: Game[Any],
    state: Any | None = None,
    cutoff_test: Callable[[Any], bool] | None = None,
    evaluate: Callable[[Any, Any], float] | None = None,
) -> Decision:
    """The 1st edition's fail-hard αβ (Figure 5.8), at the root: the move and its value.

    ``cutoff_test(state)`` defaults to ``game.terminal_test`` and
    ``evaluate(state, player)`` to ``game.utility``; with the defaults the value is
    the minimax value.  The values below the root are clamped to [α, β].
    """
    state = game.initial if state is None else state
    player = game.to_move(state)
    cutoff = game.terminal_test if cutoff_test is None else cutoff_test
    evaluate_ = game.utility if evaluate is None else evaluate

    def max_value(state: Any, α: float, β: float) -> float:
        if cutoff(state):
            return evaluate_(state, player)
        for _, s in game.successors(state):
            α = max(α, value(s, α, β))
            if α >= β:
                return β
        return α

    def min_value(state: Any, α: float, β: float) -> float:
        if cutoff(state):
            return evaluate_(state, player)
        for _, s in game.successors(state):
            β = min(β, value(s, α, β))
            if β <= α:
                return α
        return β

    def value(state: Any, α: float, β: float) -> float:
        return (max_value if game.to_move(state) == player else min_value)(state, α, β)

    return decide(
        "alpha_beta_search_fail_hard", game, state, lambda s, α: value(s, α, math.inf), terminal=cutoff
    )
