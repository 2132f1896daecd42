"""Tic-tac-toe as an AIMA game (AIMA 2nd ed. Figure 6.1; CS61B lecture 17).

The cells are numbered 0 to 8 row by row; a move is a cell number.  X moves
first.  A :class:`Board` keeps each player's cells as a 9-bit integer (bit ``i``
for cell ``i``), so that a move is a few integer operations: which cells are
free and whether a set of cells holds a line are looked up in tables of the 512
sets, computed once.  :class:`Bitboard` is the same game with each position one
``int``, the formulation that the full-tree searches run on fastest.

Facts (checked by the tests): the full game tree has 549,946 positions, 255,168
of them terminal; 5,478 distinct positions are reachable, 4,520 of them
non-terminal; the value of the empty board is 0, a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from operator import attrgetter, le
from typing import Any, NamedTuple

from lispy.chapter6.game_trees import Game as McCarthyGame
from lispy.sexpr.data import NIL, Cons

__all__ = [
    "EMPTY", "LINES", "PREFERENCE", "SYMMETRIES",
    "Bitboard", "Board", "TicTacToe", "board", "code", "decode",
]  # fmt: skip

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


_new = tuple.__new__


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

    to_move = staticmethod(attrgetter("to_move"))
    terminal_test = staticmethod(attrgetter("over"))
    """``terminal_test(state)``: someone has three in a row, or no cell is empty."""

    def successors(self, state: Board) -> Iterable[tuple[int, Board]]:
        """The empty cells in order 0 to 8, each with the state after the player to move takes it."""
        x, o, player, _, empty, _ = state
        left = empty - 1
        full = left == 0
        if player == "X":
            return [
                (m, _new(Board, (a, o, "O", "X" if (won := _HAS_LINE[a]) else None, left, won or full)))
                for m, bit in _FREE[x | o]
                for a in (x | bit,)
            ]
        return [
            (m, _new(Board, (x, a, "X", "O" if (won := _HAS_LINE[a]) else None, left, won or full)))
            for m, bit in _FREE[x | o]
            for a in (o | bit,)
        ]

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


# --- one int a position ---------------------------------------------------------------

_OCCUPIED = 18
_TURN = 27
_O_TO_MOVE = 1 << _TURN
_OUTCOME = 28
_TERMINAL = 1 << _OUTCOME
_O_WON, _DRAWN, _X_WON = 1 << _OUTCOME, 2 << _OUTCOME, 3 << _OUTCOME
_WINNER = (None, "O", None, "X")
_VALUE = {"X": (0, -1, 0, 1), "O": (0, 1, 0, -1)}  # to each player, by the outcome (bits 28-29)

_WINS: tuple[int, ...] = tuple(
    sum(1 << c for c in range(9) if not cells >> c & 1 and _HAS_LINE[cells | 1 << c]) for cells in range(512)
)
"""For each set of one player's cells, the cells that would complete a line of that player's."""
_WINS_O = tuple(wins << 9 for wins in _WINS)
"""``_WINS`` with O's bits (cell ``c`` is bit ``c + 9``)."""

_MOVES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((m, (bit << 9 * mover) + (bit << _OCCUPIED) + turn) for m, bit in _FREE[taken])
    for mover, turn in ((0, _O_TO_MOVE), (1, -_O_TO_MOVE))
    for taken in range(512)
)
"""For each position's bits 18-27 (the taken cells, O to move), each free cell in order 0 to 8 with what
taking it adds to the position: its bit for the player to move (X 0-8, O 9-17) and among the taken, and
the turn passed (bit 27 set by X's move, cleared by O's)."""
_DELTAS = tuple(tuple(delta for _, delta in reversed(moves)) for moves in _MOVES)
"""``_MOVES``' additions alone, last cell first: a Lisp list is built from its end."""


def code(state: Board) -> int:
    """The :class:`Bitboard` position of ``state``: X's cells are bits 0-8, O's 9-17, the taken cells
    18-26, bit 27 says O is to move, bits 28-29 the outcome (0 while the game goes on, 1 O won, 2 a
    draw, 3 X won).

    >>> code(board("X........")), decode(code(board("XXXOO....", "O"))).winner
    (134479873, 'X')
    """
    outcome = _DRAWN if state.winner is None else _X_WON if state.winner == "X" else _O_WON
    x, o, turn = state.x, state.o, _O_TO_MOVE if state.to_move == "O" else 0
    return x | o << 9 | (x | o) << _OCCUPIED | turn | (outcome if state.over else 0)


def decode(p: int) -> Board:
    """The :class:`Board` of the coded position ``p`` (:func:`code`)."""
    x, o, outcome = p & 511, p >> 9 & 511, p >> _OUTCOME
    return Board(x, o, "XO"[p >> _TURN & 1], _WINNER[outcome], 9 - (x | o).bit_count(), outcome != 0)


def _successor_list(p: int) -> Any:
    """McCarthy's ``successors p``: the Lisp list of the positions after each empty cell, 0 to 8."""
    if p >= _TERMINAL:
        return NIL
    deltas = _DELTAS[p >> _OCCUPIED]
    if p >= _O_TO_MOVE:  # bit 27, the highest of a position still in play
        wins, won = _WINS_O[p >> 9 & 511], _O_WON
    else:
        wins, won = _WINS[p & 511], _X_WON
    if len(deltas) == 1:
        (d,) = deltas
        return _new(Cons, (p + d + (won if d & wins else _DRAWN), NIL))
    u: Any = NIL  # _new(Cons, (car, cdr)) is Cons(car, cdr) without the call of Cons.__new__
    for d in deltas:
        u = _new(Cons, (p + d + won if d & wins else p + d, u))
    return u


class Bitboard:
    """:class:`TicTacToe` from ``initial`` (the empty board unless given), each position one ``int``
    (:func:`code`, :func:`decode`): the same moves in the same order, nothing allocated but the ``int``;
    :meth:`mccarthy` gives chapter 6's three functions, building each list of successors in one pass.

    >>> from lispy.chapter6.game_trees import game_tree_search
    >>> x_wins = Bitboard(board("XX.OO...."))
    >>> game_tree_search(*x_wins.mccarthy()).valmax(x_wins.initial)
    1
    """

    players = ("X", "O")
    alternating = True

    def __init__(self, initial: Board | None = None) -> None:
        self.initial = code(board() if initial is None else initial)

    def to_move(self, p: int) -> str:
        return "O" if p & _O_TO_MOVE else "X"

    def terminal_test(self, p: int) -> bool:
        return p >= _TERMINAL

    def utility(self, p: int, player: str) -> int:
        return _VALUE[player][p >> _OUTCOME]

    def successors(self, p: int) -> Iterator[tuple[int, int]]:
        """The empty cells in order 0 to 8, each with the position after the player to move takes it
        (a generator: each made as the search comes to it)."""
        if p >= _TERMINAL:
            return
        moves = _MOVES[p >> _OCCUPIED]
        if p >= _O_TO_MOVE:
            wins, won = _WINS_O[p >> 9 & 511], _O_WON
        else:
            wins, won = _WINS[p & 511], _X_WON
        if len(moves) == 1:
            ((m, d),) = moves
            yield m, p + d + (won if d & wins else _DRAWN)
            return
        for m, d in moves:
            yield m, p + d + won if d & wins else p + d

    def mccarthy(self, player: str | None = None) -> McCarthyGame:
        """McCarthy's ``successors``, ``ter`` and ``imval`` (chapter 6) on coded positions: ``successors p``
        a Lisp list built in one pass, ``imval p`` the value to ``player`` (by default the player to move
        in ``initial``), read from the position's outcome bits."""
        values = _VALUE[player or self.to_move(self.initial)]

        def imval(p: int) -> int:
            return values[p >> _OUTCOME]

        return McCarthyGame(_successor_list, partial(le, _TERMINAL), imval)  # ter p: _TERMINAL <= p
