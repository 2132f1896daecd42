"""AIMA's systems: the figures' values, and every formulation against the others and against
plain-Python re-computations on random game trees, chance trees and multiplayer trees."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lispy import Cons, from_iterable, read, to_python
from lispy.aima.alpha_beta import alpha_beta_search, alpha_beta_search_fail_hard
from lispy.aima.bridge import (
    MAX_HAND,
    MIN_HAND,
    MIN_HAND_VARIANT,
    FourCardBridge,
    averaged_over_clairvoyancy,
    card,
    hand,
    value_with_hidden_cards,
)
from lispy.aima.cutoff import alpha_beta_cutoff_search, weighted_linear
from lispy.aima.decision import Decision, NoMoveError
from lispy.aima.expectiminimax import (
    CHANCE,
    FIGURE_6_12,
    ChanceTreeGame,
    expectiminimax,
    expectiminimax_alpha_beta,
)
from lispy.aima.game import (
    MAX,
    MIN,
    Counted,
    McCarthyState,
    Recorded,
    TreeGame,
    from_mccarthy,
    mccarthy_search,
)
from lispy.aima.minimax import minimax_decision, minimax_value
from lispy.aima.multiplayer import FIGURE_6_4, VectorTreeGame, multiplayer_decision, multiplayer_value
from lispy.aima.transposition import TranspositionTable, alpha_beta_tt_search
from lispy.chapter6.sexp_games import imval, successors, ter, tree
from lispy.cs61b import COMPUTER, Lecture17

FIGURE_6_2 = read("((3 12 8) (2 4 6) (14 5 2))")


def plain_minimax(t: Any, max_to_move: bool = True) -> float:
    """Minimax on nested Python lists, no lispy."""
    if not isinstance(t, list):
        return t
    values = [plain_minimax(c, not max_to_move) for c in t]
    return max(values) if max_to_move else min(values)


LEAVES = st.integers(-20, 20)


def game_trees(depth: int, leaves: st.SearchStrategy[int] = LEAVES) -> st.SearchStrategy[Any]:
    """S-expression game trees of depth at most ``depth``; every non-terminal position has a move."""
    if depth == 0:
        return leaves
    return leaves | st.lists(game_trees(depth - 1, leaves), min_size=1, max_size=3).map(from_iterable)


# --- Figure 6.2 and Figure 6.5 -------------------------------------------------------------


def test_figure_6_2_minimax_decision_is_a1_with_value_3() -> None:
    game = Counted(TreeGame(FIGURE_6_2))
    assert minimax_decision(game) == Decision(1, 3)
    assert game.evaluated == 9


@pytest.mark.parametrize("search", [alpha_beta_search, alpha_beta_search_fail_hard])
def test_figure_6_5_alpha_beta_never_evaluates_the_second_and_third_leaves_under_c(search: Any) -> None:
    game = Recorded(TreeGame(FIGURE_6_2))
    assert search(game) == Decision(1, 3)
    assert [t.path for t in game.terminals] == [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]


def test_the_mccarthy_and_cs61b_formulations_agree_on_figure_6_2() -> None:
    assert tree.valmax(FIGURE_6_2) == tree.maxval(FIGURE_6_2) == 3
    assert mccarthy_search(TreeGame(FIGURE_6_2)).maxval(TreeGame(FIGURE_6_2).initial) == 3


# --- every formulation against the others on random trees ---------------------------------


@given(game_trees(4))
def test_every_formulation_gives_the_minimax_value_and_an_optimal_move(t: Any) -> None:
    if ter(t):
        return
    expected = plain_minimax(to_python(t))
    game = TreeGame(t)
    children = [c for _, c in game.successors(game.initial)]
    child_values = [plain_minimax(to_python(c.position), False) for c in children]
    decisions = [
        minimax_decision(game),
        alpha_beta_search(game),
        alpha_beta_search_fail_hard(game),
        alpha_beta_cutoff_search(game, depth=math.inf),
        alpha_beta_tt_search(game),
    ]
    for decision in decisions:
        assert decision.value == expected
        assert child_values[decision.move - 1] == expected
    assert tree.valmax(t) == tree.maxval(t) == expected
    assert plain_minimax(to_python(tree.movemax(t)), False) == expected


@given(game_trees(4), st.booleans())
def test_the_adapters_carry_every_algorithm_to_every_game(t: Any, max_to_move: bool) -> None:
    player = MAX if max_to_move else MIN
    expected = plain_minimax(to_python(t), max_to_move)
    # McCarthy's functions on an AIMA game, for the maximizing player
    aima = TreeGame(t, player)
    search = mccarthy_search(aima, MAX)
    assert (search.valmax if max_to_move else search.valmin)(aima.initial) == expected
    assert (search.maxval if max_to_move else search.minval)(aima.initial) == expected
    # AIMA's algorithms on McCarthy's three functions
    game = from_mccarthy(successors, ter, imval, t, player)
    sign = 1 if max_to_move else -1
    assert minimax_value(game) == sign * expected
    if not ter(t):
        assert alpha_beta_search(game).value == sign * expected


@given(game_trees(4, st.integers(-1, 1)))
def test_cs61b_choose_move_agrees_with_minimax(t: Any) -> None:
    if ter(t):
        return
    game = TreeGame(t)
    lecture = Lecture17(game, MAX)
    expected = plain_minimax(to_python(t))
    child_values = [plain_minimax(to_python(c.position), False) for _, c in game.successors(game.initial)]
    for best in (
        lecture.choose_move(game.initial, COMPUTER),
        lecture.choose_move_pruned(game.initial, COMPUTER),
        lecture.choose_move_alpha_beta(game.initial, COMPUTER, -1, 1),
    ):
        assert best.score == expected
        assert child_values[best.move - 1] == expected


@given(game_trees(4), st.integers(-25, 25), st.integers(1, 30))
def test_fail_soft_and_fail_hard_differ_only_outside_the_window(t: Any, low: int, width: int) -> None:
    """Fail-hard clamps to [α, β]; fail-soft returns a bound on the same side; inside both are exact."""
    if ter(t):
        return
    game = TreeGame(t)
    value = plain_minimax(to_python(t))
    hard = alpha_beta_search_fail_hard(game).value
    soft = alpha_beta_search(game).value
    assert hard == soft == value
    clamped = tree.maxval1(t, low, low + width)
    assert clamped == max(low, min(low + width, value))


def test_alpha_beta_search_picks_the_first_move_that_raised_the_value() -> None:
    """A later move's cut returns a bound equal to v; "the action with value v" must not be it."""
    t = read("((5) (5 1) (1 9))")
    for search in (alpha_beta_search, alpha_beta_search_fail_hard, alpha_beta_tt_search):
        assert search(TreeGame(t)) == Decision(1, 5)


def test_terminal_positions_have_no_move() -> None:
    game = TreeGame(7)
    for search in (minimax_decision, alpha_beta_search, alpha_beta_search_fail_hard, alpha_beta_tt_search):
        with pytest.raises(NoMoveError, match="terminal"):
            search(game)


def test_a_transposition_table_can_be_reused() -> None:
    table = TranspositionTable()
    game = TreeGame(FIGURE_6_2)
    assert alpha_beta_tt_search(game, table=table) == Decision(1, 3)
    assert len(table) > 0
    assert alpha_beta_tt_search(game, table=table) == Decision(1, 3)


# --- cutoff search ------------------------------------------------------------------------


def test_weighted_linear_is_the_weighted_sum() -> None:
    evaluate = weighted_linear([2, -1, 0.5], [lambda s, p: s[0], lambda s, p: s[1], lambda s, p: s[2]])
    assert evaluate((3, 4, 10), MAX) == 2 * 3 - 4 + 0.5 * 10
    with pytest.raises(ValueError, match="2 weights for 1 features"):
        weighted_linear([1, 2], [lambda s, p: 0])


def test_cutoff_search_applies_eval_at_the_depth_limit() -> None:
    game = TreeGame(FIGURE_6_2)

    def first_leaf(state: McCarthyState, player: Any) -> float:
        t = state.position
        while not isinstance(t, (int, float)):
            t = t.car
        return t if player == MAX else -t

    # one ply: each MIN node is estimated by its first leaf: 3, 2, 14, so a3.
    assert alpha_beta_cutoff_search(game, depth=1, evaluate=first_leaf) == Decision(3, 14)
    assert alpha_beta_cutoff_search(game, depth=2, evaluate=first_leaf) == Decision(1, 3)
    with pytest.raises(TypeError, match="evaluate"):
        alpha_beta_cutoff_search(game, depth=1)


# --- Figure 6.4: three players ------------------------------------------------------------


def test_figure_6_4_backs_up_1_2_6_to_the_root() -> None:
    game = VectorTreeGame(FIGURE_6_4, "ABC")
    assert multiplayer_value(game, game.initial) == (1, 2, 6)
    assert multiplayer_decision(game) == Decision(1, (1, 2, 6))


def vector_trees(depth: int) -> st.SearchStrategy[Any]:
    leaves = st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))
    if depth == 0:
        return leaves
    return leaves | st.lists(vector_trees(depth - 1), min_size=1, max_size=3)


def direct_vector(t: Any, turn: int) -> tuple[int, ...]:
    """The backed-up vector by plain recursion: the first child best for the player at ``turn``."""
    if type(t) is tuple:
        return t
    values = [direct_vector(c, (turn + 1) % 3) for c in t]
    return values[max(range(len(values)), key=lambda i: (values[i][turn], -i))]


@given(vector_trees(4))
def test_multiplayer_minimax_against_a_direct_computation(t: Any) -> None:
    game = VectorTreeGame(t, "ABC")
    assert multiplayer_value(game, game.initial) == direct_vector(t, 0)


# --- Figure 6.12: chance nodes ------------------------------------------------------------


def test_figure_6_12_an_order_preserving_change_of_leaf_values_changes_the_best_move() -> None:
    first, second = (ChanceTreeGame(text) for text in FIGURE_6_12)
    values = [expectiminimax(first, s) for _, s in first.successors(first.initial)]
    assert values == pytest.approx([2.1, 1.3])
    values = [expectiminimax(second, s) for _, s in second.successors(second.initial)]
    assert values == pytest.approx([21, 40.9])


def chance_trees(depth: int, kind: str = "max") -> st.SearchStrategy[Any]:
    """Python chance trees: ("max"|"min", [children]), ("chance", [(weight, child)]), or an int leaf."""
    leaves = st.integers(-10, 10)
    if depth == 0:
        return leaves
    below = chance_trees(depth - 1, kind)
    players = st.tuples(st.sampled_from(["max", "min"]), st.lists(below, min_size=1, max_size=3))
    chance = st.tuples(
        st.just("chance"), st.lists(st.tuples(st.integers(0, 4), below), min_size=1, max_size=3)
    )
    return leaves | players | chance


def to_text(t: Any) -> str:
    """The S-expression of a Python chance tree, weights made into exact probabilities."""
    if isinstance(t, int):
        return str(t)
    kind, children = t
    if kind != "chance":
        return f"({kind} {' '.join(to_text(c) for c in children)})"
    total = sum(w for w, _ in children) or 1
    return "(chance " + " ".join(f"({w}/{total} {to_text(c)})" for w, c in children) + ")"


def brute_expectation(t: Any) -> Fraction:
    """EXPECTIMINIMAX by plain recursion on the Python tree, exact."""
    if isinstance(t, int):
        return Fraction(t)
    kind, children = t
    if kind == "chance":
        total = sum(w for w, _ in children) or 1
        return sum((Fraction(w, total) * brute_expectation(c) for w, c in children), Fraction(0))
    values = [brute_expectation(c) for c in children]
    return max(values) if kind == "max" else min(values)


def exact_game(t: Any) -> ChanceTreeGame:
    """The ChanceTreeGame of ``t``; read() makes "3/7" a symbol, so each becomes a Fraction."""

    def convert(x: Any) -> Any:
        if isinstance(x, str) and "/" in x:
            return Fraction(x)
        if isinstance(x, Cons):
            return from_iterable([convert(e) for e in x])
        return x

    return ChanceTreeGame(convert(read(to_text(t))))


@given(chance_trees(4))
def test_expectiminimax_against_a_brute_force_expectation(t: Any) -> None:
    game = exact_game(t)
    assert expectiminimax(game, game.initial) == brute_expectation(t)


@given(chance_trees(4), st.integers(-12, 12), st.integers(1, 25))
def test_pruned_expectiminimax_is_fail_hard_expectiminimax(t: Any, low: int, width: int) -> None:
    game = exact_game(t)
    value = brute_expectation(t)
    assert expectiminimax_alpha_beta(game, game.initial, -10, 10) == value
    α, β = Fraction(low), Fraction(low + width)
    assert expectiminimax_alpha_beta(game, game.initial, -10, 10, α, β) == max(α, min(β, value))


def test_bounded_utilities_let_chance_nodes_be_pruned() -> None:
    """The second chance node can be abandoned once its first outcome shows it cannot reach 2.1."""
    game = Counted(ChanceTreeGame(FIGURE_6_12[0]))
    assert expectiminimax_alpha_beta(game, game.initial, 0, 4) == pytest.approx(2.1)
    assert game.evaluated < 8
    full = Counted(ChanceTreeGame(FIGURE_6_12[0]))
    expectiminimax(full, full.initial)
    assert full.evaluated == 8
    with pytest.raises(ValueError, match="outside"):
        expectiminimax_alpha_beta(ChanceTreeGame("(max 5 9)"), ChanceTreeGame("(max 5 9)").initial, 0, 6)


def test_a_chance_node_is_nobodys_move() -> None:
    game = ChanceTreeGame("(chance (1 (max 1 2)))")
    assert game.to_move(game.initial) == CHANCE
    with pytest.raises(ValueError, match="expected a number"):
        game.terminal_test(game.initial._replace(tree=read("(maybe 1 2)")))


def test_the_weighted_sum_is_not_divided_again() -> None:
    """Dividing by the number of outcomes as well (a known defect elsewhere) would choose a2 here."""
    game = ChanceTreeGame("(max (chance (0.5 4) (0.5 4)) (chance (1 3)))")
    assert expectiminimax(game, game.initial) == 4
    divided_again = [(0.5 * 4 + 0.5 * 4) / 2, (1 * 3) / 1]
    assert divided_again.index(max(divided_again)) + 1 == 2


# --- the four-card bridge example ---------------------------------------------------------

DEALS = [
    (Fraction(1, 2), FourCardBridge(MAX_HAND, MIN_HAND)),
    (Fraction(1, 2), FourCardBridge(MAX_HAND, MIN_HAND_VARIANT)),
]


def test_cards_read_and_print() -> None:
    assert str(card("♣10")) == "♣10" and card("C10") == card("♣10")
    assert hand("♥6 ♦6 ♣9 ♣8") == MAX_HAND
    with pytest.raises(ValueError, match="suit"):
        card("X9")


@pytest.mark.parametrize("game", [g for _, g in DEALS])
def test_with_all_cards_showing_every_lead_ties_and_the_club_nine_is_optimal(game: FourCardBridge) -> None:
    assert minimax_decision(game).value == 0
    club_nine = game.play(game.initial, card("♣9"))
    assert minimax_value(game, club_nine) == 0  # for MIN, who is to move: a tie


def test_averaging_over_clairvoyancy_rates_the_club_nine_as_good_as_any_lead() -> None:
    averaged = averaged_over_clairvoyancy(DEALS)
    assert averaged[card("♣9")] == max(averaged.values()) == 0


def test_keeping_both_hands_in_mind_the_club_nine_gives_a_50_percent_chance_of_losing() -> None:
    values = value_with_hidden_cards(DEALS)
    assert values[card("♥6")] == values[card("♦6")] == 0  # "guaranteeing a tied game"
    assert values[card("♣9")] == Fraction(-1)  # half the time −2 (one trick to three), half a tie
    # the fork in the road: after ♣9 ♣10 and MIN's ♠2, each discard loses in exactly one deal
    for discard in (card("♥6"), card("♦6")):
        outcomes = []
        for _, game in DEALS:
            s = game.initial
            for c in (card("♣9"), card("♣10"), card("♠2"), discard):
                s = game.play(s, c)
            outcomes.append(minimax_value(game, s) * (1 if game.to_move(s) == MAX else -1))
        assert sorted(outcomes) == [-2, 0]


def aima_max_value_as_printed(game: Any, state: Any, player: Any) -> float:
    """AIMA 2nd ed. Figure 6.3's MAX-VALUE as printed: every successor is MIN's to move (E17)."""

    def max_value(state: Any) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = -math.inf
        for _, s in game.successors(state):
            v = max(v, min_value(s))
        return v

    def min_value(state: Any) -> float:
        if game.terminal_test(state):
            return game.utility(state, player)
        v = math.inf
        for _, s in game.successors(state):
            v = min(v, max_value(s))
        return v

    return max_value(state)


def test_e17_figure_6_3_as_printed_assumes_the_players_alternate() -> None:
    """In bridge the winner of a trick leads again; the printed MAX-VALUE lets MAX win 3 tricks to 1."""
    game = FourCardBridge()
    assert aima_max_value_as_printed(game, game.initial, MAX) == 2
    assert minimax_value(game) == 0
    assert aima_max_value_as_printed(TreeGame(FIGURE_6_2), TreeGame(FIGURE_6_2).initial, MAX) == 3


def test_e20_cs61b_scores_outside_minus_one_to_one_are_an_error() -> None:
    game = TreeGame(FIGURE_6_2)
    with pytest.raises(ValueError, match=r"score 3 outside \[-1, 1\]"):
        Lecture17(game, MAX).choose_move(game.initial, COMPUTER)


def test_pruned_expectiminimax_with_a_window_outside_the_bounds() -> None:
    game = ChanceTreeGame("(chance (1/2 -3) (1/2 5))".replace("1/2", "0.5"))
    assert expectiminimax_alpha_beta(game, game.initial, -10, 10, -12, -11) == -11
    assert expectiminimax_alpha_beta(game, game.initial, -10, 10, 11, 12) == 11
    assert expectiminimax_alpha_beta(game, game.initial, -10, 10) == 1


def test_cs61b_windowed_scores_are_exact_inside_the_window_and_a_bound_outside() -> None:
    """What lispy.cs61b says of chooseMove(side, α, β)'s scores: exact where the value lies strictly
    inside (α, β), otherwise a bound on the value's side, and not always within [α, β]."""
    from lispy.cs61b import Lecture17
    from lispy.games.tictactoe import TicTacToe

    game = TicTacToe()
    lecture = Lecture17(game)
    rng = random.Random(17)
    positions = []
    while len(positions) < 40:  # positions 3 to 6 moves in, not over
        grid = game.initial
        for _ in range(rng.randint(3, 6)):
            if game.terminal_test(grid):
                break
            grid = game.play(grid, rng.choice([m for m, _ in game.successors(grid)]))
        if not game.terminal_test(grid):
            positions.append(grid)
    outside = 0
    for grid in positions:
        side = lecture.side(grid)
        value = lecture.choose_move(grid, side).score
        for alpha, beta in ((-1, 1), (-1, 0), (0, 1), (-0.5, 0.5), (0.5, 1), (-1, -0.5)):
            score = lecture.choose_move_alpha_beta(grid, side, alpha, beta).score
            if alpha < value < beta:
                assert score == value
            elif value <= alpha:
                assert score <= alpha
            else:
                assert score >= beta
            outside += not alpha <= score <= beta
    assert outside > 0  # not fail-hard: some scores leave the window
