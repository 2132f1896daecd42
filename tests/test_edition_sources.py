"""The archive files of the notes decoded: every definition of lispy/notes/*.m found where McCarthy
printed it, chapter 6 read alike from FOO.XGP[206,JMC] and SAFE1[206,JMC], each escape decoded as
the archive's text shows it, and a clear NotesFileError for any other file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lispy.edition.sources.archive import LIMIT, decode, decode_pub, decode_xgp, load
from lispy.edition.sources.document import Document, Font, NotesFileError, Run
from lispy.edition.sources.locate import locate, normalise
from lispy.edition.sources.original import align
from lispy.mexpr.program import PARTS, SourceStatement, read_source

XGP_FILE = "004_1feee83da93fbfc5.txt"  # FOO.XGP[206,JMC]
PUB_FILE = "000_e7688a0bde4e61e2.txt"  # SAFE1[206,JMC]
XGP_HEADER = (
    "perm filename FOO.XGP[206,JMC]1 blob sn#070503 filedate 1973-11-06 generic text, type T, neo UTF8\n"
    "/FONT#0=NGR25/FONT#1=BDJ25/FONT#2=BDR25X/FONT#3=SUB/FONT#4=NGR30/FONT#5=NGR40/FONT#6=SUP\n"
)
PUB_HEADER = (
    "perm filename SAFE1[206,JMC] blob sn#070505 filedate 1973-11-06 generic text, type T, neo UTF8\n"
)


def archive_sources() -> Path:
    """The team's copies of the archive files, beside the repository: ``<repo>/../shared/notes/sources``
    (or further up, for a git worktree kept in a folder beside the repository's).  Not part of the
    project: the tests that need them skip when they are absent."""
    here = Path(__file__).resolve()
    found = [p / "shared" / "notes" / "sources" for p in here.parents[1:]]
    return next((p for p in found if p.is_dir()), found[1])


def archive_file(name: str) -> Path:
    path = archive_sources() / name
    if not path.is_file():
        pytest.skip(f"the archive files are not at {archive_sources()}")
    return path


@pytest.fixture(scope="module")
def xgp() -> Document:
    return load(archive_file(XGP_FILE))


@pytest.fixture(scope="module")
def pub() -> Document:
    return load(archive_file(PUB_FILE))


# --- every definition where McCarthy printed it ------------------------------------------------


def read_definitions(corrections: bool = False) -> list[SourceStatement]:
    """The statements of the notes files as printed (or of the ``*.corrections.m``), part by part."""
    return [s for part in PARTS for s in read_source(part, corrections)]


def test_every_printed_definition_is_found_in_its_chapter(xgp: Document, pub: Document) -> None:
    definitions = read_definitions()
    in_xgp, in_pub = locate(xgp, definitions), locate(pub, definitions)
    for d in definitions:
        chapter = d.origin[len("chapter")]  # chapter5_search.m -> "5"
        found = in_xgp[d]
        assert found is not None, f"{d.origin}:{d.line} {d.name} is not in {xgp.name}"
        assert (found.section, found.kind) == (chapter, "display")
        if chapter == "6":  # SAFE1 holds chapter 6 alone
            assert in_pub[d] is not None, f"{d.origin}:{d.line} {d.name} is not in {pub.name}"
    assert len(definitions) > 40


def test_definitions_are_found_at_their_lines(xgp: Document, pub: Document) -> None:
    search = SourceStatement(
        "search", "search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]", "", 0
    )
    minval2 = SourceStatement(
        "minval2",
        "minval2[u,α,β] ← {maxval1[a u,α,β]}[λw. if w ≤ α then α else minval2[d u,α,min[w,β]]",
        "",
        0,
    )
    at = locate(xgp, [search, minval2])
    assert (at[search].line, at[minval2].line) == (31, 1018)  # type: ignore[union-attr]
    assert locate(pub, [minval2])[minval2].line == 135  # type: ignore[union-attr]
    assert locate(pub, [search])[search] is None  # chapter 5 is not in SAFE1


def test_corrected_forms_are_not_in_the_archive(xgp: Document, pub: Document) -> None:
    # The corrections (ERRATA.md) are lispy's, not McCarthy's: a changed statement is not printed.
    printed = {normalise(d.text) for d in read_definitions()}
    corrected = [d for d in read_definitions(corrections=True) if normalise(d.text) not in printed]
    assert {d.name for d in corrected} >= {"puzz2", "mapapp", "movemax", "bestmaxa", "maxval2"}
    for doc in (xgp, pub):
        assert all(p is None for p in locate(doc, corrected).values())


def test_locate_compares_without_white_space_and_in_either_spelling(xgp: Document) -> None:
    ascii_ = "lose p <- a p member d p"
    broken = (
        "mapchoose[u,pred,fn] ← if n u then NIL else if pred a u\n  then fn[a u] . mapchoose[d u,pred,fn]"
    )
    at = locate(xgp, [ascii_, broken, "lose p ← a p ε a p"])
    assert at[ascii_] is not None and at[ascii_].line == 93
    assert at[broken] is not None and at[broken].line == 546
    assert at["lose p ← a p ε a p"] is None


# --- the decoded text --------------------------------------------------------------------------


def test_the_headers_and_headings_are_recognised(xgp: Document, pub: Document) -> None:
    assert (xgp.name, xgp.date, xgp.format) == ("FOO.XGP[206,JMC]", "1973-11-06", "xgp")
    assert (pub.name, pub.date, pub.format) == ("SAFE1[206,JMC]", "1973-11-06", "pub")
    assert xgp.fonts == {0: "NGR25", 1: "BDJ25", 2: "BDR25X", 3: "SUB", 4: "NGR30", 5: "NGR40", 6: "SUP"}
    assert [(h.number, h.title, h.line) for h in xgp.headings()] == [
        ("5", "Tree search", 7),
        ("6", "Game trees", 666),
    ]
    assert [(h.number, h.title, h.line) for h in pub.headings()] == [("6", "Game trees", 2)]
    assert len(xgp.section("5")) + len(xgp.section("6")) == len(xgp)


def test_chapter_6_reads_alike_from_both_files(xgp: Document, pub: Document) -> None:
    assert [(p.kind, p.text) for p in xgp.section("6")] == [(p.kind, p.text) for p in pub.section("6")]
    assert len(pub) == 38


def test_the_escapes_are_decoded(xgp: Document) -> None:
    by_line = {p.line: p for p in xgp}
    # ␈↓ε before a space: font 0 and the membership sign, not a superscript
    assert by_line[93].text == "lose p ← a p ε d p,"
    # ␈↓β: the subscript font, as Unicode subscripts
    assert by_line[207].text == "p₀ = (NIL NIL NIL NIL),"
    assert Run("0", Font.SUB) in by_line[207].runs
    # ␈α + a line feed (a width of 10): a space inside a justified line
    assert by_line[11].text.startswith(
        "We begin with a general depth first tree search function. It can be used"
    )
    assert "specific trees of possibilities by defining three auxiliary functions" in by_line[11].text
    # a display's continuation lines, at the indent with spaces (puzz2) or at column 360 (mapchoose)
    assert by_line[333].text == (
        "puzz2 ← cycles[(2 3 4 5)]*cycles[((2 5 4 3)]*cycles[(1 2 6 4)]\n"
        "    *cycles[(1 4 6 2)]*cycles[(1 3 6 5)]*cycles[(1 5 6 3)],"
    )
    assert by_line[546].text.count("\n    else") == 2
    # fonts: names in italic, the notation's words in bold, atoms in roman
    assert by_line[31].runs[:3] == (
        Run("search p ← ", Font.ITALIC),
        Run("if ", Font.BOLD),
        Run("lose p ", Font.ITALIC),
    )
    assert Run("LOSE ", Font.ROMAN) in by_line[31].runs
    # superscripts; the centred caption
    assert "minimax looks at k^n positions while αβ looks at about only k^(n/2)." in by_line[1022].text
    assert (by_line[946].kind, by_line[946].text) == ("caption", "Figure 2.6")


def test_a_small_xgp_text_decodes() -> None:
    text = XGP_HEADER + (
        "␈↓␈↓↓␈↓α␈↓β␈↓∧␈↓¬␈↓ε␈↓\n␈↓ ↓H\n␈↓∧5.Tree search.␈↓\n␈↓ ↓H\n\n"
        "␈↓ α_We␈αbegin␈α∂with␈α\na␈αtree,\n␈↓ ↓Hsee␈α␈↓↓p␈↓β0␈↓␈αand␈α␈↓↓k␈↓εn␈↓.\n\n"
        "␈↓ α_␈↓↓lose p ← ␈↓αa ␈↓↓p ␈↓ε ␈↓αd ␈↓↓p,\n"
    )
    doc = decode(text)
    assert [(p.kind, p.section, p.text) for p in doc] == [
        ("heading", "5", "5.Tree search."),
        ("prose", "5", "We begin with a tree, see p₀ and k^n."),
        ("display", "5", "lose p ← a p ε d p,"),
    ]
    assert [p.line for p in doc] == [5, 8, 12]
    assert decode_xgp(text) == doc


def test_a_small_pub_text_decodes() -> None:
    text = PUB_HEADER + (
        "\\F46. Game trees.\\F0\n\n\\J\tThe  positions  form\na tree:\\.\n\n"
        "\t\\F1valmax p ← \\F2if \\F1ter p \\F2else\\;\n\t\t\\F1maxlis[successors p,valmin]\\F0,\n\n"
        "\t\\F1f[u] ← \\F2if n \\F1u\n\t\t\\F2else \\F1g u\\F0\n\n\\CFigure 2.6\n"
    )
    doc = decode(text)
    assert [(p.kind, p.text) for p in doc] == [
        ("heading", "6. Game trees."),
        ("prose", "The positions form a tree:"),
        ("display", "valmax p ← if ter p elsemaxlis[successors p,valmin],"),
        ("display", "f[u] ← if n u\n    else g u"),
        ("caption", "Figure 2.6"),
    ]
    assert decode_pub(text) == doc


# --- comparing ------------------------------------------------------------------------------


def test_normalise_removes_white_space_and_ascii_spellings() -> None:
    assert (
        normalise("f[x,alpha] <- lambda w. if w <= -inf then x\n  else beta") == "f[x,α]←λw.ifw≤-∞thenxelseβ"
    )
    assert normalise("lose p <- a p member d p") == normalise("lose p ← a p ε d p")
    assert normalise("info") == "info"  # whole words only


# --- anything else is refused clearly ----------------------------------------------------------

EXPECTED = "expected the Stanford AI Lab archive's text of FOO.XGP[206,JMC] or SAFE1[206,JMC]"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00", "not UTF-8 text (byte 0 is 0x89"),
        (b"\x00\x01\x02\x03binary\x00", "looks like binary data"),
        (b"", "the text is empty"),
        (b"\n  \n", "the text is empty"),
        (
            b"Dear diary,\nsearch p <- LOSE\n",
            "the first line is 'Dear diary,', not the archive's header line",
        ),
        (b"<!DOCTYPE html>\n<html></html>\n", "the first line is '<!DOCTYPE html>'"),
        (
            b"perm filename SAFE2[206,JMC] blob sn#070506 filedate 1973-11-06\nx\n",
            "the archive's SAFE2[206,JMC]",
        ),
        (XGP_HEADER.split("\n")[0].encode() + b"\n\n", "line 2 should be the XGP file's font list"),
        (XGP_HEADER.encode() + "␈↓ α_We␈αbegin\n".encode(), "without its chapter heading"),
        (XGP_HEADER.encode() + "␈↓∧5.Tree␈β search.\n".encode(), "line 3: an XGP escape '␈β ' that"),
        (PUB_HEADER.encode() + b"\\F46. Game trees.\\F0\n\\X\n", "line 3: a PUB command '\\\\X' that"),
    ],
)
def test_a_bad_file_is_refused_clearly(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(NotesFileError) as raised:
        load(path)
    assert str(raised.value).startswith(f"{path}: ")
    assert message in str(raised.value)
    assert EXPECTED in str(raised.value) or "cut short" in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_a_missing_path_or_a_directory_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(NotesFileError, match=re.escape(f"missing.txt: no such file; {EXPECTED}")):
        load(tmp_path / "missing.txt")
    with pytest.raises(
        NotesFileError, match=re.escape(f"{tmp_path}: is a directory, not a file; {EXPECTED}")
    ):
        load(tmp_path)


def test_text_given_directly_is_checked_as_a_file_is() -> None:
    with pytest.raises(NotesFileError, match="text: the text is empty"):
        decode("")
    with pytest.raises(NotesFileError, match="should be the XGP file's font list"):
        decode_xgp("perm filename FOO.XGP[206,JMC] blob sn#1\nno fonts here\n")
    # a Windows download (CR LF) and a byte-order mark read as the archive's own text
    text = XGP_HEADER + "␈↓∧5.Tree search.␈↓\n\n␈↓ α_We␈αbegin.\n"
    assert decode("\ufeff" + text.replace("\n", "\r\n")) == decode(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (XGP_HEADER.replace("FONT#6=SUP", "FONT#7=SUP"), "line 2: font #7, a font number"),
        (XGP_HEADER.replace("FONT#6=SUP", "FONT#" + "9" * 5000 + "=X"), "line 2: font #99999"),
        (PUB_HEADER + "\\F46. Game trees.\\F0\n\\F7x\n", "line 3: font 7 ('\\\\F7'), a font number"),
        (PUB_HEADER + "\\F96. Game trees.\n", "line 2: font 9"),
    ],
)
def test_an_unknown_font_number_is_refused_clearly(tmp_path: Path, text: str, message: str) -> None:
    # It was a ValueError from Font(7) (or from int() of 5,000 digits), a traceback from the edition.
    path = tmp_path / "notes.txt"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(NotesFileError) as raised:
        load(path)
    assert str(raised.value).startswith(f"{path}: {message}")
    assert "fonts 0 to 6" in str(raised.value) and EXPECTED in str(raised.value)


def test_only_a_regular_file_is_read_and_no_more_than_the_limit(tmp_path: Path) -> None:
    # /dev/zero was read whole (24 GB before the kernel stopped it); a FIFO would wait for a writer.
    for device in ("/dev/zero", "/dev/null"):
        if os.path.exists(device):
            with pytest.raises(
                NotesFileError, match=re.escape(f"{device}: is a character device, not a regular")
            ):
                load(device)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)  # no writer: opening it for reading in the usual way would block
        with pytest.raises(NotesFileError, match=re.escape(f"{fifo}: is a FIFO, not a regular file")):
            load(fifo)
    long = tmp_path / "long.txt"
    header = XGP_HEADER + "␈↓∧5.Tree search.␈↓\n\n"
    long.write_text(header + "a" * (LIMIT - len(header.encode())), encoding="utf-8")
    assert long.stat().st_size == LIMIT
    assert [p.kind for p in load(long)] == ["heading", "prose"]  # the limit itself is read
    with open(long, "a", encoding="utf-8") as f:
        f.write("a")
    with pytest.raises(NotesFileError, match=re.escape(f"{long}: longer than 256 KiB")):
        load(long)


# --- fuzzing: whatever the file, a Document or a NotesFileError ---------------------------------

_PIECES = [
    *"␈↓αβ∧¬επλ∞∂⊂⊃∩∀∃↔_←↑\\FJC.;0123456789[] \t\n\r\x0b\x0c\x00\x7fapx",
    "␈↓",
    "␈α",
    "␈↓ α_",
    "␈↓ ↓H",
    "␈↓∧5.Tree search.␈↓",
    "\\F4",
    "\\F0",
    "\\J",
    "\\.",
    "\\;\n",
    "\\C",
    "f[x,y] ← ",
    "6. Game trees.",
    "\n\n",
    "\ufeff",
    "\ud800",
]
_BODIES = st.lists(st.sampled_from(_PIECES) | st.text(max_size=4), max_size=60).map("".join)
_FIRST_LINES = st.sampled_from(
    [
        XGP_HEADER + "␈↓∧5.Tree search.␈↓\n\n",
        PUB_HEADER + "\\F46. Game trees.\\F0\n\n",
        XGP_HEADER,
        PUB_HEADER,
        XGP_HEADER.split("\n")[0] + "\n",
        "",
        "perm filename ",
    ]
)


@given(first=_FIRST_LINES, body=_BODIES, encoding=st.sampled_from(["utf-8", "utf-16", "latin-1"]))
def test_any_notes_file_gives_a_document_or_lispys_own_error(
    tmp_path_factory: pytest.TempPathFactory, first: str, body: str, encoding: str
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "notes.txt"
    path.write_bytes((first + body).encode(encoding, "surrogatepass" if encoding != "latin-1" else "replace"))
    try:
        document = load(path)
    except NotesFileError as e:
        assert str(e).startswith(f"{path}: ") and "\n" not in str(e)  # one line, the path once
        return
    assert document.headings() and document.format in ("xgp", "pub")
    assert all(p.text for p in document)
    align([document])  # what the edition does next with it
