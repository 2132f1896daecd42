"""The edition: ``python -m lispy.edition`` writes every definition with its columns, values and proofs
computed at build time; a transcription broken on purpose shows in the proof column; the errata
are linked; a bad ``--notes`` file is reported and the edition still written; with the archive
files, McCarthy's paragraphs stand beside the definitions they introduce."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import escape

from lispy.claims import VERDICTS, claims, tally_sentence
from lispy.edition.__main__ import build, main
from lispy.edition.evidence.examples import EXAMPLES
from lispy.edition.evidence.proof import prove, structural_evidence
from lispy.edition.evidence.rows import rows
from lispy.edition.page import pages
from lispy.edition.page.figures import FIGURE_2_6, figure_2_6
from lispy.edition.page.render import render, render_macro
from lispy.edition.sources.errata import errata_markdown, errata_of, parse
from lispy.notes.index import ENTRIES, by_name
from lispy.sexpr.data import read

XGP_FILE = "004_1feee83da93fbfc5.txt"  # FOO.XGP[206,JMC]
PUB_FILE = "000_e7688a0bde4e61e2.txt"  # SAFE1[206,JMC]


def archive_sources() -> Path:
    """The team's copies of the archive files, beside the repository (see test_edition_sources)."""
    here = Path(__file__).resolve()
    found = [p / "shared" / "notes" / "sources" for p in here.parents[1:]]
    return next((p for p in found if p.is_dir()), found[1])


def archive_files() -> list[Path]:
    files = [archive_sources() / XGP_FILE, archive_sources() / PUB_FILE]
    return files if all(f.is_file() for f in files) else []


class Elements(HTMLParser):
    """Every element's tag and attributes, and the text inside each ``article``, by its id."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.articles: dict[str, list[str]] = {}
        self.markup: dict[str, list[str]] = {}
        self._article: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.elements.append((tag, attributes))
        if tag == "article":
            self._article = attributes.get("id", "")
            self.articles[self._article] = []
            self.markup[self._article] = []
        elif self._article is not None:
            self.markup[self._article].append(
                f"<{tag} {' '.join(f'{k}={v}' for k, v in attributes.items())}>"
            )

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article = None

    def handle_data(self, data: str) -> None:
        if self._article is not None:
            self.articles[self._article].append(data)
            self.markup[self._article].append(data)

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.elements if "id" in a}

    def links(self) -> list[str]:
        return [a["href"] for tag, a in self.elements if tag == "a" and "href" in a]


@cache
def parsed(path: Path) -> Elements:
    """The page at ``path``, parsed once (the edition's files are written once, by the fixture)."""
    p = Elements()
    p.feed(path.read_text(encoding="utf-8"))
    return p


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("edition")
    notes = archive_files()
    build(out, notes, seed=1973, trials=10, say=lambda _: None)
    return out


def text_of(edition: Path, anchor: str) -> str:
    """The text of a definition's row, without its markup."""
    return "".join(parsed(edition / "index.html").articles[anchor])


def markup_of(edition: Path, anchor: str) -> str:
    """The row's text with its start tags, written ``<tag name=value …>``."""
    return "".join(parsed(edition / "index.html").markup[anchor])


# --- the rows --------------------------------------------------------------------------------


def test_every_definition_has_a_row_with_all_columns(edition: Path) -> None:
    page = parsed(edition / "index.html")
    assert list(page.articles) == [e.anchor for e in ENTRIES]
    assert len(page.articles) == 47
    for entry in ENTRIES:
        text = "".join(page.articles[entry.anchor])
        for column in ("As printed (1973)", "In Python", "Run", "Proof"):
            assert column in text, f"{entry.anchor} has no column {column}"
        markup = "".join(page.markup[entry.anchor])
        assert all(f"class=cell {c}" in markup for c in ("notes", "python", "evidence"))


def test_the_printed_column_is_the_notes_file_and_the_python_column_is_the_source(edition: Path) -> None:
    for anchor in ("search", "puzz2", "minval2"):
        entry = next(e for e in ENTRIES if e.anchor == anchor)
        text = text_of(edition, anchor)
        printed = re.sub(r"\s+", "", entry.statement(corrected=False).text)
        assert printed in re.sub(r"\s+", "", text)
        source = entry.python_source()
        assert f"{source.module}, line {source.line}" in text
        code_lines = [line.strip() for line in source.text.splitlines() if line.strip()]
        assert all(line.replace(" ", "") in re.sub(r"\s+", "", text) for line in code_lines)


def test_corrections_are_marked_and_linked_to_their_errata(edition: Path) -> None:
    mapapp = markup_of(edition, "mapapp")
    assert "As corrected" in mapapp
    assert "<ins >" in mapapp and "<del >" in mapapp  # the difference, marked on both forms
    assert "href=errata.html#E1" in mapapp and "href=errata.html#E2" in mapapp
    assert "As corrected" not in text_of(edition, "search")  # printed as is: no correction column
    errata = parse(errata_markdown() or "")
    linked = {e.anchor: [x.number for x in errata_of(e, errata)] for e in ENTRIES}
    assert linked["minval2"] == ["E12", "E21"]
    assert linked["puzz4"] == ["E4"] and linked["puzz3"] == []
    assert linked["bestmin"] == ["E13"] and linked["bestmaxa"] == ["E11", "E14"]


def test_values_are_computed_both_ways(edition: Path) -> None:
    search = text_of(edition, "search")
    assert search.count("((G W R B) (R W G B) (B R G W) (W B G R))") == 2
    assert "the same value" in search
    assert "→ 5" in text_of(edition, "minval")  # Figure 2.6 reconstructed: the minimizing player gets 5
    assert set(EXAMPLES) == {e.anchor for e in ENTRIES}
    for entry in ENTRIES:
        assert "the same value" in text_of(edition, entry.anchor), entry.anchor


def test_every_claim_of_the_inventory_is_shown_and_counted(edition: Path) -> None:
    page = (edition / "index.html").read_text(encoding="utf-8")
    inventory = claims()  # measured once in this process: the build's own figures
    shown = re.findall(r'<section class="claim" id="(claim-[a-z0-9-]+)">', page)
    assert shown == [c.anchor for c in inventory]  # each once, in the notes' order
    assert f"The notes' claims ({len(inventory)} by this edition's count)" in page
    assert escape(tally_sentence(inventory)) in page
    for word, meaning in VERDICTS.items():  # the legend: every verdict the page can show
        assert f"{word}</span></dt><dd>{escape(meaning)}</dd>" in page, word
    for c in inventory:  # the inventory's table links each one
        assert f'<a href="#{c.anchor}">{escape(c.claim)}</a>' in page, c.anchor
    setup = page[page.index('id="claim-setup"') :]
    setup = setup[: setup.index("</section>")]
    assert "FOO.XGP[206,JMC] line 235" in setup and "turns on the reading" in setup
    assert setup.count('class="verdict') == 3  # the claim's and each of its two readings'
    assert "interquartile range" in setup  # a verdict from timings shows their spread


def test_a_page_built_without_the_notes_says_where_they_are() -> None:
    said = render_macro(
        "macros.html.j2", "build", pages.Build("today", "a machine", "3.11", 1973)
    )  # no --notes
    assert "SAILDART (saildart.org)" in said and "FOO.XGP[206,JMC] (both chapters)" in said
    assert "1973-11-06" in said and "--notes FOO.XGP.txt --notes SAFE1.txt" in said
    given = render_macro(
        "macros.html.j2",
        "build",
        pages.Build("today", "a machine", "3.11", 1973, notes_files=["FOO.XGP[206,JMC]"]),
    )
    assert "McCarthy's paragraphs from FOO.XGP[206,JMC]." in given and "saildart" not in given


def test_proofs_are_computed_with_the_seed(edition: Path) -> None:
    for entry in ENTRIES:
        text = text_of(edition, entry.anchor)
        agreed = re.search(r"agreed on (\d+) of (\d+)", text)
        assert agreed and agreed[1] == agreed[2], entry.anchor
        assert "seed 1973" in text
        assert "Structurally equal: yes" in text, entry.anchor
    assert "agreed on 10 of 10" in text_of(edition, "valmax")
    assert "agreed on 1 of 1" in text_of(edition, "puzz2")  # an assignment: its value, compared once
    assert "no input" in text_of(edition, "puzz2")
    for anchor in ("puzz3", "puzz4", "puzz", "puzza"):  # computed from the assignment before: not "no input"
        assert "the notes' puzzle only" in text_of(edition, anchor) and "no input" not in text_of(
            edition, anchor
        )


def test_a_broken_transcription_shows_in_the_run_and_proof_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    from lispy.chapter6 import game_trees

    monkeypatch.setattr(game_trees, "maxlisa", lambda u, x, f: x)  # forgets the list
    proofs = prove(seed=7, trials=20)
    broken = proofs["maxlisa"]
    assert broken.agreed < broken.trials and not broken.holds
    assert broken.disagreement is not None and "the notes give" in broken.disagreement
    assert proofs["maxlis-2"].agreed < proofs["maxlis-2"].trials  # maxlis ← maxlisa[u,-∞,f] uses it
    assert proofs["minlis"].holds
    table = {r.entry.anchor: r for r in rows([], proofs)}
    html = render("row.html.j2", r=table["maxlisa"])
    assert "✗ the values differ" in html and "First disagreement" in html
    assert "✓ the same value" in render("row.html.j2", r=table["minlis"])


def test_a_transcription_changed_in_shape_shows_in_the_structural_proof(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lispy.notes import index

    entry = next(e for e in ENTRIES if e.anchor == "maxlisa")
    real = index.python_source(entry.transcription)
    changed = dataclasses.replace(real, text=real.text.replace("max(x, f(a(u)))", "min(x, f(a(u)))"))
    assert changed.text != real.text
    monkeypatch.setattr(index.Entry, "python_source", lambda self: changed)
    verdict = structural_evidence(entry)
    assert not verdict.equal and "min" in verdict.detail


def test_the_random_inputs_depend_on_the_seed_only() -> None:
    first, again = prove(seed=11, trials=5), prove(seed=11, trials=5)
    assert first == again
    assert all(a.seed == 11 for a in first.values())


def test_the_index_of_names_reaches_every_definition(edition: Path) -> None:
    ids = parsed(edition / "index.html").ids()
    links = parsed(edition / "names.html").links()
    targets = [link.split("#", 1)[1] for link in links if link.startswith("index.html#")]
    assert sorted(targets) == sorted(e.anchor for e in ENTRIES)
    assert set(targets) <= ids
    assert {"search", "maxval1", "allsol-2", "lose-paths"} <= ids


def test_every_local_link_and_image_exists(edition: Path) -> None:
    for page in ("index.html", "names.html", "errata.html", "companions.html"):
        p = parsed(edition / page)
        refs = p.links() + [a["src"] for tag, a in p.elements if tag == "img"]
        refs += [a["href"] for tag, a in p.elements if tag == "link"]
        for ref in refs:
            assert not ref.startswith(("http:", "https:", "//")), f"{page} loads {ref} from the network"
            if ref.startswith("data:"):  # the empty icon: the page itself holds it, no file is fetched
                continue
            target, _, fragment = ref.partition("#")
            file = edition / (target or page)
            assert file.is_file(), f"{page} links to a missing {ref}"
            if fragment:
                assert fragment in parsed(file).ids(), f"{page} links to a missing anchor {ref}"
        # the only script is the runnable edition's own (live.js, beside the page); the rest is data
        scripts = [a for tag, a in p.elements if tag == "script"]
        assert all(a.get("src") == "live.js" or a.get("type") == "application/json" for a in scripts), page
        assert (edition / "live.js").is_file()


def test_the_errata_page_has_every_entry_of_errata_md(edition: Path) -> None:
    text = errata_markdown() or ""
    numbers = re.findall(r"^### (E\d+)\.", text, re.MULTILINE)
    assert len(numbers) >= 21
    ids = parsed(edition / "errata.html").ids()
    assert set(numbers) <= ids
    page = (edition / "errata.html").read_text(encoding="utf-8")
    assert '<a href="index.html#mapapp">mapapp</a>' in page  # E1 links back to the row


def test_figure_2_6_is_computed() -> None:
    figure = figure_2_6()
    assert figure.value == 5 and len(figure.evaluated) == 3
    assert figure.svg.count(">x</text>") == 2  # the 4 and the 7 are never examined
    assert "reconstructed" in figure.caption


def test_figure_2_6_is_the_chapter_scripts_reconstruction() -> None:
    game_trees = pytest.importorskip("chapters.game_trees")
    assert game_trees.FIGURE_2_6 == FIGURE_2_6 == read("((2 5) (9 4 7))")


def test_the_companion_page_shows_the_books_values(edition: Path) -> None:
    page = (edition / "companions.html").read_text(encoding="utf-8")
    for value in ("(1, 2, 6)", "2.1 and 1.3, a1 best", "21 and 40.9, a2 best", "a1, value 3", "7 of 9"):
        assert value in page
    assert "✗" not in page


# --- the notes' own text ---------------------------------------------------------------------


def test_with_the_archive_files_the_left_column_holds_mccarthys_paragraphs(edition: Path) -> None:
    if not archive_files():
        pytest.skip(f"the archive files are not at {archive_sources()}")
    search = text_of(edition, "search")
    assert "We begin with a general depth first tree search function" in search
    assert "FOO.XGP[206,JMC], line 11" in search and "Printed in FOO.XGP[206,JMC] at line 31" in search
    assert "This form of the function is somewhat inefficient" in text_of(edition, "allsol-2")
    page = (edition / "index.html").read_text(encoding="utf-8")
    assert "was not found in the decoded text" not in page
    assert "A version of αβ incorporating optimistic and pessimistic evaluations" in page


BAD_NOTES = {
    "missing.txt": (None, "no such file"),
    "binary.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00", "not UTF-8 text"),
    "diary.txt": (b"Dear diary,\nsearch p <- LOSE\n", "not the archive's header line"),
}


def test_bad_notes_files_are_reported_and_the_edition_written_without_prose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    arguments = ["--out", str(tmp_path / "out"), "--trials", "2"]
    for name, (content, _) in BAD_NOTES.items():
        if content is not None:
            (tmp_path / name).write_bytes(content)
        arguments += ["--notes", str(tmp_path / name)]
    assert main(arguments) == 0
    said = capsys.readouterr()
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    for name, (_, message) in BAD_NOTES.items():
        assert f"error: --notes {tmp_path / name}: " in said.err and message in said.err
        assert escape(message) in page
    assert "Traceback" not in said.err
    assert "proving" in said.out and "wrote" in said.out  # it says what it is doing
    assert 'class="orig' not in page
    assert len(parsed(tmp_path / "out" / "index.html").articles) == 47


def test_the_command_line_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([])
    assert stopped.value.code == 2 and "--out" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--out", "x", "--trials", "0"])


def test_by_name_finds_the_rows_anchors() -> None:
    assert [e.anchor for e in by_name("lose")] == ["lose-paths", "lose-insanity", "lose-insanity-words"]


def test_connecting_words_join_the_display_they_introduce_and_each_chapter_names_its_file() -> None:
    from lispy.edition.sources.archive import load
    from lispy.edition.sources.original import CONNECTIVES, align

    files = archive_files()
    if not files:
        pytest.skip("the archive files are not beside the repository")
    xgp, pub = (load(f) for f in files)
    for documents in ([xgp, pub], [pub]):
        alignment = align(documents)
        shown = [p for o in alignment.rows.values() for p in (*o.before, o.display) if p is not None]
        shown += [p for closing in alignment.closing.values() for p in closing]
        assert not [p.text for p in shown if p.text.strip() in CONNECTIVES]  # no paragraph of one word
        where = next(
            o.display for o in alignment.rows.values() if o.display and o.display.text.startswith("where")
        )
        assert "←" in where.text  # "where" stands before the definition it introduces
    both = align([xgp, pub])
    assert both.chapters == {"5": xgp.name, "6": xgp.name}
    assert both.sources[1] == f"{pub.name} (read; its chapter 6 is shown from {xgp.name})"
    assert align([pub]).sources == [f"{pub.name} (chapter 6)"]
