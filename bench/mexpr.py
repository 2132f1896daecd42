"""The notes' own definitions run by the M-expression evaluator, against the Python transcriptions.

    python -m bench.mexpr

Instant Insanity in both representations, ``search`` and ``allsol``, timed in one
run (best of several repeats); the ratio is evaluator time over transcription
time.  The target is within 20 times.  The table is Markdown; a progress bar shows on
standard error while it is a terminal.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import markdown
from chapters.timing import best_seconds
from lispy import cli
from lispy.chapter5 import insanity, insanity_words
from lispy.mexpr.program import notes


def rows() -> list[tuple[str, float, float]]:
    lists = notes("chapter5_insanity", "chapter5_search")
    words = notes("chapter5_insanity", "chapter5_search", "chapter5_insanity_words")
    p0, w0 = insanity.p0, insanity_words.p0
    cases: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        ("search p₀, lists", partial(lists.call, "search", p0), partial(insanity.search, p0)),
        ("allsol p₀, lists", partial(lists.call, "allsol", p0), partial(insanity.tower.allsol_efficient, p0)),
        ("search (0), words", partial(words.call, "search", w0), partial(insanity_words.search, w0)),
    ]
    found = []
    for label, evaluated, transcribed in cli.progress(cases, "timing", label=lambda c: c[0]):
        assert evaluated() == transcribed()
        found.append((label, best_seconds(evaluated, repeat=5), best_seconds(transcribed, repeat=5)))
    return found


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.mexpr", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    table = [
        [f"`{label}`", f"{evaluated * 1e3:.2f}", f"{transcribed * 1e3:.2f}", f"{evaluated / transcribed:.1f}"]
        for label, evaluated, transcribed in rows()
    ]
    print(markdown(["the notes' definition", "evaluator ms", "transcription ms", "ratio"], table))


if __name__ == "__main__":
    cli.run(main)
