"""Chapter 6, "Game trees": minimax, the choice of a move, αβ, and the notes' claims on ordering.

``python -m chapters.game_trees [--plot PATH]``.  With ``--plot PATH`` and
matplotlib installed (``pip install 'lispy[plot]'``), it also writes a
log-scale figure of the terminal positions examined against depth to PATH
(PNG, PDF or SVG, by its extension); without ``--plot`` it writes no file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from chapters.show import heading, printable_stdout, say, show, table
from lispy import cli, read
from lispy.aima.game import Counted, mccarthy_search, to_mccarthy
from lispy.chapter6.drawing import draw
from lispy.chapter6.game_trees import (
    bestmax,
    bestmax_once,
    maxlis,
    maxlis_iterative,
    maxlis_primed,
    minlis,
)
from lispy.chapter6.iteration import iteration_timings
from lispy.chapter6.memoised import memoised_search
from lispy.chapter6.move_ordering import (
    default_lookahead,
    knuth_moore,
    lexicographic_game,
    lookahead_counts,
    ordering_counts,
    ordering_series,
    random_order_mean,
    rule_of_thumb,
    sorted_worst_first,
    terminals_examined,
)
from lispy.chapter6.sexp_games import tree
from lispy.chapter6.watch import Watch
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
    times = iteration_timings()
    table(
        ["the largest of n numbers", "maxlis (recursive)", "maxlisa (transcribed)", "maxlisa as a loop"],
        [
            row
            for t in times
            for row in (
                [f"n = {t.length:,}: frames open", *(f"{f:,}" for f in t.frames)],
                ["  time", *(f"{s * 1e3:.3f} ms" for s in (t.recursive, t.iterative, t.loop))],
            )
        ],
    )
    say(
        'the notes: "Iterative versions of the functions are generally better."  maxlis leaves a max '
        "pending at every element; maxlisa carries the maximum so far, and its recursive call is its "
        "whole value, which a LISP compiler makes a jump: a loop, in constant space.  Python makes no "
        "such jump: the transcribed maxlisa keeps a frame per element open, as maxlis does; as a loop it "
        "keeps none, whatever the length.  Their times in this run are in the table."
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


ORDERING_SIZES = [(k, n) for k in (2, 3, 4, 6) for n in (2, 4, 6)]
"""The uniform trees of section 6.4's table: k moves from every position, depth n."""


def ordering_table(trials: int = 10) -> None:
    heading("6.4 How much αβ saves: terminal positions examined on uniform trees")
    say(
        'The notes: "minimax looks at k^n positions while αβ looks at about only k^(n/2)" with the best '
        'move first; with the worst move first "there is no improvement over minimax". Counted here: '
        "terminal positions evaluated (calls of imval), k moves from every position, depth n. αβ best and "
        "worst first: on trees whose moves come in that order at every position, all leaves distinct; "
        "αβ random: in random order, the mean "
        f"over {trials} trees with random leaf values; k^(3n/4) is AIMA's rule of thumb for random order."
    )
    rows = []
    for k, n in cli.progress(ORDERING_SIZES, "6.4 counting", label=lambda kn: f"k = {kn[0]}, n = {kn[1]}"):
        counts = ordering_counts(k, n)
        rand = random_order_mean(k, n, trials)
        rows.append(
            [str(k), str(n), *(f"{c:,}" for c in counts), f"{rand:,.1f}", f"{rule_of_thumb(k, n):,.0f}"]
        )
    header = ["k", "n", "minimax", "αβ best", "k^⌈n/2⌉+k^⌊n/2⌋−1", "αβ worst", "αβ random", "k^(3n/4)"]
    table(header, rows)
    k, n = WORST_FIRST_RANDOM
    sorted_counts = [sorted_worst_first(k, n, seed) for seed in range(3)]
    say(
        "Best first, αβ examines exactly Levin's count k^⌈n/2⌉ + k^⌊n/2⌋ − 1 (Knuth and Moore 1975); "
        "worst first, exactly k^n, as the notes say, on these trees, where every subtree's values lie "
        "wholly above or below its siblings'. That is not every worst-first order: on trees of random "
        f"leaves with the moves sorted worst first by their exact values (k = {k}, n = {n}, 3 trees) αβ "
        f"examines {', '.join(f'{c:,}' for c in sorted_counts)} of {k**n:,}, since a deep bound can still "
        "refute a move (ERRATA E16). In random order it lands between, above AIMA's k^(3n/4) at these "
        "small k."
    )


WORST_FIRST_RANDOM = (4, 5)
"""k and n of the random trees sorted worst first, beside section 6.4's table."""


def ten_to_the_fourth() -> None:
    heading('6.5 "10^4 moves with αβ against 10^8 with minimax"')
    k, n = 10, 8
    value, count = terminals_examined(lexicographic_game(k, n, True), (), "maxval")
    show("αβ, best move first, k = 10, n = 8", f"{count:,} terminal positions (value {value})")
    show("k^⌈n/2⌉ + k^⌊n/2⌋ − 1", f"{knuth_moore(k, n):,}")
    show("minimax, k^n", f"{k**n:,} terminal positions (not run)")
    say(
        'The notes: "a program that looks at 10^4 moves with αβ might have to look at 10^8 with minimax". '
        "Exactly: 2·10^4 − 1 against 10^8."
    )


LOOKAHEAD_SIZES = [(4, 6), (8, 6), (4, 8)]
"""The random games of section 6.6: k moves from every position, depth n."""


def lookahead_experiment(trials: int = 5) -> None:
    heading("6.6 Ordering by a short look-ahead")
    say(
        'The notes: "the way to make the ordering is with a short look-ahead to a much smaller depth than '
        "the main search. Still shorter look-aheads are used deeper in the tree, and beyond a certain depth, "
        'non-look-ahead ordering methods". On random games whose positions have static values (each move '
        "adds a random amount in [-1, 1]; imval is the sum so far), each position's moves are sorted by a "
        "look-ahead of a third of the remaining depth, the static value two moves from the horizon, nothing "
        f"one move from it. Means over {trials} games; the look-ahead's own evaluations are counted."
    )
    schedules: dict[str, Callable[[int], int | None]] = {
        "static value only": lambda r: None if r <= 1 else 0,
        "look-ahead r/3 (default)": default_lookahead,
        "look-ahead r/2": lambda r: None if r <= 1 else r // 2,
    }
    rows = []
    for k, n in cli.progress(LOOKAHEAD_SIZES, "6.6 ordering", label=lambda kn: f"k = {kn[0]}, n = {kn[1]}"):
        for name, counts in lookahead_counts(
            k, n, {"as generated (random)": None, **schedules}, trials
        ).items():
            rows.append(
                [
                    f"{k}",
                    f"{n}",
                    name,
                    f"{counts.main:,.0f}",
                    f"{counts.lookahead:,.0f}",
                    f"{counts.total:,.0f}",
                    f"{knuth_moore(k, n):,}",
                ]
            )
    table(["k", "n", "ordering", "main search", "look-ahead", "total", "best case"], rows)
    say(
        "The look-ahead brings the main search within a few tens of percent of the best case, but it "
        "costs more than it saves: in total it does no better than sorting by the static value alone, "
        "which pays for itself, and about as well as no ordering. "
        "Programs make the look-ahead pay by reusing it: iterative deepening and a transposition table "
        "(AIMA, chapter 6), which the notes do not describe."
    )


def memoised_valmax() -> None:
    heading("6.7 valmax memoised: a transposition table (lispy.chapter6.memoised)")
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
    """Write the figure of section 6.4 to ``path``: terminal positions examined against depth, log scale.

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
        help="also write the figure of section 6.4 to PATH (needs matplotlib)",
    )
    args = parser.parse_args(argv)
    printable_stdout()
    heading("6. Game trees (McCarthy 1973)", "=")
    minimax_on_a_small_tree()
    figure_2_6()
    alpha_beta_on_the_small_tree()
    ordering_table()
    ten_to_the_fourth()
    lookahead_experiment()
    memoised_valmax()
    if args.plot:
        plot(args.plot)


if __name__ == "__main__":
    cli.run(main)
