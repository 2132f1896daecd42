"""Tic-tac-toe from the empty board: lispy's searches against aima-python's and easyAI's, timed in
one run, and issue 10's goals for them.

    python -m pip install -e '.[bench]' && python -m bench.tictactoe

Positions examined are calls of the search on a position (``terminal_test`` for
lispy and aima-python, the ``negamax``/``mt`` function for easyAI), the root and
table hits included.  Seconds are the best of several interleaved rounds (every
search timed in turn, round after round, with the cyclic collector on as Python
runs it), without counting.  The first table's ratios are to easyAI's
``Negamax(9)`` with its transposition table.  Then issue 10's goals, each a ratio
of two times from this run: full minimax (lispy's fastest formulation, McCarthy's
valmax, CS61B's chooseMove) against aima-python's minimax_decision, and αβ with
move ordering and the table against easyAI's Negamax(9) with its table.  The
peers are easyAI and aima-python's games module as the PyPI package ``aima3``
ships it; both are optional (``pip install -e '.[bench]'``): without them only
lispy's rows are printed.  The tables are Markdown; a progress bar shows on
standard error while it is a terminal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench import goals, markdown
from bench.goals import Goal
from lispy import cli
from lispy.aima.alpha_beta import alpha_beta_search
from lispy.aima.game import Counted, mccarthy_search
from lispy.aima.minimax import minimax_decision
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.cs61b import COMPUTER, Lecture17
from lispy.games.tictactoe import Board, TicTacToe

Entry = tuple[str, int, Callable[[], Any]]
"""A search in the table: its label, the positions it examines, and a call that runs it afresh."""

MINIMAX_DECISION = "lispy minimax_decision (full minimax)"
CHOOSE_MOVE = "lispy CS61B chooseMove (full minimax)"
VALMAX = "lispy McCarthy valmax (full minimax)"
TABLE = "lispy αβ + ordering + table (symmetry key)"
AIMA = "aima3 (aima-python) minimax_decision"
EASYAI = "easyAI Negamax(9) + table"


class BoardKeyed(TicTacToe):
    """Tic-tac-toe whose table key is the board itself: no use of the symmetries."""

    def key(self, state: Board) -> Any:
        return state.cells


LISPY: list[tuple[str, Callable[[], Any], Callable[[Any], Any]]] = [
    (MINIMAX_DECISION, TicTacToe, minimax_decision),
    (CHOOSE_MOVE, TicTacToe, lambda g: Lecture17(g).choose_move(g.initial, COMPUTER)),
    (VALMAX, TicTacToe, lambda g: mccarthy_search(g).valmax(g.initial)),
    ("lispy alpha_beta_search", TicTacToe, alpha_beta_search),
    ("lispy McCarthy maxval", TicTacToe, lambda g: mccarthy_search(g).maxval(g.initial)),
    ("lispy αβ + ordering + table (board key)", BoardKeyed, alpha_beta_tt_search),
    (TABLE, TicTacToe, alpha_beta_tt_search),
]


def lispy_entries() -> list[Entry]:
    entries = []
    for label, make, search in cli.progress(LISPY, "lispy", label=lambda c: c[0]):
        counted = Counted(make())
        search(counted)
        entries.append((label, counted.examined, partial(lambda make, search: search(make()), make, search)))
    return entries


def easyai_entries() -> list[Entry]:
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

    entries = []
    peers = [
        ("easyAI Negamax(9)", lambda: Negamax(9), negamax_module, "negamax"),
        (EASYAI, lambda: Negamax(9, tt=TranspositionTable()), negamax_module, "negamax"),
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
        entries.append((label, calls[0], partial(run, make_ai)))
    return entries


def aima_entries() -> list[Entry]:
    """aima-python's games module, as PyPI's ``aima3`` package ships it."""
    try:
        from aima3.games import TicTacToe as AimaTicTacToe
        from aima3.games import alphabeta_search
        from aima3.games import minimax_decision as aima_minimax_decision
    except ImportError:
        return []

    class Counting(AimaTicTacToe):  # type: ignore[misc, valid-type]
        examined = 0

        def terminal_test(self, state: Any) -> bool:
            Counting.examined += 1
            return bool(super().terminal_test(state))

    entries = []
    peers = [(AIMA, aima_minimax_decision), ("aima3 (aima-python) alphabeta_search", alphabeta_search)]
    for label, search in cli.progress(peers, "aima3", label=lambda c: c[0]):
        Counting.examined = 0
        game = Counting()
        search(game.initial, game)
        plain = AimaTicTacToe()
        entries.append((label, Counting.examined, partial(search, plain.initial, plain)))
    return entries


def goal_rows(seconds: dict[str, float]) -> list[Goal]:
    """Issue 10's goals for tic-tac-toe, from the times of one run (the peers' rows need the peers)."""
    rows = []
    if AIMA in seconds:
        aima = seconds[AIMA]
        fastest = min((MINIMAX_DECISION, CHOOSE_MOVE, VALMAX), key=seconds.__getitem__)
        name = fastest.removeprefix("lispy ").removesuffix(" (full minimax)")
        rows.append(goals.ratio(f"full minimax, lispy's fastest ({name})", seconds[fastest], aima, 0.39))
        rows.append(goals.ratio("full minimax, McCarthy's valmax", seconds[VALMAX], aima, 0.5))
        rows.append(goals.ratio("full minimax, CS61B's chooseMove", seconds[CHOOSE_MOVE], aima, 0.5))
    if EASYAI in seconds:
        rows.append(
            goals.ratio(
                "αβ + ordering + table (symmetry key)", seconds[TABLE], seconds[EASYAI], 0.1, "easyAI"
            )
        )
    return rows


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.tictactoe", __doc__)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    args = parser.parse_args(argv)
    print(goals.machine())
    entries = lispy_entries() + easyai_entries() + aima_entries()
    times = goals.interleaved([run for _, _, run in entries], args.rounds, description="timing")
    seconds = {label: t for (label, _, _), t in zip(entries, times, strict=True)}
    reference = seconds.get(EASYAI)
    table = [
        [
            label,
            f"{positions:,}",
            f"{seconds[label]:.4f}",
            f"{seconds[label] / reference:.2f}" if reference else "-",
        ]
        for label, positions, _ in entries
    ]
    print()
    print(markdown(["search", "positions examined", "seconds", "time / easyAI Negamax+table"], table))
    print("\naima3 does not test the root for the end of the game, so it counts one position fewer.")
    rows = goal_rows(seconds)
    if len(rows) < 4:
        print("\neasyAI or aima3 is not installed (python -m pip install -e '.[bench]'): goals skipped.")
    if rows:
        print("\nIssue 10's goals, measured in this run:\n")
        print(goals.table(rows, reference="reference (aima3 minimax_decision unless named)"))
        print(f"\n{goals.summary(rows)}")


if __name__ == "__main__":
    cli.run(main)
