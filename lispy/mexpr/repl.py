"""``python -m lispy``: a read-eval-print loop for M-expressions and S-expressions.

Type a definition (``twice x ← x + x``), an assignment (``g ← (A B)``) or an
expression (``twice 21``); a line that starts with ``'`` is read as an
S-expression and printed back (``'(A . (B C))`` prints ``(A B C)``).  Values
print in Lisp notation.  A line with an open bracket continues on the next.
Commands:

    :notes PART ...      load parts of the notes, corrected (:notes alone lists them)
    :printed PART ...    load parts exactly as printed (see ERRATA.md for what fails)
    :load FILE           load a file of definitions
    :python NAME         the Python that a definition compiles to
    :env                 the names defined in this session
    :help, :quit

Chapter 6's parts come with S-expression game trees bound as the game
(``successors``, ``ter``, ``imval``), so ``valmax ((3 12 8) (2 4 6) (14 5 2))``
works at once.  Errors are shown and the session goes on.  With a file
argument or piped input it evaluates each statement and prints each result,
without prompts; the exit status is 1 if any failed.  At a terminal, lines can
be edited and recalled as in Python's own REPL (readline), and the history is
kept in ``~/.lispy_history``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from lispy.chapter6 import sexp_games
from lispy.lisp.data import Cons
from lispy.lisp.printer import to_string
from lispy.lisp.reader import ReadError, read
from lispy.mexpr.compiler import signature
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.listing import print_part, python_command
from lispy.mexpr.program import PARTS, notes, split_statements
from lispy.mexpr.syntax import MSyntaxError, parse_expression

__all__ = ["Session", "main", "show"]

PROMPT, MORE = "lispy> ", "...    "
INCOMPLETE = "ends too soon"


def show(value: Any) -> str:
    """A value as the REPL prints it: Lisp notation, ``true``/``false``, ``#<function f[x]>``."""
    if value is True or value is False:
        return "true" if value else "false"
    named = signature(value)
    if named is not None:
        return f"#<function {named[0]}[{','.join(named[1])}]>"
    if callable(value) and not isinstance(value, Cons):
        return f"#<function {getattr(value, '__name__', '?')}>"
    return to_string(value)


class Session:
    """One REPL session: an interpreter, and what to do with each complete input."""

    def __init__(
        self, say: Callable[[str], None] = print, complain: Callable[[str], None] | None = None
    ) -> None:
        self.interpreter = Environment()
        self.say = say
        self.complain = complain or (lambda text: print(text, file=sys.stderr))
        self.failures = 0
        self.done = False

    def handle(self, text: str) -> None:
        """Evaluate one complete input and print its result or its error."""
        text = text.strip()
        if not text or text.startswith(";"):
            return
        try:
            if text.startswith(":"):
                self.command(text)
            elif text.startswith("'"):
                self.say(show(read(text[1:])))
            else:
                value = self.interpreter.run(text)
                if value is not None:
                    self.say(show(value))
        except (EvalError, MSyntaxError, ReadError, ValueError, OSError) as e:
            self.failures += 1
            self.complain(f"error: {e}")

    def command(self, text: str) -> None:
        name, *args = text[1:].split()
        if name in ("quit", "q", "exit"):
            self.done = True
        elif name == "help":
            self.say(__doc__ or "")
        elif name in ("notes", "printed"):
            if not args:
                self.say("parts of the notes: " + " ".join(PARTS))
                return
            if any(a.startswith("chapter6") for a in args):
                for key in ("successors", "ter", "imval"):
                    if key not in self.interpreter:
                        self.interpreter.bind(**{key: getattr(sexp_games, key)})
            notes(*args, corrected=name == "notes", interpreter=self.interpreter)
            self.say(f"loaded {' '.join(args)}{' as printed' if name == 'printed' else ''}")
        elif name == "load":
            if len(args) != 1:
                raise ValueError(":load takes one file name")
            path = Path(args[0])
            for s in split_statements(path.read_text(encoding="utf-8"), path.name):
                self.interpreter.define(s.parse())
            self.say(f"loaded {path}")
        elif name == "python":
            self.say(python_command(self.interpreter, args))
        elif name == "env":
            self.say(" ".join(sorted(self.interpreter.sources)) or "(nothing defined yet)")
        else:
            raise ValueError(f"no command :{name}; try :help")


def incomplete(text: str) -> bool:
    """Whether ``text`` is the start of an input that goes on (an open bracket or a dangling operator)."""
    if text.lstrip().startswith((":", "'", ";")):
        return text.lstrip().startswith("'") and text.count("(") > text.count(")")
    try:
        parse_expression(text)
    except MSyntaxError as e:
        return INCOMPLETE in e.reason
    return False


def inputs(lines: Iterator[str]) -> Iterator[str]:
    """Complete inputs from ``lines``: a line, joined with the next while it is incomplete."""
    pending = ""
    for line in lines:
        if pending and line.lstrip().startswith((":", "'")):  # a command or S-expression starts afresh
            yield pending
            pending = ""
        pending = f"{pending}\n{line}" if pending else line
        if incomplete(pending):
            continue
        yield pending
        pending = ""
    if pending:
        yield pending


def interactive(session: Session) -> None:
    """The terminal loop, with line editing and history where Python's readline is available."""
    try:
        import atexit
        import readline  # input() gains line editing and history, as in Python's own REPL

        history = Path.home() / ".lispy_history"
        try:
            readline.read_history_file(history)
        except OSError:
            pass
        atexit.register(lambda: _save_history(readline, history))
    except ImportError:
        pass
    print("lispy: McCarthy's M-expressions. :help for help, :notes to load the notes, Ctrl-D to leave.")
    pending = ""
    while not session.done:
        try:
            line = input(MORE if pending else PROMPT)
        except EOFError:
            print()
            break
        except KeyboardInterrupt:
            print("\n(cancelled)")
            pending = ""
            continue
        pending = f"{pending}\n{line}" if pending else line
        if incomplete(pending):
            continue
        session.handle(pending)
        pending = ""


def _save_history(readline: Any, history: Path) -> None:
    try:
        readline.set_history_length(1000)
        readline.write_history_file(history)
    except OSError:
        pass


def run_lines(session: Session, lines: Iterable[str]) -> None:
    for text in inputs(iter(lines)):
        session.handle(text)
        if session.done:
            break


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lispy", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="evaluate this file's lines and print each result")
    parser.add_argument(
        "--notes", action="append", metavar="PART", help="load this part of the notes first (may be repeated)"
    )
    parser.add_argument("--python", metavar="PART", help="print the Python a part of the notes compiles to")
    args = parser.parse_args(argv)
    if args.python:
        return print_part(args.python)
    session = Session()
    if args.notes:
        session.handle(":notes " + " ".join(args.notes))
    if args.file:
        with open(args.file, encoding="utf-8") as f:
            run_lines(session, (line.rstrip("\n") for line in f))
    elif sys.stdin.isatty():
        interactive(session)
    else:
        run_lines(session, (line.rstrip("\n") for line in sys.stdin))
    return 1 if session.failures else 0
