"""Printing for the chapter scripts: a value in Lisp notation beside what the notes say, tables, and a
game tree drawn with its values and ``x`` on the moves a search never examined."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Collection
from typing import Any

from tabulate import tabulate

from lispy import to_string
from lispy.chapter6.sexp_games import minimax, ter
from lispy.sexpr.data import atom_to_string

WIDTH = 100
"""The chapters' lines fit this many columns."""

INDENT = "    "
"""A table's and a remark's indentation."""

NUMBER = re.compile(r"[-+−]?(\d[\d,]*)?(\.\d+)?( ?(ms|s|%))?")
"""A cell that is a number (``549,946``, ``-1``, ``5,945.7``, ``2.9 ms``); ``-`` and ``""`` match too."""


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
    print(textwrap.fill(text, WIDTH, initial_indent=INDENT, subsequent_indent=INDENT))


def table(header: list[str], rows: list[list[str]]) -> None:
    """Print a plain text table (tabulate's "simple" format), indented, within :data:`WIDTH` columns.

    Cells are strings, printed as given (no number parsing); a column whose cells are all
    numbers (:data:`NUMBER`, at least one of them not empty or ``-``) is aligned right, the
    others left.  When the table would pass :data:`WIDTH`, its widest columns are wrapped: a
    text column's cells and header, a number column's header only.
    """
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in header]
    numeric = [
        all(NUMBER.fullmatch(c) for c in cells) and any(c not in ("", "-") for c in cells)
        for cells in columns
    ]
    # tabulate pads a header by 2 (tabulate.MIN_PADDING) and separates columns by 2 spaces
    longest = [max(map(len, cells), default=0) for cells in columns]
    widths = [max(len(h) + 2, w) for h, w in zip(header, longest, strict=True)]
    limit = WIDTH - len(INDENT) - 2 * (len(header) - 1)
    wrap: list[int | None] = [None] * len(header)
    while sum(widths) > limit:
        # a text column wraps its cells, down to 12 columns; a number column only its header
        narrower = [(w, i) for i, w in enumerate(widths) if w > (max(longest[i], 6) if numeric[i] else 12)]
        if not narrower:
            break
        i = max(narrower)[1]
        widths[i] -= 1
        wrap[i] = widths[i]
    text = tabulate(
        rows,
        header,
        tablefmt="simple",
        colalign=["right" if x else "left" for x in numeric],
        disable_numparse=True,
        maxcolwidths=[None if x else w for x, w in zip(numeric, wrap, strict=True)],
        maxheadercolwidths=[None if w is None else w - 2 for w in wrap],
    )
    for line in text.splitlines():
        print((INDENT + line).rstrip())


def draw(t: Any, examined: Collection[tuple[int, ...]] | None = None, max_to_move: bool = True) -> str:
    """The S-expression game tree ``t`` drawn, one position a line, with its minimax value.

    ``examined``: the paths (as :class:`lispy.chapter6.watch.Watch` records them) of the positions a
    search examined; a move to any other position is marked ``x``.  ``None`` marks nothing.
    The root is the maximizing player's to move unless ``max_to_move`` is false.

    >>> from lispy import read
    >>> print(draw(read("((3 12 8) (2 4 6))"), examined={(1,), (1, 1), (1, 2), (1, 3), (2,), (2, 1)}))
    MAX 3
    ├── MIN 3
    │   ├── 3
    │   ├── 12
    │   └── 8
    └── MIN 2
        ├── 2
        ├── x 4
        └── x 6
    """
    lines: list[str] = []
    # (subtree, path, prefix for its line, prefix for its children, max to move?)
    stack: list[tuple[Any, tuple[int, ...], str, str, bool]] = [(t, (), "", "", max_to_move)]
    while stack:
        node, path, lead, indent, maxing = stack.pop()
        mark = "x " if examined is not None and path and path not in examined else ""
        value = atom_to_string(minimax(node, maxing))
        player = "" if ter(node) else ("MAX " if maxing else "MIN ")
        lines.append(f"{lead}{mark}{player}{value}")
        if ter(node):
            continue
        children = list(node)
        for i in reversed(range(len(children))):
            last = i == len(children) - 1
            stack.append(
                (
                    children[i],
                    (*path, i + 1),
                    indent + ("└── " if last else "├── "),
                    indent + ("    " if last else "│   "),
                    not maxing,
                )
            )
    return "\n".join(lines)
