"""Hypothesis strategies for Lisp data."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from lispy import NIL, Cons, from_iterable

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
