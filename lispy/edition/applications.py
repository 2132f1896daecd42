"""Each definition of the notes, made runnable twice: by the notes' own text and by its transcription.

The notes leave some names to the application: ``graph`` and ``final`` for paths (ch. 5), the
puzzle ``puzz`` or ``puzza`` for Instant Insanity, ``successors``, ``ter`` and ``imval`` for a game
(ch. 6).  An :class:`Application` says what they are, and gives

* :meth:`Application.notes`: an interpreter (:func:`lispy.mexpr.program.notes`) with the parts of
  the notes that the application uses, corrected (ERRATA.md), and with the occurrence of a name
  that an entry means when the notes define the name twice (``allsol``, ``maxlis``);
* :func:`python_definition`: the entry's transcription, looked up by the place
  :mod:`lispy.notes.index` gives (``module:path``) at the time of the call, and bound to the same
  application when it is defined inside a binder (``tree_search.search`` is the ``search`` that
  ``tree_search(lose, ter, successors)`` returns).

Everything is looked up when it is used, so the edition runs what the code is at build time, and a
transcription replaced in a running program (a test breaking one on purpose) is what it runs.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from lispy.chapter6 import sexp_games
from lispy.mexpr.environment import Environment
from lispy.mexpr.program import notes, statements
from lispy.notes.index import Entry
from lispy.sexpr.reader import read

__all__ = [
    "PATHS_GRAPH",
    "REPL_APPLICATIONS",
    "Application",
    "application_for",
    "not_last",
    "python_definition",
]

PATHS_GRAPH = "((A B C) (B D) (C D E) (D F) (E F) (F))"
"""The graph of the path examples: lispy's own (the notes give none; ERRATA.md E7)."""

_PARTS = {
    "paths": ("chapter5_search", "chapter5_paths"),
    "tower": ("chapter5_insanity", "chapter5_search"),
    "words": ("chapter5_insanity", "chapter5_search", "chapter5_insanity_words"),
    "games": ("chapter6_game_trees",),
}


@dataclass(frozen=True)
class Application:
    """What the notes leave to the application, for one of ``kind``:

    ``"paths"`` (``graph``, ``final``), ``"tower"`` (the notes' ``puzz``), ``"words"`` (the notes'
    ``puzza``) or ``"games"`` (``successors``, ``ter``, ``imval``; by default the S-expression game
    trees of :mod:`lispy.chapter6.sexp_games`, where a position is a tree and a leaf its value).
    """

    kind: str
    bindings: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def paths(graph: Any = None, final: Any = "F") -> Application:
        """Paths in ``graph`` (default :data:`PATHS_GRAPH`) ending at ``final``."""
        return Application("paths", {"graph": read(PATHS_GRAPH) if graph is None else graph, "final": final})

    @staticmethod
    def games() -> Application:
        """Chapter 6 on S-expression game trees, ``((3 12 8) (2 4 6) (14 5 2))``."""

        game = {"successors": sexp_games.successors, "ter": sexp_games.ter, "imval": sexp_games.imval}
        return Application("games", game)

    @property
    def parts(self) -> tuple[str, ...]:
        """The parts of the notes this application loads, in order."""
        return _PARTS[self.kind]

    def notes(self, entry: Entry | None = None, printed: bool = False) -> Environment:
        """The notes' parts for this application, corrected, with ``entry``'s occurrence of its name;
        with ``printed``, ``entry``'s definition as printed (as ``:printed`` loads it).  Raises
        ``MSyntaxError`` for a printed form that does not read."""
        as_printed = (entry.name,) if printed and entry is not None else ()
        m = notes(*self.parts, printed=as_printed, **self.bindings)
        if entry is not None and not_last(entry):
            m.define(entry.statement(corrected=not printed).parse())
        return m

    def arguments(self, binder: str) -> tuple[Any, ...]:
        """The arguments with which the binder function ``binder`` binds this application."""
        if binder == "game_tree_search":
            return (self.bindings["successors"], self.bindings["ter"], self.bindings["imval"])
        if binder == "path_search":
            return (self.bindings["graph"], self.bindings["final"])
        if binder == "tower_search":
            return (_module("lispy.chapter5.insanity").puzz,)
        if binder == "word_tower_search":
            return (_module("lispy.chapter5.insanity_words").puzza,)
        if binder == "tree_search":
            own = {"paths": "path_search", "tower": "tower_search", "words": "word_tower_search"}[self.kind]
            module = {
                "path_search": "paths",
                "tower_search": "insanity",
                "word_tower_search": "insanity_words",
            }
            bound = getattr(_module(f"lispy.chapter5.{module[own]}"), own)(*self.arguments(own))
            return (bound.lose, bound.ter, bound.successors)
        raise LookupError(f"the {self.kind} application does not bind {binder}")


REPL_APPLICATIONS: dict[str, Application] = {
    "chapter5_paths": Application("paths"),
    "chapter5_insanity": Application("tower"),
    "chapter5_insanity_words": Application("words"),
    "chapter6_game_trees": Application.games(),
}
"""The REPL's: each part of the notes that poses a problem, and the application ``:notes PART``
loads it as (:class:`lispy.mexpr.session.Session`), in an environment of its own.  Paths take
``graph`` and ``final`` from the session (the reader gives them); chapter 6 comes with the
S-expression game trees, unless the reader has defined ``successors``, ``ter`` and ``imval``."""


def not_last(entry: Entry) -> bool:
    """The notes define ``entry``'s name again later in its part (``allsol``, ``maxlis``): the
    interpreter of :func:`lispy.mexpr.program.notes` has the later one in force."""
    return entry.occurrence < len([s for s in statements(entry.part) if s.name == entry.name])


def _module(name: str) -> Any:
    return importlib.import_module(name)


def application_for(entry: Entry) -> Application:
    """The application in which the notes give (or lispy gives) the entry's example.

    Chapter 5's general search and ``allsol`` run on Instant Insanity, as the notes run them
    (``search p₀``); paths on :data:`PATHS_GRAPH`; chapter 6 on S-expression game trees.
    """
    kind = {
        "chapter5_search": "tower",
        "chapter5_paths": "paths",
        "chapter5_insanity": "tower",
        "chapter5_insanity_words": "words",
        "chapter6_game_trees": "games",
    }[entry.part]
    if kind == "paths":
        return Application.paths()
    if kind == "games":
        return Application.games()
    return Application(kind)


def python_definition(entry: Entry, application: Application | None = None, library: bool = False) -> Any:
    """The entry's transcription (or, with ``library``, the library's form where it differs): the
    value of an assignment, or the function, bound to ``application`` if it is defined inside a
    binder.  Looked up now, by the index's ``module:path``."""
    place = entry.library if library and entry.library else entry.transcription
    module_name, path = place.split(":")
    binder, _, inner = path.partition(".")
    found = getattr(_module(module_name), binder)
    if not inner:
        return found
    return getattr(found(*(application or application_for(entry)).arguments(binder)), inner)
