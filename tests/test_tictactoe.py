"""Tic-tac-toe: the reference counts, and every algorithm against a plain-Python solution on every
reachable non-terminal position (4,520); the transposition-table mistake caught; CS61B's chooseMove."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import pytest

from bench.bitboard import Bitboard, code, decode
from lispy.aima.alpha_beta import alpha_beta_search, alpha_beta_search_fail_hard
from lispy.aima.cutoff import alpha_beta_cutoff_search
from lispy.aima.decision import Decision
from lispy.aima.deepening import iterative_deepening_search
from lispy.aima.game import Counted, mccarthy_search
from lispy.aima.minimax import max_value, minimax_decision, minimax_value, value
from lispy.aima.transposition import AlphaBetaTT, Bound, Entry, TranspositionTable, alpha_beta_tt_search
from lispy.chapter6.game_trees import game_tree_search
from lispy.cs61b import COMPUTER, HUMAN, Best, Lecture17
from lispy.games.tictactoe import SYMMETRIES, Board, TicTacToe, board
from lispy.sexpr.data import to_pylist

# --- the independent side: plain Python, no lispy ------------------------------------------

PLAIN_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def plain_winner(cells: str) -> str | None:
    for i, j, k in PLAIN_LINES:
        if cells[i] != "." and cells[i] == cells[j] == cells[k]:
            return cells[i]
    return None


@functools.cache
def plain_value(cells: str, to_move: str) -> int:
    """The value of a board for the player to move: +1 win, 0 draw, −1 loss (memoised negamax)."""
    winner = plain_winner(cells)
    if winner is not None:
        return 1 if winner == to_move else -1
    if "." not in cells:
        return 0
    other = "O" if to_move == "X" else "X"
    return max(-plain_value(cells[:m] + to_move + cells[m + 1 :], other) for m in range(9) if cells[m] == ".")


def plain_positions() -> dict[str, str]:
    """Every board reachable from the empty one, with the player to move."""
    found: dict[str, str] = {}
    todo = [(".........", "X")]
    while todo:
        cells, to_move = todo.pop()
        if cells in found:
            continue
        found[cells] = to_move
        if plain_winner(cells) is None and "." in cells:
            other = "O" if to_move == "X" else "X"
            todo.extend((cells[:m] + to_move + cells[m + 1 :], other) for m in range(9) if cells[m] == ".")
    return found


POSITIONS = plain_positions()
NON_TERMINAL = sorted(c for c in POSITIONS if plain_winner(c) is None and "." in c)
GAME = TicTacToe()


def optimal(cells: str, move: int) -> bool:
    """Whether ``move`` achieves the value of ``cells`` for the player to move."""
    to_move = POSITIONS[cells]
    other = "O" if to_move == "X" else "X"
    return -plain_value(cells[:move] + to_move + cells[move + 1 :], other) == plain_value(cells, to_move)


def states() -> list[tuple[str, Board]]:
    return [(cells, board(cells)) for cells in NON_TERMINAL]


# --- the reference counts -------------------------------------------------------------------


def test_reachable_positions() -> None:
    assert len(POSITIONS) == 5478
    assert len(NON_TERMINAL) == 4520
    assert plain_value(".........", "X") == 0


@pytest.mark.parametrize(
    "search",
    [
        lambda g: minimax_decision(g).value,
        lambda g: Lecture17(g).choose_move(g.initial, COMPUTER).score,
        lambda g: mccarthy_search(g).valmax(g.initial),
    ],
    ids=["minimax_decision", "chooseMove", "valmax"],
)
def test_full_minimax_examines_the_whole_game_tree(search: Callable[[Any], Any]) -> None:
    game = Counted(TicTacToe())
    assert search(game) == 0
    assert game.examined == 549_946
    assert game.evaluated == 255_168


def test_pruning_examines_fewer_positions() -> None:
    counts = {}
    for name, search in [
        ("alpha_beta", alpha_beta_search),
        ("fail_hard", alpha_beta_search_fail_hard),
        ("chooseMove pruned", lambda g: Decision(*Lecture17(g).choose_move_pruned(g.initial, COMPUTER))),
        (
            "chooseMove αβ",
            lambda g: Decision(*Lecture17(g).choose_move_alpha_beta(g.initial, COMPUTER, -1, 1)),
        ),
        ("table", alpha_beta_tt_search),
    ]:
        game = Counted(TicTacToe())
        assert search(game).value == 0
        counts[name] = game.examined
    assert counts["alpha_beta"] == counts["fail_hard"] == 18_297  # aima-python's alpha_beta_search: 18,297
    assert counts["chooseMove pruned"] == 94_978
    assert counts["chooseMove αβ"] == 16_811
    assert counts["table"] < 4_609  # easyAI's best, DUAL with its table


# --- every algorithm on every reachable non-terminal position -------------------------------

SEARCHES: dict[str, Callable[[Board], Decision]] = {
    "minimax_decision": lambda s: minimax_decision(GAME, s),
    "alpha_beta_search": lambda s: alpha_beta_search(GAME, s),
    "alpha_beta_search_fail_hard": lambda s: alpha_beta_search_fail_hard(GAME, s),
    "alpha_beta_cutoff_search": lambda s: alpha_beta_cutoff_search(GAME, s, depth=math.inf),
    "alpha_beta_tt_search": lambda s: alpha_beta_tt_search(GAME, s),
    "iterative_deepening_search": lambda s: Decision(
        *iterative_deepening_search(GAME, s, time_limit=math.inf)[:2]
    ),
}


@pytest.mark.parametrize("name", list(SEARCHES))
def test_aima_searches_agree_with_the_plain_solution_everywhere(name: str) -> None:
    search = SEARCHES[name]
    wrong = [
        cells
        for cells, state in states()
        if (d := search(state)).value != plain_value(cells, state.to_move) or not optimal(cells, d.move)
    ]
    assert wrong == []


def test_one_table_reused_over_all_positions_stays_correct() -> None:
    table = TranspositionTable()
    wrong = [
        cells
        for cells, state in states()
        if (d := alpha_beta_tt_search(GAME, state, table)).value != plain_value(cells, state.to_move)
        or not optimal(cells, d.move)
    ]
    assert wrong == []


def test_mccarthy_valmax_maxval_and_movemax_agree_everywhere() -> None:
    search = {p: mccarthy_search(GAME, p) for p in "XO"}
    for cells, state in states():
        value = plain_value(cells, state.to_move)
        s = search[state.to_move]
        assert s.valmax(state) == s.maxval(state) == value
        chosen = s.movemax(state)
        assert -plain_value("".join(chosen.cells), chosen.to_move) == value


def test_cs61b_choose_move_agrees_everywhere() -> None:
    for computer in "XO":
        lecture = Lecture17(GAME, computer)
        for cells, state in states():
            side = lecture.side(state)
            value = plain_value(cells, state.to_move) * (1 if side == COMPUTER else -1)
            for best in (
                lecture.choose_move(state, side),
                lecture.choose_move_pruned(state, side),
                lecture.choose_move_alpha_beta(state, side, -1, 1),
            ):
                assert best.score == value
                assert optimal(cells, best.move)


# --- the transposition-table mistake ----------------------------------------------------------


class BoundsIgnored(TranspositionTable):
    """The mistake: whatever the search returned is stored as the position's value."""

    def store(self, key: Any, entry: Entry) -> None:
        super().store(key, entry._replace(bound=Bound.EXACT))


class Unkeyed(TicTacToe):
    """Tic-tac-toe keyed by the board itself, without the symmetries."""

    def key(self, state: Board) -> Any:
        return state.cells


@pytest.mark.parametrize("keyed", ["by board", "by symmetry class"])
def test_a_table_that_ignores_alpha_and_beta_gives_wrong_values_and_the_check_catches_it(keyed: str) -> None:
    game = TicTacToe() if keyed == "by symmetry class" else Unkeyed()
    wrong = 0
    for cells, state in states():
        value = AlphaBetaTT(game, BoundsIgnored()).decision(state).value
        wrong += value != plain_value(cells, state.to_move)
    assert wrong == {"by board": 26, "by symmetry class": 23}[keyed]  # as lispy.aima.transposition says
    right = sum(
        alpha_beta_tt_search(game, state).value != plain_value(cells, state.to_move)
        for cells, state in states()
    )
    assert right == 0


def test_the_eight_symmetries_preserve_value() -> None:
    assert len(set(SYMMETRIES)) == 8
    for cells in NON_TERMINAL[::7]:
        for sym in SYMMETRIES:
            image = "".join(cells[i] for i in sym)
            assert plain_value(image, POSITIONS[cells]) == plain_value(cells, POSITIONS[cells])


# --- the bitboard against the board -------------------------------------------------------


def test_the_bitboard_has_the_boards_rules_at_every_reachable_position() -> None:
    """Every reachable position, coded: the same player to move, terminal test, utilities, and the
    same moves to the same positions in the same order, as AIMA's pairs and as McCarthy's list."""
    bits = Bitboard()
    mccarthy = {player: bits.mccarthy(player) for player in "XO"}
    for cells, to_move in POSITIONS.items():
        state = board(cells, to_move)
        p = code(state)
        assert decode(p) == state
        assert (bits.to_move(p), bits.terminal_test(p)) == (GAME.to_move(state), GAME.terminal_test(state))
        expected = [] if state.over else list(GAME.successors(state))
        assert [(m, decode(s)) for m, s in bits.successors(p)] == expected
        for player, (successors, ter, imval) in mccarthy.items():
            assert bits.utility(p, player) == imval(p) == GAME.utility(state, player)
            assert ter(p) == state.over
            assert to_pylist(successors(p)) == [s for _, s in bits.successors(p)]


def test_the_bitboards_searches_agree_with_the_plain_solution_everywhere() -> None:
    for cells in NON_TERMINAL:
        to_move = POSITIONS[cells]
        game = Bitboard(board(cells, to_move))
        decision = minimax_decision(game)
        assert decision.value == game_tree_search(*game.mccarthy()).valmax(game.initial)
        assert decision.value == plain_value(cells, to_move) and optimal(cells, decision.move)


def test_the_bitboard_examines_the_whole_game_tree() -> None:
    game = Counted(Bitboard())
    assert minimax_decision(game).value == 0
    assert (game.examined, game.evaluated) == (549_946, 255_168)
    successors, ter, imval = Bitboard().mccarthy()
    calls = [0]

    def counted(p: int) -> bool:
        calls[0] += 1
        return ter(p)

    assert game_tree_search(successors, counted, imval).valmax(0) == 0 and calls[0] == 549_946


def test_the_figures_max_value_and_e17s_value_agree_where_the_players_alternate() -> None:
    for cells in NON_TERMINAL[::9]:
        state, player = board(cells), POSITIONS[cells]
        assert max_value(GAME, state, player) == value(GAME, state, player) == minimax_value(GAME, state)


# --- iterative deepening --------------------------------------------------------------------


def test_iterative_deepening_solves_the_empty_board_and_stops() -> None:
    found = iterative_deepening_search(TicTacToe(), time_limit=math.inf)
    assert found.value == 0 and found.solved
    assert found.depth <= 9
    assert found.values[0][0] == found.move


def test_iterative_deepening_returns_the_deepest_completed_iteration_when_time_runs_out() -> None:
    ticks = iter(range(10**9))
    game = TicTacToe(board("X...O...."))
    found = iterative_deepening_search(game, time_limit=300, clock=lambda: next(ticks))
    assert 1 <= found.depth < 7
    assert not found.solved
    assert found.move in dict(GAME.successors(game.initial))


def test_iterative_deepening_completes_the_first_iteration_whatever_the_time() -> None:
    found = iterative_deepening_search(TicTacToe(), time_limit=0)
    assert found.depth == 1


def test_a_depth_limit_without_an_evaluation_is_a_clear_error() -> None:
    from lispy.aima.game import TreeGame
    from lispy.sexpr.data import read

    with pytest.raises(TypeError, match="evaluate"):
        alpha_beta_tt_search(TreeGame(read("((1 2) (3 4))")), depth=1)


# --- CS61B -----------------------------------------------------------------------------------


def test_choose_move_takes_the_win_and_blocks_the_loss() -> None:
    lecture = Lecture17(GAME, "X")
    assert lecture.choose_move(board("XX.OO...."), COMPUTER) == Best(2, 1)
    assert lecture.choose_move_alpha_beta(board("XX.OO...."), COMPUTER) == Best(2, 1)
    assert lecture.choose_move(board("XXOO.....", "X"), COMPUTER).score == 1
    blocked = lecture.choose_move(board("OO.X.X...", "X"), COMPUTER)
    assert blocked.move == 2
    finished = board("XXXOO....")
    assert lecture.choose_move(finished, HUMAN) == Best(None, 1)


def test_choose_move_returns_any_legal_move_when_every_move_loses() -> None:
    """The lecture: "so that if every move leads to a guaranteed loss, some move is returned"."""
    lost = board("X.X.O.X.O", "O")  # X threatens two lines at once
    best = Lecture17(GAME, "O").choose_move(lost, COMPUTER)
    assert best.score == -1 and best.move in dict(GAME.successors(lost))


def test_choose_move_names_a_wrong_side() -> None:
    with pytest.raises(ValueError, match="side=HUMAN is not the side to move"):
        Lecture17(GAME, "X").choose_move(board(), HUMAN)


def test_boards_are_checked() -> None:
    with pytest.raises(ValueError, match="9 cells"):
        board("XX")
    with pytest.raises(ValueError, match="not an empty cell"):
        GAME.play(board("X........"), 0)
    with pytest.raises(ValueError, match="over"):
        GAME.play(board("XXXOO...."), 5)
