"""Quoted S-expressions inside M-expressions: ``a '(G W R B)``, ``x = 'LOSE``, ``f['(1 2),'G]``.

A quote ``'`` before an S-expression gives the datum as written, read by lispy's reader, wherever
an expression may stand (the notes' own ``(G B B W R G)`` evaluates its elements).  The grammar
cannot read S-expressions, so :func:`extract_quoted` cuts each datum out of the text first, leaving
in its place the quote and a private-use character numbering the datum, padded with blanks (newlines
kept) so that every line and column after it stays where it was.  A datum ends at the ``)`` that
matches its ``(`` (not counting brackets inside ``|…|`` or after ``;``), else at a blank or one of
``( ) [ ] { } , ;``.  A ``'`` after a letter or digit is a prime in a name (``f'``), not a quote.
"""

from __future__ import annotations

import re
from typing import Any

from lispy.sexpr.data import ReadError, read

FIRST_MARK = 0xE000
"""The private-use character that numbers the first quoted datum; the grammar's ``QUOTED`` token."""
_LAST_MARK = 0xF8FF
_MARKS = _LAST_MARK - FIRST_MARK + 1
_PRIVATE = re.compile(f"[{chr(FIRST_MARK)}-{chr(_LAST_MARK)}]")

ENDS_ATOM = frozenset("()[]{},;'")
"""What ends a quoted atom: the M-expression's delimiters, and a quote."""
PRIME_AFTER = frozenset("_'₀₁₂₃₄₅₆₇₈₉")
"""Characters of a name that a ``'`` after them makes a prime (``f'``), not a quote."""


class QuoteError(ValueError):
    """A quoted datum that does not read: ``offset`` is where in the text, ``reason`` what is wrong."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


def extract_quoted(text: str) -> tuple[str, list[Any]]:
    """``text`` with each quoted datum replaced by a placeholder token, and the data in order; raises
    :class:`QuoteError` for a datum that does not read (its reason "ends too soon" where the text
    ends inside a quoted list), or for a private-use character (U+E000–U+F8FF, the placeholders')."""
    private = _PRIVATE.search(text)
    if private is not None:  # the grammar's QUOTED token is the quote and one of these: never the user's
        reason = f"the character U+{ord(private.group()):04X} (private use) cannot stand in an M-expression"
        raise QuoteError(reason, private.start())
    if "'" not in text:
        return text, []
    out: list[str] = []
    data: list[Any] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c != "'" or (i > 0 and (text[i - 1].isalnum() or text[i - 1] in PRIME_AFTER)):
            out.append(c)
            i += 1
            continue
        start = i + 1
        while start < len(text) and text[start] in " \t":
            start += 1
        end = _datum_end(text, start)
        try:
            data.append(read(text[start:end]))
        except ReadError as e:
            at = start + _offset(text[start:end], e)
            raise QuoteError(f"in the quoted datum: {e.reason}", at) from None
        if len(data) > _MARKS:
            raise QuoteError(f"more than {_MARKS:,} quoted data in one statement", i)
        out.append("'" + chr(FIRST_MARK + len(data) - 1))
        out.append("".join("\n" if ch == "\n" else " " for ch in text[i + 2 : end]))
        i = end
    return "".join(out), data


def _datum_end(text: str, start: int) -> int:
    """Where the datum that begins at ``start`` ends (an index into ``text``)."""
    if start >= len(text) or text[start] in ENDS_ATOM - {"("} or text[start].isspace():
        raise QuoteError("a quote must be followed by an S-expression", start)
    if text[start] != "(":
        i = start
        while i < len(text) and not text[i].isspace() and text[i] not in ENDS_ATOM:
            if text[i] == "|":
                i = _bar_end(text, i)
            else:
                i += 1
        return i
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == "|":
            i = _bar_end(text, i)
            continue
        if c == ";":
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise QuoteError("the text ends too soon: the quoted list's '(' is never closed", start)


def _bar_end(text: str, bar: int) -> int:
    """The index after the ``|`` that closes the barred symbol opened at ``bar`` (or the text's end)."""
    i = bar + 1
    while i < len(text) and text[i] != "|":
        i += 2 if text[i] == "\\" else 1
    return min(i + 1, len(text))


def _offset(datum: str, error: ReadError) -> int:
    """The offset in ``datum`` of a reader error's line and column."""
    lines = datum.split("\n")
    return sum(len(x) + 1 for x in lines[: error.line - 1]) + error.column - 1
