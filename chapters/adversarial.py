"""AIMA's adversarial search (2nd ed. ch. 6; 1st ed. ch. 5) on the book's own examples.

``python -m chapters.adversarial``: Figure 6.2 by minimax, Figure 6.5's αβ stage
by stage, Figure 6.4's three players, Figure 6.12's chance nodes, the
four-card bridge example, and a Connect Four position played with cutoff
search, quiescence, the transposition table and iterative deepening, with the
positions each examines.  Results are printed beside McCarthy's
formulations where they apply, and beside the book's words.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from chapters.show import heading, printable_stdout, say, show, table
from lispy import cli, read
from lispy.aima.alpha_beta import alpha_beta_search_fail_hard
from lispy.aima.bridge import (
    MAX_HAND,
    MIN_HAND,
    MIN_HAND_VARIANT,
    FourCardBridge,
    averaged_over_clairvoyancy,
    card,
    value_with_hidden_cards,
)
from lispy.aima.cutoff import alpha_beta_cutoff_search
from lispy.aima.deepening import iterative_deepening_search
from lispy.aima.expectiminimax import FIGURE_6_12, ChanceTreeGame, expectiminimax, expectiminimax_alpha_beta
from lispy.aima.game import MAX, Counted, TreeGame, mccarthy_search
from lispy.aima.minimax import minimax_decision, value
from lispy.aima.multiplayer import FIGURE_6_4, VectorTreeGame, multiplayer_decision
from lispy.aima.ranges import alpha_beta_stages
from lispy.aima.transposition import TranspositionTable, alpha_beta_tt_search
from lispy.games.connect_four import ConnectFour, position

__all__ = ["FIGURE_6_2", "main"]

BOOK_6_2_VALUES = "B … its minimax value is 3. Similarly, the other two MIN nodes have minimax value 2"
BOOK_6_2_DECISION = "action a1 is the optimal choice for MAX … so it has a minimax value of 3"

FIGURE_6_2 = read("((3 12 8) (2 4 6) (14 5 2))")
"""Figure 6.2: MAX to move over the MIN nodes B, C, D."""


def figure_6_2() -> None:
    heading("Figure 6.2 and Figure 6.3: MINIMAX-DECISION")
    game = Counted(TreeGame(FIGURE_6_2))
    decision = minimax_decision(game)
    show("the tree", FIGURE_6_2)
    values = [value(game.game, s, MAX) for _, s in game.successors(game.initial)]
    show("MIN-VALUE of B, C, D", " ".join(map(str, values)), BOOK_6_2_VALUES, "the book")
    show("MINIMAX-DECISION", f"a{decision.move}, value {decision.value}", BOOK_6_2_DECISION, "the book")
    say(f"positions examined: {game.examined} (the root, B, C, D and 9 leaves), {game.evaluated} terminal")
    mccarthy = mccarthy_search(TreeGame(FIGURE_6_2))
    root = TreeGame(FIGURE_6_2).initial
    show("McCarthy's valmax and maxval", f"{mccarthy.valmax(root)} and {mccarthy.maxval(root)}")


def figure_6_5() -> None:
    heading("Figure 6.5 and Figure 6.7: ALPHA-BETA-SEARCH stage by stage")
    stages = alpha_beta_stages(FIGURE_6_2)
    table(["after", "root", "B", "C", "D"], stages.rows)
    show("ALPHA-BETA-SEARCH", f"a{stages.decision.move}, value {stages.decision.value}")
    say(
        f"terminal positions evaluated: {stages.evaluated} of 9; never the 2nd and 3rd under C. The book: "
        "'we can identify the minimax decision without ever evaluating two of the leaf nodes.'"
    )
    hard = Counted(TreeGame(FIGURE_6_2))
    fail_hard = alpha_beta_search_fail_hard(hard)
    show("1st edition's fail-hard αβ", f"a{fail_hard.move}, value {fail_hard.value}, {hard.evaluated} leaves")
    show("McCarthy's maxval", str(mccarthy_search(TreeGame(FIGURE_6_2)).maxval(TreeGame(FIGURE_6_2).initial)))


def figure_6_4() -> None:
    heading("Figure 6.4: three players, utility vectors")
    game = VectorTreeGame(FIGURE_6_4, "ABC")
    decision = multiplayer_decision(game)
    show("leaves", "  ".join(str(v) for b in FIGURE_6_4 for c in b for v in c))
    show("root's backed-up value", str(decision.value), "the root's backed-up value is (1, 2, 6)", "the book")
    say(f"A's best move is the {['first', 'second'][decision.move - 1]} one.")


def figure_6_12() -> None:
    heading("Figure 6.12: EXPECTIMINIMAX; an order-preserving change of leaf values changes the best move")
    rows = []
    for text in FIGURE_6_12:
        game = ChanceTreeGame(text)
        values = [expectiminimax(game, s) for _, s in game.successors(game.initial)]
        best = values.index(max(values)) + 1
        leaves = [x for x in text.replace("(", " ").replace(")", " ").split() if x.isdigit()]
        rows.append([" ".join(leaves), f"{values[0]:g}", f"{values[1]:g}", f"a{best}"])
    table(["leaves", "a1", "a2", "best"], rows)
    say("the book: 2.1 and 1.3, a1 best; then 21 and 40.9, a2 best.")
    full = Counted(ChanceTreeGame(FIGURE_6_12[0]))
    expectiminimax(full, full.initial)
    pruned = Counted(ChanceTreeGame(FIGURE_6_12[0]))
    v = expectiminimax_alpha_beta(pruned, pruned.initial, 0, 4)
    show(
        "pruned, with utilities known to lie in [0, 4]",
        f"value {v:g}, {pruned.evaluated} of {full.evaluated} leaves evaluated",
        "if we put bounds on the possible values of the utility function, then we can arrive at "
        "bounds for the average",
        "the book",
    )


def bridge() -> None:
    heading("§6.5 Card games: four-card two-handed bridge and averaging over clairvoyancy")
    hands = {"MIN's first hand": MIN_HAND, "MIN's second hand": MIN_HAND_VARIANT}
    say("MAX holds ♥6 ♦6 ♣9 ♣8 and leads; utility = MAX's tricks − MIN's (0 is two tricks each).")
    for name, min_hand in hands.items():
        game = FourCardBridge(MAX_HAND, min_hand)
        leads = [f"{c} {value(game, game.play(game.initial, c), MAX)}" for c in game.legal(game.initial)]
        show(f"leads, all cards showing, {name}", ", ".join(leads))
    say("the book: the lead of the ♣9 is an optimal choice in both.")
    deals = [(Fraction(1, 2), FourCardBridge(MAX_HAND, h)) for h in hands.values()]
    averaged = averaged_over_clairvoyancy(deals)
    hidden = value_with_hidden_cards(deals)
    table(
        ["lead", "averaged over clairvoyancy", "keeping both hands in mind"],
        [[str(c), str(averaged[c]), str(hidden[c])] for c in averaged],
    )
    say(
        "Averaging over clairvoyancy rates the ♣9 as good as any lead. Keeping both hands in mind, the "
        f"♣9 is worth {hidden[card('♣9')]}: half the time a tie, half the time a loss by one trick to three "
        "(-2), the book's '50% chance of losing'. The ♥6 or ♦6 first guarantees the tie."
    )


CONNECT_FOUR = "3324"
"""The Connect Four position of the chapter: four discs in the middle, X to move."""


def connect_four() -> None:
    heading("§6.4 Connect Four: cutoff search, quiescence, the transposition table, iterative deepening")
    state = position(CONNECT_FOUR)
    print(state)
    rows = []
    searches: list[tuple[str, Callable[[Any], Any]]] = [
        ("αβ cut off at 4 plies", lambda g: alpha_beta_cutoff_search(g, depth=4)),
        ("  … with quiescence search", lambda g: alpha_beta_cutoff_search(g, depth=4, quiescent=g.quiescent)),
        ("αβ with the table, 4 plies", lambda g: alpha_beta_tt_search(g, depth=4)),
        ("αβ cut off at 6 plies", lambda g: alpha_beta_cutoff_search(g, depth=6)),
        ("αβ with the table, 6 plies", lambda g: alpha_beta_tt_search(g, depth=6)),
        (
            "iterative deepening to 6 plies",
            lambda g: iterative_deepening_search(g, time_limit=math.inf, max_depth=6),
        ),
    ]
    for label, run in searches:
        game = Counted(ConnectFour(state))
        result = run(game)
        rows.append([label, str(result.move), f"{result.value:g}", f"{game.examined:,}"])
    table(["search", "column", "value", "positions examined"], rows)
    say(
        "Values are the weighted linear evaluation w1 f1 + … + w5 f5 for X"
        " (lispy.games.connect_four.features)."
    )
    heading("A game played by iterative deepening, one table reused from move to move", "·")
    game = Counted(ConnectFour(state))
    table_ = TranspositionTable()
    s = state
    rows = []
    for _ in range(6):
        game.reset()
        found = iterative_deepening_search(game, s, time_limit=math.inf, max_depth=5, table=table_)
        rows.append(
            [
                s.to_move,
                str(found.move),
                f"{found.value:g}",
                str(found.depth),
                f"{game.examined:,}",
                f"{len(table_):,}",
            ]
        )
        s = game.play(s, found.move)
    table(["to move", "column", "value", "depth", "positions examined", "table entries"], rows)
    print(s)


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m chapters.adversarial", __doc__).parse_args(argv)
    printable_stdout()
    heading("AIMA: adversarial search (Russell and Norvig)", "=")
    figure_6_2()
    figure_6_5()
    figure_6_4()
    figure_6_12()
    bridge()
    connect_four()


if __name__ == "__main__":
    cli.run(main)
