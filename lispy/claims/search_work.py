"""The work chapter 5's searches do, counted: positions examined, and cells that ``*`` copies.

Two of the notes' claims are about work.  "With enough mathematics, extensive tree search is
unnecessary" compares the positions a search examines (every application of ``lose``:
:func:`positions_examined`) with the graph method's work (:mod:`lispy.chapter5.insanity_graph`).
And the simple ``allsol`` "is somewhat inefficient because of all the appending": its ``mapapp``
copies, at every position, the lists of solutions found below each successor, so a solution found
at depth k is copied k times, where ``allsola`` conses each once: :func:`cells_copied` counts the
copies on :func:`ladder`, :func:`comb` and :func:`binary_tree`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lispy.chapter5.tree_search import TreeSearch, tree_search
from lispy.counting import Count
from lispy.recursion import run_deep
from lispy.sexpr.data import NIL, Cons, from_iterable, lisp
from lispy.sexpr.lists import a, d, length, n


def positions_examined(app: TreeSearch, p: Any, form: str = "search") -> tuple[Any, int]:
    """``(value, count)``: ``form`` (``"search"``, ``"allsol"`` or ``"allsol_efficient"``) of
    ``app``'s application applied to ``p``, and the number of positions it examined (each
    application of ``lose``; every position ``search`` or ``allsol`` visits is tested by it first)."""
    lose = Count(app.lose)
    # once, on a worker: a deep call run inline first may run twice, and the count be wrong
    value = run_deep(getattr(tree_search(lose.counted, app.ter, app.successors), form), p)
    return value, lose.calls


class Copying(NamedTuple):
    """The cons cells each form of ``allsol`` spends on its list of solutions."""

    solutions: int
    """How many solutions ``allsol`` returns."""
    copied: int
    """Cells ``*`` copies in the simple form (``mapapp`` appending each successor's solutions)."""
    simple: int
    """Cells the simple form makes for its result: one ``(p)`` per solution, and the copies."""
    efficient: int
    """Cells the efficient form makes: one ``p . found`` per solution, and it copies none."""


def cells_copied(app: TreeSearch, p: Any) -> Copying:
    """Run the simple ``allsol`` of ``app`` on ``p`` with a ``*`` that counts the cells it copies.

    Raises ``AssertionError`` if the result is not the transcription's ``allsol p``.
    """
    copied = [0]

    def append(u: Any, v: Any) -> Any:  # u * v ← if n u then v else a u . [d u * v], counting the .
        if n(u):
            return v
        copied[0] += 1
        return Cons(a(u), append(d(u), v))

    def mapapp(u: Any, fn: Any) -> Any:
        return NIL if n(u) else append(fn(a(u)), mapapp(d(u), fn))

    def allsol(q: Any) -> Any:
        return NIL if app.lose(q) else lisp(q) if app.ter(q) else mapapp(app.successors(q), allsol)

    solutions = run_deep(allsol, p)  # once: the count would be wrong if it ran twice
    assert solutions == app.allsol(p), "the counting allsol differs from the transcription's"
    k = length(solutions)
    return Copying(k, copied[0], k + copied[0], length(app.allsol_efficient(p)))


def ladder(n: int) -> Any:
    """A graph for ``path_search`` with ``n`` paths from ``V1`` to ``F``, of 1 to ``n`` edges.

    ``((V1 F V2) (V2 F V3) … (Vn F) (F))``: from each ``Vk`` one step to ``F`` or on to
    ``V(k+1)``.  The simple ``allsol`` copies the path of length k once at each of its k
    vertices before ``F``: n(n+1)/2 cells in all.
    """
    rungs = [lisp(f"V{k}", "F", f"V{k + 1}") for k in range(1, n)]
    return from_iterable([*rungs, lisp(f"V{n}", "F"), lisp("F")])


def comb(n: int) -> TreeSearch:
    """A search application with ``n`` solutions, one at each depth 1 … ``n``, from ``0``: a spine of
    positions 0 … n-1, each with a leaf (the solution ``-(k+1)``) and the next position of the spine
    as its successors.  Its ``lose``, ``ter`` and ``successors`` take constant time, so the simple
    ``allsol``'s copying, n(n+1)/2 cells, is what grows: the ladder without the paths' ``ε``."""
    return tree_search(
        lambda p: False, lambda p: p < 0, lambda p: lisp(-(p + 1), p + 1) if p + 1 < n else lisp(-(p + 1))
    )


def binary_tree(depth: int) -> TreeSearch:
    """A search application whose 2^depth leaves are all solutions: positions numbered as in a heap
    (from the root ``1``, the successors of ``p`` are ``2p`` and ``2p + 1``), the leaves those from
    ``2^depth`` on.  The simple ``allsol`` copies each leaf once at each of its ``depth`` ancestors,
    depth·2^depth cells in all."""
    return tree_search(lambda p: False, lambda p: p >= 2**depth, lambda p: lisp(2 * p, 2 * p + 1))


class NamedLose(NamedTuple):
    """A search whose solutions include the position named ``LOSE``: what ``search`` and ``allsol``
    give from ``START`` when its successors are ``successors``."""

    successors: Any
    search: Any
    allsol: Any


def named_lose() -> list[NamedLose]:
    """The notes: "No non-losing position should have the name LOSE or the function won't work
    properly."  Two searches from ``START`` whose successors are all terminal, winning positions, one
    of them named ``LOSE``: ``search`` gives ``LOSE`` ("no solution") where ``LOSE`` is the only one,
    and passes it over for the next where there is one; ``allsol`` finds it.

    >>> [(r.search, r.allsol) for r in named_lose()]
    [('LOSE', (LOSE)), ('WIN', (LOSE WIN))]
    """
    found = []
    for moves in (lisp("LOSE"), lisp("LOSE", "WIN")):

        def successors(p: Any, moves: Any = moves) -> Any:
            return moves

        app = tree_search(lambda p: False, lambda p: p != "START", successors)
        found.append(NamedLose(moves, app.search("START"), app.allsol("START")))
    return found
