"""Chapter 5's search stepped (:mod:`lispy.edition.page.search_stepper`): the positions the transcription
examines, in order, with their paths, what ``search`` did with each and what it returned, against the
transcription run plainly; the stepper's HTML; the page REPL's ``:step``; the game's turn for the page."""

from __future__ import annotations

import json
import re

import pytest

from lispy import lisp, read, to_string
from lispy.chapter5 import insanity, paths
from lispy.chapter5.tree_search import LOSE, tree_search
from lispy.edition.live import Repl, game_json, game_turn
from lispy.edition.page.search_stepper import (
    TooManyPositions,
    examine,
    html,
    paths_stepper,
    search_steppers,
    tower_stepper,
)
from lispy.sexpr.data import to_pylist


def test_search_p0_examines_591_positions_in_the_transcriptions_order_and_ends_on_the_tower() -> None:
    called = []

    def lose(p: object) -> bool:
        called.append(to_string(p))
        return bool(insanity.tower.lose(p))

    found = tree_search(lose, insanity.tower.ter, insanity.tower.successors).search(insanity.p0)
    s = tower_stepper()
    assert [n.position for n in s.nodes] == called and len(called) == 591
    assert s.result == to_string(found) == "((G W R B) (R W G B) (B R G W) (W B G R))" and s.found
    assert s.nodes[-1].kind == "found" and [n.kind for n in s.nodes].count("found") == 1
    assert s.radial and s.width == s.height


def test_each_position_carries_its_path_and_its_parent() -> None:
    s = tower_stepper()
    by_path = {n.path: n for n in s.nodes}
    for n in s.nodes[1:]:
        parent = by_path[n.path[:-1]]
        assert n.parent == parent.step and parent.kind == "expand" and 1 <= n.path[-1] <= parent.successors
        successors = to_pylist(insanity.tower.successors(read(parent.position)))
        assert to_string(successors[n.path[-1] - 1]) == n.position
    for n in s.nodes:  # lose refused it, or ter found it, or it was expanded
        p = read(n.position)
        lost, won = bool(insanity.tower.lose(p)), not insanity.tower.lose(p) and insanity.tower.ter(p)
        assert n.kind == ("lose" if lost else "found" if won else "expand")


def test_the_paths_stepper_backtracks_to_e() -> None:
    s = paths_stepper()
    plain = paths.path_search(read("((A B C) (B D) (C D E) (D F) (E F) (F))"), "E")
    assert s.result == to_string(plain.search(lisp("A"))) == "(E C A)"
    assert [(n.position, n.depth, n.label) for n in s.nodes] == [
        ("(A)", 0, "A"), ("(B A)", 1, "B"), ("(D B A)", 2, "D"), ("(F D B A)", 3, "F"),
        ("(C A)", 1, "C"), ("(D C A)", 2, "D"), ("(F D C A)", 3, "F"), ("(E C A)", 2, "E"),
    ]  # fmt: skip
    assert not s.radial


def test_a_search_with_no_solution_ends_on_lose_and_a_search_without_end_is_refused() -> None:
    nodes, result = examine(lambda p: p > 9, lambda p: False, lambda p: lisp(p + 2, p + 3), 1)
    assert result == LOSE and nodes[-1].kind == "lose"
    with pytest.raises(TooManyPositions, match="more than 50 positions"):
        examine(lambda p: False, lambda p: False, lambda p: lisp(p + 1), 0, most=50)


def test_the_steppers_html_has_the_interface_and_compact_frames() -> None:
    for s in search_steppers():
        text = html(s)
        assert f'data-search-stepper="{s.anchor}"' in text and 'data-state="' in text
        for action in ("next", "prev", "end"):
            assert f'data-action="{action}"' in text
        assert (
            text.count("<g data-node=") == len(s.nodes) and text.count("<line data-edge=") == len(s.nodes) - 1
        )
        frames = json.loads(re.search(r'class="search-frames">(.*?)</script>', text, re.S)[1])  # type: ignore[index]
        assert frames == s.frames() and f"<output data-result>{s.result}</output>" in text
    assert len(json.dumps(tower_stepper().frames())) < 40_000


def test_step_in_the_page_repl() -> None:
    r = Repl()
    assert r.step("1").startswith("error: :step needs lose, ter and successors")
    for text in ("lose p ← p > 9", "ter p ← p = 7", "successors p ← [p + 2] . [[p + 3] . NIL]"):
        r.reply(text)
    said, defines = r.reply(":step 1")
    assert said == "search 1: 4 positions examined, stepped below" and not defines and not r.failed
    assert r.stepper is not None and 'data-search-stepper="repl"' in r.stepper
    assert json.loads(r.json(":step search 1"))["stepper"] == r.stepper
    assert r.reply(":step nosuch")[0] == "error: in input, line 1, column 1: undefined name nosuch"
    assert r.stepper is None and r.failed
    r.reply("lose p ← NIL")  # NIL is false, as in the notes' conditions: never refused
    r.reply("ter p ← p = 3")
    assert r.reply(":step 1")[0] == "search 1: 2 positions examined, stepped below"


def test_the_games_turn_for_the_page() -> None:
    first = game_turn(".........", "O")  # the program opens as X
    assert first["played"] == 0 and first["board"] == "X........" and first["state"] == "your-move"
    assert [cell for cell, _ in first["values"]] == list(range(1, 9))
    assert game_turn("OXX.O..X.", "X")["played"] == 8  # the quickest win
    assert game_turn("OXX.O..X.", "X")["state"] == "lost"
    assert json.loads(game_json("XXXXXXXXX", "X")) == {
        "text": "error: 'XXXXXXXXX' is not a board of the game: X moves first, then each in turn",
        "failed": True,
    }
    assert json.loads(game_json(".........", "Z"))["failed"]
