"""Each transcription is the notes' definition: for each of the 47, the Python that the definition
compiles to and the hand transcription are the same syntax tree up to the documented rewrites
(lispy.notes.correspondence), and the comparison does see a difference where there is one.
The summary line "structurally equal: x/47" counts the first test's passes."""

from __future__ import annotations

import ast
import copy

import pytest

from lispy.mexpr.prelude import NOTATION
from lispy.mexpr.syntax import MSyntaxError
from lispy.notes.correspondence import compare, normal_form, normal_transcription, transcribed_tree
from lispy.notes.index import ENTRIES, Entry, by_name

IDS = [e.anchor for e in ENTRIES]


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_each_definition_compiles_to_its_transcription(entry: Entry) -> None:
    c = compare(entry)
    assert c.compiled == c.transcribed, f"\ncompiled:    {c.compiled}\ntranscribed: {c.transcribed}"


# --- the comparison is not vacuous ---------------------------------------------------------

PRINTED_ERRATA = {
    # the printed form differs from the transcription by its erratum (ERRATA.md)
    "mapapp": "E1, E2: . for *, mappap for mapapp",
    "puzz4": "E4: sublis[s,puzz3] for sublis[s,puzz2]",
    "movemax": "E10: succesors",
    "movemin": "E10: succesors",
    "bestmaxa": "E11: bestsofar",
    "bestmina": "E11: bestsofar",
    "maxval2": "E12: no case for the empty list",
}


@pytest.mark.parametrize("name", sorted(PRINTED_ERRATA))
def test_the_printed_form_with_an_erratum_is_not_the_transcription(name: str) -> None:
    (entry,) = by_name(name)
    printed = compare(entry, corrected=False)
    assert printed.compiled != printed.transcribed, PRINTED_ERRATA[name]
    assert compare(entry).equal


@pytest.mark.parametrize(("name", "erratum"), [("puzz2", "E3"), ("minval2", "E21")])
def test_the_printed_forms_that_do_not_read(name: str, erratum: str) -> None:
    (entry,) = by_name(name)
    with pytest.raises(MSyntaxError):
        compare(entry, corrected=False)


def _mutations(tree: ast.stmt) -> list[ast.stmt]:
    """``tree`` changed in one place each: each name or constant of the value it returns or assigns."""

    def value(t: ast.stmt) -> ast.AST:
        return t.body[-1] if isinstance(t, ast.FunctionDef) else t.value  # type: ignore[attr-defined]

    found = []
    for i, node in enumerate(ast.walk(value(tree))):
        if isinstance(node, (ast.Name, ast.Constant)):
            mutated = copy.deepcopy(tree)
            target = list(ast.walk(value(mutated)))[i]
            if isinstance(target, ast.Name):
                target.id = f"{target.id}_changed"
            else:
                target.value = "CHANGED" if isinstance(target.value, str) else target.value + 1  # type: ignore[operator]
            found.append(mutated)
    return found


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_a_change_anywhere_in_a_transcription_is_seen(entry: Entry) -> None:
    compiled = compare(entry).compiled
    mutations = _mutations(transcribed_tree(entry))
    assert mutations
    for mutated in mutations:
        assert normal_transcription(entry, mutated) != compiled, ast.unparse(mutated)


NOT_THE_NOTES_SHAPE = {
    "upto": "def upto(u, x):\n    items = []\n    while not eq(x, u):\n        items.append(a(u))\n"
    "        u = d(u)\n    return from_iterable(items)\n",  # a loop that computes the same
    "puzz3": "puzz3 = substitutions(puzz1)",  # a step the notes write in place (no such helper here)
    "bestmax": "def bestmax(u, f):\n    if n(u):\n        raise NoMoveError()\n"
    "    return bestmaxa(d(u), a(u), f(a(u)), f)",  # a guard
}
"""Forms that compute what the notes' definition computes, or would, in another shape than the notes'."""


@pytest.mark.parametrize("name", NOT_THE_NOTES_SHAPE)
def test_a_form_in_another_shape_is_seen(name: str) -> None:
    """The check that passes the transcriptions fails each of these, so it can fail."""
    (entry,) = by_name(name)
    tree = ast.parse(NOT_THE_NOTES_SHAPE[name]).body[0]
    assert normal_transcription(entry, tree) != compare(entry).compiled


def test_an_assignment_the_module_does_not_hold_is_compared_as_written() -> None:
    (puzz3,) = by_name("puzz3")
    named = ast.parse(NOT_THE_NOTES_SHAPE["puzz3"]).body[0]
    assert normal_transcription(puzz3, named) == "puzz3 = substitutions(puzz1)"


# --- the rewrites, one by one --------------------------------------------------------------


def _normal(text: str, constants: dict | None = None) -> str:
    tree = ast.parse(text).body[0]
    return ast.unparse(normal_form(tree, "f", {**NOTATION, **(constants or {})}, {}))


@pytest.mark.parametrize(
    ("compiled", "transcribed"),
    [
        ("def f(p): return 'LOSE' if truth(lose(p)) else p",
         "def f(p: Any) -> Any:\n  'doc'\n  return LOSE if lose(p) else p"),
        ("def f(x, u): return cons(x, u)", "def f(x, u): return Cons(x, u)"),
        ("def f(x): return x == 'R'", "def f(x): return equal(x, 'R')"),
        ("def f(p, x): return and_(a(p), x) == 0", "def f(p, x): return (a(p) & x) == 0"),
        ("def f(p, x): return or_else(a(p), lambda: g(x))", "def f(p, x): return a(p) | g(x)"),
        ("def f(u): return -INF", "def f(u): return -math_inf"),
        ("f = read('(1 2 3)')", "f = FACES"),
        ("def f(x): return g(x)", "f = lambda x: g(x)"),
    ],
)  # fmt: skip
def test_each_rewrite_equates_what_it_says(compiled: str, transcribed: str) -> None:
    from lispy.sexpr.data import read

    constants = {"LOSE": "LOSE", "FACES": read("(1 2 3)")}
    transcribed = transcribed.replace("math_inf", "INF")
    assert _normal(compiled) == _normal(transcribed, constants)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("def f(x, y): return x == y", "def f(x, y): return eq(x, y)"),
        ("def f(u): return g(u)", "def f(u):\n  if n(u):\n    raise NoMoveError('none')\n  return g(u)"),
        ("def f(p): return lose(p)", "def f(p): return not lose(p)"),
        ("def f(p, x): return and_(a(p), x)", "def f(p, x): return a(p) | x"),
        ("def f(u, v): return append(u, v)", "def f(u, v): return cons(u, v)"),
        ("f = read('(1 2 3)')", "f = read('(1 2 3 4)')"),
        ("def f(u): return g(u)", "def f(u):\n  if n(u):\n    return NIL\n  return g(u)"),
    ],
)
def test_the_rewrites_equate_nothing_else(one: str, other: str) -> None:
    assert _normal(one) != _normal(other)
