"""The companion sources' figures, computed by lispy at build time, against the values the books give.

Russell and Norvig, *AIMA* (2nd ed., ch. 6): Figure 6.2 by MINIMAX-DECISION, Figure 6.5's αβ stage
by stage (the range each node's value is known to lie in after each leaf), Figure 6.4's three
players, Figure 6.12's chance nodes, and the four-card bridge example of §6.5.  Berkeley CS61B,
lecture 17: ``chooseMove`` in its three forms on tic-tac-toe.  What each compares, and the books'
values, are data (``companions.toml`` beside this module); each row gives lispy's function, the
value it computes in this build and the book's.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from typing import Any

from lispy.aima.bridge import (
    MAX_HAND,
    MIN_HAND,
    MIN_HAND_VARIANT,
    FourCardBridge,
    averaged_over_clairvoyancy,
    card,
    value_with_hidden_cards,
)
from lispy.aima.expectiminimax import FIGURE_6_12, ChanceTreeGame, expectiminimax
from lispy.aima.game import MAX, Counted, TreeGame, mccarthy_search
from lispy.aima.minimax import minimax_decision, value
from lispy.aima.multiplayer import FIGURE_6_4, VectorTreeGame, multiplayer_decision
from lispy.aima.ranges import alpha_beta_stages
from lispy.chapter6.sexp_games import tree as sexp_tree
from lispy.chapter6.watch import Watch
from lispy.cs61b import COMPUTER, Lecture17
from lispy.games.tictactoe import TicTacToe, board
from lispy.sexpr.data import read

__all__ = ["FIGURE_6_2_TEXT", "Comparison", "Section", "companions"]

FIGURE_6_2_TEXT = "((3 12 8) (2 4 6) (14 5 2))"


@dataclass(frozen=True)
class Comparison:
    """One value: what is computed (``what``), by which of lispy's functions (``function``), the value
    in this build (``computed``), the book's (``book``), and whether they agree."""

    what: str
    function: str
    computed: str
    book: str
    agree: bool

    @property
    def cells(self) -> list[str]:
        """The comparison as a row of the page's table, ✓ or ✗ last."""
        return [self.what, self.function, self.computed, self.book, "✓" if self.agree else "✗"]


@dataclass(frozen=True)
class Section:
    """A figure or example of a companion source: its ``title``, its comparisons, an optional table
    (``rows``, the first the header), a ``note``, and an optional figure: ``searched``, a tree (MAX to
    move) and the paths of the positions αβ examined in it, which the page draws
    (:func:`lispy.edition.page.figures.tree_svg`) under the title ``figure``."""

    anchor: str
    title: str
    comparisons: list[Comparison]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""
    searched: tuple[Any, set[tuple[int, ...]]] | None = None
    figure: str = ""


@dataclass(frozen=True)
class _Found:
    computed: list[tuple[str, bool]]
    rows: list[list[str]] = field(default_factory=list)
    searched: tuple[Any, set[tuple[int, ...]]] | None = None
    values: dict[str, Any] = field(default_factory=dict)


def _aima_6_2() -> _Found:
    tree = read(FIGURE_6_2_TEXT)
    game = Counted(TreeGame(tree))
    decision = minimax_decision(game)
    values = [value(game.game, s, MAX) for _, s in game.game.successors(game.game.initial)]
    mccarthy = mccarthy_search(TreeGame(tree))
    valmax, maxval = mccarthy.valmax(TreeGame(tree).initial), mccarthy.maxval(TreeGame(tree).initial)
    stages = alpha_beta_stages(tree)
    watch = Watch(sexp_tree.successors, sexp_tree.ter, sexp_tree.imval)
    watch.search.maxval(watch.root(tree))
    computed = [
        (" ".join(map(str, values)), values == [3, 2, 2]),
        (f"a{decision.move}, value {decision.value}", (decision.move, decision.value) == (1, 3)),
        (f"{valmax} and {maxval}", valmax == maxval == 3),
        (f"{stages.evaluated} of 9", stages.evaluated == 7),
    ]
    rows = [["after", "root (MAX)", "B (MIN)", "C (MIN)", "D (MIN)"], *stages.rows]
    return _Found(computed, rows, (tree, set(watch.examined)), {"tree": FIGURE_6_2_TEXT})


def _aima_6_4() -> _Found:
    decision = multiplayer_decision(VectorTreeGame(FIGURE_6_4, "ABC"))
    leaves = "  ".join(str(v) for b in FIGURE_6_4 for c in b for v in c)
    return _Found(
        [(str(tuple(decision.value)), tuple(decision.value) == (1, 2, 6))], values={"leaves": leaves}
    )


def _aima_6_12() -> _Found:
    computed, leaves = [], []
    for text, expected in zip(FIGURE_6_12, [(2.1, 1.3), (21.0, 40.9)], strict=True):
        game = ChanceTreeGame(text)
        values = [expectiminimax(game, s) for _, s in game.successors(game.initial)]
        agree = all(math.isclose(v, e) for v, e in zip(values, expected, strict=True))
        computed.append((f"{values[0]:g} and {values[1]:g}, a{values.index(max(values)) + 1} best", agree))
        leaves.append(" ".join(x for x in text.replace("(", " ").replace(")", " ").split() if x.isdigit()))
    return _Found(computed, values={"leaves": leaves})


def _bridge() -> _Found:
    deals = [(Fraction(1, 2), FourCardBridge(MAX_HAND, h)) for h in (MIN_HAND, MIN_HAND_VARIANT)]
    averaged = averaged_over_clairvoyancy(deals)
    hidden = value_with_hidden_cards(deals)
    nine, best = card("♣9"), max(averaged.values())
    computed = [
        (f"{averaged[nine]} (the best lead is worth {best})", averaged[nine] == best),
        (str(hidden[nine]), hidden[nine] < 0),
    ]
    rows = [["lead", "averaged over clairvoyancy", "keeping both hands in mind"]]
    return _Found(computed, rows + [[str(c), str(averaged[c]), str(hidden[c])] for c in averaged])


def _cs61b() -> _Found:
    rows = [["chooseMove", "from", "Best(move, score)", "positions examined"]]
    start = board("....X...O", "X")
    found = []
    for label, method, state in (
        ("chooseMove(side)", "choose_move", start),
        ("chooseMove(side), simple pruning", "choose_move_pruned", start),
        ("chooseMove(side, -1, 1)", "choose_move_alpha_beta", start),
        ("chooseMove(side, -1, 1)", "choose_move_alpha_beta", None),
    ):
        game = Counted(TicTacToe(state))
        args = (-1, 1) if method == "choose_move_alpha_beta" else ()
        best = getattr(Lecture17(game), method)(game.initial, COMPUTER, *args)
        found.append(best)
        shown = "the empty board" if state is None else " / ".join(str(start).splitlines())
        rows.append([label, shown, f"Best({best.move}, {best.score})", f"{game.examined:,}"])
    computed = [
        ("scores " + ", ".join(str(b.score) for b in found[:3]), len({b.score for b in found[:3]}) == 1),
        (f"Best({found[-1].move}, {found[-1].score})", found[-1].score == 0),
    ]
    return _Found(computed, rows)


_COMPUTED: dict[str, Callable[[], _Found]] = {
    "aima-6-2": _aima_6_2,
    "aima-6-4": _aima_6_4,
    "aima-6-12": _aima_6_12,
    "bridge": _bridge,
    "cs61b": _cs61b,
}


def companions() -> list[Section]:
    """Every companion figure of ``companions.toml``, computed now."""
    texts = tomllib.loads(
        resources.files("lispy.edition.evidence").joinpath("companions.toml").read_text("utf-8")
    )
    sections = []
    for text in texts["section"]:
        found = _COMPUTED[text["anchor"]]()
        comparisons = [
            Comparison(what.format_map(found.values), function, computed, book, agree)
            for (what, function, book), (computed, agree) in zip(
                text["comparisons"], found.computed, strict=True
            )
        ]
        note = text.get("note", "").format_map(found.values)
        figure = text.get("figure", "")
        sections.append(
            Section(text["anchor"], text["title"], comparisons, found.rows, note, found.searched, figure)
        )
    return sections
