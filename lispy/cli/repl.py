"""``lispy`` (or ``python -m lispy``): a read-eval-print loop for McCarthy's M-expressions.

Type a definition (``twice x ← x + x``), an assignment (``g ← '(A B)``) or an expression
(``twice 21``).  A quote ``'`` before an S-expression gives the datum as written, wherever
an expression may stand (``a '(G W R B)``).  Values print in Lisp notation.  An input that
is not finished (an open bracket, an ``if`` without its ``else``) goes on at the next line;
the ``...`` prompt says what it waits for, and an empty line or Ctrl-C drops it.

Each part of the notes that poses a problem (paths, the towers, the game) keeps its own ``lose``,
``ter`` and ``successors`` whatever is loaded before or after; the names you type mean the part
loaded last.  Chapter 6 comes with S-expression game trees as the game: after
``:notes chapter6_game_trees``, ``valmax '((3 12 8) (2 4 6) (14 5 2))`` works at once, whatever
was loaded before.  A name the notes define but the session does not yet have is answered with
the ``:notes`` command that loads it.

Errors are shown and the session goes on, every definition kept.  Ctrl-C during an
evaluation stops it (``interrupted``); at an empty prompt it does what it does in Python's
REPL.  With a file argument or piped input, each input is evaluated and its value printed,
without prompts; an error names its line and the lines after it still run; the exit status
is 1 if any input failed.  At a terminal, lines can be edited and recalled (readline), and
the history is kept in ``~/.lispy_history``.

The game: ``python -m chapters.tictactoe --play`` plays tic-tac-toe against you in the terminal
(cells 1-9, row by row; ``--first computer`` lets the program open).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator, Sequence
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, TextIO

from lispy import cli
from lispy.cli.memory import limit_memory
from lispy.mexpr.listing import print_part
from lispy.mexpr.session import COMMANDS, Collector, Session, help_text
from lispy.mexpr.syntax import MAX_INPUT, MSyntaxError
from lispy.notes.applications import REPL_APPLICATIONS

PROMPT, MORE = "lispy> ", "...    "
HELP = cli.plain(__doc__ or "").rstrip() + "\n\n" + help_text(COMMANDS)
ENDLESS = 2**30
"""The characters of one line read, past :data:`~lispy.mexpr.syntax.MAX_INPUT`, before the line is
taken for one without end (``/dev/zero``) and the rest of the input is left unread."""
_CHUNK = 2**16  # the rest of a line too long is read (and dropped) this many characters at a time


def interactive(session: Session) -> None:
    """The terminal loop, with line editing and history where Python's readline is available."""
    _history()
    print("lispy: McCarthy's M-expressions. :help for help, :notes to load the notes, Ctrl-D to leave.")
    session.interrupted = "\ninterrupted"  # after the ^C that the terminal shows
    collector, hinted = Collector(), None
    while not session.done:
        try:
            if collector.waiting != hinted and collector.waiting:
                print(f"{MORE}(waiting for {collector.waiting}; an empty line drops the input)")
            hinted = collector.waiting
            try:
                line = input(MORE if collector.pending else PROMPT)
            except EOFError:
                print()
                return
            number = collector.line_count + 1  # at a terminal, lines count from each input's first
            for item in session.attempt(partial(collector.add, number, line), number) or []:
                if item.waiting is None:
                    session.handle(item.text)
                else:
                    print(f"(input dropped: it was waiting for {item.waiting})")
        except KeyboardInterrupt:
            dropped = collector.cancel()
            print("\n(input dropped)" if dropped else "\nKeyboardInterrupt")


def lines(stream: TextIO, session: Session) -> Iterator[str]:
    """The lines of ``stream`` (a file, a pipe) for ``session.run_lines``, each read up to its end or
    :data:`~lispy.mexpr.syntax.MAX_INPUT` characters, whichever comes first, so that no line takes more
    memory than lispy reads at once.  A longer line, which the parser would refuse, is read to its end
    and dropped, an empty line in its place (it ends an input left unfinished), then refused as the
    parser refuses a long input, in the session's words (counted in ``session.failures``); a line past
    :data:`ENDLESS` characters ends the input there.

    >>> import io
    >>> s = Session(complain=print)
    >>> s.run_lines(lines(io.StringIO("1 + 1\\n" + "x" * 200_000 + "\\n2 + 2\\n"), s))  # doctest: +ELLIPSIS
    2
    error: input, line 2, column 1: the line is 200,000 characters long, more than lispy reads at once ...
    4
    """
    number = 0
    while line := stream.readline(MAX_INPUT + 2):
        number += 1
        if len(line) <= MAX_INPUT + 1 or line.endswith("\n"):  # a longer one is refused by the parser
            yield line
            continue
        length = len(line)
        while length <= ENDLESS and (rest := stream.readline(_CHUNK)):
            length += len(rest.removesuffix("\n"))
            if rest.endswith("\n"):
                break
        yield ""
        endless = length > ENDLESS
        message = (
            f"the line goes on past {ENDLESS:,} characters: the rest of the input is not read"
            if endless
            else f"the line is {length:,} characters long, more than lispy reads at once ({MAX_INPUT:,})"
        )
        session.attempt(partial(_refuse, message, line[:200], number, session.source), number)
        if endless:
            return


def _refuse(message: str, start: str, number: int, where: str) -> None:
    """Raise the parser's error for the line ``number`` beginning with ``start``: ``message``."""
    raise MSyntaxError(message, "\n" * (number - 1) + start, number, 1, where)


@contextlib.contextmanager
def interrupts_not_reported() -> Iterator[None]:
    """While the REPL runs: a Ctrl-C that lands where Python cannot raise it, in a callback of
    threading's own bookkeeping (a weak set's, as a deep call's worker ends), is not printed as
    "Exception ignored in …" with a traceback (that Ctrl-C is lost, as Python loses it: press it
    again); any other exception Python cannot raise is reported as before.  The standard mechanism:
    :data:`sys.unraisablehook`, for ``KeyboardInterrupt`` only, put back on leaving.

    >>> class Interrupted:
    ...     def __del__(self) -> None:
    ...         raise KeyboardInterrupt
    >>> with interrupts_not_reported():
    ...     _ = Interrupted()
    ...     del _
    """
    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if not (isinstance(unraisable.exc_type, type) and issubclass(unraisable.exc_type, KeyboardInterrupt)):
            previous(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = previous


def _history() -> None:
    try:
        import atexit
        import readline  # input() gains line editing and history, as in Python's own REPL
    except ImportError:
        return
    history = Path.home() / ".lispy_history"
    with contextlib.suppress(OSError):
        readline.read_history_file(history)
    atexit.register(_save_history, readline, history)


def _save_history(readline: Any, history: Path) -> None:
    with contextlib.suppress(OSError):
        readline.set_history_length(1000)
        readline.write_history_file(history)


def _version() -> str:
    """lispy's version from the package's metadata (importing ``lispy.__version__`` would close a cycle)."""
    try:
        return metadata.version("lispy")
    except metadata.PackageNotFoundError:  # run from a source tree never installed
        return "(not installed)"


def main(argv: Sequence[str] | None = None, prog: str = "python -m lispy") -> int:
    """The REPL's command line, its usage naming ``prog``; returns the exit status.  Raises
    ``KeyboardInterrupt`` (for :func:`cli.run`) only where no evaluation is under way."""
    parser = cli.parser(prog, __doc__)
    parser.add_argument("--version", action="version", version=f"lispy {_version()}")
    parser.add_argument("file", nargs="?", help="evaluate this file's inputs and print each result")
    parser.add_argument(
        "--notes", action="append", metavar="PART", help="load this part of the notes first (may be repeated)"
    )
    parser.add_argument("--python", metavar="PART", help="print the Python a part of the notes compiles to")
    args = parser.parse_args(argv)
    if args.python:
        return print_part(args.python)
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=errors)  # bytes that are not UTF-8 read as �; a terminal that cannot show λ
    try:
        limit_memory()  # a runaway list ends in lispy's "out of memory", not the kernel's OOM killer
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    with interrupts_not_reported():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """The session :func:`main`'s ``args`` ask for: a file's, the pipe's or the terminal's; its status."""
    session = Session(help=HELP, applications=REPL_APPLICATIONS)
    if args.notes:
        session.handle(":notes " + " ".join(args.notes))
    if args.file:
        try:
            f = open(args.file, encoding="utf-8", errors="replace")
        except OSError as e:
            print(f"error: cannot read {args.file}: {e.strerror}", file=sys.stderr)
            return 2
        with f:
            try:
                session.run_lines(lines(f, session), source=args.file)
                sys.stdout.flush()
            except BrokenPipeError:  # lispy FILE | head -1: the reader has what it wanted
                cli.silence_stdout()
                return 1 if session.failures else 0
    elif sys.stdin.isatty():
        interactive(session)
        return 0
    else:
        session.run_lines(lines(sys.stdin, session))
    return 1 if session.failures else 0


def entry(prog: str = "lispy") -> NoReturn:
    """The ``lispy`` command (or ``python -m lispy``, as ``prog``): :func:`main` under :func:`cli.run`."""
    cli.run(partial(main, prog=prog), goodbye="interrupted")
