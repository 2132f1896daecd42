"""Pickling a cons cell: the whole structure as one flat array, so that no length or depth recurs.

``pickle`` walks tuples recursively, through C: a list of 10^5 elements or a tree 10^5 deep
would exhaust the C stack.  A cell's ``__reduce__`` (:class:`lispy.sexpr.data.Cons`) gives
instead :func:`unflatten` and the pair that :func:`flatten` makes of the structure: every cell
numbered once, each after its car and cdr, and the atoms in a list.  Cells shared within the
structure stay shared.  Unpickling rebuilds the cells in that order with the cyclic garbage
collector paused.  A cell's ``__reduce__`` needs them, so they are defined with the cell, in
:mod:`lispy.sexpr.data`; pickles name :func:`lispy.sexpr.data.unflatten`.
"""

from __future__ import annotations

from lispy.sexpr.data import flatten, unflatten

__all__ = ["flatten", "unflatten"]
