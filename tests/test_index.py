"""The index of the notes' 47 definitions: each maps to its statement and its transcription, and
no statement of the notes is left out."""

from __future__ import annotations

import ast
from collections import Counter

import pytest

from lispy.mexpr.program import PARTS, statements
from lispy.notes.index import ENTRIES, SECTIONS, by_name, resolve


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
    assert source.line > 0 and source.file.endswith(".py")
    if entry.library:
        assert entry.python_source(library=True).text != source.text


def test_anchors_are_unique_and_readable() -> None:
    anchors = [e.anchor for e in ENTRIES]
    assert len(set(anchors)) == 47
    expected = {"search", "allsol-1", "allsol-2", "lose-paths", "lose-insanity", "lose-insanity-words", "p0"}
    assert expected <= set(anchors)
    parts = [e.part for e in by_name("lose")]
    assert parts == ["chapter5_paths", "chapter5_insanity", "chapter5_insanity_words"]


def test_module_level_transcriptions_resolve_and_nested_ones_say_how() -> None:
    assert callable(resolve("lispy.chapter6.game_trees:bestmax"))
    with pytest.raises(LookupError, match="inside tree_search"):
        resolve("lispy.chapter5.tree_search:tree_search.search")
