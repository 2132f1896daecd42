"""What the archive files of McCarthy's 1973 notes decode to: paragraphs of text in fonts.

:mod:`lispy.edition.sources.archive` decodes FOO.XGP[206,JMC] and SAFE1[206,JMC] (Stanford AI Lab
archive) into a :class:`Document`: a list of :class:`Paragraph` (headings, prose, displays of
definitions, captions), each paragraph's text kept as runs of (text, :class:`Font`) with the
line of the archive file where it begins.  This module holds that model and the grouping of
printed lines into paragraphs that both decoders share.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import dropwhile

__all__ = [
    "EXPECTED",
    "PUB_NAME",
    "XGP_NAME",
    "Document",
    "Font",
    "Line",
    "NotesFileError",
    "Paragraph",
    "Run",
    "paragraphs",
]

XGP_NAME = "FOO.XGP[206,JMC]"
PUB_NAME = "SAFE1[206,JMC]"
EXPECTED = (
    f"the Stanford AI Lab archive's text of {XGP_NAME} or {PUB_NAME} (McCarthy 1973, chapters 5 "
    "and 6), whose first line begins 'perm filename'"
)
"""What a notes file must be; every :class:`NotesFileError` ends with it."""


class NotesFileError(ValueError):
    """A file or text that is not one of the two archive files of the notes; the message says
    what was found and what was expected."""


class Font(IntEnum):
    """The fonts of FOO.XGP[206,JMC] (its ``/FONT`` line) and of SAFE1[206,JMC] (``\\F0``…)."""

    ROMAN = 0  # NGR25: the text
    ITALIC = 1  # BDJ25: names, expressions, emphasis
    BOLD = 2  # BDR25X: the notation's words if, then, else, a, d, n, eq, and, or
    SUB = 3  # subscripts
    HEADING = 4  # NGR30: chapter headings
    TITLE = 5  # NGR40: not used in the text
    SUP = 6  # superscripts


@dataclass(frozen=True)
class Run:
    """A piece of text in one font."""

    text: str
    font: Font = Font.ROMAN


_SUBSCRIPT = str.maketrans("0123456789+-=()aehklmnoprstx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕₖₗₘₙₒₚᵣₛₜₓ")


def _plain(run: Run) -> str:
    if run.font == Font.SUB:
        translated = run.text.translate(_SUBSCRIPT)
        return translated if not set(translated) & set(run.text) else f"_({run.text})"
    if run.font == Font.SUP:
        return f"^{run.text}" if len(run.text) == 1 else f"^({run.text})"
    return run.text


_HEADING = re.compile(r"(\d+(?:\.\d+)*)\.?\s*(.*?)\.?\s*$", re.DOTALL)


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a decoded file.

    ``kind`` is ``"heading"``, ``"prose"``, ``"display"`` (a definition or assignment set on its
    own lines) or ``"caption"``; ``runs`` its text by font; ``line`` the line of the archive file
    (1-based, the header line included) where it begins; ``section`` the number of the heading it
    is under (``"5"``, ``"6"``; ``""`` before the first).
    """

    kind: str
    runs: tuple[Run, ...]
    line: int
    section: str = ""

    @property
    def text(self) -> str:
        """Plain Unicode: ``p₀``, ``k^n``; display lines separated by newlines."""
        return "".join(_plain(r) for r in self.runs)

    @property
    def number(self) -> str:
        """A heading's number (``"5"``, ``"6"``, ``"6.2"``); ``""`` for other paragraphs."""
        match = _HEADING.match(self.text)
        return match.group(1) if self.kind == "heading" and match else ""

    @property
    def title(self) -> str:
        """A heading's title without its number and full stop: ``"Tree search"``."""
        match = _HEADING.match(self.text)
        return match.group(2) if self.kind == "heading" and match else ""


class Document(list[Paragraph]):
    """A decoded archive file: a list of :class:`Paragraph`, with the file's ``name``
    (``"FOO.XGP[206,JMC]"``), ``date`` (``"1973-11-06"``), ``format`` (``"xgp"`` or ``"pub"``)
    and ``fonts`` (font number to font file, from FOO.XGP's ``/FONT`` line; empty for PUB)."""

    def __init__(
        self,
        paragraphs: Iterable[Paragraph] = (),
        *,
        name: str = "",
        date: str = "",
        format: str = "",
        fonts: Mapping[int, str] | None = None,
    ) -> None:
        super().__init__(paragraphs)
        self.name = name
        self.date = date
        self.format = format
        self.fonts = dict(fonts or {})

    def headings(self) -> list[Paragraph]:
        """The headings in order."""
        return [p for p in self if p.kind == "heading"]

    def section(self, number: str) -> list[Paragraph]:
        """The paragraphs under heading ``number`` and its subsections (``"6"`` includes ``"6.2"``)."""
        return [p for p in self if p.section == number or p.section.startswith(number + ".")]


@dataclass
class Line:
    """A printed line: its runs, and what the decoder saw of its layout.

    Text is added piece by piece (a character at a time by the XGP decoder) and joined when the runs
    are asked for: adding is constant time, so a long line costs time in proportion to its length
    (joining at every addition was quadratic)."""

    number: int  # the line of the archive file where it begins
    empty_in_file: bool = True  # nothing at all on the file's line: a paragraph break
    starts: bool = False  # begins a paragraph (FOO.XGP: at the paragraph indent)
    justified: bool = False  # set justified (FOO.XGP) or filled (PUB)
    caption: bool = False  # centred (FOO.XGP: beyond the display indents; PUB: \C)
    printed: bool = False  # has text other than white space
    _pieces: list[tuple[Font, list[str]]] = field(default_factory=list, repr=False)

    def add(self, text: str, font: int) -> None:
        if not text:
            return
        if self._pieces and self._pieces[-1][0] == font:
            self._pieces[-1][1].append(text)
        else:
            self._pieces.append((Font(font), [text]))
        self.printed = self.printed or not text.isspace()

    @property
    def runs(self) -> list[Run]:
        return [Run("".join(texts), font) for font, texts in self._pieces]

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


# --- shared by both decoders -------------------------------------------------------------------


def paragraphs(lines: list[Line]) -> Iterator[Paragraph]:
    """The printed lines grouped into paragraphs, each numbered by the heading it is under."""
    groups: list[list[Line]] = []
    current: list[Line] = []
    current_is_heading = True  # _is_heading(current), kept as lines are added
    for line in lines:
        if line.empty_in_file:
            groups.append(current)
            current, current_is_heading = [], True
        elif line.printed:
            is_heading = _is_heading([line])
            if current and (line.starts or is_heading or current_is_heading):
                groups.append(current)
                current, current_is_heading = [], True
            current.append(line)
            current_is_heading = current_is_heading and is_heading
    groups.append(current)
    section = ""
    for group in filter(None, groups):
        paragraph = _paragraph(group)
        if paragraph.kind == "heading":
            section = paragraph.number
        yield Paragraph(paragraph.kind, paragraph.runs, paragraph.line, section)


def _is_heading(lines: list[Line]) -> bool:
    return all(r.font in (Font.HEADING, Font.TITLE) for ln in lines for r in ln.runs if r.text.strip())


_DEFINES = re.compile(r"\s*[^\s\[\]←=]+(\[[^\]]*\]|\s+[^\s\[\]←=]+)?\s*(←|<-|=)")


def _paragraph(lines: list[Line]) -> Paragraph:
    """One paragraph.  A display is set line by line (not justified) and begins by defining
    something: ``f[x,y] ←``, ``f x ←``, ``x ←`` or ``x =``; its continuation lines are indented by
    four spaces.  Short unjustified lines ("where", "and", "We now have") are prose, and in prose
    every stretch of white space is one space."""
    if _is_heading(lines):
        kind = "heading"
    elif lines[0].caption:
        kind = "caption"
    elif not any(ln.justified for ln in lines) and _DEFINES.match(lines[0].text):
        kind = "display"
    else:
        kind = "prose"
    runs: list[Run] = []
    for k, line in enumerate(lines):
        if k:
            runs.append(Run("\n    " if kind == "display" else " ", Font.ROMAN))
        runs.extend(_rstrip(_lstrip(line.runs) if k else line.runs))
    merged = _merge(runs)
    return Paragraph(kind, merged if kind == "display" else _single_spaces(merged), lines[0].number)


def _blank(run: Run) -> bool:
    return not run.text.strip()


def _lstrip(runs: list[Run]) -> list[Run]:
    runs = list(dropwhile(_blank, runs))
    return [Run(runs[0].text.lstrip(), runs[0].font), *runs[1:]] if runs else runs


def _rstrip(runs: list[Run]) -> list[Run]:
    runs = list(dropwhile(_blank, runs[::-1]))[::-1]
    return [*runs[:-1], Run(runs[-1].text.rstrip(), runs[-1].font)] if runs else runs


def _merge(runs: list[Run]) -> tuple[Run, ...]:
    """Adjacent runs of one font as one; white space between two runs joins the run before it,
    unless that is a sub- or superscript."""
    fonts: list[Font] = []
    texts: list[list[str]] = []  # joined once at the end: joining at each step was quadratic
    for run in runs:
        scripted = fonts and fonts[-1] in (Font.SUB, Font.SUP)
        if fonts and (fonts[-1] == run.font or (not run.text.strip() and not scripted)):
            texts[-1].append(run.text)
        elif run.text:
            fonts.append(run.font)
            texts.append([run.text])
    return tuple(_lstrip([Run("".join(t), f) for f, t in zip(fonts, texts, strict=True)]))


def _single_spaces(runs: tuple[Run, ...]) -> tuple[Run, ...]:
    """The runs with every stretch of white space, also across runs, as one space."""
    result: list[Run] = []
    for run in runs:
        text = re.sub(r"\s+", " ", run.text)
        if result and result[-1].text.endswith(" "):
            text = text.lstrip(" ")
        if text:
            result.append(Run(text, run.font))
    return tuple(result)
