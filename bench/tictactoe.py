"""Tic-tac-toe from the empty board: lispy's searches against Common Lisp compiled by SBCL (PAIP's
``minimax``, and the notes' ``valmax`` written in Lisp), aima-python's and easyAI's, timed in one
run, and the ratios like for like.

    python -m pip install -e '.[bench]' && python -m bench.tictactoe

Positions examined are calls of the search on a position (``terminal_test`` for lispy and
aima-python, ``legal-moves`` for PAIP, ``ter`` for the Lisp ``valmax``, the ``negamax``/``mt``
function for easyAI), the root and table hits included.  Every search is timed in CPU time, in
interleaved rounds (:mod:`bench.goals`): in each round every search in turn, a block of calls
lasting at least 0.2 s, each runtime's collector as it runs by default; the Lisp searches are
timed the same way inside a running SBCL at its default policy (:mod:`bench.sbcl`).  A time in
the table is the median of its rounds.  Then the ratios: each of lispy's searches and its anchor
timed back to back in every round, the ratio the median of the rounds' ratios, with their
interquartile range.  Like for like: the anchor does the same work on the same representation.
lispy's searches run on two formulations of the same game: ``TicTacToe``, whose states are
``Board`` tuples, and ``Bitboard``, each position one int with table-driven successors
(``bench/bitboard.py``).  PAIP's ``minimax`` runs on two boards: PAIP's style (a vector copied
every move, the eight lines rescanned) and the same table look-ups as lispy's boards; the notes'
``valmax`` in Lisp runs over cons lists on the Bitboard's own encoding.  "On aima-python's board" is lispy's
``minimax_decision`` on aima-python's own ``TicTacToe`` (its states, ``actions`` and ``result``).
The peers are optional (``pip install -e '.[bench]'``; ``apt-get install sbcl``): without one, its
rows and goals are left out and the output says so.  The tables are Markdown; a progress bar shows
on standard error while it is a terminal.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed
from typing import Any

from bench import goals, markdown, sbcl
from bench.bitboard import Bitboard
from bench.goals import Goal
from lispy import cli
from lispy.aima.alpha_beta import alpha_beta_search
from lispy.aima.game import Counted, mccarthy_search
from lispy.aima.minimax import minimax_decision
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.chapter6.game_trees import game_tree_search
from lispy.cs61b import COMPUTER, Lecture17
from lispy.games.tictactoe import Board, TicTacToe

Entry = tuple[str, int, Callable[[], float]]
"""A search in the table: its label, the positions it examines, and a timer (CPU seconds per call)."""

MINIMAX_DECISION = "lispy minimax_decision, Board (full minimax)"
MINIMAX_BITS = "lispy minimax_decision, Bitboard (full minimax)"
CHOOSE_MOVE = "lispy CS61B chooseMove, Board (full minimax)"
VALMAX = "lispy McCarthy valmax, Board (full minimax)"
VALMAX_BITS = "lispy McCarthy valmax, Bitboard (full minimax)"
ON_AIMA = "lispy minimax_decision on aima-python's board (full minimax)"
TABLE = "lispy αβ + ordering + table (symmetry key)"
PAIP = "PAIP minimax, SBCL, PAIP's board (full minimax)"
PAIP_TABLES = "PAIP minimax, SBCL, table-driven board (full minimax)"
VALMAX_LISP = "the notes' valmax in Lisp, SBCL, Bitboard's encoding (full minimax)"
ANCHORS = {"paip": PAIP, "paip-tables": PAIP_TABLES, "valmax": VALMAX_LISP}
"""Each Common Lisp anchor (:data:`bench.sbcl.GAMES`) and its label."""
AIMA = "aima3 (aima-python) minimax_decision"
EASYAI = "easyAI Negamax(9) + table"
FULL = (MINIMAX_DECISION, MINIMAX_BITS, CHOOSE_MOVE, VALMAX, VALMAX_BITS)


class BoardKeyed(TicTacToe):
    """Tic-tac-toe whose table key is the board itself: no use of the symmetries."""

    def key(self, state: Board) -> Any:
        return state.cells


def valmax_bits(game: Any) -> Any:
    """McCarthy's ``valmax`` on the bitboard's own ``successors``, ``ter`` and ``imval``; on a
    :class:`Counted` game (when counting) through the generic adapter, which counts."""
    if isinstance(game, Counted):
        return mccarthy_search(game).valmax(game.initial)
    return game_tree_search(*game.mccarthy()).valmax(game.initial)


LISPY: list[tuple[str, Callable[[], Any], Callable[[Any], Any]]] = [
    (MINIMAX_DECISION, TicTacToe, minimax_decision),
    (MINIMAX_BITS, Bitboard, minimax_decision),
    (CHOOSE_MOVE, TicTacToe, lambda g: Lecture17(g).choose_move(g.initial, COMPUTER)),
    (VALMAX, TicTacToe, lambda g: mccarthy_search(g).valmax(g.initial)),
    (VALMAX_BITS, Bitboard, valmax_bits),
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
        entries.append((label, counted.examined, goals.timer(partial(lambda m, s: s(m()), make, search))))
    return entries


def lisp_entries() -> list[Entry]:
    """The Common Lisp anchors, each in a running SBCL (closed when the program ends), if ``sbcl``
    is installed."""
    if sbcl.version() is None:
        return []
    entries = []
    for game, label in ANCHORS.items():
        anchor = sbcl.Anchor(game)
        positions, value = anchor.count()
        assert value == 0, f"{label} gives {value} for the empty board"
        entries.append((label, positions, anchor.seconds))
    return entries


def on_aima_board(aima_tictactoe: type) -> Any:
    """aima-python's ``TicTacToe`` in AIMA 2nd ed.'s formulation, its own states and functions:
    ``successors(s)`` yields each of ``actions(s)`` with ``result(s, a)``."""

    class OnAimaBoard(aima_tictactoe):  # type: ignore[misc, valid-type]
        alternating = True

        def successors(self, state: Any) -> Iterator[tuple[Any, Any]]:
            for move in self.actions(state):
                yield move, self.result(state, move)

    return OnAimaBoard()


def aima_entries() -> list[Entry]:
    """aima-python's games module, as PyPI's ``aima3`` package ships it, and lispy's minimax on its board."""
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
        entries.append((label, Counting.examined, goals.timer(partial(search, plain.initial, plain))))
    Counting.examined = 0
    minimax_decision(on_aima_board(Counting))
    board = on_aima_board(AimaTicTacToe)
    entries.append((ON_AIMA, Counting.examined, goals.timer(partial(minimax_decision, board))))
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
        entries.append((label, calls[0], goals.timer(partial(run, make_ai))))
    return entries


def versions() -> str:
    """The peers' versions, and which are missing."""
    found = [f"SBCL: {sbcl.version() or 'not installed (apt-get install sbcl)'}"]
    for package in ("aima3", "easyAI"):
        try:
            found.append(f"{package} {installed(package)}")
        except PackageNotFoundError:
            found.append(f"{package}: not installed (python -m pip install -e '.[bench]')")
    return "; ".join(found)


GOALS: list[tuple[str, str, str, float | None, str, bool]] = [
    ("full minimax, lispy's fastest ({fastest}), against PAIP on PAIP's board", "", PAIP, 2, "PAIP", False),
    ("McCarthy's valmax, Bitboard, against PAIP on PAIP's board", VALMAX_BITS, PAIP, 3, "PAIP", False),
    ("McCarthy's valmax, Bitboard, against PAIP on the same tables", VALMAX_BITS, PAIP_TABLES, None,
     "PAIP, tables", False),
    ("McCarthy's valmax, Bitboard, against the notes' valmax in Lisp, same encoding", VALMAX_BITS,
     VALMAX_LISP, None, "valmax in Lisp", False),
    ("McCarthy's valmax, general Board, against PAIP on PAIP's board", VALMAX, PAIP, None, "PAIP", False),
    ("lispy on aima-python's board", ON_AIMA, AIMA, 1, "aima-python", False),
    ("αβ + ordering + table (symmetry key), per search", TABLE, EASYAI, 0.1, "easyAI", False),
    ("αβ + ordering + table (symmetry key), per position", TABLE, EASYAI, None, "easyAI", True),
]  # fmt: skip
"""The ratios: the workload, lispy's search (blank: the fastest full minimax), the anchor, the
largest ratio that meets the goal (None: shown without a goal), the anchor's name, and whether
the ratio is per position examined (the two searches examine different numbers)."""


def goal_rows(
    timers: dict[str, Callable[[], float]], positions: dict[str, int], fastest: str, rounds: int
) -> list[Goal]:
    """The ratios whose anchor is installed, each pair timed back to back in every round."""
    name = fastest.removeprefix("lispy ").removesuffix(" (full minimax)")
    pairs = [(w.format(fastest=name), mine or fastest, *rest) for w, mine, *rest in GOALS]
    pairs = [pair for pair in pairs if pair[2] in timers]
    flat = [timers[label] for _, mine, ref, *_ in pairs for label in (ref, mine)]
    times = goals.rounds(flat, rounds, description="ratios")
    return [
        goals.ratio(workload, times[2 * i + 1], times[2 * i], at_most, peer,
                    positions[mine] / positions[ref] if each else 1)
        for i, (workload, mine, ref, at_most, peer, each) in enumerate(pairs)
    ]  # fmt: skip


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.tictactoe", __doc__)
    parser.add_argument(
        "--rounds", type=int, default=7, help="interleaved rounds of the ratios (default 7, at least 5)"
    )
    parser.add_argument(
        "--table-rounds", type=int, default=3, help="interleaved rounds of the table (default 3)"
    )
    args = parser.parse_args(argv)
    rounds = max(5, args.rounds)
    print(goals.machine())
    print(versions())
    entries = lisp_entries() + lispy_entries() + easyai_entries() + aima_entries()
    timed = goals.rounds([timer for _, _, timer in entries], max(1, args.table_rounds))
    times = {label: statistics.median(t) for (label, _, _), t in zip(entries, timed, strict=True)}
    reference = times.get(PAIP)
    table = [
        [
            label,
            f"{positions:,}",
            f"{times[label]:.4f}",
            f"{times[label] / positions * 1e6:.2f}",
            f"{times[label] / reference:.2f}" if reference else "-",
        ]
        for label, positions, _ in entries
    ]
    print(f"load average after the table's rounds: {goals.load()}\n")
    header = ["search", "positions examined", "CPU seconds", "µs a position", "time / PAIP minimax"]
    print(markdown(header, table))
    print("\naima3 does not test the root for the end of the game, so it counts one position fewer.")
    fastest = min(FULL, key=times.__getitem__)
    positions = {label: n for label, n, _ in entries}
    rows = goal_rows({label: timer for label, _, timer in entries}, positions, fastest, rounds)
    if len(rows) < len(GOALS):
        print(f"\nA peer is missing ({versions()}): its ratios are skipped.")
    print(f"\nThe ratios, each lispy's search and its anchor timed back to back, {rounds} rounds:\n")
    print(goals.table(rows, reference="anchor"))
    print(f"\n{goals.summary(rows)} Load average after the rounds: {goals.load()}.")


if __name__ == "__main__":
    cli.run(main)
