"""Watching a search: which positions it examines and which terminal positions it evaluates.

:class:`Watch` binds chapter 6's functions, the transcriptions as they are, to a game whose
functions it wraps: a position is then a :class:`Visit`.  :meth:`Watch.alpha_beta` also records the
αβ-heuristic's steps: the one instrumented αβ of lispy (the edition's stepper shows it; the chapters
and the claims count with the same :class:`Watch` and :class:`~lispy.counting.Count`).

    >>> from lispy.chapter6 import sexp_games
    >>> from lispy.sexpr.data import read
    >>> w = Watch(*sexp_games.tree[:3])
    >>> w.search.maxval(w.root(read("((3 12 8) (2 4 6) (14 5 2))")))
    3
    >>> w.evaluated      # doctest: +SKIP
    [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import attrgetter
from types import FrameType
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import GameTreeSearch, game_tree_search
from lispy.counting import Count
from lispy.sexpr.data import from_iterable, to_pylist

__all__ = ["Step", "Visit", "Watch"]

_ALPHA_BETA = ("maxval1", "maxval2", "minval1", "minval2")
_BOUND = "game_tree_search.<locals>."  # the qualified names of the transcription's bound functions


class Visit(NamedTuple):
    """A watched position: ``path``, the moves from the root (each from 1), and the game's ``position``."""

    path: tuple[int, ...]
    position: Any


class Step(NamedTuple):
    """One step of the αβ-heuristic, read from the transcription's own calls by :meth:`Watch.alpha_beta`.

    ``kind``: ``"enter"`` (``maxval1`` or ``minval1`` called on the position ``path`` with the window
    ``alpha``, ``beta``), ``"leaf"`` (that position is terminal: ``seen`` is its ``imval``, ``value``
    what ``maxval1`` returns), ``"back"`` (at the position ``path``, a move's value ``seen``, the notes'
    ``w``, narrowed the window to ``alpha``, ``beta``), ``"cut"`` (``seen`` refuted the position:
    ``value`` is returned, and the moves to ``pruned`` are not examined) or ``"return"`` (``value``).
    ``maxing``: the maximizing player moves at ``path``; ``examined``: the terminal positions evaluated
    so far.
    """

    kind: str
    path: tuple[int, ...]
    maxing: bool
    alpha: Any
    beta: Any
    value: Any = None
    seen: Any = None
    pruned: tuple[tuple[int, ...], ...] = ()
    examined: int = 0


class Watch:
    """A game's functions, wrapped to record the search; ``search`` is chapter 6 bound to them.

    ``examined``: the paths of the positions examined (``ter`` called), in order; ``evaluated``:
    those of the terminal positions evaluated (``imval`` called), each a :class:`Visit`'s ``path``.
    """

    def __init__(
        self,
        successors: Callable[[Any], Any],
        ter: Callable[[Any], bool],
        imval: Callable[[Any], Any],
    ) -> None:
        def watched_successors(v: Visit) -> Any:
            return from_iterable(Visit((*v.path, i), q) for i, q in enumerate(successors(v.position), 1))

        self._ter = Count(lambda v: ter(v.position), keep=attrgetter("path"))
        self._imval = Count(lambda v: imval(v.position), keep=attrgetter("path"))
        self.examined: list[tuple[int, ...]] = self._ter.seen
        self.evaluated: list[tuple[int, ...]] = self._imval.seen
        self.search: GameTreeSearch = game_tree_search(
            watched_successors, self._ter.counted, self._imval.counted
        )

    @staticmethod
    def root(p: Any) -> Visit:
        """The watched position for the game's position ``p``, at the root."""
        return Visit((), p)

    def alpha_beta(self, p: Any, max_to_move: bool = True) -> tuple[Any, list[Step]]:
        """``maxval p`` (``minval p`` for the minimizing player to move) by the transcription, with the
        steps it takes (:class:`Step`), read from its calls of ``maxval1``, ``maxval2``, ``minval1``,
        ``minval2`` and their ``λw`` as they happen (:func:`sys.setprofile`, on this thread, for the
        search's length).  ``p`` is the game's position, as :meth:`root` takes it.

        >>> from lispy.chapter6 import sexp_games
        >>> from lispy.sexpr.data import read
        >>> value, steps = Watch(*sexp_games.tree[:3]).alpha_beta(read("((2 5) (9 4 7))"), False)
        >>> value, [(s.kind, s.path, s.pruned) for s in steps if s.kind == "cut"]
        (5, [('cut', (2,), ((2, 2), (2, 3)))])
        """
        steps: list[Step] = []
        going_on: set[int] = set()  # the λw frames whose maxval2 (minval2) went on to the next move

        def record(kind: str, frame: FrameType, path: tuple[int, ...], **more: Any) -> None:
            at = frame.f_locals
            maxing = frame.f_code.co_qualname.startswith(_BOUND + "max")
            steps.append(Step(kind, path, maxing, at["α"], at["β"], examined=len(self.evaluated), **more))

        def watch(frame: FrameType, event: str, returned: Any) -> None:
            names = frame.f_code.co_qualname.removeprefix(_BOUND).split(".")
            if names[0] not in _ALPHA_BETA or event not in ("call", "return"):
                return
            at, lambda_w = frame.f_locals, names[-1] == "<lambda>"
            if names[0].endswith("1"):
                position = at["p"]
                if event == "call":
                    record("enter", frame, position.path)
                elif self._ter.f(position):
                    record("leaf", frame, position.path, value=returned, seen=self._imval.f(position))
                else:
                    record("return", frame, position.path, value=returned)
            elif event == "call" and not lambda_w and frame.f_back is not None:
                caller = frame.f_back
                if caller.f_code.co_name == "<lambda>":  # maxval2[d u,max[α,w],β]: w narrowed the window
                    going_on.add(id(caller))
                    record("back", frame, caller.f_locals["u"].car.path[:-1], seen=caller.f_locals["w"])
            elif event == "return" and lambda_w and id(frame) not in going_on:  # w refuted the position
                pruned = tuple(q.path for q in to_pylist(at["u"].cdr))
                record("cut", frame, at["u"].car.path[:-1], value=returned, seen=at["w"], pruned=pruned)
            elif event == "return" and lambda_w:
                going_on.discard(id(frame))

        search = self.search.maxval if max_to_move else self.search.minval
        previous = sys.getprofile()
        sys.setprofile(watch)
        try:
            value = search(self.root(p))
        finally:
            sys.setprofile(previous)
        return value, steps

    def reset(self) -> None:
        """Forget what was recorded."""
        self._ter.reset()
        self._imval.reset()
