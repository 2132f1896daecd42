"""The edition you can run: the page's half, which ``worker.js`` imports inside Pyodide (CPython
compiled to WebAssembly) in a Web Worker, to run each row's example (:func:`row_reply`), re-run its
proof with the definition edited (:func:`prove_edited`), make the αβ stepper of a random tree
(:func:`stepper_json`) and keep the page's REPL (:class:`Repl`).  They answer with exactly what
``python -m lispy`` prints for the same lines, from :class:`lispy.mexpr.session.Session`.  It
imports only lispy and :data:`lispy.edition.live.runtime.PAGE_DEPENDENCIES` (no Pygments, tabulate,
tqdm or markdown-it-py), so the page needs no package index.  The build's half is
:mod:`lispy.edition.live.runtime`; the server, :mod:`lispy.edition.live.serve`; the interface
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

from lispy.mexpr.environment import Environment
from lispy.mexpr.program import split_statements
from lispy.mexpr.session import Session
from lispy.mexpr.syntax import Assignment, Definition
from lispy.notes.applications import REPL_APPLICATIONS, application_for, by_anchor, redefined_later

__all__ = ["Repl", "prove_edited", "prove_json", "row_json", "row_reply", "stepper_json"]


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
        environment = session.attempt(lambda: _environment(anchor, printed=True), 1)
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
    found = session.attempt(lambda: [s.parse() for s in split_statements(source, "edit")], 1)
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


class Repl:
    """The page's REPL session: one :class:`Session` for the page."""

    def __init__(self) -> None:
        self.session = Session(applications=REPL_APPLICATIONS)
        self.failed = False
        """Whether the last :meth:`reply` printed an error."""

    def reply(self, text: str) -> tuple[str, bool]:
        """What the terminal REPL prints for ``text``, and whether ``text`` changed the session's
        definitions (the page replays those inputs into a new worker after Stop)."""
        environment = self.session.environment
        before = {name: id(value) for name, value in environment.globals.items()}
        printed, self.failed = _reply(self.session, text)
        after = {name: id(value) for name, value in self.session.environment.globals.items()}
        return printed, before != after

    def json(self, text: str) -> str:
        """:meth:`reply` for ``worker.js``: JSON ``{"text": …, "defines": …, "failed": …}``."""
        printed, defines = self.reply(text)
        return json.dumps({"text": printed, "defines": defines, "failed": self.failed})
