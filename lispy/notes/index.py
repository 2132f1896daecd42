"""The notes' 47 definitions, in the notes' order, each with its source statement and its transcription.

McCarthy's chapters 5 and 6 (FOO.XGP[206,JMC], SAFE1[206,JMC]) define 47 things, some names twice
(``allsol`` and ``maxlis`` in two forms; ``lose``, ``ter`` and ``successors`` once for each
application).  This index is the one place that says, for each, where the notes define it and where
lispy transcribes it (:class:`Entry`).  A Python place is ``module:path``, ``path`` a module-level
name or a function defined inside another (``tree_search.search``), found in the module's source
with :mod:`ast`, so that the index cannot drift from the code.

>>> len(ENTRIES), ENTRIES[0].name, ENTRIES[0].transcription
(47, 'search', 'lispy.chapter5.tree_search:tree_search.search')
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from dataclasses import dataclass
from functools import cache

from lispy.mexpr.program import SourceStatement, statements

SECTIONS = (
    ("5", "Tree search", "The general search"),
    ("5", "Tree search", "Paths in a graph"),
    ("5", "Tree search", "Instant Insanity, in lists"),
    ("5", "Tree search", "Instant Insanity, in bit words"),
    ("5", "Tree search", "All the solutions"),
    ("6", "Game trees", "Minimax"),
    ("6", "Game trees", "Choosing a move"),
    ("6", "Game trees", "The αβ-heuristic"),
)
"""The notes' sections that hold definitions, in order: (chapter, chapter title, section).
The notes number only the chapters; the section titles are the edition's."""


@dataclass(frozen=True)
class PythonSource:
    """A transcription's source: the text of its definition, its module and first line."""

    text: str
    module: str
    line: int


@dataclass(frozen=True)
class Entry:
    """One definition of the notes: the ``number``-th (1 to 47) in the notes' order, in :data:`SECTIONS`
    ``[section]``, printed as the ``occurrence``-th statement of ``name`` (as the notes spell it: ``p₀``)
    in ``lispy/notes/<part>.m``; transcribed in the notes' shape at ``transcription`` (``module:path``)."""

    number: int
    section: int
    part: str
    name: str
    occurrence: int
    transcription: str

    @property
    def library(self) -> None:
        """A second, library form beside the transcription: none, since every definition is written
        once (the notes' list functions too); kept for the tools that read the index's older shape."""
        return None

    @property
    def anchor(self) -> str:
        """A name unique among the 47, for links: ``search``, ``allsol-2``, ``lose-paths``."""
        same = [e for e in ENTRIES if e.name == self.name]
        if len(same) == 1:
            return _ascii(self.name)
        if len({e.part for e in same}) == 1:
            return f"{_ascii(self.name)}-{self.occurrence}"
        return f"{_ascii(self.name)}-{self.part.removeprefix('chapter5_').replace('_', '-')}"

    def statement(self, corrected: bool = True) -> SourceStatement:
        """The statement as printed (``corrected=False``) or as corrected by ERRATA.md."""
        found = [s for s in statements(self.part, corrected) if s.name == self.name]
        return found[self.occurrence - 1]

    def python_source(self) -> PythonSource:
        """The transcription's source."""
        return python_source(self.transcription)


def _ascii(name: str) -> str:
    return name.replace("₀", "0")


def resolve(place: str) -> object:
    """The Python object at ``module:path`` when ``path`` is a module-level name.

    Raises ``LookupError`` for a function defined inside another (bind the application to get it).

    >>> resolve("lispy.chapter5.tree_search:LOSE")
    'LOSE'
    """
    module_name, path = place.split(":")
    if "." in path:
        raise LookupError(f"{place} is defined inside {path.split('.')[0]}: bind it to reach it")
    return getattr(importlib.import_module(module_name), path)


@cache
def python_source(place: str) -> PythonSource:
    """The source text of the definition or assignment at ``module:path``, found with :mod:`ast`."""
    module_name, path = place.split(":")
    module = importlib.import_module(module_name)
    source = inspect.getsource(module)
    body: list[ast.stmt] = ast.parse(source).body
    node: ast.stmt | None = None
    for part in path.split("."):
        node = next((s for s in body if _defines(s, part)), None)
        if node is None:
            raise LookupError(f"no definition of {part!r} in {module_name} (looking for {place})")
        body = node.body if isinstance(node, ast.FunctionDef | ast.ClassDef) else []
    assert node is not None
    lines = source.splitlines()
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    text = textwrap.dedent("\n".join(lines[first - 1 : node.end_lineno]))
    return PythonSource(text, module_name, first)


def _defines(statement: ast.stmt, name: str) -> bool:
    if isinstance(statement, ast.FunctionDef | ast.ClassDef):
        return statement.name == name
    if isinstance(statement, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)
    if isinstance(statement, ast.AnnAssign):
        return isinstance(statement.target, ast.Name) and statement.target.id == name
    return False


_SEARCH = "lispy.chapter5.tree_search:tree_search"
_PATHS = "lispy.chapter5.paths:path_search"
_LISTS = "lispy.chapter5.insanity"
_TOWER = "lispy.chapter5.insanity:tower_search"
_WORDS = "lispy.chapter5.insanity_words"
_WORD_TOWER = "lispy.chapter5.insanity_words:word_tower_search"
_GAMES = "lispy.chapter6.game_trees"
_BOUND = "lispy.chapter6.game_trees:game_tree_search"

_TABLE: tuple[tuple[int, str, str, int, str], ...] = (
    # section, part, name, occurrence, transcription
    (0, "chapter5_search", "search", 1, f"{_SEARCH}.search"),
    (0, "chapter5_search", "searchlis", 1, f"{_SEARCH}.searchlis"),
    (1, "chapter5_paths", "lose", 1, f"{_PATHS}.lose"),
    (1, "chapter5_paths", "ter", 1, f"{_PATHS}.ter"),
    (1, "chapter5_paths", "successors", 1, f"{_PATHS}.successors"),
    (2, "chapter5_insanity", "p₀", 1, f"{_LISTS}:p0"),
    (2, "chapter5_insanity", "lose", 1, f"{_TOWER}.lose"),
    (2, "chapter5_insanity", "ter", 1, f"{_TOWER}.ter"),
    (2, "chapter5_insanity", "successors", 1, f"{_TOWER}.successors"),
    (2, "chapter5_insanity", "mapcar2", 1, f"{_LISTS}:mapcar2"),
    (2, "chapter5_insanity", "puzz1", 1, f"{_LISTS}:puzz1"),
    (2, "chapter5_insanity", "puzz2", 1, f"{_LISTS}:puzz2"),
    (2, "chapter5_insanity", "cycles", 1, f"{_LISTS}:cycles"),
    (2, "chapter5_insanity", "upto", 1, f"{_LISTS}:upto"),
    (2, "chapter5_insanity", "puzz3", 1, f"{_LISTS}:puzz3"),
    (2, "chapter5_insanity", "puzz4", 1, f"{_LISTS}:puzz4"),
    (2, "chapter5_insanity", "puzz", 1, f"{_LISTS}:puzz"),
    (3, "chapter5_insanity_words", "puzza", 1, f"{_WORDS}:puzza"),
    (3, "chapter5_insanity_words", "zap", 1, f"{_WORDS}:zap"),
    (3, "chapter5_insanity_words", "poo", 1, f"{_WORDS}:poo"),
    (3, "chapter5_insanity_words", "lose", 1, f"{_WORD_TOWER}.lose"),
    (3, "chapter5_insanity_words", "ter", 1, f"{_WORD_TOWER}.ter"),
    (3, "chapter5_insanity_words", "successors", 1, f"{_WORD_TOWER}.successors"),
    (3, "chapter5_insanity_words", "mapchoose", 1, f"{_WORDS}:mapchoose"),
    (4, "chapter5_search", "allsol", 1, f"{_SEARCH}.allsol"),
    (4, "chapter5_search", "mapapp", 1, "lispy.chapter5.tree_search:mapapp"),
    (4, "chapter5_search", "allsol", 2, f"{_SEARCH}.allsol_efficient"),
    (4, "chapter5_search", "allsola", 1, f"{_SEARCH}.allsola"),
    (4, "chapter5_search", "allsolb", 1, f"{_SEARCH}.allsolb"),
    (5, "chapter6_game_trees", "maxlis", 1, f"{_GAMES}:maxlis"),
    (5, "chapter6_game_trees", "minlis", 1, f"{_GAMES}:minlis"),
    (5, "chapter6_game_trees", "maxlis", 2, f"{_GAMES}:maxlis_iterative"),
    (5, "chapter6_game_trees", "maxlisa", 1, f"{_GAMES}:maxlisa"),
    (5, "chapter6_game_trees", "valmax", 1, f"{_BOUND}.valmax"),
    (5, "chapter6_game_trees", "valmin", 1, f"{_BOUND}.valmin"),
    (6, "chapter6_game_trees", "movemax", 1, f"{_BOUND}.movemax"),
    (6, "chapter6_game_trees", "movemin", 1, f"{_BOUND}.movemin"),
    (6, "chapter6_game_trees", "bestmax", 1, f"{_GAMES}:bestmax"),
    (6, "chapter6_game_trees", "bestmaxa", 1, f"{_GAMES}:bestmaxa"),
    (6, "chapter6_game_trees", "bestmin", 1, f"{_GAMES}:bestmin"),
    (6, "chapter6_game_trees", "bestmina", 1, f"{_GAMES}:bestmina"),
    (7, "chapter6_game_trees", "maxval", 1, f"{_BOUND}.maxval"),
    (7, "chapter6_game_trees", "maxval1", 1, f"{_BOUND}.maxval1"),
    (7, "chapter6_game_trees", "maxval2", 1, f"{_BOUND}.maxval2"),
    (7, "chapter6_game_trees", "minval", 1, f"{_BOUND}.minval"),
    (7, "chapter6_game_trees", "minval1", 1, f"{_BOUND}.minval1"),
    (7, "chapter6_game_trees", "minval2", 1, f"{_BOUND}.minval2"),
)

ENTRIES: tuple[Entry, ...] = tuple(Entry(number, *row) for number, row in enumerate(_TABLE, 1))
"""The 47 definitions, in the order the notes print them."""


def by_name(name: str) -> tuple[Entry, ...]:
    """Every entry for ``name`` (``lose`` has three, one per application), in the notes' order."""
    return tuple(e for e in ENTRIES if e.name == name or e.anchor == name)
