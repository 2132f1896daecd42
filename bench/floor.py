"""What bounds a literal transcription in CPython: the calls McCarthy's ``valmax`` makes for each
position, each at the cost of a Python call, against the transcription's time.

    python -m bench.floor

``valmax`` of tic-tac-toe from the empty board on the ``Bitboard`` game (:mod:`bench.bitboard`), as
the notes write it: ``valmax``/``valmin``, ``maxlis``/``minlis`` one element a call, ``n``, ``a``,
``d`` and the notes' two-argument ``max``/``min`` on every element, ``ter``, ``imval`` and
``successors``. The profile (:mod:`cProfile`) counts every call, a Python function's or a builtin's
(``ter``, a ``functools.partial`` of ``operator.le`` called from C, which the profiler does not see,
is added: one call a position); each is divided by the 549,946 positions examined. The cost of a
call is timed alone (lispy's one timer, :mod:`bench.goals`): a loop calling a one-argument Python
function that returns its argument, less the same loop without the call, and the same for a builtin
(``abs``). The floor is the calls a position times the cost of a call: what the transcription's
shape costs before any of its work is done. The transcription's own time a position is timed in the
same rounds. The share of time is each function's own time under the profiler, which slows every
call alike, so the shares are a guide, not a measure.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
from collections.abc import Sequence
from typing import Any

from bench import goals, markdown
from bench.bitboard import Bitboard
from lispy import cli
from lispy.chapter6.game_trees import game_tree_search

POSITIONS = 549_946
"""Positions full minimax examines from the empty board (``ter`` applied), the root included."""
LOOP = 100_000
"""Calls in one timed loop of :func:`call_cost`."""


def profile() -> tuple[list[tuple[str, int, float]], int, int]:
    """Each function valmax calls, with its calls and its share of the profiled time; then the
    calls of Python functions and of builtins."""
    valmax = game_tree_search(*Bitboard().mccarthy()).valmax
    profiler = cProfile.Profile()
    profiler.runcall(valmax, 0)
    stats: Any = pstats.Stats(profiler).stats
    total = sum(own for _, calls, own, _, _ in stats.values())
    rows, python, builtin = [], 0, 0
    for (filename, _, name), (_, calls, own, _, _) in stats.items():
        if name.startswith("<method 'disable'"):
            continue
        shown = name.removeprefix("<built-in method ").removesuffix(">")
        shown = "Cons: tuple.__new__ (a new cell)" if shown.startswith("__new__ of type") else shown
        rows.append((shown, calls, own / total))
        if filename == "~":
            builtin += calls
        else:
            python += calls
    rows.append(("ter (partial(operator.le, …), unseen by the profiler: one a position)", POSITIONS, 0.0))
    builtin += POSITIONS
    rows.sort(key=lambda row: -row[1])
    return rows, python, builtin


def identity(x: Any) -> Any:
    return x


def call_cost(rounds: int) -> tuple[float, float, float]:
    """Seconds a call of a one-argument Python function costs, and a call of a builtin (each a loop
    less the empty loop), and seconds a position of the transcription, timed in the same rounds."""
    valmax = game_tree_search(*Bitboard().mccarthy()).valmax
    numbers = range(LOOP)

    def empty() -> None:
        for _ in numbers:
            pass

    def python() -> None:
        f = identity
        for i in numbers:
            f(i)

    def builtin() -> None:
        f = abs
        for i in numbers:
            f(i)

    times = goals.interleaved([empty, python, builtin, lambda: valmax(0)], rounds, "call cost")
    loop = statistics.median(times[0])
    return (
        (statistics.median(times[1]) - loop) / LOOP,
        (statistics.median(times[2]) - loop) / LOOP,
        statistics.median(times[3]) / POSITIONS,
    )


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.floor", __doc__)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    args = parser.parse_args(argv)
    print(goals.machine() + "\n")
    rows, python, builtin = profile()
    table = [
        [f"`{name}`", f"{calls:,}", f"{calls / POSITIONS:.2f}", f"{share:.0%}"] for name, calls, share in rows
    ]
    print(markdown(["function", "calls", "calls a position", "share of profiled time"], table))
    python_cost, builtin_cost, position = call_cost(max(1, args.rounds))
    per_python, per_builtin = python / POSITIONS, builtin / POSITIONS
    floor = per_python * python_cost + per_builtin * builtin_cost
    summary = [
        ["Python function calls a position", f"{per_python:.2f}"],
        ["builtin calls a position", f"{per_builtin:.2f}"],
        ["ns a Python call (one argument, returned)", f"{python_cost * 1e9:.0f}"],
        ["ns a builtin call (`abs`)", f"{builtin_cost * 1e9:.0f}"],
        ["floor: ns a position in calls alone", f"{floor * 1e9:.0f}"],
        ["the transcription: ns a position", f"{position * 1e9:.0f}"],
        ["the transcription / the floor", f"{position / floor:.2f}×"],
    ]
    print("\n" + markdown(["valmax of tic-tac-toe, Bitboard", "figure"], summary))


if __name__ == "__main__":
    cli.run(main)
