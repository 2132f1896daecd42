"""The random inputs of the proof column: for each of the notes' definitions, what is drawn.

Each :class:`Case` names a definition (by its anchor), says in words what its inputs are, and
draws one input from a seeded :class:`random.Random`: the arguments for the notes' definition and
for the transcription, which differ only where an argument is a function (an M-expression λ on
one side, a Python ``lambda`` on the other) or a function of the application (the notes'
``valmin`` on one side, the transcription's on the other).  The shapes follow
``tests/test_mexpr.py``: small lists, random graphs, random game trees with one to three moves a
position and depth at most 4, random partial towers of Instant Insanity in both representations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lispy.edition.applications import Application
from lispy.mexpr.environment import Environment
from lispy.sexpr.data import NIL, from_iterable, lisp
from lispy.sexpr.lists import cons
from lispy.sexpr.printer import to_string

__all__ = [
    "ASSIGNED",
    "CASES",
    "COLOURS",
    "Case",
    "Context",
    "Draw",
    "assignment_inputs",
    "game_tree",
    "graph",
]

COLOURS = ("R", "W", "G", "B")


@dataclass(frozen=True)
class Context:
    """What a draw may use: the notes' interpreter ``m``, ``evaluate(text)`` (an M-expression
    evaluated by ``m``, once: the λs given as arguments), and ``python(anchor)``, the transcription
    of another definition bound to the same application (``valmin`` for ``bestmax``)."""

    m: Environment
    evaluate: Callable[[str], Any]
    python: Callable[[str], Any]
    application: Application


@dataclass(frozen=True)
class Draw:
    """One input: as shown (``shown``), and the arguments for each side."""

    shown: str
    notes_args: tuple[Any, ...]
    python_args: tuple[Any, ...]


@dataclass(frozen=True)
class Case:
    """The random inputs of one definition: ``kind`` is the application it runs in (``"lists"``,
    ``"tower"``, ``"words"``, ``"games"``, or ``"paths"``: a new random graph for each input)."""

    anchor: str
    kind: str
    inputs: str
    draw: Callable[[random.Random, Context], Draw]


def show(x: Any) -> str:
    """A value as the edition prints it: Lisp notation, ``true``/``false``, ``∞``; cut at 120 characters."""

    if isinstance(x, bool):
        text = "true" if x else "false"
    elif isinstance(x, float) and math.isinf(x):
        text = "∞" if x > 0 else "-∞"
    elif callable(x):
        text = getattr(x, "__name__", "a function")
    else:
        text = to_string(x)
    return text if len(text) <= 120 else text[:117] + "…"


def _same(*args: Any) -> Draw:
    return Draw(", ".join(map(show, args)), args, args)


def small_list(rng: random.Random) -> Any:
    """A list of up to 6 elements, numbers 0–5 and the symbols A, B, C."""
    return from_iterable(rng.choice([0, 1, 2, 3, 4, 5, "A", "B", "C"]) for _ in range(rng.randint(0, 6)))


def graph(rng: random.Random) -> tuple[Any, str]:
    """A random graph of 2–6 vertices ``V0``, ``V1``…, each with up to 3 neighbours, and a final vertex."""
    vertices = [f"V{i}" for i in range(rng.randint(2, 6))]
    rows = [lisp(v, *rng.sample(vertices, rng.randint(0, min(3, len(vertices))))) for v in vertices]
    return from_iterable(rows), rng.choice(vertices)


def game_tree(rng: random.Random, depth: int = 4) -> Any:
    """A random game tree: a leaf (an integer in [-20, 20]) or 1–3 subtrees, at most ``depth`` deep."""
    if depth == 0 or rng.random() < 0.25:
        return rng.randint(-20, 20)
    return from_iterable(game_tree(rng, depth - 1) for _ in range(rng.randint(1, 3)))


def _moves(rng: random.Random) -> Any:
    """A non-empty list of random game trees: the successors of a position with moves."""
    return from_iterable(game_tree(rng, 3) for _ in range(rng.randint(1, 3)))


def _window(rng: random.Random) -> tuple[float, float]:
    """A random window α < β: integers in [-20, 20], or -∞ and ∞."""
    if rng.random() < 0.25:
        return -math.inf, math.inf
    low, high = sorted(rng.sample(range(-20, 21), 2))
    return low, high


def _path(rng: random.Random, c: Context) -> Any:
    vertices = [row.car for row in c.application.bindings["graph"]]
    return from_iterable(rng.choice(vertices) for _ in range(rng.randint(1, 4)))


def _tower(rng: random.Random) -> Any:
    k = rng.randint(0, 4)
    return from_iterable(from_iterable(rng.choice(COLOURS) for _ in range(k)) for _ in range(4))


def _colours(rng: random.Random) -> Any:
    return from_iterable(rng.choice(COLOURS) for _ in range(rng.randint(0, 6)))


def _word_tower(rng: random.Random) -> Any:
    return from_iterable([*(rng.randrange(1 << 16) for _ in range(rng.randint(0, 4))), 0])


def _tail(rng: random.Random, c: Context) -> Draw:
    u = x = small_list(rng)
    for _ in range(rng.randint(0, 6)):
        x = x if x is NIL else x.cdr
    return Draw(f"{show(u)} and its tail {show(x)}", (u, x), (u, x))


def _with_function(u: Any, notes_f: Any, python_f: Any, *rest: Any) -> Draw:
    return Draw(show(u), (u, notes_f, *rest), (u, python_f, *rest))


def _best(rng: random.Random, c: Context, f: str, accumulated: bool) -> Draw:
    """``bestmax[u,f]`` (or, ``accumulated``, ``bestmaxa[d u,a u,f[a u],f]``) on random moves ``u``."""
    u = _moves(rng)
    if not accumulated:
        return Draw(f"{show(u)}, {f}", (u, c.m[f]), (u, c.python(f)))
    first, rest = u.car, u.cdr
    value = c.python(f)(first)
    shown = f"{show(rest)}, {show(first)}, {show(value)}, {f}"
    return Draw(shown, (rest, first, value, c.m[f]), (rest, first, value, c.python(f)))


def _window_on(rng: random.Random, x: Any) -> Draw:
    alpha, beta = _window(rng)
    return _same(x, alpha, beta)


def _numbers(rng: random.Random, low: int, high: int, most: int) -> Any:
    return from_iterable(rng.randint(low, high) for _ in range(rng.randint(0, most)))


def _mapcar2(rng: random.Random, c: Context) -> Draw:
    u, v = small_list(rng), small_list(rng)
    return Draw(f"{show(u)} and {show(v)}", (u, v, c.evaluate("λyz.z.y")), (u, v, lambda y, z: cons(z, y)))


def _mapchoose(rng: random.Random, c: Context) -> Draw:
    u = _numbers(rng, 0, 5, 6)
    notes = (u, c.evaluate("λx.x ≤ 2"), c.evaluate("λx.x + 10"))
    return Draw(show(u), notes, (u, lambda x: x <= 2, lambda x: x + 10))


def _maxlisa(rng: random.Random, c: Context) -> Draw:
    u, x = _numbers(rng, -9, 9, 8), rng.randint(-9, 9)
    return Draw(f"{show(u)}, {x}", (u, x, c.evaluate("λx.x")), (u, x, lambda y: y))


def _start(rng: random.Random, c: Context) -> Draw:
    return _same(lisp("V0"))


def _start_successors(rng: random.Random, c: Context, *rest: Any) -> Draw:
    return _same(c.python("successors-paths")(lisp("V0")), *rest)


GRAPHS = "random graphs, from (V0)"
PATHS = "random graphs and random paths in them"
TOWERS = "random partial towers, four faces of 0–4 colours"
WORDS = "random towers of 16-bit words ending in 0"
TREES = "random game trees (1–3 moves a position, depth ≤ 4)"
MOVES = "random lists of 1–3 game trees (the moves of a position)"

CASES: tuple[Case, ...] = (
    # chapter 5: the general search and allsol, on random graphs
    Case("search", "paths", GRAPHS, _start),
    Case("searchlis", "paths", "random graphs, the successors of (V0)", _start_successors),
    Case("lose-paths", "paths", PATHS, lambda r, c: _same(_path(r, c))),
    Case("ter-paths", "paths", PATHS, lambda r, c: _same(_path(r, c))),
    Case("successors-paths", "paths", PATHS, lambda r, c: _same(_path(r, c))),
    Case("allsol-1", "paths", GRAPHS, _start),
    Case("allsol-2", "paths", GRAPHS, _start),
    Case("allsola", "paths", GRAPHS, lambda r, c: _same(lisp("V0"), NIL)),
    Case(
        "allsolb", "paths", "random graphs, the successors of (V0)", lambda r, c: _start_successors(r, c, NIL)
    ),
    # chapter 5: Instant Insanity, in lists and in words
    Case("lose-insanity", "tower", TOWERS, lambda r, c: _same(_tower(r))),
    Case("ter-insanity", "tower", TOWERS, lambda r, c: _same(_tower(r))),
    Case("successors-insanity", "tower", TOWERS, lambda r, c: _same(_tower(r))),
    Case("lose-insanity-words", "words", WORDS, lambda r, c: _same(_word_tower(r))),
    Case("ter-insanity-words", "words", WORDS, lambda r, c: _same(_word_tower(r))),
    Case("successors-insanity-words", "words", WORDS, lambda r, c: _same(_word_tower(r))),
    Case("zap", "lists", "random lists of the four colours", lambda r, c: _same(_colours(r))),
    Case("poo", "lists", "the four colours, at random", lambda r, c: _same(r.choice(COLOURS))),
    # chapter 5: the list functions
    Case("mapcar2", "lists", "pairs of random lists, with λyz.z.y", _mapcar2),
    Case("upto", "lists", "random lists and a tail of each", _tail),
    Case("cycles", "lists", "random lists", lambda r, c: _same(small_list(r))),
    Case(
        "mapapp",
        "lists",
        "random lists, with λx.x . (x)",
        lambda r, c: _with_function(small_list(r), c.evaluate("λx.x . (x)"), lambda x: cons(x, lisp(x))),
    ),
    Case("mapchoose", "lists", "random lists of numbers, with λx.x ≤ 2 and λx.x + 10", _mapchoose),
    # chapter 6
    *(
        Case(
            name,
            "games",
            "random lists of numbers, with λx.x",
            lambda r, c: _with_function(_numbers(r, -9, 9, 8), c.evaluate("λx.x"), lambda x: x),
        )
        for name in ("maxlis-1", "minlis", "maxlis-2")
    ),
    Case("maxlisa", "games", "random lists of numbers and a random start, with λx.x", _maxlisa),
    *(
        Case(name, "games", TREES, lambda r, c: _same(game_tree(r)))
        for name in ("valmax", "valmin", "maxval", "minval")
    ),
    *(Case(name, "games", MOVES, lambda r, c: _same(_moves(r))) for name in ("movemax", "movemin")),
    Case("bestmax", "games", f"{MOVES}, with valmin", lambda r, c: _best(r, c, "valmin", False)),
    Case("bestmaxa", "games", f"{MOVES}, with valmin", lambda r, c: _best(r, c, "valmin", True)),
    Case("bestmin", "games", f"{MOVES}, with valmax", lambda r, c: _best(r, c, "valmax", False)),
    Case("bestmina", "games", f"{MOVES}, with valmax", lambda r, c: _best(r, c, "valmax", True)),
    *(
        Case(name, "games", f"{TREES}, windows α < β", lambda r, c: _window_on(r, game_tree(r)))
        for name in ("maxval1", "minval1")
    ),
    *(
        Case(name, "games", f"{MOVES}, windows α < β", lambda r, c: _window_on(r, _moves(r)))
        for name in ("maxval2", "minval2")
    ),
)
"""The random inputs of each definition that takes any; the assignments are compared by value."""


ASSIGNED = {
    "puzz3": "puzz1",
    "puzz4": "puzz3",
    "puzz": "puzz4",
    "puzza": "puzz",
}
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
