"""The edition you can run: the page's half, which ``worker.js`` imports inside Pyodide (CPython
compiled to WebAssembly) in a Web Worker, to run each row's example (:func:`row_reply`), re-run its
proof with the definition edited (:func:`prove_edited`), make the αβ stepper of a random tree
(:func:`stepper_json`), play tic-tac-toe against the notes (:func:`game_json`) and keep the page's
REPL (:class:`Repl`, whose ``:step`` steps through chapter 5's search of the reader's own problem).
They answer with exactly what ``python -m lispy`` prints for the same lines, from
:class:`lispy.mexpr.session.Session`.  It imports only lispy and
:data:`lispy.edition.live.pyodide.PAGE_DEPENDENCIES` (no Pygments, tabulate, tqdm or
markdown-it-py), so the page needs no package index.  The build's half is
:mod:`lispy.edition.live.pyodide`; the server, :mod:`lispy.edition.live.serve`; the interface
``live.js`` drives and tests script (``data-runtime``, ``data-action``…), ``docs/edition.md``, "An
interface tests can drive".

>>> row_reply("valmax", "valmax ((3 12 8) (2 4 6) (14 5 2))")
'3'
>>> print(Repl().reply("a 'G")[0])
error: in input, line 1, column 1: a: the argument G (a symbol) is an atom, not a list
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from lispy.edition.live import freeing
from lispy.mexpr.environment import Environment
from lispy.mexpr.program import split_statements
from lispy.mexpr.session import COMMANDS, Session, help_text
from lispy.mexpr.syntax import Assignment, Definition
from lispy.notes.applications import REPL_APPLICATIONS, application_for, by_anchor, redefined_later

__all__ = [
    "Repl",
    "game_json",
    "game_turn",
    "prove_edited",
    "prove_json",
    "row_json",
    "row_reply",
    "stepper_json",
]

freeing.install()  # on Emscripten only: cells freed one at a time (lispy.edition.live.freeing)


def _reply(session: Session, text: str) -> tuple[str, bool]:
    """What ``python -m lispy`` prints for the lines ``text`` (as it reads a file) in ``session``,
    and whether any input failed."""
    printed: list[str] = []
    failures = session.failures
    say, complain = session.say, session.complain
    session.say = session.complain = printed.append
    try:
        session.run_lines(text.splitlines())
    finally:
        session.say, session.complain = say, complain
    return "\n".join(printed), session.failures > failures


_ENVIRONMENTS: dict[Hashable, Environment] = {}


def _environment(anchor: str, printed: bool = False) -> Environment:
    """The environment the row ``anchor``'s example runs in, shared by rows that need the same; with
    ``printed``, the row's definition as printed (as ``:printed`` loads it)."""
    entry = by_anchor(anchor)
    application = application_for(entry)
    key: Hashable = (
        (application.kind, entry.name, entry.occurrence) if redefined_later(entry) else application.kind
    )
    if printed:
        key = ("printed", anchor)
    if key not in _ENVIRONMENTS:
        _ENVIRONMENTS[key] = application.environment(entry, printed)
    return _ENVIRONMENTS[key]


def _row(anchor: str, text: str, printed: bool) -> tuple[str, bool]:
    session = Session()
    if printed:  # a printed form that does not read fails here, reported as the REPL reports it
        failed: list[str] = []
        session.complain = failed.append
        environment = session.attempt(lambda: _environment(anchor, printed=True), None)
        if environment is None:
            return "\n".join(failed), True
    else:
        environment = _environment(anchor)
    saved = environment.snapshot()
    session.environment = environment
    try:
        return _reply(session, text)
    finally:
        environment.restore(saved)


def row_reply(anchor: str, text: str, printed: bool = False) -> str:
    """What ``python -m lispy`` prints for ``text`` in the environment of the row ``anchor`` (its
    definitions as :mod:`lispy.edition.evidence.examples` has them; with ``printed``, the row's
    definition as the notes print it).  Each run starts from that environment as built: what
    ``text`` defines (``graph ← …``) is gone after it.  Raises ``LookupError`` for another anchor."""
    return _row(anchor, text, printed)[0]


def row_json(anchor: str, text: str, printed: bool = False) -> str:
    """:func:`row_reply` for ``worker.js``: JSON ``{"text": …, "failed": …}`` (``failed``: an error
    was printed)."""
    reply, failed = _row(anchor, text, printed)
    return json.dumps({"text": reply, "failed": failed})


def prove_edited(anchor: str, source: str, seed: int, trials: int) -> tuple[str, bool]:
    """The proof column's random-input check (:func:`lispy.edition.evidence.proof.random_evidence`, the same
    inputs for ``seed`` and ``trials``) re-run with the row's definition replaced by ``source`` (an
    edited M-expression): what the page shows, and whether the two agreed on every input.  An edit
    that does not read, defines another name or cannot be loaded is reported as lispy reports it."""
    from lispy.edition.evidence.proof import (
        random_evidence,  # the proof's own machinery, when it is asked for
    )

    entry = by_anchor(anchor)
    session = Session()
    failed: list[str] = []
    session.complain = failed.append
    found = session.attempt(lambda: [s.parse() for s in split_statements(source, "edit")], None)
    if found is None:
        return "\n".join(failed), False
    if [s.name for s in found] != [entry.name]:
        named = ", ".join(s.name for s in found) or "nothing"
        return f"error: the edit must define {entry.name} alone (it defines {named})", False
    arity, edited_arity = _arity(entry.statement().parse()), _arity(found[0])
    if edited_arity != arity:  # else the proof would call a value, or pass the wrong number of arguments
        wanted, got = _shape(arity), _shape(edited_arity)
        return f"error: the edit must define {entry.name} as {wanted}, as the notes do (it is {got})", False
    try:
        a = random_evidence(entry, seed, trials, edited=found[0])
    except Exception as e:  # the edited definition is not one the notes' interpreter can load
        return f"error: the edited definition cannot be loaded: {type(e).__name__}: {e}", False
    said = (
        f"{'✓' if a.holds else '✗'} The edited definition and the Python agreed on {a.agreed} of {a.trials} "
        f"{'input' if a.trials == 1 else 'inputs'}: {a.inputs} (seed {seed})."
    )
    return said + (f"\nFirst disagreement: {a.disagreement}" if a.disagreement else ""), a.holds


def _arity(statement: Definition | Assignment) -> int | None:
    """How many parameters a definition takes; ``None`` for an assignment (a value)."""
    return len(statement.params) if isinstance(statement, Definition) else None


def _shape(arity: int | None) -> str:
    return "a value" if arity is None else f"a function of {arity} argument{'' if arity == 1 else 's'}"


def prove_json(anchor: str, source: str, seed: int, trials: int) -> str:
    """:func:`prove_edited` for ``worker.js``: JSON ``{"text": …, "failed": …}``."""
    said, holds = prove_edited(anchor, source, seed, trials)
    return json.dumps({"text": said, "failed": not holds})


def stepper_json(k: int, n: int, seed: int, order: str) -> str:
    """The stepper of a random tree (:func:`lispy.edition.page.stepper.random_stepper`) for
    ``worker.js``: JSON ``{"html": …}``, or ``{"text": "error: …", "failed": true}`` for a choice it
    refuses."""
    from lispy.edition.page.stepper import html, random_stepper

    try:
        return json.dumps({"html": html(random_stepper(k, n, seed, order)), "failed": False})
    except ValueError as e:
        return json.dumps({"text": f"error: {e}", "failed": True})


def game_turn(cells: str, reader: str) -> dict[str, Any]:
    """A turn of tic-tac-toe against the notes (:mod:`lispy.games.play`) on the board ``cells`` (nine
    of ``X``, ``O``, ``.``, row by row), the reader playing ``reader`` (``"X"`` or ``"O"``): where the
    program is to move, its move (``movemax``/``movemin``, the quickest win among the best) and why.
    Returns ``board`` (the cells after it), ``state`` from the reader's side (``your-move``, ``won``,
    ``lost``, ``drawn``), ``values`` (``[cell, value]`` for each free cell: the notes' value, from X's
    side, of the position the reader's move there makes), ``played`` (the program's cell or ``None``)
    and ``says``.  Raises ``ValueError`` for a board that is not one of the game's or another reader.

    >>> game_turn("XX.OO....", "O")["played"], game_turn("XX.OO....", "O")["state"]
    (2, 'lost')
    """
    from lispy.games.play import choose, values
    from lispy.games.tictactoe import TicTacToe, board

    if reader not in ("X", "O"):
        raise ValueError(f"the reader plays X or O, not {reader!r}")
    state = board(cells)
    if not 0 <= state.cells.count("X") - state.cells.count("O") <= 1:
        raise ValueError(f"{cells!r} is not a board of the game: X moves first, then each in turn")
    played, says = None, ""
    if not state.over and state.to_move != reader:
        c = choose(state)
        played = c.cell
        says = f"The program plays {c.cell + 1}. " + c.says(lambda i: str(i + 1))
        state = TicTacToe().play(state, c.cell)
    if state.over:
        outcome = "drawn" if state.winner is None else "won" if state.winner == reader else "lost"
        words = {"drawn": "A draw.", "won": "You win.", "lost": "The program wins."}[outcome]
        says = f"{says} {words}".strip()
        return {"board": state.cells, "state": outcome, "values": [], "played": played, "says": says}
    moves = [[m.cell, m.value] for m in values(state)]
    return {"board": state.cells, "state": "your-move", "values": moves, "played": played, "says": says}


def game_json(cells: str, reader: str) -> str:
    """:func:`game_turn` for ``worker.js``: JSON of its dict, or ``{"text": "error: …", "failed": true}``."""
    try:
        return json.dumps({**game_turn(cells, reader), "failed": False})
    except ValueError as e:
        return json.dumps({"text": f"error: {e}", "failed": True})


PAGE_COMMANDS = {
    **{command: says for command, says in COMMANDS.items() if command not in (":load FILE", ":quit")},
    ":step P": "chapter 5's search from the position P, stepped through, on the session's lose, ter and"
    " successors",
}
"""The commands of the page's REPL: the terminal's but ``:load`` and ``:quit`` (the page has no files
and no end), and ``:step``."""


class Repl:
    """The page's REPL session: one :class:`Session` for the page; ``:help`` lists what works there.

    >>> said = Repl().reply(":help")[0]
    >>> ":step P" in said, ":load" in said, ":quit" in said, "nth[u,k]" in said
    (True, False, False, True)
    """

    def __init__(self) -> None:
        self.session = Session(applications=REPL_APPLICATIONS, help=help_text(PAGE_COMMANDS))
        self.failed = False
        """Whether the last :meth:`reply` printed an error."""
        self.stepper: str | None = None
        """The HTML of the stepper the last :meth:`reply` made (``:step``), or None."""

    def reply(self, text: str) -> tuple[str, bool]:
        """What the terminal REPL prints for ``text``, and whether ``text`` changed the session's
        definitions (the page replays those inputs into a new worker after Stop).  The page's own
        command ``:step P`` (or ``:step search P``) is :meth:`step`'s."""
        self.stepper = None
        if text.strip().split(maxsplit=1)[:1] == [":step"]:
            return self.step(text.strip()[len(":step") :].strip()), False
        environment = self.session.environment
        before = {name: id(value) for name, value in environment.globals.items()}
        printed, self.failed = _reply(self.session, text)
        after = {name: id(value) for name, value in self.session.environment.globals.items()}
        return printed, before != after

    def step(self, start: str) -> str:
        """``:step P``: chapter 5's ``search`` from the position the expression ``P`` gives, on the
        session's own ``lose``, ``ter`` and ``successors`` (the reader's, or those of the notes' part
        last loaded), stepped in the page: :attr:`stepper` is its HTML
        (:func:`lispy.edition.page.search_stepper.html`); what the REPL prints is returned.

        >>> r = Repl()
        >>> print(r.step("p₀"))
        error: :step needs lose, ter and successors: define them, or load a problem of the notes (\
:notes chapter5_insanity chapter5_search)
        >>> r.reply(":notes chapter5_insanity chapter5_search")[0], r.step("search p₀")
        ('loaded chapter5_insanity chapter5_search', 'search p₀: 591 positions examined, stepped below')
        """
        from lispy.edition.page.search_stepper import TooManyPositions, html, search_stepper
        from lispy.mexpr.prelude import truth

        start = start.removeprefix("search ").strip()
        self.failed = True
        if not start:
            return "error: :step takes a start position, as in :step p₀ or :step '(A)"
        environment = self.session.environment
        missing = [name for name in ("lose", "ter", "successors") if name not in environment]
        if missing:
            return (
                "error: :step needs lose, ter and successors: define them, or load a problem of the notes "
                "(:notes chapter5_insanity chapter5_search)"
            )

        def bound(name: str) -> Any:  # lose and ter true as the notes' conditions are: not false, not NIL
            if name == "successors":
                return lambda p: environment.call(name, p)
            return lambda p: truth(environment.call(name, p))

        def made() -> Any:  # the stepper, or the words of a search too long to step through
            p = environment.eval(start)
            if p is None:
                return f"error: :step takes an expression, not a definition: {start}"
            title = f"search {start}, with the session's lose, ter and successors"
            try:
                return search_stepper("repl", title, bound("lose"), bound("ter"), bound("successors"), p)
            except TooManyPositions as e:
                return f"error: {e}"

        printed: list[str] = []
        say, complain = self.session.say, self.session.complain
        self.session.say = self.session.complain = printed.append
        try:
            stepper = self.session.attempt(made, None)
        finally:
            self.session.say, self.session.complain = say, complain
        if stepper is None or isinstance(stepper, str):
            return "\n".join(printed) if stepper is None else stepper
        self.failed = False
        self.stepper = html(stepper)
        return f"search {start}: {len(stepper.nodes):,} positions examined, stepped below"

    def json(self, text: str) -> str:
        """:meth:`reply` for ``worker.js``: JSON ``{"text": …, "defines": …, "failed": …}``, and
        ``"stepper"``, the HTML of a ``:step``'s stepper."""
        printed, defines = self.reply(text)
        answer = {"text": printed, "defines": defines, "failed": self.failed}
        return json.dumps(answer if self.stepper is None else {**answer, "stepper": self.stepper})
