"""Random inputs for the notes' definitions: the one generator of the edition's proofs
(:mod:`lispy.edition.evidence.proof`, at build time and in the page) and of the test suite's
properties (``tests/strategies.py`` gives each to Hypothesis, which draws its random choices).

Each function draws one input from a :class:`random.Random`: small lists, random graphs (paths,
ch. 5), partial towers of Instant Insanity in both representations (ch. 5), game trees with one to
three moves a position and their windows (ch. 6).

>>> rng = random.Random(0)
>>> small_list(rng), game_tree(rng, 2)
((A A 0 4 C B), ((17 -7) (-12 -14)))
"""

from __future__ import annotations

import math
import random
from typing import Any

from lispy.sexpr.data import from_iterable, lisp

__all__ = [
    "COLOURS",
    "colours",
    "game_tree",
    "graph",
    "moves",
    "numbers",
    "path",
    "small_list",
    "tower",
    "window",
    "word_tower",
]

COLOURS = ("R", "W", "G", "B")
"""The four colours of Instant Insanity."""


def small_list(rng: random.Random) -> Any:
    """A list of up to 6 elements, numbers 0–5 and the symbols A, B, C (so that equal ones occur)."""
    return from_iterable(rng.choice([0, 1, 2, 3, 4, 5, "A", "B", "C"]) for _ in range(rng.randint(0, 6)))


def numbers(rng: random.Random, low: int = -9, high: int = 9, most: int = 8) -> Any:
    """A list of up to ``most`` integers in [``low``, ``high``]."""
    return from_iterable(rng.randint(low, high) for _ in range(rng.randint(0, most)))


def graph(rng: random.Random) -> tuple[Any, str]:
    """A graph of 2–6 vertices ``V0``, ``V1``…, each with up to 3 neighbours, as chapter 5's paths
    take it (a list of rows, a vertex and its neighbours), and a final vertex."""
    vertices = [f"V{i}" for i in range(rng.randint(2, 6))]
    rows = [lisp(v, *rng.sample(vertices, rng.randint(0, min(3, len(vertices))))) for v in vertices]
    return from_iterable(rows), rng.choice(vertices)


def path(rng: random.Random, graph: Any) -> Any:
    """A list of 1–4 vertices of ``graph`` (a position of chapter 5's paths: the newest first)."""
    vertices = [row.car for row in graph]
    return from_iterable(rng.choice(vertices) for _ in range(rng.randint(1, 4)))


def tower(rng: random.Random) -> Any:
    """A partial tower in lists: four faces of the same 0–4 colours each."""
    k = rng.randint(0, 4)
    return from_iterable(from_iterable(rng.choice(COLOURS) for _ in range(k)) for _ in range(4))


def colours(rng: random.Random) -> Any:
    """A list of up to 6 of the four colours."""
    return from_iterable(rng.choice(COLOURS) for _ in range(rng.randint(0, 6)))


def word_tower(rng: random.Random) -> Any:
    """A partial tower in words: up to four 16-bit words, then 0."""
    return from_iterable([*(rng.randrange(1 << 16) for _ in range(rng.randint(0, 4))), 0])


def game_tree(rng: random.Random, depth: int = 4) -> Any:
    """A game tree: a leaf (an integer in [-20, 20]) or 1–3 subtrees, at most ``depth`` deep."""
    if depth == 0 or rng.random() < 0.25:
        return rng.randint(-20, 20)
    return from_iterable(game_tree(rng, depth - 1) for _ in range(rng.randint(1, 3)))


def moves(rng: random.Random) -> Any:
    """A list of 1–3 game trees at most 3 deep: the successors of a position with moves."""
    return from_iterable(game_tree(rng, 3) for _ in range(rng.randint(1, 3)))


def window(rng: random.Random) -> tuple[float, float]:
    """A window α < β: integers in [-20, 20], or (one time in four) -∞ and ∞."""
    if rng.random() < 0.25:
        return -math.inf, math.inf
    low, high = sorted(rng.sample(range(-20, 21), 2))
    return low, high
