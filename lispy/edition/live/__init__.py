"""The edition you can run: each row's example and a REPL evaluated in the reader's browser by
lispy itself, in Pyodide (CPython compiled to WebAssembly), in a Web Worker.

Two halves, one module:

* **In the page** (imported by ``worker.js`` inside Pyodide): :func:`row_reply` evaluates the text
  of a row's form in that row's environment (the notes' parts the example uses, corrected, with the
  application's ``graph``, ``puzz``, ``successors`` …, as :mod:`lispy.edition.evidence.examples` evaluates
  the example at build time) and :class:`Repl` keeps the page's REPL session.  Both answer with
  exactly what ``python -m lispy`` prints for the same lines (values on one line each, errors as
  ``error: …``), from :class:`lispy.mexpr.session.Session`.  This half imports only lispy and
  its pure-Python dependencies lark, pyrsistent and toolz (no Pygments, tabulate, tqdm or
  markdown-it-py), so the page needs no package index.
* **At build time**: :func:`write_runtime` writes ``lispy.zip`` (the importable ``lispy`` package
  and :data:`PAGE_DEPENDENCIES`, from the installed ones), ``live.js``, ``worker.js`` and, with
  ``--pyodide DIR``, a copy of a local Pyodide distribution (else the page loads Pyodide
  :data:`PYODIDE_VERSION` from :data:`CDN`); :func:`row_form` and :func:`repl_panel` are the HTML
  the pages add.

The HTML interface (docs/edition.md, "An interface tests can drive"):
``<html data-runtime="loading|ready|unavailable">``
(set by ``live.js``; absent with no script, when the page is the static edition); each row's
``<form class="try" data-definition="ANCHOR">`` with ``<textarea name="expr">``,
``<button data-action="run">``, ``<output data-result>`` and ``data-state="running|done|error"``;
the REPL's ``<form id="repl">`` with ``<textarea name="input">``, ``[data-action=run]``,
``[data-action=stop]`` and ``<pre id="repl-log">``.

>>> row_reply("valmax", "valmax ((3 12 8) (2 4 6) (14 5 2))")
'3'
>>> print(Repl().reply("a 'G")[0])
error: in input, line 1, column 1: a: the argument G (a symbol) is an atom, not a list
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lispy.mexpr.environment import Environment
from lispy.mexpr.session import Session

if TYPE_CHECKING:
    from lispy.edition.evidence.rows import Row

__all__ = [
    "CDN",
    "PAGE_DEPENDENCIES",
    "PYODIDE_VERSION",
    "Live",
    "Repl",
    "arguments",
    "build_and_serve",
    "proof_form",
    "prove_edited",
    "prove_json",
    "repl_panel",
    "row_form",
    "row_json",
    "row_reply",
    "serve_after",
    "stepper_json",
    "write_runtime",
]

PYODIDE_VERSION = "314.0.7"
"""The Pyodide the edition is built and tested with (Python 3.14): ``npm install pyodide@314.0.7``."""

CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""Where the page loads Pyodide from when the build was not given ``--pyodide DIR``."""

ASSETS = ("live.js", "worker.js")
"""The scripts of the runnable edition, beside ``style.css`` in this package."""


# --- in the page --------------------------------------------------------------------------------


def _reply(session: Session, text: str) -> tuple[str, bool]:
    """What ``python -m lispy`` prints for the lines ``text`` in ``session``: each complete input's
    value or error, one after another; and whether any of them failed.  (:meth:`Session.reply
    <lispy.mexpr.session.Session.reply>` answers one complete input; this reads several lines, an
    input continued over lines included, as ``python -m lispy`` reads a file.)"""
    printed: list[str] = []
    failures = session.failures
    say, complain = session.say, session.complain
    session.say = session.complain = printed.append
    try:
        session.run_lines(text.splitlines())
    finally:
        session.say, session.complain = say, complain
    return "\n".join(printed), session.failures > failures


_ENVIRONMENTS: dict[Any, Environment] = {}


def _environment(anchor: str, printed: bool = False) -> Environment:
    """The environment in which the row ``anchor``'s example runs (shared by rows that need the same);
    with ``printed``, the same with the row's definition as printed (the others corrected), as
    ``:printed`` would load it.  Raises ``MSyntaxError`` for a printed form that does not read."""
    from lispy.edition.applications import application_for, not_last
    from lispy.notes.index import ENTRIES

    entry = next((e for e in ENTRIES if e.anchor == anchor), None)
    if entry is None:
        raise LookupError(f"no definition {anchor!r} in lispy.notes.index")
    application = application_for(entry)
    key: Hashable = (application.kind, entry.name, entry.occurrence) if not_last(entry) else application.kind
    if printed:
        key = ("printed", anchor)
    if key not in _ENVIRONMENTS:
        _ENVIRONMENTS[key] = application.notes(entry, printed)
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
    definitions as :mod:`lispy.edition.evidence.examples` has them; with ``printed``, the row's definition as
    the notes print it).  Each run starts from that environment as built: what ``text`` defines
    (``graph ← …``) is gone after it."""
    return _row(anchor, text, printed)[0]


def row_json(anchor: str, text: str, printed: bool = False) -> str:
    """:func:`row_reply` for ``worker.js``: JSON ``{"text": …, "failed": …}`` (``failed``: an error
    was printed)."""
    reply, failed = _row(anchor, text, printed)
    return json.dumps({"text": reply, "failed": failed})


def prove_edited(anchor: str, source: str, seed: int, trials: int) -> tuple[str, bool]:
    """The proof column's random-input check (:func:`lispy.edition.proof.prove`, the same inputs for
    ``seed`` and ``trials``) re-run with the row's definition replaced by ``source`` (an edited
    M-expression): what the page shows, and whether the two agreed on every input.  An edit that
    does not read, or that defines another name, is reported as lispy reports it."""
    import random
    from functools import partial

    from lispy.edition.applications import Application, application_for, python_definition
    from lispy.edition.evidence.proof import GRAPH_COUNT
    from lispy.edition.evidence.trials import CASES, Context, graph, show
    from lispy.mexpr.program import split_statements
    from lispy.notes.index import ENTRIES

    entries = {e.anchor: e for e in ENTRIES}
    entry = entries.get(anchor)
    if entry is None:
        raise LookupError(f"no definition {anchor!r} in lispy.notes.index")
    session = Session()
    failed: list[str] = []
    session.complain = failed.append
    found = session.attempt(lambda: [s.parse() for s in split_statements(source, "edit")], 1)
    if found is None:
        return "\n".join(failed), False
    if [s.name for s in found] != [entry.name]:
        named = ", ".join(s.name for s in found) or "nothing"
        return f"error: the edit must define {entry.name} alone (it defines {named})", False
    statement = found[0]
    case = next((c for c in CASES if c.anchor == anchor), None)
    made: dict[Any, Environment] = {}

    def environment(application: Application) -> Environment:
        key = (application.kind, repr(application.bindings.get("graph")), application.bindings.get("final"))
        if key not in made:
            m = application.notes(entry)
            m.define(statement)
            made[key] = m
        return made[key]

    def attempt(thunk: Callable[[], Any]) -> tuple[Any, str | None]:
        try:
            return thunk(), None
        except Exception as e:  # a failure is evidence, shown as the proof column shows it
            return None, f"{type(e).__name__}: {e}"

    agreed = count = 0
    first: str | None = None

    def check(shown: str, notes: Callable[[], Any], python: Callable[[], Any]) -> None:
        nonlocal agreed, count, first
        count += 1
        value, error = attempt(notes)
        theirs, their_error = attempt(python)
        if error is None and their_error is None and value == theirs:
            agreed += 1
        elif first is None:
            first = (
                f"on {shown}: the notes give {error or show(value)}, the Python {their_error or show(theirs)}"
            )

    made_error = None
    if case is None:
        application = application_for(entry)
        m, made_error = attempt(lambda: environment(application))
        if m is not None:
            check(entry.name, lambda: m[entry.name], lambda: python_definition(entry, application))
        inputs = "no input: an assignment's value, compared once"
    else:
        inputs = case.inputs
        rng = random.Random(f"{seed}:graphs")
        graphs = [Application.paths(*graph(rng)) for _ in range(min(GRAPH_COUNT, trials))]
        if case.kind == "paths":
            applications = graphs
        elif case.kind == "games":
            applications = [Application.games()]
        else:
            applications = [Application("words" if case.kind == "lists" else case.kind)]
        rng = random.Random(f"{seed}:{case.anchor}")
        evaluated: dict[tuple[int, str], Any] = {}  # the λs given as arguments, once for each environment
        for k in range(trials if case.kind != "paths" else len(graphs)):
            application = applications[k % len(applications)]
            m, made_error = attempt(lambda a=application: environment(a))  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
            if m is None:
                break

            def evaluate(text: str, m: Environment = m) -> Any:
                if (id(m), text) not in evaluated:
                    evaluated[id(m), text] = m.eval(text)
                return evaluated[id(m), text]

            context = Context(
                m,
                evaluate,
                lambda name, a=application: python_definition(entries[name], a),  # type: ignore[misc]
                application,
            )
            draw = case.draw(rng, context)
            python = python_definition(entry, application)
            check(
                draw.shown, partial(m.call, entry.name, *draw.notes_args), partial(python, *draw.python_args)
            )
    if made_error is not None:
        return f"error: the edited definition cannot be loaded: {made_error}", False
    holds = agreed == count > 0
    unit = "input" if count == 1 else "inputs"
    said = (
        f"{'✓' if holds else '✗'} The edited definition and the Python agreed on {agreed} of {count} {unit}: "
        f"{inputs} (seed {seed})."
    )
    return said + (f"\nFirst disagreement: {first}" if first else ""), holds


def prove_json(anchor: str, source: str, seed: int, trials: int) -> str:
    """:func:`prove_edited` for ``worker.js``: JSON ``{"text": …, "failed": …}``."""
    said, holds = prove_edited(anchor, source, seed, trials)
    return json.dumps({"text": said, "failed": not holds})


def stepper_json(k: int, n: int, seed: int, order: str) -> str:
    """The stepper of a random tree (:func:`lispy.edition.stepper.random_section`) for ``worker.js``:
    JSON ``{"html": …}``, or ``{"text": "error: …", "failed": true}`` for a choice it refuses."""
    from lispy.edition.page.stepper import random_section

    try:
        return json.dumps({"html": random_section(k, n, seed, order), "failed": False})
    except ValueError as e:
        return json.dumps({"text": f"error: {e}", "failed": True})


class Repl:
    """The page's REPL session: one :class:`Session` for the page."""

    def __init__(self) -> None:
        from lispy.edition.applications import REPL_APPLICATIONS

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


# --- at build time --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Live:
    """What the pages add for the runnable edition: ``head`` (the script tag), ``panel`` (the REPL)."""

    head: str
    panel: str
    where: str
    """Where the page loads Pyodide from: ``pyodide/`` (copied) or :data:`CDN`."""


PAGE_DEPENDENCIES = ("lark", "pyrsistent", "toolz")
"""The packages the page's lispy imports besides itself, all pure Python (pyrsistent without its
optional C extension), put into ``lispy.zip`` from the installed ones."""


def _archive(path: Path) -> int:
    """Write ``lispy`` and :data:`PAGE_DEPENDENCIES` (the installed, importable packages) into the
    zip ``path``."""
    folders = [Path(__file__).resolve().parents[2]]
    for name in PAGE_DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, f"{name} is a dependency of lispy"
        folders.append(Path(spec.origin).parent)
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for package in folders:
            for file in sorted(package.rglob("*")):
                if file.is_file() and "__pycache__" not in file.parts and file.suffix not in (".pyc", ".css"):
                    z.write(file, file.relative_to(package.parent).as_posix())
                    count += 1
    return count


def write_runtime(out: Path, pyodide: Path | None, say: Callable[[str], None] = print) -> Live:
    """Write the runtime's files into ``out``: ``lispy.zip``, ``live.js``, ``worker.js`` and, with
    ``pyodide`` (a folder holding ``pyodide.mjs``, as ``npm install pyodide@314.0.7`` leaves in
    ``node_modules/pyodide``), its copy in ``out/pyodide``.  Raises ``FileNotFoundError`` when
    ``pyodide`` holds no ``pyodide.mjs``."""
    if pyodide is not None:
        if not (pyodide / "pyodide.mjs").is_file():
            raise FileNotFoundError(
                f"{pyodide} holds no pyodide.mjs (give the folder of a Pyodide distribution, such as "
                f"node_modules/pyodide after npm install pyodide@{PYODIDE_VERSION})"
            )
        target = out / "pyodide"
        target.mkdir(parents=True, exist_ok=True)
        for file in sorted(pyodide.iterdir()):
            if file.is_file() and not file.name.endswith((".map", ".d.ts", ".html", ".md")):
                shutil.copyfile(file, target / file.name)
        where = "pyodide/"
        say(f"the page runs lispy in the Pyodide copied from {pyodide}")
    else:
        where = CDN
        say(f"the page loads Pyodide {PYODIDE_VERSION} from {CDN} (give --pyodide DIR for a local copy)")
    files = _archive(out / "lispy.zip")
    for name in ASSETS:
        text = resources.files("lispy.edition.live").joinpath(name).read_text(encoding="utf-8")
        (out / name).write_text(text, encoding="utf-8")
    size = (out / "lispy.zip").stat().st_size / 1e6
    say(f"  lispy.zip: lispy, {', '.join(PAGE_DEPENDENCIES)}, {files} files, {size:.1f} MB")
    head = f'<script src="live.js" defer data-pyodide="{escape(where)}"></script>'
    return Live(head, repl_panel(), where)


def _pyodide_folder(text: str) -> Path:
    path = Path(text)
    if not (path / "pyodide.mjs").is_file():
        raise argparse.ArgumentTypeError(
            f"{text} holds no pyodide.mjs: give the folder of a Pyodide distribution, such as "
            f"node_modules/pyodide after npm install pyodide@{PYODIDE_VERSION}"
        )
    return path


def arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--pyodide DIR``, ``--serve`` and ``--port N`` to the edition's command line."""
    parser.add_argument(
        "--pyodide",
        type=_pyodide_folder,
        metavar="DIR",
        help=f"a local Pyodide (npm install pyodide@{PYODIDE_VERSION}; DIR is node_modules/pyodide) to copy "
        f"into the output; without it the page loads Pyodide {PYODIDE_VERSION} from {CDN}",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="serve the edition on 127.0.0.1 after building it (into --out, or a temporary folder); "
        "a page opened as a file cannot run lispy",
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="the port for --serve (default: %(default)s; 0: any free port)"
    )


def serve_after(args: argparse.Namespace) -> int:
    """With ``--serve``, serve ``args.out`` until Ctrl-C; the exit status."""
    if not args.serve:
        return 0
    from lispy.edition.live.serve import serve

    return serve(args.out, args.port)


def build_and_serve(build: Callable[..., Any], args: argparse.Namespace) -> int:
    """``--serve`` without ``--out``: build into a temporary folder, serve it, remove it after."""
    with tempfile.TemporaryDirectory(prefix="lispy-edition-") as folder:
        args.out = Path(folder)
        build(args.out, args.notes, args.seed, args.trials, pyodide=args.pyodide)
        return serve_after(args)


def row_form(r: Row) -> str:
    """The form under a row's run cell: the example in the notes' notation, editable, run in the page."""
    o = r.outcome
    if o is None:
        return ""
    anchor = escape(r.entry.anchor)
    lines = max(1, o.example.notes.count("\n") + 1)
    return (
        f'<form class="try live" data-definition="{anchor}">'
        f'<label for="try-{anchor}">Try it here (the notes\' notation; several lines, definitions '
        "with ←)</label>"
        f'<textarea id="try-{anchor}" name="expr" rows="{lines + 1}" spellcheck="false">'
        f"{escape(o.example.notes)}</textarea>"
        '<div class="buttons"><button type="submit" data-action="run">Run</button>'
        + (
            ' <button type="button" data-action="run-printed" title="with this definition as the notes print '
            'it (ERRATA.md)">Run as printed (1973)</button>'
            if r.corrected is not None
            else ""
        )
        + ' <button type="button" data-action="stop" disabled>Stop</button>'
        + f'</div><output data-result for="try-{anchor}"></output></form>'
    )


def proof_form(r: Row) -> str:
    """The form under a row's proof cell: the definition, editable, checked again in the page against
    the transcription on the build's random inputs."""
    a = r.agreement
    if a is None:
        return ""
    anchor = escape(r.entry.anchor)
    source = r.corrected if r.corrected is not None else r.printed
    lines = source.rstrip("\n").count("\n") + 1
    return (
        f'<form class="proof live" data-definition="{anchor}" data-seed="{a.seed}" data-trials="{a.trials}">'
        f'<label for="prove-{anchor}">Edit the definition and check it again against the Python '
        f"(the same {a.trials} random inputs, seed {a.seed})</label>"
        f'<textarea id="prove-{anchor}" name="definition" rows="{lines + 1}" spellcheck="false">'
        f"{escape(source.rstrip())}</textarea>"
        '<div class="buttons"><button type="submit" data-action="prove">Check again</button></div>'
        f'<output data-result for="prove-{anchor}"></output></form>'
    )


def repl_panel() -> str:
    """The REPL panel: one session for the page, in a Web Worker, with a Stop button."""
    examples = [
        ":notes chapter5_insanity chapter5_search",
        "search p₀",
        "double x ← x + x",
    ]
    return (
        '<section class="live repl-panel" id="repl-panel"><h2>Try lispy here</h2>'
        '<p class="runtime-status" aria-live="polite"></p>'
        "<p>One session for the page, as <code>python -m lispy</code> at a terminal: definitions with "
        "<code>←</code> or <code>&lt;-</code>, <code>:notes PART</code> loads parts of the notes, "
        "<code>:help</code> lists the commands; ↑ and ↓ recall the inputs sent. Stop ends a long "
        "evaluation; the session's definitions are kept. "
        f"For example: {', '.join(f'<code>{escape(e)}</code>' for e in examples)}.</p>"
        '<form id="repl"><textarea name="input" rows="3" spellcheck="false" aria-label="lispy input">'
        f"{escape(examples[0])}</textarea>"
        '<div class="buttons"><button type="submit" data-action="run">Run (Ctrl+Enter)</button> '
        '<button type="button" data-action="stop" disabled>Stop</button></div></form>'
        '<pre id="repl-log" aria-live="polite"></pre></section>'
    )
