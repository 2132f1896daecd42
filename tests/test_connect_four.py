"""Connect Four: rules, the weighted linear evaluation, cutoff search against a plain depth-limited
minimax, quiescence, iterative deepening and the transposition table."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from lispy.aima.cutoff import alpha_beta_cutoff_search, weighted_linear
from lispy.aima.deepening import iterative_deepening_search
from lispy.aima.game import Counted
from lispy.aima.transposition import TranspositionTable, alpha_beta_tt_search
from lispy.games.connect_four import WEIGHTS, WINDOWS, ConnectFour, Position, features, position


def test_the_board_has_69_lines_of_four() -> None:
    assert len(WINDOWS) == 69  # 24 horizontal, 21 vertical, 24 diagonal


def test_four_in_a_row_wins_in_every_direction() -> None:
    assert position("0011223").winner == "X"  # horizontal
    assert position("0101010").winner == "X"  # vertical
    assert position("01123223433").winner == "X"  # diagonal up to the right
    assert position("6554344323").winner is None
    assert position("65543443233").winner == "X"  # the mirror image: diagonal up to the left


def test_bad_moves_are_named() -> None:
    with pytest.raises(ValueError, match="move 2 is column '9'"):
        position("39")
    with pytest.raises(ValueError, match="full"):
        position("0000000")
    with pytest.raises(ValueError, match="has won"):
        position("01010101")
    with pytest.raises(ValueError, match="column 7"):
        ConnectFour().play(position(), 7)


def test_the_evaluation_is_the_weighted_linear_function_of_the_features() -> None:
    rng = random.Random(7)
    game = ConnectFour()
    evaluate = weighted_linear(WEIGHTS, [lambda s, p, i=i: features(s, p)[i] for i in range(5)])
    for _ in range(50):
        state = random_position(rng, rng.randrange(2, 20))
        if not game.terminal_test(state):
            assert game.evaluate(state, "X") == evaluate(state, "X")
            assert game.evaluate(state, "O") == evaluate(state, "O")


def test_features_count_threes_and_twos() -> None:
    state = position("0516")  # X at 0 and 1, O at 5 and 6, X to move
    assert features(state, "X") == (0, 1, 0, 1, 0)  # cells 0-3 hold two X, cells 3-6 two O
    assert features(position("0516"), "O") == (0, 1, 0, 1, 0)


def random_position(rng: random.Random, moves: int) -> Position:
    game = ConnectFour()
    state = game.initial
    for _ in range(moves):
        if game.terminal_test(state):
            break
        state = rng.choice([s for _, s in game.successors(state)])
    return state


def plain_features(cells: str, player: str) -> tuple[int, int, int, int, int]:
    """:func:`features` recounted cell by cell over the 69 windows, from the 42 characters."""
    other = "O" if player == "X" else "X"
    counts = {player: [0] * 5, other: [0] * 5}
    for w in WINDOWS:
        mine, theirs = sum(cells[j] == player for j in w), sum(cells[j] == other for j in w)
        if mine and not theirs:
            counts[player][mine] += 1
        elif theirs and not mine:
            counts[other][theirs] += 1
    centre = sum(cells[row * 7 + 3] == player for row in range(6))
    return counts[player][3], counts[player][2], counts[other][3], counts[other][2], centre


def plain_cells(moves: list[int]) -> str:
    """The 42 characters after ``moves``, row by row from the bottom, dropped one by one in a list."""
    cells, heights = ["."] * 42, [0] * 7
    for k, col in enumerate(moves):
        cells[heights[col] * 7 + col] = "XO"[k % 2]
        heights[col] += 1
    return "".join(cells)


@pytest.mark.parametrize("seed", range(4))
def test_the_bitboards_agree_with_a_plain_board(seed: int) -> None:
    """Cells, winner, features, quiescence and the key against a list of 42 characters, on random games."""
    rng = random.Random(seed)
    game = ConnectFour()
    for _ in range(25):
        moves: list[int] = []
        state = game.initial
        while not game.terminal_test(state):
            moves.append(rng.choice([c for c in range(7) if state.heights[c] < 6]))
            state = game.play(state, moves[-1])
            cells = plain_cells(moves)
            assert state.cells == cells and state == position(moves)
            fours = [w for w in WINDOWS if len({cells[j] for j in w}) == 1 and cells[w[0]] != "."]
            assert state.winner == (cells[fours[0][0]] if fours else None)
            for player in "XO":
                assert features(state, player) == plain_features(cells, player)
            wins_at_once = any(s.winner is not None for _, s in game.successors(state))
            assert game.quiescent(state) == (not wins_at_once)
        assert state.winner is not None or "." not in state.cells
    keys = {game.key(position(m)) for m in ("", "3", "34", "43", "0011", "1100")}
    assert len(keys) == 5  # "0011" and "1100" reach one position; all others differ


def plain_depth_limited(game: ConnectFour, state: Position, depth: int, player: str) -> float:
    """Minimax to ``depth`` plies with the game's evaluation, no pruning: the cross-check."""
    if game.terminal_test(state):
        return game.utility(state, player)
    if depth == 0:
        return game.evaluate(state, player)
    values = [plain_depth_limited(game, s, depth - 1, player) for _, s in game.successors(state)]
    return max(values) if state.to_move == player else min(values)


@pytest.mark.parametrize("seed", range(6))
def test_cutoff_search_gives_the_depth_limited_minimax_value(seed: int) -> None:
    rng = random.Random(seed)
    state = random_position(rng, rng.randrange(4, 16))
    game = ConnectFour(state)
    if game.terminal_test(state):
        return
    expected = plain_depth_limited(game, state, 3, state.to_move)
    assert alpha_beta_cutoff_search(game, depth=3).value == expected


QUIET_TRAP = "03351315"
"""X to move.  Cut off after 2 plies, X plays column 3, and O then has a forced win (O's reply
leaves X facing a threat that the 2-ply horizon does not see)."""


def test_quiescence_search_sees_past_the_horizon() -> None:
    game = ConnectFour(position(QUIET_TRAP))
    plain = alpha_beta_cutoff_search(game, depth=2)
    quiet = alpha_beta_cutoff_search(game, depth=2, quiescent=game.quiescent)
    assert plain.move == 3
    after = game.play(game.initial, 3)
    assert alpha_beta_cutoff_search(game, after, depth=4).value == ConnectFour.WIN  # for O, to move
    assert quiet.move != 3
    deep = alpha_beta_cutoff_search(game, game.play(game.initial, quiet.move), depth=4).value
    assert deep < ConnectFour.WIN


def test_the_table_and_deepening_take_a_win_in_one_and_block_a_loss_in_one() -> None:
    win = ConnectFour(position("001122"))  # X to move, three in the bottom row
    block = ConnectFour(position("0011262"))  # O to move must block column 3
    for game, move in ((win, 3), (block, 3)):
        assert alpha_beta_tt_search(game, depth=4).move == move
        assert iterative_deepening_search(game, time_limit=math.inf, max_depth=4).move == move


def test_the_table_is_reused_from_move_to_move_and_saves_work() -> None:
    game = Counted(ConnectFour(position("3322")))
    table = TranspositionTable()
    first = alpha_beta_tt_search(game, table=table, depth=5)
    fresh_count = game.examined
    game.reset()
    again = alpha_beta_tt_search(game, table=table, depth=5)
    assert again == first
    assert game.examined < fresh_count / 2


def test_iterative_deepening_orders_by_the_previous_iteration() -> None:
    game = ConnectFour(position("3322"))
    found = iterative_deepening_search(game, time_limit=math.inf, max_depth=4)
    assert found.depth == 4 and not found.solved
    assert found.values[0] == (found.move, found.value)
    assert sorted(m for m, _ in found.values) == list(range(7))


def test_a_search_through_counted_passes_the_game_extras_through() -> None:
    game: Any = Counted(ConnectFour(position("33")))
    assert alpha_beta_tt_search(game, depth=2).move in range(7)
    assert game.examined > 0
