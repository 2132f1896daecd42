"""Each definition of the notes, made runnable twice: by the notes' own text
(:meth:`Application.environment`) and by its transcription (:meth:`Application.search`,
:func:`python_definition`), with what the notes leave to the :class:`Application`.

Everything is looked up when it is used, so the edition runs what the code is at build time, and a
transcription replaced in a running program (a test breaking one on purpose) is what it runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lispy.chapter5 import insanity, insanity_words, paths
from lispy.chapter6 import game_trees, sexp_games
from lispy.mexpr.environment import Environment
from lispy.mexpr.program import notes, statements
from lispy.notes.index import ENTRIES, Entry, resolve
from lispy.sexpr.data import read

__all__ = [
    "PATHS_GRAPH",
    "REPL_APPLICATIONS",
    "Application",
    "application_for",
    "by_anchor",
    "python_definition",
    "redefined_later",
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
    def positions(self) -> dict[str, Any]:
        """The start position the notes give in words, not as an assignment, by the name the REPL binds
        it to after the parts: the words' ``p₀`` is ``(0)`` ("The initial position is (0)", §5), so
        that ``search p₀`` runs the words' search on the words' start, not on the lists' ``p₀``."""
        return {"p₀": insanity_words.p0} if self.kind == "words" else {}

    @property
    def parts(self) -> tuple[str, ...]:
        """The parts of the notes this application loads, in order."""
        return _PARTS[self.kind]

    def environment(self, entry: Entry | None = None, printed: bool = False) -> Environment:
        """The notes' parts for this application, corrected, with ``entry``'s occurrence of its name;
        with ``printed``, ``entry``'s definition as printed (as ``:printed`` loads it).  Raises
        ``MSyntaxError`` for a printed form that does not read."""
        as_printed = (entry.name,) if printed and entry is not None else ()
        m = notes(*self.parts, printed=as_printed, **self.bindings)
        if entry is not None and redefined_later(entry):
            m.define(entry.statement(corrected=not printed).parse())
        return m

    def search(self) -> Any:
        """The chapter's transcription bound to this application, made now: chapter 5's
        :class:`~lispy.chapter5.tree_search.TreeSearch` (its ``lose``, ``ter`` and ``successors``
        the application's, and ``search``, ``allsol``… on them) or chapter 6's
        :class:`~lispy.chapter6.game_trees.GameTreeSearch`."""
        b = self.bindings
        if self.kind == "games":
            return game_trees.game_tree_search(b["successors"], b["ter"], b["imval"])
        if self.kind == "paths":
            return paths.path_search(b["graph"], b["final"])
        if self.kind == "tower":
            return insanity.tower_search(insanity.puzz)
        return insanity_words.word_tower_search(insanity_words.puzza)


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


def by_anchor(anchor: str) -> Entry:
    """The entry of the index whose anchor is ``anchor`` (``"allsol-2"``); raises ``LookupError`` for
    another."""
    found = next((e for e in ENTRIES if e.anchor == anchor), None)
    if found is None:
        raise LookupError(f"no definition {anchor!r} in lispy.notes.index")
    return found


def redefined_later(entry: Entry) -> bool:
    """Whether the notes define ``entry``'s name again later in its part (``allsol``, ``maxlis``), so
    that the interpreter of :func:`lispy.mexpr.program.notes` has the later one in force."""
    return entry.occurrence < len([s for s in statements(entry.part) if s.name == entry.name])


def application_for(entry: Entry) -> Application:
    """The application in which the notes give (or lispy gives) the entry's example.

    Chapter 5's general search and ``allsol`` run on Instant Insanity, as the notes run them
    (``search p₀``); paths on :data:`PATHS_GRAPH`; chapter 6 on S-expression game trees.
    """
    if entry.part == "chapter5_paths":
        return Application.paths()
    if entry.part == "chapter6_game_trees":
        return Application.games()
    return Application("words" if entry.part == "chapter5_insanity_words" else "tower")


def python_definition(entry: Entry, application: Application | None = None) -> Any:
    """The entry's transcription: the value of an assignment, or the function; one that the index
    places inside a binder (``module:binder.name``) taken from :meth:`Application.search` of
    ``application`` (by default :func:`application_for` the entry).  Looked up now."""
    _, _, inside = entry.transcription.partition(":")[2].partition(".")
    if inside:
        return getattr((application or application_for(entry)).search(), inside)
    return resolve(entry.transcription)
