"""Printing for the chapter scripts: a value in Lisp notation beside what the notes say."""

from __future__ import annotations

import sys
import textwrap
from typing import Any

from lispy import to_string

WIDTH = 100


def printable_stdout() -> None:
    """Let a terminal that cannot show ``∞`` or ``p₀`` show an escape instead of failing."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


def heading(title: str, rule: str = "-") -> None:
    """A section title, underlined with ``rule``."""
    print()
    print(title)
    print(rule * len(title))


def show(label: str, value: Any, notes: str | None = None, source: str = "the notes") -> None:
    """Print ``label = value`` (the value in Lisp notation, wrapped), then the ``source``'s words."""
    if isinstance(value, bool):  # the notes' truth values, not Lisp data
        text = "true" if value else "false"
    else:
        text = value if isinstance(value, str) else to_string(value)
    lead = f"{label} = "
    print(textwrap.fill(text, WIDTH, initial_indent=lead, subsequent_indent=" " * min(len(lead), 12)))
    if notes:
        say(f"{source}: {notes}")


def say(text: str) -> None:
    """A remark, indented and wrapped."""
    print(textwrap.fill(text, WIDTH, initial_indent="    ", subsequent_indent="    "))


def table(header: list[str], rows: list[list[str]]) -> None:
    """A plain text table, columns padded to their widest cell."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        print("    " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip())
