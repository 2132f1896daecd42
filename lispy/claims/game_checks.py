"""Chapter 6's claims that a run can check, each checked against an independent computation.

Each function runs the transcriptions on random trees and compares them with a plain Python minimax
over nested Python lists (:func:`minimax`), written without them, reporting how many cases agreed
(the one tally, :func:`~lispy.counting.count_agreement`, or the one runner built on it,
:func:`~lispy.counting.agree`, as :mod:`lispy.claims.search_checks` and the edition's proofs do); the
inventory of the claims (:mod:`lispy.claims`) words the results.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import GameTreeSearch, game_tree_search, maxlis
from lispy.chapter6.improvements import NoMoveError, maxlis_primed
from lispy.chapter6.sexp_games import imval, successors, ter
from lispy.counting import Agreement, Count, agree, count_agreement
from lispy.sexpr.conversions import from_python
from lispy.sexpr.data import NIL, from_iterable, to_pylist

Tree = Any
"""A game tree as nested Python lists of numbers: a number is a terminal position."""


def minimax(t: Tree, max_to_move: bool) -> float:
    """The minimax value of the nested Python list ``t``: plain recursion, no cells, no ``maxlis``.

    >>> minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]], True)
    3
    """
    if not isinstance(t, list):
        return t
    values = [minimax(c, not max_to_move) for c in t]
    return max(values, default=-math.inf) if max_to_move else min(values, default=math.inf)


def random_tree(rng: random.Random, k: int, n: int) -> Tree:
    """A tree of depth ``n`` with ``k`` moves at every position and leaves drawn from 0 to 9 (so that
    equal values, the ties, are common)."""
    return rng.randrange(10) if n == 0 else [random_tree(rng, k, n - 1) for _ in range(k)]


def _trees(count: int, seed: int) -> Iterator[Tree]:
    rng = random.Random(seed)
    for i in range(count):
        yield random_tree(rng, 2 + i % 3, 1 + (i // 3) % 4)  # k = 2, 3, 4; n = 1 … 4


def correct_move(trees: int = 120, seed: int = 1973, search: GameTreeSearch | None = None) -> Agreement:
    """ "The simplest rule for finding the correct move in a position uses auxiliary functions valmax and
    valmin" (ch. 6): on ``trees`` random trees (k = 2 to 4, depth 1 to 4, leaves 0 to 9), ``valmax``
    and ``valmin`` are the minimax values of :func:`minimax`, and the moves ``movemax`` and
    ``movemin`` choose have those values (the transcription's ``bestmaxa`` reads ``valsofar`` where
    the notes print ``bestsofar``: ERRATA E11).

    >>> correct_move(12)
    Agreement(tried=12, agreed=12, first_disagreement=None)
    """
    s = search or game_tree_search(successors, ter, imval)

    def cases() -> Iterator[tuple[Any, bool]]:
        for t in _trees(trees, seed):
            p = from_python(t)
            best_max, best_min = minimax(t, True), minimax(t, False)
            chosen_max = minimax(t[to_pylist(p).index(s.movemax(p))], False)
            chosen_min = minimax(t[to_pylist(p).index(s.movemin(p))], True)
            same = s.valmax(p) == best_max == chosen_max and s.valmin(p) == best_min == chosen_min
            yield t, same

    return count_agreement(cases())


def primed(lists: int = 200, seed: int = 1973, prime: Callable[[Any, Any], Any] = maxlis_primed) -> tuple[
    Agreement, str, Any
]:  # fmt: skip
    """ "If these numbers are not available, then it is necessary to prime the function with the values
    of f applied to the first element of the list, and the functions are meaningless for null
    lists" (ch. 6): ``prime`` (by default ``maxlis'``) on ``lists`` random non-empty lists equals
    Python's ``max``; on ``NIL`` it gives lispy's error, where ``maxlis`` with ``-∞`` gives ``-∞``.
    Returns ``(the agreement, what prime does on NIL, maxlis of NIL)``.

    >>> agreement, on_nil, maxlis_nil = primed(20)
    >>> agreement.all, on_nil.startswith("NoMoveError: maxlis'"), maxlis_nil
    (True, True, -inf)
    """
    rng = random.Random(seed)
    drawn = [[rng.randrange(-50, 50) for _ in range(rng.randrange(1, 12))] for _ in range(lists)]
    (agreement,) = agree(drawn, max, lambda values: prime(from_iterable(values), lambda x: x))
    try:
        on_nil = f"the value {prime(NIL, lambda x: x)!r}"
    except NoMoveError as error:
        on_nil = f"NoMoveError: {error}"
    return agreement, on_nil, maxlis(NIL, lambda x: x)


class AlphaBeta(NamedTuple):
    """αβ against minimax on random trees: the values' agreement, and the terminal positions each
    evaluated, summed over the trees."""

    agreement: Agreement
    minimax: int
    alpha_beta: int


def alpha_beta(trees: int = 120, seed: int = 1973) -> AlphaBeta:
    """ "The general situation is that it is unnecessary to examine further moves in a position once a
    move is found that refutes moving to the position in the first place" (ch. 6), and "this
    straight minimax computation of the best move does much more computation in general than is
    usually necessary": on ``trees`` random trees, ``maxval`` and ``minval`` (αβ) equal ``valmax``
    and ``valmin`` (:func:`minimax` too), and the terminal positions each evaluates (calls of
    ``imval``) are summed.

    >>> alpha_beta(12)
    AlphaBeta(agreement=Agreement(tried=12, agreed=12, first_disagreement=None), minimax=980, alpha_beta=495)
    """
    plain, pruned = Count(imval), Count(imval)
    full = game_tree_search(successors, ter, plain.counted)
    ab = game_tree_search(successors, ter, pruned.counted)

    def cases() -> Iterator[tuple[Any, bool]]:
        for t in _trees(trees, seed):
            p = from_python(t)
            values = (full.valmax(p), ab.maxval(p), full.valmin(p), ab.minval(p))
            yield t, values == (minimax(t, True),) * 2 + (minimax(t, False),) * 2

    return AlphaBeta(count_agreement(cases()), plain.calls, pruned.calls)


def unexamined_moves(
    tree: Tree = ((2, 5), (9, "x", "x")), values: range = range(-20, 21), search: GameTreeSearch | None = None
) -> tuple[Agreement, int]:
    """ "it is unnecessary to examine the moves marked x, because their values have no effect on the value
    of the game or on the correct move" (ch. 6, Figure 2.6, reconstructed: the minimizing player to
    move in ``tree``): for all values from ``values`` put at the moves marked ``"x"``,
    ``minval`` (αβ) and ``movemin`` give what they give with the x's at their first values, and αβ
    evaluates neither.  Returns the agreement and the terminal positions αβ evaluated in each case.

    >>> unexamined_moves()
    (Agreement(tried=1681, agreed=1681, first_disagreement=None), 3)
    """
    s = search or game_tree_search(successors, ter, imval)
    marks = sum(1 for branch in tree for leaf in branch if leaf == "x")

    def filled(xs: tuple[int, ...]) -> Any:
        it = iter(xs)
        return from_iterable(
            from_iterable(next(it) if leaf == "x" else leaf for leaf in branch) for branch in tree
        )

    first = filled(next(itertools.product(values, repeat=marks)))
    value, move = s.minval(first), s.movemin(first)
    counted = Count(imval)
    watched = game_tree_search(successors, ter, counted.counted)
    evaluated: set[int] = set()

    def cases() -> Iterator[tuple[Any, bool]]:
        for xs in itertools.product(values, repeat=marks):
            p = filled(xs)
            counted_before = counted.calls
            same = watched.minval(p) == value and s.movemin(p) == move
            evaluated.add(counted.calls - counted_before)
            yield xs, same

    found = count_agreement(cases())
    return found, max(evaluated)
