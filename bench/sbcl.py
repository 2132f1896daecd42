"""PAIP's Common Lisp ``minimax`` on tic-tac-toe, compiled by SBCL: the compiled-Lisp anchor.

Peter Norvig's *Paradigms of AI Programming* (chapter 18) gives ``minimax`` for Othello; it
calls four board-level functions, which ``bench/paip/tictactoe.lisp`` defines for tic-tac-toe
in PAIP's style (a board vector copied at every move).  PAIP's ``auxfns.lisp`` and
``othello.lisp`` are vendored unchanged beside it, under their MIT licence.  :class:`Paip` keeps
one SBCL process loaded with the three files and asks it, between lispy's timings, for the CPU
seconds of one ``minimax`` from the empty board (``get-internal-run-time``), so that the two
are timed in interleaved rounds of one run.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import TracebackType

HERE = Path(__file__).resolve().parent / "paip"
FILES = ("auxfns.lisp", "othello.lisp", "tictactoe.lisp")
LOAD = (
    "(let ((*standard-output* (make-broadcast-stream)) (*error-output* (make-broadcast-stream)))"
    + "".join(f' (load "{HERE / name}")' for name in FILES)
    + ")"
)


def version() -> str | None:
    """``SBCL 2.2.9.debian``, or None where ``sbcl`` is not on the path."""
    sbcl = shutil.which("sbcl")
    if sbcl is None:
        return None
    return subprocess.run([sbcl, "--version"], capture_output=True, text=True, check=True).stdout.strip()


class Paip:
    """An SBCL process running PAIP's ``minimax`` on tic-tac-toe on request (a context manager)."""

    def __init__(self) -> None:
        command = ["sbcl", "--noinform", "--non-interactive", "--no-sysinit", "--no-userinit"]
        self.process = subprocess.Popen(
            [*command, "--eval", LOAD, "--eval", "(serve)"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if not answer or answer.startswith("unknown"):
            raise RuntimeError(f"SBCL running PAIP's minimax answered {answer!r} to {command!r}")
        return answer

    def count(self) -> tuple[int, int]:
        """The positions ``minimax`` examines from the empty board (calls of ``legal-moves``), its value."""
        positions, value, _ = self.ask("count").split()
        return int(positions), int(value)

    def seconds(self) -> float:
        """CPU seconds of one ``minimax`` from the empty board, a mean over a block of at least 0.2 s."""
        return float(self.ask("time"))

    def __enter__(self) -> Paip:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
