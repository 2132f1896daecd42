"""The index of the notes' 47 definitions: each maps to its statement and its transcription, and
no statement of the notes is left out.  That each transcription has its statement's structure is
the one structural check, :mod:`lispy.notes.correspondence` (``tests/test_correspondence.py``)."""

from __future__ import annotations

import ast
import importlib
from collections import Counter

import pytest

from lispy.mexpr.program import PARTS, statements
from lispy.mexpr.syntax import MSyntaxError, parse_statement
from lispy.notes.index import ENTRIES, SECTIONS, Entry, by_name
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
