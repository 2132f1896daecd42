"""Tic-tac-toe with each position one ``int``: :class:`lispy.games.tictactoe.TicTacToe`'s game in the
formulation that the full-tree benchmarks run on fastest (:mod:`bench.tictactoe`, :mod:`bench.page`).

A benchmark's tool, not the companion's: the same moves in the same order as ``TicTacToe``
(tests/test_tictactoe.py checks every reachable position), nothing allocated but the ``int``, and
McCarthy's ``successors`` built in one pass.  It imports only lispy, so that :mod:`bench.page` can run
this file's text in the page's Pyodide beside lispy's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from operator import le
from typing import Any

from lispy.chapter6.game_trees import Game as McCarthyGame
from lispy.games.tictactoe import _FREE, _HAS_LINE, Board, board
from lispy.sexpr.data import NIL, Cons

__all__ = ["Bitboard", "code", "decode"]

_new = tuple.__new__

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
