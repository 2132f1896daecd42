"""The notation a reader writes (issue 33): the logical connectives ``∨ ∧ ¬`` looser than ``=``,
``or``/``and`` as the notes' bitwise words need them and the error that says so, LISP's ``list``,
and ``:help`` listing the given functions with their parameters (in the terminal and the page)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lispy.edition.live import Repl
from lispy.mexpr.prelude import BUILTINS, PARAMETERS
from lispy.mexpr.session import Session
from lispy.mexpr.syntax import BinOp, Not, parse_expression


def replies(*lines: str) -> list[str]:
    s = Session()
    return [s.reply(line) for line in lines]


def test_errata_e7s_forms_with_or_read_and_run() -> None:
    # E7: x ε u ← if n u then false else x = a u ∨ x ε d u, and orlis, andlis with ∨ and ∧
    s = Session()
    s.reply("among[x,u] ← if n u then false else x = a u ∨ x ε d u")
    assert [s.reply("among[B,'(A B C)]"), s.reply("among[D,'(A B C)]")] == ["true", "false"]
    s.reply("orl[u,p] ← if n u then false else p[a u] ∨ orl[d u,p]")
    s.reply("andl[u,p] ← if n u then true else p[a u] ∧ andl[d u,p]")
    assert s.reply("orl['(1 2 3),λx.x = 2]") == "true"
    assert s.reply("andl['(1 2 3),λx.x = 2]") == "false"
    assert s.reply("andl['(2 2),λx.x = 2]") == "true"


def test_the_issues_or_form_reads_with_the_connective() -> None:
    s = Session()
    assert s.reply("f[c,u] ← if c = a u ∨ c = d u then 1 else 2") == ""
    assert [s.reply("f[A,'(B . A)]"), s.reply("f[B,'(B . A)]"), s.reply("f[C,'(B . A)]")] == ["1", "1", "2"]
    assert s.reply(":python f") == "def f(c, u):\n    return 1 if c == a(u) or c == d(u) else 2"


def test_the_connectives_are_looser_than_comparison_and_not_is_tighter_than_and() -> None:
    tree = parse_expression("¬x = y ∧ z ∨ w")
    assert isinstance(tree, BinOp) and tree.op == "∨"
    assert isinstance(tree.left, BinOp) and tree.left.op == "∧"
    assert isinstance(tree.left.left, Not) and isinstance(tree.left.left.operand, BinOp)
    assert tree.left.left.operand.op == "="
    assert replies("¬1 = 2", "¬NIL", "¬'(A)", "1 = 1 ∧ 2 = 3", "false ∨ NIL", "3 ∨ false") == [
        "true",
        "true",
        "false",
        "false",
        "false",
        "true",
    ]


def test_the_connectives_stop_as_soon_as_the_answer_is_known() -> None:
    assert replies("true ∨ a A", "false ∧ a A", "NIL ∧ a A") == ["true", "false", "false"]
    assert replies("false ∨ a A")[0].startswith("error: in input, line 1, column 9: a: the argument A")


def test_and_and_or_stay_bitwise_and_tighter_than_equals_as_the_notes_need() -> None:
    assert replies("λx.6 and x = 0", "{1}[λx.6 and x = 0]", "{2}[λx.6 and x = 0]", "5 or 2") == [
        "#<function λx in input[x]>",
        "true",
        "false",
        "7",
    ]


@pytest.mark.parametrize(
    ("text", "word", "sign"),
    [
        ("if c = a u or c = d u then 1 else 2", "or", "∨"),
        ("f[c,u] ← if c = a u and c ≤ d u then 1 else 2", "and", "∧"),
    ],
)
def test_a_comparison_after_or_and_says_which_binds_how_and_what_to_write(
    text: str, word: str, sign: str
) -> None:
    said = Session().reply(text)
    assert said.startswith("error: input, line 1, column ")
    assert (
        f"{word} binds tighter than" in said and f"write {sign}" in said and f"c = a u {sign} c = d u" in said
    )


def test_a_chained_comparison_alone_is_a_plain_error() -> None:
    said = Session().reply("x = 1 = 2")
    assert said.splitlines()[0] == "error: input, line 1, column 7: unexpected '='"


def test_list_is_lisps_list_of_any_number_of_values() -> None:
    assert replies("list[1,2]", "list[A]", "list[list[A], 1 + 2, '(B)]", "list", "mapcar['(1 2), list]") == [
        "(1 2)",
        "(A)",
        "((A) 3 (B))",
        "#<function list[x1,…,xn]>",
        "((1) (2))",
    ]
    assert replies("f x ← list[x, x . NIL]", "f 1") == ["", "(1 (1))"]


def test_help_lists_every_given_function_with_its_parameters() -> None:
    said = Session().reply(":help")
    for name, params in PARAMETERS.items():
        assert f"{name}[{','.join(params)}]" in said
    assert set(PARAMETERS) == set(BUILTINS) and "nth[u,k]" in said and "list[x1,…,xn]" in said
    assert ":load FILE" in said and ":quit" in said and ":step" not in said


def test_the_pages_help_offers_only_what_works_there() -> None:
    said = Repl().reply(":help")[0]
    assert ":load" not in said and ":quit" not in said and ":step P" in said and "mapcar[u,f]" in said
    assert Repl().reply(":load x.m")[0] != ""  # not offered, and still answered with lispy's own error


# --- errors name the file run, and no line where there is none (issue 33) ------------------------


def test_running_a_file_names_it_in_errors(tmp_path: Path) -> None:
    (tmp_path / "mine.m").write_text("f x ← x + 1\nh 2\nf A\n3 = \n\n:load nosuch.m\nf 1\n", encoding="utf-8")
    said: list[str] = []
    s = Session(complain=said.append, say=said.append)
    s.run_lines((tmp_path / "mine.m").read_text(encoding="utf-8").splitlines(), source="mine.m")
    assert said == [
        "error: in mine.m, line 2, column 1: undefined name h",
        "error: in f, line 1, column 7: +: cannot apply to A and 1 (on numbers only, and this is A"
        " (a symbol))",
        "error: mine.m, line 4: unfinished input, waiting for the rest of the expression",
        "error: mine.m, line 6: cannot read nosuch.m: No such file or directory",
        "2",
    ]
    # in a process of its own: the REPL caps its own address space, which would stay on this one
    command = [sys.executable, "-m", "lispy", "mine.m"]
    run = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "error: in mine.m, line 2, column 1: undefined name h" in run.stdout + run.stderr


def test_a_command_typed_alone_names_no_line() -> None:
    assert Session().reply(":load nosuch.m") == "error: cannot read nosuch.m: No such file or directory"
    said: list[str] = []
    Session(complain=said.append).handle(":load nosuch.m")
    assert said == ["error: cannot read nosuch.m: No such file or directory"]


# --- a search never runs on another problem's start without a word (issue 33) -------------------


def test_the_words_search_p0_is_the_words_tower_never_the_lists_start() -> None:
    from lispy.chapter5 import insanity_words
    from lispy.notes.applications import REPL_APPLICATIONS

    s = Session(applications=REPL_APPLICATIONS)
    s.reply(":notes chapter5_insanity")
    said = s.reply(":notes chapter5_insanity_words")
    assert "p₀, search" in said and "now mean chapter5_insanity_words's" in said
    expected = str(insanity_words.word_tower_search(insanity_words.puzza).search(insanity_words.p0))
    assert s.reply("search p₀") == expected == "(65535 55275 22217 4744 0)"
    assert s.reply("p₀") == "(0)"
    assert "(T NIL NIL NIL NIL)" not in expected


def test_a_search_loaded_beside_anothers_start_says_so() -> None:
    from lispy.notes.applications import REPL_APPLICATIONS

    s = Session(applications=REPL_APPLICATIONS)
    s.reply(":notes chapter5_insanity")
    said = s.reply(":notes chapter5_paths").splitlines()
    assert said[1] == (
        "p₀ is chapter5_insanity's start, and search is chapter5_paths's: search p₀ would search one"
        " problem from the other's start"
    )
    assert "p₀ is" not in s.reply(":notes chapter5_insanity")
