"""The notes' own definitions, compiled from their M-expressions, against the Python transcriptions.

    python -m bench.mexpr

Instant Insanity in both representations, ``search`` and ``allsol``, timed in one
run: the forms are timed in turn, round after round, and each keeps its best round,
so that a busy machine slows all of them alike (the cyclic collector off during
each block, as timeit has it); the ratio is compiled time over transcription
time.  The goal is at most 2×, and the table says whether each meets it.  The compiled notes run their own
recursive ``mapcar2``, ``mapchoose`` and ``mapapp``, where the transcriptions use the
library's loops.  The table is Markdown; a progress bar shows on standard error while
it is a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import goals
from bench.goals import Goal
from lispy import cli
from lispy.chapter5 import insanity, insanity_words
from lispy.mexpr.program import notes

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
        seconds, reference = goals.interleaved([run, transcribed], 9, collector=False, description=label)
        found.append(goals.ratio(f"`{label}`", seconds, reference, 2))
    return found


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.mexpr", __doc__).parse_args(argv)
    print(goals.machine() + "\n")
    found = rows()
    print(goals.table(found, "compiled", "transcription", "the notes' definition"))
    print(f"\n{goals.summary(found)}")


if __name__ == "__main__":
    cli.run(main)
