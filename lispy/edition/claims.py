"""The notes' claims, each with the figure this build measures for it.

McCarthy's chapters make claims that can be checked by running the code: the PDP-10's times
for the two representations of Instant Insanity and their ratio, that setting up the puzzle is
"as complicated a computation as the actual tree search", that no winning position may be named
``LOSE``, that ``allsol``'s simple form is "somewhat inefficient because of all the appending",
that "with enough mathematics, extensive tree search is unnecessary", that iterative versions
are "generally better", and chapter 6's claims on move ordering.  Each :class:`Claim` quotes the
notes and gives the figure measured at build time, on this machine: times are small measurements
(a few timings of a few hundredths of a second each, their spread shown where a verdict rests on
them), and counts are exact.  The figures are computed by the library, by the same functions the
chapter scripts print (:mod:`lispy.chapter5.work`, :mod:`lispy.chapter6.move_ordering`,
:mod:`lispy.chapter6.iteration`); this module words them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from lispy.chapter5 import insanity
from lispy.chapter5.insanity_graph import graph_method
from lispy.chapter5.work import (
    cells_copied,
    comb,
    named_lose,
    positions_examined,
    representations_timed,
    setup_timed,
)
from lispy.chapter6.iteration import iteration_timings
from lispy.chapter6.move_ordering import (
    default_lookahead,
    knuth_moore,
    lexicographic_game,
    lookahead_counts,
    ordering_counts,
    sorted_worst_first,
    terminals_examined,
)
from lispy.chapter6.move_ordering import ordering_series as counted_series
from lispy.runtime.counting import seconds
from lispy.sexpr.lists import length
from lispy.sexpr.printer import to_string

__all__ = ["Claim", "claims", "ordering_series"]


@dataclass(frozen=True)
class Claim:
    """A claim of the notes: where (``place``: the section it follows, ``"5-search"``, ``"5-lists"``,
    ``"5-words"``, ``"5-allsol"``, ``"6-minimax"``, ``"6-ordering"``), the notes' words (``quote``),
    what this build measured (``measured``, a sentence), an optional table (``rows``, the first row
    the header) and ``verdict``: ``"agrees"``, ``"differs"``, ``"measured"`` (a time, which a
    PDP-10's cannot be compared with, or a spread of times too wide to settle a ratio) or
    ``"not in this build"``."""

    anchor: str
    place: str
    quote: str
    measured: str
    verdict: str
    rows: list[list[str]] = field(default_factory=list)


def _ms(s: float) -> str:
    return f"{s * 1e3:.2f} ms" if s < 0.1 else f"{s:.2f} s"


def _instant_insanity() -> list[Claim]:
    timed = representations_timed()
    lists, words = min(timed.first), min(timed.second)
    ratios = timed.ratios
    low, high = ratios[0], ratios[-1]
    spread = (
        f"the median of {len(ratios)} ratios, each of the two searches timed in turn, is {timed.median:.1f}; "
        f"they range from {low:.1f} to {high:.1f}"
    )
    if 5 <= low and high <= 20:
        verdict, reading = "agrees", "every ratio lies within a factor of two of ten"
    elif high < 5 or low > 20:
        verdict, reading = "differs", "no ratio comes within a factor of two of ten"
    else:
        verdict, reading = (
            "measured",
            "the ratios spread beyond a factor of two of ten, so this run cannot settle it",
        )
    return [
        Claim(
            "claim-11-seconds",
            "5-lists",
            "The program when compiled runs about 11 seconds on the PDP-10.",
            f"search p₀ in the list representation takes {_ms(lists)} here (the best of {len(timed.first)} "
            f"timings): about {11 / lists:,.0f} times the PDP-10's 11 s.",
            "measured",
        ),
        Claim(
            "claim-one-second",
            "5-words",
            "This version runs in a little less than one second on the PDP-10.",
            f"search (0) on 16-bit words takes {_ms(words)} here (the best of {len(timed.second)} timings).",
            "measured",
        ),
        Claim(
            "claim-factor-of-ten",
            "5-words",
            "A more sophisticated representation of face cycles and partial towers makes a factor of ten "
            "speedup without changing the basic search algorithm.",
            f"The words are faster than the lists (the same search, the same tower found): {spread}; "
            f"{reading}.",
            verdict,
        ),
    ]


def _setup() -> Claim:
    timed = setup_timed()
    return Claim(
        "claim-setup",
        "5-lists",
        "Getting the initial position in the desired form is as complicated a computation as the actual "
        "tree search.",
        "As a program it is: three assignments (puzz3 by prup, puzz4 by sublis over the 24 cycles of "
        "puzz2, puzz with the first block cut to three orientations) beside search's three functions.  "
        f"As a time it is less: making puzz3, puzz4 and puzz from puzz1 takes {_ms(min(timed.first))}, "
        f"search p₀ on them {_ms(min(timed.second))}; setting up takes {timed.median:.2f} of the search's "
        f"time (the median of {len(timed.ratios)} timings taken in turn, {timed.ratios[0]:.2f} to "
        f"{timed.ratios[-1]:.2f}).",
        "agrees" if timed.median >= 0.5 else "differs",
    )


def _named_lose() -> Claim:
    shown = named_lose()
    only, first = shown
    rows = [["successors START", "search START", "allsol START"]] + [
        [to_string(r.successors), to_string(r.search), to_string(r.allsol)] for r in shown
    ]
    return Claim(
        "claim-name-lose",
        "5-search",
        "No non-losing position should have the name LOSE or the function won't work properly.",
        "Two searches from START whose successors are winning terminal positions, one of them named LOSE: "
        f"where it is the only one, search gives {to_string(only.search)}, as if there were no solution; "
        f"where another follows it, search passes it over and gives {to_string(first.search)}.  allsol, "
        "which never tests for LOSE, finds it.",
        "agrees"
        if only.search == "LOSE" and first.search != "LOSE" and length(only.allsol) == 1
        else "differs",
        rows,
    )


def _iterative() -> Claim:
    times = iteration_timings()
    rows = [["n", "maxlis: frames, time", "maxlisa: frames, time", "maxlisa as a loop: frames, time"]] + [
        [
            f"{t.length:,}",
            *(f"{f:,}, {_ms(s)}" for f, s in zip(t.frames, (t.recursive, t.iterative, t.loop), strict=True)),
        ]
        for t in times
    ]
    longest = times[-1]
    constant = all(t.frames[2] == times[0].frames[2] for t in times)
    return Claim(
        "claim-iterative",
        "6-minimax",
        "Iterative versions of the functions are generally better; we give only the iterative version of "
        "maxlis.",
        "The largest of n numbers: maxlis leaves a max pending at every element; maxlisa's recursive call "
        "is its whole value, which a LISP compiler makes a jump.  Python makes no such jump: the "
        f"transcribed maxlisa keeps {longest.frames[1]:,} frames open at n = {longest.length:,}, as maxlis "
        f"keeps {longest.frames[0]:,}; run as the compiler runs it, a loop, it keeps "
        f"{longest.frames[2]} whatever n.  Their times here are in the table.",
        "agrees" if constant and longest.frames[0] >= longest.length - 1 else "differs",
        rows,
    )


def _mathematics() -> Claim:
    quote = (
        "A greater speedup can be made by the application of some mathematics. In fact, with enough "
        "mathematics, extensive tree search is unnecessary in this problem."
    )
    search = positions_examined(insanity.tower, insanity.p0)[1]
    allsol = positions_examined(insanity.tower, insanity.p0, "allsol")[1]
    graph = graph_method(insanity.puzz1)
    work, found = graph.candidates + graph.comparisons, length(graph.pairs)
    took = seconds(lambda: graph_method(insanity.puzz1))
    return Claim(
        "claim-mathematics",
        "5-words",
        quote,
        f"The graph of opposite faces (de Carteblanche, 1947; lispy.chapter5.insanity_graph) tries {work} "
        f"candidate edges and pairs and finds {found} pair(s) of factors, in {_ms(took)}; search examines "
        f"{search} positions and allsol {allsol}.",
        "agrees" if work < allsol else "differs",
    )


def _appending() -> Claim:
    rows = [["comb of n", "cells * copies", "allsol, simple form", "allsol, efficient form", "ratio"]]
    ratios = []
    for teeth in (100, 300, 1000):
        app = comb(teeth)
        copied = cells_copied(app, 0).copied
        simple = seconds(functools.partial(app.allsol, 0), repeat=3)
        efficient = seconds(functools.partial(app.allsol_efficient, 0), repeat=3)
        ratios.append(simple / efficient)
        rows.append([str(teeth), f"{copied:,}", _ms(simple), _ms(efficient), f"{simple / efficient:.1f}"])
    return Claim(
        "claim-appending",
        "5-allsol",
        "This form of the function is somewhat inefficient because of all the appending.",
        "On a comb (lispy.chapter5.work.comb: n solutions, the k-th found k levels down, each step "
        "cheap), mapapp's append copies each solution once for every level above it, n(n+1)/2 cells in "
        f"all: the simple form takes {ratios[-1]:.0f} times as long as the efficient form at 1,000 "
        "solutions, and the ratio grows with n.  On the notes' own puzzle the copying is 12 cells.",
        "agrees" if ratios[-1] > ratios[0] > 1 else "differs",
        rows,
    )


def ordering_series(k: int = 4, depths: range = range(1, 8), trials: int = 3) -> dict[str, list[float]]:
    """Terminal positions examined on uniform trees of ``k`` moves, by depth: minimax (k^n), αβ with
    the worst move first, in random order (the mean over ``trials`` trees), with the best move first,
    and Levin's count k^⌈n/2⌉ + k^⌊n/2⌋ − 1 (:func:`lispy.chapter6.move_ordering.ordering_series`)."""
    counted = counted_series(k, depths, trials)
    return {
        "minimax, k^n": counted["minimax"],
        "αβ, worst move first": counted["αβ worst first"],
        "αβ, random order": counted["αβ random order"],
        "αβ, best move first": counted["αβ best first"],
        "k^⌈n/2⌉ + k^⌊n/2⌋ − 1": [float(knuth_moore(k, n)) for n in depths],
    }


def _ordering() -> list[Claim]:
    rows = [["k", "n", "minimax k^n", "αβ worst first", "αβ best first", "k^⌈n/2⌉+k^⌊n/2⌋−1"]]
    worst_is_minimax = best_is_levin = True
    for k, n in ((2, 6), (3, 4), (4, 5), (6, 4)):
        counts = ordering_counts(k, n)
        worst_is_minimax &= counts.worst == k**n
        best_is_levin &= counts.best == counts.levin
        rows.append(
            [str(k), str(n), f"{k**n:,}", f"{counts.worst:,}", f"{counts.best:,}", f"{counts.levin:,}"]
        )
    sorted_counts = [sorted_worst_first(4, 5, seed) for seed in range(3)]
    value, count = terminals_examined(lexicographic_game(10, 8, True), (), "maxval")
    counted = lookahead_counts(4, 6, {"plain": None, "ordered": default_lookahead}, trials=3)
    plain, ordered = counted["plain"], counted["ordered"]
    return [
        Claim(
            "claim-worst-first",
            "6-ordering",
            "In the worst case, the moves happen to be examined in inverse order of merit in every position "
            "on the tree, i.e. the worst move first. In that case, there is no improvement over minimax.",
            "With the worst move first at every position on trees whose subtrees' values lie wholly above or "
            "below their siblings', αβ examines all k^n terminal positions: "
            + ("in every case below." if worst_is_minimax else "NOT in every case below.")
            + "  That holds for this family of trees, not for every worst-first order: on trees of random "
            "leaves with the moves sorted worst first by their exact values (k = 4, n = 5, 3 trees) αβ "
            f"examines {', '.join(f'{c:,}' for c in sorted_counts)} of 1,024, since a deep bound can still "
            "refute a move (ERRATA E16).",
            "agrees" if worst_is_minimax else "differs",
            rows,
        ),
        Claim(
            "claim-best-first",
            "6-ordering",
            "If we look n moves deep on a tree that has k successors to each position, then minimax looks at "
            "k^n positions while αβ looks at about only k^(n/2).",
            "With the best move first αβ examines exactly k^⌈n/2⌉ + k^⌊n/2⌋ − 1 terminal positions (Levin's "
            "count, published by Knuth and Moore, 1975): "
            + ("in every case of the table above." if best_is_levin else "NOT in every case above."),
            "agrees" if best_is_levin else "differs",
        ),
        Claim(
            "claim-10-4",
            "6-ordering",
            "Thus a program that looks at 10^4 moves with αβ might have to look at 10^8 with minimax.",
            f"k = 10, n = 8, the best move first: αβ examines {count:,} terminal positions (computed here, "
            f"value {value}); minimax would examine 10^8 = {10**8:,} (not run).",
            "agrees" if count == knuth_moore(10, 8) else "differs",
        ),
        Claim(
            "claim-look-ahead",
            "6-ordering",
            "When there is a deep tree search to be done, the way to make the ordering is with a short "
            "look-ahead to a much smaller depth than the main search.",
            "On random games with static values (k = 4, n = 6, 3 games), ordering each position's moves by "
            "a look-ahead of a third of the remaining depth brings the main search from "
            f"{plain.main:,.0f} to {ordered.main:,.0f} terminal positions (the best case is "
            f"{knuth_moore(4, 6):,}); the look-aheads "
            f"themselves evaluate {ordered.lookahead:,.0f}: {ordered.total:,.0f} evaluations in all, against "
            f"{plain.total:,.0f} without ordering.  "
            + (
                "Counting both, the look-ahead pays for itself here."
                if ordered.total < plain.total
                else "Counting both, the look-ahead does not pay for itself here: it pays where its "
                "results are reused (iterative deepening, a transposition table), which the notes do not "
                "describe."
            ),
            "agrees" if ordered.total < plain.total else "differs",
        ),
    ]


def claims() -> list[Claim]:
    """Every claim, measured now."""
    return [
        _named_lose(),
        *_instant_insanity(),
        _setup(),
        _mathematics(),
        _appending(),
        _iterative(),
        *_ordering(),
    ]
