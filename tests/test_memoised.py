"""valmax memoised (lispy.chapter6.memoised): the notes' bodies, the same values as valmax, each
position examined once; and the same memo is wrong for αβ keyed on the position alone."""

from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Callable
from typing import Any

import pytest
import toolz
from hypothesis import given
from hypothesis import strategies as st

import lispy.chapter6.game_trees as game_trees
import lispy.chapter6.memoised as memoised
from lispy import read
from lispy.aima.game import MAX, Counted, from_mccarthy, mccarthy_search, to_mccarthy
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.chapter6.game_trees import INF
from lispy.chapter6.memoised import memoised_search
from lispy.chapter6.sexp_games import imval, successors, ter, tree
from lispy.claims.game_checks import minimax as plain_minimax
from lispy.games.tictactoe import SYMMETRIES, TicTacToe, board
from lispy.recursion import deep
from lispy.sexpr.data import from_iterable, to_string
from lispy.sexpr.lists import a, d, n

# --- random small trees in which subtrees recur (transpositions) -----------------------------

leaves = st.integers(-5, 5)


def _nodes(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.lists(children, min_size=1, max_size=3).map(from_iterable)


small_trees = st.recursive(leaves, _nodes, max_leaves=8)


@st.composite
def shared_trees(draw: st.DrawFn) -> Any:
    """A tree built of a few subtrees, each used at several places and depths."""
    pool = draw(st.lists(small_trees, min_size=1, max_size=3))
    return draw(st.recursive(st.sampled_from(pool) | leaves, _nodes, max_leaves=10))


def python_tree(t: Any) -> Any:
    return t if isinstance(t, int) else [python_tree(c) for c in t]


# --- the bodies are the notes' --------------------------------------------------------------


def position_keyed_maxval(
    successors: Callable[[Any], Any],
    ter: Callable[[Any], bool],
    imval: Callable[[Any], Any],
) -> Callable[[Any], Any]:
    """The defect, found in peer implementations: the notes' ``maxval`` with ``maxval1`` and ``minval1``
    memoised on the position alone, as if they were ``valmax`` and ``valmin``: see lispy.chapter6.memoised.

    The bodies are chapter 6's (``maxval1``, ``maxval2``, ``minval1``, ``minval2``); only the tables
    ignore α and β.  Returns ``maxval``.  On the tree ``((1 ((2))) (2))`` the subtree ``(2)`` is met
    twice.  The first time, below the first move, the window is (-∞, 1): ``minval1[(2),-∞,1]`` gives
    1, which says only that the value is at least 1, and the search is cut.  The second time, the window
    is (1, ∞) and the table answers 1 for ``(2)``, whose value is 2:

        >>> from lispy import read
        >>> from lispy.chapter6.sexp_games import successors, ter, imval, tree
        >>> t = read("((1 ((2))) (2))")
        >>> tree.valmax(t), tree.maxval(t), position_keyed_maxval(successors, ter, imval)(t)
        (2, 2, 1)
    """

    alone = {"key": lambda args, kwargs: args[0]}

    @toolz.memoize(**alone)
    def maxval1(p: Any, α: Any, β: Any) -> Any:
        return max(α, min(β, imval(p))) if ter(p) else maxval2(successors(p), α, β)

    def maxval2(u: Any, α: Any, β: Any) -> Any:
        return α if n(u) else (
            lambda w: β if w >= β else maxval2(d(u), max(α, w), β)
        )(minval1(a(u), α, β))  # fmt: skip

    @toolz.memoize(**alone)
    def minval1(p: Any, α: Any, β: Any) -> Any:
        return max(α, min(β, imval(p))) if ter(p) else minval2(successors(p), α, β)

    def minval2(u: Any, α: Any, β: Any) -> Any:
        return β if n(u) else (
            lambda w: α if w <= α else minval2(d(u), α, min(w, β))
        )(maxval1(a(u), α, β))  # fmt: skip

    return deep(lambda p: maxval1(p, -INF, INF))


def _returned(module: Any, outer: str, name: str) -> str:
    """The expression returned by the ``def name`` nested in ``def outer`` of ``module``."""
    tree = ast.parse(inspect.getsource(module))
    (fn,) = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == outer]
    (inner,) = [f for f in ast.walk(fn) if isinstance(f, ast.FunctionDef) and f.name == name]
    (ret,) = [s for s in inner.body if isinstance(s, ast.Return)]
    return ast.dump(ret)


@pytest.mark.parametrize("name", ["valmax", "valmin"])
def test_the_memoised_bodies_are_the_notes_bodies(name: str) -> None:
    assert _returned(memoised, "memoised_search", name) == _returned(game_trees, "game_tree_search", name)


@pytest.mark.parametrize("name", ["maxval1", "maxval2", "minval1", "minval2"])
def test_the_position_keyed_alpha_beta_has_the_notes_bodies_too(name: str) -> None:
    assert _returned(sys.modules[__name__], "position_keyed_maxval", name) == _returned(
        game_trees, "game_tree_search", name
    )


# --- the same values as valmax ------------------------------------------------------------


@given(shared_trees())
def test_memoised_valmax_and_valmin_agree_with_valmax_and_valmin(t: Any) -> None:
    memo = memoised_search(successors, ter, imval)
    assert memo.valmax(t) == tree.valmax(t) == plain_minimax(python_tree(t), True)
    assert memo.valmin(t) == tree.valmin(t) == plain_minimax(python_tree(t), False)
    keyed = memoised_search(successors, ter, imval, key=to_string)
    assert keyed.valmax(t) == tree.valmax(t)


@given(shared_trees())
def test_each_position_is_examined_once(t: Any) -> None:
    calls: list[Any] = []

    def counted_ter(p: Any) -> bool:
        calls.append(p)
        return ter(p)

    memo = memoised_search(successors, counted_ter, imval)
    memo.valmax(t)
    # once per (position, player to move): the pairs counted independently of the search
    pairs = set()

    def walk(p: Any, max_to_move: bool) -> None:
        pairs.add((to_string(p), max_to_move))
        if not ter(p):
            for c in python_children(p):
                walk(c, not max_to_move)

    walk(t, True)
    assert len(calls) == len(pairs) == len(memo.valmax_table) + len(memo.valmin_table)
    # a second call finds the root in the table and examines nothing
    assert memo.valmax(t) == tree.valmax(t)
    assert len(calls) == len(pairs)


def python_children(p: Any) -> list[Any]:
    return list(p)


# --- tic-tac-toe: 5,478 positions and 765 with the symmetry key --------------------------------


def reachable(game: TicTacToe, start: Any) -> tuple[int, int, set[str]]:
    """Independently of the searches: the size of the game tree below ``start``, its distinct
    positions, and their classes under the 8 symmetries of the square."""
    size, seen, todo = 0, set(), [start]
    while todo:
        s = todo.pop()
        size += 1
        seen.add(s)
        if not s.over:
            todo.extend(c for _, c in game.successors(s))
    classes = {min("".join(s.cells[i] for i in sym) for sym in SYMMETRIES) for s in seen}
    return size, len(seen), classes


def test_tictactoe_from_the_empty_board_examines_the_distinct_positions() -> None:
    game = Counted(TicTacToe())
    assert memoised_search(*to_mccarthy(game)).valmax(game.initial) == 0
    assert game.examined == 5_478
    keyed = Counted(TicTacToe())
    assert memoised_search(*to_mccarthy(keyed), key=keyed.key).valmax(keyed.initial) == 0
    assert keyed.examined == 765


def test_the_counts_are_the_tree_the_distinct_positions_and_their_symmetry_classes() -> None:
    start = board("X...O....")  # a smaller tree, so that valmax itself runs quickly
    size, distinct, classes = reachable(TicTacToe(), start)
    counts = []
    for key in (None, "position", "symmetry"):
        game = Counted(TicTacToe(start))
        if key is None:
            value = mccarthy_search(game, MAX).valmax(start)
        else:
            memo = memoised_search(*to_mccarthy(game, MAX), key=game.key if key == "symmetry" else None)
            value = memo.valmax(start)
        counts.append((value, game.examined))
    assert counts == [(counts[0][0], size), (counts[0][0], distinct), (counts[0][0], len(classes))]
    assert distinct < size


def test_an_unhashable_position_is_named() -> None:
    memo = memoised_search(lambda p: from_iterable(p), lambda p: isinstance(p, int), lambda p: p)
    with pytest.raises(TypeError, match=r"memoised_search: the key of position \[1, 2\]"):
        memo.valmax([1, 2])


# --- why not αβ: memoised on the position alone it is wrong; the bound-aware table is right ----


def test_alpha_beta_memoised_on_the_position_alone_is_wrong_where_the_bound_aware_table_is_right() -> None:
    t = read("((1 ((2))) (2))")
    assert tree.valmax(t) == tree.maxval(t) == 2
    assert position_keyed_maxval(successors, ter, imval)(t) == 1  # the bound 1 taken for (2)'s value 2
    assert alpha_beta_tt_search(from_mccarthy(successors, ter, imval, t)).value == 2
    assert memoised_search(successors, ter, imval).valmax(t) == 2


@given(shared_trees())
def test_the_bound_aware_table_agrees_with_valmax(t: Any) -> None:
    if ter(t):
        return
    assert alpha_beta_tt_search(from_mccarthy(successors, ter, imval, t)).value == tree.valmax(t)


def test_the_position_keyed_alpha_beta_is_wrong_often_on_shared_trees() -> None:
    """Not a rare accident: on trees of the shape above with other leaves, it is wrong on some."""
    wrong = 0
    for x in range(-3, 4):
        for y in range(-3, 4):
            t = from_iterable([from_iterable([x, from_iterable([from_iterable([y])])]), from_iterable([y])])
            assert tree.maxval(t) == tree.valmax(t)
            wrong += position_keyed_maxval(successors, ter, imval)(t) != tree.valmax(t)
    assert wrong > 0


def test_chapter_6_prints_the_memoised_counts_beside_valmax(capsys: pytest.CaptureFixture[str]) -> None:
    from chapters.game_trees import memoised_valmax

    memoised_valmax()
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [".........", "memoised", "valmax", "0", "5,478"] in rows
    assert [".........", "on", "the", "symmetry", "key", "0", "765"] in rows
    size, distinct, classes = reachable(TicTacToe(), board("....X...."))
    assert ["....X....", "valmax", "0", f"{size:,}"] in rows
    assert ["....X....", "memoised", "valmax", "0", f"{distinct:,}"] in rows
    assert ["....X....", "on", "the", "symmetry", "key", "0", f"{len(classes):,}"] in rows
