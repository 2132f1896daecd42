"""Chapter 5's first example: a path from an initial vertex to a final one in a graph.

McCarthy 1973, ch. 5.  A position is a path, the list of its vertices in
reverse order, so ``(C B A)`` went from ``A`` through ``B`` to ``C``.  The
graph is "a list structure as described in chapter I", which the archive lacks;
here, as in a later exam of the same course, it is a list of sublists, each a
vertex followed by the vertices it is connected to: ``((A B C) (B D) (C D) (D))``.
The notes leave ``graph`` and ``final`` free; :func:`path_search` binds them
(ERRATA.md)::

    lose p ← a p ε d p,
    ter p ← [a p = final],
    successors p ← mapcar[d assoc[a p,graph],λx.x.p].
"""

from __future__ import annotations

from typing import Any

from lispy.chapter5.tree_search import TreeSearch, tree_search
from lispy.sexpr.lists import a, assoc, cons, d, equal, mapcar, member

__all__ = ["path_search"]


def path_search(graph: Any, final: Any) -> TreeSearch:
    """Chapter 5's ``search`` and ``allsol`` for paths in ``graph`` that end at ``final``.

    ``graph``: ``((v w1 w2 ...) ...)``, each vertex followed by its neighbours; a
    vertex with no sublist has no neighbours.  Search from ``(start)``:
    ``path_search(graph, "D").search(lisp("A"))`` is a path ``(D ... A)``, or ``LOSE``.
    ``lose`` cuts a path that revisits a vertex, so cycles do not loop.
    """

    def lose(p: Any) -> bool:
        return member(a(p), d(p))

    def ter(p: Any) -> bool:
        return equal(a(p), final)

    def successors(p: Any) -> Any:
        return mapcar(d(assoc(a(p), graph)), lambda x: cons(x, p))

    return tree_search(lose, ter, successors)
