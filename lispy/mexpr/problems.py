"""The notes' parts in a REPL session: each problem in an environment of its own, and whose each name is.

Each part that poses a problem (paths, the towers, the game) is loaded with the parts it runs on
(``chapter5_search``) into an :class:`~lispy.mexpr.environment.Environment` of its own, whose
``outer`` is the session's: its definitions keep their problem whatever is loaded later, as
``tree_search(lose, ter, successors)`` binds a search in Python, and take what they leave free
(``graph``, ``final``) from the session.  The session's names mean the part loaded last;
:class:`Problems` remembers whose each name is, to say so when that changes (``docs/mexpr.md``).
Which part poses which problem is the application layer's knowledge
(:data:`lispy.notes.applications.REPL_APPLICATIONS`), given to :class:`Problems`; without it,
every part is loaded into the session's own environment, as one program.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pyrsistent import PMap, pmap

from lispy.mexpr.environment import Environment
from lispy.mexpr.prelude import BUILTINS
from lispy.mexpr.program import load, statements
from lispy.mexpr.syntax import Assignment, Definition


class Problem(Protocol):
    """What a part that poses a problem is loaded with (:class:`lispy.notes.applications.Application`):
    the ``parts`` loaded together, in order, and the names it gives (``bindings``), unless the reader
    has defined them all, and its start positions (``positions``)."""

    @property
    def parts(self) -> tuple[str, ...]: ...

    @property
    def bindings(self) -> Mapping[str, Any]: ...

    @property
    def positions(self) -> Mapping[str, Any]:
        """The start positions the problem binds after its parts (``p₀``: the notes give it in words)."""
        ...


@dataclass(frozen=True)
class Origin:
    """The load that bound a name of the session: the part, the value, the environment it is in."""

    whose: str
    value: Any
    environment: Environment


SEARCH, START = "search", "p₀"
"""Chapter 5's search and the notes' name for its start position."""

_Load = tuple[str, Environment | None, list[Definition | Assignment], list[str]]


class Problems:
    """The parts loaded into one session, and whose each of its names is.

    >>> from types import SimpleNamespace
    >>> paths = SimpleNamespace(parts=("chapter5_search", "chapter5_paths"), bindings={}, positions={})
    >>> m, problems = Environment(), Problems({"chapter5_paths": paths})
    >>> problems.load(m, ["chapter5_paths"], corrected=True)
    'loaded chapter5_paths (with chapter5_search)'
    >>> m.run("lose p ← false")
    >>> problems.whose(m, "search"), problems.whose(m, "lose"), problems.whose(m, "a")
    ('chapter5_paths', 'yours', None)
    """

    def __init__(self, applications: Mapping[str, Problem] | None = None) -> None:
        self.applications: Mapping[str, Problem] = applications or {}
        self.origins: PMap[str, Origin] = pmap()
        self._applied: tuple[str, ...] = ()  # the problems loaded, oldest first

    def whose(self, m: Environment, name: str) -> str | None:
        """Whose ``name`` of ``m`` is: the part whose load bound it (``chapter6_game_trees``),
        ``yours``, or ``None`` (not bound, or one of the functions the notes take as given)."""
        return _whose(name, m.globals, self.origins)

    def environment(self, m: Environment, name: str) -> Environment:
        """The environment ``name`` of ``m`` was compiled in: its load's, else ``m``."""
        origin = self.origins.get(name)
        return origin.environment if origin is not None and origin.value is m.globals.get(name) else m

    def rebinding_note(
        self, m: Environment, values: Mapping[str, Any], origins: PMap[str, Origin]
    ) -> str | None:
        """One line saying whose the names of ``m`` are now that were another's when ``m`` had
        ``values`` and this :attr:`origins` was ``origins``, or ``None``."""
        changed: dict[tuple[str, str], list[str]] = {}
        for name in () if m.globals is values else m.globals:
            was, now = _whose(name, values, origins), self.whose(m, name)
            if was is not None and now is not None and now != was:
                changed.setdefault((was, now), []).append(name)
        said = []
        for (was, now), names in changed.items():
            keeps = was != "yours" and origins[names[0]].environment is not m
            verb = "means" if len(names) == 1 else "mean"
            said.append(f"{', '.join(sorted(names))} now {verb} {_their(now)}, not {_their(was)}")
            said[-1] += " (which keeps its own)" if keeps else ""
        return "; ".join(said) or None

    def listing(self, m: Environment) -> str:
        """``m``'s names by whose they are: ``yours: twice``, then one line for each load."""
        groups: dict[str, list[str]] = {}
        for name in sorted(m.globals):
            whose = self.whose(m, name)
            if whose is not None:
                groups.setdefault(whose, []).append(name)
        mine = groups.pop("yours", None)
        lines = ([f"yours: {' '.join(mine)}"] if mine else []) + [
            f"{w}: {' '.join(n)}" for w, n in groups.items()
        ]
        return "\n".join(lines) or "(nothing defined yet)"

    def load(self, m: Environment, parts: list[str], corrected: bool) -> str:
        """Load ``parts`` into ``m`` (the parts named as printed unless ``corrected``, those they run
        on corrected), all or nothing; what the REPL says: ``loaded chapter5_paths (with
        chapter5_search)``.  Raises ``MSyntaxError`` or ``EvalError`` for a part that fails."""
        loads: list[_Load] = []
        notes: list[str] = []
        for whose, problem, loaded in self._plan(parts):
            parsed = [s.parse() for part in loaded for s in statements(part, corrected or part not in parts)]
            if problem is None:  # into m itself: what it leaves free is m's
                loads.append((whose, None, parsed, []))
                continue
            given = problem.bindings
            if given and all(self.whose(m, name) == "yours" for name in given):
                notes.append(f"on your {', '.join(given)}")
                given = {}
            own = Environment(outer=m)  # made whole before m changes
            own.bind(**given)
            load(own, parsed)
            own.bind(**problem.positions)
            # m gets the names of the parts named and of those they run on (chapter5_search), not
            # those of another problem's part that this one takes data from (chapter5_insanity's puzz)
            shown = [part for part in loaded if part in parts or part not in self.applications]
            loads.append(
                (
                    whose,
                    own,
                    [],
                    [
                        *dict.fromkeys(s.name for p in shown for s in statements(p)),
                        *given,
                        *problem.positions,
                    ],
                )
            )
            brought = [part for part in shown if part not in parts]
            using = [part for part in loaded if part not in shown and part != whose and whose in parts]
            notes += [f"applied to {whose}"] if whose not in parts else []
            notes += [f"with {', '.join(brought)}"] if brought else []
            notes += [f"using {', '.join(using)}"] if using else []
        self.origins = m.atomically(lambda: self._bind(m, loads))  # a part that fails leaves m as it was
        self._applied += tuple(whose for whose, own, _, _ in loads if own is not None)
        said = f"loaded {' '.join(parts)}{'' if corrected else ' as printed'}"
        said += f" ({'; '.join(dict.fromkeys(notes))})" if notes else ""
        mismatch = self.start_note(m)
        return said + (f"\n{mismatch}" if mismatch else "")

    def start_note(self, m: Environment) -> str | None:
        """What to say when ``m``'s ``search`` and its start position ``p₀`` are two problems' (the
        paths' search, the towers' ``p₀``): ``search p₀`` would search one problem from another's start."""
        search, start = self.whose(m, SEARCH), self.whose(m, START)
        if search in (None, "yours") or start in (None, "yours") or search == start:
            return None
        if self.environment(m, SEARCH) is self.environment(m, START):  # one program (no applications)
            return None
        return (
            f"{START} is {_their(start)} start, and {SEARCH} is {_their(search)}: {SEARCH} {START} would"
            f" search one problem from the other's start"
        )

    def _bind(self, m: Environment, loads: list[_Load]) -> PMap[str, Origin]:
        origins = self.origins
        for whose, own, parsed, names in loads:
            if own is None:
                before = m.globals
                own = load(m, parsed)
                names = [n for n, v in m.globals.items() if before.get(n) is not v]
            else:
                m.bind(**{name: own[name] for name in names})
            origins = origins.update({n: Origin(whose, m[n], own) for n in names})
        return origins

    def _plan(self, parts: list[str]) -> list[tuple[str, Problem | None, tuple[str, ...]]]:
        """What to load for ``parts``: each part that poses a problem with its application's parts,
        unless another part named beside it runs on it (``chapter5_insanity_words`` on
        ``chapter5_insanity``); a part that poses none (``chapter5_search``) with the application of a
        part named beside it, else with the one loaded last that runs on it, else alone into the
        session's environment."""
        problems = self.applications
        covered = {q for p in parts if p in problems for q in problems[p].parts if q != p}
        plan: list[tuple[str, Problem | None, tuple[str, ...]]] = []
        for part in dict.fromkeys(parts):
            if part in problems and part not in covered:
                plan.append((part, problems[part], problems[part].parts))
            elif part not in covered:
                last = next((p for p in reversed(self._applied) if part in problems[p].parts), None)
                plan.append((last, problems[last], problems[last].parts) if last else (part, None, (part,)))
        return plan


def _whose(name: str, values: Mapping[str, Any], origins: PMap[str, Origin]) -> str | None:
    value = values.get(name, BUILTINS.get(name))
    if value is BUILTINS.get(name):
        return None
    origin = origins.get(name)
    return origin.whose if origin is not None and origin.value is value else "yours"


def _their(whose: str) -> str:
    return whose if whose == "yours" else f"{whose}'s"
