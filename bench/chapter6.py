"""Chapter 6 benchmark: valmax (minimax) against maxval (αβ) on uniform trees, in one run.

    python -m bench.chapter6

Random leaves in random order; terminal positions examined, time, and positions per second.
"""

from __future__ import annotations

import platform
from functools import partial

from chapters.game_trees import random_leaves
from chapters.timing import best_seconds
from lispy.chapter6.move_ordering import terminals_examined, uniform_game


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    print(
        "| k | n | valmax positions | valmax ms | maxval positions | maxval ms"
        " | positions ratio | valmax pos/s | maxval pos/s |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for k, n in ((3, 6), (4, 6), (6, 5)):
        game = uniform_game(k, n, random_leaves(0))
        row = []
        for method in ("valmax", "maxval"):
            count = terminals_examined(game, (), method)[1]
            seconds = best_seconds(partial(terminals_examined, game, (), method), repeat=3)
            row.append((count, seconds))
        (cv, sv), (ca, sa) = row
        print(
            f"| {k} | {n} | {cv:,} | {sv * 1e3:.1f} | {ca:,} | {sa * 1e3:.1f} | {cv / ca:.1f} | "
            f"{cv / sv:,.0f} | {ca / sa:,.0f} |"
        )


if __name__ == "__main__":
    main()
