"""A terminal drawing of a game tree: each position's value, and ``x`` on the moves not examined.

>>> from lispy.sexpr.reader import read
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

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from lispy.chapter6.sexp_games import minimax, ter
from lispy.sexpr.atoms import atom_to_string

__all__ = ["draw"]


def draw(t: Any, examined: Collection[tuple[int, ...]] | None = None, max_to_move: bool = True) -> str:
    """Draw the S-expression game tree ``t``, one position a line, with its minimax value.

    ``examined``: the paths (as :class:`lispy.chapter6.watch.Watch` records them) of the positions a
    search examined; a move to any other position is marked ``x``.  ``None`` marks nothing.
    The root is the maximizing player's to move unless ``max_to_move`` is false.
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
