"""The "proof" column: evidence, computed at build time, that each transcription says what the notes say.

For each definition, random inputs drawn from a seeded generator (the seed is shown), each given
to the notes' definition evaluated by :mod:`lispy.mexpr` and to the Python transcription; the
count of inputs on which the two agreed (``==``, Lisp's ``equal``), and the first on which they
did not.  Where the library computes the same thing another way (a loop for a recursion), that
form is checked on the same inputs.  The inputs follow the shapes that ``tests/test_mexpr.py``
draws with Hypothesis: small lists, random graphs (paths), random game trees with one to three
moves a position, random partial towers of Instant Insanity in both representations.  An
assignment's value is compared once: ``p₀``, ``puzz1`` and ``puzz2`` take no input, and ``puzz3``,
``puzz4``, ``puzz`` and ``puzza``, computed from the assignment before them, are compared on the
notes' puzzle (:func:`lispy.edition.trials.assignment_inputs` says which).

The second kind of evidence, that the M-expression compiled to Python is the transcription up
to a few documented rewrites, is :func:`structural`, computed by
:func:`lispy.edition.correspondence.compare` from the compiled definition and the transcription's
source as they are in this build.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from lispy.edition.applications import Application, application_for, not_last, python_definition
from lispy.edition.evidence.correspondence import compare
from lispy.edition.evidence.trials import CASES, Case, Context, assignment_inputs, graph, show
from lispy.mexpr.environment import Environment
from lispy.mexpr.syntax import Assignment
from lispy.notes.index import ENTRIES, Entry

__all__ = ["SEED", "Agreement", "Structural", "prove", "structural"]

SEED = 1973
"""The default seed of the random inputs: the year of the notes."""

GRAPH_COUNT = 20
"""How many random graphs the path definitions are tried on (each needs the notes loaded anew)."""


@dataclass(frozen=True)
class Agreement:
    """The random-input evidence for one definition.

    ``inputs`` says what was drawn; ``trials`` inputs, of which the notes and the transcription
    agreed on ``agreed``; ``disagreement`` describes the first on which they did not (``None``
    when they always agreed); ``library_agreed`` the count for the library's own form, where it
    has one (else ``None``); ``seed`` the seed.
    """

    inputs: str
    trials: int
    agreed: int
    seed: int
    disagreement: str | None = None
    library_agreed: int | None = None

    @property
    def holds(self) -> bool:
        """Every input agreed, in the transcription and in the library's form."""
        return self.agreed == self.trials and self.library_agreed in (None, self.trials) and self.trials > 0


@dataclass(frozen=True)
class Structural:
    """Whether the entry's M-expression, compiled to Python, is its transcription (up to the
    documented rewrites); ``detail`` says how they differ when they do."""

    equal: bool
    detail: str = ""


def structural(entry: Entry) -> Structural | None:
    """Whether ``entry``'s definition, as corrected, compiles to its transcription (in normal form).

    ``detail`` names the rewrites when they are equal, and shows both normal forms when not.
    """
    comparison, error = _attempt(lambda: compare(entry))
    if comparison is None:
        return Structural(False, f"could not compare: {error}")
    if comparison.equal:
        return Structural(True, "The compiled M-expression and the transcription are the same Python, "
                          "up to the rewrites of lispy.edition.correspondence.")  # fmt: skip
    return Structural(False, f"compiled: {comparison.compiled}  transcription: {comparison.transcribed}")


def _attempt(thunk: Callable[[], Any]) -> tuple[Any, str | None]:
    try:
        return thunk(), None
    except Exception as e:  # a failure is evidence, shown in the cell
        return None, f"{type(e).__name__}: {e}"


class _Tally:
    """The count for one definition, input by input."""

    def __init__(self, inputs: str, seed: int, library: bool) -> None:
        self.inputs, self.seed = inputs, seed
        self.trials = self.agreed = 0
        self.library_agreed: int | None = 0 if library else None
        self.disagreement: str | None = None

    def check(
        self,
        shown: str,
        notes: Callable[[], Any],
        python: Callable[[], Any],
        library: Callable[[], Any] | None,
    ) -> None:
        self.trials += 1
        value, error = _attempt(notes)
        theirs, their_error = _attempt(python)
        if error is None and their_error is None and value == theirs:
            self.agreed += 1
        elif self.disagreement is None:
            self.disagreement = (
                f"on {shown}: the notes give {error or show(value)}, the Python {their_error or show(theirs)}"
            )
        if library is not None and self.library_agreed is not None:
            loop, loop_error = _attempt(library)
            if error is None and loop_error is None and value == loop:
                self.library_agreed += 1
            elif self.disagreement is None:
                loop_shown = loop_error or show(loop)
                self.disagreement = (
                    f"on {shown}: the notes give {error or show(value)}, the library's form {loop_shown}"
                )

    def result(self) -> Agreement:
        return Agreement(
            self.inputs, self.trials, self.agreed, self.seed, self.disagreement, self.library_agreed
        )


class _Interpreters:
    """The notes' interpreters of one build, made once per application (and per graph)."""

    def __init__(self) -> None:
        self.made: dict[Any, Environment] = {}
        self.values: dict[tuple[int, str], Any] = {}

    def evaluate(self, m: Environment, text: str) -> Any:
        """``m.eval(text)``, once for each interpreter."""
        key = (id(m), text)
        if key not in self.values:
            self.values[key] = m.eval(text)
        return self.values[key]

    def get(self, application: Application, entry: Entry, own: bool) -> Environment:
        key = (
            application.kind,
            repr(application.bindings.get("graph")),
            application.bindings.get("final"),
            own and entry.anchor,
        )
        if key not in self.made:
            self.made[key] = application.notes(entry if own else None)
        return self.made[key]


def _applications(case: Case, graphs: list[Application]) -> list[Application]:
    if case.kind == "paths":
        return graphs
    if case.kind == "games":
        return [Application.games()]
    return [Application("words" if case.kind == "lists" else case.kind)]


def prove(seed: int = SEED, trials: int = 100) -> dict[str, Agreement]:
    """The random-input evidence for every definition of the index, by anchor.

    ``trials`` inputs for each definition (for the path definitions, one input on each of
    :data:`GRAPH_COUNT` random graphs at most); the assignments compared once.  Deterministic for a seed.
    """
    entries = {e.anchor: e for e in ENTRIES}
    rng = random.Random(f"{seed}:graphs")
    graphs = [Application.paths(*graph(rng)) for _ in range(min(GRAPH_COUNT, trials))]
    interpreters = _Interpreters()
    found: dict[str, Agreement] = {}
    for case in CASES:
        entry = entries.get(case.anchor)
        if entry is None:
            continue
        rng = random.Random(f"{seed}:{case.anchor}")
        tally = _Tally(case.inputs, seed, entry.library is not None)
        applications = _applications(case, graphs)
        own = not_last(entry)
        for k in range(trials if case.kind != "paths" else len(graphs)):
            application = applications[k % len(applications)]
            m = interpreters.get(application, entry, own)
            context = Context(
                m,
                partial(interpreters.evaluate, m),
                lambda anchor, a=application: python_definition(entries[anchor], a),  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
                application,
            )
            draw = case.draw(rng, context)
            python = python_definition(entry, application)
            library = python_definition(entry, application, library=True) if entry.library else None
            tally.check(
                draw.shown,
                partial(m.call, entry.name, *draw.notes_args),
                partial(python, *draw.python_args),
                partial(library, *draw.python_args) if library is not None else None,
            )
        found[case.anchor] = tally.result()
    for entry in ENTRIES:
        if entry.anchor not in found and isinstance(entry.statement().parse(), Assignment):
            found[entry.anchor] = _assignment(entry, seed, interpreters)
    return found


def _assignment(entry: Entry, seed: int, interpreters: _Interpreters) -> Agreement:
    tally = _Tally(assignment_inputs(entry.anchor), seed, False)
    application = application_for(entry)
    m = interpreters.get(application, entry, not_last(entry))
    tally.check(entry.name, lambda: m[entry.name], lambda: python_definition(entry, application), None)
    return tally.result()
