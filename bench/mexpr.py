"""The notes' own definitions run by the M-expression evaluator, against the Python transcriptions.

    python -m bench.mexpr

Instant Insanity in both representations, ``search`` and ``allsol``, timed in one
run (best of several repeats); the ratio is evaluator time over transcription
time.  The target is within 20 times.
"""

from __future__ import annotations

import platform
from collections.abc import Callable
from functools import partial
from typing import Any

from chapters.timing import best_seconds
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
    for label, evaluated, transcribed in cases:
        assert evaluated() == transcribed()
        found.append((label, best_seconds(evaluated, repeat=5), best_seconds(transcribed, repeat=5)))
    return found


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    print("| the notes' definition | evaluator ms | transcription ms | ratio |")
    print("|---|---:|---:|---:|")
    for label, evaluated, transcribed in rows():
        print(
            f"| `{label}` | {evaluated * 1e3:.2f} | {transcribed * 1e3:.2f} | {evaluated / transcribed:.1f} |"
        )


if __name__ == "__main__":
    main()
