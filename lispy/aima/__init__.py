"""Russell and Norvig's adversarial search (AIMA 1st ed. ch. 5, 2nd ed. ch. 6), transcribed.

One module per idea, each docstring citing its figure or section:

- :mod:`lispy.aima.minimax`: MINIMAX-DECISION (2nd ed. Figure 6.3);
- :mod:`lispy.aima.alpha_beta`: ALPHA-BETA-SEARCH, fail-soft (2nd ed. Figure 6.7), and the
  1st edition's fail-hard MAX-VALUE/MIN-VALUE with CUTOFF-TEST and EVAL (1st ed. Figure 5.8);
- :mod:`lispy.aima.cutoff`: cutoff search with a depth limit, an evaluation function, a
  weighted linear evaluation and quiescence search (2nd ed. §6.4);
- :mod:`lispy.aima.transposition`: a transposition table that stays correct under αβ (§6.3);
- :mod:`lispy.aima.deepening`: iterative deepening under a time limit (§6.4);
- :mod:`lispy.aima.multiplayer`: minimax with utility vectors (§6.2, Figure 6.4);
- :mod:`lispy.aima.expectiminimax`: chance nodes (§6.5, Figure 6.12) and their pruning;
- :mod:`lispy.aima.bridge`: the four-card bridge example and averaging over clairvoyancy (§6.5);
- :mod:`lispy.aima.ranges`: the range each node's value is known to lie in, partway through a
  search (Figure 6.5's labels).

All of them take a game in the formulation of :mod:`lispy.aima.game`.
"""

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import NoMoveError

__all__ = ["Decision", "NoMoveError", "decide"]


class Decision(NamedTuple):
    """A search's answer: the ``move`` chosen and its ``value`` for the player to move."""

    move: Any
    value: Any


def decide(
    search: str,
    game: Any,
    state: Any,
    value: Callable[[Any, float], float],
    terminal: Callable[[Any], bool] | None = None,
) -> Decision:
    """The root of every AIMA search here: the first move whose value beats all before it.

    ``value(s, α)`` is the value for the player to move at ``state`` of the
    successor ``s``, given that a move worth ``α`` is already in hand (searches
    without pruning ignore ``α``).  "Return the action in SUCCESSORS(state) with
    value v" is the first action that raised the best value (ERRATA E18).
    Raises :class:`NoMoveError`, naming ``search``, at a terminal state (by
    ``terminal``, default ``game.terminal_test``) or one without successors.
    """
    if (game.terminal_test if terminal is None else terminal)(state):
        raise NoMoveError(f"{search}: the state is terminal, there is no move to choose")
    best: Decision | None = None
    for a, s in game.successors(state):
        v = value(s, -math.inf if best is None else best.value)
        if best is None or v > best.value:
            best = Decision(a, v)
    if best is None:
        raise NoMoveError(f"{search}: the state has no successors")
    return best
