"""Cutting off search: a depth limit, an evaluation function, quiescence (AIMA 2nd ed. §6.4).

"We replace the two lines in Figure 6.7 that mention TERMINAL-TEST with the
following line::

    if CUTOFF-TEST(state, depth) then return EVAL(state)"

Quiescence search: "the evaluation function should be applied only to positions
that are quiescent … Nonquiescent positions can be expanded further until
quiescent positions are reached."
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from lispy.aima.decision import Decision, decide
from lispy.aima.game import Game

__all__ = ["Evaluation", "alpha_beta_cutoff_search", "weighted_linear"]

Evaluation = Callable[[Any, Any], float]
"""``evaluate(state, player)``: an estimate of ``state``'s utility for ``player``."""


def weighted_linear(weights: Sequence[float], features: Sequence[Evaluation]) -> Evaluation:
    """EVAL(s) = w1 f1(s) + w2 f2(s) + … + wn fn(s) (AIMA 2nd ed. §6.4, the weighted linear function).

    Each feature is ``f(state, player)``.  Raises ``ValueError`` when the numbers
    of weights and features differ.

    >>> evaluate = weighted_linear([1, 3], [lambda s, p: s[0], lambda s, p: s[1]])
    >>> evaluate((2, 1), "MAX")
    5
    """
    if len(weights) != len(features):
        raise ValueError(f"weighted_linear: {len(weights)} weights for {len(features)} features")
    pairs = tuple(zip(weights, features, strict=True))

    def evaluate(state: Any, player: Any) -> float:
        return sum(w * f(state, player) for w, f in pairs)

    return evaluate


def alpha_beta_cutoff_search(
    game: Game[Any],
    state: Any | None = None,
    depth: float = 4,
    evaluate: Evaluation | None = None,
    quiescent: Callable[[Any], bool] | None = None,
    quiescence_depth: int = 4,
) -> Decision:
    """Fail-soft αβ (Figure 6.7) cut off after ``depth`` plies, EVAL applied at the cutoff.

    CUTOFF-TEST is true at terminal states (EVAL is then the utility) and once
    ``depth`` plies from ``state`` have been searched (``math.inf`` searches to the
    end and gives the minimax value).  EVAL is ``evaluate(state, player)``, by
    default ``game.evaluate``; a ``TypeError`` is raised if neither is there when a
    cutoff needs it.  With ``quiescent``, positions at the cutoff that are not
    quiescent are searched up to ``quiescence_depth`` further plies.  Returns the
    move and its backed-up value; raises :class:`NoMoveError` on a terminal state.
    """
    state = game.initial if state is None else state
    player = game.to_move(state)
    eval_ = getattr(game, "evaluate", None) if evaluate is None else evaluate

    def cutoff_value(state: Any, depth: float) -> float | None:
        """The value at a cutoff, or None where the search goes on."""
        if game.terminal_test(state):
            return game.utility(state, player)
        if depth > 0:
            return None
        if quiescent is None or depth <= -quiescence_depth or quiescent(state):
            if eval_ is None:
                raise TypeError("alpha_beta_cutoff_search: the game has no evaluate(state, player), give one")
            return eval_(state, player)
        return None

    def max_value(state: Any, α: float, β: float, depth: float) -> float:
        cut = cutoff_value(state, depth)
        if cut is not None:
            return cut
        v = -math.inf
        for _, s in game.successors(state):
            v = max(v, value(s, α, β, depth - 1))
            if v >= β:
                return v
            α = max(α, v)
        return v

    def min_value(state: Any, α: float, β: float, depth: float) -> float:
        cut = cutoff_value(state, depth)
        if cut is not None:
            return cut
        v = math.inf
        for _, s in game.successors(state):
            v = min(v, value(s, α, β, depth - 1))
            if v <= α:
                return v
            β = min(β, v)
        return v

    def value(state: Any, α: float, β: float, depth: float) -> float:
        return (max_value if game.to_move(state) == player else min_value)(state, α, β, depth)

    return decide("alpha_beta_cutoff_search", game, state, lambda s, α: value(s, α, math.inf, depth - 1))
