"""``python -m chapters.tictactoe --play`` under any input: random lines in-process (Hypothesis), Ctrl-C
and bytes that are not UTF-8 as a process.  Every answer is a move, ``q``, or refused with a message and
the board again; the game never crashes.  And the game's choice (:mod:`lispy.games.play`): the notes'
values on every reachable position, ``movemax``/``movemin``'s move but for the quickest win."""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.bitboard import Bitboard, decode
from chapters import tictactoe
from chapters.tictactoe import play
from lispy.chapter6.game_trees import game_tree_search
from lispy.games import play as notes_play
from lispy.sexpr.data import to_pylist
from tests.test_cli import read_until, start

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

ASCII_CELLS = {"1", "2", "3", "4", "5", "6", "7", "8", "9"}
"""The only answers that name a cell, written out independently of the module's CELLS."""

BOARD = re.compile(r" [1-9XO] [1-9XO] [1-9XO]\n [1-9XO] [1-9XO] [1-9XO]\n [1-9XO] [1-9XO] [1-9XO]")

TRICKY = [
    "²",  # a superscript two: str.isdigit() is true
    "٣",  # ARABIC-INDIC DIGIT THREE: int() reads it as 3
    "５",  # FULLWIDTH DIGIT FIVE
    "9" * 5000,  # past Python's 4,300-digit limit for int()
    "05",
    "0",
    "10",
    "-1",
    "+5",
    "5.0",
    "1e0",
    " 5 ",
    "\t7\t",
    "q",
    "Q",
    "quit",
    "",
    "\x00",
    "\x1b[2J",
    "\ud800",  # a lone surrogate
    "5\n6",
]

answers = st.lists(
    st.one_of(st.sampled_from(sorted(ASCII_CELLS)), st.sampled_from(TRICKY), st.text(max_size=12)),
    max_size=30,
)


def board_cells(picture: str) -> list[str]:
    """The nine cells of a board picture, ``"."`` for an empty one."""
    marks = picture.split()
    return ["." if m.isdigit() else m for m in marks]


@settings(max_examples=60, deadline=None)
@given(answers, st.sampled_from(["human", "computer"]))
def test_play_answers_any_line_with_a_move_a_refusal_and_the_board_or_a_goodbye(
    lines: list[str], first: str
) -> None:
    said: list[str] = []
    given_answers: list[tuple[str, int]] = []  # each answer, and how much had been said when it was given
    pending = iter(lines)

    def ask(prompt: str) -> str:
        assert re.fullmatch(r"your move \([XO]\): ", prompt)
        answer = next(pending, None)
        if answer is None:
            raise EOFError
        given_answers.append((answer, len(said)))
        return answer

    result = play(first, ask, said.append)

    human = "X" if first == "human" else "O"
    assert result in ("X", "O", "draw", None)
    assert said[-1] == {None: "bye.", "draw": "A draw.", human: "You win."}.get(result, "I win.")
    for k, (answer, at) in enumerate(given_answers):
        board = board_cells(next(s for s in reversed(said[:at]) if BOARD.fullmatch(s.strip("\n"))))
        text = answer.strip()
        # what was said after this answer, up to the next; after the last, without the goodbye at the end
        # of the input
        ended = len(said) - (result is None and text not in ("q", "Q"))
        after = said[at:ended] if k + 1 == len(given_answers) else said[at : given_answers[k + 1][1]]
        if text in ("q", "Q"):
            assert after == ["bye."] and result is None
        elif text not in ASCII_CELLS:
            assert after[0].startswith("'") and after[0].endswith(
                "' is not a cell: type 1-9 for an empty cell, or q to quit."
            )
            assert len(after[0]) <= 100
            assert board_cells(after[1]) == board and after[2:] == []  # the same board, shown again
        elif board[int(text) - 1] != ".":
            assert after[0] == f"cell {text} is taken by {board[int(text) - 1]}; choose an empty one."
            assert board_cells(after[1]) == board and after[2:] == []
        else:  # a move: the board with it played, and the program's reply unless the game is over
            played = board_cells(after[0])
            assert played[int(text) - 1] != "." and played.count(".") == board.count(".") - 1


@settings(max_examples=20, deadline=None)
@given(answers)
def test_play_from_a_fake_standard_input_never_raises(lines: list[str]) -> None:
    """main(["--play"]) reading a file-like standard input: any text ends in a goodbye or a result."""
    text = "".join(line.replace("\n", " ") + "\n" for line in lines)
    out = io.StringIO()
    with mock.patch.object(sys, "stdin", io.StringIO(text)), contextlib.redirect_stdout(out):
        tictactoe.main(["--play"])
    assert out.getvalue().rstrip().endswith(("bye.", "A draw.", "I win.", "You win."))


def test_bytes_that_are_not_utf8_are_refused_not_a_crash(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "chapters.tictactoe", "--play"],
        cwd=tmp_path, env=ENV, input=b"\xff\xfe\n\xc3\n5\nq\n", capture_output=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode().count("is not a cell") == 2
    assert run.stderr == b""


@pytest.mark.parametrize(
    ("first", "seen_last"),
    [("human", b"your move (X): "), ("computer", b"You are O.")],
    ids=["at the prompt", "while the program searches"],
)
def test_ctrl_c_says_goodbye_and_exits_130(first: str, seen_last: bytes, tmp_path: Path) -> None:
    """Ctrl-C at the prompt, or as the program looks for its first move (a fifth of a second, the
    whole game's values) or just after: the goodbye and 130, whichever it lands in (issue 34, item 8)."""
    process = start("chapters.tictactoe", "--play", "--first", first, cwd=tmp_path, unbuffered=True)
    with process:
        read_until(process, seen_last)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert (process.returncode, err.decode()) == (130, "interrupted: bye.\n")


# --- the game's choice: the notes' movemax/movemin over valmin/valmax, and the quickest win -------------

GAME = Bitboard().mccarthy("X")
PLAIN = game_tree_search(*GAME)


def reachable() -> list[int]:
    seen: set[int] = set()
    todo = [Bitboard().initial]
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo.extend(to_pylist(GAME.successors(p)))
    return sorted(seen)


def test_the_memoised_values_are_plain_valmax_and_valmin_on_every_reachable_position() -> None:
    positions = reachable()
    assert len(positions) == 5478
    memo = notes_play.search()
    for p in positions:
        x_to_move = decode(p).to_move == "X"
        plain, memoised = (PLAIN.valmax, memo.valmax) if x_to_move else (PLAIN.valmin, memo.valmin)
        assert memoised(decode(p)) == plain(p), decode(p).cells


def test_values_are_valmin_after_x_and_valmax_after_o_of_each_move() -> None:
    for p in reachable()[::7]:
        state = decode(p)
        if state.over:
            continue
        moves = notes_play.values(state)
        assert [m.cell for m in moves] == [i for i, c in enumerate(state.cells) if c == "."]
        for m, q in zip(moves, to_pylist(GAME.successors(p)), strict=True):
            assert m.value == (PLAIN.valmin(q) if state.to_move == "X" else PLAIN.valmax(q))


def test_the_choice_has_the_notes_value_and_is_movemax_or_movemin_unless_a_quicker_end_exists() -> None:
    refined = 0
    for p in reachable():
        state = decode(p)
        if state.over:
            continue
        c = notes_play.choose(state)
        by_cell = {m.cell: m for m in c.moves}
        notes_move = PLAIN.movemax(p) if state.to_move == "X" else PLAIN.movemin(p)
        after = decode(notes_move)
        assert c.notes_cell == ((after.x | after.o) ^ (state.x | state.o)).bit_length() - 1
        assert c.value == (PLAIN.valmax(p) if state.to_move == "X" else PLAIN.valmin(p))
        assert by_cell[c.cell].value == c.value  # the notes' value unchanged
        if c.value == 0:
            assert c.cell == c.notes_cell  # a draw: the notes' own choice
        else:  # the quickest win, or the slowest loss
            plies = [m.plies or 0 for m in c.moves if m.value == c.value]
            wins = (c.value == 1) == (state.to_move == "X")
            assert by_cell[c.cell].plies == (min(plies) if wins else max(plies))
        refined += c.refined
    assert refined > 0


def test_the_program_takes_the_win_at_once_rather_than_a_later_one() -> None:
    c = notes_play.choose("OXX.O..X.")  # O to move: 9 wins now; movemin's first best, 4, wins later
    assert (c.cell, c.notes_cell, c.value) == (8, 3, -1)
    said = c.says(lambda i: str(i + 1))
    assert "9 wins soonest (in 1 move): the quickest win, a standard refinement" in said
    c = notes_play.choose("XX.OO....")
    assert c.cell == 2 and [m.plies for m in c.moves if m.cell == 2] == [1]


def test_the_terminal_game_wins_at_once_and_prints_the_key_once() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "chapters.tictactoe", "--play"],
        env=ENV, input="2\n3\n8\n9\n", capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.count(" 1 2 3\n 4 5 6\n 7 8 9") == 1 and "\n1 2 3\n" not in out
    assert out.rstrip().endswith("I win.")
    last = out[out.rindex("I play") :]
    assert last.startswith("I play 7 (I will win).")
    assert "7 wins soonest (in 1 move): the quickest win, a standard refinement (the notes' value" in last
    assert "movemin takes 5, the first of the best value -1" in last
