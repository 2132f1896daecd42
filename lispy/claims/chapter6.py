"""Chapter 6's claims ("Game trees"), measured and judged: :func:`measure`.  Their
words are in ``claims.toml`` (:data:`lispy.claims.record.TEXTS`); this module finds the
values that fill them and the verdicts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from lispy.aima.game import mccarthy_search
from lispy.chapter5.tree_search import LOSE, tree_search
from lispy.claims import game_checks
from lispy.claims.iteration import FORMS, forms, frames_open
from lispy.claims.move_ordering import (
    default_lookahead,
    knuth_moore,
    lexicographic_game,
    lookahead_counts,
    ordering_counts,
    random_order_mean,
    rule_of_thumb,
    sorted_worst_first,
    terminals_examined,
)
from lispy.claims.record import (
    Judged,
    Steps,
    about,
    agrees_if,
    counted,
    faster,
    judged,
    ms,
    ratios,
    timed_in_rounds,
)
from lispy.games.tictactoe import Board, TicTacToe
from lispy.sexpr.data import from_iterable

__all__ = [
    "LOOKAHEAD_GAMES",
    "LOOKAHEAD_SIZES",
    "ORDERING_SIZES",
    "RANDOM_TREES",
    "STEPS",
    "WORST_FIRST_TREES",
    "measure",
]

STEPS = 5
"""How many steps :func:`measure` yields."""

ORDERING_SIZES = tuple((k, n) for k in (2, 3, 4, 6) for n in (2, 3, 4, 5, 6))
"""The uniform trees of the tables on order: k moves from every position, depth n, odd and even."""

RANDOM_TREES = 10
"""The trees of random leaves each size of the table on order averages over."""

WORST_FIRST_TREES = 3
"""The trees of random leaves, k = 4 and n = 5, sorted worst first (seeds 0 to 2), of claim-worst-first."""

LOOKAHEAD_SIZES = ((4, 6), (8, 6), (4, 8))
"""The random games of the table on the look-ahead: k moves from every position, depth n."""

LOOKAHEAD_GAMES = 5
"""The games of each size the look-ahead is tried on."""


def lines_of_play(game: TicTacToe) -> tuple[int, int, int]:
    """``(nodes of the game tree, distinct boards among them, boards reached by more than one line)``:
    every line of play from ``game.initial`` and each of its beginnings, counted level by level with
    the number of lines that reach each board.

    >>> lines_of_play(TicTacToe())
    (549946, 5478, 5396)
    """
    level: Counter[Board] = Counter({game.initial: 1})
    nodes = boards = shared = 0
    while level:
        nodes += sum(level.values())
        boards += len(level)
        shared += sum(1 for lines in level.values() if lines > 1)
        following: Counter[Board] = Counter()
        for b, lines in level.items():
            if not b.over:
                for _, c in game.successors(b):
                    following[c] += lines
        level = following
    return nodes, boards, shared


def _in_every_case(found: list[bool]) -> str:
    """``"agrees"`` if every case holds, ``"differs"`` if none does, else ``"mixed"``."""
    return "agrees" if all(found) else "differs" if not any(found) else "mixed"


_TIME_CALLS = {"agrees": "faster", "differs": "slower", "too close to call": "too close to call"}
"""What :func:`lispy.claims.record.faster` says of a ratio of times, in a word for the text."""


def measure() -> Steps:
    """Measure and judge chapter 6's claims, yielding the name of each long step (:data:`STEPS`) as it
    begins; returns what was found for each, by anchor."""
    found: dict[str, Judged] = {}
    yield "tic-tac-toe, and random trees"
    game = TicTacToe()
    nodes, boards, shared = lines_of_play(game)
    found["claim-a-tree"] = judged(
        "", "agrees", agrees_if(shared == 0), nodes=nodes, boards=boards, shared=shared
    )

    line = tree_search(
        lambda b: b.winner == "O" or (b.over and b.winner is None),
        lambda b: b.winner == "X",
        lambda b: from_iterable(c for _, c in game.successors(b)),
    ).search(game.initial)
    value = mccarthy_search(game).maxval(game.initial)
    found["claim-strategy"] = judged(
        agrees_if(line != LOSE and value == 0),
        line="none" if line == LOSE else f"it ends in the board {line.cells} (row by row), O helping X",
        value=value,
    )

    found["claim-correct-move"] = counted(game_checks.correct_move())

    primed, on_nil, maxlis_nil = game_checks.primed()
    found["claim-primed"] = counted(
        primed,
        primed.all and on_nil.startswith("NoMoveError"),
        on_nil=on_nil,
        nil_value="-∞" if maxlis_nil == -float("inf") else maxlis_nil,
    )

    yield "timing maxlis"
    n = 1000
    frames = frames_open(n)
    timed = timed_in_rounds(dict(zip(FORMS, forms(n), strict=True)))
    recursive, transcribed, loop = (timed[name] for name in FORMS)
    as_loop, as_python = ratios(loop, recursive), ratios(transcribed, recursive)
    found["claim-iterative"] = judged(
        "",
        agrees_if(frames[2] < frames[0]),
        agrees_if(frames[1] < frames[0]),
        rows=[
            ("", *FORMS),
            (f"frames open, n = {n:,}", *(f"{f:,}" for f in frames)),
            ("CPU time, median", *(ms(t.median) for t in (recursive, transcribed, loop))),
            (
                "interquartile range",
                *(f"{ms(t.low, False)}–{ms(t.high)}" for t in (recursive, transcribed, loop)),
            ),
        ],
        n=n,
        last=n - 1,
        frames=frames,
        as_loop=as_loop.ratio(2),
        as_python=as_python.ratio(2),
        loop_call=_TIME_CALLS[faster(as_loop)],
        python_call=_TIME_CALLS[faster(as_python)],
    )

    ab = game_checks.alpha_beta()
    found["claim-more-computation"] = judged(
        agrees_if(ab.alpha_beta < ab.minimax and ab.agreement.all),
        tried=ab.agreement.tried,
        minimax=ab.minimax,
        alpha_beta=ab.alpha_beta,
        share=ab.alpha_beta / ab.minimax,
    )

    unchanged, evaluated = game_checks.unexamined_moves()
    found["claim-figure-2-6"] = counted(unchanged, unchanged.all and evaluated == 3, evaluated=evaluated)
    found["claim-refutation"] = counted(ab.agreement)

    yield "counting αβ on uniform trees"
    order_rows: list[tuple[str, ...]] = [
        ("k", "n", "minimax", "αβ best", "k^⌈n/2⌉+k^⌊n/2⌋−1", "αβ worst", "αβ random", "k^(3n/4)")
    ]
    in_order = worst_is_minimax = best_is_levin = True
    best_rows: list[tuple[str, ...]] = [("k", "n", "minimax", "αβ best", "k^(n/2)", "αβ best ÷ k^(n/2)")]
    near: dict[int, list[bool]] = {0: [], 1: []}  # by n's parity: αβ's count within a factor of two
    for k, depth in ORDERING_SIZES:
        counts = ordering_counts(k, depth)
        mean = random_order_mean(k, depth, RANDOM_TREES)
        in_order &= counts.best < mean < counts.worst
        worst_is_minimax &= counts.worst == counts.minimax == k**depth
        best_is_levin &= counts.best == counts.levin
        cells = (*(f"{c:,}" for c in counts), f"{mean:,.1f}", f"{rule_of_thumb(k, depth):,.0f}")
        order_rows.append((str(k), str(depth), *cells))
        notes = k ** (depth / 2)
        near[depth % 2].append(about(counts.best, notes) == "agrees")
        best_rows.append(
            (
                str(k),
                str(depth),
                f"{counts.minimax:,}",
                f"{counts.best:,}",
                f"{notes:,.1f}",
                f"{counts.best / notes:.2f}",
            )
        )
    found["claim-order"] = judged(
        agrees_if(in_order), rows=order_rows, trees=RANDOM_TREES, in_order="yes." if in_order else "NO."
    )

    sorted_counts = [sorted_worst_first(4, 5, seed) for seed in range(WORST_FIRST_TREES)]
    found["claim-worst-first"] = judged(
        "",
        agrees_if(worst_is_minimax),
        agrees_if(all(c == 4**5 for c in sorted_counts)),
        every_case="in every case of the table above" if worst_is_minimax else "NOT in every case above",
        counts=", ".join(f"{c:,}" for c in sorted_counts),
        trees=WORST_FIRST_TREES,
    )

    def within(cases: list[bool]) -> str:
        return f"all {len(cases)}" if all(cases) else f"{sum(cases)} of the {len(cases)}"

    found["claim-best-first"] = judged(
        _in_every_case(near[0] + near[1]),
        rows=best_rows,
        even=within(near[0]),
        odd=within(near[1]),
        levin="in every case" if best_is_levin else "NOT in every case",
        minimax="in every case" if worst_is_minimax else "NOT in every case",
        k3=knuth_moore(3, 7) / 3**3.5,
        k10=knuth_moore(10, 7) / 10**3.5,
    )

    yield "αβ on a tree of 10^8 leaves"
    value_10, count_10 = terminals_examined(lexicographic_game(10, 8, True), (), "maxval")
    found["claim-10-4"] = judged(
        about(count_10, 10**4),
        count=count_10,
        value=value_10,
        all=10**8,
        times=count_10 / 10**4,
        levin="" if count_10 == knuth_moore(10, 8) else "NOT ",
    )

    yield "ordering by a look-ahead"
    schedules: dict[str, Callable[[int], int | None] | None] = {
        "as generated": None,
        "static value": lambda r: None if r <= 1 else 0,
        "look-ahead r/3": default_lookahead,
    }
    ahead_rows: list[tuple[str, ...]] = [
        ("k", "n", "ordering", "main search", "look-ahead", "total", "best case", "games below as generated")
    ]
    near_best, paid, static_cheaper = [], [], []
    for k, depth in LOOKAHEAD_SIZES:
        counted_games = lookahead_counts(k, depth, schedules, LOOKAHEAD_GAMES)
        plain, static, ahead = (counted_games[name] for name in schedules)
        for name, c in counted_games.items():
            cheaper = sum(o < p for o, p in zip(c.totals, plain.totals, strict=True))
            below = "" if c is plain else f"{cheaper} of {len(c.totals)}"
            work = (f"{c.main:,.0f}", f"{c.lookahead:,.0f}", f"{c.total:,.0f}", f"{knuth_moore(k, depth):,}")
            ahead_rows.append((str(k), str(depth), name, *work, below))
        near_best.append(ahead.main < (plain.main + knuth_moore(k, depth)) / 2)
        paid.append((k, depth, ahead.total, plain.total))
        static_cheaper.append(static.total < ahead.total)
    found["claim-look-ahead"] = judged(
        "",
        _in_every_case(near_best),
        _in_every_case([t < p for _, _, t, p in paid]),
        rows=ahead_rows,
        games=LOOKAHEAD_GAMES,
        every_case="in every case" if all(near_best) else "NOT in every case",
        totals="; ".join(
            f"{t:,.0f} against {p:,.0f} at k = {k}, n = {d} ({t / p - 1:+.0%})" for k, d, t, p in paid
        ),
        static="in every case"
        if all(static_cheaper)
        else "in some cases"
        if any(static_cheaper)
        else "in none",
    )
    return found
