"""Chapter 6, "Game trees": minimax, the choice of a move, αβ, and every claim of the chapter judged.

``python -m chapters.game_trees [--plot PATH]``.  With ``--plot PATH`` and
matplotlib installed (``pip install 'lispy[plot]'``), it also writes a
log-scale figure of the terminal positions examined against depth to PATH
(PNG, PDF or SVG, by its extension); without ``--plot`` it writes no file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chapters.claims import claims_section
from chapters.show import draw, heading, printable_stdout, say, show, table
from lispy import cli, read
from lispy.aima.game import Counted, mccarthy_search, to_mccarthy
from lispy.chapter6.game_trees import bestmax, maxlis, maxlis_iterative, minlis
from lispy.chapter6.improvements import bestmax_once, maxlis_primed
from lispy.chapter6.memoised import memoised_search
from lispy.chapter6.sexp_games import tree
from lispy.chapter6.watch import Watch
from lispy.claims.move_ordering import knuth_moore, ordering_series, rule_of_thumb
from lispy.games.tictactoe import TicTacToe, board

__all__ = ["FIGURE_2_6", "SMALL_TREE", "main"]

SMALL_TREE = read("((3 12 8) (2 4 6) (14 5 2))")
"""A small tree (AIMA 2nd ed., Figure 6.2): the maximizing player to move, three moves."""

FIGURE_2_6 = read("((2 5) (9 4 7))")
"""Figure 2.6 reconstructed (the figure is lost): the minimizing player to move."""


def identity(x: Any) -> Any:
    return x


def minimax_on_a_small_tree() -> None:
    heading("6.1 Minimax: valmax, valmin, movemax, movemin")
    u = read("(3 12 8)")
    show(
        "maxlis[(3 12 8), λx.x]",
        maxlis(u, identity),
        "maxlis[u,f] ← if n u then -∞ else max[f[a u],maxlis[d u,f]]",
    )
    show("maxlis[NIL, λx.x]", maxlis(read("()"), identity), "-∞ for the empty list")
    show("minlis[(3 12 8), λx.x]", minlis(u, identity))
    show("maxlisa[(3 12 8), -∞, λx.x]", maxlis_iterative(u, identity), "maxlis[u,f] ← maxlisa[u,-∞,f]")
    show(
        "maxlis'[(3 12 8), λx.x]",
        maxlis_primed(u, identity),
        '"prime the function with the values of f applied to the first element"',
    )
    print()
    show("the tree", SMALL_TREE, None)
    show(
        "valmax", tree.valmax(SMALL_TREE), "valmax p ← if ter p then imval p else maxlis[successors p,valmin]"
    )
    show(
        "valmin", tree.valmin(SMALL_TREE), "valmin p ← if ter p then imval p else minlis[successors p,valmax]"
    )
    show("movemax", tree.movemax(SMALL_TREE), "movemax p ← bestmax[successors p,valmin]")
    show("movemin", tree.movemin(SMALL_TREE), "movemin p ← bestmin[successors p,valmax]")
    print()
    print(draw(SMALL_TREE))
    watch = Watch(tree.successors, tree.ter, tree.imval)
    ascending = read("((1 2) (3 4) (5 6) (7 8))")  # every move better than the last
    bestmax(watch.search.successors(watch.root(ascending)), watch.search.valmin)
    twice = len(watch.evaluated)
    watch.reset()
    bestmax_once(watch.search.successors(watch.root(ascending)), watch.search.valmin)
    say(
        f"bestmaxa as printed evaluates f[a u] twice when a move is the best so far: choosing a move in "
        f"{ascending}, where each move is better than the last, valmin searches {twice} leaves for 8; "
        f"bestmaxa_once, which keeps the value, {len(watch.evaluated)}."
    )


def figure_2_6() -> None:
    heading("6.2 Figure 2.6, reconstructed")
    say(
        "The figure is missing from the archive. The notes say of it that the moves marked x need not be "
        'examined "since the presence of the 9 is sufficient information at this point to show that the '
        'move leading to the vertex preceding it should not be chosen by the minimizing player". '
        "This is a reconstruction: the smallest tree that fits those words with more than one move marked x. "
        "The minimizing player chooses between a position worth 5 and one whose first successor is worth 9; "
        "once the 9 is seen, that position is worth at least 9 to the maximizing player, so the minimizing "
        "player will not move there, whatever its other moves are worth."
    )
    watch = Watch(tree.successors, tree.ter, tree.imval)
    value = watch.search.minval(watch.root(FIGURE_2_6))
    print()
    show("the tree", FIGURE_2_6)
    show("minval (αβ)", value)
    show("valmin (minimax)", tree.valmin(FIGURE_2_6))
    show(
        "terminal positions αβ evaluated",
        f"{len(watch.evaluated)} of 5: " + " ".join(map(str, watch.evaluated)),
    )
    print()
    print(draw(FIGURE_2_6, set(watch.examined), max_to_move=False))
    cut = tree.maxval1(FIGURE_2_6.cdr.car, -float("inf"), 5)
    say(
        f"Each position is labelled with its minimax value: the cut one is worth 9 to the maximizing player. "
        f"The edition's αβ stepper shows {cut} there, what maxval1 returns with the window's β = 5 that the "
        "minimizing player above it has already secured: αβ here is fail-hard (ERRATA E12), so a refuted "
        "position gives back β, all that its parent needs to know."
    )


def alpha_beta_on_the_small_tree() -> None:
    heading("6.3 The αβ-heuristic on the small tree")
    watch = Watch(tree.successors, tree.ter, tree.imval)
    value = watch.search.maxval(watch.root(SMALL_TREE))
    show("maxval", value, "maxval p ← maxval1[p,-∞,∞]")
    show(
        "terminal positions evaluated", f"{len(watch.evaluated)} of 9: " + " ".join(map(str, watch.evaluated))
    )
    say(
        "After the first move is worth 3, the second move's first reply, worth 2, refutes it: "
        "its other replies are not examined (marked x)."
    )
    print()
    print(draw(SMALL_TREE, set(watch.examined)))


def memoised_valmax() -> None:
    heading("6.4 valmax memoised: a transposition table (lispy.chapter6.memoised)")
    rows = []
    searches = [(".........", False), (".........", True), ("....X....", None)]
    searches += [("....X....", False), ("....X....", True)]  # valmax of the empty board: chapters.tictactoe
    for text, symmetry in searches:
        game = Counted(TicTacToe(board(text)))
        if symmetry is None:
            value = mccarthy_search(game).valmax(game.initial)
        else:
            value = memoised_search(*to_mccarthy(game), key=game.key if symmetry else None).valmax(
                game.initial
            )
        label = "valmax" if symmetry is None else "on the symmetry key" if symmetry else "memoised valmax"
        rows.append([text, label, str(value), f"{game.examined:,}"])
    table(["tic-tac-toe from", "search", "value", "positions examined"], rows)
    say(
        "valmax p is a function of p alone, so a table of the values found answers a transposition "
        "exactly. maxval1[p,α,β] is the value clamped to the window: memoised on p alone it hands a bound "
        "out as a value (the bound-aware table of lispy.aima.transposition does not)."
    )


def plot(path: str, k: int = 4, depths: Sequence[int] = range(1, 9)) -> None:
    """Write the figure of the claims on ordering to ``path``: terminal positions examined against depth,
    log scale.

    The counts are markers, so that coinciding series stay visible (minimax and αβ worst first
    are both k^n; αβ best first is Levin's count); the guides the text discusses are lines:
    k^n, k^⌈n/2⌉ + k^⌊n/2⌋ − 1 and AIMA's k^(3n/4).  Without matplotlib, says so and writes nothing.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        say("(matplotlib is not installed: no figure. pip install 'lispy[plot]' to have one.)")
        return
    depths = list(depths)
    counts = ordering_series(k, depths, 5)
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    guides = {
        r"$k^n$": ([k**n for n in depths], "-"),
        r"$k^{\lceil n/2 \rceil} + k^{\lfloor n/2 \rfloor} - 1$": ([knuth_moore(k, n) for n in depths], "--"),
        r"$k^{3n/4}$ (AIMA, random order)": ([rule_of_thumb(k, n) for n in depths], ":"),
    }
    for name, (values, style) in guides.items():
        ax.plot(depths, values, style, color="grey", linewidth=1, label=name, zorder=1)
    markers = {
        "minimax": dict(marker="o", markersize=11, fillstyle="none", markeredgewidth=1.5),
        "αβ worst first": dict(marker="x", markersize=7, markeredgewidth=1.5),
        "αβ random order": dict(marker="^", markersize=7),
        "αβ best first": dict(marker="s", markersize=9, fillstyle="none", markeredgewidth=1.5),
    }
    for name, style in markers.items():
        ax.plot(depths, counts[name], linestyle="none", label=name, zorder=2, **style)  # type: ignore[arg-type]
    ax.set_yscale("log")
    ax.set_xlabel("depth n")
    ax.set_ylabel("terminal positions examined")
    ax.set_title(f"Minimax and αβ on uniform trees, k = {k} (McCarthy 1973, ch. 6)")
    ax.legend(fontsize="small")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    say(f"figure: {path}")


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m chapters.game_trees", __doc__)
    parser.add_argument(
        "--plot",
        type=cli.new_file,
        metavar="PATH",
        help="also write the figure of positions examined against depth to PATH (needs matplotlib)",
    )
    args = parser.parse_args(argv)
    printable_stdout()
    heading("6. Game trees (McCarthy 1973)", "=")
    minimax_on_a_small_tree()
    figure_2_6()
    alpha_beta_on_the_small_tree()
    memoised_valmax()
    claims_section("6.5", "6")
    if args.plot:
        plot(args.plot)


if __name__ == "__main__":
    cli.run(main)
