"""Instant Insanity by the graph of opposite faces (lispy.chapter5.insanity_graph) against the
notes' allsol, on the notes' puzzle and on random ones, with an independent cube model (plain
Python, from test_insanity) and independent counts of the work each method does."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lispy import (
    NIL,
    a,
    append,
    cons,
    d,
    from_python,
    length,
    lisp,
    mapapp,
    read,
    reverse,
    to_python,
    to_string,
)
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5.insanity_graph import (
    colour_graph,
    cycles_of,
    directions,
    factors,
    graph_method,
    pairs,
    towers,
)
from lispy.chapter5.puzzles import COLOURS, ROTATIONS, orientations, random_puzzle, tower_search_n
from lispy.claims.search_work import positions_examined
from tests.test_insanity import block_orientations, brute_force_solutions

PUZZ1 = to_python(lists_rep.puzz1)


def allsol(blocks: Any) -> Any:
    """The notes' allsol on the blocks (a Lisp list), with n for 4 in ter."""
    return tower_search_n(orientations(blocks), length(blocks)).allsol(lists_rep.p0)


def symmetries(p: Any) -> Any:
    """The 8 positions that are the tower ``p`` turned: a quarter turn moves every face one
    place round, and turning every block over about the front-back axis swaps right and left::

        symmetries p ← mapapp[turns[p,4],λq.(q  a q . reverse d q)]
        turns[p,k] ← if k = 0 then NIL else p . turns[d p * (a p),k - 1]

    >>> length(symmetries(read("((G W R B) (R W G B) (B R G W) (W B G R))")))
    8
    """
    return mapapp(turns(p, 4), lambda q: lisp(q, cons(a(q), reverse(d(q)))))


def turns(p: Any, k: int) -> Any:
    """``turns[p,k] ← if k = 0 then NIL else p . turns[d p * (a p),k - 1]``: ``p`` turned 0 … k-1 times."""
    return NIL if k == 0 else cons(p, turns(append(d(p), lisp(a(p))), k - 1))


def canonical(p: Any) -> tuple[tuple[str, ...], ...]:
    """A tower up to its 8 symmetries: the least of them, as Python tuples."""
    return min(tuple(map(tuple, to_python(q))) for q in symmetries(p))


def columns(p: Any) -> list[tuple[str, ...]]:
    """Each block's colours going round it (front, right, back, left), the first block first."""
    faces = [face[::-1] for face in to_python(p)]
    return list(zip(*faces, strict=True))


# --- the notes' puzzle --------------------------------------------------------------------------


def test_the_graph_of_the_notes_puzzle() -> None:
    graph = colour_graph(lists_rep.puzz3)
    assert to_string(graph).startswith("(((1 (1 . G) (6 . G)) (1 (2 . B) (4 . W)) (1 (3 . B) (5 . R)))")
    # every edge joins the colours of two opposite faces of its block (the notes' numbering)
    for k, (block, edges) in enumerate(zip(PUZZ1, to_python(graph), strict=True), 1):
        assert edges == [
            [k, (1, block[0]), (6, block[5])],
            [k, (2, block[1]), (4, block[3])],
            [k, (3, block[2]), (5, block[4])],
        ]
    found = graph_method(lists_rep.puzz1)
    assert (length(found.factors), length(found.pairs)) == (4, 2)
    assert [[length(cycles_of(h)) for h in pair] for pair in found.pairs] == [[1, 2], [1, 1]]


def test_the_graph_method_finds_allsols_towers_on_the_notes_puzzle() -> None:
    found = graph_method(lists_rep.puzz1)
    made = [t for pair in found.pairs for t in towers(pair)]
    solutions = list(lists_rep.allsol(lists_rep.p0))
    assert len(made) == 24 == len(brute_force_solutions(PUZZ1)) == 8 * len(solutions)
    assert all(s in made for s in solutions)
    assert {canonical(t) for t in made} == {canonical(s) for s in solutions}
    assert Counter(tuple(columns(t)) for t in made) == Counter(brute_force_solutions(PUZZ1))


def independent_candidates(blocks: list[list[str]]) -> tuple[int, int]:
    """Plain Python: the edges the block-by-block choice tries, and the factors it finds."""
    edges = [[(b[0], b[5]), (b[1], b[3]), (b[2], b[4])] for b in blocks]
    tried, found = 0, 0

    def extend(k: int, degree: Counter[str]) -> None:
        nonlocal tried, found
        if k == len(blocks):
            found += 1
            return
        for x, y in edges[k]:
            tried += 1
            after = degree + Counter([x, y])
            if after[x] <= 2 and after[y] <= 2:
                extend(k + 1, after)

    extend(0, Counter())
    return tried, found


def independent_positions(blocks: list[list[str]], stop_at_first: bool) -> int:
    """Plain Python: the positions the notes' search (or allsol) examines, its first block in
    orientations 1, 9 and 17 of puzz2 (which puzz keeps)."""
    options = [block_orientations(b) for b in blocks]
    orders = [to_python(o) for o in orientations(from_python(blocks))]
    count = 0

    def examine(chosen: list[tuple[str, ...]]) -> bool:
        nonlocal count
        count += 1
        if any(len({c[j] for c in chosen}) < len(chosen) for j in range(4)):
            return False
        if len(chosen) == len(blocks):
            return True
        found = False
        for o in orders[len(chosen)]:
            found = examine([*chosen, tuple(o)]) or found
            if found and stop_at_first:
                return True
        return found

    assert all(sorted(map(tuple, o)) == sorted(p) for o, p in zip(orders[1:], options[1:], strict=True))
    examine([])
    return count


def test_the_work_counted_on_the_notes_puzzle() -> None:
    found = graph_method(lists_rep.puzz1)
    assert (found.candidates, length(found.factors)) == independent_candidates(PUZZ1) == (72, 4)
    assert found.comparisons == 4 * 3 // 2
    assert positions_examined(lists_rep.tower, lists_rep.p0)[1] == independent_positions(PUZZ1, True) == 591
    assert positions_examined(lists_rep.tower, lists_rep.p0, "allsol")[1] == independent_positions(
        PUZZ1, False
    )
    assert independent_positions(PUZZ1, False) == 2428


# --- random puzzles -------------------------------------------------------------------------------


@st.composite
def puzzles(draw: st.DrawFn, sizes: tuple[int, int] = (4, 4)) -> list[list[str]]:
    """n blocks in n colours: random colourings, or built around a tower and each block turned."""
    k = draw(st.integers(*sizes))
    colours = COLOURS[:k]
    if draw(st.booleans()):
        return draw(
            st.lists(st.lists(st.sampled_from(colours), min_size=6, max_size=6), min_size=k, max_size=k)
        )
    faces = [draw(st.permutations(colours)) for _ in range(4)]
    ends = draw(st.lists(st.sampled_from(colours), min_size=2 * k, max_size=2 * k))
    blocks = [[ends[2 * i], *(face[i] for face in faces), ends[2 * i + 1]] for i in range(k)]
    turns = draw(st.lists(st.sampled_from(ROTATIONS), min_size=k, max_size=k))
    return [[b[i] for i in r] for b, r in zip(blocks, turns, strict=True)]


def agree(blocks: list[list[str]]) -> None:
    found = graph_method(from_python(blocks))
    solutions = list(allsol(from_python(blocks)))
    made = [t for pair in found.pairs for t in towers(pair)]
    # the same towers up to a tower's symmetries, and every one of allsol's among the graph's
    assert {canonical(t) for t in made} == {canonical(s) for s in solutions}
    assert all(s in made for s in solutions)
    # counted with their rotations: 2 x 2^(c1+c2) towers per pair, 8 for each of allsol's
    per_pair = [2 ** sum(length(cycles_of(h)) for h in pair) for pair in found.pairs]
    assert len(made) == 2 * sum(per_pair) == 8 * len(solutions)
    # each tower is a tower: every face n colours, every block in one of its rotations
    rotations = [set(block_orientations(b)) for b in blocks]
    for t in made:
        assert all(len(set(face)) == len(blocks) for face in to_python(t))
        assert all(col in r for col, r in zip(columns(t), rotations, strict=True))
    assert (found.candidates, length(found.factors)) == independent_candidates(blocks)


@settings(max_examples=40, deadline=None)
@given(puzzles())
def test_random_four_block_puzzles_agree_with_allsol(blocks: list[list[str]]) -> None:
    agree(blocks)
    assert 8 * length(allsol(from_python(blocks))) == len(brute_force_solutions(blocks))


@settings(max_examples=15, deadline=None)
@given(puzzles((1, 5)))
def test_random_puzzles_of_n_blocks_in_n_colours_agree_with_allsol(blocks: list[list[str]]) -> None:
    agree(blocks)


def test_directions_walk_each_cycle_both_ways() -> None:
    (pair, _) = graph_method(lists_rep.puzz1).pairs
    loops_and_all = cycles_of(pair.cdr.car)
    assert length(loops_and_all) == 2 and length(directions(loops_and_all)) == 4
    assert len({to_string(x) for x in directions(loops_and_all)}) == 4


def test_symmetries_are_the_eight_turns_of_a_tower() -> None:
    p = read("((G W R B) (R W G B) (B R G W) (W B G R))")
    turned = list(symmetries(p))
    assert len(turned) == 8 and turned[0] == p
    assert turned[1] == read("((G W R B) (W B G R) (B R G W) (R W G B))")  # right and left swapped
    assert turned[2] == read("((R W G B) (B R G W) (W B G R) (G W R B))")  # a quarter turn


def test_more_colours_than_blocks_is_not_the_puzzle() -> None:
    with pytest.raises(ValueError, match="4 blocks in 5 colours"):
        graph_method(read("((R W G B Y R) (R R R R R R) (R R R R R R) (R R R R R R))"))


def test_factors_and_pairs_of_nothing() -> None:
    assert to_python(factors(read("()"))) == [[]]
    assert length(pairs(read("()"))) == 0


# --- the puzzles of n blocks ---------------------------------------------------------------------


def test_the_rotations_are_the_24_of_a_cube() -> None:
    block = ["1", "2", "3", "4", "5", "6"]
    turned = {tuple(block[i] for i in r)[1:5] for r in ROTATIONS}
    assert len(ROTATIONS) == 24 and turned == set(block_orientations(block))


def test_random_puzzles_built_around_a_tower_are_solvable() -> None:
    rng = random.Random(5)
    for n in (1, 2, 3, 4, 5):
        blocks = random_puzzle(n, rng, solvable=True)
        assert length(blocks) == n and {c for b in blocks for c in b} <= set(COLOURS[:n])
        assert length(allsol(blocks)) >= 1 and length(graph_method(blocks).pairs) >= 1
    with pytest.raises(ValueError, match="between 1 and 8"):
        random_puzzle(9, rng)


@settings(max_examples=20, deadline=None)
@given(puzzles())
def test_the_search_for_n_blocks_is_the_notes_search_for_four(blocks: list[list[str]]) -> None:
    puzz = orientations(from_python(blocks))
    notes, general = lists_rep.tower_search(puzz), tower_search_n(puzz, 4)
    assert general.allsol(lists_rep.p0) == notes.allsol(lists_rep.p0)
    assert general.search(lists_rep.p0) == notes.search(lists_rep.p0)


def test_the_chapter_shows_the_graph_method_beside_allsol_and_the_notes_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import chapters.tree_search as chapter5

    chapter5.graph_method_section()
    text = " ".join(capsys.readouterr().out.split())
    for shown in [
        "factors found: 4; edge-disjoint pairs of them: 2.",
        "16 = 2 x 2^(1+2); allsol counts 2^(1+2-2) = 2: its solution(s) 1, 2",
        "8 = 2 x 2^(1+1); allsol counts 2^(1+1-2) = 1: its solution(s) 3",
        "with enough mathematics, extensive tree search is unnecessary",
    ]:
        assert shown in text, shown
    # the work of each beside the notes' sentence: the claim, in the inventory both the chapter and
    # the edition print
    from lispy.claims import chapter_claims

    claim = next(c for c in chapter_claims("5") if c.anchor == "claim-mathematics")
    assert "extensive tree search is unnecessary in this problem" in claim.quote
    assert ("allsol p₀, lists", "positions examined", "2,428") in claim.rows
    assert ("graph method", "candidate edges tried", "72") in claim.rows
    assert ("", "pairs of factors compared", "6") in claim.rows
