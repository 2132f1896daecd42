"""CS61B lecture 17, "Game trees": ``chooseMove`` returning a ``Best(move, score)``.

The lecture's grid is mutated ("perform move m … undo move m"); here it is an immutable state of an
AIMA game (:mod:`lispy.aima.game`), and performing ``m`` is taking the state ``successors`` pairs
with it.  Scores are the game's ``utility`` for the computer, in [−1, 1]: 1 a guaranteed win
(COMPUTER_WIN), 0 a draw (DRAW), −1 a loss (HUMAN_WIN).  ``side`` is :data:`COMPUTER` or
:data:`HUMAN`, the player to move.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lispy.aima.game import Game

COMPUTER = True
HUMAN = False
COMPUTER_WIN, DRAW, HUMAN_WIN = 1, 0, -1


class Best(NamedTuple):
    """The lecture's ``Best``: a ``move`` (None at a finished grid) and its ``score``."""

    move: Any
    score: float


class Lecture17:
    """The lecture's three ``chooseMove`` methods for ``game``, with ``computer`` the computer's player.

    ``computer`` defaults to the player to move in ``game.initial``.
    """

    def __init__(self, game: Game[Any], computer: Any = None) -> None:
        self.game = game
        self.computer = game.to_move(game.initial) if computer is None else computer

    def score(self, grid: Any) -> float:
        """The score of a finished grid: its utility for the computer.

        Raises ``ValueError`` for a utility outside [−1, 1]: the lecture's
        initial scores ∓1 would then give wrong answers.
        """
        u = self.game.utility(grid, self.computer)
        if not -1 <= u <= 1:
            raise ValueError(f"chooseMove: score {u} outside [-1, 1]; the lecture's scores are 1, 0 and -1")
        return u

    def _check(self, grid: Any, side: bool) -> None:
        if (self.game.to_move(grid) == self.computer) != side:
            raise ValueError(f"chooseMove: side={'COMPUTER' if side else 'HUMAN'} is not the side to move")

    def choose_move(self, grid: Any, side: bool) -> Best:
        """``chooseMove(side)``: the best move for ``side`` and its score, by full minimax.

        Raises ``ValueError`` if ``side`` is not the side to move at ``grid``.
        """
        self._check(grid, side)
        return self._choose_move(grid, side, prune=False)

    def choose_move_pruned(self, grid: Any, side: bool) -> Best:
        """``chooseMove(side)`` with simple pruning: stop as soon as ``side`` has a guaranteed win."""
        self._check(grid, side)
        return self._choose_move(grid, side, prune=True)

    def _choose_move(self, grid: Any, side: bool, prune: bool) -> Best:
        game = self.game
        if game.terminal_test(grid):  # "this" Grid is full or has a win
            return Best(None, self.score(grid))
        moves = list(game.successors(grid))
        win = COMPUTER_WIN if side == COMPUTER else HUMAN_WIN
        my_best = Best(moves[0][0], -1 if side == COMPUTER else 1)  # myBest.move = any legal move
        for m, after in moves:
            reply = self._choose_move(after, not side, prune)
            if (side == COMPUTER and reply.score > my_best.score) or (
                side == HUMAN and reply.score < my_best.score
            ):
                my_best = Best(m, reply.score)
            if prune and my_best.score == win:  # simple pruning: a guaranteed win ends the search
                return my_best
        return my_best

    def choose_move_alpha_beta(self, grid: Any, side: bool, alpha: float = -1, beta: float = 1) -> Best:
        """``chooseMove(side, alpha, beta)``; the top-level call has [α, β] = [−1, 1].

        The scores are the lecture's code's, not confined to [α, β]: exact at a terminal position
        and where the value lies inside (α, β); otherwise a bound on the value's side of the window
        (``myBest`` keeps a reply's score even when it passes the other bound and cuts the search
        off).  From the empty board, 4,454 of the 16,811 calls return a score outside their window.
        """
        self._check(grid, side)
        return self._choose_move_alpha_beta(grid, side, alpha, beta)

    def _choose_move_alpha_beta(self, grid: Any, side: bool, alpha: float, beta: float) -> Best:
        game = self.game
        if game.terminal_test(grid):
            return Best(None, self.score(grid))
        moves = list(game.successors(grid))
        my_best = Best(moves[0][0], alpha if side == COMPUTER else beta)
        for m, after in moves:
            reply = self._choose_move_alpha_beta(after, not side, alpha, beta)
            if side == COMPUTER and reply.score > my_best.score:
                my_best = Best(m, reply.score)
                alpha = reply.score
            elif side == HUMAN and reply.score < my_best.score:
                my_best = Best(m, reply.score)
                beta = reply.score
            if alpha >= beta:
                return my_best
        return my_best

    def side(self, grid: Any) -> bool:
        """The side to move at ``grid``: :data:`COMPUTER` or :data:`HUMAN`."""
        return self.game.to_move(grid) == self.computer
