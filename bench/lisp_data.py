"""Issue 10's goals for the Lisp data, measured in one run: ``python -m bench.chapter5`` prints them.

- every list function on 10^6 elements against its pure-Python limit, the same loop on plain
  2-tuples (:mod:`bench.plain_cells`), under the same collector policy on both sides (the cyclic
  collector as Python runs it): goal ≤ 1.25×;
- ``read`` of 10^6 integers against building the same list from the ints: goal ≤ 2×;
- the memory of 10^6 cons cells, a list of one repeated symbol so that the elements cost
  nothing, hashed or not: goal ≤ 64 bytes a cell (64 MB), beside plain 2-tuples (56 bytes);
- ``pickle`` round trip of 10^6 elements: goal, equal after loading (a tree nested deep in its cars
  meets Python's own RecursionError, as any nested Python data does: docs/reliability.md).

The times are CPU seconds in interleaved rounds, the ratio the median of the rounds' ratios
(:mod:`bench.goals`).
"""

from __future__ import annotations

import gc
import pickle
import statistics
import tracemalloc
from collections.abc import Callable
from functools import partial
from typing import Any

from bench import goals
from bench.goals import Goal
from bench.plain_cells import PlainCells
from lispy import append, from_iterable, mapcar, read, reverse, sublis, to_string


def list_goals(n: int, rounds: int) -> list[Goal]:
    """Each list function on an ``n``-element list against its pure-Python limit under the same
    collector policy, the collector as Python runs it (goal ≤ 1.25×)."""
    items = list(range(n))
    u, u2 = from_iterable(items), from_iterable(items)
    t, t2 = PlainCells.from_iterable(items), PlainCells.from_iterable(items)
    subst = read("((0 . ZERO) (1 . ONE))")
    table = {0: "ZERO", 1: "ONE"}
    assert str(sublis(subst, u)) == PlainCells.to_string(PlainCells.sublis(table, t))
    builds = partial(PlainCells.from_iterable, items)
    cases: list[tuple[str, Callable[[], Any], Callable[[], Any], float | None]] = [
        ("from_iterable", partial(from_iterable, items), builds, 1.25),
        ("mapcar", partial(mapcar, u, abs), partial(PlainCells.mapcar, t, abs), 1.25),
        ("append (*)", partial(append, u, u), partial(PlainCells.append, t, t), 1.25),
        ("reverse", partial(reverse, u), partial(PlainCells.reverse, t), 1.25),
        ("sublis", partial(sublis, subst, u), partial(PlainCells.sublis, table, t), 1.25),
        ("== of two existing lists", partial(u.__eq__, u2), partial(PlainCells.equal, t, t2), 1.25),
        ("hash", partial(hash, u), partial(PlainCells.hash, t), 1.25),
        ("str", partial(str, u), partial(PlainCells.to_string, t), 1.25),
        (
            "== against a copy built each time (as timeit's table has it)",
            lambda: u == from_iterable(items),
            lambda: PlainCells.equal(t, builds()),
            None,
        ),
    ]
    rows = []
    for name, ours, limit, at_most in cases:
        times = goals.interleaved([ours, limit], rounds, description=name)
        rows.append(goals.ratio(f"{name}, {n:,} elements", times[0], times[1], at_most, ""))
    return rows


def reader_goals(n: int, rounds: int) -> list[Goal]:
    """``read`` of an ``n``-element list of integers against building it from the ints (goal ≤ 2×),
    and of other text (no goal) against building as many cells."""
    items = list(range(n))
    numbers = to_string(from_iterable(items))
    assert read(numbers) == from_iterable(items)
    symbols = to_string(from_iterable(["G", "B", "W", "R"] * (n // 4)))
    commented = "(" + "\n".join(f"  {k} ; the number {k}" for k in range(n // 10)) + "\n)"
    nested = "(" * (n // 10) + "G" + ")" * (n // 10)
    cases: list[tuple[str, str, int, float | None]] = [
        (f"read, {n:,} integers", numbers, n, 2),
        (f"read, {n:,} symbols (G B W R …)", symbols, n, None),
        (f"read, {n // 10:,} integers one a line with comments", commented, n // 10, None),
        (f"read, nested {n // 10:,} deep", nested, n // 10, None),
    ]
    rows = []
    for name, text, cells, at_most in cases:
        seconds, reference = goals.interleaved(
            [partial(read, text), partial(from_iterable, items[:cells])], rounds, description=name
        )
        rows.append(goals.ratio(name, seconds, reference, at_most, f"from_iterable of {cells:,} ints"))
    return rows


def traced_bytes(build: Callable[[], Any], hasher: Callable[[Any], int]) -> tuple[int, int, int]:
    """Bytes that ``build()`` leaves allocated (tracemalloc), the same after ``hasher`` has hashed
    what it built, and the growth of the resident memory (Linux; 0 elsewhere)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        x = build()
        built = tracemalloc.get_traced_memory()[0] - before
        hasher(x)
        hashed = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del x
    gc.collect()
    resident = _resident()
    y = build()
    grown = _resident() - resident
    del y
    return built, hashed, grown


def _resident() -> int:
    """Resident memory in bytes now (Linux /proc), or 0 where unknown."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * (1 << 12)
    except OSError:
        return 0


def memory_goals(n: int) -> list[Goal]:
    """Memory of ``n`` cons cells, a list of one repeated symbol so that the elements cost nothing,
    before and after hashing (goal ≤ 64 bytes a cell, to a tenth of a byte: the figure includes
    the few hundred bytes of the call itself), beside plain 2-tuples.

    The plain 2-tuples are hashed by :meth:`PlainCells.hash`, a loop: Python's own ``hash`` of a
    tuple recurs in C, and 10^6 levels of it overflow the C stack.
    """
    symbols = ["G"] * n
    built, hashed, grown = traced_bytes(partial(from_iterable, symbols), hash)
    plain, plain_hashed, _ = traced_bytes(partial(PlainCells.from_iterable, symbols), PlainCells.hash)
    rows = []
    for name, size, reference in [("", built, plain), (", hashed", hashed, plain_hashed)]:
        resident = f" (resident +{grown / 1e6:.0f} MB)" if grown and not name else ""
        per_cell = round(size / n, 1)
        rows.append(
            Goal(
                f"memory of {n:,} cells{name}",
                f"{size / 1e6:.1f} MB{resident}",
                f"{reference / 1e6:.1f} MB (plain 2-tuples)",
                f"{per_cell:.1f} bytes a cell",
                "≤ 64 bytes a cell",
                per_cell <= 64,
            )
        )
    return rows


def pickle_goals(n: int, rounds: int) -> list[Goal]:
    """A ``pickle`` round trip of an ``n``-element list (goal: equal after loading), timed against
    building ``n`` cells."""
    rows = []
    for name, x in [(f"{n:,}-element list", from_iterable(range(n)))]:

        def round_trip(x: Any = x) -> Any:
            return pickle.loads(pickle.dumps(x, pickle.HIGHEST_PROTOCOL))

        equal = round_trip() == x
        seconds, reference = goals.interleaved(
            [round_trip, partial(from_iterable, range(n))], rounds, description=f"pickle, {name}"
        )
        rows.append(
            Goal(
                f"pickle round trip, {name}",
                goals.ms(statistics.median(seconds)),
                f"{goals.ms(statistics.median(reference))} (from_iterable of {n:,} ints)",
                "equal after loading" if equal else "NOT equal after loading",
                "round-trips",
                equal,
            )
        )
    return rows


def issue_10(n: int, rounds: int) -> None:
    """Issue 10's goals for the Lisp data, measured in this run."""
    rows = list_goals(n, rounds) + reader_goals(n, rounds) + memory_goals(n) + pickle_goals(n, 2)
    print(goals.table(rows, reference="reference (pure-Python limit unless named)"))
    print(f"\n{goals.summary(rows)}\n")
