"""The command-line conventions (lispy.cli) and every entry point under --help, a bad flag, Ctrl-C and
a closed pipe."""

from __future__ import annotations

import importlib
import io
import os
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import pytest

from lispy import cli

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

ENTRY_POINTS = [
    ("chapters.__main__", "python -m chapters"),
    ("chapters.tree_search", "python -m chapters.tree_search"),
    ("chapters.game_trees", "python -m chapters.game_trees"),
    ("chapters.adversarial", "python -m chapters.adversarial"),
    ("chapters.tictactoe", "python -m chapters.tictactoe"),
    ("bench.chapter5", "python -m bench.chapter5"),
    ("bench.chapter6", "python -m bench.chapter6"),
    ("bench.mexpr", "python -m bench.mexpr"),
    ("bench.tictactoe", "python -m bench.tictactoe"),
    ("bench.depths", "python -m bench.depths"),
    ("bench.__main__", "python -m bench"),
]
"""Each entry point's module (whose ``main(argv)`` parses before any work) and its usage name."""

MARKUP = ["``", ":mod:`", ":func:`", ":data:`", ":class:`", ":meth:`"]
"""reStructuredText that must not reach a terminal."""


def python_m(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` from a folder outside the tree, this tree on the path."""
    return subprocess.run(
        [sys.executable, "-m", *args], env=ENV, capture_output=True, text=True, timeout=120, **kwargs
    )  # type: ignore[call-overload]


# --- lispy.cli -------------------------------------------------------------------------------


def test_plain_removes_restructuredtext_markup_and_keeps_the_rest() -> None:
    assert cli.plain("run ``python -m chapters`` now") == "run python -m chapters now"
    assert cli.plain("see :mod:`lispy.sexpr.data` and :func:`~lispy.sexpr.data.read`") == (
        "see lispy.sexpr.data and read"
    )
    assert cli.plain("the `title` and a'b`c") == "the title and a'b`c"
    assert cli.plain("for example::\n\n    python -m x") == "for example:\n\n    python -m x"
    assert cli.plain("a ``b\nc`` d") == "a b\nc d"
    assert cli.plain(None) == ""


def test_the_parser_keeps_paragraphs_and_commands_and_shows_no_markup() -> None:
    doc = (
        "First ``line``.\n\nA paragraph\nover two lines, :mod:`lispy.cli`.\n\n    python -m example --flag\n"
    )
    text = cli.parser("python -m example", doc).format_help()
    assert "First line.\n\nA paragraph over two lines, lispy.cli.\n\n    python -m example --flag\n" in text
    assert not any(m in text for m in MARKUP)
    assert max(map(len, text.splitlines())) <= 100


def test_run_exits_with_mains_status(capsys: pytest.CaptureFixture[str]) -> None:
    for returned, status in [(None, 0), (0, 0), (3, 3)]:
        with pytest.raises(SystemExit) as exit_:
            cli.run(lambda argv, r=returned: r, [])
        assert exit_.value.code == status
    with pytest.raises(SystemExit) as exit_:
        cli.run(lambda argv: print(*argv), ["a", "b"])
    assert exit_.value.code == 0 and capsys.readouterr().out == "a b\n"


def test_run_turns_ctrl_c_into_one_line_and_status_130(capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(argv: Sequence[str]) -> None:
        print("partial output")
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as exit_:
        cli.run(interrupted, [], goodbye="bye.")
    assert exit_.value.code == cli.EXIT_INTERRUPTED == 130
    captured = capsys.readouterr()
    assert captured.out == "partial output\n" and captured.err == "bye.\n"


def test_run_ends_quietly_when_the_output_is_closed(capsys: pytest.CaptureFixture[str]) -> None:
    def closed(argv: Sequence[str]) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(SystemExit) as exit_:
        cli.run(closed, [])
    assert exit_.value.code == cli.EXIT_BROKEN_PIPE == 1
    assert capsys.readouterr().err == ""


def test_run_keeps_the_traceback_of_a_bug() -> None:
    def buggy(argv: Sequence[str]) -> None:
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        cli.run(buggy, [])


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_on_a_terminal_and_erases_its_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert list(cli.progress(range(3), "counting", label=lambda i: f"step {i}")) == [0, 1, 2]
    drawn = terminal.getvalue()
    assert "counting" in drawn and "step 2" in drawn
    assert drawn.endswith("\r") and drawn.rsplit("\r", 2)[-2].strip() == ""  # erased at the end


def test_progress_writes_nothing_when_standard_error_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    assert list(cli.progress(iter("abc"), "counting", total=3)) == ["a", "b", "c"]
    assert piped.getvalue() == ""


# --- every entry point: --help at once, an unknown flag is an error ---------------------------


@pytest.mark.parametrize(("module", "prog"), ENTRY_POINTS)
def test_help_prints_plain_usage_and_does_nothing_else(
    module: str, prog: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {prog} ")
    # nothing after the list of options: the program did not start
    options = out.splitlines()[out.splitlines().index("options:") + 1 :]
    assert all(line.startswith("  ") or not line for line in options), out
    assert not any(m in out for m in MARKUP), out
    assert max(map(len, out.splitlines())) <= 100


@pytest.mark.parametrize(("module", "prog"), ENTRY_POINTS)
def test_an_unknown_flag_exits_2(module: str, prog: str, capsys: pytest.CaptureFixture[str]) -> None:
    main = importlib.import_module(module).main
    with pytest.raises(SystemExit) as exit_:
        main(["--no-such-flag"])
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{prog}: error: unrecognized arguments: --no-such-flag" in captured.err


@pytest.mark.parametrize("module", ["chapters", "chapters.tictactoe", "bench.chapter5", "lispy"])
def test_python_m_help_and_a_bad_flag_as_processes(module: str, tmp_path: Path) -> None:
    shown = python_m(module, "--help", cwd=tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith("usage: python -m ") and shown.stderr == ""
    refused = python_m(module, "--no-such-flag", cwd=tmp_path)
    assert refused.returncode == 2 and "unrecognized arguments: --no-such-flag" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_python_m_lispy_help_is_plain_text(tmp_path: Path) -> None:
    shown = python_m("lispy", "--help", cwd=tmp_path)
    assert not any(m in shown.stdout for m in MARKUP), shown.stdout


@pytest.mark.parametrize("prog", ["lispy", "python -m lispy"])
def test_lispy_names_itself_as_typed_gives_its_version_and_names_the_game(prog: str, tmp_path: Path) -> None:
    import lispy

    script = Path(sys.executable).parent / "lispy"  # installed with the package (pip install -e .)
    if prog == "lispy" and not script.is_file():
        pytest.skip("the lispy command is not installed here (pip install -e . installs it)")
    command = [str(script)] if prog == "lispy" else [sys.executable, "-m", "lispy"]
    ran = partial(subprocess.run, env=ENV, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    shown, version = ran([*command, "--help"]), ran([*command, "--version"])
    assert shown.returncode == 0 and shown.stdout.startswith(f"usage: {prog} [-h] [--version] "), shown
    assert "The game: python -m chapters.tictactoe --play plays tic-tac-toe" in " ".join(shown.stdout.split())
    assert (version.returncode, version.stdout, version.stderr) == (0, f"lispy {lispy.__version__}\n", "")


# --- Ctrl-C and a closed pipe, as processes ----------------------------------------------------


def start(*args: str, cwd: Path, unbuffered: bool = False) -> subprocess.Popen[bytes]:
    """``python -m ARGS`` with pipes, SIGINT at its default (a shell's background job ignores it)."""
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        cwd=cwd,
        env={**ENV, "PYTHONUNBUFFERED": "1"} if unbuffered else ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def read_until(process: subprocess.Popen[bytes], text: bytes, timeout: float = 120) -> bytes:
    """What ``process`` writes to standard output, up to and including ``text``."""
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen:
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(process.stdout.fileno(), 4096) if ready else b""
        assert chunk, f"no {text!r} in {seen[-500:]!r}"
        seen += chunk
    return seen


def test_ctrl_c_during_the_chapters_says_interrupted_and_exits_130(tmp_path: Path) -> None:
    process = start("chapters", cwd=tmp_path, unbuffered=True)
    with process:
        read_until(process, b"5. Tree search")
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode() == "interrupted\n"


@pytest.mark.parametrize(
    ("args", "loaded", "goodbye"),
    [
        (["chapters.tictactoe", "--play"], "chapters.show", "interrupted: bye."),
        (["chapters"], "chapters.show", "interrupted"),
        (["lispy"], "lark", "interrupted"),
    ],
)
def test_ctrl_c_while_a_command_loads_says_one_line_and_exits_130(
    args: list[str], loaded: str, goodbye: str, tmp_path: Path
) -> None:
    """Issue 34, item 8: Ctrl-C in the game's first tenths of a second (while its modules load)
    printed a traceback and ended the process by SIGINT (-2); the chapters and the REPL too, as they
    load, by the same helper (:func:`lispy.cli.interrupt_exits`).  ``-X importtime`` shows when the
    loading has reached ``loaded``, with more to load after it."""
    child = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", *args], cwd=tmp_path, env=ENV,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )  # fmt: skip
    watchdog = threading.Timer(120, child.kill)  # whatever happens, the test ends
    watchdog.start()
    try:
        assert child.stderr is not None
        while (line := child.stderr.readline()).rsplit("|", 1)[-1].strip() != loaded:
            assert line, f"{loaded} was never imported"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
        watchdog.cancel()
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    assert (child.returncode, said) == (130, [goodbye]), err[-2000:]


@pytest.mark.parametrize("args", [["chapters"], ["lispy", "inputs.mx"]])
def test_output_closed_after_two_lines_ends_quietly(args: list[str], tmp_path: Path) -> None:
    """``python -m chapters | head -2`` and ``lispy FILE | head -2``: no BrokenPipeError traceback, no
    crash, and the file is not said to be unreadable; ``lispy FILE`` that ran without an error exits 0
    (issue 33), the chapters with Python's convention for a broken pipe."""
    (tmp_path / "inputs.mx").write_text(("'(" + "A " * 100 + ")\n") * 2000, encoding="utf-8")  # 400 kB out
    process = start(*args, cwd=tmp_path)
    assert process.stdout is not None and process.stderr is not None
    with process:
        process.stdout.readline(), process.stdout.readline()
        process.stdout.close()
        err = process.stderr.read().decode()
        process.wait(timeout=120)
    assert process.returncode == (0 if args[0] == "lispy" else cli.EXIT_BROKEN_PIPE)
    assert "Traceback" not in err and "BrokenPipeError" not in err and err == ""


# --- Session.reply: what the REPL prints, as a string --------------------------------------------


def test_reply_is_exactly_what_the_repl_prints_for_each_input() -> None:
    from lispy.mexpr.session import Session

    inputs = [
        "twice x ← x + x",
        "twice 21",
        "twice",
        "twice[1,2]",
        "g ← '(A B)",
        "a g",
        "undefined 3",
        ":nope",
        "; a comment",
        "1 + )",
        ":env",
        "a 3",
    ]
    printed: list[str] = []
    repl = Session(printed.append, printed.append)
    for line in inputs:
        before = len(printed)
        repl.handle(line)  # as the terminal's loop hands each input over
        assert len(printed) - before <= 1
    replies = Session()
    answers = [replies.reply(line) for line in inputs]
    assert [a for a in answers if a] == printed
    assert answers[:6] == ["", "42", "#<function twice[x]>", printed[2], "(A B)", "A"]
    assert printed[2].startswith("error: ") and "twice takes 1 argument(s)" in printed[2]
    assert replies.failures == repl.failures == 5
    assert replies.reply("twice 4") == "8"  # the session goes on, definitions kept
