"""McCarthy's own paragraphs, from the archive files a reader gives (``--notes``), aligned with the
definitions they introduce.

The project does not ship the notes' prose.  With FOO.XGP[206,JMC] (both chapters) and/or
SAFE1[206,JMC] (chapter 6), decoded by :mod:`lispy.edition.sources.archive`, each definition is found
where it is printed (:func:`lispy.edition.locate.locate`, its printed statement), and the
paragraphs between the previous definition's display and its own are the ones that introduce it.
The paragraphs after a chapter's last definition (the claims on ordering, the history of αβ) close
the chapter.  A chapter is read from FOO.XGP when it is given, else from SAFE1 (the two hold the
same chapter 6); :attr:`Alignment.sources` says which file each chapter came from.  A connecting
word set on a line of its own between two displays (``where``, ``and``, ``or``) is joined to the
display it introduces, not shown as a paragraph.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from lispy.edition.sources.document import Document, Paragraph, Run
from lispy.edition.sources.locate import locate
from lispy.notes.index import ENTRIES, Entry

__all__ = ["CONNECTIVES", "Alignment", "Original", "align", "joined"]

CONNECTIVES = frozenset({"where", "and", "or"})
"""The words the notes set on a line of their own between two displays."""


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
    definitions that were not found in a file that holds their chapter, the file each chapter was
    read from (``chapters``: ``{"5": "FOO.XGP[206,JMC]", …}``), and the files read, each saying
    what was taken from it (``sources``: ``"SAFE1[206,JMC] (chapter 6)"``, or ``"… (read; its
    chapter 6 is shown from FOO.XGP[206,JMC])"``)."""

    rows: dict[str, Original] = field(default_factory=dict)
    closing: dict[str, tuple[Paragraph, ...]] = field(default_factory=dict)
    missing: list[Entry] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    chapters: dict[str, str] = field(default_factory=dict)


def _chapter(entry: Entry) -> str:
    return entry.part[len("chapter")]


def _connective(paragraph: Paragraph) -> bool:
    return paragraph.kind == "prose" and paragraph.text.strip() in CONNECTIVES


def joined(word: Paragraph, paragraph: Paragraph) -> Paragraph:
    """``paragraph`` with the connecting ``word`` before it (on the word's line), as the notes read:
    ``where`` + ``searchlis u ← …`` is one paragraph."""
    return dataclasses.replace(
        paragraph, runs=(Run(word.text.strip() + " "), *paragraph.runs), line=word.line
    )


def _described(documents: list[Document], chapters: dict[str, str]) -> list[str]:
    described = []
    for d in documents:
        mine = [c for c, name in chapters.items() if name == d.name]
        held = [c for c in ("5", "6") if any(h.number == c for h in d.headings()) and c not in mine]
        what = f"chapter{'s' if len(mine) > 1 else ''} {' and '.join(mine)}" if mine else "read"
        if held:
            what += "; its chapter " + " and ".join(held) + " is shown from " + chapters[held[0]]
        described.append(f"{d.name} ({what})")
    return described


def align(documents: list[Document]) -> Alignment:
    """Align the paragraphs of ``documents`` with the definitions of the index."""
    result = Alignment()
    for chapter in ("5", "6"):
        having = [d for d in documents if any(h.number == chapter for h in d.headings())]
        if not having:
            continue
        document = sorted(having, key=lambda d: d.format != "xgp")[0]
        result.chapters[chapter] = document.name
        entries = [e for e in ENTRIES if _chapter(e) == chapter]
        printed = {e.anchor: e.statement(corrected=False) for e in entries}
        found = locate(document.section(chapter), list(printed.values()))
        at = {anchor: found[statement] for anchor, statement in printed.items()}
        result.missing += [e for e in entries if at[e.anchor] is None]
        # a display shared by several definitions is the first one's
        owner = {id(display): anchor for anchor, display in reversed(at.items()) if display is not None}
        waiting: list[Paragraph] = []
        for paragraph in document.section(chapter):
            anchor = owner.get(id(paragraph))
            word = waiting.pop() if waiting and _connective(waiting[-1]) else None
            shown = paragraph if word is None else joined(word, paragraph)
            if anchor is None:
                if paragraph.kind != "display" or not any(at[a] is paragraph for a in at):
                    waiting.append(shown)
                elif word is not None:
                    waiting.append(word)
                continue
            result.rows[anchor] = Original(document.name, shown, tuple(waiting), paragraph.line)
            waiting = []
        result.closing[chapter] = tuple(waiting)
        for e in entries:
            shared = at[e.anchor]  # a display the definition shares with the one before it
            if shared is not None and e.anchor not in result.rows:
                result.rows[e.anchor] = Original(document.name, None, (), shared.line)
    result.sources = _described(documents, result.chapters)
    return result
