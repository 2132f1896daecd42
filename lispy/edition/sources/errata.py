"""ERRATA.md read as data: its entries E1, E2, …, and which definitions each one concerns.

The edition renders ERRATA.md as its errata page (:mod:`lispy.edition.page.pages`) and links each
row of a definition to the errata that concern it (:func:`errata_of`).  A definition is concerned by
an erratum when

* its correction in ``lispy/notes/<part>.corrections.m`` is marked with it (``; E3: …`` in the
  comment lines just above the statement);
* the erratum quotes its printed or corrected statement, or a piece of it (text in backquotes, at
  least ten characters apart from white space and with some of the notation in it, ``←``, a
  bracket, ``λ``, ``=`` or ``ε``, where every piece between ``…`` is found in the statement); or
* the erratum's title begins with its name (```bestmax` and `bestmin` of a position without
  successors`` concerns both; ```puzz4` substitutes into `puzz3``` concerns only ``puzz4``).

ERRATA.md lives at the root of the repository; an installed wheel carries a copy in
``lispy/edition`` (pyproject.toml's ``force-include``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from lispy.edition.sources.locate import normalise
from lispy.mexpr.program import read_source
from lispy.notes.index import Entry

__all__ = ["Erratum", "errata_markdown", "errata_of", "parse"]


@dataclass(frozen=True)
class Erratum:
    """One entry of ERRATA.md: ``number`` ("E12"), ``title`` (markdown), ``chapter`` (the ``##``
    heading it is under) and ``body`` (its markdown)."""

    number: str
    title: str
    chapter: str
    body: str

    @property
    def anchor(self) -> str:
        """The id of the entry on the errata page: ``E12``."""
        return self.number


def errata_markdown() -> str | None:
    """ERRATA.md: the repository's, or the copy an installed wheel carries; ``None`` if neither."""
    beside = Path(__file__).resolve().parents[3] / "ERRATA.md"
    if beside.is_file():
        return beside.read_text(encoding="utf-8")
    carried = resources.files("lispy.edition").joinpath("ERRATA.md")
    return carried.read_text(encoding="utf-8") if carried.is_file() else None


_ENTRY = re.compile(r"### (E\d+)\.\s*(.*)")


def parse(text: str) -> list[Erratum]:
    """The entries of ERRATA.md's text, in order: each ``### E<n>. title`` to the next heading."""
    found: list[Erratum] = []
    chapter = ""
    for block in re.split(r"(?m)^(?=## |### E\d+\.)", "\n".join(text.splitlines())):
        first, _, body = block.partition("\n")
        heading = _ENTRY.fullmatch(first)
        if heading:
            found.append(Erratum(heading[1], heading[2].strip(), chapter, body.strip()))
        elif first.startswith("## "):
            chapter = first[3:].strip()
    return found


def _marked(entry: Entry) -> set[str]:
    """The errata named in the comment block above the entry's correction (a block of statements
    after one comment, up to a blank line, shares it), if the entry has a correction."""
    text = resources.files("lispy.notes").joinpath(f"{entry.part}.corrections.m").read_text(encoding="utf-8")
    starts = {s.line: s.name for s in read_source(entry.part, corrections=True)}
    marks: set[str] = set()
    pending: set[str] = set()
    after_statement = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            if after_statement:
                pending, after_statement = set(), False
            pending |= set(re.findall(r"\bE\d+\b", stripped))
        elif number in starts:
            after_statement = True
            if starts[number] == entry.name:
                marks |= pending
    return marks


def _quotes(erratum: Erratum) -> list[list[str]]:
    """The erratum's quotations long enough to identify a statement, each as its pieces between ``…``."""
    found = []
    for quoted in re.findall(r"`([^`]+)`", f"{erratum.title}\n{erratum.body}"):
        pieces = [normalise(p) for p in quoted.split("…")]
        pieces = [p for p in pieces if len(p) >= 4]
        if pieces and sum(len(p) for p in pieces) >= 10 and set("←[]{}λ=ε") & set("".join(pieces)):
            found.append(pieces)
    return found


def _subjects(erratum: Erratum) -> set[str]:
    """The names the title begins with: ```bestmax` and `bestmin` of …`` gives both."""
    match = re.match(r"^((?:`[^`]+`(?:'s)?(?:,\s*|\s+and\s+)?)+)", erratum.title)
    return set(re.findall(r"`([^`]+)`", match[1])) if match else set()


def errata_of(entry: Entry, errata: list[Erratum]) -> list[Erratum]:
    """The errata of ``errata`` that concern ``entry``, in ERRATA.md's order (see the module's docstring)."""
    marked = _marked(entry)
    texts = [normalise(entry.statement(corrected=False).text)]
    corrected = normalise(entry.statement(corrected=True).text)
    if corrected not in texts:
        texts.append(corrected)
    return [
        e
        for e in errata
        if e.number in marked
        or entry.name in _subjects(e)
        or any(all(p in t for p in pieces) for pieces in _quotes(e) for t in texts)
    ]
