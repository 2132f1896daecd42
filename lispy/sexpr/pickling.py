"""Pickling a cons cell: the whole structure as one flat array, so that no length or depth recurs.

``pickle`` walks tuples recursively, through C: a list of 10^5 elements or a tree 10^5 deep
would exhaust the C stack.  A cell's ``__reduce__`` (:class:`lispy.sexpr.data.Cons`) gives
instead :func:`unflatten` and the pair that :func:`flatten` makes of the structure: every cell
numbered once, each after its car and cdr, and the atoms in a list.  Cells shared within the
structure stay shared.  Unpickling rebuilds the cells in that order with the cyclic garbage
collector paused.  Pickles name :func:`lispy.sexpr.pickling.unflatten`: keep it where it is.
"""

from __future__ import annotations

from array import array
from typing import Any

from lispy.sexpr.data import NIL, Cons, _collector_paused, _new

__all__ = ["flatten", "unflatten"]


def flatten(root: Cons) -> tuple[array[int], list[Any]]:
    """Every cell under ``root`` once, each after its car and cdr: ``(refs, atoms)``.

    ``refs`` holds two numbers per cell, for its car and its cdr: ``k >= 0`` is the
    ``k``-th cell, ``-1`` is ``NIL`` and ``-2 - j`` is ``atoms[j]``.  Cells shared
    within ``root`` stay shared.  No recursion: ``pickle`` sees one flat array and a
    flat list, whatever the length and depth.
    """
    number: dict[int, int] = {}  # id(cell) -> its place in the order
    refs: list[int] = []
    atoms: list[Any] = []
    todo: list[Any] = [root]  # the first cells of lists still to number
    while todo:
        head = todo[-1]
        if id(head) in number:
            todo.pop()
            continue
        spine = []
        u = head
        while type(u) is Cons and id(u) not in number:
            spine.append(u)
            u = u.cdr
        waiting = [c.car for c in spine if type(c.car) is Cons and id(c.car) not in number]
        if waiting:  # number those lists first, then come back to this one
            todo += waiting
            continue
        todo.pop()
        for c in reversed(spine):
            for v in (c.car, c.cdr):
                if type(v) is Cons:
                    refs.append(number[id(v)])
                elif v is NIL:
                    refs.append(-1)
                else:
                    refs.append(-2 - len(atoms))
                    atoms.append(v)
            number[id(c)] = len(number)
    return array("q", refs), atoms


def unflatten(refs: Any, atoms: list[Any]) -> Cons:
    """The cell that :func:`flatten` took apart (its last cell), rebuilt with the collector paused."""
    cells: list[Any] = []
    append = cells.append
    with _collector_paused():
        it = iter(refs)
        for i, j in zip(it, it):  # noqa: B905 (pairs from one iterator: strict would not apply)
            car = cells[i] if i >= 0 else NIL if i == -1 else atoms[-2 - i]
            cdr = cells[j] if j >= 0 else NIL if j == -1 else atoms[-2 - j]
            append(_new(Cons, (car, cdr)))
    return cells[-1]
