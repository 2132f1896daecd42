"""One REPL session: an environment of definitions, and what to do with each complete input.

Whatever the input, the session goes on with every definition: a failure is one line (``error: in
f, line 1, column 3: undefined name g``), counted in :attr:`Session.failures`; Ctrl-C stops the
evaluation (``interrupted``), not the session; running out of memory is reported as such, anything
else as a bug in lispy.  Given ``applications`` (:data:`lispy.notes.applications.REPL_APPLICATIONS`),
``:notes`` loads each part that poses a problem into an environment of its own (:mod:`lispy.mexpr.problems`).
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from lispy.mexpr.environment import Environment
from lispy.mexpr.errors import EvalError, UndefinedName, show
from lispy.mexpr.listing import python_of
from lispy.mexpr.prelude import PARAMETERS
from lispy.mexpr.problems import Problem, Problems
from lispy.mexpr.program import PARTS, SourceStatement, part_defining, split_statements
from lispy.mexpr.syntax import REST, Assignment, Definition, MSyntaxError, Reading, parse_expression
from lispy.sexpr.data import PrintError, ReadError

T = TypeVar("T")

COMMANDS: dict[str, str] = {
    ":notes PART ...": "load parts of the notes, corrected (:notes alone lists them)",
    ":printed PART ...": "load parts exactly as printed (see ERRATA.md for what fails)",
    ":load FILE": "load a file of definitions and assignments (all or nothing)",
    ":python NAME": "the Python that a definition compiles to",
    ":env": "the names defined in this session",
    ":help": "this help",
    ":quit": "leave",
}
"""The terminal's commands, each with what it does (the page has its own, :mod:`lispy.edition.live`)."""


def help_text(commands: Mapping[str, str], width: int = 100) -> str:
    """What ``:help`` prints: ``commands`` (each with what it does), then the functions every session
    has, each with its parameters (:data:`lispy.mexpr.prelude.PARAMETERS`), filled to ``width``.

    >>> print(help_text({":env": "the names defined"}, width=60))  # doctest: +ELLIPSIS
    Commands:
    <BLANKLINE>
        :env                 the names defined
    <BLANKLINE>
    Functions given (the notes' chapter I, and LISP's list):
    <BLANKLINE>
        a[u] d[u] n[u] atom[x] eq[x,y] equal[x,y] length[u]
    ...
    """
    lines = ["Commands:", ""] + [f"    {command:<20} {says}" for command, says in commands.items()]
    given = [f"{name}[{','.join(params)}]" for name, params in PARAMETERS.items()]
    lines += ["", "Functions given (the notes' chapter I, and LISP's list):", ""]
    lines += textwrap.wrap(" ".join(given), width, initial_indent="    ", subsequent_indent="    ")
    lines += ["", *textwrap.wrap("Notation: " + NOTATION_HELP, width)]
    return "\n".join(lines)


NOTATION_HELP = (
    "f[x,y] ← e defines, x ← e assigns; if p then e1 else e2; λx.e; x . u (cons), u * v (append);"
    " = eq ε ≤ ≥ < >; x + y; 16f x; a p and x, a p or x (bitwise on numbers, tighter than =);"
    " p ∨ q, p ∧ q, ¬p (logical, looser than =); '(A B) quotes; ∞ and -∞; docs/mexpr.md has it all."
)


@dataclass(frozen=True)
class Input:
    """A complete input (``waiting`` is ``None``), or one ended unfinished: then ``waiting`` says for what."""

    line: int  #: where it begins in its source (a file, the pipe, the session), from 1
    text: str
    waiting: str | None = None


class Collector:
    """Lines in, inputs out, at a terminal and from a file alike: :meth:`add` each line, :meth:`finish`
    at the end.  An input goes on while the parser finds it unfinished (:class:`~lispy.mexpr.syntax.Reading`);
    an empty line, a command (``:…``), or a line complete by itself that joining would not finish, ends
    it unfinished (:attr:`Input.waiting`), so that one unclosed bracket never swallows a file.

    >>> c = Collector()
    >>> c.add(1, "f[x] ← (x"), c.waiting
    ([], "')' to close the '(' at line 1, column 8")
    >>> c.add(2, "  1)")
    [Input(line=1, text='f[x] ← (x\\n  1)', waiting=None)]
    """

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._start = 0
        self._reading = Reading()
        self.waiting: str | None = None
        """What the input collected so far waits for; ``None`` when nothing is pending."""

    @property
    def pending(self) -> bool:
        return bool(self._lines)

    @property
    def line_count(self) -> int:
        """How many lines the unfinished input has so far."""
        return len(self._lines)

    def add(self, number: int, line: str) -> list[Input]:
        """The inputs that line ``number`` completes or ends (none while an input goes on)."""
        stripped = line.lstrip()
        empty, comment, command = not stripped, stripped.startswith(";"), stripped.startswith(":")
        if not self._lines:
            if empty or comment:
                return []
            self._lines, self._start = [line], number
            if command:
                return self._settle(None)
            self._reading = Reading(number)
            self._reading.feed(line)
            return self._settle(self._reading.waiting)
        if empty:
            return [self._end()]
        if comment:
            return []
        if command:
            return [self._end(), *self.add(number, line)]
        self._reading.feed(line)
        if self._reading.waiting is not None and _complete(line):
            return [self._end(), *self.add(number, line)]
        self._lines.append(line)
        return self._settle(self._reading.waiting)

    def _settle(self, waiting: str | None) -> list[Input]:
        """The input so far waits for ``waiting`` (and goes on), or is complete."""
        self.waiting = waiting
        if waiting is not None:
            return []
        text, self._lines = "\n".join(self._lines), []
        return [Input(self._start, text)]

    def cancel(self) -> Input | None:
        """Drop the unfinished input (Ctrl-C at the continuation prompt); it is returned, unfinished."""
        return self._end() if self._lines else None

    def finish(self) -> list[Input]:
        """At the end of the input: the unfinished input, if any."""
        return [self._end()] if self._lines else []

    def _end(self) -> Input:
        ended = Input(self._start, "\n".join(self._lines), self.waiting or REST)
        self._lines, self.waiting = [], None
        return ended


def _complete(text: str) -> bool:
    try:
        parse_expression(text)
    except MSyntaxError:
        return False
    return True


class CommandError(ValueError):
    """A command that cannot be carried out: unknown, wrong arguments, a file that cannot be read."""


class LoadError(CommandError):
    """A file that ``:load`` could not load whole: the error of the line that failed."""


class Session:
    """One REPL session: ``say`` prints values, ``complain`` errors; ``help`` is what ``:help`` prints."""

    def __init__(
        self,
        say: Callable[[str], None] = print,
        complain: Callable[[str], None] | None = None,
        help: str | None = None,
        applications: Mapping[str, Problem] | None = None,
    ) -> None:
        self.environment = Environment()
        self.problems = Problems(applications)
        self.say = say
        self.complain = complain or (lambda text: print(text, file=sys.stderr))
        self.help = help_text(COMMANDS) if help is None else help
        self.failures = 0
        self.done = False
        self.interrupted = "interrupted"  #: what Ctrl-C during an evaluation prints
        self.source = "input"
        """What the inputs come from, as errors name it: ``input``, or the name of the file being run."""

    def run_lines(self, lines: Iterable[str], source: str | None = None) -> None:
        """Evaluate the lines of a file, a pipe or a page's text, each complete input with its line
        number, until :attr:`done`; an input still unfinished at the end is reported as such.  Errors
        name ``source`` (a file's name, :attr:`source`) where they would say ``input``.

        >>> said: list[str] = []
        >>> Session(said.append).run_lines(["twice x ← x +", "  x", "twice 21"])
        >>> said
        ['42']
        """
        if source is not None:
            self.source = source
        collector = Collector()
        for number, line in enumerate(lines, 1):
            for item in self.attempt(partial(collector.add, number, line.rstrip("\n")), number) or []:
                self.handle(item)
                if self.done:
                    return
        for item in collector.finish():
            self.handle(item)

    def reply(self, text: str) -> str:
        """What the REPL prints for the complete input ``text``: its value, the error (``error: …``,
        counted in :attr:`failures`), or ``""``.  Raises only what is not the input's (``SystemExit``).

        >>> s = Session()
        >>> s.reply("twice x ← x + x"), s.reply("twice 21"), s.reply("twice")
        ('', '42', '#<function twice[x]>')
        >>> s.reply("twice[1,2]")
        'error: in input, line 1, column 1: twice takes 1 argument(s), [x], but was given 2'
        """
        shown, _ = self._answer(text, None)
        return shown or ""

    def handle(self, text: str | Input, line: int | None = None) -> None:
        """Print (``say``) what :meth:`reply` gives for one input beginning at ``line`` (``None``: an
        input typed alone, whose errors name no line of a file), an error by ``complain``; an
        :class:`Input` ended unfinished is an error saying what it waited for."""
        if isinstance(text, Input):
            if text.waiting is not None:
                return self._fail(f"error: {self._at(text.line)}unfinished input, waiting for {text.waiting}")
            line, text = text.line, text.text
        shown, failed = self._answer(text, line)
        if shown is not None:
            (self.complain if failed else self.say)(shown)
        return None

    def _at(self, line: int | None) -> str:
        """The place of the input at ``line`` in an error: ``t.m, line 3: ``, ``line 3: ``, or nothing."""
        if line is None:
            return ""
        return f"line {line}: " if self.source == "input" else f"{self.source}, line {line}: "

    def _answer(self, text: str, line: int | None) -> tuple[str | None, bool]:
        """What to print for ``text`` (``None``: nothing), and whether it is an error (counted)."""
        stripped = text.strip()
        if not stripped or stripped.startswith(";"):
            return None, False
        try:
            return self._evaluate(stripped, text, line), False
        except BaseException as e:
            message = self._failure(e, line)
            if message is None:
                raise
            self.failures += 1
            return message, True

    def _evaluate(self, stripped: str, text: str, line: int | None) -> str | None:
        values, origins = self.environment.globals, self.problems.origins
        if stripped.startswith(":"):
            shown = self.command(stripped)
        else:
            value = self.environment.run("\n" * ((line or 1) - 1) + text, self.source)
            shown = None if value is None else show(value)
        note = self.problems.rebinding_note(self.environment, values, origins)
        return "\n".join(t for t in (shown, note) if t is not None) or shown

    def attempt(self, thunk: Callable[[], T], line: int | None) -> T | None:
        """``thunk()``, or ``None`` with its failure reported (counted, one line), Ctrl-C included."""
        try:
            return thunk()
        except BaseException as e:
            message = self._failure(e, line)
            if message is None:
                raise
            self._fail(message)
        return None

    def _failure(self, e: BaseException, line: int | None) -> str | None:
        """The one line that reports ``e`` (raised by the input at ``line``), or ``None`` (``SystemExit``)."""
        if isinstance(e, UndefinedName):
            part = part_defining(e.name)
            return f"error: {e}" + (f" (the notes define it in {part}: :notes {part})" if part else "")
        if isinstance(e, (EvalError, MSyntaxError, ReadError, LoadError)):
            return f"error: {e}"
        if isinstance(e, KeyboardInterrupt):
            return self.interrupted
        if isinstance(e, MemoryError):
            return f"error: {self._at(line)}out of memory (a list or a number grew without end?)"
        if isinstance(e, (CommandError, PrintError, RecursionError)):  # PrintError: a result past the digits
            return f"error: {self._at(line)}{e}"
        if isinstance(e, Exception):  # the session must survive even a bug of lispy's
            return f"error: {self._at(line)}{type(e).__name__}: {e} (a bug in lispy: please report it)"
        return None

    def _fail(self, message: str) -> None:
        self.failures += 1
        self.complain(message)

    def command(self, text: str) -> str | None:
        """Carry out a command; what it prints.  Raises :class:`CommandError`."""
        if not text[1:].strip():
            raise CommandError("a command needs its name after the colon; try :help")
        name, *args = text[1:].split()
        if name in ("quit", "q", "exit"):
            self.done = True
            return None
        if name == "help":
            return self.help
        if name in ("notes", "printed"):
            return self._notes(args, corrected=name == "notes")
        if name == "load":
            return self._load(args)
        if name == "python":
            if len(args) != 1:
                raise CommandError(":python takes one name, as in :python search")
            try:
                return python_of(self.problems.environment(self.environment, args[0]), args[0])
            except ValueError as e:
                raise CommandError(str(e)) from None
        if name == "env":
            return self.problems.listing(self.environment)
        raise CommandError(f"no command :{name}; try :help")

    def _notes(self, parts: list[str], corrected: bool) -> str:
        if not parts:
            return "parts of the notes: " + " ".join(PARTS)
        unknown = [p for p in parts if p not in PARTS]
        if unknown:
            raise CommandError(f"no part {' '.join(unknown)} of the notes; the parts: {' '.join(PARTS)}")
        return self.problems.load(self.environment, parts, corrected)

    def _load(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError(":load takes one file name")
        path = Path(args[0])
        text = _read(path)
        statements = split_statements(text, path.name)
        before = self.environment.snapshot()
        for s in statements:
            try:
                self.environment.define(_statement(s, path))
            except BaseException as e:  # all or nothing: the session as it was before the file
                self.environment.restore(before)
                if isinstance(e, LoadError):
                    raise LoadError(f"{path.name}, {e}\n(nothing of {path} is loaded)") from None
                if isinstance(e, (EvalError, MSyntaxError, ReadError)):
                    raise LoadError(f"{e}\n(nothing of {path} is loaded: line {s.line} failed)") from None
                raise
        return f"loaded {path}"


def _read(path: Path) -> str:
    """The text of the file ``path`` that ``:load`` reads; a path or a file that will not do is a
    :class:`CommandError` naming it (a NUL byte, a folder, no permission, not UTF-8).

    >>> _read(Path("a\\0b"))
    Traceback (most recent call last):
    lispy.mexpr.session.CommandError: cannot read 'a\\x00b': a file name cannot hold a NUL byte
    """
    shown = str(path) if str(path).isprintable() else repr(str(path))
    if "\0" in str(path):
        raise CommandError(f"cannot read {shown}: a file name cannot hold a NUL byte")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CommandError(f"cannot read {shown}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, column = data.count(b"\n", 0, e.start) + 1, e.start - data.rfind(b"\n", 0, e.start)
        byte = data[e.start : e.start + 1].hex()
        raise CommandError(
            f"cannot read {shown}: not UTF-8 text (the byte 0x{byte} at line {line}, column {column})"
        ) from None


def _statement(statement: SourceStatement, path: Path) -> Definition | Assignment:
    """A statement of the file ``path`` that ``:load`` reads, parsed; an expression refused as such."""
    try:
        return statement.parse()
    except MSyntaxError:
        try:
            node: object = parse_expression(statement.text)
        except MSyntaxError:
            node = None
        if node is None or isinstance(node, (Definition, Assignment)):
            raise
        shown = statement.text.splitlines()[0] + (" …" if "\n" in statement.text else "")
        raise LoadError(
            f"line {statement.line}: {shown} is an expression, and :load takes definitions and assignments"
            f" (f x ← …, x ← …) only: type it at the prompt, or run the file with python -m lispy {path}"
        ) from None
