"""Freeing cells one at a time where the engine's stack is small: Pyodide (CPython on Emscripten).

Freeing a cell frees its car and cdr inside its own deallocation, so dropping a list of n cells
nests n deallocations.  CPython's guard against that (the "trashcan") watches Emscripten's stack in
WebAssembly memory, but a deallocation uses the JavaScript engine's stack, which it does not see: in
Node a chain of 6,000 cells (Pyodide 314.0.7), in Chromium's worker fewer, ends Pyodide ("Maximum
call stack size exceeded").  On Emscripten only, the page's runtime gives
:class:`~lispy.sexpr.data.Cons` :func:`finalise` as its ``__del__`` (PEP 442, by :func:`install`,
when :mod:`lispy.edition.live` is imported): a dying cell is kept in a list, and the outermost
finaliser frees that list one cell at a time, so that no deallocation holds another cell's inside
it.  A finaliser cannot let go of its own cell, so the last cell to die is kept until the next one
dies or :func:`free_deferred` is called (the page's worker does after each answer).  Elsewhere
nothing here runs: CPython's own stack and trashcan suffice (``docs/reliability.md``).

>>> free_deferred()
0
"""

from __future__ import annotations

import sys

from lispy.sexpr.data import Cons

__all__ = ["finalise", "free_deferred", "install"]

_dying: list[object] = []
"""Cells that died while others were being freed: each is freed when the loop takes it out."""
_freeing = False
"""Whether a finaliser is emptying :data:`_dying` (the others only add their cell to it)."""


def finalise(cell: object) -> None:
    """A cell's ``__del__`` on Emscripten: keep ``cell`` (it lives on in :data:`_dying`, and its car
    and cdr with it) and, unless a finaliser further out is doing so, free the cells kept before it,
    one at a time."""
    global _freeing
    if _freeing:
        _dying.append(cell)
        return
    _freeing = True
    try:
        while _dying:
            _dying.pop()  # its car and cdr, if they die, are added to _dying by their finalisers
    finally:
        _freeing = False
    _dying.append(cell)  # freed by the next finaliser, or by free_deferred()


def free_deferred() -> int:
    """Free the cells :func:`finalise` kept, one at a time, and those their freeing lets die; return
    how many were kept (0 where cells have no finaliser: everywhere but Emscripten).  Where a
    finaliser is already freeing them, nothing (it frees these too)."""
    global _freeing
    if _freeing:
        return 0
    kept = len(_dying)
    _freeing = True
    try:
        while _dying:
            _dying.pop()
    finally:
        _freeing = False
    return kept


def install() -> bool:
    """On Emscripten, make :func:`finalise` the ``__del__`` of every cell (made before or after);
    elsewhere nothing.  Whether it did.

    >>> install() == (sys.platform == "emscripten")
    True
    """
    if sys.platform != "emscripten":
        return False
    Cons.__del__ = finalise
    return True
