"""Connect Four: a game too large to search to the end, so searched with a cutoff and an evaluation.

Seven columns of six cells; a move drops a disc into a column (0 to 6) that is
not full; four in a row horizontally, vertically or diagonally wins.  X moves
first.  The cells are numbered 0 to 41 row by row from the bottom (cell
``row * 7 + col``), as :data:`WINDOWS` lists them.

A state keeps each player's discs as an integer bitboard, seven bits a column
(bit ``col * 7 + row``, the seventh always clear so that no line runs from one
column into the next), so that a move is a few integer operations: four in a
row is two shifts and two ``&`` in each of the four directions, and the lines
of four that :func:`features` counts are counted for all 69 at once, a
direction at a time.  The evaluation is a weighted linear function (AIMA 2nd ed.
§6.4) of those features.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["COLUMNS", "ROWS", "WEIGHTS", "WINDOWS", "ConnectFour", "Position", "features", "position"]

COLUMNS, ROWS = 7, 6
EMPTY = "."
ORDER = (3, 2, 4, 1, 5, 0, 6)
"""Columns in the order searched: the centre first."""


def _cell(row: int, col: int) -> int:
    return row * COLUMNS + col


WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_cell(r + i * dr, c + i * dc) for i in range(4))
    for r in range(ROWS)
    for c in range(COLUMNS)
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLUMNS
)
"""The 69 lines of four cells."""

_HEIGHT = ROWS + 1
"""Bits a column takes in a bitboard: its six cells and a clear one above them."""

_BIT = tuple(1 << (i % COLUMNS * _HEIGHT + i // COLUMNS) for i in range(ROWS * COLUMNS))
"""The bitboard bit of each cell 0 to 41."""

_DROP = tuple(tuple(1 << (col * _HEIGHT + row) for row in range(ROWS)) for col in range(COLUMNS))
"""The bit of a disc dropped into column ``col`` that holds ``row`` discs: ``_DROP[col][row]``."""

_FULL = sum(_BIT)
_CENTRE = sum(_DROP[3])


def _starts() -> tuple[tuple[int, int], ...]:
    """Each direction as a shift (1 up a column, 7 along a row, 8 and 6 along the diagonals) with
    the bits where the :data:`WINDOWS` in that direction start: a line from bit ``p`` holds the bits
    ``p``, ``p + s``, ``p + 2s`` and ``p + 3s``."""
    starts: dict[int, int] = {}
    for w in WINDOWS:
        first, second = sorted(_BIT[i].bit_length() - 1 for i in w)[:2]
        starts[second - first] = starts.get(second - first, 0) | 1 << first
    return tuple(sorted(starts.items()))


_STARTS = _starts()


def _has_four(discs: int) -> bool:
    """Whether the bitboard ``discs`` holds four in a row."""
    for s in (1, 7, 6, 8):
        pairs = discs & discs >> s
        if pairs & pairs >> 2 * s:
            return True
    return False


def _lines(mine: int, theirs: int) -> tuple[int, int]:
    """The lines of four holding three of ``mine`` and holding two, none of them ``theirs``."""
    threes = twos = 0
    for s, starts in _STARTS:
        clear = starts & ~(theirs | theirs >> s | theirs >> 2 * s | theirs >> 3 * s)
        a, b, c, d = mine, mine >> s, mine >> 2 * s, mine >> 3 * s
        both_ab, one_ab, both_cd, one_cd = a & b, a ^ b, c & d, c ^ d
        three = both_ab & one_cd | both_cd & one_ab
        two = both_ab & ~(one_cd | both_cd) | both_cd & ~(one_ab | both_ab) | one_ab & one_cd
        threes += (three & clear).bit_count()
        twos += (two & clear).bit_count()
    return threes, twos


class Position(NamedTuple):
    """A Connect Four state: the discs of ``x`` and of ``o`` as bitboards, the columns' ``heights``,
    who is ``to_move``, the ``winner`` or None."""

    x: int
    o: int
    heights: tuple[int, ...]
    to_move: str
    winner: str | None

    @property
    def cells(self) -> str:
        """The board as 42 characters, ``"X"``, ``"O"`` or ``"."``, row by row from the bottom."""
        x, o = self.x, self.o
        return "".join("X" if x & bit else "O" if o & bit else EMPTY for bit in _BIT)

    def __str__(self) -> str:
        """The board, top row first, with the column numbers below."""
        cells = self.cells
        rows = [" ".join(cells[_cell(r, c)] for c in range(COLUMNS)) for r in reversed(range(ROWS))]
        return "\n".join([*rows, " ".join(str(c) for c in range(COLUMNS))])


def _drop(state: Position, col: int) -> Position:
    x, o, heights, player, _ = state
    row = heights[col]
    heights = (*heights[:col], row + 1, *heights[col + 1 :])
    if player == "X":
        x |= _DROP[col][row]
        return Position(x, o, heights, "O", "X" if _has_four(x) else None)
    o |= _DROP[col][row]
    return Position(x, o, heights, "X", "O" if _has_four(o) else None)


def position(moves: Iterable[int | str] = ()) -> Position:
    """The state after the given columns are played in turn from the empty board, X first.

    ``position("3324")`` or ``position([3, 3, 2, 4])``.  Raises ``ValueError`` for a
    column outside 0-6, a full column, or a move after the game is over.
    """
    state = Position(0, 0, (0,) * COLUMNS, "X", None)
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
    discs and no disc of the other: the fourth (the other two) empty.
    """
    mine, theirs = (state.x, state.o) if player == "X" else (state.o, state.x)
    my_threes, my_twos = _lines(mine, theirs)
    their_threes, their_twos = _lines(theirs, mine)
    return my_threes, my_twos, their_threes, their_twos, (mine & _CENTRE).bit_count()


WEIGHTS = (5.0, 2.0, -5.0, -2.0, 1.0)
"""The weights of :func:`features` in the evaluation (each feature counted in discs-lines)."""


class ConnectFour:
    """Connect Four from ``initial`` (the empty board unless given), as an AIMA game.

    ``utility`` is +1000 for a win, −1000 for a loss and 0 for a draw, beyond
    the range of ``evaluate`` (the weighted linear function of :func:`features`,
    which stays within ±500).
    """

    players = ("X", "O")
    alternating = True
    WIN = 1000

    def __init__(self, initial: Position | None = None) -> None:
        self.initial = position() if initial is None else initial

    def to_move(self, state: Position) -> str:
        return state.to_move

    def successors(self, state: Position) -> Iterable[tuple[int, Position]]:
        return [(c, _drop(state, c)) for c in ORDER if state.heights[c] < ROWS]

    def terminal_test(self, state: Position) -> bool:
        return state.winner is not None or state.x | state.o == _FULL

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
        """True unless the player to move can win at once (a disc in some column makes four): a
        quiescence search looks past the others."""
        mine = state.x if state.to_move == "X" else state.o
        return not any(_has_four(mine | _DROP[c][h]) for c, h in enumerate(state.heights) if h < ROWS)

    def key(self, state: Position) -> tuple[int, int]:
        """The transposition-table key: the two bitboards (they determine the player to move)."""
        return state.x, state.o

    def play(self, state: Position, col: int) -> Position:
        """The state after a disc in column ``col``; ``ValueError`` if the game is over or the column full."""
        if self.terminal_test(state):
            raise ValueError("play: the game is over")
        if not (isinstance(col, int) and 0 <= col < COLUMNS) or state.heights[col] == ROWS:
            raise ValueError(f"play: column {col!r} is not a column 0-6 with room")
        return _drop(state, col)
