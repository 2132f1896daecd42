"""The notes' own definitions, compiled from their M-expressions, against the Python transcriptions.

    python -m bench.mexpr

Instant Insanity in both representations, ``search`` and ``allsol``, timed in one run: the forms
are timed in turn, round after round, in CPU time, so that a busy machine slows all of them
alike (:mod:`bench.goals`); the ratio is compiled time over transcription time, the median of
the rounds' ratios. The goal is at most 2×, and the table says whether each meets it. Both run
the notes' own recursive ``mapcar2``, ``mapchoose``, ``mapapp`` and ``upto`` where the notes use
them (transcribed in the chapter modules beside their users). The table is Markdown; a progress
bar shows on standard error while it is a terminal.

Before that table, two figures of the REPL's machinery: the time to take in an input continued
over 1,000 and 3,000 lines, as a ratio (linear time gives 3×, the quadratic re-parsing of every
line 9×), and the microseconds of the environment's ``define``, ``snapshot`` and ``restore``.
``--tools`` prints only those (a few seconds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import goals, markdown
from bench.goals import Goal
from lispy import cli
from lispy.chapter5 import insanity, insanity_words
from lispy.mexpr.program import notes
from lispy.mexpr.session import Collector
from lispy.mexpr.syntax import parse_statement

PARTS = {
    "lists": ("chapter5_insanity", "chapter5_search"),
    "words": ("chapter5_insanity", "chapter5_search", "chapter5_insanity_words"),
}


def rows() -> list[Goal]:
    """Each case: compiled against transcribed seconds per call, with the goal of at most 2×."""
    compiled = {k: notes(*parts) for k, parts in PARTS.items()}
    p0, w0 = insanity.p0, insanity_words.p0
    cases: list[tuple[str, str, str, Any, Callable[[], Any]]] = [
        ("search p₀, lists", "lists", "search", p0, partial(insanity.search, p0)),
        ("allsol p₀, lists", "lists", "allsol", p0, partial(insanity.tower.allsol_efficient, p0)),
        ("search (0), words", "words", "search", w0, partial(insanity_words.search, w0)),
    ]
    found = []
    for label, kind, name, start, transcribed in cli.progress(cases, "timing", label=lambda c: c[0]):
        run = partial(compiled[kind].call, name, start)
        assert run() == transcribed()
        seconds, reference = goals.interleaved([run, transcribed], 9, description=label)
        found.append(goals.ratio(f"`{label}`", seconds, reference, 2))
    return found


# --- an input continued over many lines: linear, not quadratic --------------------------------


def continued_input(lines: int) -> list[str]:
    """An input of ``lines`` lines, each unfinished by itself: ``x ← f[0,`` then ``1,`` lines, ``2]``."""
    return ["x ← f[0,", *["  1," for _ in range(lines - 2)], "  2]"]


def continuation_seconds(lines: int) -> float:
    """Seconds for the REPL's collector to take in an input of ``lines`` lines (median of three blocks)."""
    text = continued_input(lines)

    def collect() -> None:
        collector = Collector()
        for number, line in enumerate(text, 1):
            collector.add(number, line)
        assert collector.waiting is None

    return goals.seconds(collect)


def continuation_table(sizes: Sequence[int] = (1000, 3000)) -> str:
    """Seconds for each size, and the ratio of the largest to the smallest against the sizes' ratio:
    linear time gives about the sizes' ratio (3 for 3,000 over 1,000), quadratic its square (9)."""
    seconds = [continuation_seconds(n) for n in sizes]
    rows = [[f"{n:,} lines", f"{t * 1000:.1f}"] for n, t in zip(sizes, seconds, strict=True)]
    table = markdown(["continued input", "ms"], rows)
    ratio, linear = seconds[-1] / seconds[0], sizes[-1] / sizes[0]
    return f"{table}\n\n{sizes[-1]:,} over {sizes[0]:,} lines: {ratio:.1f}× (linear: {linear:.0f}×)"


# --- the environment: define, snapshot, restore ---------------------------------------------------


def environment_microseconds() -> dict[str, float]:
    """Microseconds per ``define`` (a one-line definition), ``snapshot`` and ``restore`` (to a snapshot
    that differs by one definition), in an environment holding chapter 5's insanity parts."""
    m = notes(*PARTS["words"])
    statement = parse_statement("twice x ← x + x")
    base = m.snapshot()
    m.define(statement)
    changed = m.snapshot()
    flip = [base, changed]

    def restore() -> None:
        flip.reverse()
        m.restore(flip[0])

    timed = {"define": lambda: m.define(statement), "snapshot": m.snapshot, "restore": restore}
    best = {k: goals.seconds(f) for k, f in timed.items()}
    return {k: seconds * 1e6 for k, seconds in best.items()}


def environment_table() -> str:
    figures = environment_microseconds()
    return markdown(["environment", "µs per call"], [[k, f"{v:.2f}"] for k, v in figures.items()])


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.mexpr", __doc__)
    parser.add_argument(
        "--tools", action="store_true", help="only the continuation and environment figures (seconds)"
    )
    args = parser.parse_args(argv)
    print(goals.machine() + "\n")
    print(continuation_table() + "\n")
    print(environment_table() + "\n")
    if args.tools:
        return
    found = rows()
    print(goals.table(found, "compiled", "transcription", "the notes' definition"))
    print(f"\n{goals.summary(found)}")


if __name__ == "__main__":
    cli.run(main)
