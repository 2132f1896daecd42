"""The conventions every command line of lispy follows (``docs/chapters.md``, "Command lines").

Every entry point is a function ``main(argv) -> int | None`` that parses its arguments first
(:func:`parser`), shows a long step's progress (:func:`progress`), and raises as usual, so that
tests call it in-process and see every exception; ``if __name__ == "__main__": cli.run(main)``
turns them into exit statuses (:func:`run`).  A command whose modules take a while to load calls
:func:`interrupt_exits` first, so that a Ctrl-C while they load ends it as :func:`run` would.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import shutil
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import NoReturn, TypeVar

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "interrupt_exits",
    "new_file",
    "parser",
    "plain",
    "progress",
    "run",
    "silence_stdout",
]

T = TypeVar("T")

EXIT_INTERRUPTED = 130  # after Ctrl-C: 128 + SIGINT (2), what a shell reports for a program SIGINT ended
EXIT_BROKEN_PIPE = 1  # standard output closed early: Python's convention for EPIPE

Main = Callable[[Sequence[str]], "int | None"]


def run(main: Main, argv: Sequence[str] | None = None, *, goodbye: str = "interrupted") -> NoReturn:
    """Run ``main(argv)`` (``argv`` defaults to ``sys.argv[1:]``) as a process's entry point and exit with
    its status (``None`` is 0); never returns.

    - ``KeyboardInterrupt`` (Ctrl-C): ``goodbye`` on standard error as one line (after a line break
      on a terminal, not to follow ``^C``), and :data:`EXIT_INTERRUPTED` (130);
    - ``BrokenPipeError`` on standard output: nothing printed, :data:`EXIT_BROKEN_PIPE` (1);
    - an error writing the output (a full disk, ``> /dev/full``): ``error: cannot write the output:
      No space left on device`` and status 1.

    Any other exception is a bug and keeps its traceback.
    """
    args = sys.argv[1:] if argv is None else list(argv)
    handler = signal.getsignal(signal.SIGINT)
    if isinstance(handler, partial) and handler.func is _exit_interrupted:  # from interrupt_exits
        signal.signal(signal.SIGINT, signal.default_int_handler)  # main sees KeyboardInterrupt, as usual
    try:
        status = main(args)
        sys.stdout.flush()  # a closed pipe shows here, while it can still be handled
    except KeyboardInterrupt:
        _exit_interrupted(goodbye)
    except BrokenPipeError:
        silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    except OSError as e:
        if e.errno not in _OUTPUT_ERRORS:
            raise
        silence_stdout()
        _complain(f"error: cannot write the output: {e.strerror}")
        sys.exit(1)
    sys.exit(0 if status is None else status)


def interrupt_exits(goodbye: str = "interrupted") -> None:
    """From now until :func:`run` calls ``main``, Ctrl-C ends the process as :func:`run` does:
    ``goodbye`` and :data:`EXIT_INTERRUPTED` (130).  For a command's first tenths of a second, while
    its modules load at a module's top level, where no ``try`` can hold them and Python's own handler
    would print a traceback and end the process by SIGINT (−2).  The standard mechanism, a handler of
    SIGINT (:func:`signal.signal`), set only where SIGINT has Python's own (a background job's
    ignored SIGINT stays ignored) and only on the main thread; :func:`run` puts Python's back.
    Before this call runs (Python's start and ``import lispy.cli``) a Ctrl-C is Python's.

    >>> saved = signal.signal(signal.SIGINT, signal.default_int_handler)  # as Python starts
    >>> interrupt_exits("interrupted: bye.")
    >>> signal.getsignal(signal.SIGINT)  # doctest: +ELLIPSIS
    functools.partial(<function _exit_interrupted at ...>, 'interrupted: bye.')
    >>> _ = signal.signal(signal.SIGINT, saved)
    """
    if threading.current_thread() is threading.main_thread() and (
        signal.getsignal(signal.SIGINT) is signal.default_int_handler
    ):
        signal.signal(signal.SIGINT, partial(_exit_interrupted, goodbye))


def _exit_interrupted(goodbye: str, *_signal: object) -> NoReturn:
    """End the process after Ctrl-C: ``goodbye`` on standard error as one line (after a line break on a
    terminal, not to follow ``^C``), status 130; as a signal handler too (``*_signal``)."""
    _quiet_flush()
    _complain(("\n" if _isatty(sys.stderr) else "") + goodbye)
    sys.exit(EXIT_INTERRUPTED)


def _complain(line: str) -> None:
    """``line`` on standard error, whatever becomes of it."""
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


_OUTPUT_ERRORS = frozenset(  # writing to a file that is full or failing, not the program's own errors
    getattr(errno, name) for name in ("ENOSPC", "EIO", "EFBIG", "EDQUOT") if hasattr(errno, name)
)


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def silence_stdout() -> None:
    """Point file descriptor 1 at ``os.devnull``: the interpreter's final flush then succeeds (after
    a ``BrokenPipeError``: the reader of the output has gone)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: a test's stand-in
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _quiet_flush() -> None:
    """Flush standard output, silencing it if its reader has gone."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
    except (OSError, ValueError):
        pass


def plain(text: str | None) -> str:
    """``text`` without reStructuredText markup, for a terminal: literals, roles (``~`` targets shortened)
    and backquotes lose their markup, and a ``::`` ending a paragraph becomes ``:``.

    >>> plain(":mod:`lispy.cli` runs ``main`` as :func:`~lispy.cli.run` says::")
    'lispy.cli runs main as run says:'
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
    """argparse's formatter: each paragraph filled on its own, one all indented (a command) as written."""

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
    """An ``ArgumentParser`` for ``prog`` whose description is ``plain(doc)`` (a module docstring), each
    paragraph filled to the terminal's width (at most 100 columns); ``kwargs`` go to argparse."""

    def formatter(prog: str) -> argparse.HelpFormatter:
        return _ParagraphFormatter(prog, width=min(100, _columns()))

    return argparse.ArgumentParser(prog=prog, description=plain(doc), formatter_class=formatter, **kwargs)  # type: ignore[arg-type]


def new_file(text: str) -> str:
    """An argparse ``type`` for a file the program will write: a folder that does not exist or cannot be
    written is a usage error (exit 2) at once."""
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
    items: Iterable[T], description: str, *, total: int | None = None, label: Callable[[T], str] | None = None
) -> Iterator[T]:
    """``items``, unchanged, with a progress bar (tqdm) on standard error while that is a terminal,
    erased when the loop is left: ``description``, the count done of ``total`` (``len(items)`` when it
    has one), the time taken and left, and ``label(item)`` when given."""
    from tqdm import tqdm  # here, not at the top: a command's first statements come sooner (interrupt_exits)

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
