"""Chapter 5 benchmark: the two Instant Insanity searches, allsol, the list functions on 10^5
and 10^6 elements, the graph method against the search on n = 4 … 8 blocks, the two allsol
forms where the appending shows, and issue 10's goals for the Lisp data, all in one run so
that the ratios compare like with like.

    python -m bench.chapter5                  # everything: several minutes
    python -m bench.chapter5 --only goals     # issue 10's goals alone

The first tables are CPU milliseconds, the least of several blocks of about 0.2 s (lispy's one
timer, lispy.counting), the cyclic collector as Python runs it. The goals are timed as issue 10
states them, each of lispy's figures in interleaved rounds with its reference's, under the same
collector policy on both sides: every list function on 10^6 elements against the pure-Python
limit (the same loop on plain 2-tuples, bench.plain_cells), read
of 10^6 elements against building the list from the ints, the memory of 10^6 cells hashed or
not, a pickle round trip of 10^6 elements. The tables are Markdown, as
docs/benchmarks.md shows them (python -m bench); while standard error is a terminal, a progress
bar shows there. A shared machine moves the times by about ±20% from run to run, the ratios much
less.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import goals, markdown
from bench.lisp_data import issue_10
from lispy import (
    append,
    cli,
    from_iterable,
    length,
    lisp,
    mapcar,
    maplist,
    member,
    nth,
    prup,
    read,
    reverse,
    sublis,
)
from lispy.chapter5 import insanity as lists_rep
from lispy.chapter5 import insanity_words as words_rep
from lispy.chapter5.insanity_graph import graph_method
from lispy.chapter5.paths import path_search
from lispy.chapter5.puzzles import orientations, random_puzzle, tower_search_n
from lispy.claims.search_work import binary_tree, cells_copied, comb, ladder, positions_examined
from lispy.counting import timed_in_rounds

SECTIONS = ("searches", "lists", "graph", "appending", "goals")
"""The parts of the run, in order: ``--only`` picks some."""


def best_ms(f: Callable[[], Any], repeat: int = 5) -> float:
    """The least CPU milliseconds per call of ``f`` over ``repeat`` timings of about 0.2 s each."""
    return min(timed_in_rounds({"f": f}, rounds=repeat, budget=0.2)["f"]) * 1e3


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
    subst = read("((0 . ZERO) (1 . ONE))")
    cases: list[tuple[str, Callable[[Any, int], Callable[[], Any]]]] = [
        ("length", lambda u, k: lambda: length(u)),
        ("reverse", lambda u, k: lambda: reverse(u)),
        ("append (*)", lambda u, k: lambda: append(u, u)),
        ("member (ε), absent", lambda u, k: lambda: member(-1, u)),
        ("nth, last", lambda u, k: lambda: nth(u, k)),
        ("mapcar", lambda u, k: lambda: mapcar(u, abs)),
        ("maplist", lambda u, k: lambda: maplist(u, id)),
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


def timed(f: Callable[[], Any]) -> tuple[Any, float]:
    """``f()`` and its CPU seconds: the least of three runs if one takes under a second, else one run."""
    start = time.process_time()
    value = f()
    best = time.process_time() - start
    if best < 1:
        best = min(best, *timed_in_rounds({"f": f}, rounds=2, budget=0)["f"])
    return value, best


def graph_scaling(puzzles_per_n: int = 3, seed: int = 1973) -> None:
    """The notes' search and allsol against the graph method on n blocks in n colours, n = 4 … 8:
    random puzzles built around a tower (seeded), the medians of the counts and the times."""
    rng = random.Random(seed)
    table = []
    for size in cli.progress(range(4, 9), "graph method", label=lambda n: f"{n} blocks"):
        rows = []
        for _ in range(puzzles_per_n):
            blocks = random_puzzle(size, rng, solvable=True)
            app = tower_search_n(orientations(blocks), size)
            (_, searched), t_search = timed(partial(positions_examined, app, lists_rep.p0))
            (solutions, every), t_allsol = timed(partial(positions_examined, app, lists_rep.p0, "allsol"))
            found, t_graph = timed(partial(graph_method, blocks))
            rows.append((searched, every, found.candidates + found.comparisons,
                         t_search, t_allsol, t_graph, length(solutions)))  # fmt: skip
        m = [statistics.median(column) for column in zip(*rows, strict=True)]
        table.append([str(size), f"{m[0]:,.0f}", f"{m[1]:,.0f}", f"{m[2]:,.0f}", f"{m[3] * 1e3:.1f}",
                      f"{m[4] * 1e3:.1f}", f"{m[5] * 1e3:.2f}", f"{m[6]:.0f}"])  # fmt: skip
    header = ["n", "search: positions", "allsol: positions", "graph: candidates + comparisons"]
    print(markdown([*header, "search ms", "allsol ms", "graph ms", "solutions"], table))
    print(
        f"\n(medians over {puzzles_per_n} puzzles per n, seed {seed}; each time the best of 3 runs, "
        "or of 1 where a run takes a second or more)"
    )


def appending_growth() -> None:
    """The two allsol forms timed where the solutions are many and deep: the appending claim."""
    cases: list[tuple[str, Any, Any]] = [("the notes' puzzle", lists_rep.tower, lists_rep.p0)]
    cases += [(f"ladder, {k} paths", path_search(ladder(k), "F"), lisp("V1")) for k in (100, 200, 400, 800)]
    cases += [(f"comb, {k} solutions", comb(k), 0) for k in (250, 500, 1000, 2000)]
    cases += [(f"binary tree, depth {k}", binary_tree(k), 1) for k in (8, 10, 12, 14)]
    table = []
    for title, app, p in cli.progress(cases, "appending", label=lambda c: c[0]):
        copying = cells_copied(app, p)
        simple = best_ms(lambda app=app, p=p: app.allsol(p), repeat=3)  # type: ignore[misc]
        efficient = best_ms(lambda app=app, p=p: app.allsol_efficient(p), repeat=3)  # type: ignore[misc]
        table.append([title, f"{copying.solutions:,}", f"{copying.copied:,}", f"{simple:.2f}",
                      f"{efficient:.2f}", f"{simple / efficient:.2f}"])  # fmt: skip
    header = ["tree", "solutions", "cells * copies", "allsol ms", "allsol_efficient ms", "ratio"]
    print(markdown(header, table))


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.chapter5", __doc__)
    parser.add_argument(
        "--only", nargs="+", choices=SECTIONS, default=SECTIONS, metavar="PART",
        help="the parts to run, of: " + ", ".join(SECTIONS) + " (default all)",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of the goals (default 5)")
    args = parser.parse_args(argv)
    print(goals.machine())
    parts = {
        "searches": searches,
        "lists": list_functions,
        "graph": graph_scaling,
        "appending": appending_growth,
        "goals": partial(issue_10, 10**6, args.rounds),
    }
    for name in SECTIONS:
        if name in args.only:
            print()
            parts[name]()


if __name__ == "__main__":
    cli.run(main)
