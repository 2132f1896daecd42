"""Chapter 6 benchmark: valmax (minimax) against maxval (αβ) on uniform trees, in one run.

    python -m bench.chapter6

Random leaves in random order; terminal positions examined, time, and positions per second,
as a Markdown table (a progress bar on standard error while it is a terminal).  Then tic-tac-toe
from the empty board: valmax, valmax memoised (lispy.chapter6.memoised, on the position and on the
symmetry key) and αβ with the bound-aware TranspositionTable, positions examined and time.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import markdown
from lispy import cli
from lispy.aima.game import Counted, mccarthy_search, to_mccarthy
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.chapter6.memoised import memoised_search
from lispy.claims.move_ordering import random_leaves, terminals_examined, uniform_game
from lispy.counting import timed_in_rounds
from lispy.games.tictactoe import TicTacToe

SIZES = [(3, 6), (4, 6), (6, 5)]


def best_seconds(f: Callable[[], Any], budget: float = 0.03, repeat: int = 5) -> float:
    """The least CPU seconds per call of ``f`` over ``repeat`` timings of about ``budget`` seconds."""
    return min(timed_in_rounds({"f": f}, rounds=repeat, budget=budget)["f"])


"""The uniform trees timed: k moves from every position, depth n."""


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.chapter6", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    rows = []
    for k, n in cli.progress(SIZES, "timing", label=lambda kn: f"k = {kn[0]}, n = {kn[1]}"):
        game = uniform_game(k, n, random_leaves(0))
        row = []
        for method in ("valmax", "maxval"):
            count = terminals_examined(game, (), method)[1]
            seconds = best_seconds(partial(terminals_examined, game, (), method), budget=0.2, repeat=3)
            row.append((count, seconds))
        (cv, sv), (ca, sa) = row
        valmax, maxval = [f"{cv:,}", f"{sv * 1e3:.1f}"], [f"{ca:,}", f"{sa * 1e3:.1f}"]
        rows.append(
            [str(k), str(n), *valmax, *maxval, f"{cv / ca:.1f}", f"{cv / sv:,.0f}", f"{ca / sa:,.0f}"]
        )
    header = ["k", "n", "valmax positions", "valmax ms", "maxval positions", "maxval ms"]
    print(markdown([*header, "positions ratio", "valmax pos/s", "maxval pos/s"], rows))
    print()
    print(markdown(["tic-tac-toe from the empty board", "value", "positions examined", "ms"], tictactoe()))


def tictactoe() -> list[list[str]]:
    """valmax, valmax memoised (fresh tables each run) and αβ with a transposition table, timed."""
    searches = {
        "valmax": lambda g: mccarthy_search(g).valmax(g.initial),
        "valmax memoised on the position": lambda g: memoised_search(*to_mccarthy(g)).valmax(g.initial),
        "valmax memoised on the symmetry key": (
            lambda g: memoised_search(*to_mccarthy(g), key=g.key).valmax(g.initial)
        ),
        "αβ, TranspositionTable (symmetry key)": lambda g: alpha_beta_tt_search(g).value,
    }
    rows = []
    for label, search in cli.progress(list(searches.items()), "tic-tac-toe", label=lambda s: s[0]):
        game = Counted(TicTacToe())
        value = search(game)
        seconds = best_seconds(partial(search, TicTacToe()), repeat=2 if label == "valmax" else 5)
        rows.append([label, str(value), f"{game.examined:,}", f"{seconds * 1e3:.1f}"])
    return rows


if __name__ == "__main__":
    cli.run(main)
