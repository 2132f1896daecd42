"""``python -m chapters.tictactoe --play`` under any input: random lines in-process (Hypothesis), Ctrl-C
and bytes that are not UTF-8 as a process.  Every answer is a move, ``q``, or refused with a message and
the board again; the game never crashes."""

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

from hypothesis import given, settings
from hypothesis import strategies as st

from chapters import tictactoe
from chapters.tictactoe import play

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


def test_ctrl_c_at_the_prompt_says_goodbye_and_exits_130(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "chapters.tictactoe", "--play"],
        cwd=tmp_path,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )
    assert process.stdout is not None
    with process:
        seen = b""
        while b"your move (X): " not in seen:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, seen
            seen += chunk
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode() == "interrupted: bye.\n"
