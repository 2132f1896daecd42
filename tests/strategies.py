"""Hypothesis strategies for Lisp data, and the notes' random inputs: the edition's generators
(:mod:`lispy.edition.evidence.inputs`, the one source of random inputs for the edition's proofs
and the tests) with Hypothesis making their random choices, and shrinking them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from lispy import NIL, Cons, from_iterable
from lispy.edition.evidence import inputs

symbols = st.sampled_from(["A", "B", "G", "LOSE", "x", "NIL?", "nil", "a.b"]) | st.text(max_size=6)
numbers = (
    st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.sampled_from([math.inf, -math.inf, 0.0, -0.0])
)
atoms = st.just(NIL) | symbols | numbers
small_atoms = st.just(NIL) | st.sampled_from(["A", "B", "G", "R", "W"]) | st.integers(-3, 3)


def _lists(children: st.SearchStrategy) -> st.SearchStrategy:
    proper = st.lists(children, max_size=5).map(from_iterable)
    dotted = st.builds(lambda xs, t: from_iterable(xs, t), st.lists(children, min_size=1, max_size=4), atoms)
    return proper | dotted | st.builds(Cons, children, children)


lisp_data = st.recursive(atoms, _lists, max_leaves=30)
"""Any Lisp datum: atoms, proper and dotted lists, nested."""

small_lists = st.lists(small_atoms, max_size=12).map(from_iterable)
"""Proper lists of a few small atoms, so that equal elements occur."""

nested_small = st.recursive(small_atoms, lambda c: st.lists(c, max_size=4).map(from_iterable), max_leaves=15)
"""Proper lists nested, of small atoms."""


def drawn(generate: Callable[..., Any], *args: Any) -> st.SearchStrategy[Any]:
    """The generator ``generate`` of :mod:`lispy.edition.evidence.inputs` (given ``args`` after the
    random source) as a strategy."""
    return st.randoms(use_true_random=False).map(lambda rng: generate(rng, *args))


graphs = drawn(inputs.graph)
"""A graph of 2–6 vertices for chapter 5's paths, and a final vertex: ``(graph, final)``."""

towers = drawn(inputs.tower)
"""A partial tower of Instant Insanity in lists: four faces of the same 0–4 colours each."""

word_towers = drawn(inputs.word_tower)
"""A partial tower in 16-bit words: up to four words, then 0."""

windows = drawn(inputs.window)
"""A window α < β: integers in [-20, 20], or -∞ and ∞."""


def game_trees(depth: int = 4) -> st.SearchStrategy[Any]:
    """A game tree at most ``depth`` deep: a leaf, an integer in [-20, 20], or 1–3 subtrees."""
    return drawn(inputs.game_tree, depth)
