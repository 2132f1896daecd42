"""ERRATA.md, shown: each printed form that cannot run, run from ``lispy/notes/*.m`` as printed (by
:mod:`lispy.mexpr`), and seen to fail as described."""

from __future__ import annotations

import pytest

from lispy import (
    LOSE,
    NIL,
    ReadError,
    RecursionTooDeep,
    a,
    cons,
    d,
    equal,
    length,
    lisp,
    nth,
    read,
    run_deep,
    upto,
)
from lispy.chapter5 import insanity
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5.paths import path_search
from lispy.chapter6 import sexp_games
from lispy.chapter6.game_trees import bestmax, bestmaxa, bestmin, bestmina
from lispy.chapter6.improvements import NoMoveError, bestmax_once, bestmin_once
from lispy.chapter6.sexp_games import tree
from lispy.chapter6.watch import Watch
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.program import definition, notes, read_source
from lispy.mexpr.syntax import BinOp, Call, Definition, If, Lambda, ListLit, Node, Var


def printed(part: str, name: str) -> str:
    """The text of ``name``'s statement in ``lispy/notes/<part>.m``, as the notes print it."""
    (statement,) = [s for s in read_source(part) if s.name == name]
    return statement.text


def allsol_with_printed_mapapp(m: Environment, spelt_right: bool) -> Environment:
    """``m`` with the notes' first ``allsol`` and the printed ``mapapp`` (``mappap`` spelt ``mapapp``,
    if ``spelt_right``: E2 corrected, E1 not)."""
    m.define(definition("chapter5_search", "allsol", 1))
    text = printed("chapter5_search", "mapapp")
    m.run(text.replace("mappap", "mapapp") if spelt_right else text)
    return m


def test_e1_mapapp_with_cons_nests_the_solutions() -> None:
    tower = allsol_with_printed_mapapp(notes("chapter5_search", "chapter5_insanity"), spelt_right=True)
    nested = tower.call("allsol", lists_rep.p0)
    solutions = lists_rep.allsol(lists_rep.p0)
    assert length(solutions) == 3 and all(length(s) == 4 for s in solutions)  # towers of 4 faces
    assert length(nested) == 3  # one entry per orientation of block 1, not per solution
    assert not any(equal(entry, s) for entry in nested for s in solutions)
    # On the graph example: ((paths via B) (paths via C)) instead of a list of paths.
    small = read("((A B C) (B D) (C D) (D))")
    paths = notes("chapter5_search", "chapter5_paths", graph=small, final="D")
    graph = allsol_with_printed_mapapp(paths, spelt_right=True)
    assert graph.call("allsol", lisp("A")) == read("((((D B A))) (((D C A))))")
    assert path_search(small, "D").allsol(lisp("A")) == read("((D B A) (D C A))")


def test_e2_mappap_is_not_defined() -> None:
    m = allsol_with_printed_mapapp(notes("chapter5_search", "chapter5_insanity"), spelt_right=False)
    with pytest.raises(EvalError, match=r"in mapapp, .*: undefined name mappap"):
        m.call("allsol", lists_rep.p0)


def test_e3_puzz2_as_printed_has_an_unclosed_parenthesis() -> None:
    second = printed("chapter5_insanity", "puzz2").split("cycles[")[2].split("]")[0]
    assert second == "((2 5 4 3)"
    with pytest.raises(ReadError, match="never closed"):
        read(second)
    assert read(second[1:]) == read("(2 5 4 3)")


def test_e4_puzz4_as_printed_loses_the_orientations_and_the_solution() -> None:
    m = notes("chapter5_insanity", printed={"puzz4"})
    wrong = m["puzz4"]
    assert [length(block) for block in wrong] == [4, 4, 4, 4]  # not 24 orientations each
    assert [length(block) for block in lists_rep.puzz4] == [24, 24, 24, 24]
    wrong_puzz = cons(lisp(*(a(nth(a(wrong), k)) for k in (1, 9, 17))), d(wrong))  # puzz's expression
    assert m["puzz"] == wrong_puzz and a(m["puzz"]).cdr == lisp(NIL, NIL)  # orientations 9 and 17: NIL
    assert lists_rep.tower_search(wrong_puzz).search(lists_rep.p0) == LOSE  # silently no tower
    assert lists_rep.search(lists_rep.p0) != LOSE


def test_e5_both_allsol_forms_exist_under_two_names() -> None:
    assert length(lists_rep.allsol(lists_rep.p0)) == length(lists_rep.allsol_efficient(lists_rep.p0)) == 3


def test_e9_upto_past_the_end_recurses_until_the_recursion_limit() -> None:
    u = read("(1 2 3)")
    with pytest.raises(RecursionError, match="maximum recursion depth"):
        insanity.upto(u, read("(2 3)"))  # equal to a tail of u, but not eq to one
    with pytest.raises(RecursionTooDeep, match="recursion too deep in upto"):
        run_deep(upto, u, read("(2 3)"))
    assert upto is insanity.upto


# --- chapter 6 ---------------------------------------------------------------------------


SMALL = read("((3 12 8) (2 4 6) (14 5 2))")
GAMES = {"successors": sexp_games.successors, "ter": sexp_games.ter, "imval": sexp_games.imval}


def test_e10_succesors_is_not_defined() -> None:
    m = notes("chapter6_game_trees", printed={"movemax", "movemin"}, **GAMES)
    for name in ("movemax", "movemin"):
        with pytest.raises(EvalError, match=rf"in {name}, .*: undefined name succesors"):
            m.call(name, SMALL)
    assert tree.movemax(SMALL) == read("(3 12 8)") and tree.movemin(SMALL) == read("(2 4 6)")


def test_e10_the_notes_movemin_as_printed_calls_succesors_too() -> None:
    m = notes("chapter6_game_trees", printed={"movemin"}, **GAMES)
    assert m.call("movemax", SMALL) == read("(3 12 8)")  # corrected
    with pytest.raises(EvalError, match=r"in movemin, .*: undefined name succesors"):
        m.call("movemin", SMALL)


def test_e11_bestmaxa_names_bestsofar_which_is_not_a_parameter() -> None:
    m = notes("chapter6_game_trees", printed={"bestmaxa", "bestmina"}, **GAMES)
    for name in ("bestmaxa", "bestmina"):
        with pytest.raises(EvalError, match=rf"in {name}, .*: undefined name bestsofar"):
            m.call(name, read("(1 2)"), 0, 0, abs)
    assert bestmaxa(read("(1 2)"), 0, 0, abs) == 2 and bestmina(read("(1 2)"), 0, 0, abs) == 0
    assert bestmina(read("(1 -2)"), 9, 5, abs) == 1


def test_e11_the_notes_bestmina_as_printed_uses_bestsofar_too() -> None:
    m = notes("chapter6_game_trees", printed={"bestmina"}, **GAMES)
    assert m.call("movemax", SMALL) == read("(3 12 8)")
    with pytest.raises(EvalError, match=r"in bestmina, .*: undefined name bestsofar"):
        m.call("movemin", SMALL)


def test_e12_maxval2_without_a_case_for_nil_runs_away() -> None:
    m = notes("chapter6_game_trees", printed={"maxval2"}, **GAMES)
    m.run(printed("chapter6_game_trees", "minval2") + "]")  # as printed, but for E21's missing bracket
    with pytest.raises(EvalError, match="runaway recursion"):
        m.call("maxval", SMALL)  # the first move's replies run out with no cutoff: a NIL is searched
    with pytest.raises(EvalError, match="runaway recursion"):
        m.call("minval", read("((2 5) (9 4 7))"))
    assert tree.maxval(SMALL) == 3 and tree.minval(read("((2 5) (9 4 7))")) == 5


def test_e13_a_position_without_moves_gives_nil_in_the_notes_and_in_the_transcription() -> None:
    # bestmax[NIL,f] = bestmaxa[NIL,NIL,f[NIL],f] = NIL: the notes never ask it (a precondition),
    # and the transcription, without a guard, agrees with the notes' own definition run as printed.
    m = notes("chapter6_game_trees", **GAMES)
    no_moves = read("()")
    for name in ("movemax", "movemin"):
        assert m.call(name, no_moves) is NIL
        assert getattr(tree, name)(no_moves) is NIL
    assert m.call("bestmax", NIL, m.eval("λx.x")) is bestmax(NIL, lambda x: x) is NIL
    assert m.call("bestmin", NIL, m.eval("λx.x")) is bestmin(NIL, lambda x: x) is NIL
    # the corrections file adds no guard: bestmax and bestmin are printed and corrected alike
    corrected = {s.name for s in read_source("chapter6_game_trees", corrections=True)}
    assert not {"bestmax", "bestmin"} & corrected
    # the improved forms beside them check the precondition
    with pytest.raises(NoMoveError, match="no element to choose"):
        bestmax_once(no_moves, tree.valmin)
    with pytest.raises(NoMoveError, match="no element to choose"):
        bestmin_once(no_moves, tree.valmax)


def test_e14_bestmaxa_as_printed_values_a_new_best_twice() -> None:
    ascending = read("((1 2) (3 4) (5 6) (7 8))")
    twice, once = Watch(*tree[:3]), Watch(*tree[:3])
    chosen = bestmax(twice.search.successors(twice.root(ascending)), twice.search.valmin)
    chosen_once = bestmax_once(once.search.successors(once.root(ascending)), once.search.valmin)
    assert chosen.position == chosen_once.position == read("(7 8)")
    assert (len(twice.evaluated), len(once.evaluated)) == (14, 8)


OPERATORS = {".": "cons", "*": "append", "ε": "member"}
"""The notes' infix operators that stand for functions: ``x . u``, ``u * v``, ``x ε u``."""


def free_names(node: Node, bound: frozenset[str] = frozenset()) -> set[str]:
    """The names a statement of the notes uses without binding them, its operators as the functions
    they stand for."""
    if isinstance(node, Var):
        return {node.name} - bound
    if isinstance(node, Lambda):
        return free_names(node.body, bound | set(node.params))
    children: list[Node] = (
        [node.fn, *node.args] if isinstance(node, Call)
        else [node.left, node.right] if isinstance(node, BinOp)
        else [node.test, node.then, node.orelse] if isinstance(node, If)
        else [*node.items, *([node.tail] if node.tail is not None else [])] if isinstance(node, ListLit)
        else []
    )  # fmt: skip
    used = {OPERATORS[node.op]} if isinstance(node, BinOp) and node.op in OPERATORS else set()
    return used.union(*(free_names(child, bound) for child in children))


def test_e7_lists_every_name_the_chapters_use_without_defining_it() -> None:
    """Every free name of the notes' statements (operators as the functions they stand for) is in
    E7's table, with its source: the list cannot silently fall behind the notes."""
    from pathlib import Path

    from lispy.notes.index import ENTRIES

    errata = (Path(__file__).resolve().parent.parent / "ERRATA.md").read_text(encoding="utf-8")
    e7 = errata.split("### E7.")[1].split("### E8.")[0]
    defined = {e.name for e in ENTRIES}
    free: set[str] = set()
    for entry in ENTRIES:
        s = entry.statement().parse()
        used = free_names(s.body, frozenset(s.params)) if isinstance(s, Definition) else free_names(s.expr)
        free |= used - defined
    spelt = {"cons": "x . u", "append": "u * v", "member": "x ε u"}
    missing = [name for name in sorted(free) if f"`{spelt.get(name, name)}`" not in e7]
    assert missing == [] and len(free) == 19


def typeset_notes() -> str:
    """FOO.XGP[206,JMC], the archive's typeset file of both chapters, if a copy is at hand
    (``shared/notes/sources`` beside the repository or above it); the test skips otherwise."""
    from pathlib import Path

    here = Path(__file__).resolve().parent.parent
    for folder in (here.parent, here.parent.parent):
        found = sorted((folder / "shared" / "notes" / "sources").glob("004_*.txt"))
        if found:
            return found[0].read_text(encoding="utf-8")
    pytest.skip("FOO.XGP[206,JMC] is not at hand")


def test_e6_the_typeset_notes_set_lists_of_values_in_the_m_expression_font() -> None:
    text = typeset_notes()
    assert "FOO.XGP[206,JMC]" in text.splitlines()[0]
    # ␈↓↓ selects the M-expression font, ␈↓ followed by the text the text font (S-expression constants)
    assert "␈↓αthen ␈↓↓(p) ␈↓αelse" in text  # allsol's (p), a list of p's value
    assert "␈↓↓puzz ← (␈↓αa ␈↓↓nth[" in text  # puzz's list of three values
    assert "␈↓↓puzz1 ← ␈↓((G B B W R G)" in text and "prup[␈↓(1 2 3 4 5 6),␈↓↓x]" in text  # constants
    assert "␈↓↓p␈↓β0␈↓ = (NIL NIL NIL NIL)" in text


def test_e8_says_the_membership_sign_is_in_the_archive_as_it_is() -> None:
    """E8 describes the archive's `lose p ← a p ε d p` as it is: the sign is there (FOO.XGP writes it
    ␈↓ε, which is also a font change), and the edition's decoder reads it as the sign."""
    from pathlib import Path

    from tests.test_edition_sources import XGP_FILE, archive_sources

    errata = (Path(__file__).resolve().parent.parent / "ERRATA.md").read_text(encoding="utf-8")
    e8 = errata.split("### E8.")[1].split("### E9.")[0]
    assert "dropped the membership sign" not in e8 and "lines 93 and 211" in e8
    path = archive_sources() / XGP_FILE
    if not path.is_file():
        pytest.skip(f"the archive files are not at {archive_sources()}")
    lines = path.read_text(encoding="utf-8").splitlines()
    for number in (93, 211):  # the file's lines, counted from 1 with its header
        assert "lose p" in lines[number - 1] and "␈↓ε " in lines[number - 1]
    from lispy.edition.sources.archive import load

    text = " ".join(" ".join(paragraph.text.split()) for paragraph in load(path))
    assert text.count("lose p ← a p ε d p") == 1 and "orlis[p,λu.a u ε d u]" in text


def test_e16_worst_first_examines_every_leaf_only_on_the_trees_built_for_it() -> None:
    from lispy.claims.move_ordering import knuth_moore, ordering_counts, sorted_worst_first

    assert ordering_counts(4, 5).worst == 4**5  # subtrees wholly above or below their siblings
    for seed in range(3):  # random leaves, the moves sorted worst first by their exact values
        assert knuth_moore(4, 5) < sorted_worst_first(4, 5, seed) < 4**5


def test_every_test_the_errata_cite_exists_by_its_whole_name() -> None:
    """ERRATA.md names each entry's tests in full (no ``test_e3_…``), and each is a test of the suite."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent
    cited = set(re.findall(r"`(test_\w*…?)`", (root.parent / "ERRATA.md").read_text(encoding="utf-8")))
    sources = "".join(p.read_text(encoding="utf-8") for p in root.glob("test_*.py"))
    defined = set(re.findall(r"^def (test_\w+)", sources, re.M))
    assert {t for t in cited if t.endswith("…")} == set()
    assert len(cited) >= 15 and cited <= defined, sorted(cited - defined)
