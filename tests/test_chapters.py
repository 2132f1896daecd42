"""The chapter scripts run and print the notes' results.

``python -m chapters`` runs once (in a subprocess, as a reader runs it), in one test, and each
chapter's check reads its part of that output: the scripts are not run again in-process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import chapters.game_trees as chapter6
import chapters.tree_search as chapter5
from lispy.chapter5 import insanity, insanity_words
from lispy.claims import VERDICTS

ROOT = Path(__file__).resolve().parent.parent


def cells(out: str) -> list[list[str]]:
    """Each line of ``out`` split at white space: a table's row compared without its padding."""
    return [line.split() for line in out.splitlines()]


def chapter_5_prints_every_example(out: str) -> None:
    for line in [
        "  search (A) = (F D B A)",
        "  allsol (A) = ((F D B A) (F D C A) (F E C A))",
        "  search (A) = (D C B A)",
        "    lose cut 1 position(s), each a path back to a vertex it had visited: (A B A)",
        "  search (A) = LOSE",
        "length puzz2 = 24",
        "lose p₀ = false",
        "successors p₀ = (((B) (B) (W) (R)) ((G) (B) (G) (W)) ((G) (B) (G) (R)))",
        "search p₀ = ((G W R B) (R W G B) (B R G W) (W B G R))",
        "search (0) = (65535 55275 22217 4744 0)",
        "    the same tower as the list representation's: yes.",
        "  number of solutions = 3",
    ]:
        assert line in out.splitlines(), line
    assert ["block", "1", "B", "B", "W", "R"] in cells(out)
    assert out.count("  number of solutions = 3") == 4
    # claim 2: a winning position named LOSE is taken for a failure by search, found by allsol
    assert ["(LOSE)", "LOSE", "(LOSE)"] in cells(out)
    assert ["(LOSE", "WIN)", "WIN", "(LOSE", "WIN)"] in cells(out)
    assert (
        "Claim 6: setting up the puzzle is as much work as searching it.  Verdict: turns on the reading."
        in out
    )
    # search p₀ is timed once, and every claim that rests on its time shows the same figure
    flat = " ".join(out.split())
    times = re.findall(
        r"search p₀(?: in the list representation takes| on lists takes|) median ([\d.]+ ms)", flat
    )
    assert len(times) == 3 and len(set(times)) == 1, times


def test_the_notes_assigned_values_are_importable_from_the_chapter() -> None:
    assert chapter5.puzz1 is insanity.puzz1 and chapter5.puzz2 is insanity.puzz2
    assert chapter5.puzz3 is insanity.puzz3 and chapter5.puzz4 is insanity.puzz4
    assert chapter5.puzz is insanity.puzz and chapter5.puzza is insanity_words.puzza


def chapter_6_prints_every_example(out: str) -> None:
    lines = out.splitlines()
    for line in [
        "maxlis[(3 12 8), λx.x] = 12",
        "maxlis[NIL, λx.x] = -∞",
        "valmax = 3",
        "valmin = 6",
        "movemax = (3 12 8)",
        "movemin = (2 4 6)",
        "the tree = ((2 5) (9 4 7))",
        "minval (αβ) = 5",
        "terminal positions αβ evaluated = 3 of 5: (1, 1) (1, 2) (2, 1)",
        "    └── x 7",
        "terminal positions evaluated = 7 of 9: (1, 1) (1, 2) (1, 3) (2, 1) (3, 1) (3, 2) (3, 3)",
        "│   ├── x 4",
    ]:
        assert line in lines, line
    assert "19,999 terminal positions (counted here, value 0" in " ".join(out.split())
    assert "6 6 46,656 431 431 46,656 5,945.7 3,175".split() in cells(out)
    # claim 27: the frames each form of maxlis keeps open on 1,000 numbers (the loop's: none)
    assert "frames open, n = 1,000 999 999 0".split() in cells(out)


def test_chapter_6_draws_its_figure_where_matplotlib_is_installed(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    figure = tmp_path / "ordering.png"
    chapter6.main(["--plot", str(figure)])
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_python_m_chapters_prints_every_example_in_100_columns_and_writes_no_file(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "chapters"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr
    assert "5. Tree search (McCarthy 1973)" in run.stdout
    assert "6. Game trees (McCarthy 1973)" in run.stdout
    assert "CS61B lecture 17: game trees, on tic-tac-toe" in run.stdout
    assert [line for line in run.stdout.splitlines() if len(line) > 100] == []
    assert run.stderr == ""  # standard error is not a terminal here: no progress bar
    assert list(tmp_path.iterdir()) == []  # the figure only with --plot PATH
    chapter_5_prints_every_example(run.stdout)
    chapter_6_prints_every_example(run.stdout)
    every_claim_is_printed_and_counted(run.stdout)
    the_aima_chapter_prints_the_books_values(run.stdout)
    the_tictactoe_chapter_solves_the_game(run.stdout)


def every_claim_is_printed_and_counted(out: str) -> None:
    numbers = [int(n) for n in re.findall(r"^Claim (\d+): ", out, re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 40
    assert "The notes' claims, counted" in out
    assert f"{len(numbers)} claims by this edition's count: " in " ".join(out.split())
    flat = " ".join(out.split())
    assert flat.count("Why no verdict: ") == flat.count("Verdict: no verdict.") >= 10
    # the legend defines every verdict printed, once in each chapter's claims
    printed = set(re.findall(r"Verdict: ([a-z ]+)\.", flat)) | set(
        re.findall(r"On this reading: ([a-z ]+)\.", flat)
    )
    blocks = re.findall(r"^The verdicts:\n(.*?)\n\n", out, re.MULTILINE | re.DOTALL)
    legend = set(re.findall(r"^    - ([a-z ]+): ", "\n".join(blocks), re.MULTILINE))
    assert printed <= legend == set(VERDICTS) and out.count("The verdicts:") == 2


def the_aima_chapter_prints_the_books_values(out: str) -> None:
    lines = out.splitlines()
    for line in [
        "MIN-VALUE of B, C, D = 3 2 2",
        "MINIMAX-DECISION = a1, value 3",
        "root's backed-up value = (1, 2, 6)",
    ]:
        assert line in lines, line
    for row in [
        "leaf 2.1 [3, +∞] 3 [−∞, 2] [−∞, +∞]",
        "leaf 3.3 3 3 [−∞, 2] 2",
        "2 2 3 3 1 1 4 4 2.1 1.3 a1",
        "20 20 30 30 1 1 400 400 21 40.9 a2",
        "♣9 0 -1",
        "♥6 0 0",
    ]:
        assert row.split() in cells("\n".join(lines)), row
    assert any(line.startswith("    iterative deepening to 6 plies") for line in lines)


def the_tictactoe_chapter_solves_the_game(out: str) -> None:
    for row in [
        "CS61B chooseMove(side) 1 0 549,946 255,168",  # cell 1, the top left corner
        "AIMA MINIMAX-DECISION 1 0 549,946 255,168",
        "McCarthy valmax - 0 549,946 255,168",
    ]:
        assert row.split() in cells(out), row
    assert "distinct positions reachable = 5,478, of which 4,520 are not terminal" in out.splitlines()
    assert "Cells are numbered 1-9 row by row, as in --play." in out
    assert "0-8" not in out


def test_play_answers_bad_input_with_a_message_and_a_new_prompt() -> None:
    from chapters.tictactoe import play

    answers = iter(["", "hello", "__import__('os')", "0", "12", "5", "5", "1", "q"])
    prompts: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    assert play("human", ask, said.append) is None
    assert "'' is not a cell: type 1-9 for an empty cell, or q to quit." in said
    assert any(s.startswith("'__import__('os')' is not a cell:") for s in said)
    assert any(s.startswith("'12' is not a cell:") for s in said)
    assert "cell 5 is taken by X; choose an empty one." in said
    assert len(prompts) == 9 and said[-1] == "bye."
    # each refusal is followed by the board, as it stands
    refused = [i for i, s in enumerate(said) if "is not a cell" in s or "is taken" in s]
    assert len(refused) == 7  # five answers that are not cells, then 5 and 1 taken
    assert said[refused[0] + 1] == " 1 2 3\n 4 5 6\n 7 8 9"
    assert said[refused[-1] + 1] == " O 2 3\n 4 X 6\n 7 8 9"


def test_the_program_never_loses_a_played_game() -> None:
    from chapters.tictactoe import play

    for first in ("human", "computer"):
        moves = iter(str(i) for i in (1, 2, 3, 4, 6, 7, 8, 9, 5) * 3)
        said: list[str] = []
        assert play(first, lambda prompt, moves=moves: next(moves), said.append) in (
            "draw",
            "O" if first == "human" else "X",
        )
        assert said[-1] in ("A draw.", "I win.")


def test_play_from_piped_input(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "chapters.tictactoe", "--play"],
        cwd=tmp_path, env=env, input="5\nnine\n", capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "your move (X): nine\n'nine' is not a cell:" in run.stdout
    assert run.stdout.rstrip().endswith("bye.")
    assert "Traceback" not in run.stderr


def test_figure_2_6_says_why_the_cut_position_reads_9_here_and_5_in_the_stepper(capsys) -> None:  # type: ignore[no-untyped-def]
    """The text tree labels the refuted position with its minimax value (9); the edition's αβ stepper
    shows what ``maxval1`` returns there (5, fail-hard): the chapter says so, with the 5 computed."""
    chapter6.figure_2_6()
    printed = capsys.readouterr().out
    out = " ".join(printed.split())
    assert "└── MAX 9" in printed
    assert "The edition's αβ stepper shows 5 there, what maxval1 returns" in out
