"""Tic-tac-toe as an AIMA game (AIMA 2nd ed. Figure 6.1; CS61B lecture 17).

The board is a pyrsistent ``pvector`` of nine cells, ``"X"``, ``"O"`` or
``"."``, numbered 0 to 8 row by row; a move is a cell number.  X moves first.
A state records the board, the player to move, the winner (``None`` until
someone has three in a row) and the number of empty cells, so the terminal test
and the utility cost nothing; a move builds a new state and checks only the
lines through the cell just taken.

Facts (checked by the tests): the full game tree has 549,946 positions, 255,168
of them terminal; 5,478 distinct positions are reachable, 4,520 of them
non-terminal; the value of the empty board is 0, a draw.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pyrsistent import PVector, pvector

__all__ = ["EMPTY", "LINES", "PREFERENCE", "SYMMETRIES", "Board", "TicTacToe", "board", "show"]

EMPTY = "."
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
"""The eight lines of three cells."""

SYMMETRIES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0),
    (2, 5, 8, 1, 4, 7, 0, 3, 6), (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
    (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0),
)  # fmt: skip
"""The eight symmetries of the square, each as the cell that lands on cells 0 to 8."""

PREFERENCE: tuple[int, ...] = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""The usual order of trying moves: the centre, the corners, the edges."""

_RANK = {cell: rank for rank, cell in enumerate(PREFERENCE)}

_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(9)
)


class Board(NamedTuple):
    """A tic-tac-toe state: ``cells`` (9), the player ``to_move``, the ``winner`` or None, ``empty`` cells."""

    cells: PVector[str]
    to_move: str
    winner: str | None
    empty: int

    def __str__(self) -> str:
        return show(self)


def board(text: str = ".........", to_move: str | None = None) -> Board:
    """The state with the nine cells of ``text`` (``X``, ``O``, ``.``; spaces and newlines ignored).

    The player to move is ``to_move``, or by default X when the counts of X and
    O are equal and O otherwise.  Raises ``ValueError`` for a text that is not
    nine cells of ``X``, ``O`` and ``.``.
    """
    cells = [c for c in text.upper() if not c.isspace()]
    if len(cells) != 9 or any(c not in "XO." for c in cells):
        raise ValueError(f"board: expected 9 cells of X, O and '.', got {text!r}")
    if to_move is None:
        to_move = "X" if cells.count("X") == cells.count("O") else "O"
    lines = (cells[i] for i, j, k in LINES if cells[i] != EMPTY and cells[i] == cells[j] == cells[k])
    winner = next(lines, None)
    return Board(pvector(cells), to_move, winner, cells.count(EMPTY))


def show(state: Board) -> str:
    """The board as three rows of three cells."""
    c = state.cells
    return "\n".join(" ".join(c[r * 3 : r * 3 + 3]) for r in range(3))


class TicTacToe:
    """Tic-tac-toe from ``initial`` (the empty board, X to move, unless given).

    ``utility(state, player)`` is +1 if ``player`` has three in a row, −1 if the
    other player has, and 0 otherwise.  ``evaluate`` is a cheap evaluation for
    cutoff search: the difference in lines still open to each player, scaled
    into (−1, 1).
    """

    players = ("X", "O")

    def __init__(self, initial: Board | None = None) -> None:
        self.initial = board() if initial is None else initial

    def to_move(self, state: Board) -> str:
        return state.to_move

    def successors(self, state: Board) -> Iterable[tuple[int, Board]]:
        cells, player = state.cells, state.to_move
        other = "O" if player == "X" else "X"
        empty = state.empty - 1
        result = []
        for m in range(9):
            if cells[m] == EMPTY:
                after = cells.set(m, player)
                won = any(after[i] == after[j] == after[k] for i, j, k in _LINES_THROUGH[m])
                result.append((m, Board(after, other, player if won else None, empty)))
        return result

    def terminal_test(self, state: Board) -> bool:
        return state.winner is not None or state.empty == 0

    def utility(self, state: Board, player: str) -> int:
        if state.winner is None:
            return 0
        return 1 if state.winner == player else -1

    def evaluate(self, state: Board, player: str) -> float:
        """A weighted count of open lines, in (−1, 1) (the utility itself at terminal states)."""
        if self.terminal_test(state):
            return self.utility(state, player)
        cells = state.cells
        mine = theirs = 0
        for line in LINES:
            marks = {cells[i] for i in line} - {EMPTY}
            if marks == {player}:
                mine += 1
            elif len(marks) == 1:
                theirs += 1
        return (mine - theirs) / 9

    def key(self, state: Board) -> str:
        """The transposition-table key: the same for the 8 boards that differ by a symmetry of the square.

        The player to move follows from the board, and the value of a board is
        the same as that of its rotations and reflections.
        """
        cells = state.cells
        return min("".join([cells[i] for i in sym]) for sym in SYMMETRIES)

    def order(self, state: Board, moves: list[tuple[int, Board]]) -> list[tuple[int, Board]]:
        """``moves`` with wins first, then the centre, the corners and the edges (:data:`PREFERENCE`)."""
        return sorted(moves, key=lambda ms: (ms[1].winner is None, _RANK[ms[0]]))

    def legal_moves(self, state: Board) -> list[int]:
        """The empty cells, 0 to 8."""
        return [m for m in range(9) if state.cells[m] == EMPTY]

    def play(self, state: Board, move: int) -> Board:
        """The state after ``move``; ``ValueError`` if the game is over or the cell is not empty."""
        if self.terminal_test(state):
            raise ValueError("play: the game is over")
        for m, s in self.successors(state):
            if m == move:
                return s
        raise ValueError(f"play: cell {move} is not an empty cell 0-8 of this board")
