"""The cons cell as a tuple underneath: no trick changes a cell, it is not a tuple to Python code,
pickle and deepcopy at 10^6 elements and 10^5 nesting, hash independent of the process, memory,
and the collector restored after bulk construction."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import subprocess
import sys
import tracemalloc
from typing import Any

import pytest
from hypothesis import given
from strategies import lisp_data

from lispy import NIL, Cons, LispTypeError, ReadError, from_iterable, from_python, lisp, read, to_string
from lispy.sexpr.data import LispPickleError

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


class Impostor(tuple):  # type: ignore[type-arg]
    """A class a cell could be switched to if ``__class__`` could be assigned."""

    __slots__ = ()

    @property
    def car(self) -> int:
        return 99


# --- no trick changes a cell ------------------------------------------------------------------


def test_no_python_level_trick_changes_a_cell() -> None:
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
        lambda: object.__setattr__(cell, "__class__", Impostor),
        lambda: setattr(cell, "__class__", Impostor),
        lambda: cell.__dict__,
    ]
    for trick in tricks:
        with pytest.raises(AttributeError):
            trick()
    with pytest.raises(TypeError):
        vars(cell)
    assert (cell.car, cell.cdr) == (1, "G") and type(cell) is Cons and cell.__class__ is Cons
    assert hash(cell) == before and cell == Cons(1, "G")


def test_a_cell_is_not_a_tuple_to_python_code() -> None:
    cell, u = Cons(1, 2), lisp(1, 2, 3)
    assert cell != (1, 2) and (1, 2) != cell and not cell == (1, 2) and not (1, 2) == cell
    assert len(u) == 3 and list(u) == [1, 2, 3] and 2 in u and 4 not in u and tuple(u) == (1, 2, 3)
    first, *rest = u
    assert (first, rest) == (1, [2, 3])
    with pytest.raises(LispTypeError, match="not a proper list"):
        3 in Cons(1, 2)  # noqa: B015
    failures = [
        lambda: cell[0],
        lambda: reversed(u),
        lambda: cell + cell,
        lambda: (1, 2) + cell,  # noqa: RUF005
        lambda: cell * 2,
        lambda: 2 * cell,
        lambda: cell < cell,
        lambda: (1, 2) < cell,
    ]
    for failure in failures:
        with pytest.raises(TypeError):
            failure()
    assert not hasattr(cell, "count") and not hasattr(cell, "index")
    assert from_python([cell]) == lisp(cell) and from_python(cell) is cell


def test_the_cell_holds_no_hash_and_no_dict() -> None:
    cell = Cons("G", NIL)
    hash(cell)
    assert sys.getsizeof(cell) == sys.getsizeof(("G", NIL))
    assert not hasattr(cell, "__dict__") and not hasattr(cell, "_hash")


def test_a_million_cells_take_at_most_64_bytes_each_hashed_or_not() -> None:
    symbols = ["G"] * BIG
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        u = from_iterable(symbols)
        built = tracemalloc.get_traced_memory()[0] - before
        hash(u)
        hashed = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    slack = 1024  # the interpreter's own small allocations meanwhile
    assert built <= 64 * BIG + slack and hashed <= 64 * BIG + slack


# --- pickle and deepcopy ----------------------------------------------------------------------


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_pickle_round_trips_a_million_element_list(protocol: int) -> None:
    u = from_iterable(range(BIG))
    v = pickle.loads(pickle.dumps(u, protocol))
    assert type(v) is Cons and v is not u
    assert v == u and hash(v) == hash(u)


@pytest.mark.parametrize("make", [car_nested, nested_both_ways], ids=["car-nested", "both ways"])
def test_pickle_and_deepcopy_round_trip_trees_nested_a_hundred_thousand_deep(make: Any) -> None:
    x = make(DEEP)
    y = pickle.loads(pickle.dumps(x))
    assert y == x and hash(y) == hash(x)
    assert copy.deepcopy(x) is x
    box = copy.deepcopy({"tree": x, "list": [x]})
    assert box["tree"] is x and box["list"][0] is x


def test_deepcopy_and_copy_of_a_million_element_list_are_the_list() -> None:
    u = from_iterable(range(BIG))
    assert copy.deepcopy(u) is u and copy.copy(u) is u


def test_pickle_keeps_shared_cells_shared() -> None:
    x: Any = lisp("G")
    for _ in range(200):  # 2^200 paths through 201 cells
        x = Cons(x, x)
    y = pickle.loads(pickle.dumps(x))
    for _ in range(200):
        assert y.car is y.cdr
        y = y.car
    assert y == lisp("G")
    tail = lisp(2, 3)
    z = pickle.loads(pickle.dumps(lisp(Cons(1, tail), tail)))
    assert z.car.cdr is z.cdr.car


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


# --- the collector ----------------------------------------------------------------------------


@pytest.fixture
def collector_on() -> Any:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.usefixtures("collector_on")
def test_bulk_builders_restore_the_collector_on_every_way_out() -> None:
    assert from_iterable(range(BIG)) is not NIL and gc.isenabled()
    with pytest.raises(ReadError):
        read("(" + " ".join(map(str, range(BIG))) + " . )")
    assert gc.isenabled()
    with pytest.raises(TypeError, match="2 items"):
        from_python([list(range(10_000)), (1, 2, 3)])
    assert gc.isenabled()
    rebuild, (refs, atoms) = from_iterable(range(10_000)).__reduce__()
    refs[-2] = 10**9  # the last cell's car: a cell that does not exist
    with pytest.raises(LispPickleError, match="names cell 1000000000, not built before it"):
        rebuild(refs, atoms)
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_bulk_builders_leave_a_disabled_collector_disabled() -> None:
    gc.disable()
    from_iterable(range(10_000))
    read("(" + " ".join(map(str, range(10_000))) + ")")
    pickle.loads(pickle.dumps(from_iterable(range(10_000))))
    assert not gc.isenabled()


def test_generators_consumed_by_from_iterable_run_with_the_collector_as_it_was() -> None:
    seen = []

    def items() -> Any:
        for k in range(10_000):
            if k % 5_000 == 0:
                seen.append(gc.isenabled())
            yield k

    enabled = gc.isenabled()
    assert len(from_iterable(items())) == 10_000
    assert seen == [enabled, enabled]
