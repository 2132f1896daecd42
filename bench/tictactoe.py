"""Tic-tac-toe from the empty board: lispy's searches against easyAI's, timed in one run.

    python -m pip install -e '.[bench]' && python -m bench.tictactoe

Positions examined are calls of the search on a position (``terminal_test`` for
lispy, the ``negamax``/``mt`` function for easyAI), the root and table hits
included.  Seconds are the best of several repeats, without counting.  Ratios
are to easyAI's ``Negamax(9)`` with its transposition table, measured in the
same run.  The peers are easyAI and aima-python's games module as the PyPI
package ``aima3`` ships it; both are optional (``pip install -e '.[bench]'``):
without them only lispy's rows are printed.  The table is Markdown; a progress bar
shows on standard error while it is a terminal.
"""

from __future__ import annotations

import importlib
import platform
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import markdown
from chapters.timing import best_seconds
from lispy import cli
from lispy.aima.alpha_beta import alpha_beta_search
from lispy.aima.game import Counted, mccarthy_search
from lispy.aima.minimax import minimax_decision
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.cs61b import COMPUTER, Lecture17
from lispy.games.tictactoe import Board, TicTacToe


class BoardKeyed(TicTacToe):
    """Tic-tac-toe whose table key is the board itself: no use of the symmetries."""

    def key(self, state: Board) -> Any:
        return state.cells


LISPY: list[tuple[str, Callable[[], Any], Callable[[Any], Any]]] = [
    ("lispy minimax_decision (full minimax)", TicTacToe, minimax_decision),
    (
        "lispy CS61B chooseMove (full minimax)",
        TicTacToe,
        lambda g: Lecture17(g).choose_move(g.initial, COMPUTER),
    ),
    ("lispy McCarthy valmax (full minimax)", TicTacToe, lambda g: mccarthy_search(g).valmax(g.initial)),
    ("lispy alpha_beta_search", TicTacToe, alpha_beta_search),
    ("lispy McCarthy maxval", TicTacToe, lambda g: mccarthy_search(g).maxval(g.initial)),
    ("lispy αβ + ordering + table (board key)", BoardKeyed, alpha_beta_tt_search),
    ("lispy αβ + ordering + table (symmetry key)", TicTacToe, alpha_beta_tt_search),
]


def lispy_rows() -> list[tuple[str, int, float]]:
    rows = []
    for label, make, search in cli.progress(LISPY, "lispy", label=lambda c: c[0]):
        counted = Counted(make())
        search(counted)
        seconds = best_seconds(partial(lambda make, search: search(make()), make, search), repeat=3)
        rows.append((label, counted.examined, seconds))
    return rows


def easyai_rows() -> list[tuple[str, int, float]]:
    try:
        from easyAI import DUAL, AI_Player, Negamax, TranspositionTable
        from easyAI.games import TicTacToe as EasyTicTacToe
    except ImportError:
        return []

    # easyAI.AI binds the name Negamax to the class, so the modules are fetched by name.
    negamax_module = importlib.import_module("easyAI.AI.Negamax")
    mtdriver = importlib.import_module("easyAI.AI.MTdriver")

    class Keyed(EasyTicTacToe):  # type: ignore[misc, valid-type]
        """easyAI's tic-tac-toe with the ``ttentry`` its table needs: the board."""

        def ttentry(self) -> tuple[int, ...]:
            return tuple(self.board)

    def run(make_ai: Callable[[], Any]) -> Any:
        ai = make_ai()
        game = Keyed([AI_Player(ai), AI_Player(ai)])
        return ai(game)

    rows = []
    peers = [
        ("easyAI Negamax(9)", lambda: Negamax(9), negamax_module, "negamax"),
        ("easyAI Negamax(9) + table", lambda: Negamax(9, tt=TranspositionTable()), negamax_module, "negamax"),
        ("easyAI DUAL(9) + table", lambda: DUAL(9, tt=TranspositionTable()), mtdriver, "mt"),
    ]
    for label, make_ai, module, name in cli.progress(peers, "easyAI", label=lambda c: c[0]):
        original = getattr(module, name)
        calls = [0]

        def counting(*args: Any, original: Any = original, calls: list[int] = calls, **kwargs: Any) -> Any:
            calls[0] += 1
            return original(*args, **kwargs)

        setattr(module, name, counting)
        try:
            run(make_ai)
        finally:
            setattr(module, name, original)
        seconds = best_seconds(partial(run, make_ai), repeat=3)
        rows.append((label, calls[0], seconds))
    return rows


def aima_rows() -> list[tuple[str, int, float]]:
    """aima-python's games module, as PyPI's ``aima3`` package ships it."""
    try:
        from aima3.games import TicTacToe as AimaTicTacToe
        from aima3.games import alphabeta_search, minimax_decision
    except ImportError:
        return []

    class Counting(AimaTicTacToe):  # type: ignore[misc, valid-type]
        examined = 0

        def terminal_test(self, state: Any) -> bool:
            Counting.examined += 1
            return bool(super().terminal_test(state))

    rows = []
    peers = [
        ("aima3 (aima-python) minimax_decision", minimax_decision),
        ("aima3 (aima-python) alphabeta_search", alphabeta_search),
    ]
    for label, search in cli.progress(peers, "aima3", label=lambda c: c[0]):
        Counting.examined = 0
        game = Counting()
        search(game.initial, game)
        count = Counting.examined
        plain = AimaTicTacToe()
        seconds = best_seconds(partial(search, plain.initial, plain), repeat=3)
        rows.append((label, count, seconds))
    return rows


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.tictactoe", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}\n")
    rows = lispy_rows() + easyai_rows() + aima_rows()
    reference = next((r for r in rows if r[0] == "easyAI Negamax(9) + table"), None)
    table = [
        [label, f"{positions:,}", f"{seconds:.4f}", f"{seconds / reference[2]:.2f}" if reference else "-"]
        for label, positions, seconds in rows
    ]
    print(markdown(["search", "positions examined", "seconds", "time / easyAI Negamax+table"], table))
    if reference is None or not any(r[0].startswith("aima3") for r in rows):
        print("\neasyAI or aima3 is not installed: python -m pip install -e '.[bench]'")
    print("\naima3 does not test the root for the end of the game, so it counts one position fewer.")


if __name__ == "__main__":
    cli.run(main)
