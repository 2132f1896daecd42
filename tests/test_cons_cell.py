"""The cons cell as a tuple underneath: no trick changes a cell, it is not a tuple to Python code,
pickle and deepcopy at 10^6 elements and 10^5 nesting, hash independent of the process, memory,
and the collector restored after bulk construction."""

from __future__ import annotations

import copy
import gc
import os
import pickle
import pickletools
import subprocess
import sys
import tracemalloc
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import lisp_data

from lispy import NIL, Cons, LispTypeError, ReadError, from_iterable, from_python, lisp, read, to_string
from lispy.sexpr.data import LispPickleError, Nil, flatten, unflatten
from lispy.sexpr.pickling import loads

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


class Mixin:
    """A base whose ``__init_subclass__`` lets a subclass of the cell pass: what the docs name as abuse."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        pass


def test_nil_cannot_be_changed_or_given_attributes() -> None:
    for trick in (
        lambda: setattr(NIL, "car", 1),
        lambda: object.__setattr__(NIL, "anything", 1),
        lambda: NIL.__dict__,
    ):
        with pytest.raises(AttributeError):
            trick()
    assert Nil() is NIL and not NIL and NIL.car is NIL


@pytest.mark.parametrize("final", [Cons, Nil])
def test_the_cell_and_nil_cannot_be_subclassed(final: type) -> None:
    name = final.__name__
    with pytest.raises(TypeError, match=f"{name} is final"):
        type("Sub", (final,), {})
    with pytest.raises(TypeError, match=f"{name} is final"):

        class Sub(final):  # type: ignore[valid-type,misc]
            pass


def test_the_classes_are_final_to_type_checkers() -> None:
    """``typing.final`` marks both (Python 3.11 and later record it as ``__final__``)."""
    assert Cons.__final__ is True and Nil.__final__ is True  # type: ignore[attr-defined]


def test_what_the_docs_name_as_abuse_is_what_the_classes_cannot_refuse() -> None:
    """Below the class's own methods: ``object``'s ``__class__`` descriptor re-classes a cell, and a
    base before ``Cons`` that does not call up lets a subclass past.  The docs say so (data.md,
    reliability.md) instead of promising more; if Python ever refuses these, the docs can say less."""
    cell = Cons(1, "G")
    object.__dict__["__class__"].__set__(cell, Impostor)
    assert type(cell) is Impostor
    assert type("Sub", (Mixin, Cons), {}).__mro__[2] is Cons


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
    assert not hasattr(cell, "__dict__")


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


# --- crafted and corrupted pickles --------------------------------------------------------------


class Crafted:
    """Pickles as a call of lispy's ``unflatten`` on ``parts``: a crafted pickle of a cell."""

    def __init__(self, *parts: Any) -> None:
        self.parts = parts

    def __reduce__(self) -> Any:
        return unflatten, self.parts


cells = lisp_data.filter(lambda x: isinstance(x, Cons))


ODD = st.none() | st.integers() | st.text(max_size=3) | st.dictionaries(st.integers(), st.integers())
"""Values of the wrong type for either part."""


@st.composite
def crafted_parts(draw: st.DrawFn) -> tuple[Any, ...]:
    """The flattened form of a random cell, then changed: numbers, atoms, parts, types."""
    flat, flat_atoms = flatten(draw(cells))
    refs: list[Any] = list(flat)
    atoms: Any = list(flat_atoms)
    for _ in range(draw(st.integers(1, 4))):
        change = draw(st.sampled_from(["number", "drop ref", "drop atom", "add ref"]))
        if change == "number" and refs:
            refs[draw(st.integers(0, len(refs) - 1))] = draw(st.integers(-len(atoms) - 4, len(refs) + 2))
        elif change == "drop ref" and refs:
            del refs[draw(st.integers(0, len(refs) - 1))]
        elif change == "drop atom" and atoms:
            del atoms[draw(st.integers(0, len(atoms) - 1))]
        elif change == "add ref":
            odd_ref = draw(st.integers(-3, 3) | st.floats() | st.booleans())
            refs.insert(draw(st.integers(0, len(refs))), odd_ref)
    kind = draw(st.sampled_from(["array", "list", "tuple", "parts", "odd refs", "odd atoms"]))
    if kind == "array" and all(type(v) is int for v in refs):
        return (array("q", refs), atoms)
    if kind == "tuple":
        return (tuple(refs), atoms)
    if kind == "parts":
        return draw(st.sampled_from([(), (refs,), (refs, atoms, atoms)]))
    if kind == "odd refs":
        return (draw(ODD), atoms)
    if kind == "odd atoms":
        return (refs, draw(ODD))
    return (refs, atoms)


@settings(max_examples=200)
@given(crafted_parts())
def test_a_crafted_pickle_of_a_cell_gives_lispys_error_or_a_cell(parts: tuple[Any, ...]) -> None:
    data = pickle.dumps(Crafted(*parts))
    for load in (pickle.loads, loads):
        try:
            value = load(data)
        except LispPickleError as error:
            assert isinstance(error, pickle.UnpicklingError) and str(error).startswith("a pickle")
        else:
            assert type(value) is Cons and to_string(value)  # a well-formed cell after all


@st.composite
def corrupted_pickles(draw: st.DrawFn) -> bytes:
    """A pickle of a random Lisp datum, its bytes changed, cut or spliced."""
    data = bytearray(pickle.dumps(draw(lisp_data), draw(st.integers(0, pickle.HIGHEST_PROTOCOL))))
    for _ in range(draw(st.integers(1, 4))):
        change = draw(st.sampled_from(["byte", "cut", "insert", "delete"]))
        at = draw(st.integers(0, len(data)))
        if change == "byte" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif change == "cut":
            del data[at:]
        elif change == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif change == "delete":
            del data[at : at + draw(st.integers(1, 4))]
    return bytes(data)


@settings(max_examples=200)
@given(corrupted_pickles())
def test_a_corrupted_pickle_of_lisp_data_gives_lispys_error_or_lisp_data(data: bytes) -> None:
    try:
        value = loads(data)
    except LispPickleError as error:
        assert isinstance(error, pickle.UnpicklingError) and str(error).startswith("a ")
    else:
        assert isinstance(value, (Cons, Nil, str, int, float))
        assert read(to_string(value)) == value or has_nan(value)  # NaN prints as a symbol


def has_nan(x: Any) -> bool:
    """Does the datum ``x`` hold a float NaN (which prints as ``nan``, a symbol to the reader)?"""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, Cons):
            stack += [y.car, y.cdr]
        elif isinstance(y, float) and y != y:
            return True
    return False


@given(lisp_data)
def test_lispys_loads_reads_every_pickle_of_lisp_data(x: Any) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(x, protocol)
        assert loads(data) == x and loads(pickletools.optimize(data)) == x  # memo renumbered, or none


def peak_memory(load: Any, data: bytes) -> int:
    """The most memory (bytes, as tracemalloc counts Python's allocations) ``load(data)`` held."""
    tracemalloc.start()
    try:
        load(data)
    except LispPickleError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


# A few bytes that ask the unpickler for much: a memo entry far past those stored (pickle.loads
# of the first took 610 MB), lengths past the end, a frame of 2**62 bytes, digits past Python's limit.
TINY_AND_GREEDY = {
    "LONG_BINPUT 40,000,000": b"\x80\x04K\x01r" + (40_000_000).to_bytes(4, "little") + b".",
    "BINPUT 255": b"\x80\x04K\x01q\xff.",
    "PUT 99999999 (protocol 0)": b"I1\np99999999\n.",
    "LONG_BINPUT 2**32-1 after two entries": b"\x80\x04K\x01\x94K\x02\x94K\x03r\xff\xff\xff\xff.",
    "FRAME 2**62": b"\x80\x04\x95" + (2**62).to_bytes(8, "little") + b"K\x01.",
    "BINUNICODE8 2**62": b"\x80\x04\x8d" + (2**62).to_bytes(8, "little") + b"ab.",
    "BINBYTES8 2**62": b"\x80\x04\x8e" + (2**62).to_bytes(8, "little") + b"ab.",
    "LONG4 2**31-1": b"\x80\x02\x8b" + (2**31 - 1).to_bytes(4, "little") + b"ab.",
    "LONG_BINGET 2**32-1": b"\x80\x04K\x01\x94j" + (2**32 - 1).to_bytes(4, "little") + b".",
    "INT of 5,000 digits": b"I" + b"9" * 5000 + b"\n.",
}


@pytest.mark.parametrize("name", TINY_AND_GREEDY)
def test_a_small_pickle_that_asks_for_much_is_refused_in_little_memory(name: str) -> None:
    data = TINY_AND_GREEDY[name]
    with pytest.raises(LispPickleError) as refused:
        loads(data)
    assert peak_memory(loads, data) < 64 * 1024, name
    if "PUT" in name:
        assert "where entry " in str(refused.value) and "comes next" in str(refused.value)


@settings(max_examples=100)
@given(st.one_of(corrupted_pickles(), lisp_data.map(pickle.dumps)))
def test_lispys_loads_uses_memory_in_proportion_to_the_pickle(data: bytes) -> None:
    """Under 64 bytes a byte of pickle, plus 64 KiB (the worst of 500 corrupted pickles measured 23)."""
    assert peak_memory(loads, data) <= 64 * 1024 + 64 * len(data)


def test_lispys_loads_runs_nothing_a_pickle_names() -> None:
    for foreign in (print, os.system, Impostor((1, 2)), {"a": 1}, None, (1, 2), bytearray(b"G")):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            with pytest.raises(LispPickleError):
                loads(pickle.dumps(foreign, protocol))
    with pytest.raises(LispPickleError, match="holds a Python list, not Lisp data"):
        loads(pickle.dumps(Cons(1, [2])))  # a Python list in a cell is no pickle of Lisp data
    with pytest.raises(LispPickleError, match="expected the bytes"):
        loads("(1 2)")  # type: ignore[arg-type]


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
