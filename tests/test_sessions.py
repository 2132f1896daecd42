"""One REPL session holds every part of the notes: each application keeps the problem it was loaded
with (as ``tree_search(lose, ter, successors)`` binds its own in Python), whatever was loaded before
or after, and a load that changes what a name means says so.  The answers are the Python
transcriptions' (chapter 5's paths, towers and words, chapter 6's game), computed here."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lispy import read, to_string
from lispy.chapter5 import insanity, insanity_words
from lispy.chapter5.paths import path_search
from lispy.edition import live
from lispy.mexpr.program import PARTS
from lispy.mexpr.session import Session
from lispy.notes.applications import REPL_APPLICATIONS

GRAPH = "((A B C) (B D) (C D) (D))"
YOURS = (f"graph ← '{GRAPH}", "final ← D")
"""What the reader gives the paths: typed before any part is loaded."""

PROBES = {
    "search '(A)": ("chapter5_paths", to_string(path_search(read(GRAPH), "D").search(read("(A)")))),
    "search '(NIL NIL NIL NIL)": ("chapter5_insanity", to_string(insanity.search(insanity.p0))),
    "search '(0)": ("chapter5_insanity_words", to_string(insanity_words.search(insanity_words.p0))),
    "valmax '((3 12 8) (2 4 6) (14 5 2))": ("chapter6_game_trees", "3"),
    "maxlisa['(1 5 2), -∞, λx.x]": ("chapter6_game_trees", "5"),
}
"""Inputs, the part whose application they run, and the value they give (the Python transcription's)."""

TOWERS = PROBES["search '(NIL NIL NIL NIL)"][1]


def session() -> Session:
    s = Session(applications=REPL_APPLICATIONS)
    for line in YOURS:
        s.reply(line)
    return s


@cache
def alone(part: str, text: str) -> str:
    """What ``text`` gives in a session that loaded ``part`` alone."""
    s = session()
    assert s.reply(f":notes {part}").startswith("loaded")
    return s.reply(text)


def test_the_probes_answer_as_the_transcriptions_with_their_part_alone() -> None:
    assert PROBES["search '(A)"][1] == "(D B A)"  # the graph's one path, from its last node back
    for text, (part, value) in PROBES.items():
        assert alone(part, text) == value


@pytest.mark.parametrize("first", ["chapter5_paths", "chapter5_insanity", "chapter5_insanity_words"])
def test_chapter5_and_chapter6_in_either_order_each_answer_as_alone(first: str) -> None:
    for order in ([first, "chapter6_game_trees"], ["chapter6_game_trees", first]):
        s = session()
        for part in order:
            assert s.reply(f":notes {part}").startswith(f"loaded {part}")
        for text, (part, value) in PROBES.items():
            if part in order:
                assert s.reply(text) == value, (order, text)


def test_the_issues_sessions() -> None:
    s = session()
    s.reply(":notes chapter5_paths")
    assert s.reply(":notes chapter6_game_trees") == (
        "loaded chapter6_game_trees\n"
        "successors, ter now mean chapter6_game_trees's, not chapter5_paths's (which keeps its own)"
    )
    assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "3"
    assert s.reply("search '(A)") == "(D B A)"  # chapter 5's search keeps the paths' successors
    assert s.reply("successors '((3 12 8) (2 4 6))") == "((3 12 8) (2 4 6))"  # the game's, at the prompt
    s = session()
    s.reply(":notes chapter5_insanity chapter5_search")
    s.reply(":notes chapter6_game_trees")
    assert s.reply("maxlisa['(1 5 2), -∞, λx.x]") == "5"
    assert s.reply("movemax '((3 12 8) (2 4 6) (14 5 2))") == "(3 12 8)"
    assert s.reply("search p₀") == TOWERS


def test_the_paths_take_graph_and_final_from_the_session_as_they_are_now() -> None:
    s = Session(applications=REPL_APPLICATIONS)
    assert s.reply(":notes chapter5_paths") == "loaded chapter5_paths (with chapter5_search)"
    assert s.reply("search '(A)") == "error: in successors, line 4, column 35: undefined name graph"
    for line in YOURS:
        s.reply(line)
    assert s.reply("search '(A)") == "(D B A)"
    s.reply("graph ← '((A B C) (B E) (C F) (E) (F))")
    s.reply("final ← F")
    assert s.reply("search '(A)") == "(F C A)"


def test_chapter6_runs_on_your_game_when_you_defined_it_all() -> None:
    s = Session(applications=REPL_APPLICATIONS)
    for line in ("successors p ← if atom p then NIL else p", "ter p ← atom p", "imval p ← p + p"):
        assert s.reply(line) == ""
    assert (
        s.reply(":notes chapter6_game_trees") == "loaded chapter6_game_trees (on your successors, ter, imval)"
    )
    assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "6"  # the leaves doubled
    s.reply("imval p ← p")
    assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "3"  # taken as the session has it now
    s = Session(applications=REPL_APPLICATIONS)
    s.reply("successors p ← NIL")  # not the whole game: chapter 6 comes with the S-expression trees
    assert s.reply(":notes chapter6_game_trees") == (
        "loaded chapter6_game_trees\nsuccessors now means chapter6_game_trees's, not yours"
    )
    assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "3"
    assert (
        s.reply("successors p ← NIL")
        == "successors now means yours, not chapter6_game_trees's (which keeps its own)"
    )
    assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "3"


def test_chapter5_search_alone_runs_on_the_problem_loaded_last_or_on_yours() -> None:
    s = session()
    s.reply(":notes chapter5_insanity")
    s.reply(":notes chapter6_game_trees")
    assert s.reply(":notes chapter5_search") == "loaded chapter5_search (applied to chapter5_insanity)"
    assert s.reply("search p₀") == TOWERS
    s = Session(applications=REPL_APPLICATIONS)
    assert s.reply(":notes chapter5_search") == "loaded chapter5_search"
    for line in ("lose p ← false", "ter p ← p = 3", "successors p ← [p + 1] . NIL"):
        s.reply(line)
    assert s.reply("search 0") == "3"  # the general search, on your problem
    assert (
        s.problems.whose(s.environment, "search") == "chapter5_search"
        and s.problems.whose(s.environment, "lose") == "yours"
    )


def test_env_and_python_say_whose_each_name_is() -> None:
    s = session()
    s.reply("twice x ← x + x")
    s.reply(":notes chapter6_game_trees")
    s.reply(":notes chapter5_paths")
    env = s.reply(":env").splitlines()
    assert env[0] == "yours: final graph twice"
    assert "chapter5_paths: allsol allsola allsolb lose mapapp search searchlis successors ter" in env
    assert any(line.startswith("chapter6_game_trees: bestmax") and " imval " in line for line in env)
    assert s.reply(":python valmax").startswith("def valmax(p):")
    assert s.reply(":python search").startswith("def search(p):")


@settings(max_examples=40)
@given(st.lists(st.lists(st.sampled_from(PARTS), min_size=1, max_size=3), min_size=1, max_size=4))
def test_any_parts_in_any_order_each_name_answers_as_its_part_does_alone(loads: list[list[str]]) -> None:
    s = session()
    for parts in loads:
        assert s.reply(":notes " + " ".join(parts)).startswith("loaded")
    for text in [*PROBES, "successors '(A)", "ter '(A)"]:
        head = text.split("[")[0].split()[0]
        whose = s.problems.whose(s.environment, head)
        if whose is None:
            assert "undefined name" in s.reply(text)
        elif whose in REPL_APPLICATIONS:  # else the general search, loaded alone, on the session's names
            assert s.reply(text) == alone(whose, text), (text, whose)
    if any("chapter6_game_trees" in parts for parts in loads):  # no name of chapter 6 is another's
        assert s.reply("valmax '((3 12 8) (2 4 6) (14 5 2))") == "3"


def test_a_load_that_fails_changes_nothing() -> None:
    s = session()
    s.reply(":notes chapter5_paths")
    before = s.reply(":env")
    assert s.reply(":printed chapter5_insanity").startswith("error: chapter5_insanity.m: puzz2")
    assert s.reply(":env") == before and s.reply("search '(A)") == "(D B A)"


@pytest.mark.parametrize(
    "order", [("chapter5_insanity", "chapter6_game_trees"), ("chapter6_game_trees", "chapter5_insanity")]
)
def test_the_pages_repl_and_the_terminals_hold_both_chapters(order: tuple[str, ...]) -> None:
    lines = [*(f":notes {part}" for part in order), "valmax '((3 12 8) (2 4 6) (14 5 2))", "search p₀"]
    repl = live.Repl()
    assert [repl.reply(line)[0] for line in lines][2:] == ["3", TOWERS]
    run = subprocess.run(
        [sys.executable, "-m", "lispy"], input="\n".join(lines), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-2:] == ["3", TOWERS]


# --- the notation's errors, :load ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, says",
    [
        ("f n ← n - 1", "unexpected character '-': the notes' notation has no subtraction, only +"),
        ("f n ← n-1", "n-1 reads as n applied to -1; the notes' notation has no subtraction"),
        ("f x ← x × 2", "multiplies only by a number written before an application, as in 16zap d v"),
    ],
)
def test_subtraction_and_multiplication_are_refused_with_what_the_notation_offers(
    text: str, says: str
) -> None:
    assert says in Session().reply(text)


def test_append_of_numbers_says_that_star_is_append() -> None:
    s = Session()
    s.reply("double n ← n * 2")
    assert s.reply("double 3") == (
        "error: in double, line 1, column 12: *: cannot apply to 3 and 2 (append (*): the argument 3 (a"
        " number) is an atom, not a list); * is append in the notes' notation, which multiplies only by a"
        " number written before an application, as in 16zap d v"
    )
    assert s.reply("'(1) * '(2)") == "(1 2)"


def test_a_number_applied_is_lispys_error_alone_with_no_python_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        said = Session().reply("{λx.x + 1}[2]")
    assert [w.message for w in caught] == []
    assert said == (
        "error: in input, line 1, column 2: the function is 2, not a function "
        "({e}[f] applies the function f to the value of e)"
    )
    assert Session().reply("{2}[λx.x + 1]") == "3"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("max[1]", "max takes 2 argument(s), [x,y], but was given 1"),
        ("min[1,2,3]", "min takes 2 argument(s), [x,y], but was given 3"),
        ("max[A,1]", "max: on numbers only, and this is A (a symbol)"),
        ("min[1,λx.x]", "min: on numbers only, and this is the function λ"),
        ("a[(1),(2)]", "a takes 1 argument(s), [u], but was given 2"),
        ("nth[(1 2)]", "nth takes 2 argument(s), [u,k], but was given 1"),
        ("nth[(1 2),0]", "nth: the index must be an integer >= 1 (nth[u,1] = u), got 0"),
        ("cons[1]", "cons takes 2 argument(s), [x,y], but was given 1"),
        ("mapcar[(1 2)]", "mapcar takes 2 argument(s), [u,f], but was given 1"),
        ("mapcar[(1 2),1]", "mapcar: its argument f is 1, not a function"),
        ("orlis[(1 2),A]", "orlis: its argument p is A, not a function"),
        ("maplist[(1 2),λxy.x]", "maplist: λxy in input takes 2 argument(s), [x,y], but was given 1"),
        ("andlis[(1 2),max]", "andlis: max takes 2 argument(s), [x,y], but was given 1"),
        ("{1}[max]", "max takes 2 argument(s), [x,y], but was given 1"),
    ],
)
def test_the_notes_given_functions_answer_in_the_notations_words(text: str, says: str) -> None:
    """Issue 34, item 10: ``max[1]`` said "maximum() missing 1 required positional argument"."""
    said = Session().reply(text)
    assert said.startswith("error: in input, line 1, column ") and said.endswith(says), said


def test_max_and_min_are_the_notes_own_on_numbers() -> None:
    from lispy.chapter6 import game_trees
    from lispy.mexpr.prelude import BUILTINS

    assert BUILTINS["max"].__wrapped__ is game_trees.max and BUILTINS["min"].__wrapped__ is game_trees.min
    s = Session()
    assert [s.reply(x) for x in ("max[3,12]", "min[3,12]", "max[-∞,2]", "max")] == [
        "12", "3", "2", "#<function max[x,y]>",
    ]  # fmt: skip


def test_the_error_diagnosis_prints_no_python_warning() -> None:
    """Issue 34, item 11: naming the operands of a failed ``+`` compiled them again, and Python warned
    on stderr of the ``{3}[2]`` in a branch not taken ("'int' object is not callable")."""
    text = "'(A) + [if true then 1 else {3}[2]]\nf[x] ← x + [if true then 1 else {3}[2]]\nf '(A)\n"
    for flags in ([], ["-W", "error"]):
        run = subprocess.run(
            [sys.executable, *flags, "-m", "lispy"], input=text, capture_output=True, text=True, timeout=60
        )
        because = "+: cannot apply to (A) and 1 (on numbers only, and this is (A) (a list))"
        assert run.stderr.splitlines() == [
            f"error: in input, line 1, column 1: {because}",
            f"error: in f, line 2, column 8: {because}",
        ]


def test_load_takes_definitions_and_refuses_an_expression_at_its_line(tmp_path: Path) -> None:
    file = tmp_path / "twice.m"
    file.write_text("twice x ← x + x\n\ntwice 21\n", encoding="utf-8")
    s = Session()
    assert s.reply(f":load {file}") == (
        "error: twice.m, line 3: twice 21 is an expression, and :load takes definitions and assignments"
        f" (f x ← …, x ← …) only: type it at the prompt, or run the file with python -m lispy {file}\n"
        f"(nothing of {file} is loaded)"
    )
    assert "undefined name twice" in s.reply("twice 2")
    file.write_text("twice x ← x + x\nfour ← twice 2\n", encoding="utf-8")
    assert s.reply(f":load {file}") == f"loaded {file}" and s.reply("four") == "4"


def test_load_of_a_bad_path_is_lispys_error_naming_it(tmp_path: Path) -> None:
    """Issue 34, item 12: a NUL byte in the path was "ValueError … (a bug in lispy)"."""
    (tmp_path / "latin.m").write_bytes(b"x \xe9 \xe0\n")
    (tmp_path / "folder").mkdir()
    nul = str(tmp_path / "a\0b.m")
    s = Session()
    said = [s.reply(f":load {tmp_path / name}") for name in (nul, "folder", "latin.m", "none.m")]
    assert said == [
        f"error: cannot read {nul!r}: a file name cannot hold a NUL byte",
        f"error: cannot read {tmp_path / 'folder'}: Is a directory",
        f"error: cannot read {tmp_path / 'latin.m'}: not UTF-8 text (the byte 0xe9 at line 1, column 3)",
        f"error: cannot read {tmp_path / 'none.m'}: No such file or directory",
    ]
    assert s.failures == 4


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_load_of_a_file_without_permission_is_lispys_error_naming_it(tmp_path: Path) -> None:
    file = tmp_path / "secret.m"
    file.write_text("x ← 1\n", encoding="utf-8")
    file.chmod(0)
    assert Session().reply(f":load {file}") == f"error: cannot read {file}: Permission denied"


def test_a_name_of_the_notes_not_yet_loaded_is_answered_with_the_part_that_defines_it() -> None:
    s = Session(applications=REPL_APPLICATIONS)
    tree = "'((3 12 8) (2 4 6) (14 5 2))"
    assert s.reply(f"valmax {tree}") == (
        "error: in input, line 1, column 1: undefined name valmax"
        " (the notes define it in chapter6_game_trees: :notes chapter6_game_trees)"
    )
    assert s.reply("search '(A)").endswith("(the notes define it in chapter5_search: :notes chapter5_search)")
    assert s.reply("nosuch 1") == "error: in input, line 1, column 1: undefined name nosuch"
    s.reply(":notes chapter6_game_trees")
    assert s.reply(f"valmax {tree}") == "3"
