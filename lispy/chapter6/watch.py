"""Watching a search: which positions it examines and which terminal positions it evaluates.

:class:`Watch` wraps a game's ``successors``, ``ter`` and ``imval`` and binds
chapter 6's functions to the wrapped game, leaving the transcriptions as they
are.  A watched position is a :class:`Visit`: the path of moves that reached it
(1 for the first successor, 2 for the second, …) and the game's position.
Every ``ter`` call is a position examined; every ``imval`` call a terminal
position evaluated, both recorded in order (each a :class:`~lispy.runtime.counting.Count`
keeping the paths).

    >>> from lispy.chapter6 import sexp_games
    >>> from lispy.sexpr.reader import read
    >>> w = Watch(*sexp_games.tree[:3])
    >>> w.search.maxval(w.root(read("((3 12 8) (2 4 6) (14 5 2))")))
    3
    >>> w.evaluated      # doctest: +SKIP
    [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import GameTreeSearch, game_tree_search
from lispy.runtime.counting import Count
from lispy.sexpr.data import from_iterable

__all__ = ["Visit", "Watch"]


class Visit(NamedTuple):
    """A watched position: ``path``, the moves from the root (each from 1), and ``position``."""

    path: tuple[int, ...]
    position: Any


class Watch:
    """A game's functions, wrapped to record the search; ``search`` is chapter 6 bound to them.

    ``examined``: the paths of the positions examined (``ter`` called), in order.
    ``evaluated``: the paths of the terminal positions evaluated (``imval`` called), in order.
    """

    def __init__(
        self,
        successors: Callable[[Any], Any],
        ter: Callable[[Any], bool],
        imval: Callable[[Any], Any],
    ) -> None:
        def watched_successors(v: Visit) -> Any:
            return from_iterable(Visit((*v.path, i), q) for i, q in enumerate(successors(v.position), 1))

        def path(v: Visit) -> tuple[int, ...]:
            return v.path

        self._ter = Count(lambda v: ter(v.position), keep=path)
        self._imval = Count(lambda v: imval(v.position), keep=path)
        self.examined: list[tuple[int, ...]] = self._ter.seen
        self.evaluated: list[tuple[int, ...]] = self._imval.seen
        self.search: GameTreeSearch = game_tree_search(
            watched_successors, self._ter.counted, self._imval.counted
        )

    @staticmethod
    def root(p: Any) -> Visit:
        """The watched position for the game's position ``p``, at the root."""
        return Visit((), p)

    def reset(self) -> None:
        """Forget what was recorded."""
        self._ter.reset()
        self._imval.reset()
