"""The notes run as printed: the M-expression reader and evaluator, the notes' source files, the
errata shown on the printed forms, and the correspondence between each Python transcription and
its M-expression definition, made mechanical."""

from __future__ import annotations

import inspect
import math
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lispy import NIL, cons, from_iterable, lisp, read, sublis, to_python
from lispy.chapter5 import insanity, insanity_words
from lispy.chapter5 import paths as paths_module
from lispy.chapter5 import tree_search as tree_search_module
from lispy.chapter5.paths import path_search
from lispy.chapter6 import game_trees
from lispy.chapter6.sexp_games import imval, successors, ter, tree
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.program import PARTS, definition, notes, split_statements, statements
from lispy.mexpr.syntax import Assignment, BinOp, Call, Const, Definition, MSyntaxError, Var, parse_expression
from lispy.recursion import worker_limit
from tests.strategies import game_trees as random_game_trees
from tests.strategies import graphs, small_lists

FIGURE_6_2 = read("((3 12 8) (2 4 6) (14 5 2))")
GAMES = {"successors": successors, "ter": ter, "imval": imval}


# --- reading ---------------------------------------------------------------------------------


@pytest.mark.parametrize("part", PARTS)
def test_every_corrected_statement_of_the_notes_reads(part: str) -> None:
    for s in statements(part):
        assert isinstance(s.parse(), (Definition, Assignment))


def test_ascii_spellings_read_as_the_unicode_ones() -> None:
    pairs = [
        ("m[p,alpha,beta] <- max[alpha,min[beta,imval p]]", "m[p,α,β] ← max[α,min[β,imval p]]"),
        ("lose p <- a p member d p", "lose p ← a p ε d p"),
        ("f x <- {x}[lambda w. if w <= 1 then -inf else inf]", "f x ← {x}[λw. if w ≤ 1 then -∞ else ∞]"),
    ]  # fmt: skip
    for ascii_, unicode in pairs:
        assert parse_expression(ascii_) == parse_expression(unicode)


def test_precedence_reads_the_notes_as_the_text_explains_them() -> None:
    # λx.a p and x = 0 is [a p and x] = 0: "the and of its word with the word representing the tower is zero"
    body = parse_expression("λx.a p and x = 0").body  # type: ignore[attr-defined]
    assert body == BinOp("=", BinOp("and", Call(Var("a"), (Var("p"),)), Var("x")), Const(0))
    # a number before an application multiplies; juxtaposition applies to the right
    assert parse_expression("16zap d v") == BinOp(
        "×", Const(16), Call(Var("zap"), (Call(Var("d"), (Var("v"),)),))
    )
    # cons is looser than +, and right-associative
    assert parse_expression("1 + x . y . NIL") == BinOp(
        ".", BinOp("+", Const(1), Var("x")), BinOp(".", Var("y"), Const(NIL))
    )
    # comparison is the loosest infix: a p ε d p
    assert parse_expression("a p ε d p") == BinOp(
        "ε", Call(Var("a"), (Var("p"),)), Call(Var("d"), (Var("p"),))
    )


def test_a_syntax_error_names_the_place_with_a_caret() -> None:
    with pytest.raises(MSyntaxError) as caught:
        parse_expression("f[x ← 3", "demo")
    message = str(caught.value)
    assert message.startswith("demo, line 1, column 5: unexpected '←'")
    assert message.endswith("    f[x ← 3\n        ^")


def test_statements_continue_on_indented_lines_and_drop_the_closing_punctuation() -> None:
    found = split_statements("; a comment\nf x ← if x then 1\n    else 2,\ng ← (A B).\n")
    assert [(s.name, s.line, s.text) for s in found] == [
        ("f", 2, "f x ← if x then 1\n    else 2"),
        ("g", 4, "g ← (A B)"),
    ]


# --- evaluating: values and errors -----------------------------------------------------------


def test_expressions_evaluate_to_lisp_data() -> None:
    m = Environment()
    assert m.eval("(A B) * (C)") == lisp("A", "B", "C")
    assert m.eval("{(1 2 3)}[λx. a d x . x]") == read("(2 1 2 3)")
    assert m.eval("5 and 3") == 1 and m.eval("5 or 3") == 7
    assert m.eval("true and false") is False and m.eval("false or true") is True
    assert m.eval("(A . B)") == read("(A . B)")
    m.run("twice x ← x + x")
    assert m.eval("twice 21") == 42
    assert m.run("k ← twice 2") == 4 and m.eval("k") == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nosuch 3", "in input, line 1, column 1: undefined name nosuch"),
        ("a 3", "in input, line 1, column 1: a: the argument 3 (a number) is an atom, not a list"),
        ("mapcar[(1 2), 3]", "in input, line 1, column 1: mapcar: its argument f is 3, not a function"),
        ("twice[1, 2]", "in input, line 1, column 1: twice takes 1 argument(s), [x], but was given 2"),
        ("{3}[(A)]", "in input, line 1, column 2: the function is (A), not a function"),
        (
            "loop 1",
            f"in loop, line 1, column 10: recursion too deep in loop: past the limit of {worker_limit():,}",
        ),
        ("1 + (A)", "in input, line 1, column 1: +: cannot apply to 1 and (A)"),
    ],
)
def test_errors_name_the_definition_line_and_column(text: str, message: str) -> None:
    m = Environment()
    m.run("twice x ← x + x")
    m.run("loop x ← loop x")
    with pytest.raises(EvalError) as caught:
        m.run(text)
    assert str(caught.value).startswith(message)


def test_an_error_inside_a_definition_names_it() -> None:
    m = Environment()
    m.run("first u ← a u")
    m.run("wrapper u ← first u")
    with pytest.raises(EvalError, match=r"^in first, line 1, column 11: a: the argument G \(a symbol\)"):
        m.eval("wrapper G")


def test_deep_but_finite_recursion_works() -> None:
    n = 5000
    graph = from_iterable([lisp(i, i + 1) for i in range(n)])
    m = notes("chapter5_search", "chapter5_paths", graph=graph, final=n)
    path = m.eval("search (0)")
    assert to_python(path) == list(range(n, -1, -1))


# --- the notes, corrected, run ------------------------------------------------------------------


def test_the_notes_search_finds_the_python_transcriptions_tower() -> None:
    m = notes("chapter5_insanity", "chapter5_search")
    assert m["puzz"] == insanity.puzz and m["p₀"] == insanity.p0
    assert (
        m.eval("search p₀")
        == insanity.search(insanity.p0)
        == read("((G W R B) (R W G B) (B R G W) (W B G R))")
    )
    assert m.eval("length allsol p₀") == 3
    words = notes("chapter5_insanity", "chapter5_search", "chapter5_insanity_words")
    assert words["puzza"] == insanity_words.puzza
    assert words.eval("search (0)") == insanity_words.search(insanity_words.p0)


def test_the_notes_maxval_gives_valmax_and_moves_agree() -> None:
    m = notes("chapter6_game_trees", **GAMES)
    assert m.call("valmax", FIGURE_6_2) == m.call("maxval", FIGURE_6_2) == 3
    assert m.call("movemax", FIGURE_6_2) == read("(3 12 8)")
    assert m.call("minval", read("((2 5) (9 4 7))")) == 5


# --- the printed forms fail as the errata say ---------------------------------------------------


def test_e1_e2_printed_mapapp_calls_the_undefined_mappap() -> None:
    m = notes(
        "chapter5_search",
        "chapter5_paths",
        printed={"mapapp"},
        graph=read("((A B C) (B D) (C D) (D))"),
        final="D",
    )
    m.define(definition("chapter5_search", "allsol", 1))  # the first, simple form, which uses mapapp
    with pytest.raises(EvalError, match=r"in mapapp, .*: undefined name mappap"):
        m.eval("allsol (A)")


def test_e3_printed_puzz2_does_not_read() -> None:
    with pytest.raises(MSyntaxError, match=r"chapter5_insanity.m: puzz2, line 8, column 44: unexpected '\]'"):
        notes("chapter5_insanity", corrected=False)


def test_e4_printed_puzz4_substitutes_into_puzz3() -> None:
    m = notes("chapter5_insanity", printed={"puzz4"})
    substituted = from_iterable(sublis(s, insanity.puzz3) for s in insanity.puzz3)  # each block's
    assert m["puzz4"] == substituted != insanity.puzz4


def test_e10_printed_movemax_calls_succesors() -> None:
    m = notes("chapter6_game_trees", printed={"movemax"}, **GAMES)
    with pytest.raises(EvalError, match=r"in movemax, .*: undefined name succesors"):
        m.call("movemax", FIGURE_6_2)


def test_e11_printed_bestmaxa_uses_the_unbound_bestsofar() -> None:
    m = notes("chapter6_game_trees", printed={"bestmaxa"}, **GAMES)
    with pytest.raises(EvalError, match=r"in bestmaxa, .*: undefined name bestsofar"):
        m.call("movemax", FIGURE_6_2)


def test_e12_printed_maxval2_runs_away() -> None:
    m = notes("chapter6_game_trees", printed={"maxval2"}, **GAMES)
    # minval2 as printed, with only E21's missing bracket supplied: no case for the empty list either
    m.run("minval2[u,α,β] ← {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]]]")
    with pytest.raises(EvalError, match="runaway recursion"):
        m.call("maxval", FIGURE_6_2)


def test_e21_printed_minval2_lacks_a_closing_bracket() -> None:
    with pytest.raises(MSyntaxError, match=r"chapter6_game_trees\.m: minval2, line 23, .*ends too soon"):
        notes("chapter6_game_trees", corrected=False, **GAMES)


# --- correspondence: every definition has a transcription, and they agree -----------------------

TRANSCRIPTIONS: dict[str, list[Any]] = {
    # name in the notes: the Python objects whose docstrings (or modules' docstrings) quote it
    "search": [tree_search_module], "searchlis": [tree_search_module], "allsol": [tree_search_module],
    "allsola": [tree_search_module], "allsolb": [tree_search_module], "mapapp": [tree_search_module.mapapp],
    "lose": [paths_module.path_search, insanity.tower_search, insanity_words.word_tower_search],
    "ter": [paths_module.path_search, insanity.tower_search, insanity_words.word_tower_search],
    "successors": [paths_module.path_search, insanity.tower_search, insanity_words.word_tower_search],
    "p₀": [insanity.p0], "mapcar2": [insanity.mapcar2], "puzz1": [insanity.puzz1],
    "puzz2": [insanity.puzz2], "cycles": [insanity.cycles], "upto": [insanity.upto],
    "puzz3": [insanity.puzz3], "puzz4": [insanity.puzz4],
    "puzz": [insanity.puzz], "puzza": [insanity_words.puzza], "zap": [insanity_words.zap],
    "poo": [insanity_words.poo], "mapchoose": [insanity_words.mapchoose],
    "maxlis": [game_trees.maxlis, game_trees.maxlis_iterative], "minlis": [game_trees.minlis],
    "maxlisa": [game_trees.maxlisa], "bestmax": [game_trees.bestmax], "bestmaxa": [game_trees.bestmaxa],
    "bestmin": [game_trees.bestmin], "bestmina": [game_trees.bestmina],
    **{name: [game_trees.game_tree_search] for name in (
        "valmax", "valmin", "movemax", "movemin", "maxval", "maxval1", "maxval2",
        "minval", "minval1", "minval2",
    )},
}  # fmt: skip


def test_every_definition_of_the_two_chapters_has_a_transcription_and_a_source() -> None:
    in_sources = {s.name for part in PARTS for s in statements(part)}
    assert in_sources == set(TRANSCRIPTIONS)


def quoted_equations(text: str) -> list[str]:
    """The equations in a docstring: a line with ``←``, and the lines indented below it."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        if "←" not in line:
            continue
        start = line.find("``") + 2 if "``" in line[: line.find("←")] else len(line) - len(line.lstrip())
        equation = [line[start:]]
        indent = len(line) - len(line.lstrip())
        for more in lines[i + 1 :]:
            if more.strip() and len(more) - len(more.lstrip()) > indent and "←" not in more:
                equation.append(more.strip())
            else:
                break
        found.append(" ".join(equation).split("``")[0].rstrip(" .,:"))
    return found


def docstrings(obj: Any) -> str:
    module = inspect.getmodule(obj)
    own = obj.__doc__ if callable(obj) or inspect.ismodule(obj) else ""
    return f"{own or ''}\n{module.__doc__ if module else ''}"


DEFINITIONS = [
    (part, s.name, k)
    for part in PARTS
    for k, s in enumerate(statements(part))
    if isinstance(s.parse(), Definition)
]


@pytest.mark.parametrize(
    ("part", "name", "index"), DEFINITIONS, ids=[f"{p}:{n}:{i}" for p, n, i in DEFINITIONS]
)
def test_each_transcription_quotes_its_definition(part: str, name: str, index: int) -> None:
    source = statements(part)[index].parse()
    candidates = []
    for obj in TRANSCRIPTIONS[name]:
        for equation in quoted_equations(docstrings(obj)):
            try:
                candidates.append(parse_expression(equation))
            except MSyntaxError:
                continue
    assert source in candidates, (
        f"no docstring of {TRANSCRIPTIONS[name]} quotes {statements(part)[index].text}"
    )


# random inputs: the notes' definitions against the Python transcriptions

LISTS = notes("chapter5_insanity", "chapter5_insanity_words", "chapter5_search")


@given(small_lists)
def test_cycles_and_upto(u: Any) -> None:
    assert LISTS.call("cycles", u) == insanity.cycles(u)
    tails = [u] + ([u.cdr] if u is not NIL else [])
    for x in tails:
        assert LISTS.call("upto", u, x) == insanity.upto(u, x)


@given(small_lists, small_lists)
def test_mapcar2_and_mapchoose_and_mapapp(u: Any, v: Any) -> None:
    pair = LISTS.eval("λyz.z.y")
    assert LISTS.call("mapcar2", u, v, pair) == insanity.mapcar2(u, v, lambda y, z: cons(z, y))
    is_int = LISTS.eval("λx.x = 1")
    wrap = LISTS.eval("λx.(x)")
    assert LISTS.call("mapchoose", u, is_int, wrap) == insanity_words.mapchoose(u, lambda x: x == 1, lisp)
    assert LISTS.call("mapapp", u, wrap) == tree_search_module.mapapp(u, lambda x: lisp(x))


@given(st.lists(st.sampled_from(["R", "W", "G", "B"]), max_size=6))
def test_zap_and_poo(colours: list[str]) -> None:
    v = from_iterable(colours)
    assert LISTS.call("zap", v) == insanity_words.zap(v)


@given(graphs)
def test_search_and_allsol_on_random_graphs(graph_and_final: tuple[Any, Any]) -> None:
    graph, final = graph_and_final
    m = notes("chapter5_search", "chapter5_paths", graph=graph, final=final)
    python = path_search(graph, final)
    start = lisp("V0")
    assert m.call("search", start) == python.search(start)
    assert m.call("allsol", start) == python.allsol_efficient(start)
    m.define(definition("chapter5_search", "allsol", 1))
    assert m.call("allsol", start) == python.allsol(start)


GAME = notes("chapter6_game_trees", **GAMES)


@given(random_game_trees(4))
def test_valmax_movemax_and_maxval_on_random_trees(t: Any) -> None:
    for name in ("valmax", "valmin", "maxval", "minval"):
        assert GAME.call(name, t) == getattr(tree, name)(t)
    if not ter(t):
        assert GAME.call("movemax", t) == tree.movemax(t)
        assert GAME.call("movemin", t) == tree.movemin(t)


@given(st.lists(st.integers(-9, 9), max_size=8))
def test_maxlis_minlis_and_the_iterative_maxlis(xs: list[int]) -> None:
    u = from_iterable(xs)
    identity = GAME.eval("λx.x")
    assert GAME.call("maxlis", u, identity) == game_trees.maxlis_iterative(u, lambda x: x)
    assert GAME.call("minlis", u, identity) == game_trees.minlis(u, lambda x: x)
    first = Environment()
    first.define(definition("chapter6_game_trees", "maxlis", 1))
    assert (
        first.call("maxlis", u, identity) == game_trees.maxlis(u, lambda x: x) == max(xs, default=-math.inf)
    )


def test_the_docstring_extractor_finds_multi_line_equations() -> None:
    found = quoted_equations(game_trees.__doc__ or "")
    assert any(re.match(r"maxval2\[u,α,β\] ← if n u then α else \{", e) for e in found)


# --- the REPL ----------------------------------------------------------------------------------


def test_the_repl_evaluates_reports_errors_and_goes_on() -> None:
    from lispy.mexpr.session import Session

    said: list[str] = []
    errors: list[str] = []
    session = Session(said.append, errors.append)
    session.run_lines(
        [
            "twice x ← x + x",
            "twice 21",
            "a 3",
            "f[x,",
            "  y] ← x . y",
            "f[1, (2)]",
            "'(A . (B C))",
            ":notes chapter5_insanity chapter5_search",
            "search p₀",
            ":env",
            "if",
            ":nonsense",
            ":quit",
            "twice 1",
        ],
    )
    assert said[0] == "42"
    assert said[1] == "(1 2)" and said[2] == "(A B C)"
    assert said[4] == "((G W R B) (R W G B) (B R G W) (W B G R))"
    assert "twice" in said[5] and "search" in said[5]
    assert errors[0].startswith("error: in input, line 3, column 1: a: the argument 3")
    assert "line 11: unfinished input, waiting for the rest of the expression" in errors[1]
    assert "no command :nonsense" in errors[2]
    assert session.done and session.failures == 3 and len(said) == 6


def test_python_m_lispy_reads_piped_input(tmp_path: Any) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    script = tmp_path / "session.m"
    script.write_text("x ← (A B)\nd x\nvalmax ((3 12 8) (2 4 6) (14 5 2))\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "lispy", "--notes", "chapter6_game_trees", str(script)],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["loaded chapter6_game_trees", "(A B)", "(B)", "3"]
    bad = subprocess.run(
        [sys.executable, "-m", "lispy"],
        input="a G\n2 + 2\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 1
    assert bad.stdout.splitlines() == ["4"]
    assert "a: the argument G (a symbol) is an atom" in bad.stderr and "Traceback" not in bad.stderr


def test_the_notes_assignments_give_the_transcriptions_values() -> None:
    m = notes("chapter5_insanity", "chapter5_insanity_words")
    assert m["puzz1"] == insanity.puzz1
    assert m["puzz2"] == insanity.puzz2
    assert m["puzz3"] == insanity.puzz3
    assert m["puzz4"] == insanity.puzz4
    assert m["puzz"] == insanity.puzz
    assert m["p₀"] == insanity.p0
    assert m["puzza"] == insanity_words.puzza


# --- inputs over many lines: scanned once, complete exactly when they are ----------------------

CONTINUATION_LINES = st.lists(
    st.sampled_from([
        "f[x] ← if x = 0", "  then 1", "  else 2", "(1 2", "3)", "g 5", "'(A", " (B", " C))", "x +", " 1",
        "λxy.", " x", "{a '(A B)}", "[λx. x]", "if p then", "q else r", "'|a (b|", "  c", "1 + )", "f[x,",
        "y]", "a '(1 ; (", " 2)", "λ", "p₀ ← 3", "h x ← x ε '(1 2) . NIL", ") (",
    ]),
    max_size=8,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(CONTINUATION_LINES)
def test_the_collector_hands_on_an_input_as_complete_exactly_when_it_is(lines: list[str]) -> None:
    from lispy.mexpr.session import Collector

    collector = Collector()
    inputs = [i for n, line in enumerate(lines, 1) for i in collector.add(n, line)] + collector.finish()
    assert [x for i in inputs for x in i.text.split("\n")] == [line for line in lines if line.strip()]
    for item in inputs:
        try:
            parse_expression(item.text)
        except MSyntaxError as e:
            if item.waiting is None:  # complete, or wrong whatever follows: never merely unfinished
                assert "ends too soon" not in e.reason, item
        else:
            assert item.waiting is None, item  # an input that reads is never held back


def test_an_input_of_thousands_of_lines_is_collected_whole_and_runs() -> None:
    from lispy.mexpr.session import Collector

    lines = ["s ← 0 +", *[" 1 +" for _ in range(2999)], " 1"]
    collector = Collector()
    inputs = [i for n, line in enumerate(lines, 1) for i in collector.add(n, line)] + collector.finish()
    assert [(i.line, i.waiting, i.text) for i in inputs] == [(1, None, "\n".join(lines))]
    assert Environment().run("\n".join(["s ← 0 +", *[" 1 +" for _ in range(99)], " 1"])) == 100
    chain = ["f x ← if x = 0 then 0", *[f"  else if x = {k} then {k}" for k in range(1, 3000)], "  else -1"]
    collector = Collector()
    held = [collector.add(n, line) for n, line in enumerate(chain, 1)]
    assert all(h == [] for h in held[:-1]) and collector.waiting is None
    assert [i.text for i in held[-1]] == ["\n".join(chain)]
    assert collector.add(1, "(1 2") == [] and collector.waiting == "')' to close the '(' at line 1, column 1"
