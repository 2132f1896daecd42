"""Iterative deepening under a time limit (AIMA 2nd ed. §6.4; 1st ed. ch. 5).

"A more robust approach is to apply iterative deepening … When time runs out,
the program returns the move selected by the deepest completed search."  And
(1st ed.) "use the backed-up values from one iteration to determine the
ordering of successors in the next iteration."

Each iteration is a cutoff αβ search with a transposition table
(:class:`~lispy.aima.transposition.AlphaBetaTT`), one ply deeper than the last,
the root's moves in the order of the previous iteration's values, deeper ones in
the table's remembered order.  An iteration that runs out of time is thrown
away, but the first always completes, so there is always a move.  Deepening
stops once an iteration saw the game to its end: deeper ones would repeat it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.aima.cutoff import Evaluation
from lispy.aima.decision import NoMoveError
from lispy.aima.game import Game
from lispy.aima.transposition import AlphaBetaTT, SearchTimeout, TranspositionTable

__all__ = ["Deepening", "iterative_deepening_search"]


class Deepening(NamedTuple):
    """What iterative deepening found: the ``move`` chosen by the deepest completed iteration, its
    backed-up ``value`` for the player to move, that iteration's ``depth`` in plies, whether it was
    ``solved`` (it reached the end of the game everywhere: ``value`` is exact), and the root's moves
    with their ``values`` in the order the next iteration would try them (exact for the best move,
    bounds for the rest)."""

    move: Any
    value: float
    depth: int
    solved: bool
    values: tuple[tuple[Any, float], ...]


def iterative_deepening_search(
    game: Game[Any],
    state: Any | None = None,
    time_limit: float = 1.0,
    evaluate: Evaluation | None = None,
    table: TranspositionTable | None = None,
    max_depth: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Deepening:
    """Search ``state`` 1, 2, 3, … plies deep until ``time_limit`` seconds pass or ``max_depth``.

    ``evaluate(state, player)`` defaults to ``game.evaluate``; pass a ``table`` to
    reuse it across moves.  Raises :class:`NoMoveError` on a terminal state.
    """
    state = game.initial if state is None else state
    if game.terminal_test(state):
        raise NoMoveError("iterative_deepening_search: the state is terminal, there is no move to choose")
    search = AlphaBetaTT(game, table, evaluate, clock=clock)
    start = clock()
    moves = search.moves(state)
    if not moves:
        raise NoMoveError("iterative_deepening_search: the state has no successors")
    found: Deepening | None = None
    depth = 1
    while max_depth is None or depth <= max_depth:
        search.deadline = math.inf if found is None else start + time_limit
        horizon0 = search.horizon
        try:
            values = search.root_values(state, moves, depth)
        except SearchTimeout:
            break
        order = sorted(range(len(values)), key=lambda i: -values[i][1])  # stable: the first best first
        moves = [moves[i] for i in order]
        ranked = tuple(values[i] for i in order)
        solved = search.horizon == horizon0
        found = Deepening(*ranked[0], depth, solved, ranked)
        if solved:
            break
        depth += 1
    assert found is not None
    return found
