"""Connect Four: a game too large to search to the end, so searched with a cutoff and an evaluation.

Seven columns of six cells; a move drops a disc into a column (0 to 6) that is
not full; four in a row horizontally, vertically or diagonally wins.  X moves
first.  The board is a pyrsistent ``pvector`` of 42 cells, row by row from the
bottom, ``"X"``, ``"O"`` or ``"."``.

The evaluation is a weighted linear function (AIMA 2nd ed. §6.4) of features
counted over the 69 lines of four cells: lines where the player has three discs
and the fourth is empty, lines with two and two empty, the same for the
opponent, and discs in the centre column.  A position is *quiescent* when the
player to move cannot win at once; a quiescence search looks past the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pyrsistent import PVector, pvector

__all__ = [
    "COLUMNS",
    "ROWS",
    "WEIGHTS",
    "WINDOWS",
    "ConnectFour",
    "Position",
    "features",
    "position",
    "show",
]

COLUMNS, ROWS = 7, 6
EMPTY = "."
ORDER = (3, 2, 4, 1, 5, 0, 6)
"""Columns in the order searched: the centre first."""


def _cell(row: int, col: int) -> int:
    return row * COLUMNS + col


def _windows() -> tuple[tuple[int, int, int, int], ...]:
    found = []
    for r in range(ROWS):
        for c in range(COLUMNS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLUMNS for rr, cc in cells):
                    found.append(tuple(_cell(rr, cc) for rr, cc in cells))
    return tuple(found)  # type: ignore[arg-type]


WINDOWS = _windows()
"""The 69 lines of four cells."""
_WINDOWS_THROUGH = tuple(tuple(w for w in WINDOWS if i in w) for i in range(ROWS * COLUMNS))


class Position(NamedTuple):
    """A Connect Four state: 42 ``cells``, the columns' ``heights``, who is ``to_move``, the ``winner``."""

    cells: PVector[str]
    heights: tuple[int, ...]
    to_move: str
    winner: str | None

    def __str__(self) -> str:
        return show(self)


def show(state: Position) -> str:
    """The board, top row first, with the column numbers below."""
    rows = [" ".join(state.cells[_cell(r, c)] for c in range(COLUMNS)) for r in reversed(range(ROWS))]
    return "\n".join([*rows, " ".join(str(c) for c in range(COLUMNS))])


def _other(player: str) -> str:
    return "O" if player == "X" else "X"


def _drop(state: Position, col: int) -> Position:
    row = state.heights[col]
    i = _cell(row, col)
    player = state.to_move
    cells = state.cells.set(i, player)
    won = any(all(cells[j] == player for j in w) for w in _WINDOWS_THROUGH[i])
    heights = (*state.heights[:col], row + 1, *state.heights[col + 1 :])
    return Position(cells, heights, _other(player), player if won else None)


def position(moves: Iterable[int | str] = ()) -> Position:
    """The state after the given columns are played in turn from the empty board, X first.

    ``position("3324")`` or ``position([3, 3, 2, 4])``.  Raises ``ValueError`` for a
    column outside 0-6, a full column, or a move after the game is over.
    """
    state = Position(pvector([EMPTY] * (ROWS * COLUMNS)), (0,) * COLUMNS, "X", None)
    for k, m in enumerate(moves):
        col = int(m)
        if not 0 <= col < COLUMNS:
            raise ValueError(f"position: move {k + 1} is column {m!r}, not 0-6")
        if state.winner is not None:
            raise ValueError(f"position: move {k + 1} comes after {state.winner} has won")
        if state.heights[col] == ROWS:
            raise ValueError(f"position: move {k + 1} is in column {col}, which is full")
        state = _drop(state, col)
    return state


def features(state: Position, player: str) -> tuple[int, int, int, int, int]:
    """(player's threes, player's twos, opponent's threes, opponent's twos, player's centre discs).

    A three (two) is a line of four cells holding three (two) of one player's
    discs and no disc of the other.
    """
    cells = state.cells
    other = _other(player)
    counts = {player: [0, 0, 0, 0, 0], other: [0, 0, 0, 0, 0]}
    for w in WINDOWS:
        mine = theirs = 0
        for j in w:
            c = cells[j]
            if c == player:
                mine += 1
            elif c == other:
                theirs += 1
        if theirs == 0 and mine:
            counts[player][mine] += 1
        elif mine == 0 and theirs:
            counts[other][theirs] += 1
    centre = sum(cells[_cell(r, 3)] == player for r in range(ROWS))
    return counts[player][3], counts[player][2], counts[other][3], counts[other][2], centre


WEIGHTS = (5.0, 2.0, -5.0, -2.0, 1.0)
"""The weights of :func:`features` in the evaluation (each feature counted in discs-lines)."""


class ConnectFour:
    """Connect Four from ``initial`` (the empty board unless given), as an AIMA game.

    ``utility`` is +1000 for a win, −1000 for a loss and 0 for a draw, beyond
    the range of ``evaluate`` (the weighted linear function of :func:`features`,
    which stays within ±500).
    """

    players = ("X", "O")
    WIN = 1000

    def __init__(self, initial: Position | None = None) -> None:
        self.initial = position() if initial is None else initial

    def to_move(self, state: Position) -> str:
        return state.to_move

    def successors(self, state: Position) -> Iterable[tuple[int, Position]]:
        return [(c, _drop(state, c)) for c in ORDER if state.heights[c] < ROWS]

    def terminal_test(self, state: Position) -> bool:
        return state.winner is not None or all(h == ROWS for h in state.heights)

    def utility(self, state: Position, player: str) -> int:
        if state.winner is None:
            return 0
        return self.WIN if state.winner == player else -self.WIN

    def evaluate(self, state: Position, player: str) -> float:
        """The utility at a terminal state; otherwise w1 f1 + … + w5 f5 over :func:`features`.

        The same as ``lispy.aima.cutoff.weighted_linear(WEIGHTS, [f1, …, f5])``
        with each fi one entry of :func:`features`, computed in one pass.
        """
        if self.terminal_test(state):
            return self.utility(state, player)
        f = features(state, player)
        return sum(w * x for w, x in zip(WEIGHTS, f, strict=True))

    def quiescent(self, state: Position) -> bool:
        """True unless the player to move can win at once."""
        return not any(s.winner is not None for _, s in self.successors(state))

    def key(self, state: Position) -> PVector[str]:
        """The transposition-table key: the cells (they determine the player to move)."""
        return state.cells

    def play(self, state: Position, col: int) -> Position:
        """The state after a disc in column ``col``; ``ValueError`` if the game is over or the column full."""
        if self.terminal_test(state):
            raise ValueError("play: the game is over")
        if not (isinstance(col, int) and 0 <= col < COLUMNS) or state.heights[col] == ROWS:
            raise ValueError(f"play: column {col!r} is not a column 0-6 with room")
        return _drop(state, col)
