"""What a search knows about a tree partway through: the range each node's value lies in.

AIMA 2nd ed. Figure 6.5 draws ALPHA-BETA-SEARCH on Figure 6.2 stage by stage: after each leaf it
evaluates, each node is labelled with the range its minimax value is known to lie in, ``[−∞, 3]``
for a MIN node whose first leaf was 3, ``3`` once a value is known.  A tree is an S-expression of
numbers, MAX to move at the root; a leaf is named by its path, the positions (from 1) of the moves
that reach it.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from lispy.aima.alpha_beta import alpha_beta_search
from lispy.aima.decision import Decision
from lispy.aima.game import Recorded, TreeGame
from lispy.sexpr.data import to_pylist

__all__ = ["Stages", "alpha_beta_stages", "range_text", "value_range"]


def value_range(
    t: Any, seen: set[tuple[int, ...]], path: tuple[int, ...] = (), max_to_move: bool = True
) -> tuple[float, float]:
    """``(low, high)``: the range the value of ``t`` (at ``path``) lies in, given the leaves ``seen``.

    An unseen leaf could be anything, ``(−∞, +∞)``; a seen one is its value; a node takes the
    max (MAX to move) or min (MIN) of its children's bounds, bound by bound.
    """
    if isinstance(t, int | float):
        return (t, t) if path in seen else (-math.inf, math.inf)
    ranges = [value_range(c, seen, (*path, i), not max_to_move) for i, c in enumerate(to_pylist(t), 1)]
    pick = max if max_to_move else min
    return pick(r[0] for r in ranges), pick(r[1] for r in ranges)


def range_text(r: tuple[float, float]) -> str:
    """A range as Figure 6.5 writes it: ``3`` when known, else ``[−∞, 3]``."""

    def number(x: float) -> str:
        return "+∞" if x == math.inf else "−∞" if x == -math.inf else str(x)

    return number(r[0]) if r[0] == r[1] else f"[{number(r[0])}, {number(r[1])}]"


class Stages(NamedTuple):
    """ALPHA-BETA-SEARCH on a tree, stage by stage: ``rows``, one a stage (``"start"``, then
    ``"leaf 1.1"``… for each leaf evaluated, in order), each the range of the root and of each of
    its children after it; the ``decision``; how many leaves were ``evaluated``."""

    rows: list[list[str]]
    decision: Decision
    evaluated: int


def alpha_beta_stages(t: Any) -> Stages:
    """AIMA Figure 6.5's panels for the tree ``t`` (MAX to move): :class:`Stages`.

    >>> from lispy.sexpr.data import read
    >>> alpha_beta_stages(read("((3 12 8) (2 4 6))")).rows[1]
    ['leaf 1.1', '[−∞, +∞]', '[−∞, 3]', '[−∞, +∞]']
    """
    game = Recorded(TreeGame(t))
    decision = alpha_beta_search(game)
    rows = []
    for stage in range(len(game.terminals) + 1):
        seen = {s.path for s in game.terminals[:stage]}
        leaf = "start" if stage == 0 else "leaf " + ".".join(map(str, game.terminals[stage - 1].path))
        nodes = [value_range(c, seen, (i,), False) for i, c in enumerate(to_pylist(t), 1)]
        rows.append([leaf, range_text(value_range(t, seen)), *(range_text(r) for r in nodes)])
    return Stages(rows, decision, game.evaluated)
