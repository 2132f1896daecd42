"""McCarthy's list functions: known values, the loop forms against the recursive equations
(tests/equations.py) on random lists, errors, and lists of 10^6 elements; the notes' own list
functions (the chapters' recursive ``upto``, ``mapcar2``, ``mapchoose``, ``mapapp``) on long lists
under :func:`lispy.run_deep`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import equations as rec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import atoms, nested_small, small_atoms, small_lists

import lispy
from lispy import (
    NIL,
    Cons,
    LispTypeError,
    a,
    andlis,
    append,
    assoc,
    d,
    eq,
    from_iterable,
    length,
    lisp,
    mapapp,
    mapcar,
    mapcar2,
    mapchoose,
    maplist,
    member,
    nth,
    orlis,
    prup,
    read,
    reverse,
    run_deep,
    sublis,
    to_pylist,
    upto,
)


def agree(loop: Callable[..., Any], recursive: Callable[..., Any], *args: Any) -> Any:
    """Both forms give equal values, or both raise LispTypeError."""
    try:
        expected = recursive(*args)
    except LispTypeError:
        with pytest.raises(LispTypeError):
            loop(*args)
        return None
    got = loop(*args)
    assert got == expected, (loop.__name__, args)
    return got


# --- known values, in the notes' notation -------------------------------------


def test_known_values() -> None:
    r = read
    assert length(r("(1 2 3)")) == 3 and length(NIL) == 0
    assert append(r("(1 2)"), r("(3)")) == r("(1 2 3)")
    assert member("G", r("(R G B)")) and not member("W", r("(R G B)"))
    assert member(r("(1 2)"), r("(0 (1 2))"))
    u = r("(A B C)")
    assert nth(u, 1) is u and nth(u, 3) == r("(C)") and nth(u, 4) is NIL and nth(u, 9) is NIL
    assert assoc("B", r("((A 1) (B 2 3) (C))")) == r("(B 2 3)") and assoc("D", r("((A 1))")) is NIL
    assert reverse(r("(1 (2 3) 4)")) == r("(4 (2 3) 1)")
    assert prup(r("(1 2 3)"), r("(G B W)")) == r("((1 . G) (2 . B) (3 . W))")
    assert prup(r("(1 2)"), r("(G)")) == r("((1 . G) (2))")
    assert sublis(r("((1 . G) (2 . B))"), r("((2 1) 3 (1 . 2))")) == r("((B G) 3 (G . B))")
    assert orlis(r("(1 2 3)"), lambda x: x > 2) and not orlis(NIL, lambda x: True)
    assert andlis(r("(1 2 3)"), lambda x: x > 0) and andlis(NIL, lambda x: False)
    assert mapcar(r("(1 2 3)"), lambda x: x + 1) == r("(2 3 4)")
    assert maplist(r("(1 2 3)"), lambda x: x) == r("((1 2 3) (2 3) (3))")
    assert mapcar2(r("(1 2)"), r("(3 4)"), lambda y, z: y + z) == r("(4 6)")
    assert mapchoose(r("(1 2 3 4)"), lambda x: x % 2 == 0, lambda x: x * 10) == r("(20 40)")
    assert mapapp(r("(1 2)"), lambda x: lisp(x, x)) == r("(1 1 2 2)")
    assert upto(u, nth(u, 3)) == r("(A B)") and upto(u, u) is NIL and upto(u, NIL) == u


def test_the_notes_cycles_example() -> None:
    u = read("(2 3 4 5)")
    cycles = maplist(u, lambda x: append(x, upto(u, x)))
    assert cycles == read("((2 3 4 5) (3 4 5 2) (4 5 2 3) (5 2 3 4))")


def test_maplist_passes_the_lists_own_tails() -> None:
    u = read("(1 2 3)")
    tails = to_pylist(maplist(u, lambda x: x))
    assert [t is nth(u, k) for k, t in enumerate(tails, 1)] == [True, True, True]


def test_append_copies_the_first_list_and_shares_the_second() -> None:
    u, v = read("(1 2)"), read("(3 4)")
    w = append(u, v)
    assert d(d(w)) is v and w is not u and a(w) == 1


# --- the loop forms equal the recursive equations -------------------------------


@given(small_lists, small_lists, small_atoms)
def test_walking_functions_agree(u: Any, v: Any, x: Any) -> None:
    agree(length, rec.length, u)
    agree(member, rec.member, x, u)
    agree(reverse, rec.reverse, u)
    agree(append, rec.append, u, v)
    for k in range(1, length(u) + 3):
        assert nth(u, k) is rec.nth(u, k)
    agree(prup, rec.prup, u, v)


@given(small_lists, small_lists)
def test_mapping_functions_agree(u: Any, v: Any) -> None:
    def pair(x: Any) -> Any:
        return lisp(x, x)

    agree(mapcar, rec.mapcar, u, pair)
    agree(maplist, rec.maplist, u, length)
    agree(orlis, rec.orlis, u, lambda x: x == "G")
    agree(andlis, rec.andlis, u, lambda x: x != "G")


@given(
    st.lists(st.tuples(small_atoms, atoms), max_size=6).map(lambda ps: from_iterable([Cons(*p) for p in ps])),
    nested_small,
    small_atoms,
)
def test_association_functions_agree(s: Any, e: Any, x: Any) -> None:
    agree(sublis, rec.sublis, s, e)
    agree(assoc, rec.assoc, x, s)


@given(st.lists(small_atoms, min_size=1, max_size=5), atoms.filter(lambda t: t is not NIL), small_atoms)
def test_dotted_lists_raise_in_both_forms(items: list[Any], tail: Any, x: Any) -> None:
    u = from_iterable(items, tail)
    for loop, recursive, args in [
        (length, rec.length, (u,)),
        (reverse, rec.reverse, (u,)),
        (append, rec.append, (u, NIL)),
        (mapcar, rec.mapcar, (u, lambda y: y)),
        (maplist, rec.maplist, (u, lambda y: y)),
        (member, rec.member, (x, u)),
        (orlis, rec.orlis, (u, lambda y: False)),
        (andlis, rec.andlis, (u, lambda y: True)),
        (prup, rec.prup, (u, NIL)),
    ]:
        agree(loop, recursive, *args)


# --- errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: length("G"), "length: the argument G (a symbol) is an atom, not a list"),
        (lambda: length(read("(1 2 . 3)")), "length: the argument (1 2 . 3) (a dotted list) is not a proper"),
        (lambda: mapcar(5, lambda x: x), "mapcar: the argument 5 (a number) is an atom, not a list"),
        (lambda: append("G", NIL), "append (*): the argument G"),
        (lambda: assoc("A", read("(B)")), "assoc: the argument B (a symbol) is an atom, not an entry"),
        (lambda: sublis(read("(1)"), NIL), "sublis: the argument 1 (a number) is an atom, not an entry"),
        (lambda: nth("G", 3), "nth: the argument G"),
    ],
)
def test_errors_name_the_function_and_the_value(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(LispTypeError) as info:
        call()
    assert str(info.value).startswith(message)


def test_nth_wants_a_positive_index() -> None:
    for k in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="nth"):
            nth(read("(1 2)"), k)


def test_eq_is_identity_on_cells_and_value_on_atoms() -> None:
    u = read("(2 3)")
    assert eq(u, u) and not eq(u, read("(2 3)")) and eq("G", "G") and eq(NIL, NIL)


# --- 10^6 elements ----------------------------------------------------------


BIG = 10**6


@pytest.fixture(scope="module")
def big() -> Any:
    return from_iterable(range(BIG))


def test_every_list_function_runs_on_a_million_elements(big: Any) -> None:
    last = nth(big, BIG)
    assert length(big) == BIG
    assert a(reverse(big)) == BIG - 1
    assert length(append(big, big)) == 2 * BIG
    assert member(BIG - 1, big) and not member(-1, big)
    assert a(last) == BIG - 1
    assert a(nth(mapcar(big, lambda x: x + 1), BIG)) == BIG
    assert length(a(maplist(big, lambda t: t))) == BIG
    assert orlis(big, lambda x: x == BIG - 1) and andlis(big, lambda x: x >= 0)
    pairs = prup(big, big)
    assert a(nth(pairs, BIG)) == Cons(BIG - 1, BIG - 1)
    assert assoc(BIG - 1, pairs) == Cons(BIG - 1, BIG - 1)
    assert a(nth(sublis(read("((0 . ZERO))"), big), 1)) == "ZERO"
    assert lispy.equal(big, mapcar(big, lambda x: x))


# --- the notes' own list functions on long lists ------------------------------------------------


LONG = 10**5  # past the interpreter's recursion limit, within lispy's deep limit


def test_the_notes_list_functions_need_run_deep_past_the_recursion_limit() -> None:
    """The transcriptions recurse as the notes do, one call an element: past the interpreter's limit
    they raise RecursionError, and run_deep (docs/data.md) runs them."""
    long = from_iterable(range(LONG))
    last = nth(long, LONG)
    with pytest.raises(RecursionError):
        upto(long, last)
    assert length(run_deep(upto, long, last)) == LONG - 1
    assert a(nth(run_deep(mapcar2, long, long, lambda y, z: y + z), LONG)) == 2 * (LONG - 1)
    assert length(run_deep(mapchoose, long, lambda x: x % 2 == 0, lambda x: x)) == LONG // 2
    assert length(run_deep(mapapp, long, lambda x: lisp(x, x))) == 2 * LONG
