"""AIMA's formulation of a game (2nd ed. §6.1), and adapters both ways with McCarthy's.

McCarthy 1973, ch. 6, takes a game as three functions instead: ``successors p``
(a Lisp list of positions), ``ter p`` and ``imval p`` (the value to the
maximizing player).  :func:`to_mccarthy` and :func:`from_mccarthy` convert, so
every algorithm runs on every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, Protocol, TypeVar

from lispy.chapter6 import sexp_games
from lispy.chapter6.game_trees import Game as McCarthyGame
from lispy.chapter6.game_trees import GameTreeSearch, game_tree_search
from lispy.counting import Count
from lispy.sexpr.data import from_iterable, to_pylist

__all__ = [
    "MAX",
    "MIN",
    "Counted",
    "Game",
    "McCarthyAsAima",
    "McCarthyGame",
    "McCarthyState",
    "Recorded",
    "TreeGame",
    "from_mccarthy",
    "mccarthy_search",
    "opponent",
    "to_mccarthy",
]

S = TypeVar("S")
Player = Any

MAX = "MAX"
"""The maximizing player of two-player zero-sum games (AIMA §6.1)."""
MIN = "MIN"
"""The minimizing player."""


def opponent(player: Player) -> Player:
    """``MIN`` for ``MAX`` and ``MAX`` for ``MIN``."""
    return MIN if player == MAX else MAX


class Game(Protocol[S]):
    """A game as AIMA 2nd ed. §6.1 defines it, "a kind of search problem".

    - ``initial``: the initial state, which identifies the player to move;
    - ``to_move(state)``: the player whose move it is;
    - ``successors(state)``: the legal moves as ``(move, state)`` pairs, in the order searched;
    - ``terminal_test(state)``: the game is over;
    - ``utility(state, player)``: a terminal state's value *for* ``player`` (as aima-python
      has it, so one game serves either side): +1, 0, −1 in tic-tac-toe; any numbers in general.

    States are immutable and hashable, so they can key a transposition table;
    a successor is a new state, never the old one changed.  A game whose every
    successor is the other player's to move may say so, ``alternating = True``
    (:mod:`lispy.aima.minimax`; ERRATA E17).
    """

    initial: S

    def to_move(self, state: S) -> Player: ...

    def successors(self, state: S) -> Iterable[tuple[Any, S]]: ...

    def terminal_test(self, state: S) -> bool: ...

    def utility(self, state: S, player: Player) -> float: ...


# --- McCarthy's three functions from an AIMA game ------------------------------------------


def to_mccarthy(game: Game[Any], player: Player | None = None) -> McCarthyGame:
    """McCarthy's ``successors``, ``ter`` and ``imval`` for an AIMA ``game``.

    ``successors p`` is the Lisp list of the states after each legal move, ``ter``
    is ``terminal_test`` and ``imval p`` is ``utility(p, player)``; ``player``, the
    maximizing player, defaults to the one to move in ``game.initial``.  This fits
    games whose players alternate, as ``valmax`` and ``valmin`` do (not the bridge
    example, whose trick winner leads again: ERRATA E17).
    """
    me = game.to_move(game.initial) if player is None else player

    def successors(p: Any) -> Any:
        return from_iterable([s for _, s in game.successors(p)])

    def imval(p: Any) -> Any:
        return game.utility(p, me)

    return McCarthyGame(successors, game.terminal_test, imval)


def mccarthy_search(game: Game[Any], player: Player | None = None) -> GameTreeSearch:
    """Chapter 6's ``valmax``, ``maxval``, ``movemax``, … bound to an AIMA ``game``
    (:func:`~lispy.chapter6.game_trees.game_tree_search` of :func:`to_mccarthy`)."""
    return game_tree_search(*to_mccarthy(game, player))


# --- an AIMA game from McCarthy's three functions --------------------------------------------


class McCarthyState(NamedTuple):
    """A position of a McCarthy game, the player to move there, and the moves that led to it."""

    position: Any
    player: Player
    path: tuple[int, ...] = ()


def from_mccarthy(
    successors: Callable[[Any], Any],
    ter: Callable[[Any], bool],
    imval: Callable[[Any], Any],
    position: Any,
    player: Player = MAX,
) -> McCarthyAsAima:
    """The AIMA game (:class:`McCarthyAsAima`) of McCarthy's three functions, with ``player``
    (MAX or MIN) to move at ``position``."""
    return McCarthyAsAima(McCarthyGame(successors, ter, imval), McCarthyState(position, player))


class McCarthyAsAima:
    """The AIMA game of a McCarthy game, from a given :class:`McCarthyState`.

    McCarthy's positions do not say who is to move (``valmax`` and ``valmin``
    alternate), so a state is a :class:`McCarthyState` of the position and the
    player; the moves are numbered 1, 2, … in ``successors`` order, and
    ``utility(s, MAX)`` is ``imval``, ``utility(s, MIN)`` its negation.
    """

    alternating = True

    def __init__(self, mccarthy: McCarthyGame, initial: McCarthyState) -> None:
        self.mccarthy = mccarthy
        self.initial = initial

    def to_move(self, state: McCarthyState) -> Player:
        return state.player

    def successors(self, state: McCarthyState) -> Iterable[tuple[int, McCarthyState]]:
        other = opponent(state.player)
        for i, p in enumerate(to_pylist(self.mccarthy.successors(state.position)), 1):
            yield i, McCarthyState(p, other, (*state.path, i))

    def terminal_test(self, state: McCarthyState) -> bool:
        return bool(self.mccarthy.ter(state.position))

    def utility(self, state: McCarthyState, player: Player) -> float:
        value = self.mccarthy.imval(state.position)
        return value if player == MAX else -value

    def key(self, state: McCarthyState) -> tuple[Any, Player]:
        """The transposition-table key: the position and the player, not the path that led there."""
        return state.position, state.player


class TreeGame(McCarthyAsAima):
    """An S-expression game tree as an AIMA game (AIMA 2nd ed. Figure 6.2): the McCarthy game of
    :mod:`lispy.chapter6.sexp_games`, whose numbers are terminal, their own value for ``MAX``.

    ``TreeGame(read("((3 12 8) (2 4 6) (14 5 2))"))`` is Figure 6.2, with MAX to move.
    """

    def __init__(self, tree: Any, player: Player = MAX) -> None:
        super().__init__(
            McCarthyGame(sexp_games.successors, sexp_games.ter, sexp_games.imval), McCarthyState(tree, player)
        )


# --- counting -----------------------------------------------------------------------


class Counted:
    """``game`` with counts: ``examined`` positions (calls of ``terminal_test``) and
    ``evaluated`` terminal positions (calls of ``utility``).

    Every search in lispy calls ``terminal_test`` once for each position it
    visits, so ``examined`` is the number of nodes of the game tree searched,
    the root included.  Other attributes (``evaluate``, ``key``, …) are passed through.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.initial = game.initial
        self._examined = Count(game.terminal_test)
        self._evaluated = Count(game.utility)
        self.terminal_test = self._examined.counted
        self.utility = self._evaluated.counted
        self.successors: Callable[[Any], Iterable[tuple[Any, Any]]] = game.successors
        self.to_move: Callable[[Any], Player] = game.to_move

    @property
    def examined(self) -> int:
        return self._examined.calls

    @property
    def evaluated(self) -> int:
        return self._evaluated.calls

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def reset(self) -> None:
        """Set both counts to zero."""
        self._examined.reset()
        self._evaluated.reset()


class Recorded(Counted):
    """A :class:`Counted` game that also keeps, in order, the terminal states it evaluated.

    On a :class:`TreeGame`, ``[s.path for s in game.terminals]`` are the leaves a
    search looked at (AIMA Figure 6.5: αβ never looks at the 2nd and 3rd under C).
    """

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._evaluated = Count(game.utility, keep=lambda state, player: state)
        self.utility = self._evaluated.counted
        self.terminals: list[Any] = self._evaluated.seen
