"""The index of the notes' 47 definitions: each maps to its statement and its transcription, and
no statement of the notes is left out."""

from __future__ import annotations

import ast
import importlib
from collections import Counter

import pytest

from lispy.chapter6.game_trees import INF
from lispy.mexpr.program import PARTS, statements
from lispy.mexpr.syntax import (
    BinOp,
    Call,
    Const,
    Definition,
    If,
    Lambda,
    ListLit,
    MSyntaxError,
    Node,
    Var,
    parse_statement,
)
from lispy.notes.index import ENTRIES, SECTIONS, Entry, by_name
from lispy.sexpr.data import NIL
from tests.test_mexpr import quoted_equations


def test_the_index_covers_every_statement_of_the_notes_once() -> None:
    in_sources = Counter((part, s.name) for part in PARTS for s in statements(part))
    in_index = Counter((e.part, e.name) for e in ENTRIES)
    assert in_index == in_sources
    assert sum(in_sources.values()) == len(ENTRIES) == 47
    assert [e.number for e in ENTRIES] == list(range(1, 48))


def test_sections_follow_the_notes_order() -> None:
    sections = [e.section for e in ENTRIES]
    assert sections == sorted(sections)
    assert set(sections) == set(range(len(SECTIONS)))
    # The notes print allsol (both forms) last in chapter 5, after the bit-word puzzle.
    assert [e.name for e in ENTRIES if SECTIONS[e.section][2] == "All the solutions"] == [
        "allsol", "mapapp", "allsol", "allsola", "allsolb",
    ]  # fmt: skip


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.anchor for e in ENTRIES])
def test_each_entry_finds_its_statement_and_its_python(entry) -> None:
    assert entry.statement().name == entry.name
    assert entry.statement(corrected=False).name == entry.name
    source = entry.python_source()
    node = ast.parse(source.text).body[0]
    defined = node.name if isinstance(node, ast.FunctionDef) else node.targets[0].id  # type: ignore[attr-defined]
    assert defined == entry.transcription.split(":")[1].split(".")[-1]
    assert source.line > 0


def test_anchors_are_unique_and_readable() -> None:
    anchors = [e.anchor for e in ENTRIES]
    assert len(set(anchors)) == 47
    expected = {"search", "allsol-1", "allsol-2", "lose-paths", "lose-insanity", "lose-insanity-words", "p0"}
    assert expected <= set(anchors)
    parts = [e.part for e in by_name("lose")]
    assert parts == ["chapter5_paths", "chapter5_insanity", "chapter5_insanity_words"]


# --- the notes' shape: each transcription names what its statement names, takes the same
# parameters, and is one expression ------------------------------------------------------------

_OPERATORS = {".": "cons", "*": "append", "ε": "member"}
"""The notes' infix operators that the transcriptions write as calls: ``x . u``, ``u * v``, ``x ε u``."""
_MAY_CALL = {"=": "equal", "eq": "eq"}
"""Operators a transcription may write as a call (``equal``) or as Python's own (``==``)."""


def notes_names(node: Node, bound: frozenset[str] = frozenset()) -> tuple[set[str], set[str]]:
    """The free names a statement of the notes uses (its operators as the functions they stand
    for), and the names a transcription may use besides: ``lisp``/``read`` for a parenthesised
    list, ``NIL``, ``LOSE``, ``INF`` for constants, ``equal``/``eq`` for ``=``/``eq``."""
    used: set[str] = set()
    allowed: set[str] = {"max", "min"}

    def walk(x: Node, bound: frozenset[str]) -> None:
        if isinstance(x, Var):
            used.update({x.name} - bound)
        elif isinstance(x, Const):
            value = x.value
            allowed.update({"NIL"} if value is NIL else {"INF"} if value in (INF, -INF) else set())
            allowed.update({value} if isinstance(value, str) else set())
        elif isinstance(x, Lambda):
            walk(x.body, bound | set(x.params))
        elif isinstance(x, ListLit):
            allowed.update({"lisp", "read", "cons"})
        if isinstance(x, BinOp):
            used.update({_OPERATORS[x.op]} if x.op in _OPERATORS else set())
            allowed.update({_MAY_CALL[x.op]} if x.op in _MAY_CALL else set())
        for child in _children(x):
            walk(child, bound)

    walk(node, bound)
    return used, allowed


def _children(x: Node) -> list[Node]:
    if isinstance(x, Call):
        return [x.fn, *x.args]
    if isinstance(x, BinOp):
        return [x.left, x.right]
    if isinstance(x, If):
        return [x.test, x.then, x.orelse]
    if isinstance(x, ListLit):
        return [*x.items, *([x.tail] if x.tail is not None else [])]
    return []


def python_names(node: ast.FunctionDef | ast.Assign) -> set[str]:
    """The free names a transcription uses (``Cons`` counted as ``cons``)."""
    found: set[str] = set()

    def walk(x: ast.AST, bound: frozenset[str]) -> None:
        if isinstance(x, ast.Name) and isinstance(x.ctx, ast.Load) and x.id not in bound:
            found.add("cons" if x.id == "Cons" else x.id)
        inner = bound | {p.arg for p in x.args.args} if isinstance(x, ast.Lambda) else bound
        for child in ast.iter_child_nodes(x):
            walk(child, inner)

    if isinstance(node, ast.FunctionDef):
        for statement in node.body:
            walk(statement, frozenset(p.arg for p in node.args.args))
    else:
        walk(node.value, frozenset())
    return found


def shape_differences(entry: Entry, python_text: str) -> list[str]:
    """How the Python definition ``python_text`` departs from the shape of ``entry``'s statement."""
    statement = entry.statement().parse()
    node = ast.parse(python_text).body[0]
    problems = []
    if isinstance(statement, Definition):
        if not isinstance(node, ast.FunctionDef):
            return [f"{entry.name} is a definition in the notes, an assignment here"]
        params = tuple(p.arg for p in node.args.args)
        if params != statement.params:
            problems.append(f"parameters {params}, the notes' {statement.params}")
        body = node.body[1:] if ast.get_docstring(node) is not None else node.body
        if len(body) != 1 or not isinstance(body[0], ast.Return):
            problems.append("the body is not one expression")
        used, allowed = notes_names(statement.body, frozenset(statement.params))
    else:
        if not isinstance(node, ast.Assign):
            return [f"{entry.name} is an assignment in the notes, a definition here"]
        used, allowed = notes_names(statement.expr)
    names = python_names(node)
    if used - names:
        problems.append(f"does not use {sorted(used - names)}")
    if names - used - allowed:
        problems.append(f"uses {sorted(names - used - allowed)}, which the notes' statement does not")
    return problems


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.anchor for e in ENTRIES])
def test_each_transcription_is_in_the_notes_shape(entry: Entry) -> None:
    assert shape_differences(entry, entry.python_source().text) == []


def test_47_of_47_definitions_are_in_the_notes_shape() -> None:
    in_shape = [e for e in ENTRIES if not shape_differences(e, e.python_source().text)]
    assert len(in_shape) == len(ENTRIES) == 47


def test_the_shape_test_tells_a_loop_from_the_equation() -> None:
    """A loop that computes what ``upto`` computes is not the notes' shape: the test that passes
    the transcriptions fails it, so it can fail."""
    (upto,) = by_name("upto")
    loop = (
        "def upto(u, x):\n    items = []\n    while not eq(x, u):\n        items.append(a(u))\n"
        "        u = d(u)\n    return from_iterable(items)\n"
    )
    assert shape_differences(upto, loop) != []


def test_the_shape_test_tells_a_helper_call_from_the_notes_expression() -> None:
    (puzz3,) = by_name("puzz3")
    assert shape_differences(puzz3, "puzz3 = substitutions(puzz1)") == ["does not use ['mapcar', 'prup']",
        "uses ['substitutions'], which the notes' statement does not"]  # fmt: skip
    (bestmax,) = by_name("bestmax")
    guarded = (
        "def bestmax(u, f):\n    if n(u):\n        raise NoMoveError()\n"
        "    return bestmaxa(d(u), a(u), f(a(u)), f)"
    )
    assert shape_differences(bestmax, guarded) == [
        "the body is not one expression", "uses ['NoMoveError', 'n'], which the notes' statement does not",
    ]  # fmt: skip


def test_the_notes_second_allsol_and_maxlis_keep_their_names() -> None:
    """The notes define ``allsol`` and ``maxlis`` twice; the second occurrences are
    ``allsol_efficient`` and ``maxlis_iterative`` (ERRATA E5, E15), in this index and no other."""
    second = {
        e.name: e.transcription.rsplit(".", 1)[-1].rsplit(":", 1)[-1] for e in ENTRIES if e.occurrence == 2
    }
    assert second == {"allsol": "allsol_efficient", "maxlis": "maxlis_iterative"}
    assert [e.statement().text for e in by_name("allsol")] == [
        "allsol p ← if lose p then NIL else if ter p then (p) else mapapp[successors p,allsol]",
        "allsol p ← allsola[p,NIL]",
    ]
    assert [e.statement().text for e in by_name("maxlis")][1] == "maxlis[u,f] ← maxlisa[u,-∞,f]"


def _quoting_docstrings(entry: Entry) -> str:
    """The docstrings a reader of ``entry``'s transcription sees: its own, its binder's, its module's."""
    module_name, path = entry.transcription.split(":")
    module = importlib.import_module(module_name)
    outer = getattr(module, path.split(".")[0])
    own = outer.__doc__ if callable(outer) else ""
    return f"{own or ''}\n{module.__doc__ or ''}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.anchor for e in ENTRIES])
def test_each_transcription_quotes_its_statement(entry: Entry) -> None:
    wanted = entry.statement().parse()
    text = _quoting_docstrings(entry)
    assigned = [
        line.strip(" ,.") for line in text.splitlines() if line.strip().startswith(f"{entry.name} = ")
    ]
    quoted = []
    for equation in quoted_equations(text) + assigned:  # p₀ = (NIL NIL NIL NIL) is written with =
        try:
            quoted.append(parse_statement(equation))
        except MSyntaxError:
            continue
    assert wanted in quoted
