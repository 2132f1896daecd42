r"""Tic-tac-toe against the notes: each move valued by chapter 6's ``valmin``/``valmax``, the program's
move chosen by ``movemax``/``movemin``, with one standard refinement among the moves of the best value.

McCarthy 1973, ch. 6::

    movemax p ← bestmax[successors p,valmin]
    movemin p ← bestmin[successors p,valmax]

On the positions of :class:`lispy.games.tictactoe.TicTacToe` (``imval`` from X's side: 1 X has won,
−1 O has, 0 a draw), :func:`choose` asks the notes' ``bestmax`` (``bestmin``) for the program's move and
:func:`values` gives, for each free cell, the value of the position that move makes: ``valmin`` of it
after X's move, ``valmax`` after O's.  ``valmax`` and ``valmin`` are the notes' bodies memoised on the
position (:func:`lispy.chapter6.memoised.memoised_search`, a transposition table, a named improvement:
the values are plain ``valmax``'s, each of the 5,478 positions valued once instead of 549,946 visits
from the empty board), so that a move answers at once, in the page too.

**The quickest win** (a standard refinement, *depth-adjusted minimax*; not in the notes): every win
has the value 1, so ``bestmax`` takes the first winning move, which may win later than another.  Among
the moves of the notes' best value, :func:`choose` takes the one that ends the game soonest when it
wins (and latest when it loses), by :func:`adjusted`, a terminal position's value times one more than
its empty cells.  The notes' value of the move chosen is unchanged; in a drawn position the choice is
``movemax``'s (``movemin``'s) own.

>>> c = choose("OXX.O..X.")  # O to move wins at once at 8, or in 3 moves at 3: movemin takes 3
>>> c.cell, c.notes_cell, c.value
(8, 3, -1)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import Game, bestmax, bestmin
from lispy.chapter6.memoised import MemoisedSearch, memoised_search
from lispy.games.tictactoe import Board, TicTacToe, board
from lispy.sexpr.data import from_iterable, to_pylist

__all__ = ["REFINEMENT", "Choice", "Move", "adjusted", "board", "choose", "position", "search", "values"]

REFINEMENT = "the quickest win"
"""The name the game gives its refinement of the notes' choice (depth-adjusted minimax)."""

_TICTACTOE = TicTacToe()
_GAME = Game(  # successors, ter, imval from X's side (as lispy.aima.game.to_mccarthy binds an AIMA game)
    lambda p: from_iterable([q for _, q in _TICTACTOE.successors(p)]),
    lambda p: p.over,
    lambda p: _TICTACTOE.utility(p, "X"),
)


@cache
def search() -> MemoisedSearch:
    """The notes' ``valmax`` and ``valmin`` on tic-tac-toe, memoised, made once and kept (their tables
    grow to at most the 5,478 reachable positions)."""
    return memoised_search(*_GAME)


def position(b: Board | str) -> Board:
    """The position ``b``, a :class:`Board` or its nine cells as text (``"X...O...."``, the player to
    move by the counts: :func:`lispy.games.tictactoe.board`).  Raises ``ValueError`` for a text that
    is not a board.

    >>> position("X...O....").to_move
    'X'
    """
    return board(b) if isinstance(b, str) else b


def _cell(p: Board, q: Board) -> int:
    """The cell whose move leads from position ``p`` to its successor ``q``."""
    return ((q.x | q.o) ^ (p.x | p.o)).bit_length() - 1


def _value_after(q: Board) -> Any:
    """The notes' value of the position ``q``: ``valmax`` with X to move there, ``valmin`` with O."""
    s = search()
    return s.valmin(q) if q.to_move == "O" else s.valmax(q)


class Move(NamedTuple):
    """A free ``cell`` (0-8, row by row), the notes' ``value`` of the position its move makes (from X's
    side) and ``plies``: the moves from now to the end of the game when it is won or lost and both sides
    then play the quickest win (and the slowest loss); ``None`` for a draw."""

    cell: int
    value: int
    plies: int | None


@cache
def adjusted(p: Board) -> int:
    """The depth-adjusted minimax value of the position ``p`` from X's side: a terminal position's
    ``imval`` times one more than its empty cells, X maximizing and O minimizing.  Its sign is the
    notes' value; its size tells how soon the game ends: the quickest win is the largest.

    >>> adjusted(position("XX.OO....")), adjusted(position("OXX.O..X.")), adjusted(position("........."))
    (5, -4, 0)
    """
    successors, ter, imval = _GAME
    if ter(p):
        return int(imval(p)) * (1 + p.empty)
    found = [adjusted(q) for q in to_pylist(successors(p))]
    return max(found) if p.to_move == "X" else min(found)


def _plies(p: Board, q: Board) -> int | None:
    """The moves from ``p`` to the end of the game through its successor ``q``, as :class:`Move` has it."""
    a = adjusted(q)
    return None if a == 0 else p.empty - (abs(a) - 1)


def values(b: Board | str) -> list[Move]:
    """The free cells of ``b`` (as :func:`position` takes it), in order, each with the notes' value of
    the position its move makes, from X's side: ``valmin`` of it after X's move, ``valmax`` after O's.
    Raises ``ValueError`` for a board whose game is over.

    >>> [(m.cell, m.value) for m in values("XX.OO....")][:3]
    [(2, 1), (5, 0), (6, -1)]
    """
    p = position(b)
    successors, ter, _ = _GAME
    if ter(p):
        raise ValueError(f"values: the game is over on the board {p.cells}")
    return [Move(_cell(p, q), _value_after(q), _plies(p, q)) for q in to_pylist(successors(p))]


class Choice(NamedTuple):
    """The program's move on a board: ``cell`` the move it makes, ``notes_cell`` the notes' own choice
    (``movemax p`` for X, ``movemin p`` for O), ``value`` the notes' value of the board (``valmax``
    with X to move, ``valmin`` with O; the value of both moves), ``moves`` every free cell's
    :class:`Move`, and ``refined``: the quickest win chose another cell than the notes' choice."""

    cell: int
    notes_cell: int
    value: int
    moves: list[Move]

    @property
    def refined(self) -> bool:
        return self.cell != self.notes_cell

    def says(self, cell_name: Callable[[int], str] = str) -> str:
        """The choice explained in words, naming the cells by ``cell_name`` (by default 0-8).

        >>> print(choose("OXX.O..X.").says(lambda c: str(c + 1)))
        valmax of each move's position, from X's side: 4 → -1, 6 → -1, 7 → -1, 9 → -1. movemin takes 4, \
the first of the best value -1; of the moves of that value 9 wins soonest (in 1 move): the quickest win, \
a standard refinement (the notes' value unchanged).
        """
        o_to_move = len(self.moves) % 2 == 0
        lister = "valmax" if o_to_move else "valmin"
        shown = ", ".join(f"{cell_name(m.cell)} → {m.value}" for m in self.moves)
        chooser = "movemin" if o_to_move else "movemax"
        said = (
            f"{lister} of each move's position, from X's side: {shown}. {chooser} takes "
            f"{cell_name(self.notes_cell)}, the first of the best value {self.value}"
        )
        best = next(m for m in self.moves if m.cell == self.cell)
        if not self.refined:
            return said + "."
        ends = "wins soonest" if self.value == (-1 if o_to_move else 1) else "loses latest"
        plies = f"in {best.plies} move{'' if best.plies == 1 else 's'}"
        return (
            f"{said}; of the moves of that value {cell_name(self.cell)} {ends} ({plies}): "
            f"{REFINEMENT}, a standard refinement (the notes' value unchanged)."
        )


def choose(b: Board | str) -> Choice:
    """The program's move on ``b`` (as :func:`position` takes it) for the player to move there: the
    notes' ``movemax`` (X) or ``movemin`` (O), ``bestmax[successors p,valmin]``, and among the moves of
    the best value the quickest win (the slowest loss), :data:`REFINEMENT`.  Raises ``ValueError`` for a
    board whose game is over.

    >>> choose("XX.OO....").cell, choose(".........").cell
    (2, 0)
    """
    p = position(b)
    successors, ter, _ = _GAME
    if ter(p):
        raise ValueError(f"choose: the game is over on the board {p.cells}")
    s = search()
    maxing = p.to_move == "X"
    moves = values(b)
    notes_move = bestmax(successors(p), s.valmin) if maxing else bestmin(successors(p), s.valmax)
    value = s.valmax(p) if maxing else s.valmin(p)
    best = [q for q in to_pylist(successors(p)) if _value_after(q) == value]
    sign = 1 if maxing else -1
    chosen = best[0]
    for q in best[1:]:  # the first of the largest: ties keep the notes' order
        if sign * adjusted(q) > sign * adjusted(chosen):
            chosen = q
    return Choice(_cell(p, chosen), _cell(p, notes_move), value, moves)
