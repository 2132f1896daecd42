"""CS61B lecture 17 on tic-tac-toe: the game solved from the empty board by every formulation.

``python -m chapters.tictactoe`` solves the game (a draw) with CS61B's
``chooseMove``, AIMA's searches and McCarthy's ``valmax`` and ``maxval``, and
prints the positions each examines.  ``python -m chapters.tictactoe --play``
plays a game against you in the terminal with the notes' ``movemax``/``movemin`` (and the quickest win
among the moves of the best value, a standard refinement), saying the value of each of its moves;
``--first computer`` lets the program open.  Cells are numbered 1-9, row by row, everywhere; you type a cell's
number, or q to quit.  Any other answer is refused with the board shown again;
Ctrl-C ends the game with a goodbye (exit status 130).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from lispy import cli

GOODBYE = "interrupted: bye."
"""What Ctrl-C ends the game (or the solving) with, on standard error, before exit status 130."""

if __name__ == "__main__":
    cli.interrupt_exits(GOODBYE)  # a Ctrl-C while the modules below load (issue 34, item 8)

from chapters.show import heading, printable_stdout, say, show, table
from lispy.aima.alpha_beta import alpha_beta_search, alpha_beta_search_fail_hard
from lispy.aima.game import Counted, mccarthy_search
from lispy.aima.minimax import minimax_decision
from lispy.aima.transposition import alpha_beta_tt_search
from lispy.cs61b import COMPUTER, Lecture17
from lispy.games.play import choose
from lispy.games.tictactoe import Board, TicTacToe

__all__ = ["distinct_positions", "main", "play"]


def distinct_positions(game: TicTacToe) -> tuple[int, int]:
    """The number of distinct positions reachable from ``game.initial``, and of those not terminal."""
    seen: set[Board] = set()
    todo = [game.initial]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if not game.terminal_test(s):
            todo.extend(c for _, c in game.successors(s))
    return len(seen), sum(not game.terminal_test(s) for s in seen)


def solve() -> None:
    heading("Tic-tac-toe from the empty board, X (the computer) to move")
    searches: list[tuple[str, Callable[[Any], tuple[Any, Any]]]] = [
        ("CS61B chooseMove(side)", lambda g: Lecture17(g).choose_move(g.initial, COMPUTER)),
        ("CS61B chooseMove, simple pruning", lambda g: Lecture17(g).choose_move_pruned(g.initial, COMPUTER)),
        (
            "CS61B chooseMove(side, -1, 1)",
            lambda g: Lecture17(g).choose_move_alpha_beta(g.initial, COMPUTER, -1, 1),
        ),
        ("AIMA MINIMAX-DECISION", minimax_decision),
        ("AIMA ALPHA-BETA-SEARCH (fail-soft)", alpha_beta_search),
        ("AIMA 1st ed. αβ (fail-hard)", alpha_beta_search_fail_hard),
        ("αβ, ordering and transposition table", alpha_beta_tt_search),
        ("McCarthy valmax", lambda g: (None, mccarthy_search(g).valmax(g.initial))),
        ("McCarthy maxval", lambda g: (None, mccarthy_search(g).maxval(g.initial))),
    ]
    rows = []
    for label, search in cli.progress(searches, "solving", label=lambda s: s[0]):
        game = Counted(TicTacToe())
        move, value = search(game)
        counts = [f"{game.examined:,}", f"{game.evaluated:,}"]
        rows.append([label, "-" if move is None else str(cell_number(move)), str(value), *counts])
    table(["search", "move", "value", "positions examined", "terminal"], rows)
    say(
        "Cells are numbered 1-9 row by row, as in --play. The value 0 is a draw. Full minimax examines "
        "the whole game tree: 549,946 positions, 255,168 of them terminal. The table identifies the 8 "
        "boards that differ by a rotation or reflection and tries wins, the centre, corners and edges in "
        "that order."
    )
    distinct, non_terminal = distinct_positions(TicTacToe())
    show("distinct positions reachable", f"{distinct:,}, of which {non_terminal:,} are not terminal")
    say("The lecture's Best(move, score) initialises myBest.move to 'any legal move' (here the first).")


def cell_number(move: int) -> int:
    """The number a user sees for a move: cells 1-9 row by row (``Board.cells`` index + 1)."""
    return move + 1


# --- playing --------------------------------------------------------------------------------

HELP = "Type a cell 1-9 (numbered as the board shows them, row by row), or q to quit."
AGAIN = "type 1-9 for an empty cell, or q to quit."
CELLS = {str(i + 1): i for i in range(9)}
"""The answers that name a cell: exactly the ASCII digits 1 to 9 (not ``²``, not ``٣``, not ``05``)."""
QUIT = "q"


def shown(text: str, limit: int = 16) -> str:
    """An answer as it is echoed in a message: unprintable characters escaped, at most ``limit`` kept."""
    safe = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return safe if len(safe) <= limit else f"{safe[:limit]}… ({len(text):,} characters)"


def picture(state: Board) -> str:
    """The board with each empty cell showing the number to type for it."""
    cells = [c if c != "." else str(i + 1) for i, c in enumerate(state.cells)]
    return "\n".join(" " + " ".join(cells[r * 3 : r * 3 + 3]) for r in range(3))


def read_move(state: Board, ask: Callable[[str], str], say_: Callable[[str], None]) -> int | None:
    """Ask until an empty cell is given (its index 0-8); None when the player quits or the input ends.

    The answer, stripped of surrounding white space, must be one of :data:`CELLS` or ``q``
    (either case); anything else gets a message naming it and the board again, then a new prompt.
    """
    while True:
        try:
            text = ask(f"your move ({state.to_move}): ").strip()
        except EOFError:
            return None
        if text.lower() == QUIT:
            return None
        cell = CELLS.get(text)
        if cell is None:
            say_(f"'{shown(text)}' is not a cell: {AGAIN}")
        elif state.cells[cell] != ".":
            say_(f"cell {text} is taken by {state.cells[cell]}; choose an empty one.")
        else:
            return cell
        say_(picture(state))


def play(
    first: str = "human",
    ask: Callable[[str], str] = input,
    say_: Callable[[str], None] = print,
) -> str | None:
    """Play one game in the terminal; returns ``"X"``, ``"O"``, ``"draw"``, or None if the player quit.

    The human is X when moving first, O otherwise.  The program plays the notes' ``movemax``
    (``movemin``) over ``valmin`` (``valmax``), and among the moves of the best value the quickest win
    (:func:`lispy.games.play.choose`, a standard refinement), and says each move's value.  Input is read
    as a cell number only; it is never evaluated.
    """
    game = TicTacToe()
    human = "X" if first == "human" else "O"
    state = game.initial
    say_(f"You are {human}. {HELP}")
    while not game.terminal_test(state):
        say_("\n" + picture(state))
        if state.to_move == human:
            cell = read_move(state, ask, say_)
            if cell is None:
                say_("bye.")
                return None
        else:
            choice = choose(state)
            cell = choice.cell
            mine = choice.value if state.to_move == "X" else -choice.value
            outlook = {1: "I will win", 0: "a draw with best play", -1: "you can win"}[mine]
            say_(f"I play {cell_number(cell)} ({outlook}).")
            say_(choice.says(lambda c: str(cell_number(c))))
        state = game.play(state, cell)
    say_("\n" + picture(state))
    result = state.winner or "draw"
    say_({"draw": "A draw.", human: "You win."}.get(result, "I win."))
    return result


def lines(stream: Iterator[str]) -> Callable[[str], str]:
    """An ``ask`` that prints the prompt, reads the next line of ``stream`` and echoes it.

    At the end of ``stream`` it raises ``EOFError``, as ``input`` does.
    """

    def ask(prompt: str) -> str:
        print(prompt, end="", flush=True)
        try:
            answer = next(stream)
        except StopIteration:
            print()
            raise EOFError from None
        print(shown(answer.rstrip("\r\n")))  # the answer, as a terminal would have echoed it
        return answer

    return ask


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m chapters.tictactoe", __doc__)
    parser.add_argument("--play", action="store_true", help="play a game against the program")
    parser.add_argument(
        "--first", choices=["human", "computer"], default="human", help="who opens (default: human)"
    )
    args = parser.parse_args(argv)
    printable_stdout()
    if args.play:
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:  # bytes that are not UTF-8 become U+FFFD: refused, not a crash
            reconfigure(errors="replace")
        ask = input if sys.stdin.isatty() else lines(iter(sys.stdin))
        play(args.first, ask)
        return
    heading("CS61B lecture 17: game trees, on tic-tac-toe", "=")
    start = time.perf_counter()
    solve()
    say(f"({time.perf_counter() - start:.1f} s for all of the above; timings are in bench/tictactoe.py)")


if __name__ == "__main__":
    cli.run(main, goodbye=GOODBYE)
