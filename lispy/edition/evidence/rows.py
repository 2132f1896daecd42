"""One row of the edition for each of the notes' 47 definitions: everything its columns show.

A :class:`Row` is data, computed at build time: the statement as printed and as corrected, the
errata that concern it, the transcription's source, the example evaluated both ways, the
random-input and the structural evidence and, with the archive files, McCarthy's own paragraphs.
A new column is one more field here and one more cell in :mod:`lispy.edition.page.render`.
"""

from __future__ import annotations

from dataclasses import dataclass

from lispy.edition.evidence.examples import Outcome, run
from lispy.edition.evidence.proof import Interpreters, RandomEvidence, Structural, structural_evidence
from lispy.edition.sources.errata import Erratum, errata_of
from lispy.edition.sources.original import Original
from lispy.notes.index import ENTRIES, SECTIONS, Entry, PythonSource

__all__ = ["Row", "rows"]


@dataclass(frozen=True)
class Row:
    """What the edition shows for one definition."""

    entry: Entry
    printed: str
    corrected: str | None
    errata: tuple[Erratum, ...]
    python: PythonSource | None
    python_error: str | None
    outcome: Outcome | None
    agreement: RandomEvidence | None
    structural: Structural
    original: Original | None

    @property
    def section(self) -> tuple[str, str, str]:
        """(chapter, chapter title, section title), from :data:`lispy.notes.index.SECTIONS`."""
        return SECTIONS[self.entry.section]


def _source(entry: Entry) -> tuple[PythonSource | None, str | None]:
    try:
        return entry.python_source(), None
    except (LookupError, OSError, SyntaxError) as e:
        return None, f"{type(e).__name__}: {e}"


def rows(
    errata: list[Erratum], proofs: dict[str, RandomEvidence], originals: dict[str, Original] | None = None
) -> list[Row]:
    """The 47 rows, in the notes' order."""
    interpreters = Interpreters()
    found = []
    for entry in ENTRIES:
        printed = entry.statement(corrected=False).text
        corrected = entry.statement(corrected=True).text
        python, python_error = _source(entry)
        found.append(
            Row(
                entry,
                printed,
                corrected if corrected != printed else None,
                tuple(errata_of(entry, errata)),
                python,
                python_error,
                run(entry, interpreters),
                proofs.get(entry.anchor),
                structural_evidence(entry),
                (originals or {}).get(entry.anchor),
            )
        )
    return found
