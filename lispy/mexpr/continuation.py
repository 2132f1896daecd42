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

:class:`Collector` turns lines into complete inputs, the same way at a terminal and from a
pipe or a file: an empty line or a command (``:…``) ends an unfinished input, and so does a
line that is complete by itself when joining it would not finish the input, so that one
unclosed bracket never swallows the rest of a file.  An input ended so is handed on as
unfinished (:attr:`Input.waiting`), for the REPL to report.
"""

from __future__ import annotations

from dataclasses import dataclass

from lispy.mexpr.syntax import MSyntaxError, parse_expression

__all__ = ["Collector", "Input", "waiting_for"]

INCOMPLETE = "ends too soon"
_CLOSING = {"(": ")", "[": "]", "{": "}"}
_WORDS = {"ELSE": "'else' and the expression after it", "THEN": "'then', 'else' and their expressions"}


def waiting_for(text: str, first_line: int = 1) -> str | None:
    """What the unfinished input ``text`` (its first line numbered ``first_line``) waits for, or
    ``None`` if it is not unfinished.

    ``None`` also for text that is wrong whatever follows it: the error is reported at once.
    """
    try:
        parse_expression(text)
    except MSyntaxError as e:
        if INCOMPLETE not in e.reason:
            return None
        return _open_bracket(text, first_line) or _next_word(e.expected) or "the rest of the expression"
    return None


def _complete(text: str) -> bool:
    try:
        parse_expression(text)
    except MSyntaxError:
        return False
    return True


def _open_bracket(text: str, first_line: int) -> str | None:
    """The innermost bracket left open in ``text``, as the words of a prompt."""
    stack: list[tuple[str, int, int]] = []
    line, column, in_bar = first_line, 0, False
    for c in text:
        column += 1
        if c == "\n":
            line, column = line + 1, 0
        elif in_bar or c == "|":  # a symbol between bars in a quoted datum: brackets there do not count
            in_bar = not in_bar if c == "|" else in_bar
        elif c in _CLOSING:
            stack.append((c, line, column))
        elif stack and c == _CLOSING[stack[-1][0]]:
            stack.pop()
    if not stack:
        return None
    bracket, at_line, at_column = stack[-1]
    return f"{_CLOSING[bracket]!r} to close the {bracket!r} at line {at_line}, column {at_column}"


def _next_word(expected: frozenset[str]) -> str | None:
    return next((words for token, words in _WORDS.items() if token in expected), None)


@dataclass(frozen=True)
class Input:
    """A complete input (``waiting`` is ``None``), or one ended unfinished: then ``waiting`` says for what."""

    line: int
    """The line of the source (a file, the pipe, the session) where it begins, from 1."""
    text: str
    waiting: str | None = None


class Collector:
    """Lines in, inputs out: ``add`` each line; ``finish`` at the end of the input."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._start = 0
        self.waiting: str | None = None
        """What the input collected so far waits for; ``None`` when nothing is pending."""

    @property
    def pending(self) -> bool:
        return bool(self._lines)

    @property
    def lines(self) -> int:
        """How many lines the unfinished input has so far."""
        return len(self._lines)

    def add(self, number: int, line: str) -> list[Input]:
        """The inputs that line ``number`` completes or ends (none while an input goes on)."""
        empty, comment = not line.strip(), line.lstrip().startswith(";")
        if not self._lines:
            if empty or comment:
                return []
            self._lines, self._start = [line], number
        elif empty:
            return [self._end()]
        elif comment:
            return []
        elif line.lstrip().startswith(":"):
            return [self._end(), *self.add(number, line)]
        else:
            joined = "\n".join([*self._lines, line])
            waiting = waiting_for(joined, self._start)
            if waiting is not None and _complete(line):
                return [self._end(), *self.add(number, line)]
            self._lines.append(line)
            return self._settle(joined, waiting)
        return self._settle(line, None if line.lstrip().startswith(":") else waiting_for(line, number))

    def _settle(self, text: str, waiting: str | None) -> list[Input]:
        """The input collected so far, ``text``, waits for ``waiting`` (goes on) or is complete."""
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
        ended = Input(self._start, "\n".join(self._lines), self.waiting or "the rest of the expression")
        self._lines, self.waiting = [], None
        return ended
