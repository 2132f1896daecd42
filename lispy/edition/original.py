"""McCarthy's own paragraphs, from the archive files a reader gives (``--notes``), aligned with the
definitions they introduce.

The project does not ship the notes' prose.  With FOO.XGP[206,JMC] (both chapters) and/or
SAFE1[206,JMC] (chapter 6), decoded by :mod:`lispy.edition.sources`, each definition is found
where it is printed (:func:`lispy.edition.locate.locate`, its printed statement), and the
paragraphs between the previous definition's display and its own are the ones that introduce it.
The paragraphs after a chapter's last definition (the claims on ordering, the history of αβ) close
the chapter.  A chapter is read from FOO.XGP when it is given, else from SAFE1.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lispy.edition.document import Document, Paragraph
from lispy.edition.locate import locate
from lispy.notes.index import ENTRIES, Entry

__all__ = ["Alignment", "Original", "align"]


@dataclass(frozen=True)
class Original:
    """Where a definition is printed in the archive file ``source``: its display paragraph (``None``
    when it shares the display of the definition before it), and the paragraphs before it."""

    source: str
    display: Paragraph | None
    before: tuple[Paragraph, ...] = ()
    line: int = 0


@dataclass
class Alignment:
    """The original text for each definition (by anchor), each chapter's closing paragraphs, the
    definitions that were not found in a file that holds their chapter, and the files read."""

    rows: dict[str, Original] = field(default_factory=dict)
    closing: dict[str, tuple[Paragraph, ...]] = field(default_factory=dict)
    missing: list[Entry] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def _chapter(entry: Entry) -> str:
    return entry.part[len("chapter")]


def align(documents: list[Document]) -> Alignment:
    """Align the paragraphs of ``documents`` with the definitions of the index."""
    result = Alignment(sources=[d.name for d in documents])
    for chapter in ("5", "6"):
        having = [d for d in documents if any(h.number == chapter for h in d.headings())]
        if not having:
            continue
        document = sorted(having, key=lambda d: d.format != "xgp")[0]
        entries = [e for e in ENTRIES if _chapter(e) == chapter]
        printed = {e.anchor: e.statement(corrected=False) for e in entries}
        found = locate(document.section(chapter), list(printed.values()))
        at = {anchor: found[statement] for anchor, statement in printed.items()}
        result.missing += [e for e in entries if at[e.anchor] is None]
        owner: dict[int, str] = {}
        for e in entries:
            paragraph = at[e.anchor]
            if paragraph is not None and id(paragraph) not in owner:
                owner[id(paragraph)] = e.anchor
        waiting: list[Paragraph] = []
        for paragraph in document.section(chapter):
            anchor = owner.get(id(paragraph))
            if anchor is None:
                if paragraph.kind != "display" or not any(at[a] is paragraph for a in at):
                    waiting.append(paragraph)
                continue
            result.rows[anchor] = Original(document.name, paragraph, tuple(waiting), paragraph.line)
            waiting = []
        result.closing[chapter] = tuple(waiting)
        for e in entries:
            paragraph = at[e.anchor]
            if paragraph is not None and e.anchor not in result.rows:
                result.rows[e.anchor] = Original(document.name, None, (), paragraph.line)
    return result
