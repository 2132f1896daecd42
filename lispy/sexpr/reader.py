"""The reader: Lisp notation to Lisp data.

Text without bars, quotes, commas or ``#`` is read in bulk: split at the parentheses, each run of
atoms split at once, a run of numbers by ``json``'s scanner (whose numbers are a subset of the
reader's, with the same values).  Anything unusual there sends the text to the exact reader,
which walks it token by token, an explicit stack for the lists, and names the fault's place.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

from lispy.sexpr.atoms import IntegerTooLong, parse_atom
from lispy.sexpr.data import NIL, collector_paused, from_iterable


class ReadError(ValueError):
    """Malformed Lisp text.  ``line`` and ``column`` count from 1; ``reason`` is the fault.

    >>> try:
    ...     read("(1 2 . G H)")
    ... except ReadError as error:
    ...     error.line, error.column, error.reason
    (1, 10, 'only one tail may follow the dot')
    """

    def __init__(self, reason: str, line: int, column: int) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(f"line {line}, column {column}: {reason}")


_TOKEN = re.compile(
    r"""
      (?P<space>\s+)
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


def read(text: str) -> Any:
    """Read exactly one S-expression from ``text``: lists ``(G B B W R G)``, ``()`` or ``NIL``, dotted
    pairs ``(1 . G)`` and lists ``(1 2 . G)``; numbers (``16``, ``-3``, ``2.5``, ``1e6``, ``∞`` or
    ``inf``); symbols, any other run of characters without blanks or ``( ) | ; " ' ` ,``, case kept
    and interned (``|two words|`` between bars, with ``\\|`` and ``\\\\`` inside); ``;`` comments to
    the end of the line.  Malformed text, or an integer past lispy's limit on digits, raises
    :class:`ReadError` (a ``ValueError``) with the line and column of the fault.

    >>> read("((1 . G) (2 3))")
    ((1 . G) (2 3))
    """
    if not isinstance(text, str):
        raise TypeError(f"read: expected a str of Lisp text, got {type(text).__name__}")
    with collector_paused():
        if not any(c in text for c in _EXACT_ONLY):
            try:
                result = _read_bulk(text)
            except IntegerTooLong:  # the exact reader says where
                result = _EXACT
            if result is not _EXACT:
                return result
        return _read_exact(text)


_EXACT_ONLY = "|\"'`,#"
"""Characters that only the exact reader handles: bars, the stray characters, and ``#``."""

_EXACT = object()  # the bulk reader's answer when the exact reader must decide
_COMMENT = re.compile(r";[^\n]*")
_NUMBER_CHARS = b"0123456789.eE+-"
_SPACES = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"  # ASCII whitespace, as str.split() sees it
_ELEMENTS, _AFTER_DOT, _AFTER_TAIL = 0, 1, 2


def _read_bulk(text: str) -> Any:
    """The datum of ``text`` (none of :data:`_EXACT_ONLY`) read a run of atoms at a time, or ``_EXACT``
    at anything unusual.  A frame ``(items, tail, state)`` for each open list; the top level's holds one."""
    if ";" in text:
        text = _COMMENT.sub("", text)
    frames: list[tuple[list[Any], Any, int]] = []
    items: list[Any] = []
    tail: Any = NIL
    state = _ELEMENTS
    symbols: dict[str, Any] = {}
    for k, piece in enumerate(text.split("(")):
        if k:  # a '(' came before this piece
            if state == _AFTER_TAIL or (not frames and items):
                return _EXACT
            frames.append((items, tail, state))
            items, tail, state = [], NIL, _ELEMENTS
        for j, run in enumerate(piece.split(")")):
            if j:  # a ')' came before this run
                if not frames or state == _AFTER_DOT:
                    return _EXACT
                value = from_iterable(items, tail)
                items, tail, state = frames.pop()
                if state == _AFTER_DOT:
                    tail, state = value, _AFTER_TAIL
                elif state == _AFTER_TAIL or (not frames and items):
                    return _EXACT
                else:
                    items.append(value)
            if not run:
                continue
            atoms = _atoms(run, symbols)
            if atoms is not None:
                if not atoms:  # blanks only
                    continue
                if state == _ELEMENTS and (frames or (not items and len(atoms) == 1)):
                    if items:
                        items += atoms
                    else:
                        items = atoms
                    continue
            if not frames:  # a dot, or more than one datum, at the top level
                return _EXACT
            for token in run.split():
                if token == ".":
                    if state != _ELEMENTS or not items:
                        return _EXACT
                    state = _AFTER_DOT
                elif state == _AFTER_DOT:
                    tail, state = _atom(token, symbols), _AFTER_TAIL
                elif state == _AFTER_TAIL:
                    return _EXACT
                else:
                    items.append(_atom(token, symbols))
    if frames or len(items) != 1:
        return _EXACT
    return items[0]


def _atoms(run: str, symbols: dict[str, Any]) -> list[Any] | None:
    """The atoms of ``run`` (text without parentheses), or None if a token is the dot; a run of numbers
    goes to json's scanner, with commas for the blanks."""
    if run.isascii() and not _long_integers_possible(run):
        raw = run.encode("ascii")
        numbers = None
        if not raw.translate(None, _NUMBER_CHARS + b" "):
            numbers = _json_numbers(run.strip().replace(" ", ","))
            if numbers is None and "  " in run:
                numbers = _json_numbers(",".join(run.split()))
        elif not raw.translate(None, _NUMBER_CHARS + _SPACES):
            numbers = _json_numbers(",".join(run.split()))
        if numbers is not None:
            return numbers
    tokens = run.split()
    if "." in run and "." in tokens:
        return None
    for token in set(tokens).difference(symbols):
        symbols[token] = parse_atom(token)
    return list(map(symbols.__getitem__, tokens))


def _long_integers_possible(run: str) -> bool:
    """Might ``run`` hold an integer that ``json``'s quadratic ``int`` would take long over?  Only if
    Python's own limit (4,300 digits by default) was raised or removed, and ``run`` is long."""
    python_limit = sys.get_int_max_str_digits()
    if 0 < python_limit <= _JSON_DIGITS or len(run) <= _JSON_DIGITS:
        return False
    return max(map(len, run.split()), default=0) > _JSON_DIGITS


_JSON_DIGITS = 4300  # the longest number handed to json's scanner, Python's default limit for int


def _json_numbers(numbers: str) -> list[Any] | None:
    """The comma-separated ``numbers`` by ``json.loads``, or None where JSON refuses one of the reader's
    forms (``+1``, ``01``, ``1.``, ``.5``, the dot), which then go token by token."""
    try:
        return json.loads("[" + numbers + "]")
    except ValueError:
        return None


def _atom(token: str, symbols: dict[str, Any]) -> Any:
    value = symbols.get(token)
    if value is None:
        value = symbols[token] = parse_atom(token)
    return value


_DOT = object()  # the token "."


def _fault(reason: str, text: str, offset: int) -> ReadError:
    """The error ``reason`` at ``offset`` in ``text``, its line and column counted from 1."""
    return ReadError(reason, text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset))


def _tokens(text: str) -> Iterator[tuple[str, Any, int]]:
    """Yield ``(kind, value, offset)`` for each token of ``text``, then ``("end", None, len(text))``."""
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "stray"
        if kind == "space" or kind == "comment":
            continue
        start = m.start()
        token = m.group()
        if kind == "atom":
            if token == ".":
                yield "dot", _DOT, start
            elif token.startswith("#"):
                raise _fault(f"unreadable object {token!r}", text, start)
            else:
                try:
                    value = parse_atom(token)
                except IntegerTooLong as e:
                    raise _fault(str(e), text, start) from None
                yield "atom", value, start
        elif kind == "barred":
            yield "atom", sys.intern(_UNBAR.sub(r"\1", token[1:-1])), start
        elif kind == "unclosed_bar":
            raise _fault("a symbol opened with '|' is never closed", text, start)
        elif kind == "stray":
            raise _fault(f"unexpected character {token!r}", text, start)
        else:
            yield kind, token, start
    yield "end", None, len(text)


class _Frame:
    """A list being read: its elements, its dotted tail, and where it opened."""

    __slots__ = ("items", "offset", "state", "tail")

    def __init__(self, offset: int) -> None:
        self.items: list[Any] = []
        self.tail: Any = NIL
        self.state = "items"  # then "dot" (after the dot) and "tail" (after the tail)
        self.offset = offset


def _read_exact(text: str) -> Any:
    """:func:`read` token by token: the reader that names the place of a fault."""
    stack: list[_Frame] = []
    result: Any = _DOT  # nothing read yet
    for kind, value, offset in _tokens(text):
        if kind == "end":
            if stack:
                raise _fault("'(' is never closed", text, stack[-1].offset)
            if result is _DOT:
                raise _fault("nothing to read", text, offset)
            return result
        if result is not _DOT:
            raise _fault("unexpected ')'" if kind == "close" else "text after the expression", text, offset)
        if kind == "open":
            if stack:
                _expect_element(stack[-1], text, offset)
            stack.append(_Frame(offset))
            continue
        if kind == "dot":
            if not stack:
                raise _fault("a dot outside a list", text, offset)
            f = stack[-1]
            if f.state != "items" or not f.items:
                raise _fault("a dot must stand between the elements and the tail", text, offset)
            f.state = "dot"
            continue
        if kind == "close":
            if not stack:
                raise _fault("unexpected ')'", text, offset)
            f = stack.pop()
            if f.state == "dot":
                raise _fault("a dot must be followed by one tail before ')'", text, offset)
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
                    _expect_element(f, text, offset)
                f.items.append(value)
    raise AssertionError("unreachable: the token stream ends with 'end'")


def _expect_element(f: _Frame, text: str, offset: int) -> None:
    if f.state == "tail":
        raise _fault("only one tail may follow the dot", text, offset)
