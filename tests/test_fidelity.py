"""47 of 47: each of the notes' definitions, run by lispy.mexpr as the notes write it (corrected as
ERRATA.md says), gives the same values as its Python transcription on random inputs.

One test per definition, in the notes' order, over lispy.notes.index: random puzzles (random
colourings of four blocks, and towers built to be solvable) for Instant Insanity's assignments
and its ``lose``, ``ter`` and ``successors`` in both representations; random graphs for the
paths; random lists, colours and game trees for the rest.  The assignments are checked by
evaluating the transcription's own assignment statement (found with ``ast``) with the name it
depends on bound to the random value, beside the notes' assignment evaluated the same way.
Three assignments take no input, ``p₀``, ``puzz1`` and ``puzz2``: they are compared by value.
Each check gives the two sides of one input, and the one agreement runner of lispy
(:func:`lispy.counting.agree`, which the edition's proof column and the claims' checks use too)
compares and tallies them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lispy import NIL, from_iterable, from_python, lisp
from lispy.chapter5 import insanity, insanity_words
from lispy.chapter5.paths import path_search
from lispy.chapter6.sexp_games import imval, successors, ter, tree
from lispy.counting import Agreement, agree
from lispy.mexpr.environment import Environment
from lispy.mexpr.program import notes, statements
from lispy.notes.index import ENTRIES, Entry, python_source, resolve
from lispy.sexpr.lists import cons, length
from tests.strategies import game_trees, graphs, small_lists, towers, windows, word_towers

COLOURS = "RWGB"
NO_INPUT = {"p0", "puzz1", "puzz2"}
"""The assignments that take no input: compared by value, not on random inputs."""


# --- the notes, loaded once; each example starts from a copy of the loaded environment ----------

LISTS = notes("chapter5_search", "chapter5_insanity")
WORDS = notes("chapter5_search", "chapter5_insanity", "chapter5_insanity_words")
PATHS = notes("chapter5_search", "chapter5_paths")
GAMES = notes("chapter6_game_trees", successors=successors, ter=ter, imval=imval)
BASE = {id(m): m.snapshot() for m in (LISTS, WORDS, PATHS, GAMES)}


def fresh(m: Environment, entry: Entry, **bindings: Any) -> Environment:
    """``m`` as loaded, with ``bindings``, and with ``entry``'s own statement defined last (the
    notes define ``allsol`` and ``maxlis`` twice: this makes the one under test the one in force)."""
    m.restore(BASE[id(m)])
    m.bind(**bindings)
    m.define(entry.statement().parse())
    return m


def assignment(part: str, name: str) -> Any:
    (found,) = [s.parse() for s in statements(part) if s.name == name]
    return found


def with_blocks(m: Environment, blocks: Any) -> Environment:
    """The notes' assignments after ``puzz1`` evaluated again, on the blocks ``blocks``."""
    m.bind(puzz1=blocks)
    for name in ("puzz3", "puzz4", "puzz"):
        m.define(assignment("chapter5_insanity", name))
    if "puzza" in m:
        m.define(assignment("chapter5_insanity_words", "puzza"))
    return m


def python_assignment(place: str, **bindings: Any) -> Any:
    """The value of the transcription's assignment statement at ``place``, its names bound as
    in its module but for ``bindings``."""
    module_name = place.split(":")[0]
    statement = ast.parse(python_source(place).text).body[0]
    assert isinstance(statement, ast.Assign)
    namespace = {**vars(importlib.import_module(module_name)), **bindings}
    return eval(compile(ast.Expression(statement.value), place, "eval"), namespace)


def python_puzzles(blocks: Any) -> dict[str, Any]:
    """``puzz3``, ``puzz4``, ``puzz``, ``puzza`` of ``blocks`` by the transcriptions' own assignments."""
    values = {"puzz1": blocks}
    values["puzz3"] = python_assignment("lispy.chapter5.insanity:puzz3", puzz1=blocks)
    values["puzz4"] = python_assignment("lispy.chapter5.insanity:puzz4", puzz3=values["puzz3"])
    values["puzz"] = python_assignment("lispy.chapter5.insanity:puzz", puzz4=values["puzz4"])
    values["puzza"] = python_assignment("lispy.chapter5.insanity_words:puzza", puzz=values["puzz"])
    return values


# --- random inputs -------------------------------------------------------------------------------

random_blocks = st.lists(st.lists(st.sampled_from(COLOURS), min_size=6, max_size=6), min_size=4, max_size=4)


@st.composite
def solvable_blocks(draw: st.DrawFn) -> list[list[str]]:
    """Four blocks built around a tower: each face a permutation of the four colours."""
    faces = [draw(st.permutations(COLOURS)) for _ in range(4)]
    ends = draw(st.lists(st.sampled_from(COLOURS), min_size=8, max_size=8))
    return [[ends[2 * k], *(face[k] for face in faces), ends[2 * k + 1]] for k in range(4)]


puzzles = st.one_of(random_blocks, solvable_blocks()).map(from_python)
"""``puzz1`` of a random puzzle: random colourings, or colourings around a solved tower."""


def paths_in(vertices: int = 6) -> st.SearchStrategy[Any]:
    return st.lists(st.sampled_from([f"V{i}" for i in range(vertices)]), min_size=1, max_size=5).map(
        from_iterable
    )


numbers = st.lists(st.integers(-9, 9), max_size=8).map(from_iterable)
FUNCTIONS: list[Callable[[Any], Any]] = [lambda x: x, lambda x: -x, lambda x: x * x - 3 * x]


# --- the checks, one per definition (by the index's anchor) --------------------------------------

Sides = tuple[Callable[[], Any], ...]
"""What a check gives for one random input: the notes' computation, then the transcription's (and, for
an assignment without input, its value read a second way), for the one agreement runner to compare."""


def search_application(data: st.DataObject, entry: Entry) -> tuple[Environment, Any, Any]:
    """A random application for chapter 5's search: paths in a random graph, or a random puzzle
    in one of the two representations.  Returns the notes, the transcription bound, the start."""
    kind = data.draw(st.sampled_from(["paths", "lists", "words"]))
    if kind == "paths":
        graph, final = data.draw(graphs)
        return fresh(PATHS, entry, graph=graph, final=final), path_search(graph, final), lisp("V0")
    blocks = data.draw(puzzles)
    python = python_puzzles(blocks)
    if kind == "lists":
        m = with_blocks(fresh(LISTS, entry), blocks)
        return m, insanity.tower_search(python["puzz"]), insanity.p0
    m = with_blocks(fresh(WORDS, entry), blocks)
    return m, insanity_words.word_tower_search(python["puzza"]), insanity_words.p0


def check_search(data: st.DataObject, entry: Entry) -> Sides:
    m, python, start = search_application(data, entry)
    name = entry.transcription.rsplit(".", 1)[1]
    bound = getattr(python, name)
    if name in ("search", "allsol", "allsol_efficient"):
        return lambda: m.call(entry.name, start), lambda: bound(start)
    elif name == "searchlis":
        return lambda: m.call("searchlis", python.successors(start)), lambda: bound(python.successors(start))
    elif name == "allsola":
        found = data.draw(small_lists)
        return lambda: m.call("allsola", start, found), lambda: bound(start, found)
    else:
        found = data.draw(small_lists)
        return (
            lambda: m.call("allsolb", python.successors(start), found),
            lambda: bound(python.successors(start), found),
        )


def check_paths(data: st.DataObject, entry: Entry) -> Sides:
    graph, final = data.draw(graphs)
    m = fresh(PATHS, entry, graph=graph, final=final)
    p = data.draw(paths_in())
    return lambda: m.call(entry.name, p), lambda: getattr(path_search(graph, final), entry.name)(p)


def check_tower(data: st.DataObject, entry: Entry) -> Sides:
    blocks = data.draw(puzzles)
    python = python_puzzles(blocks)
    if entry.part == "chapter5_insanity":
        m, bound, p = with_blocks(fresh(LISTS, entry), blocks), insanity.tower_search(python["puzz"]), None
        p = data.draw(st.one_of(towers, st.sampled_from(list(bound.successors(insanity.p0)))))
    else:
        m, bound = with_blocks(fresh(WORDS, entry), blocks), insanity_words.word_tower_search(python["puzza"])
        p = data.draw(
            st.one_of(word_towers, st.sampled_from([*bound.successors(insanity_words.p0), lisp(0)]))
        )
    return lambda: m.call(entry.name, p), lambda: getattr(bound, entry.name)(p)


def check_assigned(data: st.DataObject, entry: Entry) -> Sides:
    blocks = data.draw(puzzles)
    m = with_blocks(fresh(WORDS, entry), blocks)
    return lambda: m[entry.name], lambda: python_puzzles(blocks)[entry.name]


def check_constant(data: st.DataObject, entry: Entry) -> Sides:
    m = fresh(WORDS, entry)
    value = python_assignment(entry.transcription)
    return lambda: m[entry.name], lambda: value, lambda: resolve(entry.transcription)


def check_list_function(data: st.DataObject, entry: Entry) -> Sides:
    m, f = fresh(LISTS, entry), resolve(entry.transcription)
    u = data.draw(small_lists)
    if entry.name == "mapcar2":
        v = data.draw(small_lists)
        return lambda: m.call("mapcar2", u, v, m.eval("λyz.z.y")), lambda: f(u, v, lambda y, z: cons(z, y))
    elif entry.name == "upto":
        tails = [u] if u is NIL else [u, u.cdr, NIL]
        x = data.draw(st.sampled_from(tails))
        return lambda: m.call("upto", u, x), lambda: f(u, x)
    elif entry.name == "cycles":
        return lambda: m.call("cycles", u), lambda: f(u)
    elif entry.name == "mapchoose":
        pick = data.draw(st.sampled_from(["A", 1, NIL]))
        chosen = lambda x: x == pick  # noqa: E731
        return lambda: m.call("mapchoose", u, chosen, lisp), lambda: f(u, chosen, lisp)
    else:  # mapapp
        return lambda: m.call("mapapp", u, lambda x: lisp(x, x)), lambda: f(u, lambda x: lisp(x, x))


def check_words(data: st.DataObject, entry: Entry) -> Sides:
    m, f = fresh(WORDS, entry), resolve(entry.transcription)
    if entry.name == "zap":
        v = data.draw(st.lists(st.sampled_from([*COLOURS, "Y"]), max_size=6).map(from_iterable))
    else:
        v = data.draw(st.sampled_from([*COLOURS, "Y", NIL]))
    return lambda: m.call(entry.name, v), lambda: f(v)


def check_lists_of_values(data: st.DataObject, entry: Entry) -> Sides:
    m, python = fresh(GAMES, entry), resolve(entry.transcription)
    u, f = data.draw(numbers), data.draw(st.sampled_from(FUNCTIONS))
    if entry.name == "maxlisa":
        x = data.draw(st.integers(-20, 20) | st.just(-math.inf))
        return lambda: m.call("maxlisa", u, x, f), lambda: python(u, x, f)
    elif entry.name in ("bestmaxa", "bestmina"):
        sofar, value = data.draw(st.integers(-9, 9)), data.draw(st.integers(-30, 30))
        return lambda: m.call(entry.name, u, sofar, value, f), lambda: python(u, sofar, value, f)
    elif entry.name in ("bestmax", "bestmin"):  # NIL included: both value a NIL = NIL (E13)
        g = lambda x: 0 if x is NIL else f(x)  # noqa: E731
        return lambda: m.call(entry.name, u, g), lambda: python(u, g)
    else:
        return lambda: m.call(entry.name, u, f), lambda: python(u, f)


def check_game(data: st.DataObject, entry: Entry) -> Sides:
    m = fresh(GAMES, entry)
    python = getattr(tree, entry.transcription.rsplit(".", 1)[1])
    if entry.name in ("maxval1", "minval1"):
        p, (alpha, beta) = data.draw(game_trees(3)), data.draw(windows)
        return lambda: m.call(entry.name, p, alpha, beta), lambda: python(p, alpha, beta)
    elif entry.name in ("maxval2", "minval2"):
        u, (alpha, beta) = (
            data.draw(st.lists(game_trees(2), max_size=3).map(from_iterable)),
            data.draw(windows),
        )
        return lambda: m.call(entry.name, u, alpha, beta), lambda: python(u, alpha, beta)
    elif entry.name in ("movemax", "movemin"):  # a move of a position, NIL (no moves) included (E13)
        p = data.draw(st.lists(game_trees(2), max_size=3).map(from_iterable))
        return lambda: m.call(entry.name, p), lambda: python(p)
    else:
        p = data.draw(game_trees(3))
        return lambda: m.call(entry.name, p), lambda: python(p)


CHECKS: dict[str, Callable[[st.DataObject, Entry], Sides]] = {
    "search": check_search, "searchlis": check_search, "allsol-1": check_search, "allsol-2": check_search,
    "allsola": check_search, "allsolb": check_search,
    "lose-paths": check_paths, "ter-paths": check_paths, "successors-paths": check_paths,
    "p0": check_constant, "puzz1": check_constant, "puzz2": check_constant,
    "lose-insanity": check_tower, "ter-insanity": check_tower, "successors-insanity": check_tower,
    "lose-insanity-words": check_tower, "ter-insanity-words": check_tower,
    "successors-insanity-words": check_tower,
    "puzz3": check_assigned, "puzz4": check_assigned, "puzz": check_assigned, "puzza": check_assigned,
    "mapcar2": check_list_function, "cycles": check_list_function, "upto": check_list_function,
    "mapchoose": check_list_function, "mapapp": check_list_function,
    "zap": check_words, "poo": check_words,
    "maxlis-1": check_lists_of_values, "minlis": check_lists_of_values, "maxlis-2": check_lists_of_values,
    "maxlisa": check_lists_of_values, "bestmax": check_lists_of_values, "bestmaxa": check_lists_of_values,
    "bestmin": check_lists_of_values, "bestmina": check_lists_of_values,
    **{name: check_game for name in (
        "valmax", "valmin", "movemax", "movemin",
        "maxval", "maxval1", "maxval2", "minval", "minval1", "minval2",
    )},
}  # fmt: skip


@settings(max_examples=30, deadline=None)
@pytest.mark.parametrize("entry", ENTRIES, ids=[e.anchor for e in ENTRIES])
@given(data=st.data())
def test_the_notes_and_the_transcription_agree(entry: Entry, data: st.DataObject) -> None:
    """Each random input run by the one agreement runner (:func:`lispy.counting.agree`, as the edition's
    proof column runs its own): the transcription gives what the notes give, and neither raises."""
    notes_side, *python_sides = CHECKS[entry.anchor](data, entry)
    found = agree([entry.anchor], lambda _: notes_side(), *[lambda _, f=f: f() for f in python_sides])
    assert found == [Agreement(tried=1, agreed=1)] * len(python_sides) and python_sides, found


def test_47_of_47_definitions_are_checked_against_the_notes() -> None:
    assert set(CHECKS) == {e.anchor for e in ENTRIES} and len(CHECKS) == 47
    on_random_inputs = [a for a, check in CHECKS.items() if check is not check_constant]
    assert sorted(set(CHECKS) - set(on_random_inputs)) == sorted(NO_INPUT)
    assert len(on_random_inputs) == 44


def test_the_random_puzzles_include_solvable_and_unsolvable_ones() -> None:
    """The harness is not vacuous: the kinds of puzzle it draws reach both answers of ``search``."""
    around_a_tower = [["R", "R", "W", "G", "B", "R"], ["W", "W", "G", "B", "R", "W"],
                      ["G", "G", "B", "R", "W", "G"], ["B", "B", "R", "W", "G", "B"]]  # fmt: skip
    solved = insanity.tower_search(python_puzzles(from_python(around_a_tower))["puzz"])
    assert length(solved.allsol(insanity.p0)) >= 1
    one_colour = from_python([["R"] * 6] * 4)
    assert insanity.tower_search(python_puzzles(one_colour)["puzz"]).search(insanity.p0) == "LOSE"


# --- the bound transcriptions say what they are (help(tower.search)) ---------------------------

_BOUND = {
    "lispy.chapter5.tree_search:tree_search": lambda: insanity.tower,
    "lispy.chapter5.paths:path_search": lambda: path_search(from_python([["A", "B"]]), "B"),
    "lispy.chapter5.insanity:tower_search": lambda: insanity.tower,
    "lispy.chapter5.insanity_words:word_tower_search": lambda: insanity_words.tower,
    "lispy.chapter6.game_trees:game_tree_search": lambda: tree,
}
NESTED = [e for e in ENTRIES if "." in e.transcription.split(":")[1]]


def test_25_transcriptions_are_bound_by_an_application() -> None:
    assert len(NESTED) == 25


@pytest.mark.parametrize("entry", NESTED, ids=[e.anchor for e in NESTED])
def test_each_bound_transcription_quotes_its_definition_and_its_source(entry: Any) -> None:
    name = entry.transcription.rsplit(".", 1)[1]
    place = entry.transcription.rsplit(".", 1)[0]
    fn = getattr(_BOUND[place](), name)
    doc = fn.__doc__ or ""
    assert "".join(entry.statement(corrected=True).text.split()) in "".join(doc.split()), doc
    assert "FOO.XGP[206,JMC] line " in doc


def _docstring(entry: Entry) -> str:
    """The docstring of the entry's transcription: its function's, or the string after its assignment."""
    source = entry.python_source()
    body = ast.parse(inspect.getsource(importlib.import_module(source.module))).body
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.FunctionDef) and node.lineno == source.line:
            return ast.get_docstring(node) or ""
    at = next(i for i, n in enumerate(body) if n.lineno == source.line)
    after = body[at + 1]
    assert isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant), entry.anchor
    return str(after.value.value)


def test_every_transcription_cites_its_line_of_the_notes_in_the_notes_order() -> None:
    lines = []
    for entry in ENTRIES:
        cited = re.findall(r"FOO\.XGP\[206,JMC\] line (\d+)", _docstring(entry))
        assert cited, f"{entry.anchor}: no FOO.XGP[206,JMC] line in its docstring"
        lines.append(int(cited[0]))
    assert lines == sorted(lines) and len(set(lines)) == 47, lines  # the 47 stand in the notes' order
