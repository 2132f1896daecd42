"""Chapter 5's search and allsol on graphs: known answers, a plain-Python cross-check on
random graphs, and a search 5,000 levels deep."""

from __future__ import annotations

import itertools
import sys
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from lispy import LOSE, NIL, from_python, length, lisp, read, reverse, to_python, tree_search
from lispy.chapter5.paths import path_search

GRAPH = read("((A B C) (B D) (C D E) (D F) (E F) (F))")


def test_search_finds_the_first_path_depth_first() -> None:
    assert path_search(GRAPH, "F").search(lisp("A")) == read("(F D B A)")
    assert path_search(GRAPH, "A").search(lisp("A")) == read("(A)")


def test_allsol_finds_every_path_and_the_efficient_form_reverses_them() -> None:
    found = path_search(GRAPH, "F")
    assert found.allsol(lisp("A")) == read("((F D B A) (F D C A) (F E C A))")
    assert found.allsol_efficient(lisp("A")) == reverse(found.allsol(lisp("A")))
    assert found.allsola(lisp("A"), read("(X)")) == read("((F E C A) (F D C A) (F D B A) X)")


def test_lose_cuts_cycles() -> None:
    cyclic = read("((A B) (B A C) (C D) (D))")
    assert path_search(cyclic, "D").search(lisp("A")) == read("(D C B A)")
    no_path = read("((A B) (B A C) (C B) (D))")
    assert path_search(no_path, "D").search(lisp("A")) == LOSE
    assert path_search(no_path, "D").allsol(lisp("A")) is NIL
    assert path_search(read("((A B))"), "Z").search(lisp("A")) == LOSE  # B has no sublist


def test_searchlis_takes_a_list_of_positions() -> None:
    found = path_search(GRAPH, "F")
    assert found.searchlis(read("((E C A) (B A))")) == read("(F E C A)")
    assert found.searchlis(NIL) == LOSE


def test_the_application_functions_are_bound_once() -> None:
    found = path_search(GRAPH, "F")
    assert found.successors(lisp("A")) == read("((B A) (C A))")
    assert found.lose(read("(A B A)")) and not found.lose(read("(B A)"))
    assert found.ter(read("(F D B A)")) and not found.ter(read("(D B A)"))


def plain_paths(graph: dict[str, list[str]], start: str, final: str) -> list[list[str]]:
    """Every simple path from start to final, depth first, each in reverse order: no lispy."""
    paths: list[list[str]] = []

    def extend(path: list[str]) -> None:
        if path[0] in path[1:]:
            return
        if path[0] == final:
            paths.append(path)
            return
        for w in graph.get(path[0], []):
            extend([w, *path])

    extend([start])
    return paths


vertices = ["V0", "V1", "V2", "V3", "V4", "V5"]
graphs = st.dictionaries(
    st.sampled_from(vertices), st.lists(st.sampled_from(vertices), max_size=4), max_size=6
)


@given(graphs, st.sampled_from(vertices), st.sampled_from(vertices))
def test_paths_agree_with_a_plain_python_search(graph: dict[str, list[str]], start: str, final: str) -> None:
    lisp_graph = from_python([[v, *ws] for v, ws in graph.items()])
    found = path_search(lisp_graph, final)
    expected = plain_paths(graph, start, final)
    solutions = found.allsol(lisp(start))
    assert to_python(solutions) == expected
    assert to_python(found.allsol_efficient(lisp(start))) == expected[::-1]
    first = found.search(lisp(start))
    assert (to_python(first) == expected[0]) if expected else first == LOSE
    for path in expected:  # each is a real path of the graph, from start to final
        forward = path[::-1]
        assert forward[0] == start and forward[-1] == final
        assert all(b in graph.get(a, []) for a, b in itertools.pairwise(forward))


def test_a_search_five_thousand_levels_deep() -> None:
    k = 5_000
    chain = from_python([[f"V{i}", f"V{i + 1}"] for i in range(k - 1)] + [[f"V{k - 1}"]])
    limit = sys.getrecursionlimit()
    found = path_search(chain, f"V{k - 1}")
    path = found.search(lisp("V0"))
    assert length(path) == k and path.car == f"V{k - 1}"
    assert sys.getrecursionlimit() == limit  # restored


def test_both_allsols_reach_a_win_a_hundred_thousand_levels_deep() -> None:
    """allsol calls the notes' recursive mapapp (in lispy.chapter5.tree_search), a frame or two a level."""
    k = 100_000
    chain = tree_search(lambda p: False, lambda p: p == k, lambda p: lisp(p + 1))
    assert chain.search(0) == k
    assert chain.allsol(0) == lisp(k) == chain.allsol_efficient(0)


def test_tree_search_takes_any_application() -> None:
    # Positions are numbers; successors of p are 2p and 2p + 1 below 16; a win is 11.
    def successors(p: Any) -> Any:
        return from_python([q for q in (2 * p, 2 * p + 1) if q < 16])

    found = tree_search(lambda p: False, lambda p: p == 11, successors)
    assert found.search(1) == 11
    assert found.allsol(1) == lisp(11)
    assert tree_search(lambda p: True, lambda p: True, successors).search(1) == LOSE
