"""The pure-Python limit of the list functions: the same loops on plain 2-tuples.

Issue 10 states the list functions' goal against this: each function's loop, run on plain
2-tuples ``(x, r)`` with ``None`` for ``NIL`` (the cheapest cell Python has), with the cyclic
garbage collector as Python runs it, timed in the same run (``python -m bench.chapter5``).
For ``sublis`` the loop also tests whether each car is a cell, as the real function must.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lispy.sexpr.data import atom_to_string


class PlainCells:
    """The list functions on plain 2-tuples ``(car, cdr)`` with ``None`` for ``NIL``: the same loops
    as lispy's, with Python's cheapest cell.  Not a Lisp: no checks beyond the loops' own."""

    @staticmethod
    def from_iterable(items: list[Any], tail: Any = None) -> Any:
        r = tail
        for x in reversed(items):
            r = (x, r)
        return r

    @staticmethod
    def elements(u: Any) -> list[Any]:
        items = []
        x = u
        while type(x) is tuple:
            items.append(x[0])
            x = x[1]
        return items

    @staticmethod
    def mapcar(u: Any, f: Callable[[Any], Any]) -> Any:
        return PlainCells.from_iterable([f(x) for x in PlainCells.elements(u)])

    @staticmethod
    def append(u: Any, v: Any) -> Any:
        return PlainCells.from_iterable(PlainCells.elements(u), v)

    @staticmethod
    def reverse(u: Any) -> Any:
        r = None
        x = u
        while type(x) is tuple:
            r = (x[0], r)
            x = x[1]
        return r

    @staticmethod
    def sublis(table: dict[Any, Any], e: Any) -> Any:
        cars = []
        x = e
        while type(x) is tuple:
            car = x[0]
            if type(car) is tuple:  # lispy's loop leaves a tree to another path; so does this one
                raise NotImplementedError("the plain sublis takes a list of atoms")
            cars.append(car)
            x = x[1]
        get = table.get
        return PlainCells.from_iterable([get(z, z) for z in cars], get(x, x))

    @staticmethod
    def equal(x: Any, y: Any) -> bool:
        stack: list[tuple[Any, Any]] = []
        while True:
            while x is not y:
                if type(x) is tuple:
                    if type(y) is not tuple:
                        return False
                    a, b = x[0], y[0]
                    if a is not b:
                        if type(a) is tuple:
                            stack.append((a, b))
                        elif type(b) is tuple or not a == b:
                            return False
                    x, y = x[1], y[1]
                elif type(y) is tuple or not x == y:
                    return False
                else:
                    break
            if not stack:
                return True
            x, y = stack.pop()

    @staticmethod
    def hash(x: Any) -> int:
        frames: list[tuple[list[Any], int, int]] = []
        cars: list[Any] = []
        u = x
        while type(u) is tuple:
            cars.append(u[0])
            u = u[1]
        h, i = hash(u), len(cars)
        while True:
            while i:
                i -= 1
                c = cars[i]
                if type(c) is tuple:
                    frames.append((cars, i, h))
                    cars = []
                    while type(c) is tuple:
                        cars.append(c[0])
                        c = c[1]
                    h, i = hash(c), len(cars)
                else:
                    h = hash((c, h))
            if not frames:
                return h
            hcar = h
            cars, i, h = frames.pop()
            h = hash((hcar, h))

    @staticmethod
    def to_string(x: Any) -> str:
        out: list[str] = []
        pending: list[Any] = []
        while True:
            while type(x) is tuple:
                out.append("(")
                pending.append(x[1])
                x = x[0]
            out.append(atom_to_string(x))
            while pending:
                rest = pending.pop()
                if type(rest) is tuple:
                    out.append(" ")
                    pending.append(rest[1])
                    x = rest[0]
                    break
                if rest is not None:
                    out.append(" . ")
                    out.append(atom_to_string(rest))
                out.append(")")
            else:
                return "".join(out)
