"""Where McCarthy printed each definition: the statements of ``lispy/notes/*.m`` found in a decoded
archive file (:mod:`lispy.edition.sources.archive`).

The decoder checks itself with this: every definition of ``lispy/notes/*.m`` must be found in the
decoded text of FOO.XGP[206,JMC] (chapters 5 and 6) and those of chapter 6 also in SAFE1[206,JMC],
white space aside (:func:`normalise`).  The corrected forms (``*.corrections.m``) are lispy's and
are not in the archive.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lispy.edition.sources.document import Paragraph
from lispy.mexpr.program import SourceStatement

__all__ = ["locate", "normalise"]


_ASCII = [
    (r"<-", "←"),
    (r"<=", "≤"),
    (r">=", "≥"),
    (r"\blambda\b", "λ"),
    (r"\balpha\b", "α"),
    (r"\bbeta\b", "β"),
    (r"\bmember\b", "ε"),
    (r"\binf\b", "∞"),
]


def normalise(text: str) -> str:
    """The text as :func:`locate` compares it.

    1. ASCII spellings (``<-``, ``lambda``…) as the Unicode ones the notes print (lispy reads both);
    2. all white space removed: the notes files break and indent long definitions as they like,
       the XGP spreads justified lines, and PUB's ``\\;`` joins lines with or without a space.

    The decoding itself already gives ``ε`` (the ``␈↓ε`` read as font 0), ``p₀`` (the subscript
    font as Unicode subscripts) and the display lines of one definition in one paragraph.  The
    statement's final ``,`` or ``.`` is dropped by :func:`split_statements` and the paragraph
    may have it: a statement is found when it is a part of a paragraph's text.
    """
    for pattern, unicode in _ASCII:
        text = re.sub(pattern, unicode, text)
    return re.sub(r"\s+", "", text)


def locate(
    document: Iterable[Paragraph], definitions: Iterable[SourceStatement | str]
) -> dict[SourceStatement | str, Paragraph | None]:
    """For each definition (a :class:`~lispy.mexpr.program.SourceStatement` or a statement's text),
    the first paragraph of ``document`` whose text contains it, compared after :func:`normalise`;
    ``None`` where it is not found.  Displays are searched before other paragraphs."""
    paragraphs = sorted(document, key=lambda p: p.kind != "display")
    texts = [(p, normalise(p.text)) for p in paragraphs]
    found: dict[SourceStatement | str, Paragraph | None] = {}
    for d in definitions:
        wanted = normalise(d.text if isinstance(d, SourceStatement) else d)
        found[d] = next((p for p, t in texts if wanted and wanted in t), None)
    return found
