"""The notes' claims, each with the figure this build measures for it.

McCarthy's chapters make claims that can be checked by running the code: the PDP-10's times
for the two representations of Instant Insanity and their ratio, that ``allsol``'s simple form
is "somewhat inefficient because of all the appending", that "with enough mathematics,
extensive tree search is unnecessary", and chapter 6's claims on move ordering.  Each
:class:`Claim` quotes the notes and gives the figure measured at build time, on this machine:
times are small measurements (the best of a few repeats, a few hundredths of a second each), and
counts are exact.  The counts use :mod:`lispy.chapter6.move_ordering`; the times the
transcriptions themselves.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lispy.chapter5 import insanity, insanity_words
from lispy.chapter5.insanity_graph import graph_method
from lispy.chapter5.tree_search import tree_search
from lispy.chapter5.work import cells_copied, comb
from lispy.chapter6.game_trees import Game
from lispy.chapter6.move_ordering import (
    Incremental,
    incremental_game,
    knuth_moore,
    lexicographic_game,
    lookahead_ordered,
    terminals_examined,
    uniform_game,
)
from lispy.sexpr.lists import length

__all__ = ["Claim", "claims", "ordering_series", "seconds"]


@dataclass(frozen=True)
class Claim:
    """A claim of the notes: where (``place``: the section it follows, ``"5-lists"``,
    ``"5-words"``, ``"5-allsol"``, ``"6-ordering"``), the notes' words (``quote``), what this build
    measured (``measured``, a sentence), an optional table (``rows``, the first row the header) and
    ``verdict``: ``"agrees"``, ``"differs"``, ``"measured"`` (a time, which a PDP-10's cannot be
    compared with) or ``"not in this build"``."""

    anchor: str
    place: str
    quote: str
    measured: str
    verdict: str
    rows: list[list[str]] = field(default_factory=list)


def seconds(f: Callable[[], Any], budget: float = 0.03, repeat: int = 3) -> float:
    """Seconds per call of ``f``: the best of ``repeat`` runs of about ``budget`` seconds each."""
    start = time.perf_counter()
    f()
    once = max(time.perf_counter() - start, 1e-7)
    number = max(1, int(budget / once))
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            f()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def _ms(s: float) -> str:
    return f"{s * 1e3:.2f} ms" if s < 0.1 else f"{s:.2f} s"


def _instant_insanity() -> list[Claim]:
    lists = seconds(lambda: insanity.search(insanity.p0))
    words = seconds(lambda: insanity_words.search(insanity_words.p0))
    ratio = lists / words
    return [
        Claim(
            "claim-11-seconds",
            "5-lists",
            "The program when compiled runs about 11 seconds on the PDP-10.",
            f"search p₀ in the list representation takes {_ms(lists)} here: about {11 / lists:,.0f} times "
            "the PDP-10's 11 s.",
            "measured",
        ),
        Claim(
            "claim-one-second",
            "5-words",
            "This version runs in a little less than one second on the PDP-10.",
            f"search (0) on 16-bit words takes {_ms(words)} here.",
            "measured",
        ),
        Claim(
            "claim-factor-of-ten",
            "5-words",
            "A more sophisticated representation of face cycles and partial towers makes a factor of ten "
            "speedup without changing the basic search algorithm.",
            f"The words are {ratio:.1f} times as fast as the lists here (the same search, the same "
            "tower found).",
            "agrees" if ratio >= 5 else "differs",
        ),
    ]


def _positions(kind: str, method: str) -> int:
    """Positions examined (calls of ``lose``) by ``method`` on the notes' puzzle, in ``kind``."""

    module = insanity if kind == "lists" else insanity_words
    bound = module.tower
    calls = [0]

    def lose(p: Any) -> bool:
        calls[0] += 1
        return bound.lose(p)

    getattr(tree_search(lose, bound.ter, bound.successors), method)(module.p0)
    return calls[0]


def _mathematics() -> Claim:
    quote = (
        "A greater speedup can be made by the application of some mathematics. In fact, with enough "
        "mathematics, extensive tree search is unnecessary in this problem."
    )
    search, allsol = _positions("lists", "search"), _positions("lists", "allsol")
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
        simple = seconds(lambda app=app: app.allsol(0), repeat=3)
        efficient = seconds(lambda app=app: app.allsol_efficient(0), repeat=3)
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


def _random_leaves(seed: int) -> Callable[[tuple[int, ...]], float]:
    return lambda path: random.Random(hash((seed, *path))).random()


def ordering_series(k: int = 4, depths: range = range(1, 8), trials: int = 3) -> dict[str, list[float]]:
    """Terminal positions examined on uniform trees of ``k`` moves, by depth: minimax (k^n), αβ with
    the worst move first, in random order (the mean over ``trials`` trees), with the best move first,
    and Levin's count k^⌈n/2⌉ + k^⌊n/2⌋ − 1."""
    return {
        "minimax, k^n": [float(k**n) for n in depths],
        "αβ, worst move first": [
            float(terminals_examined(lexicographic_game(k, n, False), (), "maxval")[1]) for n in depths
        ],
        "αβ, random order": [
            statistics.mean(
                terminals_examined(uniform_game(k, n, _random_leaves(s)), (), "maxval")[1]
                for s in range(trials)
            )
            for n in depths
        ],
        "αβ, best move first": [
            float(terminals_examined(lexicographic_game(k, n, True), (), "maxval")[1]) for n in depths
        ],
        "k^⌈n/2⌉ + k^⌊n/2⌋ − 1": [float(knuth_moore(k, n)) for n in depths],
    }


def _ordering() -> list[Claim]:
    rows = [["k", "n", "minimax k^n", "αβ worst first", "αβ best first", "k^⌈n/2⌉+k^⌊n/2⌋−1"]]
    worst_is_minimax = best_is_levin = True
    for k, n in ((2, 6), (3, 4), (4, 5), (6, 4)):
        worst = terminals_examined(lexicographic_game(k, n, False), (), "maxval")[1]
        best = terminals_examined(lexicographic_game(k, n, True), (), "maxval")[1]
        worst_is_minimax &= worst == k**n
        best_is_levin &= best == knuth_moore(k, n)
        rows.append([str(k), str(n), f"{k**n:,}", f"{worst:,}", f"{best:,}", f"{knuth_moore(k, n):,}"])
    value, count = terminals_examined(lexicographic_game(10, 8, True), (), "maxval")
    root = Incremental((), 0.0)
    plain = statistics.mean(
        terminals_examined(incremental_game(4, 6, s), root, "maxval")[1] for s in range(3)
    )
    main, extra = [], []
    for s in range(3):
        ordered, cost = lookahead_ordered(incremental_game(4, 6, s), 6)
        main.append(terminals_examined(Game(*ordered), root, "maxval")[1])
        extra.append(cost[0])
    return [
        Claim(
            "claim-worst-first",
            "6-ordering",
            "In the worst case, the moves happen to be examined in inverse order of merit in every position "
            "on the tree, i.e. the worst move first. In that case, there is no improvement over minimax.",
            "With the worst move first at every position (trees whose subtrees' values lie wholly above or "
            "below their siblings'), αβ examines all k^n terminal positions: "
            + ("in every case below." if worst_is_minimax else "NOT in every case below."),
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
            f"a look-ahead of a third of the remaining depth brings the main search from {plain:,.0f} to "
            f"{statistics.mean(main):,.0f} terminal positions (the best case is {knuth_moore(4, 6):,}); the "
            f"look-aheads themselves evaluate {statistics.mean(extra):,.0f}.",
            "agrees" if statistics.mean(main) < plain else "differs",
        ),
    ]


def claims() -> list[Claim]:
    """Every claim, measured now."""
    return [*_instant_insanity(), _mathematics(), _appending(), *_ordering()]
