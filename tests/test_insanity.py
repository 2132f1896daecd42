"""Instant Insanity (ch. 5): puzz2 against the cube's rotations, the towers found against the
rules, the number of solutions against a brute force over all orientations (plain Python, no
lispy), and the two representations against each other."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chapters.tree_search import word_colours
from lispy import NIL, from_python, length, read, reverse, to_python
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5 import insanity_words as words_rep
from lispy.chapter5.puzzles import orientations, words

# --- an independent model of a cube ------------------------------------------------
# Faces numbered as in the notes: 1 top, 2 3 4 5 the sides clockwise seen from above, 6 bottom.
# With x east, y north, z up, clockwise from above runs north, east, south, west.
FACE_AT = {1: (0, 0, 1), 2: (0, 1, 0), 3: (1, 0, 0), 4: (0, -1, 0), 5: (-1, 0, 0), 6: (0, 0, -1)}
SIDE_POSITIONS = [(0, 1, 0), (1, 0, 0), (0, -1, 0), (-1, 0, 0)]  # N, E, S, W: clockwise


def rotations() -> list[tuple[tuple[int, ...], ...]]:
    """The 24 rotation matrices of the cube, closed from quarter turns about z and about x."""
    turn_z = ((0, -1, 0), (1, 0, 0), (0, 0, 1))
    turn_x = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
    identity = ((1, 0, 0), (0, 1, 0), (0, 0, 1))

    def times(m: Any, n: Any) -> Any:
        return tuple(tuple(sum(m[i][k] * n[k][j] for k in range(3)) for j in range(3)) for i in range(3))

    found, frontier = {identity}, [identity]
    while frontier:
        m = frontier.pop()
        for g in (turn_z, turn_x):
            r = times(g, m)
            if r not in found:
                found.add(r)
                frontier.append(r)
    return sorted(found)


def side_cycle(r: Any) -> tuple[int, ...]:
    """The faces that rotation ``r`` puts at north, east, south and west."""
    moved = {tuple(sum(r[i][k] * v[k] for k in range(3)) for i in range(3)): f for f, v in FACE_AT.items()}
    return tuple(moved[p] for p in SIDE_POSITIONS)


CYCLES = [side_cycle(r) for r in rotations()]


def block_orientations(block: list[str]) -> list[tuple[str, ...]]:
    """The side colours of a block (top, sides clockwise, bottom) in each of its 24 orientations."""
    return [tuple(block[f - 1] for f in cycle) for cycle in CYCLES]


def brute_force_solutions(blocks: list[list[str]]) -> list[tuple[tuple[str, ...], ...]]:
    """Every choice of orientations, one per block, showing four colours on each face.

    All 24^4 choices, skipping those whose first blocks already repeat a colour on a face.
    """
    options = [block_orientations(b) for b in blocks]
    solutions = []

    def extend(chosen: tuple[tuple[str, ...], ...]) -> None:
        if len(chosen) == len(blocks):
            solutions.append(chosen)
            return
        for o in options[len(chosen)]:
            if all(o[j] not in {c[j] for c in chosen} for j in range(4)):
                extend((*chosen, o))

    extend(())
    return solutions


# --- the tests ---------------------------------------------------------------------


def test_puzz2_holds_the_side_cycles_of_the_24_rotations() -> None:
    assert len(set(CYCLES)) == 24
    printed = [tuple(c) for c in to_python(lists_rep.puzz2)]
    assert len(printed) == 24 and set(printed) == set(CYCLES)


def test_puzz4_gives_each_block_its_24_orientations() -> None:
    blocks = to_python(lists_rep.puzz1)
    for block, turned in zip(blocks, to_python(lists_rep.puzz4), strict=True):
        assert sorted(map(tuple, turned)) == sorted(block_orientations(block))


def test_puzz_keeps_one_orientation_per_axis_of_the_first_block() -> None:
    first = to_python(lists_rep.puzz)[0]
    all24 = to_python(lists_rep.puzz4)[0]
    assert first == [all24[0], all24[8], all24[16]]
    assert to_python(lists_rep.puzz)[1:] == to_python(lists_rep.puzz4)[1:]


def faces_of(position: Any) -> list[list[str]]:
    """A list-representation tower's faces, each listed from the first block up."""
    return [face[::-1] for face in to_python(position)]


def is_solution(blocks: list[list[str]], faces: list[list[str]]) -> bool:
    columns = list(zip(*faces, strict=True))  # block k's side colours
    return all(len(set(f)) == 4 for f in faces) and all(
        col in block_orientations(b) for col, b in zip(columns, blocks, strict=True)
    )


def test_the_tower_found_satisfies_all_four_faces() -> None:
    position = lists_rep.search(lists_rep.p0)
    assert position == read("((G W R B) (R W G B) (B R G W) (W B G R))")
    assert is_solution(to_python(lists_rep.puzz1), faces_of(position))


def test_the_start_position() -> None:
    assert not lists_rep.lose(lists_rep.p0) and not lists_rep.ter(lists_rep.p0)  # a NIL = NIL at work
    assert lists_rep.successors(lists_rep.p0) == read(
        "(((B) (B) (W) (R)) ((G) (B) (G) (W)) ((G) (B) (G) (R)))"
    )


def test_the_number_of_solutions_equals_a_brute_force() -> None:
    # The 8 symmetries of a tower (4 turns, and upside down) take block 1's orientations 1, 9
    # and 17 to all 24 of its orientations, once each: every tower is counted 8 times by brute force.
    brute = brute_force_solutions(to_python(lists_rep.puzz1))
    solutions = lists_rep.allsol(lists_rep.p0)
    assert len(brute) == 24 and length(solutions) == 3
    assert len(brute) == 8 * length(solutions)
    found = {tuple(map(tuple, zip(*faces_of(s), strict=True))) for s in solutions}
    assert found <= set(brute)


def test_both_allsol_forms_give_the_same_solutions_in_reverse_order() -> None:
    for rep in (lists_rep, words_rep):
        assert rep.allsol_efficient(rep.p0) == reverse(rep.allsol(rep.p0))


def word_faces(position: Any) -> list[list[str]]:
    words = to_python(position)[::-1]  # 0, w1, w2, w3, w4
    colours = {1: "R", 2: "W", 4: "G", 8: "B"}
    blocks = [[colours[((w ^ v) >> 4 * j) & 15] for j in range(4)] for v, w in itertools.pairwise(words)]
    return [[b[j] for b in blocks] for j in range(4)]


def test_the_two_representations_find_the_same_towers() -> None:
    assert word_faces(words_rep.search(words_rep.p0)) == faces_of(lists_rep.search(lists_rep.p0))
    assert [word_faces(s) for s in words_rep.allsol(words_rep.p0)] == [
        faces_of(s) for s in lists_rep.allsol(lists_rep.p0)
    ]


def test_zap_and_poo() -> None:
    assert [words_rep.poo(c) for c in "RWGB"] == [1, 2, 4, 8]
    assert words_rep.zap(read("(R W G B)")) == 0x8421 and words_rep.zap(NIL) == 0
    assert word_colours(0x8421) == read("(R W G B)")
    with pytest.raises(ValueError, match="face 1"):
        word_colours(0x8423)
    assert words_rep.successors(words_rep.p0) == read("((4744 0) (9348 0) (5252 0))")
    assert words_rep.ter(read("(65535 55275 22217 4744 0)")) and not words_rep.lose(words_rep.p0)


random_blocks = st.lists(st.lists(st.sampled_from("RWGB"), min_size=6, max_size=6), min_size=4, max_size=4)


@st.composite
def solvable_blocks(draw: st.DrawFn) -> list[list[str]]:
    """Four blocks built around a solved tower: each face a permutation of the colours."""
    faces = [draw(st.permutations("RWGB")) for _ in range(4)]
    ends = draw(st.lists(st.sampled_from("RWGB"), min_size=8, max_size=8))
    return [[ends[2 * k], *(face[k] for face in faces), ends[2 * k + 1]] for k in range(4)]


@settings(max_examples=20, deadline=None)
@given(st.one_of(random_blocks.map(lambda b: (b, False)), solvable_blocks().map(lambda b: (b, True))))
def test_random_puzzles_agree_with_the_brute_force(case: tuple[list[list[str]], bool]) -> None:
    puzzle, solvable = case
    puzz = orientations(from_python(puzzle))
    on_lists = lists_rep.tower_search(puzz).allsol(lists_rep.p0)
    on_words = words_rep.word_tower_search(words(puzz)).allsol(words_rep.p0)
    assert len(brute_force_solutions(puzzle)) == 8 * length(on_lists)
    assert length(on_lists) >= 1 or not solvable
    assert [word_faces(s) for s in on_words] == [faces_of(s) for s in on_lists]
    assert all(is_solution(puzzle, faces_of(s)) for s in on_lists)


@pytest.mark.parametrize("n", [0, -1, 2.5, True, "4"])
def test_tower_search_n_names_a_bad_n(n: object) -> None:
    from lispy.chapter5.puzzles import tower_search_n

    with pytest.raises(ValueError, match="tower_search_n: n must be a positive integer"):
        tower_search_n(lists_rep.puzz, n)  # type: ignore[arg-type]
