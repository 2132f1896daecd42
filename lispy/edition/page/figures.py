"""The edition's figures, as SVG: game trees with the moves a search never examined marked x (laid
out by :func:`layout`, which the αβ steppers use too, and drawn by ``templates/tree.svg.j2``), and
the plot of positions examined against depth (by matplotlib, where installed: ``pip install -e
'.[plot]'``; else the edition shows a table).

Figure 2.6 of chapter 6 is lost from the archive: :data:`FIGURE_2_6` is lispy's reconstruction (the
one ``chapters/game_trees.py`` prints), the smallest tree that fits the notes' words with more than
one move marked x.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from lispy.chapter6.sexp_games import leaves as terminal_positions
from lispy.chapter6.sexp_games import minimax, ter
from lispy.chapter6.sexp_games import tree as sexp_tree
from lispy.chapter6.watch import Watch
from lispy.claims.move_ordering import knuth_moore
from lispy.claims.move_ordering import ordering_series as counted_series
from lispy.edition.page.render import render
from lispy.sexpr.data import atom_to_string, read, to_pylist

__all__ = [
    "FIGURE",
    "FIGURE_2_6",
    "FIGURE_2_6_TEXT",
    "Drawing",
    "Figure",
    "Node",
    "Spacing",
    "figure_2_6",
    "layout",
    "ordering_figure",
    "ordering_plot",
    "tree_svg",
]

FIGURE_2_6_TEXT = "((2 5) (9 4 7))"
FIGURE_2_6 = read(FIGURE_2_6_TEXT)
"""Figure 2.6 reconstructed (the figure is lost): the minimizing player to move."""


@dataclass(frozen=True)
class Figure:
    """A figure of the edition: its SVG text, and what it shows in words (its caption); the value the
    search gave and the terminal positions it evaluated."""

    svg: str
    caption: str
    value: Any = None
    evaluated: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Spacing:
    """How a tree is drawn: ``across`` between leaves, ``down`` between levels, ``margin`` round it,
    and ``top`` and ``bottom`` more above and below."""

    across: float
    down: float
    margin: float
    top: float
    bottom: float


FIGURE = Spacing(64, 78, 34, 18, 8)
"""The spacing of the figures (:func:`tree_svg`)."""


@dataclass
class Node:
    """A position placed in a drawing: its ``path`` from the root (``name`` ``"1.2"``), its place
    (``x``, ``y``), its ``parent`` node, whether it is ``terminal`` and who moves there (``maxing``),
    its ``label`` (a terminal position's value) and ``value`` (its minimax value); ``unseen``: a search
    never examined it (``grey``: nor anything above it up to an examined position's move)."""

    path: tuple[int, ...]
    x: float
    y: float
    parent: Node | None
    terminal: bool
    maxing: bool
    label: str
    value: str
    unseen: bool = False
    grey: bool = False

    @property
    def name(self) -> str:
        return ".".join(map(str, self.path))


@dataclass(frozen=True)
class Drawing:
    """A tree laid out: its nodes, each after its subtrees (leaves left to right, a parent centred over
    its children), and the size of the drawing."""

    nodes: list[Node]
    width: float
    height: float


def layout(
    t: Any, max_to_move: bool, spacing: Spacing, examined: set[tuple[int, ...]] | None = None
) -> Drawing:
    """The S-expression game tree ``t`` laid out with ``spacing``, the maximizing player to move at the
    root if ``max_to_move``; with ``examined`` (the paths a search examined, as :class:`Watch` records
    them), the others marked unseen."""
    nodes: list[Node] = []
    leaves = [spacing.margin]

    def place(p: Any, path: tuple[int, ...], parent: Node | None) -> Node:
        maxing = (len(path) % 2 == 0) == max_to_move
        y = spacing.margin + spacing.top + len(path) * spacing.down
        unseen = examined is not None and bool(path) and path not in examined
        label, value = atom_to_string(p) if ter(p) else "", atom_to_string(minimax(p, maxing))
        node = Node(
            path, 0.0, y, parent, ter(p), maxing, label, value, unseen, unseen or bool(parent and parent.grey)
        )
        if node.terminal:
            node.x, leaves[0] = leaves[0], leaves[0] + spacing.across
        else:
            children = [place(c, (*path, i), node) for i, c in enumerate(to_pylist(p), 1)]
            node.x = sum(c.x for c in children) / len(children)
        nodes.append(node)
        return node

    place(t, (), None)
    width = max(n.x for n in nodes) + spacing.margin
    return Drawing(nodes, width, max(n.y for n in nodes) + spacing.margin + spacing.bottom)


def tree_svg(
    t: Any, examined: set[tuple[int, ...]] | None = None, max_to_move: bool = True, title: str = ""
) -> str:
    """The S-expression game tree ``t`` as an SVG file (``templates/tree.svg.j2``): MAX's positions as
    triangles pointing up, MIN's pointing down, each with its minimax value, the leaves as their
    values; with ``examined`` (the paths a search examined, as :class:`Watch` records them), the move
    to any other position dashed and marked x, and its subtree greyed."""
    drawing = layout(t, max_to_move, FIGURE, examined)
    return render("tree.svg.j2", nodes=drawing.nodes, width=drawing.width, height=drawing.height, title=title)


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


def ordering_figure(k: int = 4, depths: range = range(1, 8)) -> tuple[str | None, list[list[str]]]:
    """The figure on the order of the moves: terminal positions examined on uniform trees of ``k``
    moves, by depth, by minimax (k^n) and by αβ with the worst move first, in random order (the mean
    of 3 trees) and with the best move first (:func:`lispy.claims.move_ordering.ordering_series`),
    with Levin's count k^⌈n/2⌉ + k^⌊n/2⌋ − 1.  The plot (:func:`ordering_plot`, ``None`` without
    matplotlib) and the numbers as a table, the first row the header."""
    counted = counted_series(k, depths, 3)
    series = {
        "minimax, k^n": counted["minimax"],
        "αβ, worst move first": counted["αβ worst first"],
        "αβ, random order": counted["αβ random order"],
        "αβ, best move first": counted["αβ best first"],
        "k^⌈n/2⌉ + k^⌊n/2⌋ − 1": [float(knuth_moore(k, n)) for n in depths],
    }
    rows = [[str(n), *(f"{values[i]:,.0f}" for values in series.values())] for i, n in enumerate(depths)]
    return ordering_plot(series, list(depths), k), [["depth n", *series], *rows]


def ordering_plot(series: dict[str, list[float]], depths: list[int], k: int) -> str | None:
    """The positions examined against depth on a log scale, as SVG text; ``None`` without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    styles = {  # marker, its size and fill; the series not here (Levin's count) is dotted
        "minimax, k^n": ("o-", 6, "full"),
        "αβ, worst move first": ("s", 8, "none"),
        "αβ, random order": ("^-", 6, "full"),
        "αβ, best move first": ("D", 6, "full"),
    }
    with plt.rc_context({"svg.hashsalt": "lispy", "svg.fonttype": "none", "font.size": 11}):
        fig, ax = plt.subplots(figsize=(7.2, 4.4))
        for name, counts in series.items():
            if name in styles:
                marker, size, fill = styles[name]
                ax.plot(depths, counts, marker, label=name, markersize=size, fillstyle=fill)
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
