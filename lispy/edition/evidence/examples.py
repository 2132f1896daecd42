"""The "run" column: one example for each of the notes' 47 definitions, evaluated both ways.

The examples are data, ``examples.toml`` beside this module: for each definition, an M-expression
evaluated by :mod:`lispy.mexpr` with the notes' corrected definitions, and the Python call of the
transcription that computes the same, run as it is shown (:meth:`Example.call`).  Where the notes
give an example, it is theirs (``search p₀``, ``successors p₀``, ``search (0)``); otherwise it is
the smallest input that shows what the definition does, on the trees the companion sources draw
(AIMA's Figure 6.2, ``((3 12 8) (2 4 6) (14 5 2))``) and on Figure 2.6 as reconstructed
(``((2 5) (9 4 7))``, the minimizing player to move).  :func:`run` evaluates both at build time.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from lispy.chapter5 import insanity
from lispy.edition.evidence.proof import Interpreters, attempt
from lispy.notes.applications import Application, application_for, python_definition
from lispy.notes.index import Entry
from lispy.sexpr.data import NIL, lisp, read
from lispy.sexpr.lists import cons, d

__all__ = ["EXAMPLES", "Example", "Outcome", "run"]


@dataclass(frozen=True)
class Example:
    """An example: the M-expression ``notes`` and the Python expression ``python`` that computes the
    same, as shown."""

    notes: str
    python: str

    def call(self, entry: Entry, application: Application) -> Any:
        """The value of :attr:`python`, evaluated as it is shown: with the entry's transcription under
        its Python name (``allsol_efficient`` for the second ``allsol``), the application's other
        functions (:meth:`~lispy.notes.applications.Application.search`: ``successors``,
        ``valmin``…), the notes' ``p0``, and ``read``, ``lisp``, ``cons``, ``d``, ``NIL``, ``inf``."""
        name = entry.transcription.rpartition(".")[2].rpartition(":")[2]
        names = {
            "read": read,
            "lisp": lisp,
            "cons": cons,
            "d": d,
            "NIL": NIL,
            "inf": math.inf,
            "p0": insanity.p0,
        }
        names |= application.search()._asdict() | {name: python_definition(entry, application)}
        return eval(self.python, names)  # our own examples' text, shown in the page: the call that runs


EXAMPLES: dict[str, Example] = {
    anchor: Example(notes, python)
    for anchor, (notes, python) in tomllib.loads(
        resources.files("lispy.edition.evidence").joinpath("examples.toml").read_text(encoding="utf-8")
    ).items()
}
"""The example of each entry, by :attr:`~lispy.notes.index.Entry.anchor`."""


@dataclass(frozen=True)
class Outcome:
    """An example evaluated: each side's value, or the error it raised (``notes_error``,
    ``python_error``: the exception's type and message)."""

    example: Example
    notes_value: Any = None
    python_value: Any = None
    notes_error: str | None = None
    python_error: str | None = None

    @property
    def agree(self) -> bool:
        """Both sides gave a value, and the values are equal (``equal``, structure)."""
        return (
            self.notes_error is None and self.python_error is None and self.notes_value == self.python_value
        )


def run(entry: Entry, interpreters: Interpreters | None = None) -> Outcome | None:
    """Evaluate ``entry``'s example by the notes (corrected) and by the transcription; ``None`` for
    an entry without an example (one added to the index since).  ``interpreters``: shared by the
    calls of one build."""
    example = EXAMPLES.get(entry.anchor)
    if example is None:
        return None
    application = application_for(entry)
    made = Interpreters() if interpreters is None else interpreters
    notes_value, notes_error = attempt(lambda: made.get(application, entry, None).eval(example.notes))
    python_value, python_error = attempt(lambda: example.call(entry, application))
    return Outcome(example, notes_value, python_value, notes_error, python_error)
