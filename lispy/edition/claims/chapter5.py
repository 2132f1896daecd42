"""Chapter 5's claims ("Tree search"), measured and judged: :func:`measure`.

Twenty claims, in the notes' order: the search is depth first and a win named ``LOSE`` breaks it;
the path example finds paths; the puzzle is solved; ``puzz2`` is the 24 rotations; three
orientations of the first block suffice; setting up is as complicated as searching; the PDP-10's
11 s and 1 s and the factor of ten between them; the words change the positions, not the search;
the ``and`` of two words tests a block; the words make the description short; ``lose`` is trivial;
mathematics makes it faster still and makes the search unnecessary; ``allsol`` finds every
solution, copies lists, and has a more efficient form; and a remark on a common program shape.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from lispy.chapter5 import checks, insanity, insanity_words
from lispy.chapter5.insanity_graph import graph_method
from lispy.chapter5.paths import path_search
from lispy.chapter5.work import binary_tree, cells_copied, comb, ladder, named_lose, positions_examined
from lispy.edition.claims.record import (
    Claim,
    Reading,
    Spread,
    Steps,
    agreement,
    ms,
    python,
    ratios,
    symbols,
    timed_in_rounds,
    verdict_of,
)
from lispy.sexpr.data import lisp
from lispy.sexpr.lists import length, reverse
from lispy.sexpr.printer import to_string

__all__ = ["CLAIMS", "COMB_SIZES", "STEPS", "measure"]

CLAIMS = 20
"""How many claims the inventory finds in chapter 5: chapter 6's are numbered on from it."""

STEPS = 2
"""How many steps :func:`measure` yields."""

COMB_SIZES = (50, 100, 200)
"""The combs (:func:`lispy.chapter5.work.comb`) on which the two forms of ``allsol`` are compared."""

NO_PDP10 = (
    "No PDP-10 is here, and its time was that of compiled LISP on a 1973 machine: a time taken on "
    "another machine, in another language, says nothing for or against it."
)

SEARCH, PATHS, LISTS, WORDS, ALL = (
    "The general search",
    "Paths in a graph",
    "Instant Insanity, in lists",
    "Instant Insanity, in bit words",
    "All the solutions",
)


def _timings() -> dict[str, Spread]:
    """Everything chapter 5's claims time, in one set of interleaved rounds."""
    computations: dict[str, Callable[[], Any]] = {
        "lists": lambda: insanity.search(insanity.p0),
        "words": lambda: insanity_words.search(insanity_words.p0),
        "setup": lambda: insanity.orientations(insanity.puzz1),
        "graph": lambda: graph_method(insanity.puzz1),
        "words allsol": lambda: insanity_words.allsol(insanity_words.p0),
        "words allsol efficient": lambda: insanity_words.allsol_efficient(insanity_words.p0),
    }
    for k in COMB_SIZES:
        app = comb(k)
        computations[f"comb {k}"] = functools.partial(app.allsol, 0)
        computations[f"comb {k} efficient"] = functools.partial(app.allsol_efficient, 0)
    return timed_in_rounds(computations)


def _below(r: Spread, line: float) -> str:
    """A reading's verdict on "the ratio ``r`` is below ``line``": ``"agrees"`` if its interquartile range
    lies below, ``"differs"`` if above, ``"unsettled"`` if the range straddles the line."""
    return "agrees" if r.high < line else "differs" if r.low > line else "unsettled"


def _above(r: Spread, line: float) -> str:
    """:func:`_below`'s opposite: on "the ratio ``r`` is above ``line``"."""
    return "agrees" if r.low > line else "differs" if r.high < line else "unsettled"


def measure() -> Steps:
    """Measure and judge chapter 5's claims (:data:`CLAIMS` of them), yielding the name of each long
    step (:data:`STEPS`) as it begins; returns the claims, numbered from 1."""
    found: list[Claim] = []

    def add(**fields: Any) -> None:
        found.append(Claim(number=len(found) + 1, chapter="5", **fields))

    def number(anchor: str) -> int:
        return next(c.number for c in found if c.anchor == anchor)

    yield "timing the searches"
    times = _timings()
    lists, words = times["lists"], times["words"]
    cpu = f"CPU time here, lispy on {python()}"
    yield "checking the claims against independent computations"

    depth = checks.depth_first()
    add(
        anchor="claim-depth-first",
        section=SEARCH,
        line=11,
        quote="We begin with a general depth first tree search function.",
        claim='search is depth first, and its value is the first win it meets ("the value of search p is '
        'the winning position")',
        measured=f"On {depth.tried} random trees (up to three moves a position, up to five moves deep, about "
        "one position in six losing and one in eight a win), the positions search tests with lose are, in "
        "order, those of a preorder walk written without search that stops at the first win, and "
        f"search's value is that win, or LOSE where there is none: {agreement(*depth[:2])} trees agree.  "
        "The same search serves the notes' three applications unchanged (paths, the puzzle in lists, the "
        "puzzle in words).",
        verdict="agrees" if depth.all else "differs",
    )

    only, first = shown = named_lose()
    add(
        anchor="claim-name-lose",
        section=SEARCH,
        line=49,
        quote="No non-losing position should have the name LOSE or the function won't work properly.",
        claim="a winning position named LOSE is taken for a failure",
        measured="Two searches from START whose successors are winning terminal positions, one of them "
        f"named LOSE: where it is the only one, search gives {to_string(only.search)}, as if there were no "
        "solution; where another follows it, search passes it over and gives "
        f"{to_string(first.search)}.  allsol, which never tests for LOSE, finds it.",
        verdict="agrees"
        if only.search == "LOSE" and first.search != "LOSE" and length(only.allsol) == 1
        else "differs",
        rows=(
            ("successors START", "search START", "allsol START"),
            *((to_string(r.successors), to_string(r.search), to_string(r.allsol)) for r in shown),
        ),
    )

    paths = checks.paths_found()
    add(
        anchor="claim-paths",
        section=PATHS,
        line=67,
        quote="Our first example is finding a path from an initial node to a final node in a graph "
        "represented by a list structure as described in chapter I.",
        claim="lose, ter and successors for paths make search find a path, where there is one",
        measured=f"On {paths.tried} random graphs of six vertices A to F (each edge present with "
        "probability 0.3, cycles allowed), search (A) with final F gives the first path to F of a walk "
        "written without search, as the notes' list of its vertices, newest first, and LOSE exactly where "
        f"no path exists; allsol (A) gives every path, in the same order: {agreement(*paths[:2])} graphs "
        "agree.  lose cuts a path that comes back to a vertex, so no cycle makes the search go on for ever.",
        verdict="agrees" if paths.all else "differs",
    )

    towers = checks.every_tower()
    add(
        anchor="claim-tower",
        section=LISTS,
        line=122,
        quote="The object of the puzzle is to build a tower of all four blocks such that each vertical face "
        "of the tower involves all four colors.",
        claim="search p₀ builds such a tower, and allsol p₀ finds every one",
        measured=f"All {towers.tried:,} ways of placing the blocks in puzz's orientations (3 × 24 × 24 × 24) "
        f"were tried without search: {towers.agreed} are towers whose four faces each show four colours, "
        "and allsol p₀ gives exactly these, in the same order; search p₀ gives the first, "
        f"{to_string(insanity.search(insanity.p0))}.",
        verdict="agrees" if towers.agreed > 0 and towers.first_disagreement is None else "differs",
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
    setup_readings = (
        Reading(
            "as a program",
            f"setting up is {setup[0]} statements of {setup[1]} symbols (puzz2, cycles, upto, puzz3, puzz4, "
            f"puzz; puzz1 is the data), the search {search[0]} of {search[1]} (search, searchlis, and the "
            "puzzle's p₀, lose, ter, successors, mapcar2)",
            "agrees" if setup[1] >= search[1] / 2 else "differs",
        ),
        Reading(
            "as a time",
            f"making puzz3, puzz4 and puzz from puzz1 takes {times['setup'].ms()}, search p₀ {lists.ms()}; "
            f"round by round, setting up takes {setup_time.ratio(2)} of the search's time",
            "agrees" if setup_time.low >= 0.5 else "differs" if setup_time.high < 0.5 else "unsettled",
        ),
    )
    add(
        anchor="claim-setup",
        section=LISTS,
        line=235,
        quote="Getting the initial position in the desired form is as complicated a computation as the "
        "actual tree search.",
        claim="setting up the puzzle is as much work as searching it",
        measured="Symbols are names, numbers and marks of the notes' text as printed; times are " + cpu + ".",
        verdict=verdict_of(setup_readings),
        readings=setup_readings,
        rows=(
            ("", "statements", "symbols", "CPU time, median"),
            ("setting up", str(setup[0]), str(setup[1]), ms(times["setup"].median)),
            ("the search", str(search[0]), str(search[1]), ms(lists.median)),
        ),
    )

    cycles = checks.rotations()
    add(
        anchor="claim-24-cycles",
        section=LISTS,
        line=317,
        quote="We write down one cycle of side colors for each choice of the face put on top and get the "
        "list of all 24 cycles by appending the results of generating the cyclic permutations of the cycles.",
        claim="puzz2 is the side faces of the 24 rotations of a block, each once",
        measured="The 24 rotations of a cube numbered 1 (top), 2 to 5 (the sides, clockwise) and 6 (bottom), "
        "made independently from two quarter turns, show 24 different cycles of side faces; puzz2 (with the "
        f"extra parenthesis the notes print removed: ERRATA E3) lists {cycles.tried} cycles, and "
        f"{agreement(*cycles[:2])} are the cycle of a rotation, listed once.",
        verdict="agrees" if cycles.all else "differs",
    )

    full, reduced, same = checks.symmetric_towers()
    add(
        anchor="claim-three-orientations",
        section=LISTS,
        line=389,
        quote="puzz4 has all 24 orientations of the first block while for symmetry reasons we need only "
        "consider three as distinct, say the first, ninth, and seventeen.",
        claim="keeping three orientations of the first block loses no tower",
        measured=f"allsol on words with the first block in all 24 orientations (puzz4) finds {full} "
        f"solutions; with three (puzz), {reduced}.  The {full} are {'exactly' if same else 'NOT'} the "
        f"{reduced} turned by the 8 symmetries of a tower (4 quarter turns, each with the tower turned "
        "over).",
        verdict="agrees" if same else "differs",
    )

    add(
        anchor="claim-11-seconds",
        section=LISTS,
        line=409,
        quote="The program when compiled runs about 11 seconds on the PDP-10.",
        claim="the list representation's search took about 11 s",
        measured=f"search p₀ in the list representation takes {lists.ms()} of {cpu}: the PDP-10's 11 s is "
        f"about {11 / lists.median:,.0f} times as long.",
        verdict="no verdict",
        checkable=False,
        reason=NO_PDP10,
    )

    speedup = ratios(lists, words)
    if 5 <= speedup.low and speedup.high <= 20:
        ten, why = "agrees", "the interquartile range lies within a factor of two of ten"
    elif speedup.high < 5 or speedup.low > 20:
        ten, why = "differs", "the interquartile range lies beyond a factor of two of ten"
    else:
        ten, why = "no verdict", "the interquartile range straddles a factor of two of ten"
    add(
        anchor="claim-factor-of-ten",
        section=WORDS,
        line=421,
        quote="A more sophisticated representation of face cycles and partial towers makes a factor of ten "
        "speedup without changing the basic search algorithm.",
        claim="the bit words make the search about ten times as fast",
        measured=f"search p₀ on lists takes {lists.ms()}, search (0) on words {words.ms()}, the same tower "
        f"found; round by round the words are faster by a factor of {speedup.ratio()}: {why}.",
        verdict=ten,
        reason="This run's timings spread too widely to settle it." if ten == "no verdict" else "",
    )

    examined, kept, word_examined, walked = checks.non_losing_positions()
    add(
        anchor="claim-same-search",
        section=WORDS,
        line=421,
        quote="A more sophisticated representation of face cycles and partial towers makes a factor of ten "
        "speedup without changing the basic search algorithm.",
        claim="the words change the positions, not the search",
        measured="The one search of lispy.chapter5.tree_search runs both.  On lists it examines "
        f"{examined} positions, {kept} of which do not lose; on words it examines {word_examined}, and they "
        f"are {'' if walked else 'NOT '}those {kept}, in the same order, each showing the same colours: the "
        "words cut a losing position before it is made instead of after.",
        verdict="agrees" if walked and kept == word_examined else "differs",
    )

    fits = checks.and_test()
    add(
        anchor="claim-and-test",
        section=WORDS,
        line=450,
        quote="A particular face cycle from the next block can be added to the tower if the and of its word "
        "with the word representing the tower is zero.",
        claim="the and of the words is zero exactly when the block fits",
        measured=f"For all {fits.tried:,} pairs of a partial tower the search can reach and an orientation "
        "of the next block, the and of the tower's word (made from its colours, not by zap) and the block's "
        "zap is zero exactly when the list representation's lose is false for the block added: "
        f"{agreement(*fits[:2])}.",
        verdict="agrees" if fits.all else "differs",
    )

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
    short_readings = (
        Reading(
            "lose, ter and successors alone, against the list representation's",
            f"{short[0]} symbols against {long[0]}",
            "agrees" if short[0] < long[0] else "differs",
        ),
        Reading(
            "with the definitions they call (mapchoose, zap, poo, puzza; for the lists, mapcar2)",
            f"{short[1]} symbols against {long[1]}",
            "agrees" if short[1] < long[1] else "differs",
        ),
    )
    add(
        anchor="claim-short",
        section=WORDS,
        line=470,
        quote="The virtue of this representation is that it makes the description of the algorithm short.",
        claim="the words make the definitions short",
        measured="The notes say short, not shorter than what; measured against the list representation, as "
        "the notes print both, in symbols (names, numbers and marks).",
        verdict=verdict_of(short_readings),
        readings=short_readings,
    )

    applied, fired, sound = checks.lose_never_fires()
    add(
        anchor="claim-lose-trivial",
        section=WORDS,
        line=554,
        quote="lose is trivial, because the mapchoose is used to make sure that only non-losing new "
        "positions are generated by successors.",
        claim="successors on words makes only positions that do not lose",
        measured=f"allsol (0) on words applies lose to {applied} positions and it is true for {fired}; each "
        f"of the {applied} has, on every face, one bit per block placed, so no colour shows twice on a face: "
        f"{agreement(*sound[:2])}.",
        verdict="agrees" if fired == 0 and sound.all else "differs",
    )

    add(
        anchor="claim-one-second",
        section=WORDS,
        line=555,
        quote="This version runs in a little less than one second on the PDP-10.",
        claim="the words' search took a little less than 1 s",
        measured=f"search (0) on 16-bit words takes {words.ms()} of {cpu}: the PDP-10's second is about "
        f"{1 / words.median:,.0f} times as long.",
        verdict="no verdict",
        checkable=False,
        reason=NO_PDP10,
    )

    graph = times["graph"]
    one, every = ratios(graph, words), ratios(graph, times["words allsol"])
    math_readings = (
        Reading(
            "to find a tower, what the PDP-10's times timed",
            f"the graph method takes {graph.ms()}, search (0) on words {words.ms()}: round by round the "
            f"graph method takes {one.ratio()} times as long",
            _below(one, 1),
        ),
        Reading(
            "to find every tower",
            "the graph method (its pairs of factors are the solutions, up to the tower's symmetries) against "
            f"allsol (0) on words, {times['words allsol'].ms()}: {every.ratio(2)} times as long",
            _below(every, 1),
        ),
    )
    add(
        anchor="claim-greater-speedup",
        section=WORDS,
        line=555,
        quote="A greater speedup can be made by the application of some mathematics.",
        claim="mathematics makes the puzzle faster still than the bit words do",
        measured="The mathematics is the graph of opposite faces (de Carteblanche, 1947; "
        "lispy.chapter5.insanity_graph), written in lispy's lists as the notes' programs are.",
        verdict=verdict_of(math_readings),
        readings=math_readings,
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
    add(
        anchor="claim-mathematics",
        section=WORDS,
        line=570,
        quote="In fact, with enough mathematics, extensive tree search is unnecessary in this problem.",
        claim="the graph method does without the search",
        measured=f"The graph method tries {method.candidates} candidate edges and compares "
        f"{method.comparisons} pairs of factors, {work} steps in all, and finds {length(method.pairs)} pairs "
        f"of factors: every solution, up to the tower's symmetries.  allsol examines {fewest} positions at "
        "the fewest (on words).  On n blocks in n colours, n = 4 to 8, python -m bench.chapter5 runs both: "
        "the search's positions grow a few hundred times, the graph method's work a few times.",
        verdict="agrees" if work < fewest else "differs",
        rows=(
            ("", "work", "count"),
            *((name, "positions examined", f"{count:,}") for name, count in examined_rows),
            ("graph method", "candidate edges tried", f"{method.candidates:,}"),
            ("", "pairs of factors compared", f"{method.comparisons:,}"),
        ),
    )

    puzzle_reversed = insanity.allsol_efficient(insanity.p0) == reverse(insanity.allsol(insanity.p0))
    five = path_search(ladder(5), "F")
    paths_reversed = five.allsol_efficient(lisp("V1")) == reverse(five.allsol(lisp("V1")))
    reversed_ = puzzle_reversed and paths_reversed
    add(
        anchor="claim-allsol",
        section=ALL,
        line=595,
        quote="This can be done with a function allsol that uses the same lose, ter, and successors "
        "functions as does search.",
        claim="allsol, with search's three functions, finds every solution",
        measured=f"On the notes' puzzle allsol p₀ is the {towers.agreed} towers among all {towers.tried:,} "
        f"placements, in order (claim {number('claim-tower')}); on {paths.tried} random graphs allsol (A) is "
        f"every path to F (claim {number('claim-paths')}).  The efficient form gives the same solutions in "
        f"the reverse order: {'yes' if reversed_ else 'NO'}, on the puzzle and on a graph of five paths.",
        verdict="agrees"
        if towers.first_disagreement is None and towers.agreed > 0 and paths.all and reversed_
        else "differs",
    )

    cases: list[tuple[str, Any, Any]] = [("the notes' puzzle", insanity.tower, insanity.p0)]
    cases += [(f"ladder, {k} paths", path_search(ladder(k), "F"), lisp("V1")) for k in (10, 40)]
    cases += [(f"comb, {k} teeth", comb(k), 0) for k in COMB_SIZES]
    cases += [(f"binary tree, 2^{k} leaves", binary_tree(k), 1) for k in (4, 8)]
    copying = [(title, cells_copied(app, p)) for title, app, p in cases]
    comb_copies = [c.copied for title, c in copying if title.startswith("comb")]
    add(
        anchor="claim-appending",
        section=ALL,
        line=623,
        quote="This form of the function is somewhat inefficient because of all the appending.",
        claim="the simple allsol spends its extra work copying lists",
        measured="mapapp's * copies the solutions found below each successor, so a solution found k levels "
        "down is copied k times; the efficient form conses each solution once and copies nothing.  Cons "
        "cells each form spends on its list of solutions, counted with a * that counts what it copies: on "
        f"the notes' puzzle {copying[0][1].copied} cells, nothing beside the search; on a comb, n(n+1)/2 for "
        "n solutions.",
        verdict="agrees"
        if comb_copies == [k * (k + 1) // 2 for k in COMB_SIZES] and copying[0][1].copied > 0
        else "differs",
        rows=(
            ("tree", "solutions", "copied by *", "simple form", "efficient form"),
            *(
                (t, f"{c.solutions:,}", f"{c.copied:,}", f"{c.simple:,}", f"{c.efficient:,}")
                for t, c in copying
            ),
        ),
    )

    on_puzzle = ratios(times["words allsol"], times["words allsol efficient"])
    on_combs = {k: ratios(times[f"comb {k}"], times[f"comb {k} efficient"]) for k in COMB_SIZES}
    biggest = on_combs[COMB_SIZES[-1]]
    efficient_readings = (
        Reading(
            "on the notes' puzzle (on words)",
            f"the simple form takes {on_puzzle.ratio(2)} times as long as the efficient one",
            _above(on_puzzle, 1),
        ),
        Reading(
            "where the solutions are many and deep (a comb)",
            "the simple form takes "
            + ", ".join(f"{on_combs[k].median:.1f} times as long at n = {k}" for k in COMB_SIZES)
            + f" (at n = {COMB_SIZES[-1]}: {biggest.ratio()})",
            _above(biggest, 1),
        ),
    )
    add(
        anchor="claim-efficient",
        section=ALL,
        line=623,
        quote="A more efficient form uses an auxiliary function as follows",
        claim="allsola and allsolb are faster than the simple allsol",
        measured=f"The two forms timed in turn ({cpu}); the ratio is the simple form's time over the "
        "efficient form's, round by round.",
        verdict=verdict_of(efficient_readings),
        readings=efficient_readings,
        rows=(
            ("", "simple form", "efficient form", "ratio: median (interquartile range)"),
            (
                "the notes' puzzle, words",
                ms(times["words allsol"].median),
                ms(times["words allsol efficient"].median),
                f"{on_puzzle.median:.2f} ({on_puzzle.low:.2f}–{on_puzzle.high:.2f})",
            ),
            *(
                (
                    f"comb, {k} teeth",
                    ms(times[f"comb {k}"].median),
                    ms(times[f"comb {k} efficient"].median),
                    f"{on_combs[k].median:.1f} ({on_combs[k].low:.1f}–{on_combs[k].high:.1f})",
                )
                for k in COMB_SIZES
            ),
        ),
    )

    add(
        anchor="claim-common-structure",
        section=ALL,
        line=655,
        quote="The recursive program structure that arises here is common when a list is to be formed by "
        "recurring through a list structure.",
        claim="allsolb's shape is a common one",
        measured="",
        verdict="no verdict",
        checkable=False,
        reason="A remark on how programs are commonly written: running these programs cannot count how "
        "common a shape is.",
    )
    assert len(found) == CLAIMS, "CLAIMS is not the number of chapter 5's claims"
    return found
