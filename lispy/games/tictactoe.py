"""Tic-tac-toe as an AIMA game (AIMA 2nd ed. Figure 6.1; CS61B lecture 17).

The cells are numbered 0 to 8 row by row; a move is a cell number.  X moves
first.  A :class:`Board` keeps each player's cells as a 9-bit integer (bit ``i``
for cell ``i``), so that a move is a few integer operations: which cells are
free and whether a set of cells holds a line are looked up in tables of the 512
sets, computed once.  (The same game with each position one ``int``, the formulation that the
full-tree benchmarks run on fastest, is ``bench/bitboard.py``.)

Facts (checked by the tests): the full game tree has 549,946 positions, 255,168
of them terminal; 5,478 distinct positions are reachable, 4,520 of them
non-terminal; the value of the empty board is 0, a draw.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["EMPTY", "LINES", "PREFERENCE", "SYMMETRIES", "Board", "TicTacToe", "board"]

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

_HAS_LINE: tuple[bool, ...] = tuple(
    any(all(bits >> i & 1 for i in line) for line in LINES) for bits in range(512)
)
"""Whether the set of cells ``bits`` holds one of the eight lines."""

_IMAGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << k for k, i in enumerate(sym) if bits >> i & 1) for bits in range(512))
    for sym in SYMMETRIES
)
"""For each symmetry, the image of each set of cells (cell ``sym[k]`` lands on cell ``k``)."""

_ORDER_X, _ORDER_O = (
    tuple(sum(digit * 3 ** (8 - i) for i in range(9) if bits >> i & 1) for bits in range(512))
    for digit in (2, 1)
)
"""The board's place in the order of its nine characters (``"." < "O" < "X"``), X's part and O's part."""

_FREE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((m, 1 << m) for m in range(9) if not taken >> m & 1) for taken in range(512)
)
"""For each set of taken cells, the free cells in order 0 to 8 as ``(cell, its bit)``."""


class Board(NamedTuple):
    """A tic-tac-toe state: the cells of ``x`` and of ``o`` as 9-bit sets, the player ``to_move``,
    the ``winner`` or None, the number of ``empty`` cells, and whether the game is ``over`` (so that
    the terminal test and the utility cost nothing)."""

    x: int
    o: int
    to_move: str
    winner: str | None
    empty: int
    over: bool

    @property
    def cells(self) -> str:
        """The nine cells, row by row: ``"X"``, ``"O"`` or ``"."`` (:data:`EMPTY`)."""
        return _cells(self.x, self.o)

    def __str__(self) -> str:
        """The board as three rows of three cells."""
        c = self.cells
        return "\n".join(" ".join(c[r * 3 : r * 3 + 3]) for r in range(3))


def _cells(x: int, o: int) -> str:
    return "".join("X" if x >> i & 1 else "O" if o >> i & 1 else EMPTY for i in range(9))


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
    x = sum(1 << i for i, c in enumerate(cells) if c == "X")
    o = sum(1 << i for i, c in enumerate(cells) if c == "O")
    empty = cells.count(EMPTY)
    return Board(x, o, to_move, winner, empty, winner is not None or empty == 0)


class TicTacToe:
    """Tic-tac-toe from ``initial`` (the empty board, X to move, unless given).

    ``utility(state, player)`` is +1 if ``player`` has three in a row, −1 if the
    other player has, and 0 otherwise.
    """

    players = ("X", "O")
    alternating = True

    def __init__(self, initial: Board | None = None) -> None:
        self.initial = board() if initial is None else initial

    def to_move(self, state: Board) -> str:
        return state.to_move

    def terminal_test(self, state: Board) -> bool:
        """Someone has three in a row, or no cell is empty."""
        return state.over

    def successors(self, state: Board) -> list[tuple[int, Board]]:
        """The empty cells in order 0 to 8, each with the state after the player to move takes it."""
        x_moves, left = state.to_move == "X", state.empty - 1
        mover, other = ("X", "O") if x_moves else ("O", "X")
        found = []
        for m, bit in _FREE[state.x | state.o]:
            x, o = (state.x | bit, state.o) if x_moves else (state.x, state.o | bit)
            won = _HAS_LINE[x if x_moves else o]
            found.append((m, Board(x, o, other, mover if won else None, left, won or left == 0)))
        return found

    def utility(self, state: Board, player: str) -> int:
        winner = state.winner
        return 0 if winner is None else 1 if winner == player else -1

    def evaluate(self, state: Board, player: str) -> float:
        """A cheap evaluation for cutoff search: the difference in lines still open to each player,
        scaled into (−1, 1) (the utility itself at terminal states)."""
        if state.over:
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
        """The transposition-table key: the same for the 8 boards that differ by a symmetry of the square
        (their value is the same, and the player to move follows from the board)."""
        x, o = state.x, state.o
        _, x, o = min((_ORDER_X[image[x]] + _ORDER_O[image[o]], image[x], image[o]) for image in _IMAGES)
        return _cells(x, o)

    def order(self, state: Board, moves: list[tuple[int, Board]]) -> list[tuple[int, Board]]:
        """``moves`` with wins first, then the centre, the corners and the edges (:data:`PREFERENCE`)."""
        return sorted(moves, key=lambda ms: (ms[1].winner is None, _RANK[ms[0]]))

    def play(self, state: Board, move: int) -> Board:
        """The state after ``move``; ``ValueError`` if the game is over or the cell is not empty."""
        if state.over:
            raise ValueError("play: the game is over")
        for m, s in self.successors(state):
            if m == move:
                return s
        raise ValueError(f"play: cell {move} is not an empty cell 0-8 of this board")
