"""ERRATA.md, shown: each printed form that cannot run, run, and seen to fail as described."""

from __future__ import annotations

import pytest

from lispy import LOSE, ReadError, equal, length, lisp, literal, read
from lispy import as_printed as printed
from lispy import insanity as lists_rep
from lispy.lists import upto
from lispy.paths import path_search


def test_e1_mapapp_with_cons_nests_the_solutions() -> None:
    allsol_dot = printed.allsol_with(printed.mapapp_dot, lists_rep.tower)
    nested = allsol_dot(lists_rep.p0)
    solutions = lists_rep.allsol(lists_rep.p0)
    assert length(solutions) == 3 and all(length(s) == 4 for s in solutions)  # towers of 4 faces
    assert length(nested) == 3  # one entry per orientation of block 1, not per solution
    assert not any(equal(entry, s) for entry in nested for s in solutions)
    # On the graph example: ((paths via B) (paths via C)) instead of a list of paths.
    graph = path_search(read("((A B C) (B D) (C D) (D))"), "D")
    assert printed.allsol_with(printed.mapapp_dot, graph)(lisp("A")) == read("((((D B A))) (((D C A))))")
    assert graph.allsol(lisp("A")) == read("((D B A) (D C A))")


def test_e2_mappap_is_not_defined() -> None:
    with pytest.raises(NameError, match="mappap"):
        printed.allsol_with(printed.mapapp_as_printed, lists_rep.tower)(lists_rep.p0)


def test_e3_puzz2_as_printed_has_an_unclosed_parenthesis() -> None:
    second = printed.PUZZ2_AS_PRINTED.split("cycles[")[2].split("]")[0]
    assert second == "((2 5 4 3)"
    with pytest.raises(ReadError, match="never closed"):
        read(second)
    assert read(second[1:]) == read("(2 5 4 3)")


def test_e4_puzz4_as_printed_loses_the_orientations_and_the_solution() -> None:
    wrong = printed.puzz4_as_printed()
    assert [length(block) for block in wrong] == [4, 4, 4, 4]  # not 24 orientations each
    assert [length(block) for block in lists_rep.puzz4] == [24, 24, 24, 24]
    wrong_puzz = lists_rep.first_block_reduced(wrong)
    assert lists_rep.tower_search(wrong_puzz).search(lists_rep.p0) == LOSE  # silently no tower
    assert lists_rep.search(lists_rep.p0) != LOSE


def test_e5_both_allsol_forms_exist_under_two_names() -> None:
    assert length(lists_rep.allsol(lists_rep.p0)) == length(lists_rep.allsol_efficient(lists_rep.p0)) == 3


def test_e9_upto_past_the_end_runs_away_as_printed_and_raises_here() -> None:
    u = read("(1 2 3)")
    with pytest.raises(RecursionError):
        literal.upto(u, read("(2 3)"))
    with pytest.raises(ValueError, match="not a tail"):
        upto(u, read("(2 3)"))
