"""The notes' own definitions, compiled from their M-expressions, against the Python transcriptions.

    python -m bench.mexpr

Instant Insanity in both representations, ``search`` and ``allsol``, timed in one
run: the forms are timed in turn, round after round, and each keeps its best round,
so that a busy machine slows all of them alike; the ratio is compiled time over
transcription time.  The target is at most 2.  The compiled notes run their own
recursive ``mapcar2``, ``mapchoose`` and ``mapapp``, where the transcriptions use the
library's loops.  The table is Markdown; a progress bar shows on standard error while
it is a terminal.
"""

from __future__ import annotations

import math
import platform
import timeit
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import markdown
from lispy import cli
from lispy.chapter5 import insanity, insanity_words
from lispy.mexpr.program import notes

PARTS = {
    "lists": ("chapter5_insanity", "chapter5_search"),
    "words": ("chapter5_insanity", "chapter5_search", "chapter5_insanity_words"),
}


def rows() -> list[tuple[str, float, float]]:
    """Each case: its label, and the compiled and transcribed seconds per call."""
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
        times = interleaved_seconds([run, transcribed])
        found.append((label, times[0], times[1]))
    return found


def interleaved_seconds(forms: list[Callable[[], Any]], rounds: int = 9) -> list[float]:
    """Seconds per call of each form: the best of ``rounds`` rounds, each timing every form in turn."""
    timers = [timeit.Timer(f) for f in forms]
    numbers = [t.autorange()[0] for t in timers]
    best = [math.inf] * len(forms)
    for _ in range(rounds):
        for i, (timer, number) in enumerate(zip(timers, numbers, strict=True)):
            best[i] = min(best[i], timer.timeit(number) / number)
    return best


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.mexpr", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    table = [
        [f"`{label}`", f"{run * 1e3:.2f}", f"{transcribed * 1e3:.2f}", f"{run / transcribed:.2f}"]
        for label, run, transcribed in rows()
    ]
    print(markdown(["the notes' definition", "compiled ms", "transcription ms", "ratio"], table))


if __name__ == "__main__":
    cli.run(main)
