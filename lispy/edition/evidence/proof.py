"""The "proof" column: evidence, computed at build time, that each transcription says what the notes say.

For each definition, random inputs (:mod:`lispy.edition.evidence.inputs`, from a seed that is
shown), each given to the notes' definition evaluated by :mod:`lispy.mexpr` and to the Python
transcription; the count
of inputs on which they agreed (``==``, Lisp's ``equal``), and the first on which they did not.  An
assignment's value is compared once (:func:`assignment_inputs`).  The sides are run and tallied by
lispy's one agreement runner, :func:`lispy.counting.agree` (the test suite's and the claims' too).
:func:`random_evidence` is the one routine: the build calls it for every definition (:func:`prove`),
and the page's edit-and-check with the definition edited (:mod:`lispy.edition.live`).  The second
kind of evidence, by structure, is :func:`structural_evidence`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from lispy.counting import Raised, agree
from lispy.edition.evidence import inputs
from lispy.mexpr.environment import Environment
from lispy.mexpr.errors import show
from lispy.mexpr.syntax import Assignment, Definition
from lispy.notes.applications import (
    Application,
    application_for,
    by_anchor,
    python_definition,
    redefined_later,
)
from lispy.notes.correspondence import compare
from lispy.notes.index import ENTRIES, Entry
from lispy.sexpr.data import NIL, lisp
from lispy.sexpr.lists import cons

__all__ = [
    "CASES",
    "SEED",
    "Case",
    "RandomEvidence",
    "Structural",
    "assignment_inputs",
    "attempt",
    "prove",
    "random_evidence",
    "structural_evidence",
]

SEED = 1973
"""The default seed of the random inputs: the year of the notes."""

GRAPH_COUNT = 20
"""How many random graphs the path definitions are tried on (each needs the notes loaded anew)."""


@dataclass(frozen=True)
class RandomEvidence:
    """The random-input evidence for one definition.

    ``inputs`` says what was drawn; ``trials`` inputs, of which the notes and the transcription
    agreed on ``agreed``; ``disagreement`` describes the first on which they did not (``None``
    when they always agreed); ``seed`` the seed.
    """

    inputs: str
    trials: int
    agreed: int
    seed: int
    disagreement: str | None = None

    @property
    def holds(self) -> bool:
        """Every input agreed."""
        return self.agreed == self.trials and self.trials > 0


@dataclass(frozen=True)
class Structural:
    """Whether the entry's M-expression, compiled to Python, is its transcription (up to the
    documented rewrites); ``detail`` says how they differ when they do."""

    equal: bool
    detail: str = ""


def structural_evidence(entry: Entry) -> Structural:
    """Whether ``entry``'s definition, as corrected, compiles to its transcription, up to the rewrites
    of :mod:`lispy.notes.correspondence`; ``detail`` names them when they are equal, and
    shows both normal forms when not, or says why they could not be compared."""
    comparison, error = attempt(lambda: compare(entry))
    if comparison is None:
        return Structural(False, f"could not compare: {error}")
    if comparison.equal:
        return Structural(True, "The compiled M-expression and the transcription are the same Python, "
                          "up to the rewrites of lispy.notes.correspondence.")  # fmt: skip
    return Structural(False, f"compiled: {comparison.compiled}  transcription: {comparison.transcribed}")


def attempt(thunk: Callable[[], Any]) -> tuple[Any, str | None]:
    """``thunk()`` and ``None``, or ``None`` and the exception it raised (its type and message): a
    failure is evidence, shown in the row's cell instead of stopping the build."""
    try:
        return thunk(), None
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"


def _shown(x: Any) -> str:
    text = show(x)
    return text if len(text) <= 120 else text[:117] + "…"


# --- what is drawn for each definition ------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """What a draw may use: the notes' interpreter ``m``, ``evaluate(text)`` (an M-expression
    evaluated by ``m``, once: the λs given as arguments), ``python(anchor)``, the transcription of
    another definition bound to the same application (``valmin`` for ``bestmax``), and the
    ``application``."""

    m: Environment
    evaluate: Callable[[str], Any]
    python: Callable[[str], Any]
    application: Application


@dataclass(frozen=True)
class Draw:
    """One input: as shown (``shown``), and the arguments for each side, which differ only where an
    argument is a function (an M-expression λ on one side, a Python ``lambda`` on the other)."""

    shown: str
    notes_args: tuple[Any, ...]
    python_args: tuple[Any, ...]


@dataclass(frozen=True)
class Case:
    """The random inputs of one definition: ``kind`` is the application it runs in (``"lists"``,
    ``"tower"``, ``"words"``, ``"games"``, or ``"paths"``: a new random graph for each input);
    ``inputs`` says in words what ``draw`` draws."""

    anchor: str
    kind: str
    inputs: str
    draw: Callable[[random.Random, Context], Draw]


def _same(*args: Any) -> Draw:
    return Draw(", ".join(map(_shown, args)), args, args)


def _with(u: Any, notes_f: Any, python_f: Any, *rest: Any) -> Draw:
    return Draw(_shown(u), (u, notes_f, *rest), (u, python_f, *rest))


def _tail(rng: random.Random, c: Context) -> Draw:
    u = x = inputs.small_list(rng)
    for _ in range(rng.randint(0, 6)):
        x = x if x is NIL else x.cdr
    return Draw(f"{_shown(u)} and its tail {_shown(x)}", (u, x), (u, x))


def _mapcar2(rng: random.Random, c: Context) -> Draw:
    u, v = inputs.small_list(rng), inputs.small_list(rng)
    pair = c.evaluate("λyz.z.y")
    return Draw(f"{_shown(u)} and {_shown(v)}", (u, v, pair), (u, v, lambda y, z: cons(z, y)))


def _mapchoose(rng: random.Random, c: Context) -> Draw:
    u = inputs.numbers(rng, 0, 5, 6)
    notes = (u, c.evaluate("λx.x ≤ 2"), c.evaluate("λx.x + 10"))
    return Draw(_shown(u), notes, (u, lambda x: x <= 2, lambda x: x + 10))


def _maxlisa(rng: random.Random, c: Context) -> Draw:
    u, x = inputs.numbers(rng), rng.randint(-9, 9)
    return Draw(f"{_shown(u)}, {x}", (u, x, c.evaluate("λx.x")), (u, x, lambda y: y))


def _best(rng: random.Random, c: Context, f: str, accumulated: bool) -> Draw:
    """``bestmax[u,f]`` (or, ``accumulated``, ``bestmaxa[d u,a u,f[a u],f]``) on random moves ``u``."""
    u = inputs.moves(rng)
    if not accumulated:
        return Draw(f"{_shown(u)}, {f}", (u, c.m[f]), (u, c.python(f)))
    first, rest = u.car, u.cdr
    value = c.python(f)(first)
    shown = f"{_shown(rest)}, {_shown(first)}, {_shown(value)}, {f}"
    return Draw(shown, (rest, first, value, c.m[f]), (rest, first, value, c.python(f)))


def _start(rng: random.Random, c: Context, *rest: Any) -> Draw:
    return _same(lisp("V0"), *rest)


def _start_successors(rng: random.Random, c: Context, *rest: Any) -> Draw:
    return _same(c.python("successors-paths")(lisp("V0")), *rest)


def _path(rng: random.Random, c: Context) -> Draw:
    return _same(inputs.path(rng, c.application.bindings["graph"]))


def _one(
    generate: Callable[[random.Random], Any], window: bool = False
) -> Callable[[random.Random, Context], Draw]:
    """The draw of one argument, the same for both sides, by ``generate`` (of :mod:`inputs`); with
    ``window``, a window α < β after it."""
    return lambda rng, c: _same(generate(rng), *(inputs.window(rng) if window else ()))


def _identity(rng: random.Random, c: Context) -> Draw:
    return _with(inputs.numbers(rng), c.evaluate("λx.x"), lambda x: x)


def _mapapp(rng: random.Random, c: Context) -> Draw:
    return _with(inputs.small_list(rng), c.evaluate("λx.x . (x)"), lambda x: cons(x, lisp(x)))


GRAPHS = "random graphs, from (V0)"
SUCCESSORS = "random graphs, the successors of (V0)"
PATHS = "random graphs and random paths in them"
TOWERS = "random partial towers, four faces of 0–4 colours"
WORDS = "random towers of 16-bit words ending in 0"
TREES = "random game trees (1–3 moves a position, depth ≤ 4)"
MOVES = "random lists of 1–3 game trees (the moves of a position)"

CASES: dict[str, Case] = {
    c.anchor: c
    for c in (
        # chapter 5: the general search and allsol, on random graphs
        Case("search", "paths", GRAPHS, _start),
        Case("searchlis", "paths", SUCCESSORS, _start_successors),
        *(Case(f"{name}-paths", "paths", PATHS, _path) for name in ("lose", "ter", "successors")),
        Case("allsol-1", "paths", GRAPHS, _start),
        Case("allsol-2", "paths", GRAPHS, _start),
        Case("allsola", "paths", GRAPHS, lambda r, c: _start(r, c, NIL)),
        Case("allsolb", "paths", SUCCESSORS, lambda r, c: _start_successors(r, c, NIL)),
        # chapter 5: Instant Insanity, in lists and in words
        *(
            Case(f"{name}-insanity", "tower", TOWERS, _one(inputs.tower))
            for name in ("lose", "ter", "successors")
        ),
        *(
            Case(f"{name}-insanity-words", "words", WORDS, _one(inputs.word_tower))
            for name in ("lose", "ter", "successors")
        ),
        Case("zap", "lists", "random lists of the four colours", _one(inputs.colours)),
        Case("poo", "lists", "the four colours, at random", _one(lambda r: r.choice(inputs.COLOURS))),
        # chapter 5: the list functions
        Case("mapcar2", "lists", "pairs of random lists, with λyz.z.y", _mapcar2),
        Case("upto", "lists", "random lists and a tail of each", _tail),
        Case("cycles", "lists", "random lists", _one(inputs.small_list)),
        Case("mapapp", "lists", "random lists, with λx.x . (x)", _mapapp),
        Case("mapchoose", "lists", "random lists of numbers, with λx.x ≤ 2 and λx.x + 10", _mapchoose),
        # chapter 6
        *(
            Case(name, "games", "random lists of numbers, with λx.x", _identity)
            for name in ("maxlis-1", "minlis", "maxlis-2")
        ),
        Case("maxlisa", "games", "random lists of numbers and a random start, with λx.x", _maxlisa),
        *(
            Case(name, "games", TREES, _one(inputs.game_tree))
            for name in ("valmax", "valmin", "maxval", "minval")
        ),
        *(Case(name, "games", MOVES, _one(inputs.moves)) for name in ("movemax", "movemin")),
        Case("bestmax", "games", f"{MOVES}, with valmin", lambda r, c: _best(r, c, "valmin", False)),
        Case("bestmaxa", "games", f"{MOVES}, with valmin", lambda r, c: _best(r, c, "valmin", True)),
        Case("bestmin", "games", f"{MOVES}, with valmax", lambda r, c: _best(r, c, "valmax", False)),
        Case("bestmina", "games", f"{MOVES}, with valmax", lambda r, c: _best(r, c, "valmax", True)),
        *(
            Case(n, "games", f"{TREES}, windows α < β", _one(inputs.game_tree, True))
            for n in ("maxval1", "minval1")
        ),
        *(
            Case(n, "games", f"{MOVES}, windows α < β", _one(inputs.moves, True))
            for n in ("maxval2", "minval2")
        ),
    )
}
"""The random inputs of each definition that takes any, by anchor; the assignments are compared by value."""

ASSIGNED = {"puzz3": "puzz1", "puzz4": "puzz3", "puzz": "puzz4", "puzza": "puzz"}
"""The assignments computed from the one before them (the notes' chain from ``puzz1``): the edition
compares their values on the notes' puzzle only; ``tests/test_fidelity.py`` checks each on random
puzzles, the one before it given."""


def assignment_inputs(anchor: str) -> str:
    """What the edition's proof column did for the assignment ``anchor``, in words.

    >>> assignment_inputs("puzz1")
    "no input: an assignment's value, compared once"
    """
    before = ASSIGNED.get(anchor)
    if before is None:
        return "no input: an assignment's value, compared once"
    return (
        f"the notes' puzzle only: each side's value, computed from its own {before}, compared once "
        "(the test suite checks it on random puzzles)"
    )


# --- the proof ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trial:
    """One input of a proof (the ``k``-th), as shown, and each side's computation of it: the notes',
    the transcription's."""

    k: int
    shown: str
    notes: Callable[[], Any]
    python: Callable[[], Any]


def _evidence(inputs: str, seed: int, trials: list[Trial]) -> RandomEvidence:
    """The trials run by the one agreement runner (:func:`lispy.counting.agree`): the notes' side
    against the transcription, the first disagreement in words."""
    (found,) = agree(trials, lambda t: t.notes(), lambda t: t.python())
    d = found.first_disagreement
    disagreement = None
    if d is not None:
        disagreement = f"on {d.case.shown}: the notes give {_given(d.expected)}, the Python {_given(d.found)}"
    return RandomEvidence(inputs, found.tried, found.agreed, seed, disagreement)


def _given(value: Any) -> str:
    return str(value) if isinstance(value, Raised) else _shown(value)


class Interpreters:
    """The notes' interpreters of one proof, made once per application (and per graph), and the
    M-expressions they evaluated (the λs given as arguments), once each."""

    def __init__(self) -> None:
        self.made: dict[Any, Environment] = {}
        self.values: dict[tuple[int, str], Any] = {}

    def evaluate(self, m: Environment, text: str) -> Any:
        """``m.eval(text)``, once for each interpreter."""
        if (id(m), text) not in self.values:
            self.values[id(m), text] = m.eval(text)
        return self.values[id(m), text]

    def get(
        self, application: Application, entry: Entry, edited: Definition | Assignment | None
    ) -> Environment:
        """The notes for ``application``, with ``entry``'s occurrence of its name where the notes
        define it twice, and ``edited`` in place of the notes' definition."""
        own = redefined_later(entry) or edited is not None
        bindings = application.bindings
        key = (application.kind, repr(bindings.get("graph")), bindings.get("final"), own and entry.anchor)
        if key not in self.made:
            m = application.environment(entry if own else None)
            if edited is not None:
                m.define(edited)
            self.made[key] = m
        return self.made[key]


def _graphs(seed: int, trials: int) -> list[Application]:
    rng = random.Random(f"{seed}:graphs")
    return [Application.paths(*inputs.graph(rng)) for _ in range(min(GRAPH_COUNT, trials))]


def random_evidence(
    entry: Entry,
    seed: int = SEED,
    trials: int = 100,
    edited: Definition | Assignment | None = None,
    interpreters: Interpreters | None = None,
) -> RandomEvidence:
    """The random-input evidence for ``entry``: ``trials`` inputs drawn for it (:data:`CASES`; for a
    path definition, one input on each of :data:`GRAPH_COUNT` random graphs at most), or, for an
    entry that takes none, its value compared once.  Deterministic for a seed.  With ``edited`` (a
    definition of ``entry``'s name), that definition stands for the notes' own.  ``interpreters``:
    shared by the calls of one build.  An interpreter that cannot be made raises what it raised."""
    made = Interpreters() if interpreters is None else interpreters
    case = CASES.get(entry.anchor)
    if case is None:
        application = application_for(entry)
        m = made.get(application, entry, edited)
        only = Trial(0, entry.name, lambda: m[entry.name], lambda: python_definition(entry, application))
        return _evidence(assignment_inputs(entry.anchor), seed, [only])
    if case.kind == "paths":
        applications = _graphs(seed, trials)
    elif case.kind == "games":
        applications = [Application.games()]
    else:
        applications = [Application("words" if case.kind == "lists" else case.kind)]
    rng = random.Random(f"{seed}:{case.anchor}")
    drawn = []
    for k in range(len(applications) if case.kind == "paths" else trials):
        application = applications[k % len(applications)]
        m = made.get(application, entry, edited)

        def python(anchor: str, bound: Application = application) -> Any:
            return python_definition(by_anchor(anchor), bound)

        draw = case.draw(rng, Context(m, partial(made.evaluate, m), python, application))
        drawn.append(
            Trial(
                k,
                draw.shown,
                partial(m.call, entry.name, *draw.notes_args),
                partial(python_definition(entry, application), *draw.python_args),
            )
        )
    return _evidence(case.inputs, seed, drawn)


def prove(seed: int = SEED, trials: int = 100) -> dict[str, RandomEvidence]:
    """The random-input evidence for every definition of the index that takes inputs or is an
    assignment, by anchor (:func:`random_evidence`, one set of interpreters for all)."""
    interpreters = Interpreters()
    return {
        e.anchor: random_evidence(e, seed, trials, interpreters=interpreters)
        for e in ENTRIES
        if e.anchor in CASES or isinstance(e.statement().parse(), Assignment)
    }
