"""Chapter 5's ``search`` step by step: each position it examines, in order, with its path from the root,
read from the transcription's own calls; and the stepper (``section[data-search-stepper]``,
``templates/search_stepper.html.j2``) that steps through them in the page (``live.js``), drawing the
tree searched so far.

McCarthy 1973, ch. 5::

    search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]
    searchlis u ← if n u then LOSE else {search a u}[λx.if x = LOSE then searchlis d u else x]

:func:`examine` binds :func:`lispy.chapter5.tree_search.tree_search`, the transcription as it is, to an
application's ``lose``, ``ter`` and ``successors`` wrapped so that a position carries its path from the
root and each call of ``lose`` records a position examined (``search`` calls ``lose`` once on each
position it comes to).  Instant Insanity's ``search p₀`` examines 591 positions and ends on the tower.

>>> s = paths_stepper()
>>> len(s.nodes), s.result, " ".join(n.label + n.kind[0] for n in s.nodes)  # F has no successors
(8, '(E C A)', 'Ae Be De Fe Ce De Fe Ef')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from lispy.chapter5 import insanity, paths
from lispy.chapter5.tree_search import LOSE, tree_search
from lispy.edition.page.render import render_macro
from lispy.notes.applications import PATHS_GRAPH
from lispy.sexpr.data import from_iterable, read, to_pylist, to_string
from lispy.sexpr.lists import a

__all__ = [
    "MOST_POSITIONS",
    "Examined",
    "SearchStepper",
    "TooManyPositions",
    "examine",
    "html",
    "paths_stepper",
    "search_stepper",
    "search_steppers",
    "tower_stepper",
]

MOST_POSITIONS = 3000
"""The most positions a stepper records: a search examining more is refused (:class:`TooManyPositions`)."""


class TooManyPositions(ValueError):
    """The search examined more than :data:`MOST_POSITIONS` positions (it may not end)."""


class _At(NamedTuple):
    """A position and its path from the root (each move numbered from 1)."""

    path: tuple[int, ...]
    position: Any


@dataclass
class Examined:
    """One position ``search`` examined: ``step`` (from 1, the order of the calls of ``lose``), its
    ``path`` from the root, the ``position`` printed, its ``parent``'s step (0 for the root) and what
    ``search`` did with it, ``kind``: ``"lose"`` (``lose p``: nothing below, back up), ``"found"``
    (``ter p``: ``search`` returns it) or ``"expand"`` (``searchlis[successors p]``, of ``successors``
    positions); ``label``: its name in a small tree's drawing; ``x``, ``y``: its place there."""

    step: int
    path: tuple[int, ...]
    position: str
    parent: int
    kind: str = "expand"
    successors: int = 0
    label: str = ""
    x: float = 0.0
    y: float = 0.0

    @property
    def depth(self) -> int:
        return len(self.path)


def examine(
    lose: Callable[[Any], Any],
    ter: Callable[[Any], Any],
    successors: Callable[[Any], Any],
    p: Any,
    label: Callable[[Any], str] | None = None,
    most: int = MOST_POSITIONS,
) -> tuple[list[Examined], Any]:
    """The positions chapter 5's ``search p`` examines, in order (:class:`Examined`), and what it
    returns (a position or ``LOSE``), by :func:`~lispy.chapter5.tree_search.tree_search` bound to the
    application's ``lose``, ``ter`` and ``successors``; ``label`` names each position (by default its
    printed form, when that is at most 8 characters).  Raises :class:`TooManyPositions` past ``most``
    positions; errors of the application's functions pass through.

    >>> from lispy import lisp
    >>> nodes, found = examine(lambda p: p > 9, lambda p: p == 7, lambda p: lisp(p + 2, p + 3), 1)
    >>> found, [(n.step, n.position, n.kind) for n in nodes][:3]
    (7, [(1, '1', 'expand'), (2, '3', 'expand'), (3, '5', 'expand')])
    """
    nodes: list[Examined] = []
    by_path: dict[tuple[int, ...], Examined] = {}

    def watched_lose(at: _At) -> Any:
        if len(nodes) >= most:
            raise TooManyPositions(f"search examined more than {most:,} positions: the stepper stops there")
        parent = by_path[at.path[:-1]].step if at.path else 0
        shown = to_string(at.position)
        named = label(at.position) if label else shown if len(shown) <= 8 else ""
        node = Examined(len(nodes) + 1, at.path, shown, parent, label=named)
        nodes.append(node)
        by_path[at.path] = node
        found = lose(at.position)
        if found:
            node.kind = "lose"
        return found

    def watched_ter(at: _At) -> Any:
        found = ter(at.position)
        if found:
            by_path[at.path].kind = "found"
        return found

    def watched_successors(at: _At) -> Any:
        below = to_pylist(successors(at.position))
        by_path[at.path].successors = len(below)
        return from_iterable(_At((*at.path, i), q) for i, q in enumerate(below, 1))

    result = tree_search(watched_lose, watched_ter, watched_successors).search(_At((), p))
    return nodes, result if isinstance(result, str) and result == LOSE else result.position


@dataclass(frozen=True)
class SearchStepper:
    """What ``templates/search_stepper.html.j2`` draws: the stepper ``anchor`` (a row's) with its
    ``title``, the ``start`` position printed, the positions examined (``nodes``, laid out in a drawing
    ``width`` × ``height``, ``radial`` for a large tree, else labelled), the ``result`` printed
    (``LOSE`` when there is none) and, for the page, the steps as compact JSON (:meth:`frames`)."""

    anchor: str
    title: str
    start: str
    nodes: list[Examined]
    result: str
    width: float
    height: float
    radial: bool

    @property
    def found(self) -> bool:
        return self.result != LOSE

    def frames(self) -> list[list[Any]]:
        """Each step as ``[parent step, kind's first letter, depth, successors, position printed]``."""
        return [[n.parent, n.kind[0], n.depth, n.successors, n.position] for n in self.nodes]


SMALL = 30
"""A tree of at most this many positions is drawn top down with labels; a larger one radially."""


def _layout(nodes: list[Examined]) -> tuple[float, float, bool]:
    """Place the nodes: top down (leaves 56 apart, levels 64) for a small tree, else radially (the
    leaves round a circle in the order examined, each level a ring 70 further out).  Returns the
    drawing's width, height and whether it is radial."""
    children: dict[int, list[Examined]] = {}
    for n in nodes:
        children.setdefault(n.parent, []).append(n)
    leaves: list[Examined] = []

    def walk(n: Examined) -> None:
        below = children.get(n.step, [])
        if not below:
            leaves.append(n)
        for c in below:
            walk(c)

    walk(nodes[0])
    radial = len(nodes) > SMALL
    depth = max(n.depth for n in nodes)
    place: dict[int, float] = {leaf.step: float(i) for i, leaf in enumerate(leaves)}
    for n in reversed(nodes):  # a parent after its children: the mean of their places
        if n.step not in place:
            below = children[n.step]
            place[n.step] = (place[below[0].step] + place[below[-1].step]) / 2
    if not radial:
        margin = 32.0
        for n in nodes:
            n.x, n.y = margin + 56 * place[n.step], margin + 64 * n.depth
        return 2 * margin + 56 * max(len(leaves) - 1, 0), 2 * margin + 64 * depth, False
    ring, margin = 70.0, 16.0
    centre = margin + ring * depth
    for n in nodes:
        angle = 2 * math.pi * place[n.step] / len(leaves) - math.pi / 2
        n.x, n.y = centre + ring * n.depth * math.cos(angle), centre + ring * n.depth * math.sin(angle)
    return 2 * centre, 2 * centre, True


def search_stepper(
    anchor: str,
    title: str,
    lose: Callable[[Any], Any],
    ter: Callable[[Any], Any],
    successors: Callable[[Any], Any],
    p: Any,
    label: Callable[[Any], str] | None = None,
) -> SearchStepper:
    """The :class:`SearchStepper` of ``search p`` for the application ``lose``, ``ter``, ``successors``
    (:func:`examine`); ``label`` names a position in a small tree's drawing (by default its
    printed form when that is short).  Raises :class:`TooManyPositions` as :func:`examine` does."""
    nodes, result = examine(lose, ter, successors, p, label)
    width, height, radial = _layout(nodes)
    return SearchStepper(anchor, title, to_string(p), nodes, to_string(result), width, height, radial)


def tower_stepper() -> SearchStepper:
    """``search p₀`` on Instant Insanity (the notes' ``puzz``): 591 positions examined, ending on the tower"""
    t = insanity.tower
    title = "search p₀ on Instant Insanity (the notes' puzz)"
    return search_stepper("search", title, t.lose, t.ter, t.successors, insanity.p0)


def paths_stepper() -> SearchStepper:
    """``search (A)`` for a path to ``E`` in lispy's graph of the path examples (:data:`PATHS_GRAPH`; the
    rows' examples look for ``F``, which the first path tried reaches: ``E`` shows the backtracking)."""
    t = paths.path_search(read(PATHS_GRAPH), "E")
    title = f"search (A) for a path to E in the graph {PATHS_GRAPH}"
    return search_stepper("successors-paths", title, t.lose, t.ter, t.successors, read("(A)"), _vertex)


def _vertex(p: Any) -> str:
    return to_string(a(p))


def search_steppers() -> list[SearchStepper]:
    """The edition's: the paths problem's (beside its ``successors``) and Instant Insanity's ``search p₀``
    (beside ``search``)."""
    return [tower_stepper(), paths_stepper()]


def html(s: SearchStepper) -> str:
    """The stepper ``s`` as HTML: the tree searched, the controls, the path and the result."""
    return render_macro("search_stepper.html.j2", "search_stepper", s)
