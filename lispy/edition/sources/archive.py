"""Reading McCarthy's 1973 notes from the files of the Stanford AI Lab archive.

The archive (SAILDART) keeps chapters 5 ("Tree search") and 6 ("Game trees") of McCarthy's 1973
CS206 notes in two files, both dated 1973-11-06:

* **FOO.XGP[206,JMC]**: both chapters as typeset by PUB for the XGP (Xerox Graphics Printer):
  the text with the printer's escapes for fonts and spacing in it;
* **SAFE1[206,JMC]**: chapter 6 alone, in PUB's source form, with PUB's font and layout commands.

The archive serves a file as UTF-8 text: one header line ``perm filename NAME[206,JMC]… blob
sn#… filedate 1973-11-06 generic text, type T, neo UTF8``, then the file with each character of
Stanford's 7-bit character set mapped to Unicode (001 ``↓``, 002 ``α``, 003 ``β``… 034 ``≤``,
as ``_SAIL`` lists them, and 137 ``←``; 177, rubout, the XGP's escape, is ``␈``), except that
NUL (000), VT (013) and CR (015) are left out.  Both losses matter below.

FOO.XGP[206,JMC], decoded by :func:`decode_xgp`
    Line 2, ``/FONT#0=NGR25/FONT#1=BDJ25/…``, names the fonts (their use: :class:`Font`).
    The escapes (the XGP's own definition is the ITS document "Character Mode for the XGP"):

    ``␈↓`` + a font code (``↓`` 1, ``α`` 2, ``β`` 3, ``∧`` 4, ``¬`` 5, ``ε`` 6)
        ESCAPE 1, font select: the following text is in that font, across lines, until the next.
    ``␈↓`` followed by anything else
        ESCAPE 1 and a NUL the archive left out: select font 0.  Where a font code follows, the
        two readings look alike; one case occurs: ``␈↓ε`` followed by a space is font 0 and the
        membership sign ``ε`` (``lose p ← ␈↓αa ␈↓↓p ␈↓ε ␈↓αd ␈↓↓p``), since a superscript never
        begins with a space (the other ``␈↓ε`` are the exponents of ``k␈↓εn``, ``10␈↓ε4``).
        In general: a script font (3, 6) selected just before white space is read as font 0.
    ``␈↓`` + a space (code 040) + two characters *h*, *l*
        ESCAPE 1 column select: continue at x = 128·code(*h*) + code(*l*).  The file uses 200
        (``↓H``, the left margin), 280 (``α_``, the indent of paragraphs and displays), 360
        (``αh``, a display's continuation lines) and 791 (``ε↔``, the centred "Figure 2.6").
        Decoded as where the line starts; within a line's text, as a space.
    ``␈α`` + a width
        ESCAPE 2, a column increment: the stretched space between words of a justified line.
        Decoded as one space.  The width is one character, a code from 011 to 027 (tab, line
        feed, VT, FF, CR, ``∞ ∂ ⊂ ⊃ ∩ ∪ ∀ ∃ ⊗ ↔``); the file has line feed (a width of 10, which the
        archive shows as a line break inside a printed line) and ``∞ ∂ ⊂ ⊃ ∩ ∀ ∃`` (14 to 21).
        Widths 013 and 015 were left out by the archive, so ``␈α`` directly followed by
        anything else (``␈αthe``) is a space whose width is lost.
    ``␈↓␈↓↓␈↓α…`` (line 3)
        One select of each font, loading them; it prints nothing.

    A line feed that is not part of an escape ends a printed line.

    Paragraphs: an empty line of the file (no escape at all) ends a paragraph; a line that
    prints nothing (a column select alone) is skipped; a line that starts at the paragraph
    indent (280) with text, not with spaces, begins a new paragraph (puzz2's second line starts
    at 280 with spaces: it continues the display), as does a heading or a centred caption.

SAFE1[206,JMC], decoded by :func:`decode_pub`
    ``\\F``\\ *n*: font *n*, numbered as FOO.XGP's ``/FONT`` line (``\\F1`` names, ``\\F2`` words,
    ``\\F4`` the heading, ``\\F6`` superscript: ``k\\F6n\\F0`` is k^n).
    ``\\J``: justify (fill) from here: source lines join into paragraphs (prose).
    ``\\.``: end filling after this line: each source line is one printed line (displays and the
    short lines "where", "and" between them).
    ``\\C``: centre this line (the caption "Figure 2.6").
    ``\\;`` at a line's end: join the next source line to this one, without its leading tabs, as
    FOO.XGP prints them (``else\\;`` + ``⇥⇥\\F1maxlis[…`` prints ``elsemaxlis[…``).
    A tab at the start of a line indents (one: a paragraph or a display; two: a display's
    continuation line); elsewhere it is a space.  An empty line ends a paragraph.

The decoded :class:`Document` (headings, prose, displays and captions, each in runs of
(text, :class:`Font`)) and the grouping of printed lines into paragraphs are in
:mod:`lispy.edition.sources.document`.  Standard library only.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lispy.edition.sources.document import (
    EXPECTED,
    PUB_NAME,
    XGP_NAME,
    Document,
    Font,
    Line,
    NotesFileError,
    paragraphs,
)

__all__ = ["LIMIT", "decode", "decode_pub", "decode_xgp", "load"]

# --- the header and the checks every file gets -------------------------------------------------

_HEADER = re.compile(
    r"perm filename (?P<file>[^\s\[]+)\[(?P<ppn>[^\]\s]+)\]\S*(?:\s+blob\s+\S+)?"
    r"(?:\s+filedate\s+(?P<date>\d{4}-\d\d-\d\d))?"
)


@dataclass(frozen=True)
class _Header:
    name: str
    date: str


def _header(first_line: str) -> _Header | None:
    match = _HEADER.match(first_line)
    if not match:
        return None
    return _Header(f"{match['file']}[{match['ppn']}]", match["date"] or "")


def _refused(where: str, found: str) -> NotesFileError:
    """The error for a file that is not one of the notes': where, what was found, what was expected."""
    return NotesFileError(f"{where}: {found}; expected {EXPECTED}")


def _clean(text: str, where: str) -> str:
    """The text with a byte-order mark and CR LF line ends undone; raises for empty or binary text."""
    if not isinstance(text, str):
        raise _refused(where, f"expected text (str), got {type(text).__name__}")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    if not text.strip():
        raise _refused(where, "the text is empty")
    controls = sum(1 for c in text[:4096] if ord(c) < 32 and c not in "\t\n\r\x0c")
    if "\x00" in text or controls > 8:
        raise _refused(where, "this looks like binary data, not text")
    return text


def _opened(text: str, where: str) -> tuple[_Header | None, list[str]]:
    """The header, if the text has one, and the lines of the text (:func:`_clean`)."""
    rows = _clean(text, where).split("\n")
    return _header(rows[0]), rows


def _first_line(text: str) -> str:
    line = text.split("\n", 1)[0]
    return line if len(line) <= 60 else line[:57] + "..."


# --- FOO.XGP -----------------------------------------------------------------------------------

_ESC = "␈"
# Stanford's codes 001-037 as the archive shows them (NUL, VT and CR are left out by the archive).
_SAIL = dict(zip("↓αβ∧¬επλ\t\n\x0b\x0c\r∞∂⊂⊃∩∪∀∃⊗↔_→~≠≤≥≡∨", range(1, 32), strict=True))
_WIDTHS = frozenset(c for c, code in _SAIL.items() if 0o11 <= code <= 0o27)
_COLUMN_HIGH = frozenset(c for c, code in _SAIL.items() if code <= 7)
_INDENT = 280  # α_: the first line of a paragraph or display
_CONTINUATION = 360  # αh: the continuation lines of a display; further right: a centred caption


def _code(c: str) -> int:
    """The 7-bit code of a character as the archive shows it (``←`` is 137, ``↑`` 136)."""
    return _SAIL.get(c) or {"←": 0o137, "↑": 0o136}.get(c) or ord(c) & 0o177


def _xgp_lines(body: str, first_number: int, fonts: Mapping[int, str], where: str) -> list[Line]:
    lines: list[Line] = []
    number = first_number
    line = Line(number)
    font = 0
    i, n = 0, len(body)

    def take(k: int) -> None:
        """Consume k characters of an escape, counting the line feeds among them."""
        nonlocal i, number
        number += body.count("\n", i, i + k)
        i += k

    while i < n:
        c = body[i]
        if c == "\n":
            lines.append(line)
            number += 1
            line = Line(number)
            i += 1
            continue
        line.empty_in_file = False
        if c != _ESC:
            line.add(c, font)
            i += 1
            continue
        kind = body[i + 1 : i + 2]
        if kind == "↓":
            arg = body[i + 2 : i + 3]
            if arg == " " and body[i + 3 : i + 4] in _COLUMN_HIGH and i + 4 < n:
                column = 128 * _SAIL[body[i + 3]] + _code(body[i + 4])
                if line.printed:
                    line.add(" ", font)
                else:
                    line.starts = column == _INDENT or column > _CONTINUATION
                    line.caption = column > _CONTINUATION
                take(5)
                continue
            code = _SAIL.get(arg, -1)
            script = code in (Font.SUB, Font.SUP) and body[i + 3 : i + 4].isspace()
            if code in fonts and code != 0 and not script:
                font = code
                take(3)
            else:
                font = 0  # ESCAPE 1 and a NUL the archive left out
                take(2)
        elif kind == "α":
            line.add(" ", font)
            line.justified = True
            take(3 if body[i + 2 : i + 3] in _WIDTHS else 2)
        else:
            escape = body[i : i + 3]
            raise _refused(where, f"line {number}: an XGP escape {escape!r} that {XGP_NAME} does not use")
    lines.append(line)
    for line in lines:  # puzz2's second line starts at the indent with spaces: it continues
        line.starts = line.starts and not line.text.startswith(" ")
    return lines


_FONT_NUMBERS = {str(f.value) for f in Font} | {""}  # "" for font 0 ("0" or "00" stripped of zeros)


def decode_xgp(text: str, where: str = "text") -> Document:
    """The paragraphs of FOO.XGP[206,JMC] as the archive serves it (see the module's docstring).

    The archive's header line may be left out; the ``/FONT`` line may not.  Raises
    :class:`NotesFileError` for text that is not an XGP file.
    """
    header, rows = _opened(text, where)
    start = 1 if header else 0
    font_line = rows[start] if start < len(rows) else ""
    if not font_line.startswith("/FONT#"):
        found = _first_line(font_line)
        raise _refused(
            where, f"line {start + 1} should be the XGP file's font list '/FONT#0=…', found {found!r}"
        )
    fonts = {}
    for number, font in re.findall(r"FONT#(\d+)=([^/\s]+)", font_line):
        if number.lstrip("0") not in _FONT_NUMBERS:
            unused = f"font #{number[:20]}, a font number {XGP_NAME} does not use"
            raise _refused(where, f"line {start + 1}: {unused} (it has fonts 0 to {max(Font)})")
        fonts[int(number)] = font
    lines = _xgp_lines("\n".join(rows[start + 1 :]), start + 2, fonts, where)
    name, date = (header.name, header.date) if header else (XGP_NAME, "")
    return Document(paragraphs(lines), name=name, date=date, format="xgp", fonts=fonts)


# --- SAFE1 (PUB) -------------------------------------------------------------------------------

_PUB_COMMAND = re.compile(r"\\(F\d|J|\.|C|;|.?)")


def decode_pub(text: str, where: str = "text") -> Document:
    """The paragraphs of SAFE1[206,JMC], the PUB source of chapter 6, as the archive serves it
    (see the module's docstring).  The archive's header line may be left out.  Raises
    :class:`NotesFileError` for a PUB command this file does not use."""
    header, rows = _opened(text, where)
    start = 1 if header else 0
    lines: list[Line] = []
    fill = joining = False
    font = 0
    for number, row in enumerate(rows[start:], start + 1):
        if joining:
            line, row = lines[-1], row.lstrip("\t")
        elif not row.strip():
            lines.append(Line(number))
            continue
        else:
            line = Line(number, empty_in_file=False)
            lines.append(line)
            row = row.lstrip("\t")
        joining = end_fill = False
        pos = 0
        for match in _PUB_COMMAND.finditer(row):
            line.add(row[pos : match.start()].replace("\t", " "), font)
            pos = match.end()
            command = match.group(1)
            if command.startswith("F"):
                font = int(command[1])
                if font not in Font.__members__.values():
                    unused = f"font {font} ({match.group(0)!r}), a font number {PUB_NAME} does not use"
                    raise _refused(where, f"line {number}: {unused} (it has fonts 0 to {max(Font)})")
            elif command in ("J", "."):
                fill, end_fill = fill or command == "J", command == "."
            elif command == "C":
                line.caption = True
            elif command == ";" and match.end() == len(row):
                joining = True
            else:
                unused = f"a PUB command {match.group(0)!r} that {PUB_NAME} does not use"
                raise _refused(where, f"line {number}: {unused}")
        line.add(row[pos:].replace("\t", " "), font)
        line.justified = line.justified or fill
        fill = fill and not end_fill
    name, date = (header.name, header.date) if header else (PUB_NAME, "")
    return Document(paragraphs(lines), name=name, date=date, format="pub")


# --- recognising and loading -------------------------------------------------------------------


def decode(text: str, where: str = "text") -> Document:
    """The paragraphs of either archive file, recognised by its header line.

    Raises :class:`NotesFileError` for empty or binary text, text without the archive's header
    line, the header of another file, or a file without a chapter heading (cut short), saying
    what was found and what was expected.
    """
    header, rows = _opened(text, where)
    if header is None:
        raise _refused(where, f"the first line is {_first_line(rows[0])!r}, not the archive's header line")
    if header.name.upper() == XGP_NAME:
        document = decode_xgp(text, where)
    elif header.name.upper() == PUB_NAME:
        document = decode_pub(text, where)
    else:
        raise _refused(where, f"this is the archive's {header.name}")
    if not document.headings():
        raise NotesFileError(
            f"{where}: {header.name} without its chapter heading ('5. Tree search.' or '6. Game trees.'): "
            "is the file cut short?"
        )
    return document


def load(path: str | Path) -> Document:
    """The paragraphs of the archive file at ``path`` (:func:`decode`).

    Reads a regular file only, and at most :data:`LIMIT` bytes of it: a FIFO, a device
    (``/dev/zero``) or a longer file is refused before or after reading that much, never read
    whole.  Raises :class:`NotesFileError` for a missing path, a directory, anything but a
    regular file, a file longer than :data:`LIMIT`, a file that is not UTF-8 text, and
    everything :func:`decode` refuses.
    """
    path = Path(path)
    try:
        data = _read_bounded(path)
    except FileNotFoundError:
        raise _refused(str(path), "no such file") from None
    except IsADirectoryError:
        raise _refused(str(path), "is a directory, not a file") from None
    except OSError as e:
        raise _refused(str(path), f"cannot be read ({e.strerror or e})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        byte = f"byte {e.start} is {data[e.start]:#04x}"
        raise _refused(str(path), f"not UTF-8 text ({byte}; a binary file?)") from None
    return decode(text, str(path))


LIMIT = 256 * 1024
"""The longest notes file :func:`load` reads, in bytes: 256 KiB, five times the longest archive
file of the notes (FOO.XGP[206,JMC], 52,357 bytes as the archive serves it)."""


_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def _read_bounded(path: Path) -> bytes:
    """At most :data:`LIMIT` bytes of the regular file at ``path``.  Opened without blocking (a FIFO
    with no writer would wait for one) and checked to be a regular file before reading."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "is a directory", str(path))
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "a special file")
            raise _refused(str(path), f"is {kind}, not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(LIMIT + 1)
    finally:
        os.close(fd)
    if len(data) > LIMIT:
        raise _refused(str(path), f"longer than {LIMIT // 1024} KiB, the most lispy reads of a notes file")
    return data
