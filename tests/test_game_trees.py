"""Chapter 6: minimax, αβ and move choice on random game trees, against each other and against a
plain-Python minimax; the ordering claims; Figure 2.6 reconstructed; the drawing."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from chapters.show import draw
from lispy import NIL, from_iterable, read, to_python
from lispy.chapter6.game_trees import Game, bestmax, bestmin, maxlis, maxlis_iterative, maxlisa, minlis
from lispy.chapter6.improvements import NoMoveError, bestmax_once, bestmin_once, maxlis_primed, minlis_primed
from lispy.chapter6.sexp_games import imval, ordered, successors, ter, tree, uniform_tree
from lispy.chapter6.watch import Watch
from lispy.claims.game_checks import minimax as plain_minimax
from lispy.claims.move_ordering import (
    Incremental,
    incremental_game,
    knuth_moore,
    lexicographic_game,
    lexicographic_value,
    lookahead_ordered,
    terminals_examined,
)

SMALL = read("((3 12 8) (2 4 6) (14 5 2))")
FIGURE_2_6 = read("((2 5) (9 4 7))")
SEXP = Game(successors, ter, imval)


def game_trees(depth: int) -> st.SearchStrategy:
    leaves = st.integers(-20, 20)
    if depth == 0:
        return leaves
    return leaves | st.lists(game_trees(depth - 1), min_size=0, max_size=3).map(from_iterable)


random_trees = game_trees(4)
bounds = st.tuples(st.integers(-25, 25), st.integers(-25, 25)).filter(lambda ab: ab[0] < ab[1])


@given(random_trees)
def test_alpha_beta_gives_the_minimax_value(p: Any) -> None:
    assert tree.maxval(p) == tree.valmax(p) == plain_minimax(to_python(p), True)
    assert tree.minval(p) == tree.valmin(p) == plain_minimax(to_python(p), False)


@given(random_trees, bounds)
def test_maxval1_is_fail_hard(p: Any, ab: tuple[int, int]) -> None:
    alpha, beta = ab
    assert tree.maxval1(p, alpha, beta) == max(alpha, min(beta, tree.valmax(p)))
    assert tree.minval1(p, alpha, beta) == max(alpha, min(beta, tree.valmin(p)))


@given(random_trees)
def test_the_move_chosen_has_the_positions_value(p: Any) -> None:
    assume(not ter(p) and p is not NIL)
    assert tree.valmin(tree.movemax(p)) == tree.valmax(p)
    assert tree.valmax(tree.movemin(p)) == tree.valmin(p)
    assert bestmax_once(p, tree.valmin) is tree.movemax(p)
    assert bestmin_once(p, tree.valmax) is tree.movemin(p)


@given(st.lists(st.integers(-9, 9), max_size=8), st.integers(-3, 3))
def test_maxlis_forms_agree(xs: list[int], shift: int) -> None:
    u = from_iterable(xs)

    def f(x: int) -> int:
        return x * shift - x * x

    expected = max((f(x) for x in xs), default=-math.inf)
    assert maxlis(u, f) == maxlis_iterative(u, f) == maxlisa(u, -math.inf, f) == expected
    assert minlis(u, f) == min((f(x) for x in xs), default=math.inf)
    if xs:
        assert maxlis_primed(u, f) == expected and minlis_primed(u, f) == minlis(u, f)


def test_primed_forms_and_moves_of_nothing_raise() -> None:
    for f in (maxlis_primed, minlis_primed, bestmax_once, bestmin_once):
        with pytest.raises(NoMoveError, match="NIL"):
            f(NIL, abs)
    # bestmax and bestmin are the notes' equations, whose precondition is a list of moves (E13)
    assert bestmax(NIL, lambda x: 0) is bestmin(NIL, lambda x: 0) is tree.movemax(read("()")) is NIL
    assert issubclass(NoMoveError, ValueError)


@given(random_trees)
def test_alpha_beta_never_examines_more_than_minimax(p: Any) -> None:
    assert terminals_examined(SEXP, p, "maxval")[1] <= terminals_examined(SEXP, p, "valmax")[1]


def test_the_small_tree() -> None:
    watch = Watch(successors, ter, imval)
    assert watch.search.maxval(watch.root(SMALL)) == 3
    assert watch.evaluated == [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]
    assert watch.examined[:2] == [(), (1,)]
    assert (
        tree.movemax(SMALL) is SMALL.car and tree.valmin(SMALL) == 6 and tree.movemin(SMALL) is SMALL.cdr.car
    )
    assert draw(SMALL, set(watch.examined)).splitlines()[4:9] == [
        "│   └── 8",
        "├── MIN 2",
        "│   ├── 2",
        "│   ├── x 4",
        "│   └── x 6",
    ]


def test_figure_2_6_reconstructed() -> None:
    watch = Watch(successors, ter, imval)
    assert watch.search.minval(watch.root(FIGURE_2_6)) == 5 == tree.valmin(FIGURE_2_6)
    assert watch.evaluated == [(1, 1), (1, 2), (2, 1)]  # the 9 is the last position seen
    leaves = {(1, 1), (1, 2), (2, 1), (2, 2), (2, 3)}
    assert leaves - set(watch.examined) == {(2, 2), (2, 3)}
    assert draw(FIGURE_2_6, set(watch.examined), max_to_move=False) == "\n".join(
        [
            "MIN 5",
            "├── MAX 5",
            "│   ├── 2",
            "│   └── 5",
            "└── MAX 9",
            "    ├── 9",
            "    ├── x 4",
            "    └── x 7",
        ]
    )


uniform = st.tuples(st.integers(1, 4), st.integers(0, 4)).filter(lambda kn: kn[0] ** kn[1] <= 256)


@given(uniform, st.randoms(use_true_random=False))
def test_best_first_examines_exactly_levins_count(kn: tuple[int, int], rng: random.Random) -> None:
    k, n = kn
    leaves = list(range(k**n))
    rng.shuffle(leaves)
    t = uniform_tree(k, n, leaves)
    assert terminals_examined(SEXP, ordered(t, best_first=True), "maxval")[1] == knuth_moore(k, n)
    worst = terminals_examined(SEXP, ordered(t, best_first=False), "maxval")[1]
    assert knuth_moore(k, n) <= worst <= k**n
    assert knuth_moore(k, n) <= terminals_examined(SEXP, t, "maxval")[1] <= k**n
    assert terminals_examined(SEXP, t, "valmax")[1] == k**n


def lexicographic_tree(k: int, n: int, best_first: bool) -> Any:
    """:func:`lexicographic_game` written out as an S-expression game tree."""
    paths = [tuple((index // k ** (n - 1 - j)) % k for j in range(n)) for index in range(k**n)]
    return uniform_tree(k, n, [lexicographic_value(p, k, n, best_first) for p in paths])


@pytest.mark.parametrize(("k", "n"), [(1, 3), (2, 1), (2, 5), (3, 4), (4, 3), (5, 4)])
def test_worst_first_examines_every_leaf_and_best_first_levins_count(k: int, n: int) -> None:
    worst, best = lexicographic_tree(k, n, False), lexicographic_tree(k, n, True)
    assert terminals_examined(SEXP, worst, "maxval")[1] == k**n
    assert terminals_examined(SEXP, best, "maxval")[1] == knuth_moore(k, n)
    assert ordered(worst, best_first=False) == worst and ordered(best, best_first=True) == best
    for best_first, t in ((False, worst), (True, best)):
        lazy = terminals_examined(lexicographic_game(k, n, best_first), (), "maxval")
        assert lazy == (tree.maxval(t), terminals_examined(SEXP, t, "maxval")[1])

    def leaves(t: Any) -> list[Any]:
        return [t] if ter(t) else [x for c in t for x in leaves(c)]

    assert len(set(leaves(worst))) == len(set(leaves(best))) == k**n


def test_ten_to_the_fourth_against_ten_to_the_eighth() -> None:
    assert knuth_moore(10, 8) == 19_999
    assert terminals_examined(lexicographic_game(10, 8, True), (), "maxval") == (0, 19_999)


@pytest.mark.parametrize("seed", range(3))
def test_lookahead_ordering_keeps_the_value_and_respects_the_lower_bound(seed: int) -> None:
    k, n = 3, 5
    root = Incremental((), 0.0)
    value, plain = terminals_examined(incremental_game(k, n, seed), root, "maxval")
    assert value == pytest.approx(terminals_examined(incremental_game(k, n, seed), root, "valmax")[0])
    for schedule in (lambda r: None, lambda r: None if r <= 1 else 0, lambda r: r // 2):
        game, cost = lookahead_ordered(incremental_game(k, n, seed), n, schedule)
        ordered_value, count = terminals_examined(game, root, "maxval")
        assert ordered_value == value
        assert knuth_moore(k, n) <= count <= k**n
    assert cost.calls > 0 and plain >= knuth_moore(k, n)


def test_uniform_tree_shapes() -> None:
    assert uniform_tree(2, 2, [1, 2, 3, 4]) == read("((1 2) (3 4))")
    assert uniform_tree(3, 0, [7]) == 7
    with pytest.raises(ValueError, match="k\\*\\*n = 4"):
        uniform_tree(2, 2, [1, 2, 3])
