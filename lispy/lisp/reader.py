"""The reader: Lisp notation to Lisp data.

``read(text)`` reads exactly one S-expression:

* lists ``(G B B W R G)``, the empty list ``()`` or ``NIL``, dotted pairs
  ``(1 . G)`` and dotted lists ``(1 2 . G)``;
* numbers: integers ``16``, ``-3``, decimals ``2.5``, ``1e6``, and ``∞``, ``-∞``
  (also spelled ``inf``, ``-inf``);
* symbols: any other run of characters without blanks or ``( ) | ; " ' ` ,``,
  case kept (McCarthy writes them in capitals: ``G``, ``LOSE``), read as an
  interned Python ``str``; a symbol with such characters is written between
  bars, ``|two words|``, with ``\\|`` and ``\\\\`` inside;
* a ``;`` starts a comment to the end of the line.

Malformed text raises :class:`ReadError`, a ``ValueError`` that gives the line
and column (both from 1) of the fault: an unclosed ``(`` (its position), an
unexpected ``)``, a misplaced dot, a stray character, nothing to read, or text
after the expression.  The parser is a loop with an explicit stack, so text
nested 10^5 deep reads like any other.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

from lispy.lisp.atoms import parse_atom
from lispy.lisp.data import NIL, from_iterable

__all__ = ["ReadError", "read"]


class ReadError(ValueError):
    """Malformed Lisp text.  ``line`` and ``column`` count from 1; ``reason`` is the fault."""

    def __init__(self, reason: str, line: int, column: int) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: {reason}")


_TOKEN = re.compile(
    r"""
      (?P<space>[^\S\n]+)
    | (?P<newline>\n)
    | (?P<comment>;[^\n]*)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<barred>\|(?:[^|\\]|\\.)*\|)
    | (?P<unclosed_bar>\|)
    | (?P<atom>[^\s()|;"'`,]+)
    | (?P<stray>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_UNBAR = re.compile(r"\\(.)", re.DOTALL)


_DOT = object()  # the token "."


def _tokens(text: str) -> Iterator[tuple[str, Any, int, int]]:
    """Yield ``(kind, value, line, column)`` for each token of ``text``."""
    line, line_start = 1, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "stray"
        start = m.start()
        column = start - line_start + 1
        if kind == "space" or kind == "comment":
            continue
        if kind == "newline":
            line, line_start = line + 1, m.end()
            continue
        token = m.group()
        if kind == "atom":
            if token == ".":
                yield "dot", _DOT, line, column
            elif token.startswith("#"):
                raise ReadError(f"unreadable object {token!r}", line, column)
            else:
                yield "atom", parse_atom(token), line, column
        elif kind == "barred":
            yield "atom", sys.intern(_UNBAR.sub(r"\1", token[1:-1])), line, column
            newlines = token.count("\n")
            if newlines:
                line += newlines
                line_start = start + token.rindex("\n") + 1
        elif kind == "unclosed_bar":
            raise ReadError("a symbol opened with '|' is never closed", line, column)
        elif kind == "stray":
            raise ReadError(f"unexpected character {token!r}", line, column)
        else:
            yield kind, token, line, column
    yield "end", None, line, len(text) - line_start + 1


class _Frame:
    """A list being read: its elements, its dotted tail, and where it opened."""

    __slots__ = ("column", "items", "line", "state", "tail")

    def __init__(self, line: int, column: int) -> None:
        self.items: list[Any] = []
        self.tail: Any = NIL
        self.state = "items"  # then "dot" (after the dot) and "tail" (after the tail)
        self.line, self.column = line, column


def read(text: str) -> Any:
    """Read exactly one S-expression from ``text``.

    >>> read("((1 . G) (2 3))")
    ((1 . G) (2 3))
    >>> read("(a b")
    Traceback (most recent call last):
        ...
    lispy.lisp.reader.ReadError: line 1, column 1: '(' is never closed

    Raises :class:`ReadError` (a ``ValueError``) with line and column on malformed text.
    """
    if not isinstance(text, str):
        raise TypeError(f"read: expected a str of Lisp text, got {type(text).__name__}")
    stack: list[_Frame] = []
    result: Any = _DOT  # nothing read yet
    for kind, value, line, column in _tokens(text):
        if kind == "end":
            if stack:
                f = stack[-1]
                raise ReadError("'(' is never closed", f.line, f.column)
            if result is _DOT:
                raise ReadError("nothing to read", line, column)
            return result
        if result is not _DOT:
            reason = "unexpected ')'" if kind == "close" else "text after the expression"
            raise ReadError(reason, line, column)
        if kind == "open":
            if stack:
                _expect_element(stack[-1], line, column)
            stack.append(_Frame(line, column))
            continue
        if kind == "dot":
            if not stack:
                raise ReadError("a dot outside a list", line, column)
            f = stack[-1]
            if f.state != "items" or not f.items:
                raise ReadError("a dot must stand between the elements and the tail", line, column)
            f.state = "dot"
            continue
        if kind == "close":
            if not stack:
                raise ReadError("unexpected ')'", line, column)
            f = stack.pop()
            if f.state == "dot":
                raise ReadError("a dot must be followed by one tail before ')'", line, column)
            value = from_iterable(f.items, f.tail)
        # A complete datum: an atom, or a list just closed.
        if not stack:
            result = value
        else:
            f = stack[-1]
            if f.state == "dot":
                f.tail, f.state = value, "tail"
            else:
                if kind == "atom":  # a list's opening '(' was checked when it was read
                    _expect_element(f, line, column)
                f.items.append(value)
    raise AssertionError("unreachable: the token stream ends with 'end'")


def _expect_element(f: _Frame, line: int, column: int) -> None:
    if f.state == "tail":
        raise ReadError("only one tail may follow the dot", line, column)
