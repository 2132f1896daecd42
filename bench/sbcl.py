"""Common Lisp anchors compiled by SBCL at its default policy: PAIP's ``minimax`` and the notes' ``valmax``.

Peter Norvig's *Paradigms of AI Programming* (chapter 18) gives ``minimax`` for Othello; it calls
four board-level functions.  ``bench/paip`` holds PAIP's ``auxfns.lisp`` and ``othello.lisp``
unchanged, under their MIT licence, and two tic-tac-toes for them: ``tictactoe.lisp`` in PAIP's
own style (a board vector copied at every move, the eight lines scanned for a winner) and
``tictactoe_tables.lisp``, whose game-level work is table look-ups as lispy's boards' is.
``bench/lisp/valmax.lisp`` is McCarthy's ``valmax``, ``valmin``, ``maxlis`` and ``minlis``
written in Common Lisp over cons lists, on the Bitboard's encoding (one fixnum a position, the
same bit layout and tables, successors built in one pass): the transcription's own work in Lisp.

:class:`Anchor` keeps one SBCL process loaded with a game's files and ``bench/lisp/serve.lisp``
and asks it, between lispy's timings, for the CPU seconds of one search from the empty board
(``get-internal-run-time``, the mean of a block of at least 0.2 s), so that both sides are timed
in the same rounds of one run, each with its runtime's collector as it runs by default.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import TracebackType

HERE = Path(__file__).resolve().parent
PAIP = ("paip/auxfns.lisp", "paip/othello.lisp")
GAMES = {
    "paip": (*PAIP, "paip/tictactoe.lisp"),
    "paip-tables": (*PAIP, "paip/tictactoe_tables.lisp"),
    "valmax": ("lisp/valmax.lisp",),
}
"""The files of each anchor, in load order (``bench/lisp/serve.lisp`` is loaded after them)."""


def load(files: tuple[str, ...]) -> str:
    """The form that loads ``files`` and the server, their output and warnings muffled."""
    loads = "".join(f' (load "{HERE / name}")' for name in (*files, "lisp/serve.lisp"))
    return (
        "(let ((*standard-output* (make-broadcast-stream)) (*error-output* (make-broadcast-stream)))"
        f" (handler-bind ((warning #'muffle-warning)){loads}))"
    )


def version() -> str | None:
    """``SBCL 2.2.9.debian``, or None where ``sbcl`` is not on the path."""
    sbcl = shutil.which("sbcl")
    if sbcl is None:
        return None
    return subprocess.run([sbcl, "--version"], capture_output=True, text=True, check=True).stdout.strip()


class Anchor:
    """An SBCL process running one of :data:`GAMES`' searches on request (a context manager)."""

    def __init__(self, game: str = "paip") -> None:
        self.game = game
        command = ["sbcl", "--noinform", "--non-interactive", "--no-sysinit", "--no-userinit"]
        self.process = subprocess.Popen(
            [*command, "--eval", load(GAMES[game]), "--eval", "(serve)"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer or answer.startswith("unknown"):
            raise RuntimeError(f"SBCL running {self.game} answered {answer!r} to {command!r}")
        return answer

    def count(self) -> tuple[int, int]:
        """The positions the search examines from the empty board, and its value."""
        positions, value = self.ask("count").split()
        return int(positions), int(value)

    def seconds(self) -> float:
        """CPU seconds of one search from the empty board, a mean over a block of at least 0.2 s."""
        return float(self.ask("time"))

    def close(self) -> None:
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> Anchor:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()
