"""Inputs that go on over several lines, and what an unfinished one is waiting for.

The REPL reads a line at a time.  An input whose text ends too soon (an open bracket, an
``if`` without its ``else``, an operator without its right operand) goes on with the next
line; :func:`waiting_for` says for what, in words the continuation prompt shows:

>>> waiting_for("f[x] ← if x = 0 then 1")
"'else' and the expression after it"
>>> waiting_for("'((A B)")
"')' to close the '(' at line 1, column 2"
>>> waiting_for("f 1") is None
True

:class:`Collector` turns lines into complete inputs, at a terminal and from a file alike: an empty
line, a command (``:…``), or a line complete by itself that joining would not finish, ends an
unfinished input (handed on as such, :attr:`Input.waiting`), so that one unclosed bracket never
swallows the rest of a file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from lispy.mexpr.quoting import ENDS_ATOM, PRIME_AFTER
from lispy.mexpr.syntax import MSyntaxError, parse_expression

_CLOSING = {"(": ")", "[": "]", "{": "}"}
_OPENING = {v: k for k, v in _CLOSING.items()}
_WORDS = {"ELSE": "'else' and the expression after it", "THEN": "'then', 'else' and their expressions"}
_OPERATOR_WORDS = frozenset({"and", "or", "eq", "member", "if", "then", "else", "lambda"})
_OPERATORS = frozenset("+.*=<>≤≥ε←,-")
_REST = "the rest of the expression"


def waiting_for(text: str, first_line: int = 1) -> str | None:
    """What the unfinished input ``text`` (its first line numbered ``first_line``) waits for; ``None``
    if it is complete, or wrong whatever follows it (the error is reported at once)."""
    scanner = _Scanner()
    for number, line in enumerate(text.split("\n"), first_line):
        scanner.feed(line, number)
    return _waiting(scanner, lambda: text)


def _waiting(scanner: _Scanner, text: Callable[[], str]) -> str | None:
    """What the text ``scanner`` has seen waits for: from the scan where it is surely unfinished,
    else from a parse of ``text()``."""
    surely = scanner.waiting_for()
    if surely is not None:
        return surely
    whole = text()
    try:
        parse_expression(whole)
    except MSyntaxError as e:
        if "ends too soon" not in e.reason:
            return None
        words = next((words for token, words in _WORDS.items() if token in e.expected), None)
        return scanner.open_bracket() or words or _REST
    return None


def _complete(text: str) -> bool:
    try:
        parse_expression(text)
    except MSyntaxError:
        return False
    return True


@dataclass
class _Scanner:
    """Brackets, quoted data and the words ``if``/``then``/``else``, scanned a line at a time and
    never again, so that whether an input is surely unfinished is found in time linear in it; the
    parser is run only when the scan finds the input may be complete."""

    stack: list[tuple[str, int, int, bool]] = field(default_factory=list)
    """The open brackets: the bracket, its line and column, whether it opens a quoted list."""
    in_bar: bool = False
    ifs: int = 0
    thens: int = 0
    elses: int = 0
    last: str = "operand"  # the last token's kind: "operand", "operator" (wants a right side), "open", …
    broken: bool = False  # a bracket that closes nothing, a quote before nothing: the parser says what

    def copy(self) -> _Scanner:
        return replace(self, stack=list(self.stack))

    def open_bracket(self) -> str | None:
        """The innermost bracket left open, as the words of a prompt."""
        if not self.stack:
            return None
        bracket, line, column, _ = self.stack[-1]
        return f"{_CLOSING[bracket]!r} to close the {bracket!r} at line {line}, column {column}"

    def waiting_for(self) -> str | None:
        """What the text scanned so far surely waits for, or ``None``."""
        if self.broken:
            return None
        if self.stack:
            return self.open_bracket()
        if self.in_bar or self.last in ("operator", "λ", "lambda", "open", "}"):
            return _REST
        if self.ifs > self.thens:
            return _WORDS["THEN"]
        if self.ifs > self.elses:
            return _WORDS["ELSE"]
        return None

    def feed(self, line: str, number: int) -> None:
        i, size = 0, len(line)
        while i < size:
            c = line[i]
            if self.in_bar:  # a symbol between bars in a quoted datum
                i = self._bar(line, i)
                continue
            if self.stack and self.stack[-1][3]:  # inside a quoted list
                i = self._quoted_list(line, i, number)
                continue
            if c.isspace():
                i += 1
            elif c in _CLOSING:
                self.stack.append((c, number, i + 1, False))
                self.last, i = "open", i + 1
            elif c in _OPENING:
                if self.stack and self.stack[-1][0] == _OPENING[c]:
                    self.stack.pop()
                else:
                    self.broken = True
                self.last, i = ("}" if c == "}" else "close"), i + 1
            elif c == "'" and not (i > 0 and (line[i - 1].isalnum() or line[i - 1] in PRIME_AFTER)):
                i = self._quote(line, i + 1, number)
            elif c == "λ":
                self.last, i = "λ", i + 1
            elif c in _OPERATORS:
                self.last, i = "operator", i + 1
            elif c.isalpha() or c == "_":
                j = i + 1
                while j < size and (line[j].isalnum() or line[j] in PRIME_AFTER):
                    j += 1
                self._word(line[i:j])
                i = j
            else:
                self.last, i = "operand", i + 1  # a number, ∞, or what the parser will judge

    def _word(self, word: str) -> None:
        if self.last in ("λ", "lambda"):
            self.last = "operator"  # the λ's parameters: its "." and body must follow
            return
        if word == "if":
            self.ifs += 1
        elif word == "then":
            self.thens += 1
        elif word == "else":
            self.elses += 1
        self.last = "lambda" if word == "lambda" else "operator" if word in _OPERATOR_WORDS else "operand"

    def _quote(self, line: str, i: int, number: int) -> int:
        """After a quote at ``i - 1``: the datum's start; where the scan goes on."""
        while i < len(line) and line[i] in " \t":
            i += 1
        if i >= len(line) or (line[i] in ENDS_ATOM and line[i] != "(") or line[i].isspace():
            self.broken = True  # a quote must be followed by an S-expression
            return i
        self.last = "operand"
        if line[i] == "(":
            self.stack.append(("(", number, i + 1, True))
            return i + 1
        while i < len(line) and not line[i].isspace() and line[i] not in ENDS_ATOM:
            if line[i] == "|":
                self.in_bar = True
                i = self._bar(line, i + 1)
            else:
                i += 1
        return i

    def _bar(self, line: str, i: int) -> int:
        while i < len(line):
            if line[i] == "\\":
                i += 2
            elif line[i] == "|":
                self.in_bar = False
                return i + 1
            else:
                i += 1
        return i

    def _quoted_list(self, line: str, i: int, number: int) -> int:
        """Inside a quoted list: only its brackets, bars and comments count."""
        c = line[i]
        if c == ";":
            return len(line)
        if c == "|":
            self.in_bar = True
            return self._bar(line, i + 1)
        if c == "(":
            self.stack.append(("(", number, i + 1, True))
        elif c == ")":
            self.stack.pop()
            self.last = "operand"
        return i + 1


@dataclass(frozen=True)
class Input:
    """A complete input (``waiting`` is ``None``), or one ended unfinished: then ``waiting`` says for what."""

    line: int  #: where it begins in its source (a file, the pipe, the session), from 1
    text: str
    waiting: str | None = None


class Collector:
    """Lines in, inputs out: ``add`` each line; ``finish`` at the end of the input."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._start = 0
        self._scanner = _Scanner()
        self.waiting: str | None = None
        """What the input collected so far waits for; ``None`` when nothing is pending."""

    @property
    def pending(self) -> bool:
        return bool(self._lines)

    @property
    def line_count(self) -> int:
        """How many lines the unfinished input has so far."""
        return len(self._lines)

    def add(self, number: int, line: str) -> list[Input]:
        """The inputs that line ``number`` completes or ends (none while an input goes on)."""
        empty, comment = not line.strip(), line.lstrip().startswith(";")
        if not self._lines:
            if empty or comment:
                return []
            self._lines, self._start = [line], number
            if line.lstrip().startswith(":"):
                return self._settle(line, None)
            self._scanner = _Scanner()
            self._scanner.feed(line, number)
            return self._settle(line, _waiting(self._scanner, lambda: line))
        if empty:
            return [self._end()]
        if comment:
            return []
        if line.lstrip().startswith(":"):
            return [self._end(), *self.add(number, line)]
        before = self._scanner.copy()
        self._scanner.feed(line, number)
        self._lines.append(line)
        waiting = _waiting(self._scanner, lambda: "\n".join(self._lines))
        if waiting is not None and _complete(line):
            self._lines.pop()
            self._scanner = before
            return [self._end(), *self.add(number, line)]
        return self._settle("\n".join(self._lines) if waiting is None else "", waiting)

    def _settle(self, text: str, waiting: str | None) -> list[Input]:
        """The input so far, ``text``, waits for ``waiting`` (and goes on) or is complete."""
        self.waiting = waiting
        if waiting is not None:
            return []
        self._lines = []
        return [Input(self._start, text)]

    def cancel(self) -> Input | None:
        """Drop the unfinished input (Ctrl-C at the continuation prompt); it is returned, unfinished."""
        return self._end() if self._lines else None

    def finish(self) -> list[Input]:
        """At the end of the input: the unfinished input, if any."""
        return [self._end()] if self._lines else []

    def _end(self) -> Input:
        ended = Input(self._start, "\n".join(self._lines), self.waiting or _REST)
        self._lines, self.waiting = [], None
        return ended
