"""The conventions every command line of lispy follows, in one place.

Every entry point (``python -m lispy``, ``python -m chapters`` and each chapter,
each ``python -m bench.*``) is a function ``main(argv) -> int | None`` that parses
its arguments first, with :func:`parser`, and is started by :func:`run`::

    from lispy import cli

    def main(argv: Sequence[str] = ()) -> int | None:
        args = cli.parser("python -m chapters.example", __doc__).parse_args(argv)
        for step in cli.progress(steps, "computing"):
            ...
        return 0

    if __name__ == "__main__":
        cli.run(main)

What a user gets from that:

- ``--help`` prints usage and the module's docstring as plain text (no reStructuredText
  markup: see :func:`plain`) and exits 0 before any work; an unknown flag or a bad value
  prints the usage and exits 2 (argparse's own behaviour).
- Ctrl-C ends the program with one line on standard error (``interrupted``, or the
  ``goodbye`` given to :func:`run`) and exit status 130 (128 + SIGINT, the shell's
  convention), without a traceback.
- Output closed early (``python -m chapters | head -2``) ends the program quietly, with
  exit status 1, as Python's documentation recommends for SIGPIPE (the "Note on SIGPIPE"
  in the :mod:`signal` module's documentation): no ``BrokenPipeError`` traceback, and no
  "Exception ignored" message when Python flushes standard output at exit.
- A long step shows a progress bar on standard error while standard error is a terminal,
  and nothing otherwise (:func:`progress`): piped or redirected output holds the results only.

``main`` itself raises as usual, so tests call it in-process (``main(["--play"])``) and see
every exception; only :func:`run`, the process's entry, turns them into exit statuses.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NoReturn, TypeVar

from tqdm import tqdm

__all__ = ["EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "new_file", "parser", "plain", "progress", "run"]

T = TypeVar("T")

EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C: 128 + SIGINT (2), what a shell reports for a program SIGINT ended."""

EXIT_BROKEN_PIPE = 1
"""Exit status when standard output was closed early: 1, Python's convention for EPIPE."""

Main = Callable[[Sequence[str]], "int | None"]


def run(main: Main, argv: Sequence[str] | None = None, *, goodbye: str = "interrupted") -> NoReturn:
    """Run ``main(argv)`` as a process's entry point and exit with its status; never returns.

    ``argv`` defaults to ``sys.argv[1:]``.  ``main`` returns an exit status (None is 0) or
    raises ``SystemExit`` (argparse does, for ``--help`` and for bad arguments).  Then:

    - ``KeyboardInterrupt`` (Ctrl-C): ``goodbye`` is written to standard error as one line
      (after a line break when standard error is a terminal, so that it does not follow
      ``^C`` on the prompt's line), and the exit status is :data:`EXIT_INTERRUPTED` (130);
    - ``BrokenPipeError`` on standard output (its reader has gone): standard output is pointed
      at ``os.devnull`` so that nothing more fails, nothing is printed, and the exit status is
      :data:`EXIT_BROKEN_PIPE` (1);
    - an error writing the output (a full disk, ``> /dev/full``, an I/O error): one line on
      standard error, ``error: cannot write the output: No space left on device``, and exit
      status 1.

    Any other exception is a bug and keeps its traceback.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        status = main(args)
        sys.stdout.flush()  # a closed pipe shows here, while it can still be handled
    except KeyboardInterrupt:
        _quiet_flush()
        lead = "\n" if _isatty(sys.stderr) else ""
        try:
            sys.stderr.write(f"{lead}{goodbye}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    except OSError as e:
        if e.errno not in _OUTPUT_ERRORS:
            raise
        _silence_stdout()
        try:
            sys.stderr.write(f"error: cannot write the output: {e.strerror}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        sys.exit(1)
    sys.exit(0 if status is None else status)


_OUTPUT_ERRORS = frozenset(
    getattr(errno, name) for name in ("ENOSPC", "EIO", "EFBIG", "EDQUOT") if hasattr(errno, name)
)
"""The errors of writing to a file that is full or failing, as opposed to the program's own."""


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def _silence_stdout() -> None:
    """Point file descriptor 1 at ``os.devnull``: the interpreter's final flush then succeeds."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (a test's stand-in)
        pass


def _quiet_flush() -> None:
    """Flush standard output, silencing it if its reader has gone."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    except (OSError, ValueError):
        pass


def plain(text: str | None) -> str:
    """``text`` without reStructuredText markup, for a terminal (``:mod:`x``` gives x).

    Inline literals (double backquotes), interpreted text with a role (``:mod:``,
    ``:func:``, ``:data:`` …, also ``~``-shortened targets) and single backquotes lose their
    markup; a ``::`` that ends a paragraph becomes ``:``.  Everything else is kept.
    """
    if not text:
        return ""
    text = re.sub(r":[a-z]+(?::[a-z]+)?:`(~?)([^`]+)`", _role_target, text)
    text = re.sub(r"``(.+?)``", r"\1", text, flags=re.DOTALL)
    text = re.sub(r"(?<![`\w])`([^`]+)`(?![`\w])", r"\1", text)
    return re.sub(r"::$", ":", text, flags=re.MULTILINE)


def _role_target(match: re.Match[str]) -> str:
    """The target of ``:role:`target` ``; ``~a.b.c`` is shown as ``c``, as Sphinx does."""
    shortened, target = match.groups()
    return target.rsplit(".", 1)[-1] if shortened else target


class _ParagraphFormatter(argparse.HelpFormatter):
    """argparse's formatter, but the description keeps its paragraphs and indented examples.

    argparse fills the whole description into one paragraph; here each paragraph (text between
    blank lines) is filled to the terminal's width on its own, and a paragraph whose lines are
    all indented (a command, as in the docstrings) is kept as written.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = re.split(r"\n\s*\n", textwrap.dedent(text).strip())
        filled = []
        for paragraph in paragraphs:
            lines = paragraph.splitlines()
            if all(line.startswith((" ", "\t")) for line in lines):
                filled.append("\n".join(indent + line.rstrip() for line in lines))
            else:
                words = " ".join(paragraph.split())
                filled.append(textwrap.fill(words, width, initial_indent=indent, subsequent_indent=indent))
        return "\n\n".join(filled)


def parser(prog: str, doc: str | None, **kwargs: object) -> argparse.ArgumentParser:
    """An ``ArgumentParser`` for ``prog`` whose description is ``doc`` (a module docstring) as plain text.

    The description is ``plain(doc)``, each paragraph refilled to the terminal's width (at most
    100 columns), indented command lines kept; ``kwargs`` go to ``argparse.ArgumentParser``.
    """

    def formatter(prog: str) -> argparse.HelpFormatter:
        return _ParagraphFormatter(prog, width=min(100, _columns()))

    return argparse.ArgumentParser(prog=prog, description=plain(doc), formatter_class=formatter, **kwargs)  # type: ignore[arg-type]


def new_file(text: str) -> str:
    """An argparse ``type`` for a file the program will write: its folder must exist and be writable.

    Checked when the arguments are parsed, so that a bad path is a usage error at once (exit 2),
    not a traceback after the work is done.
    """
    folder = os.path.dirname(os.path.abspath(text))
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"no folder {folder} to write {os.path.basename(text)} into")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write into {folder}")
    return text


def _columns() -> int:
    return max(40, shutil.get_terminal_size().columns - 2)


def progress(
    items: Iterable[T],
    description: str,
    *,
    total: int | None = None,
    label: Callable[[T], str] | None = None,
) -> Iterator[T]:
    """``items``, unchanged, with a progress bar on standard error while they are consumed.

    The bar (tqdm) shows ``description``, the count done of ``total`` (``len(items)`` when
    it has one), the time taken and the time left; ``label(item)``, when given, names the
    step being computed.  It is drawn only while standard error is a terminal, and erased
    when the items are done (or the loop is left), so that it never mixes with the results:
    with standard error redirected or piped, nothing at all is written.  Print the results
    after the loop, not inside it, when standard output is the same terminal.
    """
    bar = tqdm(
        items,
        desc=description,
        total=total,
        unit="step",
        file=sys.stderr,
        disable=None,
        leave=False,
        dynamic_ncols=True,
    )
    with bar:
        for item in bar:
            if label is not None:
                bar.set_postfix_str(label(item), refresh=True)
            yield item
