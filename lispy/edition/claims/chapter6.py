"""Chapter 6's claims ("Game trees"), measured and judged: :func:`measure`.

Twenty-three claims, in the notes' order: a game's positions form a tree; a game is searched for a
strategy, not a line of play; two statements of practice on evaluation; ``valmax`` and ``valmin``
find the correct move; a primed ``maxlis`` is meaningless for ``NIL``; iterative versions are
better; minimax computes more than it needs; Figure 2.6's moves marked x do not matter; a
refutation ends a position's search; the saving depends on the order, nothing with the worst move
first, about k^(n/2) with the best, 10^4 against 10^8; programs work at ordering, by a short
look-ahead, shorter deeper; and the history of αβ and what McCarthy drew from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from lispy.aima.game import mccarthy_search
from lispy.chapter5.tree_search import LOSE, tree_search
from lispy.chapter6 import checks
from lispy.chapter6.iteration import FORMS, forms, frames_open
from lispy.chapter6.move_ordering import (
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
from lispy.edition.claims.record import (
    Claim,
    Reading,
    Steps,
    agreement,
    ms,
    python,
    ratios,
    timed_in_rounds,
    verdict_of,
)
from lispy.games.tictactoe import Board, TicTacToe
from lispy.sexpr.data import from_iterable

__all__ = ["LOOKAHEAD_GAMES", "LOOKAHEAD_SIZES", "ORDERING_SIZES", "RANDOM_TREES", "STEPS", "measure"]

STEPS = 5
"""How many steps :func:`measure` yields."""

ORDERING_SIZES = tuple((k, n) for k in (2, 3, 4, 6) for n in (2, 4, 6))
"""The uniform trees of the table on order: k moves from every position, depth n."""

RANDOM_TREES = 10
"""The trees of random leaves each size of the table on order averages over."""

LOOKAHEAD_SIZES = ((4, 6), (8, 6), (4, 8))
"""The random games of the table on the look-ahead: k moves from every position, depth n."""

LOOKAHEAD_GAMES = 5
"""The games of each size the look-ahead is tried on."""

PRACTICE = "It describes how programs were written in 1973, not what these programs do: no run can check it."
HISTORY = "A statement of history: no run of code can check it."
MINIMAX, MOVE, ALPHA_BETA, ORDERING = "Minimax", "Choosing a move", "The αβ-heuristic", "Ordering"


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


def _better(in_space: bool, in_time: bool) -> str:
    """ "Better": ``"agrees"`` in space and time, ``"mixed"`` in one of them, ``"differs"`` in neither."""
    return "agrees" if in_space and in_time else "mixed" if in_space or in_time else "differs"


def measure(first: int) -> Steps:
    """Measure and judge chapter 6's claims, numbered from ``first``, yielding the name of each long step
    (:data:`STEPS`) as it begins; returns the claims."""
    found: list[Claim] = []

    def add(**fields: Any) -> None:
        found.append(Claim(number=first + len(found), chapter="6", **fields))

    def number(anchor: str) -> int:
        return next(c.number for c in found if c.anchor == anchor)

    yield "tic-tac-toe, and random trees"
    game = TicTacToe()
    nodes, boards, shared = lines_of_play(game)
    tree_readings = (
        Reading(
            "a position is the line of play that reached it",
            f"tic-tac-toe's game tree has {nodes:,} of them, each reached one way: a tree",
            "agrees",
        ),
        Reading(
            "a position is the board",
            f"those {nodes:,} lines reach {boards:,} distinct boards, {shared:,} of them by more than one "
            "line (a transposition): a graph, not a tree",
            "agrees" if shared == 0 else "differs",
        ),
    )
    add(
        anchor="claim-a-tree",
        section=MINIMAX,
        line=670,
        quote="The positions that can be reached from an initial position in a game form a tree",
        claim="a game's positions form a tree",
        measured="Counted on tic-tac-toe from the empty board, level by level, with the lines that reach "
        "each board.",
        verdict=verdict_of(tree_readings),
        readings=tree_readings,
    )

    line = tree_search(
        lambda b: b.winner == "O" or (b.over and b.winner is None),
        lambda b: b.winner == "X",
        lambda b: from_iterable(c for _, c in game.successors(b)),
    ).search(game.initial)
    value = mccarthy_search(game).maxval(game.initial)
    add(
        anchor="claim-strategy",
        section=MINIMAX,
        line=683,
        quote="However, game trees are searched in a different way than the trees we have looked at, because "
        "the opposing interests of the players makes it not a search for a joint line of play that will "
        "lead to the first player winning, but rather a search for a strategy that will lead to a win "
        "regardless of what the other player does.",
        claim="a search for a line of play and a search for a strategy give different answers",
        measured="Tic-tac-toe from the empty board.  Chapter 5's search, with ter a win for X and lose a win "
        "for O or a full board, finds a line on which X wins: "
        + ("none" if line == LOSE else f"it ends in the board {line.cells} (row by row), O helping X")
        + f".  Chapter 6's maxval finds the value of the game, {value}: a draw, no strategy wins for X.",
        verdict="agrees" if line != LOSE and value == 0 else "differs",
    )

    add(
        anchor="claim-static-positions",
        section=MINIMAX,
        line=754,
        quote="Usually, the numerical values arise, because the search cannot be carried out to the end of "
        "the game, and the analysis stops with reasonably static positions that can be evaluated by some "
        "rule.",
        claim="searches usually stop short of the end of the game",
        measured="",
        verdict="no verdict",
        checkable=False,
        reason=PRACTICE,
    )
    add(
        anchor="claim-imval",
        section=MINIMAX,
        line=755,
        quote="Naturally, the function imval is chosen to be easy to calculate and to correlate well with "
        "the probability that the maximizing player can win the position.",
        claim="imval is chosen cheap to compute and well correlated with winning",
        measured="",
        verdict="no verdict",
        checkable=False,
        reason="Advice on writing a program: no run can check advice.",
    )

    moves = checks.correct_move()
    add(
        anchor="claim-correct-move",
        section=MINIMAX,
        line=769,
        quote="The simplest rule for finding the correct move in a position uses auxiliary functions valmax "
        "and valmin that give a value to a position by using imval if the position is terminal and taking "
        "the max or min of the successor positions otherwise.",
        claim="valmax and valmin give the minimax value, and movemax and movemin a move that has it",
        measured=f"On {moves.tried} random trees (k = 2 to 4 moves, depth 1 to 4, leaves 0 to 9, so with "
        "ties), valmax and valmin equal a minimax written without them over Python lists, and the moves "
        f"movemax and movemin choose have those values: {agreement(*moves[:2])} (with the notes' bestsofar "
        "read as valsofar: ERRATA E11).",
        verdict="agrees" if moves.all else "differs",
    )

    primed, on_nil, maxlis_nil = checks.primed()
    add(
        anchor="claim-primed",
        section=MINIMAX,
        line=816,
        quote="If these numbers are not available, then it is necessary to prime the function with the "
        "values of f applied to the first element of the list, and the functions are meaningless for null "
        "lists.",
        claim="a primed maxlis needs no -∞, and has no value on NIL",
        measured=f"maxlis' (primed with f of the first element) equals Python's max on {primed.tried} random "
        f"non-empty lists: {agreement(*primed[:2])}.  On NIL it gives lispy's error ({on_nil}), where "
        f"maxlis with -∞ gives {'-∞' if maxlis_nil == -float('inf') else maxlis_nil}.",
        verdict="agrees" if primed.all and on_nil.startswith("NoMoveError") else "differs",
    )

    yield "timing maxlis"
    n = 1000
    frames = frames_open(n)
    timed = timed_in_rounds(dict(zip(FORMS, forms(n), strict=True)))
    recursive, transcribed, loop = (timed[name] for name in FORMS)
    as_loop, as_python = ratios(loop, recursive), ratios(transcribed, recursive)
    iterative_readings = (
        Reading(
            "as a LISP compiler runs maxlisa, its tail call made a jump (maxlisa as a loop)",
            f"it keeps {frames[2]} frames open at n = {n:,}, against maxlis's {frames[0]:,}, and takes "
            f"{as_loop.ratio(2)} times maxlis's time",
            _better(frames[2] < frames[0], as_loop.high < 1),
        ),
        Reading(
            "as Python runs the transcribed maxlisa, which makes no such jump",
            f"it keeps {frames[1]:,} frames open, as maxlis keeps {frames[0]:,}, and takes "
            f"{as_python.ratio(2)} times maxlis's time",
            _better(frames[1] < frames[0], as_python.high < 1),
        ),
    )
    add(
        anchor="claim-iterative",
        section=MINIMAX,
        line=823,
        quote="Iterative versions of the functions are generally better; we give only the iterative version "
        "of maxlis",
        claim="maxlisa is better than the recursive maxlis",
        measured=f"The largest of the numbers 0 to {n - 1:,}: maxlis leaves a max pending at every element; "
        f"maxlisa's recursive call is its whole value.  Times are CPU time here, lispy on {python()}.",
        verdict=verdict_of(iterative_readings),
        readings=iterative_readings,
        rows=(
            ("", *FORMS),
            (f"frames open, n = {n:,}", *(f"{f:,}" for f in frames)),
            ("CPU time, median", *(ms(t.median) for t in (recursive, transcribed, loop))),
            (
                "interquartile range",
                *(f"{ms(t.low, False)}–{ms(t.high)}" for t in (recursive, transcribed, loop)),
            ),
        ),
    )

    ab = checks.alpha_beta()
    add(
        anchor="claim-more-computation",
        section=MOVE,
        line=904,
        quote="However, this straight minimax computation of the best move does much more computation in "
        "general than is usually necessary.",
        claim="minimax examines far more positions than it needs",
        measured=f"On {ab.agreement.tried} random trees (k = 2 to 4, depth 1 to 4), valmax and valmin "
        f"evaluate {ab.minimax:,} terminal positions, maxval and minval (αβ) {ab.alpha_beta:,} "
        f"({ab.alpha_beta / ab.minimax:.0%} of them), with the same values; the saving grows with the tree "
        "(the table of the claim on order, below).",
        verdict="agrees" if ab.alpha_beta < ab.minimax and ab.agreement.all else "differs",
    )

    unchanged, evaluated = checks.unexamined_moves()
    add(
        anchor="claim-figure-2-6",
        section=ALPHA_BETA,
        line=949,
        quote="We see from this figure that it is unnecessary to examine the moves marked x, because their "
        "values have no effect on the value of the game or on the correct move since the presence of the 9 "
        "is sufficient information at this point to show that the move leading to the vertex preceding it "
        "should not be chosen by the minimizing player.",
        claim="the moves marked x change neither the value nor the move",
        measured="On the reconstruction of the lost figure, ((2 5) (9 x x)), the minimizing player to move: "
        f"for every pair of values from -20 to 20 at the two x's, {unchanged.tried:,} trees, minval and "
        f"movemin give the same value and move ({agreement(*unchanged[:2])}), and αβ evaluates {evaluated} "
        "of the 5 terminal positions, never an x.",
        verdict="agrees" if unchanged.all and evaluated == 3 else "differs",
    )

    add(
        anchor="claim-refutation",
        section=ALPHA_BETA,
        line=975,
        quote="The general situation is that it is unnecessary to examine further moves in a position once a "
        "move is found that refutes moving to the position in the first place.",
        claim="cutting off at a refutation keeps the value",
        measured=f"On the {ab.agreement.tried} random trees of claim {number('claim-more-computation')}, "
        "maxval and minval, which stop at a refutation, equal valmax and valmin, which examine everything: "
        f"{agreement(*ab.agreement[:2])}.",
        verdict="agrees" if ab.agreement.all else "differs",
    )

    yield "counting αβ on uniform trees"
    header = ("k", "n", "minimax", "αβ best", "k^⌈n/2⌉+k^⌊n/2⌋−1", "αβ worst", "αβ random", "k^(3n/4)")
    order_rows: list[tuple[str, ...]] = [header]
    in_order = worst_is_minimax = best_is_levin = True
    for k, depth in ORDERING_SIZES:
        counts = ordering_counts(k, depth)
        mean = random_order_mean(k, depth, RANDOM_TREES)
        in_order &= counts.best < mean < counts.worst
        worst_is_minimax &= counts.worst == counts.minimax == k**depth
        best_is_levin &= counts.best == counts.levin
        order_rows.append(
            (
                str(k),
                str(depth),
                *(f"{c:,}" for c in counts),
                f"{mean:,.1f}",
                f"{rule_of_thumb(k, depth):,.0f}",
            )
        )
    add(
        anchor="claim-order",
        section=ORDERING,
        line=1022,
        quote="The reduction in number of positions examined given by the αβ algorithm over the simple "
        "minimax algorithm depends on the order in which the moves are examined.",
        claim="how much αβ saves depends on the order of the moves",
        measured="Terminal positions evaluated (calls of imval) on uniform trees, k moves from every "
        "position, depth n: minimax; αβ on trees whose moves come best first, or worst first, at every "
        f"position (all leaves distinct); αβ in random order, the mean over {RANDOM_TREES} trees of random "
        "leaves; k^(3n/4) is AIMA's rule of thumb for random order.  On every tree of the table, best first "
        "< random < worst first: " + ("yes." if in_order else "NO."),
        verdict="agrees" if in_order else "differs",
        rows=tuple(order_rows),
    )

    sorted_counts = [sorted_worst_first(4, 5, seed) for seed in range(3)]
    worst_readings = (
        Reading(
            "there is an order on which αβ saves nothing",
            "with the worst move first on trees whose subtrees' values lie wholly above or below their "
            "siblings', αβ examines all k^n terminal positions: "
            + ("in every case of the table above" if worst_is_minimax else "NOT in every case above"),
            "agrees" if worst_is_minimax else "differs",
        ),
        Reading(
            "whenever every position's moves come in inverse order of merit",
            "on trees of random leaves with the moves sorted worst first by their exact minimax values "
            f"(k = 4, n = 5, 3 trees) αβ examines {', '.join(f'{c:,}' for c in sorted_counts)} of 1,024: a "
            "deep bound can still refute a move (ERRATA E16)",
            "agrees" if all(c == 4**5 for c in sorted_counts) else "differs",
        ),
    )
    add(
        anchor="claim-worst-first",
        section=ORDERING,
        line=1023,
        quote="In the worst case, the moves happen to be examined in inverse order of merit in every "
        "position on the tree, i.e. the worst move first. In that case, there is no improvement over "
        "minimax.",
        claim="with the worst move first, αβ saves nothing",
        measured="The worst case exists; the worst move first does not always make it.",
        verdict=verdict_of(worst_readings),
        readings=worst_readings,
    )

    add(
        anchor="claim-best-first",
        section=ORDERING,
        line=1058,
        quote="If we look n moves deep on a tree that has k successors to each position, then minimax looks "
        "at k^n positions while αβ looks at about only k^(n/2).",
        claim="best first, αβ examines about k^(n/2) positions where minimax examines k^n",
        measured="Minimax examines k^n terminal positions, and with the best move first αβ exactly "
        "k^⌈n/2⌉ + k^⌊n/2⌋ − 1 (Levin's count, published by Knuth and Moore, 1975), about 2·k^(n/2) for "
        "even n: "
        + (
            "in every case of the table above."
            if best_is_levin and worst_is_minimax
            else "NOT in every case."
        ),
        verdict="agrees" if best_is_levin and worst_is_minimax else "differs",
    )

    yield "αβ on a tree of 10^8 leaves"
    value_10, count_10 = terminals_examined(lexicographic_game(10, 8, True), (), "maxval")
    add(
        anchor="claim-10-4",
        section=ORDERING,
        line=1059,
        quote="Thus a program that looks at 10^4 moves with αβ might have to look at 10^8 with minimax.",
        claim="10^4 positions with αβ, 10^8 with minimax",
        measured=f"k = 10, n = 8, the best move first: αβ examines {count_10:,} terminal positions (computed "
        f"here, value {value_10}), 2·10^4 − 1; minimax would examine 10^8 = {10**8:,} (not run).",
        verdict="agrees" if count_10 == knuth_moore(10, 8) else "differs",
    )

    add(
        anchor="claim-effort",
        section=ORDERING,
        line=1076,
        quote="For this reason, game playing programs using αβ make a big effort to include as good as "
        "possible an ordering of moves into the successors function.",
        claim="game-playing programs work hard at ordering their moves",
        measured="",
        verdict="no verdict",
        checkable=False,
        reason=PRACTICE,
    )

    yield "ordering by a look-ahead"
    schedules: dict[str, Callable[[int], int | None] | None] = {
        "as generated": None,
        "static value": lambda r: None if r <= 1 else 0,
        "look-ahead r/3": default_lookahead,
    }
    ahead_rows: list[tuple[str, ...]] = [
        (
            "k",
            "n",
            "ordering",
            "main search",
            "look-ahead",
            "total",
            "best case",
            "games below as generated",
        )
    ]
    near_best, paid, static_cheaper = [], [], []
    for k, depth in LOOKAHEAD_SIZES:
        counted = lookahead_counts(k, depth, schedules, LOOKAHEAD_GAMES)
        plain, static, ahead = (counted[name] for name in schedules)
        for name, c in counted.items():
            cheaper = sum(o < p for o, p in zip(c.totals, plain.totals, strict=True))
            ahead_rows.append(
                (
                    str(k),
                    str(depth),
                    name,
                    f"{c.main:,.0f}",
                    f"{c.lookahead:,.0f}",
                    f"{c.total:,.0f}",
                    f"{knuth_moore(k, depth):,}",
                    "" if c is plain else f"{cheaper} of {len(c.totals)}",
                )
            )
        near_best.append(ahead.main < (plain.main + knuth_moore(k, depth)) / 2)
        paid.append((k, depth, ahead.total, plain.total))
        static_cheaper.append(static.total < ahead.total)
    wins = [t < p for _, _, t, p in paid]
    lookahead_readings = (
        Reading(
            "as a way to order the moves",
            "ordered by the look-ahead, the main search comes more than half the way from the unordered "
            "count to the best case: " + ("in every case" if all(near_best) else "NOT in every case"),
            "agrees" if all(near_best) else "differs" if not any(near_best) else "mixed",
        ),
        Reading(
            "as a saving, the look-ahead's own evaluations counted",
            "the ordered search's total (main search and look-ahead), the mean over the games, against the "
            "unordered search's: "
            + "; ".join(
                f"{t:,.0f} against {p:,.0f} at k = {k}, n = {d} ({t / p - 1:+.0%})" for k, d, t, p in paid
            )
            + ".  Sorting by the static value alone, no look-ahead, costs less than the look-ahead "
            + (
                "in every case"
                if all(static_cheaper)
                else "in some cases"
                if any(static_cheaper)
                else "in none"
            ),
            "agrees" if all(wins) else "differs" if not any(wins) else "mixed",
        ),
    )
    add(
        anchor="claim-look-ahead",
        section=ORDERING,
        line=1096,
        quote="When there is a deep tree search to be done, the way to make the ordering is with a short "
        "look-ahead to a much smaller depth than the main search.",
        claim="a short look-ahead is the way to order the moves",
        measured=f"On random games whose positions have static values ({LOOKAHEAD_GAMES} games a size; each "
        "move adds a random amount in [-1, 1], imval is the sum so far), each position's moves sorted by a "
        "look-ahead of a third of the remaining depth r, by the static value two moves from the horizon, "
        "not at all one move from it (look-ahead r/3); beside it, the moves as generated and sorted by the "
        "static value alone.  Programs make a look-ahead pay by reusing it (iterative deepening, a "
        "transposition table: AIMA, chapter 6), which the notes do not describe.",
        verdict=verdict_of(lookahead_readings),
        readings=lookahead_readings,
        rows=tuple(ahead_rows),
    )
    add(
        anchor="claim-shorter-look-aheads",
        section=ORDERING,
        line=1110,
        quote="Still shorter look-aheads are used deeper in the tree, and beyond a certain depth, "
        "non-look-ahead ordering methods are of decreasing complexity.",
        claim="programs shorten the look-ahead deeper in the tree",
        measured=f"The schedule of claim {number('claim-look-ahead')} follows it: a third of the remaining "
        "depth, then the static value, then nothing.",
        verdict="no verdict",
        checkable=False,
        reason=PRACTICE,
    )

    history = (
        ("claim-mccarthy-1958", 1140,
         "A version of αβ incorporating optimistic and pessimistic evaluations of positions was first "
         "proposed by McCarthy about 1958.",
         "McCarthy proposed a version of αβ about 1958", HISTORY),
        ("claim-edwards-hart", 1141,
         "Edwards and Hart at M.I.T. about 1959 proved that the present version of αβ and calculated the "
         "improvement it gives over minimax.",
         "Edwards and Hart proved the present αβ about 1959 and calculated its improvement",
         HISTORY + '  (The sentence lacks a word after "proved that the present version of αβ".)'),
        ("claim-brudno", 1142, "The first publication, however, was Brudno (1963).",
         "Brudno (1963) published αβ first", HISTORY),
        ("claim-early-chess", 1150,
         "It is worth noting that αβ was not used in the early chess playing programs",
         "the early chess programs did not use αβ", HISTORY),
        ("claim-human-play", 1165,
         "it is clearly used in any human play. Its non-use, therefore, represents a failure of "
         "self-observation.",
         "people use αβ when they play; leaving it out was a failure of self-observation",
         "A claim about how people think: no run of a program can check it."),
        ("claim-a-posteriori", 1166,
         "Very likely, there are a number of other algorithms used in human thought that we have not "
         "noticed an incorporated in our programs. To the extent that this is so, artificial intelligence "
         "will be a posteriori obvious even though it is a priori very difficult.",
         "other algorithms of human thought await noticing",
         "A conjecture about human thought and the future of AI: no run of a program can check it."),
    )  # fmt: skip
    for anchor, line_, quote, claim, reason in history:
        add(
            anchor=anchor,
            section="History",
            line=line_,
            quote=quote,
            claim=claim,
            measured="",
            verdict="no verdict",
            checkable=False,
            reason=reason,
        )
    return found
