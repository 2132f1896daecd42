"""The answer of every AIMA search here: the move chosen at the root, and its value.

AIMA 2nd ed. Figures 6.3 and 6.7 end the same way, "return the action in
SUCCESSORS(state) with value v": :func:`decide`, once for all the searches.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.improvements import NoMoveError

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
    value v" is the first action that raised the best value (ERRATA E18): under
    αβ a later action's cut can return a bound equal to ``v`` without being as good.
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
