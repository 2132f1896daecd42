"""The cons cell, NIL, atoms: immutability, equality, hashing, conversions, size."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from strategies import lisp_data

from lispy import (
    NIL,
    Cons,
    LispTypeError,
    Nil,
    a,
    atom,
    d,
    eq,
    equal,
    from_iterable,
    from_python,
    lisp,
    n,
    read,
    to_pylist,
    to_python,
    to_string,
)

BIG = 10**6


@pytest.fixture(scope="module")
def big() -> Cons:
    return from_iterable(range(BIG))


def test_cons_cells_are_immutable() -> None:
    cell = Cons(1, "G")
    with pytest.raises(AttributeError):
        cell.car = 2
    with pytest.raises(AttributeError):
        cell.cdr = NIL
    with pytest.raises(AttributeError):
        del cell.car
    with pytest.raises(AttributeError):
        NIL.car = 1
    assert (cell.car, cell.cdr) == (1, "G")
    assert copy.copy(cell) is cell and copy.deepcopy(cell) is cell


@given(lisp_data)
def test_no_cell_of_any_datum_can_be_changed(x: object) -> None:
    before = to_string(x)
    stack = [x]
    while stack:
        cell = stack.pop()
        if isinstance(cell, Cons):
            for field in ("car", "cdr", "_hash"):
                with pytest.raises(AttributeError):
                    setattr(cell, field, 0)
            stack += [cell.car, cell.cdr]
    assert to_string(x) == before


def test_nil_is_the_one_empty_list() -> None:
    assert Nil() is NIL
    assert read("()") is NIL and read("NIL") is NIL
    assert not NIL and list(NIL) == [] and len(NIL) == 0
    assert str(NIL) == "NIL" and to_string(NIL) == "NIL"
    assert atom(NIL) and n(NIL) and not n(lisp(NIL))
    assert copy.deepcopy(NIL) is NIL


def test_a_and_d_of_nil_are_nil_and_of_other_atoms_raise() -> None:
    assert a(NIL) is NIL and d(NIL) is NIL
    for f, name in ((a, "a"), (d, "d")):
        for value, shown in (("G", "G"), (3, "3"), (2.5, "2.5")):
            with pytest.raises(LispTypeError) as info:
                f(value)
            assert isinstance(info.value, TypeError)
            assert str(info.value).startswith(f"{name}: the argument {shown} ")
            assert info.value.fname == name and info.value.value == value


def test_structural_equality_and_identity() -> None:
    x, y = read("((1 . G) (2 3) NIL)"), read("((1 . G) (2 3) NIL)")
    assert x == y and equal(x, y) and hash(x) == hash(y)
    assert x is not y and not eq(x, y) and eq(x, x)
    assert x != read("((1 . G) (2 3))") and x != "G" and Cons(1, 2) != Cons(1, 3)
    assert eq("G", "G") and eq(3, 3) and not eq(3, 4)


@given(lisp_data)
def test_hash_agrees_with_equality(x: object) -> None:
    copy_of_x = from_python(to_python(x))
    assert copy_of_x == x and equal(copy_of_x, x)
    assert hash(copy_of_x) == hash(x)


@given(lisp_data, lisp_data)
def test_equality_is_plain_recursive_comparison(x: object, y: object) -> None:
    def py_equal(u: object, v: object) -> bool:  # an independent, recursive definition
        if isinstance(u, Cons) and isinstance(v, Cons):
            return py_equal(u.car, v.car) and py_equal(u.cdr, v.cdr)
        if isinstance(u, Cons) or isinstance(v, Cons):
            return False
        return u is v or u == v

    assert (x == y) == py_equal(x, y) == equal(x, y)
    if x == y:
        assert hash(x) == hash(y)


def test_conversions() -> None:
    assert to_python(read("((1 . G) (2 3) NIL (1 2 . 3))")) == [(1, "G"), [2, 3], [], (1, (2, 3))]
    assert from_python([(1, "G"), [2, 3], None]) == read("((1 . G) (2 3) NIL)")
    assert to_pylist(read("(1 (2) G)")) == [1, read("(2)"), "G"]
    assert to_pylist(NIL) == []
    assert lisp(1, "G", lisp()) == read("(1 G NIL)")
    assert from_iterable([1, 2], tail="G") == read("(1 2 . G)")
    with pytest.raises(TypeError, match="2 items"):
        from_python([(1, 2, 3)])
    with pytest.raises(LispTypeError):
        to_pylist("G")
    with pytest.raises(LispTypeError, match="not a proper list"):
        list(read("(1 2 . 3)"))
    with pytest.raises(LispTypeError, match="not a proper list"):
        len(read("(1 . 3)"))


def test_deep_conversion_is_iterative() -> None:
    deep = NIL
    for _ in range(100_000):
        deep = Cons(deep, NIL)
    assert from_python(to_python(deep)) == deep


def test_million_element_lists_compare_hash_and_print(big: Cons) -> None:
    other = from_iterable(range(BIG))
    assert big == other and hash(big) == hash(other)
    assert big != from_iterable([*range(BIG - 1), -1])
    text = str(big)
    assert text.startswith("(0 1 2 ") and text.endswith(" 999999)") and repr(big) == text
    assert len(big) == BIG and to_pylist(big)[-1] == BIG - 1


def test_trees_nested_deep_compare_hash_and_print() -> None:
    depth = 300_000
    x, y = NIL, NIL
    for k in range(depth):
        x, y = Cons(x, k), Cons(y, k)
    assert x == y and hash(x) == hash(y)
    assert to_string(x).startswith("(" * depth)
