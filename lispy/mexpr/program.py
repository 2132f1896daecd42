"""Source files of M-expression definitions, and the notes' own (``lispy/notes/*.m``).

A source file is a sequence of definitions and assignments, each from a line at the margin to the
next (indented lines continue it, as the notes print their long definitions); the comma or full
stop that ends one in the notes' prose is dropped; lines beginning with ``;`` are comments.
:func:`notes` loads parts of the notes, compiled, as corrected by ERRATA.md or as printed::

    >>> from lispy.sexpr.data import read
    >>> m = notes("chapter5_search", "chapter5_paths", graph=read("((A B C) (B D) (C D) (D))"), final="D")
    >>> m.eval("search (A)")
    (D B A)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from lispy.mexpr.environment import Environment
from lispy.mexpr.syntax import Assignment, Definition, parse_statement

PARTS = (
    "chapter5_search",
    "chapter5_paths",
    "chapter5_insanity",
    "chapter5_insanity_words",
    "chapter6_game_trees",
)
"""The parts of the notes, each a file ``lispy/notes/<part>.m`` with ``<part>.corrections.m`` beside it."""


@dataclass(frozen=True)
class SourceStatement:
    """One statement's text, the name it defines, and where it is: ``origin``, ``line``."""

    name: str
    text: str
    origin: str
    line: int

    def parse(self) -> Definition | Assignment:
        """The statement read (once: parts are loaded again and again); ``MSyntaxError`` names
        ``origin`` and the line in the file."""
        return _parsed(self)


@functools.cache
def _parsed(statement: SourceStatement) -> Definition | Assignment:
    where = f"{statement.origin}: {statement.name}" if statement.name else statement.origin
    return parse_statement("\n" * (statement.line - 1) + statement.text, where)


def definition(part: str, name: str, occurrence: int = 1, corrected: bool = True) -> Definition | Assignment:
    """The ``occurrence``-th statement defining ``name`` in ``part`` (the notes define ``allsol``
    and ``maxlis`` twice), read."""
    found = [s for s in statements(part, corrected) if s.name == name]
    if len(found) < occurrence:
        raise KeyError(f"{part} defines {name} {len(found)} time(s), not {occurrence}")
    return found[occurrence - 1].parse()


def split_statements(text: str, origin: str = "input") -> list[SourceStatement]:
    """The statements of a source file, unparsed: each from a line at the margin to the next."""
    found: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if line[0].isspace() and found:
            found[-1][1].append(line)
        else:
            found.append((number, [line]))
    result = []
    for number, lines in found:
        body = "\n".join(lines).rstrip()
        if body.endswith((",", ".")):
            body = body[:-1]
        head = body.split("[", 1)[0].split(None, 1)  # empty for a statement that begins with "["
        name = head[0].split("←", 1)[0].split("=", 1)[0].split("<-", 1)[0] if head else ""
        result.append(SourceStatement(name, body, origin, number))
    return result


def part_defining(name: str) -> str | None:
    """The first part of the notes (:data:`PARTS`) that defines ``name``, or ``None``.

    >>> part_defining("valmax"), part_defining("twice")
    ('chapter6_game_trees', None)
    """
    return _first_parts().get(name)


@functools.cache
def _first_parts() -> dict[str, str]:
    return {s.name: part for part in reversed(PARTS) for s in read_source(part)}


def read_source(part: str, corrections: bool = False) -> list[SourceStatement]:
    """The statements of ``lispy/notes/<part>.m`` (or of its ``.corrections.m``)."""
    if part not in PARTS:
        raise ValueError(f"no part of the notes is called {part!r}; the parts are {', '.join(PARTS)}")
    filename = f"{part}.corrections.m" if corrections else f"{part}.m"
    text = resources.files("lispy.notes").joinpath(filename).read_text(encoding="utf-8")
    return split_statements(text, filename)


def statements(part: str, corrected: bool = True, printed_names: Iterable[str] = ()) -> list[SourceStatement]:
    """The part's statements in order, the printed ones that have a correction (but those named in
    ``printed_names``) replaced by it."""
    printed = read_source(part)
    if not corrected:
        return printed
    keep = set(printed_names)
    fixes = {s.name: s for s in read_source(part, corrections=True) if s.name not in keep}
    fixed, result = set(fixes), []
    for s in printed:
        if s.name not in fixed:
            result.append(s)
        elif s.name in fixes:  # the first statement of a corrected name: the others go
            result.append(fixes.pop(s.name))
    return result


def notes(*parts: str, corrected: bool = True, printed: Iterable[str] = (), **bindings: Any) -> Environment:
    """An environment with the given parts of the notes compiled and loaded (:func:`load`) after
    ``bindings``, what the notes leave to the application (``graph`` and ``final`` for paths);
    ``printed`` names definitions to take as printed although corrected (one erratum at a time).
    Raises ``MSyntaxError`` for a statement that does not read (as the printed ``puzz2`` does not)."""
    m = Environment()
    m.bind(**bindings)
    return load(m, (s.parse() for part in parts for s in statements(part, corrected, printed)))


def load(m: Environment, parsed: Iterable[Definition | Assignment]) -> Environment:
    """``m`` with the statements ``parsed`` in it: the definitions first, then the assignments in
    order, as the notes' "where …" after an assignment asks (they assign puzz2 ← cycles[…] before
    "where the function cycles is defined by").  Raises ``EvalError`` for an assignment that fails."""
    for statement in sorted(parsed, key=lambda s: isinstance(s, Assignment)):  # stable: in order
        m.define(statement)
    return m
