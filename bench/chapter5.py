"""Chapter 5 benchmark: the two Instant Insanity searches, allsol, and the list functions
on 10^5 and 10^6 elements, all timed in one run so that the ratios compare like with like.

    python -m bench.chapter5

Each figure is the best of several repeats (timeit), in milliseconds; the tables are
Markdown, as the README quotes them.  It takes a minute or two; while standard error is a
terminal, a progress bar shows there.  The machines vary by about ±20% from run to run, the
ratios much less.
"""

from __future__ import annotations

import platform
import sys
from collections.abc import Callable, Sequence
from typing import Any

from bench import markdown
from chapters.timing import best_seconds
from lispy import (
    append,
    cli,
    from_iterable,
    length,
    lisp,
    mapapp,
    mapcar,
    mapcar2,
    mapchoose,
    maplist,
    member,
    nth,
    prup,
    read,
    reverse,
    sublis,
    upto,
)
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5 import insanity_words as words_rep


def best_ms(f: Callable[[], Any], repeat: int = 5) -> float:
    return best_seconds(f, repeat) * 1e3


def searches() -> None:
    cases = [
        ("`search p₀`, list representation", lambda: lists_rep.search(lists_rep.p0), "about 11 s"),
        (
            "`search (0)`, bit-word representation",
            lambda: words_rep.search(words_rep.p0),
            "a little under 1 s",
        ),
        ("`allsol p₀`, list representation", lambda: lists_rep.allsol(lists_rep.p0), ""),
        ("`allsol_efficient p₀`, list representation", lambda: lists_rep.allsol_efficient(lists_rep.p0), ""),
        ("`allsol (0)`, bit-word representation", lambda: words_rep.allsol(words_rep.p0), ""),
        (
            "`allsol_efficient (0)`, bit-word representation",
            lambda: words_rep.allsol_efficient(words_rep.p0),
            "",
        ),
    ]
    times = {name: best_ms(f) for name, f, _ in cli.progress(cases, "searches", label=lambda c: c[0])}
    rows = [[name, f"{times[name]:.3f}", notes] for name, _, notes in cases]
    print(markdown(["search", "ms", "the notes (PDP-10)"], rows))
    ratio = times[cases[0][0]] / times[cases[1][0]]
    print(f"\nlist / bit-word search: {ratio:.1f} (the notes: 'a factor of ten')\n")


def list_functions() -> None:
    sizes = (10**5, 10**6)
    lists = {k: from_iterable(range(k)) for k in sizes}
    tails = {k: nth(lists[k], k) for k in sizes}
    subst = read("((0 . ZERO) (1 . ONE))")
    cases: list[tuple[str, Callable[[Any, int], Callable[[], Any]]]] = [
        ("length", lambda u, k: lambda: length(u)),
        ("reverse", lambda u, k: lambda: reverse(u)),
        ("append (*)", lambda u, k: lambda: append(u, u)),
        ("member (ε), absent", lambda u, k: lambda: member(-1, u)),
        ("nth, last", lambda u, k: lambda: nth(u, k)),
        ("upto, last tail", lambda u, k: lambda: upto(u, tails[k])),
        ("mapcar", lambda u, k: lambda: mapcar(u, abs)),
        ("maplist", lambda u, k: lambda: maplist(u, id)),
        ("mapcar2", lambda u, k: lambda: mapcar2(u, u, max)),
        ("mapchoose", lambda u, k: lambda: mapchoose(u, bool, abs)),
        ("mapapp", lambda u, k: lambda: mapapp(u, lisp)),
        ("prup", lambda u, k: lambda: prup(u, u)),
        ("sublis", lambda u, k: lambda: sublis(subst, u)),
        ("== (equal), two copies", lambda u, k: lambda: u == from_iterable(range(k))),
        ("str (print)", lambda u, k: lambda: str(u)),
    ]
    rows = []
    for name, make in cli.progress(cases, "list functions", label=lambda c: c[0]):
        small, big = (best_ms(make(lists[k], k), repeat=3) for k in sizes)
        rows.append([name, f"{small:.1f}", f"{big:.1f}", f"{big / small:.1f}"])
    header = ["function", "10^5 elements, ms", "10^6 elements, ms", "ratio (linear: 10)"]
    print(markdown(header, rows))
    print("\n(`== (equal)` includes building the second copy; `str` the whole text.)")


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.chapter5", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, {sys.platform}\n")
    searches()
    list_functions()


if __name__ == "__main__":
    cli.run(main)
