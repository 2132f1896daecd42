"""The M-expression compiler: what it generates, what compiled code can reach, how deep it runs, and
that every error still names the definition, line and column (the notes' own definitions are
tested in test_mexpr.py and test_correspondence.py)."""

from __future__ import annotations

import ast
import builtins
import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lispy import NIL, lisp, read
from lispy.chapter5 import insanity, insanity_words
from lispy.mexpr.codegen import generate
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.errors import runaway_message
from lispy.mexpr.listing import part_python, python_of
from lispy.mexpr.names import m_name, python_name
from lispy.mexpr.program import PARTS, notes, statements
from lispy.mexpr.session import Session
from lispy.mexpr.syntax import MSyntaxError, parse_expression

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=False
    )


# --- what compiled code can reach ---------------------------------------------------------


@pytest.mark.parametrize("name", ["open", "eval", "exec", "getattr", "compile", "globals", "vars", "print"])
def test_python_builtins_are_undefined_names(name: str) -> None:
    m = Environment()
    with pytest.raises(EvalError, match=f"^in input, line 1, column 1: undefined name {name}$"):
        m.eval(f"{name}[(A)]")
    m.run(f"f x ← {name}")
    with pytest.raises(EvalError, match=f"^in f, line 1, column 7: undefined name {name}$"):
        m.eval("f 1")


@pytest.mark.parametrize("text", ["__import__[OS]", "x ← __builtins__", "(A).__class__", "f x ← x._car"])
def test_dunders_and_underscores_cannot_be_written(text: str) -> None:
    with pytest.raises(MSyntaxError):
        Environment().run(text)


def test_attribute_syntax_is_cons_not_attribute_access() -> None:
    m = Environment()
    assert m.eval("(A) . NIL") == read("((A))")
    with pytest.raises(EvalError, match="undefined name car"):
        m.eval("(A).car")


def _every_generated_tree() -> list[ast.AST]:
    found = [generate(s.parse()).tree for part in PARTS for s in statements(part)]
    found += [
        generate(parse_expression(t)).tree for t in ("{(1 2)}[λx. a x and 3 or 4]", "(a . b)", "f[x, y]")
    ]
    return found


def test_the_generated_code_has_no_attribute_subscript_star_or_keyword() -> None:
    for tree in _every_generated_tree():
        for node in ast.walk(tree):
            assert not isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred, ast.keyword)), (
                ast.unparse(tree)
            )
            if isinstance(node, ast.Name):
                assert not node.id.startswith("_"), node.id


def test_compiled_functions_see_no_python_builtins() -> None:
    m = notes("chapter5_insanity", "chapter5_search")
    assert m["search"].__globals__["__builtins__"] == {}
    assert m.eval("λx. x").__globals__ is m.namespace


def test_nothing_is_evaluated_or_executed_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("eval or exec was called")

    parts = ("chapter5_insanity", "chapter5_search", "chapter5_insanity_words")
    notes(*parts)  # any module imported on first use is imported now: importing uses exec
    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    m = notes(*parts)
    assert m.eval("search (0)") == insanity_words.search(insanity_words.p0)
    with pytest.raises(EvalError):
        m.eval("1 + (A)")  # the error message computes the operands again


# --- names -----------------------------------------------------------------------------------

m_names = st.from_regex(r"[a-zα-δζ-κμ-ω][a-zA-Zα-δζ-κμ-ω0-9_']{0,6}", fullmatch=True)


@given(m_names)
def test_a_name_becomes_an_identifier_and_back(name: str) -> None:
    identifier = python_name(name)
    assert identifier.isidentifier() and identifier not in ("cons", "truth", "lisp", "read", "append")
    assert m_name(identifier) == name


@given(m_names, m_names)
def test_different_names_stay_different(one: str, other: str) -> None:
    assert (python_name(one) == python_name(other)) == (one == other)


def test_names_python_keeps_for_itself_are_renamed_and_still_work() -> None:
    m = Environment()
    m.run("cons x ← x")  # the user's cons, not the one "." compiles to
    m.run("in x ← x + 1")
    m.run("f' x ← x + 2")
    assert m.eval("1 . (2)") == lisp(1, 2) and m.eval("cons 7") == 7
    assert m.eval("in 1") == 2 and m.eval("f' 1") == 3
    assert python_of(m, "in").startswith("def in_(x):")
    assert python_of(m, "f'").startswith("def fʹ(x):")


def test_p0_and_p_subscript_0_are_one_name() -> None:
    m = Environment()
    m.run("p₀ ← 1")
    with pytest.raises(EvalError, match="p0 and p₀ are one name in Python, p0: use p₀"):
        m.run("p0 ← 2")
    assert m["p₀"] == 1


# --- the notation's meaning --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("if 0 then A else B", "A"),  # every value but false and NIL is true, 0 included
        ("if z 1 then A else B", "A"),
        ("if NIL then A else B", "B"),
        ("if () then A else B", "B"),
        ("5 and 3", 1),
        ("5 or 3", 7),
        ("0 and true", True),
        ("NIL or 3", True),
        ("false and loop 1", False),  # and stops at a false left side: loop never runs
        ("true or loop 1", True),
        ("[1 = 1] and [2 = 3]", False),
        ("ends (1 2 3)", True),  # ends u ← n u or ends d u: or stops at true
    ],
)
def test_conditions_and_or_mean_what_the_notes_mean(text: str, value: Any) -> None:
    m = Environment()
    m.run("z x ← 0")
    m.run("loop x ← loop x")
    m.run("ends u ← n u or ends d u")
    result = m.eval(text)
    assert result == value and type(result) is type(value)


def test_a_redefined_predicate_is_no_longer_taken_for_a_truth_value() -> None:
    m = Environment()
    m.run("g u ← if n u then A else B")
    assert "if n(u)" in python_of(m, "g") and m.eval("g 5") == "B"
    m.run("n x ← 0")  # now n gives 0, which is true
    assert "if truth(n(u))" in python_of(m, "g") and m.eval("g 5") == "A"


# --- checks before running -------------------------------------------------------------------


def test_an_unbound_name_is_found_before_anything_runs() -> None:
    calls: list[Any] = []
    m = Environment()
    m.bind(count=lambda x: calls.append(x) or True)
    m.run("f x ← if count x then nosuch x else 1")
    with pytest.raises(EvalError, match=r"^in f, line 1, column 23: undefined name nosuch$"):
        m.eval("f 1")
    assert calls == []


def test_a_wrong_number_of_arguments_is_found_before_anything_runs() -> None:
    calls: list[Any] = []
    m = Environment()
    m.bind(count=lambda x: calls.append(x) or True)
    m.run("twice x ← x + x")
    m.run("g x ← if count x then twice[x, x] else 0")
    with pytest.raises(
        EvalError, match=r"^in g, line 1, column 23: twice takes 1 argument\(s\), \[x\], but was given 2$"
    ):
        m.eval("g 1")
    assert calls == []


def test_the_printed_bestmaxa_names_the_line_and_column_of_bestsofar() -> None:
    from lispy.chapter6.sexp_games import imval, successors, ter

    m = notes("chapter6_game_trees", printed={"bestmaxa"}, successors=successors, ter=ter, imval=imval)
    lines = (ROOT / "lispy" / "notes" / "chapter6_game_trees.m").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "≤ bestsofar" in text)
    column = lines[line - 1].index("bestsofar") + 1
    with pytest.raises(
        EvalError, match=f"^in bestmaxa, line {line}, column {column}: undefined name bestsofar$"
    ):
        m.call("movemax", read("((3 12 8) (2 4 6))"))


# --- errors while running ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{1}[λxy. x]",
            "in input, line 1, column 2: λxy in input takes 2 argument(s), [x,y], but was given 1",
        ),
        ("h (1)", "in h, line 1, column 21: a: the argument 1 (a number) is an atom, not a list"),
        ("1 + [2 + (A)]", "in input, line 1, column 6: +: cannot apply to 2 and (A)"),
        ("16 k (A)", "in input, line 1, column 1: ×: cannot apply to 16 and (A)"),
        (
            "(A) ε B",
            "in input, line 1, column 1: ε: cannot apply to (A) and B",
        ),  # a list is where its "(" is
        ("boom 1", "in input, line 1, column 1: boom: 'no such key'"),
        ("nth[(A B), 0]", "in input, line 1, column 1: nth: the index must be an integer >= 1"),
    ],
)
def test_errors_while_running_name_the_place(text: str, message: str) -> None:
    m = Environment()
    m.run("h u ← mapcar[u, λx. a x]")
    m.run("k x ← x")
    m.bind(boom=lambda x: {}["no such key"])
    with pytest.raises(EvalError) as caught:
        m.eval(text)
    assert str(caught.value).startswith(message)


def test_a_python_value_that_fails_when_called_from_python_passes_unchanged() -> None:
    m = Environment()
    m.bind(boom=lambda x: {}["no such key"])
    with pytest.raises(KeyError):
        m.call("boom", 1)


# --- deep recursion ------------------------------------------------------------------------------

FIVE = """
from lispy.mexpr.environment import Environment
m = Environment()
m.run("f[v,w,x,y,z] ← if v = 0 then w + x + y + z else f[v + -1,w,x,y,z]")
print(m.eval("f[30000,1,2,3,4]"))
m.run("g[v,w,x,y,z] ← g[v,w,x,y,z]")
try:
    m.eval("g[1,2,3,4,5]")
except Exception as e:
    print(type(e).__name__, e)
"""


def test_five_parameters_recur_30000_deep_and_a_runaway_is_an_error_not_a_crash() -> None:
    run = run_python(FIVE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "10",
        "EvalError in g, line 1, column 16: " + runaway_message("g"),
    ]


def test_a_compiled_call_has_a_fixed_number_of_arguments() -> None:
    tree = generate(parse_expression("f[v,w,x,y,z] ← f[v,w,x,y,z]")).tree
    call = tree.body[0].value  # type: ignore[attr-defined]
    assert isinstance(call, ast.Call) and len(call.args) == 5 and not call.keywords
    assert not any(isinstance(a, ast.Starred) for a in call.args)


# --- the Python shown ----------------------------------------------------------------------------


@pytest.mark.parametrize("part", PARTS)
def test_each_part_lists_as_python_that_reads_back_as_the_compiled_trees(part: str) -> None:
    text = part_python(part)
    listed = [s for s in ast.parse(text).body if isinstance(s, (ast.FunctionDef, ast.Assign))]
    borrowed = [s for other in PARTS if other != part for s in statements(other)]
    own = [s.parse() for s in statements(part)]
    ordered = [p for p in own if hasattr(p, "params")] + [p for p in own if not hasattr(p, "params")]
    expected = {ast.dump(generate(p).tree) for p in ordered}
    mine = [ast.dump(s) for s in listed if ast.dump(s) in expected]
    assert mine == [ast.dump(generate(p).tree) for p in ordered]
    # anything else in the listing is another part's statement that this part's values need
    others = {ast.dump(generate(s.parse()).tree) for s in borrowed}
    assert all(ast.dump(s) in others for s in listed if ast.dump(s) not in expected)


def test_the_listing_of_instant_insanity_runs_and_gives_the_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "insanity_compiled.py"
    path.write_text(part_python("chapter5_insanity"), encoding="utf-8")
    module = runpy.run_path(str(path))
    assert module["puzz"] == insanity.puzz and module["p0"] == insanity.p0


def test_python_m_lispy_python_prints_search_and_searchlis() -> None:
    run = run_python(
        "import sys; from lispy.cli.repl import main; sys.exit(main(['--python', 'chapter5_search']))"
    )
    assert run.returncode == 0, run.stderr
    defined = [s.name for s in ast.parse(run.stdout).body if isinstance(s, ast.FunctionDef)]
    assert defined[:2] == ["search", "searchlis"]
    compile(run.stdout, "chapter5_search", "exec")
    bad = run_python("import sys; from lispy.cli.repl import main; sys.exit(main(['--python', 'nosuch']))")
    assert bad.returncode == 2 and "no part of the notes is called 'nosuch'" in bad.stderr


def test_the_repl_shows_one_definition() -> None:
    from lispy.mexpr.session import Session

    said: list[str] = []
    errors: list[str] = []
    Session(said.append, errors.append).run_lines(
        [":notes chapter5_search", ":python searchlis", ":python", ":python a"],
    )
    assert said[1] == (
        "def searchlis(u):\n"
        '    return "LOSE" if n(u) else (lambda x: searchlis(d(u)) if x == "LOSE" else x)(search(a(u)))'
    )
    assert said[2].startswith("# a is one of the functions the notes take as given")
    assert errors == ["error: line 3: :python takes one name, as in :python search"]


def test_the_repl_shows_functions_as_the_interpreter_did() -> None:
    from lispy.mexpr.errors import show

    m = Environment()
    m.run("twice x ← x + x")
    assert show(m["twice"]) == "#<function twice[x]>"
    assert show(m.eval("λyz. z . y")) == "#<function λyz in input[y,z]>"
    assert show(m["a"]) == "#<function a[u]>" and show(m["max"]) == "#<function max[x,y]>"


# --- fuzzing the reader and the compiler: only lispy's own errors come out --------------------------
#
# M-expressions built from the grammar's own parts (so that most of them read and reach the compiler:
# repeated parameters, () as a body or an operand, operators on symbols and truth values, quoted data,
# private-use marks, primes after digits), and files of such statements for :load.  Whatever comes
# back is a value or lispy's error: never "a bug in lispy", never an exception out of reply.

ATOMS = st.sampled_from([
    "x", "y", "u", "f", "p₀", "p0", "x'", "a'b'c", "A", "LOSE", "NIL", "0", "3", "-2", "1.5", "∞", "-∞",
    "true", "false", "()", "(A B)", "'(A B)", "'G", "'|a'b c|", "'()", "1'\ue000", "(1'\ue001)", "'", "g",
])  # fmt: skip
OPERATORS = st.sampled_from(["+", ".", "*", "=", "<", ">", "≤", "≥", "ε", "eq", "and", "or", "<=", "member"])
FUNCTIONS = st.sampled_from(["f", "g", "a", "d", "max", "n", "length"])
PARAMS = st.lists(st.sampled_from(["x", "y", "u", "α"]), min_size=1, max_size=3)


def _expressions(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(inner, OPERATORS, inner).map(" ".join),
        st.tuples(
            st.sampled_from(["f", "g", "a", "d", "max", "n", "length"]), st.lists(inner, max_size=3)
        ).map(lambda t: f"{t[0]}[{','.join(t[1])}]"),
        st.tuples(st.sampled_from(["a", "d", "f", "n"]), inner).map(" ".join),
        st.tuples(PARAMS, inner).map(lambda t: f"λ{''.join(t[0])}. {t[1]}"),
        st.tuples(inner, inner, inner).map(lambda t: f"if {t[0]} then {t[1]} else {t[2]}"),
        st.lists(inner, max_size=3).map(lambda xs: f"({' '.join(xs)})"),
        st.tuples(inner, PARAMS, inner).map(lambda t: f"{{{t[0]}}}[λ{''.join(t[1])}. {t[2]}]"),
        st.tuples(st.sampled_from(["2", "16"]), inner).map(lambda t: f"{t[0]}f {t[1]}"),
        inner.map(lambda e: f"[{e}]"),
    )


EXPRESSIONS = st.recursive(ATOMS, _expressions, max_leaves=8)
STATEMENTS = st.one_of(
    st.tuples(st.sampled_from(["f", "g", "h"]), PARAMS, EXPRESSIONS).map(
        lambda t: f"{t[0]}[{','.join(t[1])}] ← {t[2]}"
    ),
    st.tuples(st.sampled_from(["f", "g"]), st.sampled_from(["x", "u"]), EXPRESSIONS).map(
        lambda t: f"{t[0]} {t[1]} ← {t[2]}"
    ),
    st.tuples(st.sampled_from(["v", "w", "p₀"]), EXPRESSIONS).map(lambda t: f"{t[0]} ← {t[1]}"),
)
INPUTS = st.one_of(EXPRESSIONS, STATEMENTS)
"""Inputs of the REPL: expressions and statements."""


def lispys_answer(answer: str) -> bool:
    """Whether a reply is a value or lispy's own error (not a foreign exception reported as a bug)."""
    return "a bug in lispy" not in answer


@settings(max_examples=400)
@given(st.lists(INPUTS, min_size=1, max_size=4))
def test_random_m_expressions_get_values_or_lispys_errors(inputs: list[str]) -> None:
    session = Session()
    for text in inputs:
        answer = session.reply(text)
        assert lispys_answer(answer), (text, answer)


@settings(max_examples=300)
@given(INPUTS)
def test_what_reads_compiles_or_is_an_evalerror(text: str) -> None:
    from lispy.mexpr.compiler import compile_unit

    try:
        node = parse_expression(text)
    except MSyntaxError:
        return
    try:
        compile_unit(node, "input")
    except EvalError:
        pass


BAD_LINES = ["[x] ← 1", "[", "← 1", ";", "; a comment", "", "  ,", "f[x,x] ← x", "v ← A + B"]


@settings(max_examples=150)
@given(
    st.lists(
        st.one_of(
            STATEMENTS,
            STATEMENTS.map(lambda s: "  " + s),
            st.sampled_from(
                ["[x] ← 1", "[", "← 1", ";", "; a comment", "", "  ,", "f[x,x] ← x", "v ← A + B"]
            ),
            EXPRESSIONS,
        ),
        max_size=6,
    )
)
def test_random_files_load_whole_or_not_at_all_with_lispys_error(
    tmp_path_factory: Any, lines: list[str]
) -> None:
    path = tmp_path_factory.mktemp("load") / "file.m"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    session = Session()
    session.reply("keep ← 1")
    before = session.environment.snapshot()
    answer = session.reply(f":load {path}")
    assert lispys_answer(answer), (lines, answer)
    if answer.startswith("error: "):
        assert "nothing of" in answer or "cannot read" in answer, answer
        assert session.environment.snapshot() is before
    else:
        assert answer == f"loaded {path}"
    assert session.reply("keep") == "1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("λxx. x", "λxx: the parameter x is named twice"),
        ("f[x,x] ← x", "f[x,x]: the parameter x is named twice"),
        ("{λxyx. x}[1]", "λxyx: the parameter x is named twice"),
        ("(1'\ue000)", "the character U+E000 (private use) cannot stand in an M-expression"),
        ("A + B", "+: cannot apply to A and B (on numbers only, and this is A (a symbol))"),
        ("3 × A", ""),  # not the notation: × is written as a number before an application
        ("16f A", "×: cannot apply to 16 and A (on numbers only, and this is A (a symbol))"),
        ("true + 1", "+: cannot apply to true and 1 (on numbers only, and this is true (a truth value))"),
        ("A < B", "<: cannot apply to A and B (on numbers only, and this is A (a symbol))"),
        ("1 ≥ (A)", "≥: cannot apply to 1 and (A) (on numbers only, and this is (A) (a list))"),
        ("max[A,1]", "max: on numbers only, and this is A (a symbol)"),
        ("min[1,false]", "min: on numbers only, and this is false (a truth value)"),
        ("1 + ()", "+: cannot apply to 1 and NIL (on numbers only, and this is NIL (the empty list))"),
    ],
)
def test_the_foreign_exceptions_of_the_audit_are_lispys_errors(text: str, message: str) -> None:
    session = Session()
    session.reply("f x ← x")
    answer = session.reply(text)
    assert answer.startswith("error: ") and "a bug in lispy" not in answer, answer
    assert message in answer


def test_an_empty_list_has_a_place_as_a_body_or_an_operand_on_any_line() -> None:
    m = Environment()
    assert m.run("\n\nλx. ()") is not None and m.run("g ← λx.\n ()") is not None
    assert m.eval("{1}[λx. ()]") is NIL and m.eval("\n(A\n())") == read("(A NIL)")
    with pytest.raises(EvalError, match=r"in input, line 3, column 1: \+: cannot apply to 1 and NIL"):
        m.eval("\n\n1 + ()")


def test_a_file_whose_statement_begins_with_a_bracket_is_an_error_naming_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.m"
    path.write_text("f x ← x\n[x] ← 1\n", encoding="utf-8")
    session = Session()
    answer = session.reply(f":load {path}")
    assert answer.startswith("error: bad.m, line 2, column 1: unexpected '['")
    assert "line 2 failed" in answer and "f" not in session.environment


def test_python_lists_the_compiled_code_as_it_is() -> None:
    session = Session()
    session.reply("s ← '|a'b'c|")
    session.reply("q ← '(G |x\"y|)")
    assert session.reply(":python s") == "s = \"a'b'c\""
    assert session.reply(":python q") == "q = read('(G |x\"y|)')"
    session.reply("a'b'c ← 'x")
    assert session.reply(":python a'b'c") == 'aʹbʹc = "x"'


def test_the_compiler_checks_what_it_emits_even_for_trees_the_reader_would_refuse() -> None:
    from lispy.mexpr.compiler import compile_unit
    from lispy.mexpr.syntax import Const, Definition, Lambda, ListLit, Var

    twice = Lambda(("x", "y", "x"), Var("x", line=1, column=9), line=1, column=1)
    with pytest.raises(EvalError, match=r"in input, line 1, column 1: the parameter x is named twice"):
        compile_unit(twice, "input")
    one_name = r"in f, line 2, column 1: the parameter p0 is named twice \(p₀ and p0 are one name"
    with pytest.raises(EvalError, match=one_name):
        compile_unit(Definition("f", ("p₀", "p0"), Var("p0"), line=2, column=1), "f")
    # places out of order (a body before its λ, a list with none) are narrowed, not refused
    body = ListLit((Const(1, line=1, column=1),), None, line=0, column=0)
    backwards = Lambda(("x",), body, line=3, column=5)
    unit = compile_unit(backwards, "input")
    assert unit.code.co_name == "_value"


def test_python_of_a_long_applied_lambda_keeps_its_brackets_and_returns_the_value() -> None:
    session = Session()
    body = "x . y . " * 8 + "NIL"
    session.reply(f"g s ← {{a s}}[λx.{{d s}}[λy.{body}]]")
    code = session.reply(":python g")
    assert "\n" in code and code.splitlines()[1].lstrip().startswith("return (lambda x:")
    namespace: dict[str, Any] = {}
    exec("from lispy.mexpr.prelude import cons, a, d, NIL\n" + code, namespace)
    expected = read("(" + "1 (2) " * 8 + ")")
    assert namespace["g"](read("(1 2)")) == expected == session.environment.eval("g '(1 2)")
