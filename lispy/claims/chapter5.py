"""Chapter 5's claims ("Tree search"), measured and judged: :func:`measure`.  Their words
are in ``claims.toml`` (:data:`lispy.claims.record.TEXTS`); this module finds the values
that fill them and the verdicts."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from lispy.chapter5 import insanity, insanity_words, puzzles
from lispy.chapter5.insanity_graph import graph_method
from lispy.chapter5.paths import path_search
from lispy.claims import search_checks
from lispy.claims.record import (
    Judged,
    Spread,
    Steps,
    about,
    agrees_if,
    counted,
    faster,
    judged,
    ms,
    ratios,
    symbols,
    timed_in_rounds,
)
from lispy.claims.search_work import binary_tree, cells_copied, comb, ladder, named_lose, positions_examined
from lispy.sexpr.data import lisp, read, to_string
from lispy.sexpr.lists import append, length, reverse

__all__ = ["COMB_SIZES", "STEPS", "measure", "setting_up"]

STEPS = 2
"""How many steps :func:`measure` yields."""

COMB_SIZES = (50, 100, 200)
"""The combs (:func:`lispy.claims.search_work.comb`) on which the two forms of ``allsol`` are compared."""


def setting_up() -> tuple[Any, Any]:
    """The notes' whole setting up, as claim 5 times it: ``puzz2`` from its six cycles (the notes' line,
    as :data:`lispy.chapter5.insanity.puzz2` is made), then ``puzz3``, ``puzz4`` and ``puzz`` from
    ``puzz1`` (:func:`lispy.chapter5.puzzles.orientations`).  Returns ``(puzz2, puzz)``.

    >>> setting_up() == (insanity.puzz2, insanity.puzz)
    True
    """
    puzz2 = functools.reduce(
        lambda rest, cycle: append(insanity.cycles(read(cycle)), rest),
        reversed(_CYCLES[:-1]),
        insanity.cycles(read(_CYCLES[-1])),
    )
    return puzz2, puzzles.orientations(insanity.puzz1)


_CYCLES = ("(2 3 4 5)", "(2 5 4 3)", "(1 2 6 4)", "(1 4 6 2)", "(1 3 6 5)", "(1 5 6 3)")
"""The six cycles of ``puzz2 ← cycles[(2 3 4 5)]*cycles[(2 5 4 3)]*…``: one for each face put on top."""


def _timings() -> dict[str, Spread]:
    """Everything chapter 5's claims time, in one set of interleaved rounds."""
    computations: dict[str, Callable[[], Any]] = {
        "lists": lambda: insanity.search(insanity.p0),
        "words": lambda: insanity_words.search(insanity_words.p0),
        "setup": setting_up,
        "graph": lambda: graph_method(insanity.puzz1),
        "words allsol": lambda: insanity_words.allsol(insanity_words.p0),
        "words allsol efficient": lambda: insanity_words.allsol_efficient(insanity_words.p0),
    }
    for k in COMB_SIZES:
        app = comb(k)
        computations[f"comb {k}"] = functools.partial(app.allsol, 0)
        computations[f"comb {k} efficient"] = functools.partial(app.allsol_efficient, 0)
    return timed_in_rounds(computations)


def measure() -> Steps:
    """Measure and judge chapter 5's claims, yielding the name of each long step (:data:`STEPS`) as it
    begins; returns what was found for each, by anchor."""
    found: dict[str, Judged] = {}
    yield "timing the searches"
    times = _timings()
    lists, words = times["lists"], times["words"]
    yield "checking the claims against independent computations"

    found["claim-depth-first"] = counted(search_checks.depth_first())

    only, first = shown = named_lose()
    found["claim-name-lose"] = judged(
        agrees_if(only.search == "LOSE" and first.search != "LOSE" and length(only.allsol) == 1),
        rows=[
            ("successors START", "search START", "allsol START"),
            *((to_string(r.successors), to_string(r.search), to_string(r.allsol)) for r in shown),
        ],
        only=to_string(only.search),
        first=to_string(first.search),
    )

    paths = search_checks.paths_found()
    found["claim-paths"] = counted(paths)

    towers = search_checks.every_tower()
    found["claim-tower"] = judged(
        agrees_if(towers.agreed > 0 and towers.first_disagreement is None),
        tried=towers.tried,
        towers=towers.agreed,
        first=to_string(insanity.search(insanity.p0)),
    )

    setup = symbols(
        *(("chapter5_insanity", n, 1) for n in ("puzz2", "cycles", "upto", "puzz3", "puzz4", "puzz"))
    )
    search = symbols(
        ("chapter5_search", "search", 1),
        ("chapter5_search", "searchlis", 1),
        *(("chapter5_insanity", n, 1) for n in ("p₀", "lose", "ter", "successors", "mapcar2")),
    )
    setup_time = ratios(times["setup"], lists)
    found["claim-setup"] = judged(
        "",
        about(setup[1] / search[1], 1),
        about(setup_time, 1),
        rows=[
            ("", "statements", "symbols", "CPU time, median"),
            ("setting up", str(setup[0]), str(setup[1]), ms(times["setup"].median)),
            ("the search", str(search[0]), str(search[1]), ms(lists.median)),
        ],
        setup=setup,
        search=search,
        setting_up=times["setup"].ms(),
        lists=lists.ms(),
        ratio=setup_time.ratio(2),
    )

    found["claim-24-orientations"] = counted(search_checks.orientations_per_block())
    found["claim-24-cycles"] = counted(search_checks.rotations())
    found["claim-top-faces"] = counted(search_checks.top_faces())
    found["claim-16-bits"] = counted(search_checks.sixteen_bits())

    full, reduced, same = search_checks.symmetric_towers()
    found["claim-three-orientations"] = judged(
        agrees_if(same), full=full, reduced=reduced, exactly="exactly" if same else "NOT"
    )

    found["claim-11-seconds"] = judged("no verdict", lists=lists.ms(), longer=11 / lists.median)

    speedup = ratios(lists, words)
    ten = about(speedup, 10)
    why = {
        "agrees": "the interquartile range lies within a factor of two of ten",
        "differs": "the interquartile range lies beyond a factor of two of ten",
        "too close to call": "the interquartile range reaches across a factor of two of ten",
    }[ten]
    found["claim-factor-of-ten"] = judged(
        ten, lists=lists.ms(), words=words.ms(), speedup=speedup.ratio(), why=why
    )

    examined, kept, word_examined, walked = search_checks.non_losing_positions()
    found["claim-same-search"] = judged(
        agrees_if(walked and kept == word_examined),
        examined=examined,
        kept=kept,
        word_examined=word_examined,
        not_="" if walked else "NOT ",
    )

    found["claim-and-test"] = counted(search_checks.and_test())

    short = [
        symbols(*(("chapter5_insanity_words", n, 1) for n in names))[1]
        for names in (
            ("lose", "ter", "successors"),
            ("lose", "ter", "successors", "mapchoose", "zap", "poo", "puzza"),
        )
    ]
    long = [
        symbols(*(("chapter5_insanity", n, 1) for n in names))[1]
        for names in (("lose", "ter", "successors"), ("lose", "ter", "successors", "mapcar2"))
    ]
    found["claim-short"] = judged(
        "", agrees_if(short[0] < long[0]), agrees_if(short[1] < long[1]), short=short, long=long
    )

    applied, fired, sound = search_checks.lose_never_fires()
    found["claim-lose-trivial"] = counted(sound, fired == 0 and sound.all, applied=applied, fired=fired)

    found["claim-one-second"] = judged("no verdict", words=words.ms(), longer=1 / words.median)

    graph = times["graph"]
    one, every = ratios(graph, words), ratios(graph, times["words allsol"])
    found["claim-greater-speedup"] = judged(
        "",
        faster(one),
        faster(every),
        graph=graph.ms(),
        words=words.ms(),
        one=one.ratio(),
        allsol=times["words allsol"].ms(),
        every=every.ratio(2),
    )

    method = graph_method(insanity.puzz1)
    work = method.candidates + method.comparisons
    examined_rows = [
        ("search p₀, lists", positions_examined(insanity.tower, insanity.p0)[1]),
        ("allsol p₀, lists", positions_examined(insanity.tower, insanity.p0, "allsol")[1]),
        ("search (0), words", positions_examined(insanity_words.tower, insanity_words.p0)[1]),
        ("allsol (0), words", positions_examined(insanity_words.tower, insanity_words.p0, "allsol")[1]),
    ]
    fewest = min(count for name, count in examined_rows if name.startswith("allsol"))
    found["claim-mathematics"] = judged(
        agrees_if(work < fewest),
        rows=[
            ("", "work", "count"),
            *((name, "positions examined", f"{count:,}") for name, count in examined_rows),
            ("graph method", "candidate edges tried", f"{method.candidates:,}"),
            ("", "pairs of factors compared", f"{method.comparisons:,}"),
        ],
        candidates=method.candidates,
        comparisons=method.comparisons,
        work=work,
        pairs=length(method.pairs),
        fewest=fewest,
    )

    puzzle_reversed = insanity.allsol_efficient(insanity.p0) == reverse(insanity.allsol(insanity.p0))
    five = path_search(ladder(5), "F")
    reversed_ = puzzle_reversed and five.allsol_efficient(lisp("V1")) == reverse(five.allsol(lisp("V1")))
    found["claim-allsol"] = judged(
        agrees_if(towers.first_disagreement is None and towers.agreed > 0 and paths.all and reversed_),
        towers=towers.agreed,
        placements=towers.tried,
        graphs=paths.tried,
        reversed="yes" if reversed_ else "NO",
    )

    cases: list[tuple[str, Any, Any]] = [("the notes' puzzle", insanity.tower, insanity.p0)]
    cases += [(f"ladder, {k} paths", path_search(ladder(k), "F"), lisp("V1")) for k in (10, 40)]
    cases += [(f"comb, {k} teeth", comb(k), 0) for k in COMB_SIZES]
    cases += [(f"binary tree, 2^{k} leaves", binary_tree(k), 1) for k in (4, 8)]
    copying = [(title, cells_copied(app, p)) for title, app, p in cases]
    comb_copies = [c.copied for title, c in copying if title.startswith("comb")]
    found["claim-appending"] = judged(
        agrees_if(comb_copies == [k * (k + 1) // 2 for k in COMB_SIZES] and copying[0][1].copied > 0),
        rows=[
            ("tree", "solutions", "copied by *", "simple form", "efficient form"),
            *(
                (t, f"{c.solutions:,}", f"{c.copied:,}", f"{c.simple:,}", f"{c.efficient:,}")
                for t, c in copying
            ),
        ],
        copied=copying[0][1].copied,
    )

    def efficiency(title: str, simple: str, digits: int) -> tuple[str, ...]:
        """A row of the table: the two forms' median times and the ratio, round by round."""
        r = ratios(times[simple], times[f"{simple} efficient"])
        ratio = f"{r.median:.{digits}f} ({r.low:.{digits}f}–{r.high:.{digits}f})"
        return (title, ms(times[simple].median), ms(times[f"{simple} efficient"].median), ratio)

    on_puzzle = ratios(times["words allsol"], times["words allsol efficient"])
    on_combs = {k: ratios(times[f"comb {k}"], times[f"comb {k} efficient"]) for k in COMB_SIZES}
    biggest = on_combs[COMB_SIZES[-1]]
    found["claim-efficient"] = judged(
        "",
        faster(on_puzzle, below=False),
        faster(biggest, below=False),
        rows=[
            ("", "simple form", "efficient form", "ratio: median (interquartile range)"),
            efficiency("the notes' puzzle, words", "words allsol", 2),
            *(efficiency(f"comb, {k} teeth", f"comb {k}", 1) for k in COMB_SIZES),
        ],
        on_puzzle=on_puzzle.ratio(2),
        cells=(copying[0][1].simple, copying[0][1].efficient),
        on_combs=", ".join(f"{on_combs[k].median:.1f} times as long at n = {k}" for k in COMB_SIZES),
        n=COMB_SIZES[-1],
        biggest=biggest.ratio(),
    )
    return found
