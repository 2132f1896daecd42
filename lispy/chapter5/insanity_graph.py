"""Instant Insanity by "some mathematics": the graph of opposite faces, and no extensive tree search.

McCarthy 1973, ch. 5: "A greater speedup can be made by the application of some mathematics.  In
fact, with enough mathematics, extensive tree search is unnecessary in this problem."  The
mathematics is F. de Carteblanche's (R. L. Brooks, C. A. B. Smith, A. H. Stone and W. T. Tutte),
"The coloured cubes problem", *Eureka* (Cambridge), 1947, as graph-theory textbooks retell it
(R. J. Wilson, *Introduction to Graph Theory*):

* the colours are the vertices of a multigraph; each block gives three edges, one for each pair of
  its opposite faces, joining their two colours (a loop if they are the same);
* the front and back faces of a tower show every colour once each exactly when the front/back
  pairs of its blocks form a *factor*: one edge from every block, every colour of degree 2, a union
  of cycles; walking each cycle one way puts the end an edge leaves in front;
* the right/left pairs form a second factor with no edge in common with the first (:func:`towers`);
  the notes' ``allsol``, which keeps the first block in 3 of its 24 orientations, counts each
  tower up to the 8 symmetries of a tower.

The factors (:func:`factors`: at most 3^n tries for n blocks, far fewer with the degrees cut) are
compared two by two: a few dozen candidate subgraphs for the notes' puzzle, against the hundreds
of positions ``search`` and ``allsol`` examine.  An edge is ``(k (f . x) (g . y))``, block ``k``'s
opposite faces ``f`` and ``g`` (numbered as in ``puzz1``) coloured ``x`` and ``y``, directed: it
leaves its first face.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter5.insanity import mapcar2
from lispy.chapter5.insanity_words import mapchoose
from lispy.chapter5.puzzles import substitutions
from lispy.chapter5.tree_search import mapapp
from lispy.counting import Count
from lispy.sexpr.data import NIL, lisp, read
from lispy.sexpr.lists import (
    a,
    andlis,
    append,
    assoc,
    cons,
    d,
    equal,
    length,
    mapcar,
    n,
    reverse,
)

OPPOSITE = read("((1 6) (2 4) (3 5))")
"""A block's three pairs of opposite faces: top and bottom, sides 1 and 3, sides 2 and 4."""


def edges(k: int, s: Any) -> Any:
    """``edges[k,s] ← mapcar[((1 6) (2 4) (3 5)),λf.(k assoc[a f,s] assoc[a d f,s])]``.

    Block ``k``'s three edges; ``s`` is its substitution ``((1 . top) … (6 . bottom))``, an
    element of the notes' ``puzz3``.

    >>> edges(1, read("((1 . G) (2 . B) (3 . B) (4 . W) (5 . R) (6 . G))"))
    ((1 (1 . G) (6 . G)) (1 (2 . B) (4 . W)) (1 (3 . B) (5 . R)))
    """
    return mapcar(OPPOSITE, lambda f: lisp(k, assoc(a(f), s), assoc(a(d(f)), s)))


def colour_graph(puzz3: Any, k: int = 1) -> Any:
    """``colour_graph[u,k] ← if n u then NIL else edges[k,a u] . colour_graph[d u,k + 1]``.

    The multigraph of the blocks whose substitutions are ``puzz3``, its edges grouped by block:
    for each block, numbered from ``k``, the list of its three edges.

    >>> from lispy.chapter5.insanity import puzz3
    >>> length(colour_graph(puzz3)), a(colour_graph(puzz3)) == edges(1, a(puzz3))
    (4, True)
    """
    return NIL if n(puzz3) else cons(edges(k, a(puzz3)), colour_graph(d(puzz3), k + 1))


def tail(e: Any) -> Any:
    """``tail e ← a d e``: the first end of an edge, ``(face . colour)``."""
    return a(d(e))


def head(e: Any) -> Any:
    """``head e ← a d d e``: the second end of an edge."""
    return a(d(d(e)))


def turn(e: Any) -> Any:
    """``turn e ← (a e head e tail e)``: the edge walked the other way."""
    return lisp(a(e), head(e), tail(e))


def occurrences(x: Any, u: Any) -> int:
    """``occurrences[x,u] ← length mapchoose[u,λy.y = x,λy.y]``: how often ``x`` is in ``u``."""
    return length(mapchoose(u, lambda y: equal(y, x), lambda y: y))


def fits(e: Any, w: Any) -> bool:
    """``fits[e,w] ← occurrences[d tail e,w] ≤ 2 ∧ occurrences[d head e,w] ≤ 2``.

    ``w`` is the list of the colours at the ends of the edges chosen so far, ``e``'s included:
    does ``e`` leave both its colours of degree at most 2?

    >>> e = read("(1 (2 . B) (4 . W))")
    >>> fits(e, read("(B W B W)")), fits(e, read("(B W B W B)"))
    (True, False)
    """
    return occurrences(d(tail(e)), w) <= 2 and occurrences(d(head(e)), w) <= 2


def factors(u: Any, w: Any = NIL, fit: Callable[[Any, Any], bool] = fits) -> Any:
    """Every way to choose one edge from each block of ``u`` leaving no colour of degree above 2::

        factors[u,w] ← if n u then (NIL)
            else mapapp[a u,λe.{d tail e . d head e . w}[λv.
                if fits[e,v] then mapcar[factors[d u,v],λf.e . f] else NIL]]

    ``u`` is a graph as :func:`colour_graph` gives, ``w`` the colours at the ends chosen before; with
    as many colours as blocks, each result is a factor, its edges in the blocks' order.  ``fit``
    is ``fits`` unless a caller counts the candidates (:func:`graph_method` does).

    >>> from lispy.chapter5.insanity import puzz3
    >>> length(factors(colour_graph(puzz3))), a(factors(colour_graph(puzz3)))
    (4, ((1 (2 . B) (4 . W)) (2 (1 . G) (6 . R)) (3 (2 . W) (4 . R)) (4 (2 . G) (4 . B))))
    """
    return lisp(NIL) if n(u) else mapapp(a(u), lambda e: (
        lambda v: mapcar(factors(d(u), v, fit), lambda f: cons(e, f)) if fit(e, v) else NIL
    )(cons(d(tail(e)), cons(d(head(e)), w))))  # fmt: skip


def disjoint(f: Any, g: Any) -> bool:
    """``disjoint[f,g] ← andlis[mapcar2[f,g,λyz.¬[y = z]],λx.x]``: no edge in common.

    ``f`` and ``g`` are factors, one edge per block in the blocks' order.

    >>> f = read("((1 (1 . G) (6 . G)) (2 (2 . B) (4 . W)))")
    >>> g = read("((1 (1 . G) (6 . G)) (2 (3 . B) (5 . W)))")
    >>> disjoint(f, g), disjoint(d(f), d(g))
    (False, True)
    """
    return andlis(mapcar2(f, g, lambda y, z: not equal(y, z)), lambda x: x)


def pairs(fs: Any, apart: Callable[[Any, Any], bool] = disjoint) -> Any:
    """``pairs fs ← if n fs then NIL else mapchoose[d fs,λg.disjoint[a fs,g],λg.(a fs g)] * pairs d fs``.

    The edge-disjoint pairs ``(f g)`` of the factors ``fs``, each unordered pair once: the solutions,
    up to the towers each gives.  ``apart`` is ``disjoint`` unless a caller counts comparisons.

    >>> from lispy.chapter5.insanity import puzz3
    >>> length(pairs(factors(colour_graph(puzz3))))  # the notes' puzzle: two solutions up to the towers
    2
    """
    return NIL if n(fs) else append(
        mapchoose(d(fs), lambda g: apart(a(fs), g), lambda g: lisp(a(fs), g)), pairs(d(fs), apart)
    )  # fmt: skip


def cycles_of(h: Any) -> Any:
    """The cycles of the factor ``h``, each a list of directed edges walked one way round::

        cycles_of h ← if n h then NIL else {walk[a h,d h,d tail a h]}[λc.a c . cycles_of d c]

    A loop is a cycle of one edge; two edges between the same colours, a cycle of two.

    >>> cycles_of(read("((1 (2 . B) (4 . W)) (2 (1 . W) (6 . B)) (3 (2 . G) (4 . G)))"))
    (((1 (2 . B) (4 . W)) (2 (1 . W) (6 . B))) ((3 (2 . G) (4 . G))))
    """
    return NIL if n(h) else (lambda c: cons(a(c), cycles_of(d(c))))(walk(a(h), d(h), d(tail(a(h)))))


def walk(e: Any, rest: Any, start: Any) -> Any:
    """``(cycle . rest)``: the cycle that the directed edge ``e`` begins, and the edges left::

        walk[e,rest,start] ← if d head e = start then (e) . rest
            else {following[d head e,rest]}[λx.{walk[x,without[a x,rest],start]}[λc.[e . a c] . d c]]

    ``start`` is the colour the walk began at; every colour has degree 2, so the walk comes back.
    """
    if equal(d(head(e)), start):
        return cons(lisp(e), rest)
    return (lambda x: (lambda c: cons(cons(e, a(c)), d(c)))(walk(x, without(a(x), rest), start)))(
        following(d(head(e)), rest)
    )


def following(x: Any, u: Any) -> Any:
    """``following[x,u] ← if d tail a u = x then a u else if d head a u = x then turn a u
    else following[x,d u]``: the first edge of ``u`` with an end coloured ``x``, leaving from it."""
    return a(u) if equal(d(tail(a(u))), x) else turn(a(u)) if equal(d(head(a(u))), x) else following(x, d(u))


def without(k: Any, u: Any) -> Any:
    """``without[k,u] ← if a a u = k then d u else a u . without[k,d u]``: ``u`` less block ``k``'s edge."""
    return d(u) if equal(a(a(u)), k) else cons(a(u), without(k, d(u)))


def directions(cs: Any) -> Any:
    """Every way to walk the cycles ``cs``, each as one list of directed edges::

        directions cs ← if n cs then (NIL)
            else mapapp[directions d cs,λr.(a cs * r  mapcar[a cs,turn] * r)]

    2^(length cs) of them.

    >>> directions(read("(((1 (2 . B) (4 . W))))"))
    (((1 (2 . B) (4 . W))) ((1 (4 . W) (2 . B))))
    """
    return lisp(NIL) if n(cs) else mapapp(
        directions(d(cs)), lambda r: lisp(append(a(cs), r), append(mapcar(a(cs), turn), r))
    )  # fmt: skip


def tower(front_back: Any, right_left: Any, blocks: Any) -> Any:
    """The position whose blocks show ``front_back``'s directed edges front to back and
    ``right_left``'s right to left: faces front, right, back, left, each the colours of ``blocks``
    (block numbers, the last first), a block's four one of its orientations in ``puzz4``."""
    return lisp(
        mapcar(blocks, lambda k: d(tail(assoc(k, front_back)))),
        mapcar(blocks, lambda k: d(tail(assoc(k, right_left)))),
        mapcar(blocks, lambda k: d(head(assoc(k, front_back)))),
        mapcar(blocks, lambda k: d(head(assoc(k, right_left)))),
    )


def towers(pair: Any) -> Any:
    """Every tower of the pair of factors ``(f g)`` with c₁ and c₂ cycles: ``f`` or ``g`` front/back,
    each cycle either way, 2 × 2^(c₁+c₂) positions (some equal in colours where a block repeats a
    colour pair); up to the 8 symmetries of a tower, 2^(c₁+c₂-2).

    >>> from lispy.chapter5.insanity import puzz3, tower
    >>> ts = towers(a(pairs(factors(colour_graph(puzz3)))))
    >>> length(ts), andlis(ts, lambda p: not tower.lose(p))  # 2 × 2^(1+2) towers, every face all four colours
    (16, True)
    """
    f, g = a(pair), a(d(pair))
    blocks = reverse(mapcar(f, a))
    return mapapp(lisp(lisp(f, g), lisp(g, f)), lambda h: mapapp(
        directions(cycles_of(a(h))),
        lambda x: mapcar(directions(cycles_of(a(d(h)))), lambda y: tower(x, y, blocks)),
    ))  # fmt: skip


class GraphMethod(NamedTuple):
    """The graph method on one puzzle: the graph (:func:`colour_graph`), its :func:`factors` and their
    :func:`pairs`, the ``candidates`` examined (``fits`` applied) and the ``comparisons`` made
    (``disjoint`` applied)."""

    graph: Any
    factors: Any
    pairs: Any
    candidates: int
    comparisons: int


def graph_method(puzz1: Any) -> GraphMethod:
    """Solve the puzzle ``puzz1`` (n blocks, each ``(top s1 s2 s3 s4 bottom)``) by the graph of
    opposite faces, counting the work.  Raises ``ValueError`` if there are more colours than blocks.

    >>> from lispy.chapter5.insanity import puzz1
    >>> g = graph_method(puzz1)
    >>> g.candidates, g.comparisons, length(g.factors), length(g.pairs)
    (72, 6, 4, 2)
    >>> graph_method(read("((R W G B Y R))"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: graph_method: 1 blocks in 5 colours; ...
    """
    colours = {c for block in puzz1 for c in block}
    if len(colours) > length(puzz1):
        raise ValueError(
            f"graph_method: {length(puzz1)} blocks in {len(colours)} colours; a face of the tower shows "
            "one colour per block, so the puzzle needs as many colours as blocks"
        )
    tried, compared = Count(fits), Count(disjoint)
    graph = colour_graph(substitutions(puzz1))
    found = factors(graph, NIL, tried.counted)
    solutions = pairs(found, compared.counted)
    return GraphMethod(graph, found, solutions, tried.calls, compared.calls)
