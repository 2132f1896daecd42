"""The edition's figures, as SVG: game trees with the moves a search never examined marked x, and
the plot of positions examined against depth.

Figure 2.6 of chapter 6 is lost from the archive.  :data:`FIGURE_2_6` is lispy's reconstruction
(the one ``chapters/game_trees.py`` prints): the smallest tree that fits the notes' words with
more than one move marked x, the minimizing player to move.  :func:`figure_2_6` runs the notes'
``minval`` on it (:class:`lispy.chapter6.watch.Watch` records what it examines) and draws it.

The plot uses matplotlib when it is installed (``pip install -e '.[plot]'``); without it
:func:`ordering_plot` gives ``None`` and the edition shows the numbers as a table.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from html import escape
from typing import Any

from lispy.chapter6.sexp_games import leaves as terminal_positions
from lispy.chapter6.sexp_games import minimax, ter
from lispy.chapter6.sexp_games import tree as sexp_tree
from lispy.chapter6.watch import Watch
from lispy.sexpr.atoms import atom_to_string
from lispy.sexpr.data import to_pylist
from lispy.sexpr.reader import read

__all__ = ["FIGURE_2_6", "FIGURE_2_6_TEXT", "Figure", "figure_2_6", "ordering_plot", "tree_svg"]

FIGURE_2_6_TEXT = "((2 5) (9 4 7))"
FIGURE_2_6 = read(FIGURE_2_6_TEXT)
"""Figure 2.6 reconstructed (the figure is lost): the minimizing player to move."""

_X_GAP, _Y_GAP, _MARGIN = 64, 78, 34


@dataclass(frozen=True)
class Figure:
    """A figure of the edition: its SVG text, and what it shows in words (its caption)."""

    svg: str
    caption: str
    value: Any = None
    evaluated: tuple[tuple[int, ...], ...] = ()


def _layout(t: Any, path: tuple[int, ...], depth: int, x: list[float], nodes: list[tuple[Any, ...]]) -> float:
    """Place the nodes: leaves left to right, a parent centred over its children."""
    if ter(t):
        place = x[0]
        x[0] += _X_GAP
    else:
        places = [_layout(c, (*path, i), depth + 1, x, nodes) for i, c in enumerate(to_pylist(t), 1)]
        place = sum(places) / len(places)
    nodes.append((path, depth, place, t))
    return place


def tree_svg(
    t: Any, examined: set[tuple[int, ...]] | None = None, max_to_move: bool = True, title: str = ""
) -> str:
    """The S-expression game tree ``t`` as SVG: MAX's positions as triangles pointing up, MIN's
    pointing down, each with its minimax value, and the leaves as their values.

    ``examined``: the paths of the positions a search examined (as :class:`Watch` records them);
    the move to any other position is dashed and marked x, and its subtree greyed.
    """
    nodes: list[tuple[tuple[int, ...], int, float, Any]] = []
    _layout(t, (), 0, [float(_MARGIN)], nodes)
    where = {path: (x, _MARGIN + 18 + depth * _Y_GAP) for path, depth, x, _ in nodes}
    width = max(x for x, _ in where.values()) + _MARGIN
    height = max(y for _, y in where.values()) + _MARGIN + 8
    unseen = {p for p in where if examined is not None and p and p not in examined}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        '<g font-family="Georgia, serif" font-size="15" text-anchor="middle">',
    ]
    for path, (x, y) in where.items():
        if path:
            px, py = where[path[:-1]]
            out = path in unseen
            dash = ' stroke-dasharray="5 4"' if out else ""
            colour = "#9a9a9a" if out else "#333"
            parts.append(
                f'<line x1="{px:.1f}" y1="{py + 14:.1f}" x2="{x:.1f}" y2="{y - 14:.1f}" stroke="{colour}" '
                f'stroke-width="1.5"{dash}/>'
            )
            if out and path[:-1] not in unseen:
                mx, my = (px + x) / 2, (py + y) / 2
                parts.append(
                    f'<text x="{mx:.1f}" y="{my + 6:.1f}" fill="#b00020" font-size="20" '
                    'font-weight="bold">x</text>'
                )
    for path, depth, x, node in nodes:
        _, y = where[path]
        maxing = (depth % 2 == 0) == max_to_move
        grey = path in unseen or any(path[:k] in unseen for k in range(1, len(path)))
        fill, ink = ("#eee", "#9a9a9a") if grey else ("#fff", "#111")
        value = atom_to_string(minimax(node, maxing))
        if ter(node):
            parts.append(
                f'<rect x="{x - 15:.1f}" y="{y - 13:.1f}" width="30" height="26" rx="3" '
                f'fill="{fill}" stroke="{ink}"/>'
            )
        else:
            tip, base = (y - 16, y + 13) if maxing else (y + 16, y - 13)
            parts.append(
                f'<polygon points="{x:.1f},{tip:.1f} {x - 19:.1f},{base:.1f} {x + 19:.1f},{base:.1f}" '
                f'fill="{fill}" stroke="{ink}" stroke-width="1.5"/>'
            )
            label = "MAX" if maxing else "MIN"
            parts.append(
                f'<text x="{x + 24:.1f}" y="{y - 14:.1f}" font-size="11" fill="#555" '
                f'text-anchor="start">{label}</text>'
            )
        shift = 0 if ter(node) else (3 if maxing else -3)
        parts.append(f'<text x="{x:.1f}" y="{y + 5 + shift:.1f}" fill="{ink}">{escape(value)}</text>')
    parts.append("</g></svg>")
    return "\n".join(parts)


def figure_2_6() -> Figure:
    """Figure 2.6 reconstructed, searched by the notes' ``minval`` (αβ), drawn with the moves it never
    examined marked x."""
    watch = Watch(sexp_tree.successors, sexp_tree.ter, sexp_tree.imval)
    value = watch.search.minval(watch.root(FIGURE_2_6))
    examined = set(watch.examined)
    leaves = sum(1 for _ in terminal_positions(FIGURE_2_6))
    caption = (
        f"Figure 2.6, reconstructed: the tree {FIGURE_2_6_TEXT}, the minimizing player to move. The figure "
        "is missing from the archive; the notes say that the moves marked x need not be examined because "
        '"the presence of the 9 is sufficient information at this point to show that the move leading to the '
        'vertex preceding it should not be chosen by the minimizing player". This is the smallest tree that '
        f"fits those words with more than one move marked x. Computed in this build: minval gives {value}, "
        f"and αβ evaluated {len(watch.evaluated)} of the {leaves} terminal positions."
    )
    svg = tree_svg(FIGURE_2_6, examined, max_to_move=False, title="Figure 2.6, reconstructed")
    return Figure(svg, caption, value, tuple(watch.evaluated))


def ordering_plot(series: dict[str, list[float]], depths: list[int], k: int) -> str | None:
    """The positions examined against depth on a log scale, as SVG text; ``None`` without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    styles = {
        "minimax, k^n": "o-",
        "αβ, worst move first": "s",
        "αβ, random order": "^-",
        "αβ, best move first": "D",
    }
    with plt.rc_context({"svg.hashsalt": "lispy", "svg.fonttype": "none", "font.size": 11}):
        fig, ax = plt.subplots(figsize=(7.2, 4.4))
        for name, counts in series.items():
            if name in styles:
                marker = styles[name]
                ax.plot(
                    depths,
                    counts,
                    marker,
                    label=name,
                    markersize=8 if "s" in marker else 6,
                    fillstyle="none" if marker == "s" else "full",
                )
            else:
                ax.plot(depths, counts, ":", color="#555", label=name)
        ax.set_yscale("log")
        ax.set_xlabel("depth n")
        ax.set_ylabel("terminal positions examined")
        ax.set_title(f"Minimax and αβ on uniform trees, k = {k} moves a position")
        ax.legend(fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
        fig.tight_layout()
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
        plt.close(fig)
    text = out.getvalue()
    return text[text.index("<svg") :]
