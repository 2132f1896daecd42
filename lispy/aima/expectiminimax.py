"""EXPECTIMINIMAX: games with chance nodes (AIMA 2nd ed. §6.5, Figures 6.11 and 6.12).

::

    EXPECTIMINIMAX(n) = UTILITY(n)                              if n is a terminal state
                        max over s in SUCCESSORS(n) of EXPECTIMINIMAX(s)   if n is a MAX node
                        min over s in SUCCESSORS(n) of EXPECTIMINIMAX(s)   if n is a MIN node
                        Σ over s in SUCCESSORS(n) of P(s) · EXPECTIMINIMAX(s)  if n is a chance node

A chance node is one where ``to_move(state)`` is :data:`CHANCE`; its outcomes
come from ``chances(state)`` as ``(probability, state)`` pairs.  The sum is
weighted by the probabilities and *not* divided again by the number of
outcomes (a known defect of one well-known implementation, which can choose
the wrong move).

Pruning (§6.5): "if we put bounds on the possible values of the utility
function, then we can arrive at bounds for the average" without looking at all
of a chance node's children: :func:`expectiminimax_alpha_beta` (Ballard's Star1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, NamedTuple

from lispy.aima.decision import NoMoveError
from lispy.aima.game import MAX, MIN
from lispy.sexpr.data import Cons, read, to_pylist

__all__ = [
    "CHANCE",
    "FIGURE_6_12",
    "ChanceTreeGame",
    "ChanceTreeState",
    "expectiminimax",
    "expectiminimax_alpha_beta",
]

CHANCE = "CHANCE"
"""What ``to_move`` gives at a chance node."""

FIGURE_6_12 = (
    "(max (chance (0.9 (min 2 2)) (0.1 (min 3 3))) (chance (0.9 (min 1 1)) (0.1 (min 4 4))))",
    "(max (chance (0.9 (min 20 20)) (0.1 (min 30 30))) (chance (0.9 (min 1 1)) (0.1 (min 400 400))))",
)
"""Figure 6.12's two trees: the leaf values 2 2 3 3 | 1 1 4 4, and 20 20 30 30 | 1 1 400 400."""


def expectiminimax(game: Any, state: Any) -> float:
    """EXPECTIMINIMAX(state), the value for MAX (``game.utility(s, MAX)`` at the leaves)."""
    if game.terminal_test(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    if player == CHANCE:
        return sum(p * expectiminimax(game, s) for p, s in game.chances(state))
    values = [expectiminimax(game, s) for _, s in game.successors(state)]
    if not values:
        raise NoMoveError("expectiminimax: a non-terminal state has no successors")
    return max(values) if player == MAX else min(values)


def expectiminimax_alpha_beta(
    game: Any, state: Any, lower: float, upper: float, α: float = -math.inf, β: float = math.inf
) -> float:
    """EXPECTIMINIMAX(state) with αβ pruning, for utilities known to lie in [lower, upper].

    Fail-hard: returns ``max(α, min(β, EXPECTIMINIMAX(state)))`` (for α < β).  At
    a chance node with outcomes p1 … pk, after the first i−1 have summed to S,
    the node's value is S + p_i·v_i + (the rest), and the rest lies between
    ``lower`` and ``upper`` times the remaining probability; so outcome i need
    only be searched within the window that keeps the node inside (α, β), and
    a value outside it settles the node.  Raises ``ValueError`` if a utility lies
    outside [lower, upper].
    """
    if α >= β:
        return α

    def value(state: Any, α: float, β: float) -> float:
        if game.terminal_test(state):
            u = game.utility(state, MAX)
            if not lower <= u <= upper:
                raise ValueError(f"expectiminimax_alpha_beta: utility {u} outside [{lower}, {upper}]")
            return max(α, min(β, u))
        player = game.to_move(state)
        if player == CHANCE:
            outcomes = [(p, s) for p, s in game.chances(state) if p > 0]
            rest = sum(p for p, _ in outcomes)
            total: float = 0
            for p, s in outcomes:
                rest -= p
                lo = (α - total - upper * rest) / p
                hi = (β - total - lower * rest) / p
                if lo >= upper:  # even the best outcome here leaves the node at most α
                    return α
                if hi <= lower:  # even the worst leaves it at least β
                    return β
                v = value(s, max(lo, lower), min(hi, upper))
                if v <= lo:
                    return α
                if v >= hi:
                    return β
                total += p * v
            return max(α, min(β, total))
        moves = list(game.successors(state))
        if not moves:
            raise NoMoveError("expectiminimax_alpha_beta: a non-terminal state has no successors")
        if player == MAX:
            for _, s in moves:
                α = max(α, value(s, α, β))
                if α >= β:
                    return β
            return α
        for _, s in moves:
            β = min(β, value(s, α, β))
            if β <= α:
                return α
        return β

    return value(state, α, β)


class ChanceTreeState(NamedTuple):
    """A node of an explicit chance tree and the moves (or outcomes) that led to it."""

    tree: Any
    path: tuple[int, ...] = ()


class ChanceTreeGame:
    """An explicit tree of ``(max …)``, ``(min …)`` and ``(chance (p subtree) …)`` nodes with number leaves.

    The text may be given as an S-expression string or an already-read datum.
    Moves and outcomes are numbered 1, 2, ….  Raises ``ValueError`` for a node
    that is neither a number nor one of the three forms.
    """

    def __init__(self, tree: Any) -> None:
        self.initial = ChanceTreeState(read(tree) if isinstance(tree, str) else tree)

    @staticmethod
    def _kind(tree: Any) -> str:
        if isinstance(tree, Cons) and tree.car in ("max", "min", "chance"):
            return str(tree.car)
        raise ValueError(f"ChanceTreeGame: expected a number, (max …), (min …) or (chance (p t) …): {tree}")

    def to_move(self, state: ChanceTreeState) -> str:
        return {"max": MAX, "min": MIN, "chance": CHANCE}[self._kind(state.tree)]

    def successors(self, state: ChanceTreeState) -> Iterable[tuple[int, ChanceTreeState]]:
        return [(i, ChanceTreeState(t, (*state.path, i))) for i, t in enumerate(to_pylist(state.tree.cdr), 1)]

    def chances(self, state: ChanceTreeState) -> Iterable[tuple[float, ChanceTreeState]]:
        pairs = map(to_pylist, to_pylist(state.tree.cdr))
        return [(p, ChanceTreeState(t, (*state.path, i))) for i, (p, t) in enumerate(pairs, 1)]

    def terminal_test(self, state: ChanceTreeState) -> bool:
        if isinstance(state.tree, (int, float)) and not isinstance(state.tree, bool):
            return True
        self._kind(state.tree)
        return False

    def utility(self, state: ChanceTreeState, player: Any) -> float:
        return state.tree if player == MAX else -state.tree
