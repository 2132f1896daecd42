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

    ``graph``: ``((v w1 w2 ...) ...)``, each vertex followed by its neighbours; a vertex with no
    sublist has none.  Search from ``(start)``; ``lose`` cuts a path that revisits a vertex.

    >>> from lispy import lisp, read
    >>> paths = path_search(read("((A B C) (B D) (C D) (D))"), "D")
    >>> paths.search(lisp("A")), paths.allsol(lisp("A"))
    ((D B A), ((D B A) (D C A)))
    >>> paths.successors(lisp("A"))
    ((B A) (C A))
    """

    def lose(p: Any) -> bool:
        """``lose p ← a p ε d p``: the path ``p`` came back to a vertex it had passed.

        FOO.XGP[206,JMC] line 93 (ch. 5, paths in a graph).
        """
        return member(a(p), d(p))

    def ter(p: Any) -> bool:
        """``ter p ← [a p = final]``: the path ``p`` has reached ``final``.

        FOO.XGP[206,JMC] line 97 (ch. 5, paths in a graph; ``final`` is free in the notes: E7).
        """
        return equal(a(p), final)

    def successors(p: Any) -> Any:
        """``successors p ← mapcar[d assoc[a p,graph],λx.x.p]``: ``p`` extended by each neighbour.

        FOO.XGP[206,JMC] line 105 (ch. 5, paths in a graph; ``graph`` is free in the notes: E7).
        """
        return mapcar(d(assoc(a(p), graph)), lambda x: cons(x, p))

    return tree_search(lose, ter, successors)
