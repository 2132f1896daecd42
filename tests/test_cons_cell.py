"""The cons cell as a tuple underneath: its fields cannot be set, it never equals a tuple, pickle at
10^6 elements and Python's own RecursionError when nested deep, deepcopy at any size, hash
independent of the process, memory."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
import tracemalloc
from typing import Any

import pytest
from hypothesis import given
from strategies import lisp_data

from lispy import NIL, Cons, LispTypeError, from_iterable, from_python, lisp, read, to_string
from lispy.sexpr.data import Nil

BIG = 10**6
DEEP = 10**5


def car_nested(depth: int, leaf: Any = "G") -> Any:
    """``((((G))))``, ``depth`` lists deep, each the car of the one around it."""
    x = leaf
    for _ in range(depth):
        x = Cons(x, NIL)
    return x


def nested_both_ways(depth: int) -> Any:
    """A tree ``depth`` deep whose cells nest alternately through the car and the cdr."""
    x: Any = NIL
    for k in range(depth):
        x = Cons(x, NIL) if k % 2 else Cons(k, x)
    return x


# --- immutable by protocol --------------------------------------------------------------------


def test_a_cells_fields_cannot_be_set_and_it_takes_no_attributes() -> None:
    cell = Cons(1, "G")
    before = hash(cell)
    tricks = [
        lambda: object.__setattr__(cell, "car", 7),
        lambda: object.__setattr__(cell, "cdr", 7),
        lambda: object.__delattr__(cell, "car"),
        lambda: Cons.car.__set__(cell, 99),
        lambda: Cons.cdr.__set__(cell, 99),
        lambda: Cons.car.__delete__(cell),
        lambda: object.__setattr__(cell, "anything", 1),
        lambda: cell.__dict__,
    ]
    for trick in tricks:
        with pytest.raises(AttributeError):
            trick()
    with pytest.raises(TypeError):
        vars(cell)
    assert (cell.car, cell.cdr) == (1, "G") and type(cell) is Cons
    assert hash(cell) == before and cell == Cons(1, "G")


def test_nil_cannot_be_changed_or_given_attributes() -> None:
    for trick in (
        lambda: setattr(NIL, "car", 1),
        lambda: object.__setattr__(NIL, "anything", 1),
        lambda: NIL.__dict__,
    ):
        with pytest.raises(AttributeError):
            trick()
    assert Nil() is NIL and not NIL and NIL.car is NIL


def test_the_classes_are_final_to_type_checkers() -> None:
    """``typing.final`` marks both (Python 3.11 and later record it as ``__final__``)."""
    assert Cons.__final__ is True and Nil.__final__ is True  # type: ignore[attr-defined]


def test_a_cell_is_not_a_tuple_to_python_code() -> None:
    cell, u = Cons(1, 2), lisp(1, 2, 3)
    assert cell != (1, 2) and (1, 2) != cell and not cell == (1, 2) and not (1, 2) == cell
    assert len(u) == 3 and list(u) == [1, 2, 3] and 2 in u and 4 not in u and tuple(u) == (1, 2, 3)
    first, *rest = u
    assert (first, rest) == (1, [2, 3])
    with pytest.raises(LispTypeError, match="not a proper list"):
        3 in Cons(1, 2)  # noqa: B015
    with pytest.raises(TypeError):  # not tuple's reversal of its two fields
        reversed(u)
    assert from_python([cell]) == lisp(cell) and from_python(cell) is cell


def test_the_cell_holds_no_hash_and_no_dict() -> None:
    cell = Cons("G", NIL)
    hash(cell)
    assert sys.getsizeof(cell) == sys.getsizeof(("G", NIL))
    assert not hasattr(cell, "__dict__")


def test_a_million_cells_take_at_most_64_bytes_each_hashed_or_not() -> None:
    symbols = ["G"] * BIG
    hash(from_iterable(symbols[:10]))  # the functions' first run (the interpreter's caches) before counting
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        u = from_iterable(symbols)
        built = tracemalloc.get_traced_memory()[0] - before
        hash(u)
        hashed = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    slack = 64 * 1024  # the interpreter's own small allocations meanwhile (0.1% of the cells' 64 MB)
    assert built <= 64 * BIG + slack and hashed <= 64 * BIG + slack


# --- pickle and deepcopy ----------------------------------------------------------------------


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_pickle_round_trips_a_million_element_list(protocol: int) -> None:  # a list pickles as its elements
    u = from_iterable(range(BIG))
    v = pickle.loads(pickle.dumps(u, protocol))
    assert type(v) is Cons and v is not u
    assert v == u and hash(v) == hash(u)


@pytest.mark.parametrize("make", [car_nested, nested_both_ways], ids=["car-nested", "both ways"])
def test_a_tree_nested_deep_is_pythons_recursion_error_to_pickle_and_itself_to_deepcopy(make: Any) -> None:
    x = make(DEEP)
    with pytest.raises(RecursionError):  # as for any Python data nested deep: docs/reliability.md
        pickle.dumps(x)
    shallow = make(100)
    assert pickle.loads(pickle.dumps(shallow)) == shallow
    assert copy.deepcopy(x) is x
    box = copy.deepcopy({"tree": x, "list": [x]})
    assert box["tree"] is x and box["list"][0] is x


def test_deepcopy_and_copy_of_a_million_element_list_are_the_list() -> None:
    u = from_iterable(range(BIG))
    assert copy.deepcopy(u) is u and copy.copy(u) is u


def test_pickle_keeps_lists_shared_through_cars_shared_and_small() -> None:
    """A list pickles as its elements and tail: lists met again (as elements) stay shared, the spine
    is new.  Here 2^200 paths through 201 cells stay 201 lists, not a copy along every path."""
    x: Any = lisp("G")
    for _ in range(200):
        x = Cons(x, x)
    data = pickle.dumps(x)
    assert len(data) < 200_000
    y = pickle.loads(data)
    for _ in range(200):
        assert y.car.car is y.cdr.car
        y = y.car
    assert y == lisp("G")


@given(lisp_data)
def test_pickle_keeps_equality_hash_and_notation(x: Any) -> None:
    y = pickle.loads(pickle.dumps(x))
    assert y == x and hash(y) == hash(x) and to_string(y) == to_string(x)


def test_a_pickle_from_another_process_has_this_processs_hash() -> None:
    text = "((G . B) (W R |two words|) 1 2.5 ∞ NIL)"
    program = (
        "import pickle, sys; from lispy import read; "
        f"sys.stdout.buffer.write(pickle.dumps((hash('two words'), read({text!r}))))"
    )
    seed = "1" if os.environ.get("PYTHONHASHSEED") == "0" else "0"
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join(sys.path)}
    data = subprocess.run([sys.executable, "-c", program], capture_output=True, check=True, env=env).stdout
    their_str_hash, there = pickle.loads(data)
    here = read(text)
    assert their_str_hash != hash("two words")  # the other process hashes strings differently
    assert there == here and hash(there) == hash(here)
