""" "Somewhat inefficient because of all the appending": the cells the simple allsol copies,
counted, against a formula computed without lispy (each solution is copied once by each of its
ancestors), on the notes' puzzle, the ladder, the binary tree and random graphs."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from lispy import from_iterable, length, lisp, reverse
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5.paths import path_search
from lispy.claims.search_work import Copying, binary_tree, cells_copied, comb, ladder, positions_examined


def test_on_the_notes_puzzle_the_appending_is_small() -> None:
    # three solutions, each found four levels down: 3 x 4 cells copied
    assert cells_copied(lists_rep.tower, lists_rep.p0) == Copying(3, 12, 15, 3)


def test_the_ladder_copies_quadratically() -> None:
    for n in (1, 2, 10, 50):
        app = path_search(ladder(n), "F")
        solutions = app.allsol(lisp("V1"))
        assert [length(s) for s in solutions] == list(range(2, n + 2))  # path k: V1 … Vk F
        assert cells_copied(app, lisp("V1")) == Copying(n, n * (n + 1) // 2, n + n * (n + 1) // 2, n)


def test_the_comb_and_the_binary_tree_copy_each_solution_once_per_ancestor() -> None:
    for n in (1, 2, 10, 100):
        assert cells_copied(comb(n), 0) == Copying(n, n * (n + 1) // 2, n + n * (n + 1) // 2, n)
        assert comb(n).allsol(0) == from_iterable(range(-1, -n - 1, -1))
    for depth in (0, 1, 5, 9):
        assert cells_copied(binary_tree(depth), 1) == Copying(
            2**depth, depth * 2**depth, (depth + 1) * 2**depth, 2**depth
        )
    assert binary_tree(2).allsol(1) == lisp(4, 5, 6, 7)
    assert positions_examined(binary_tree(5), 1, "allsol")[1] == 2**6 - 1


def test_both_forms_give_the_same_solutions_on_the_families() -> None:
    for app, p in ((path_search(ladder(30), "F"), lisp("V1")), (comb(30), 0), (binary_tree(6), 1)):
        assert app.allsol_efficient(p) == reverse(app.allsol(p))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[Any, Any]:
    n = draw(st.integers(2, 7))
    vertices = [f"V{i}" for i in range(n)]
    edges = {v: draw(st.lists(st.sampled_from(vertices), max_size=4, unique=True)) for v in vertices}
    return from_iterable([lisp(v, *edges[v]) for v in vertices]), draw(st.sampled_from(vertices))


@given(graphs())
def test_each_solution_is_copied_once_per_ancestor(case: tuple[Any, Any]) -> None:
    graph, final = case
    app = path_search(graph, final)
    start = lisp("V0")
    counted = cells_copied(app, start)
    solutions = [list(s) for s in app.allsol(start)]
    # a path of k vertices was found k - 1 levels below the start, each level's mapapp copying it
    depths = [len(s) - 1 for s in solutions]
    assert counted == Copying(len(solutions), sum(depths), len(solutions) + sum(depths), len(solutions))


def test_the_claim_shows_the_growth_beside_the_notes_sentence() -> None:
    from lispy.claims import chapter_claims

    appending = next(c for c in chapter_claims("5") if c.anchor == "claim-appending")
    assert "somewhat inefficient because of all the appending" in appending.quote
    assert ("the notes' puzzle", "3", "12", "15", "3") in appending.rows
    assert ("comb, 200 teeth", "200", "20,100", "20,300", "200") in appending.rows  # n(n+1)/2 copied
