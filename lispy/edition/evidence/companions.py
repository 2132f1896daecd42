"""The companion sources' figures, computed by lispy at build time, against the values the books give.

Russell and Norvig, *AIMA* (2nd ed., ch. 6): Figure 6.2 by MINIMAX-DECISION, Figure 6.5's αβ stage
by stage (the range each node's value is known to lie in after each leaf), Figure 6.4's three
players, Figure 6.12's chance nodes, and the four-card bridge example of §6.5.  Berkeley CS61B,
lecture 17: ``chooseMove`` in its three forms on tic-tac-toe.  The books' values are those the
project's reference shelf records (the OCR of the figures is garbled); each row gives lispy's
function, the value it computes in this build and the book's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

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
from lispy.edition.page.figures import tree_svg
from lispy.games.tictactoe import TicTacToe, board
from lispy.sexpr.reader import read

__all__ = ["Comparison", "Section", "companions", "figure_6_5_stages"]

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
    (``rows``, the first the header) and an optional SVG figure."""

    anchor: str
    title: str
    comparisons: list[Comparison]
    rows: list[list[str]] = field(default_factory=list)
    svg: str = ""
    note: str = ""


def figure_6_5_stages() -> tuple[list[list[str]], int]:
    """AIMA's ALPHA-BETA-SEARCH on Figure 6.2, stage by stage: after each leaf it evaluates, the range
    of the root and of B, C, D (Figure 6.5's panels); and the number of leaves evaluated."""

    stages = alpha_beta_stages(read(FIGURE_6_2_TEXT))
    return [["after", "root (MAX)", "B (MIN)", "C (MIN)", "D (MIN)"], *stages.rows], stages.evaluated


def _aima_6_2() -> Section:
    tree = read(FIGURE_6_2_TEXT)
    game = Counted(TreeGame(tree))
    decision = minimax_decision(game)
    values = [value(game.game, s, MAX) for _, s in game.game.successors(game.game.initial)]
    mccarthy = mccarthy_search(TreeGame(tree))
    rows, evaluated = figure_6_5_stages()
    watch = Watch(sexp_tree.successors, sexp_tree.ter, sexp_tree.imval)
    watch.search.maxval(watch.root(tree))
    svg = tree_svg(tree, set(watch.examined), True, "AIMA Figure 6.2, searched by αβ")
    return Section(
        "aima-6-2",
        "AIMA Figures 6.2 and 6.5: minimax and αβ on a two-ply tree",
        [
            Comparison(
                "MIN-VALUE of B, C, D",
                "lispy.aima.minimax.value",
                " ".join(map(str, values)),
                "3 2 2",
                values == [3, 2, 2],
            ),
            Comparison(
                "MINIMAX-DECISION",
                "lispy.aima.minimax.minimax_decision",
                f"a{decision.move}, value {decision.value}",
                "a1, value 3",
                (decision.move, decision.value) == (1, 3),
            ),
            Comparison(
                "McCarthy's valmax and maxval",
                "lispy.aima.game.mccarthy_search",
                f"{mccarthy.valmax(TreeGame(tree).initial)} and {mccarthy.maxval(TreeGame(tree).initial)}",
                "3 (the minimax value)",
                mccarthy.valmax(TreeGame(tree).initial) == mccarthy.maxval(TreeGame(tree).initial) == 3,
            ),
            Comparison(
                "leaves αβ evaluates",
                "lispy.aima.alpha_beta.alpha_beta_search",
                f"{evaluated} of 9",
                "7 of 9: never the 2nd and 3rd under C",
                evaluated == 7,
            ),
        ],
        rows,
        svg,
        f"The tree {FIGURE_6_2_TEXT}, MAX to move. The drawing marks x the moves that McCarthy's maxval "
        "never examines; the table follows AIMA's ALPHA-BETA-SEARCH leaf by leaf, as Figure 6.5's panels do.",
    )


def _aima_6_4() -> Section:
    decision = multiplayer_decision(VectorTreeGame(FIGURE_6_4, "ABC"))
    return Section(
        "aima-6-4",
        "AIMA Figure 6.4: three players, utility vectors",
        [
            Comparison(
                "the root's backed-up value",
                "lispy.aima.multiplayer.multiplayer_decision",
                str(tuple(decision.value)),
                "(1, 2, 6)",
                tuple(decision.value) == (1, 2, 6),
            )
        ],
        note="Leaves: " + "  ".join(str(v) for b in FIGURE_6_4 for c in b for v in c),
    )


def _aima_6_12() -> Section:
    books = [("2.1 and 1.3, a1 best", (2.1, 1.3)), ("21 and 40.9, a2 best", (21.0, 40.9))]
    comparisons = []
    for text, (book, expected) in zip(FIGURE_6_12, books, strict=True):
        game = ChanceTreeGame(text)
        values = [expectiminimax(game, s) for _, s in game.successors(game.initial)]
        best = values.index(max(values)) + 1
        leaves = " ".join(x for x in text.replace("(", " ").replace(")", " ").split() if x.isdigit())
        comparisons.append(
            Comparison(
                f"leaves {leaves}",
                "lispy.aima.expectiminimax.expectiminimax",
                f"{values[0]:g} and {values[1]:g}, a{best} best",
                book,
                all(math.isclose(v, e) for v, e in zip(values, expected, strict=True)),
            )
        )
    return Section("aima-6-12", "AIMA Figure 6.12: chance nodes (EXPECTIMINIMAX)", comparisons)


def _bridge() -> Section:
    deals = [(Fraction(1, 2), FourCardBridge(MAX_HAND, h)) for h in (MIN_HAND, MIN_HAND_VARIANT)]
    averaged = averaged_over_clairvoyancy(deals)
    hidden = value_with_hidden_cards(deals)
    nine = card("♣9")
    best = max(averaged.values())
    return Section(
        "bridge",
        "AIMA §6.5: four-card bridge, averaging over clairvoyancy",
        [
            Comparison(
                "the ♣9 lead, averaged over clairvoyancy",
                "lispy.aima.bridge.averaged_over_clairvoyancy",
                f"{averaged[nine]} (the best lead is worth {best})",
                "an optimal choice",
                averaged[nine] == best,
            ),
            Comparison(
                "the ♣9 lead, keeping both hands in mind",
                "lispy.aima.bridge.value_with_hidden_cards",
                str(hidden[nine]),
                "a 50% chance of losing",
                hidden[nine] < 0,
            ),
        ],
        [["lead", "averaged over clairvoyancy", "keeping both hands in mind"]]
        + [[str(c), str(averaged[c]), str(hidden[c])] for c in averaged],
        note="MAX holds ♥6 ♦6 ♣9 ♣8 and leads; MIN holds ♥4 ♠2 ♣10 ♣5 or, in the variant, ♦4 ♠2 ♣10 ♣5.",
    )


def _cs61b() -> Section:
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
    scores = {b.score for b in found[:3]}
    comparisons = [
        Comparison(
            "the three forms on one position",
            "lispy.cs61b.Lecture17",
            "scores " + ", ".join(str(b.score) for b in found[:3]),
            "the same score: pruning changes the work, not the score",
            len(scores) == 1,
        ),
        Comparison(
            "the empty board",
            "lispy.cs61b.Lecture17.choose_move_alpha_beta",
            f"Best({found[-1].move}, {found[-1].score})",
            "score 0 (DRAW): perfect players draw",
            found[-1].score == 0,
        ),
    ]
    return Section("cs61b", "CS61B lecture 17: chooseMove on tic-tac-toe", comparisons, rows)


def companions() -> list[Section]:
    """Every companion figure, computed now."""
    return [_aima_6_2(), _aima_6_4(), _aima_6_12(), _bridge(), _cs61b()]
