"""The benchmark's anchors search the game lispy searches: PAIP's minimax on its two boards and the
notes' valmax in Lisp, in SBCL, and lispy's minimax on aima-python's own board examine the whole
tic-tac-toe tree and find the draw.
(Each skips where its peer is not installed; no test here depends on a time.)"""

from __future__ import annotations

import pytest

from bench import sbcl
from lispy.aima.game import Counted
from lispy.aima.minimax import minimax_decision


@pytest.mark.parametrize("game", sorted(sbcl.GAMES))
def test_each_lisp_anchor_examines_the_whole_tree_and_finds_the_draw(game: str) -> None:
    if sbcl.version() is None:
        pytest.skip("SBCL is not installed (apt-get install sbcl)")
    with sbcl.Anchor(game) as anchor:
        assert anchor.count() == (549_946, 0)
        assert anchor.seconds() > 0


def test_lispys_minimax_on_aima_pythons_board_examines_the_whole_tree() -> None:
    games = pytest.importorskip("aima3.games")
    from bench.tictactoe import on_aima_board

    game = Counted(on_aima_board(games.TicTacToe))
    assert minimax_decision(game).value == 0
    assert game.examined == 549_946
