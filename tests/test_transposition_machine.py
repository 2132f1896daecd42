"""One transposition table reused from move to move, as a Hypothesis state machine.

A table's defects live in sequences: an entry stored by one search (a bound under one window, or a
value searched only a few plies deep) handed to a later search that needs something else.  The
machine plays tic-tac-toe with one :class:`TranspositionTable` for the whole game and, between the
moves, searches other positions with it, full-depth or cut off at a few plies with a wrong
evaluation; after every full-depth search the value must be the plain-Python solution's and the
move an optimal one (the oracle of ``tests/test_tictactoe.py``: a memoised negamax over strings).
"""

from __future__ import annotations

import math

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule
from test_tictactoe import NON_TERMINAL, optimal, plain_value

from lispy.aima.transposition import TranspositionTable, alpha_beta_tt_search
from lispy.games.tictactoe import Board, TicTacToe, board

GAME = TicTacToe()


def wrong_evaluation(state: Board, player: str) -> float:
    """A cut-off search's estimate, deliberately not the value: it stores bounds a full search must
    not trust."""
    return 0.5 if player == "X" else -0.5


class ReusedTable(RuleBasedStateMachine):
    """A game played with one table, with other searches in between."""

    @initialize()
    def start(self) -> None:
        self.table = TranspositionTable()
        self.position = GAME.initial
        self.full_searches = 0

    def check(self, state: Board) -> None:
        decision = alpha_beta_tt_search(GAME, state, self.table)
        cells = "".join(state.cells)
        assert decision.value == plain_value(cells, state.to_move), cells
        assert optimal(cells, decision.move), (cells, decision.move)
        self.full_searches += 1

    @rule()
    def search_the_game(self) -> None:
        self.check(self.position)

    @rule(data=st.data())
    def play_a_move(self, data: st.DataObject) -> None:
        moves = list(GAME.successors(self.position))
        _, after = data.draw(st.sampled_from(moves), label="move")
        self.position = GAME.initial if GAME.terminal_test(after) else after

    @rule(cells=st.sampled_from(NON_TERMINAL))
    def search_elsewhere(self, cells: str) -> None:
        self.check(board(cells))

    @rule(cells=st.sampled_from(NON_TERMINAL), depth=st.integers(1, 3))
    def search_cut_off_with_a_wrong_evaluation(self, cells: str, depth: int) -> None:
        value = alpha_beta_tt_search(GAME, board(cells), self.table, depth, wrong_evaluation).value
        assert -math.inf < value < math.inf


ReusedTable.TestCase.settings = settings(max_examples=25, stateful_step_count=12, deadline=None)
test_one_table_reused_from_move_to_move = ReusedTable.TestCase
