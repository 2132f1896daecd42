"""Lisp data: the cons cell, ``NIL``, atoms, and lists built from Python sequences.

The data model of the notes (McCarthy 1973, ch. 5 and 6; the LISP 1.5 manual, ch. 1): a **cons
cell** ``(x . y)`` holds its *car* ``x`` and its *cdr* ``y``; :class:`Cons` is immutable and final,
and ``==`` compares structure (McCarthy's ``=``) with a ``hash`` that agrees.  ``NIL`` is the one
empty list, false and an atom; **atoms** are ``NIL``, symbols (``str``: ``"G"``, ``"LOSE"``) and
numbers (``int``, ``float``; ``float("inf")`` is ``∞``).  A proper list ``(1 2 3)`` is the chain
``(1 . (2 . (3 . NIL)))``.

Every operation here is a loop, never a Python recursion, so that lists of 10^6 elements and trees
10^5 deep compare, hash, print, pickle and copy; the bulk builders (from :data:`PAUSE_AT` cells)
pause the cyclic garbage collector.  What a cell is underneath and promises: ``docs/data.md``,
``docs/reliability.md``.
"""

from __future__ import annotations

import gc
import pickle
from array import array
from collections import _tuplegetter  # type: ignore[attr-defined]  # namedtuple's C field descriptor
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Final, cast, final

from lispy.sexpr.atoms import atom_to_string
from lispy.sexpr.nil import NIL, Nil

__all__ = [
    "NIL",
    "Cons",
    "LispPickleError",
    "LispTypeError",
    "Nil",
    "collector_paused",
    "from_iterable",
    "lisp",
    "to_pylist",
    "to_string",
]

PAUSE_AT: Final = 2048
"""Bulk builders pause the cyclic garbage collector from this many cells on (fewer cost it little)."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block, however it ends (the outermost of nested pauses
    restores it): cells never form a cycle, yet it would walk 10^6 of them again and again (docs/data.md)."""
    enabled = gc.isenabled()
    try:
        gc.disable()
        yield
    finally:
        if enabled:
            gc.enable()


class LispTypeError(TypeError):
    """A list function ``fname`` (the notes' name: ``"a"``, ``"length"``) got the atom or dotted list
    ``value`` where it needs a (proper) list; the message names both, in Lisp notation."""

    def __init__(self, fname: str, value: Any, what: str = "is an atom, not a list") -> None:
        self.fname = fname
        self.value = value
        super().__init__(f"{fname}: the argument {to_string(value)} ({_kind(value)}) {what}")


def _kind(x: Any) -> str:
    """What ``x`` is, in lispy's messages: ``a symbol``, ``the empty list``, ``a dotted list``, …"""
    if isinstance(x, bool):
        return "a truth value"
    if x is NIL:
        return "the empty list"
    if isinstance(x, str):
        return "a symbol"
    if isinstance(x, (int, float)):
        return "a number"
    if isinstance(x, Cons):
        u = x.cdr
        while type(u) is Cons:
            u = u.cdr
        return "a list" if u is NIL else "a dotted list"
    return f"a Python {type(x).__name__}"


_new = tuple.__new__


class _Absent:
    """A tuple method that a cons cell does not have: reading it raises ``AttributeError``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        raise AttributeError(f"cons cells have no {self.name!r}: walk them with car and cdr")


def _unsupported(op: str, reflected: bool = False) -> Any:
    """An operator that ``tuple`` has and a cons cell refuses, with the TypeError Python gives elsewhere
    (returning NotImplemented would fall back on tuple's own ``+``, ``*`` and comparisons)."""
    arithmetic = op in ("+", "*")
    if arithmetic:
        message = f"unsupported operand type(s) for {op}: {{!r}} and {{!r}}"
    else:
        message = f"{op!r} not supported between instances of {{!r}} and {{!r}}"

    def refuse(self: Any, other: Any) -> Any:
        if not arithmetic and not isinstance(other, tuple):
            return NotImplemented  # Python's own TypeError, or the other operand's method
        left, right = (other, self) if reflected else (self, other)
        raise TypeError(message.format(type(left).__name__, type(right).__name__))

    return refuse


@final
class Cons(tuple):  # type: ignore[type-arg]
    """An immutable cons cell ``(car . cdr)``.

    >>> Cons(1, Cons(2, NIL))
    (1 2)
    >>> Cons(1, "G")
    (1 . G)

    * ``==`` is structural (McCarthy's ``=``) and ``hash`` agrees; both walk the whole structure
      each time (a cell keeps no hash: it would cost 8 bytes a cell).
    * ``str`` and ``repr`` print Lisp notation (:mod:`lispy.sexpr.printer`).
    * Iterating a proper list gives its elements, ``len`` its length, ``in`` membership; on a
      dotted list they raise :class:`LispTypeError` at the tail.
    * Assigning or deleting an attribute (``__class__`` too) raises ``AttributeError``; deriving a
      class from ``Cons`` raises ``TypeError``.
    * ``pickle`` and ``copy`` work at any length and depth; ``copy.copy`` and ``copy.deepcopy``
      return the cell itself.
    * A ``tuple`` of two items underneath, it is not one to its users: indexing, ``+``, ``*``,
      ``<``, ``count`` and ``index`` raise, as on any non-sequence.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        raise TypeError("lispy.sexpr.data.Cons is final: a class cannot be derived from the cons cell")

    car: Any = _tuplegetter(0, "The car, the first of the cell's two values.")
    cdr: Any = _tuplegetter(1, "The cdr, the second of the cell's two values (the rest of a list).")
    __class__ = property(type, doc="The class of the cell; it cannot be assigned.")

    def __new__(cls, car: Any, cdr: Any) -> Cons:
        return _new(cls, (car, cdr))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cons cells are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cons cells are immutable: cannot delete {name!r}")

    def __bool__(self) -> bool:
        return True

    def __iter__(self) -> Iterator[Any]:
        u: Any = self
        while type(u) is Cons:
            yield u.car
            u = u.cdr
        if u is not NIL:
            raise LispTypeError("iter", self, "is not a proper list")

    def __len__(self) -> int:
        k, u = 0, cast(object, self)
        while type(u) is Cons:
            k, u = k + 1, u.cdr
        if u is not NIL:
            raise LispTypeError("len", self, "is not a proper list")
        return k

    def __contains__(self, x: object) -> bool:
        return any(e is x or e == x for e in self)

    def __getitem__(self, index: Any) -> Any:
        raise TypeError("'Cons' object is not subscriptable")

    __reversed__ = None  # type: ignore[assignment]
    count = _Absent()
    index = _Absent()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return False if isinstance(other, tuple) else NotImplemented  # not tuple's == on (car, cdr)
        return _equal(self, other)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Cons):
            return True if isinstance(other, tuple) else NotImplemented
        return not _equal(self, other)

    __lt__ = _unsupported("<")
    __le__ = _unsupported("<=")
    __gt__ = _unsupported(">")
    __ge__ = _unsupported(">=")
    __add__ = _unsupported("+")
    __radd__ = _unsupported("+", reflected=True)
    __mul__ = _unsupported("*")
    __rmul__ = _unsupported("*", reflected=True)

    def __hash__(self) -> int:
        return _hash_tree(self)

    def __repr__(self) -> str:
        return to_string(self)

    __str__ = __repr__

    def __copy__(self) -> Cons:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Cons:
        return self

    def __reduce__(self) -> tuple[Any, tuple[array[int], list[Any]]]:
        return unflatten, flatten(self)

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, tuple[array[int], list[Any]]]:
        return self.__reduce__()


def _equal(x: Any, y: Any) -> bool:
    """Structural equality of two values: the cdrs in a loop, the cars that are cells on a stack."""
    stack: list[tuple[Any, Any]] = []
    while True:
        while x is not y:
            if type(x) is Cons:
                if type(y) is not Cons:
                    return False
                a, b = x.car, y.car
                if a is not b:
                    if type(a) is Cons:
                        stack.append((a, b))
                    elif type(b) is Cons or not a == b:
                        return False
                x, y = x.cdr, y.cdr
            elif type(y) is Cons or not x == y:
                return False
            else:
                break
        if not stack:
            return True
        x, y = stack.pop()


def _hash_tree(x: Cons) -> int:
    """Each list folded from its end, ``h = hash((car, h))``, a car that is a cell entering as its hash;
    the lists that are cars wait on a stack."""
    frames: list[tuple[list[Any], int, int]] = []  # a list's cars, the next to fold, the hash so far
    cars: list[Any] = []
    u: Any = x
    while type(u) is Cons:
        cars.append(u.car)
        u = u.cdr
    h, i = hash(u), len(cars)
    while True:
        while i:
            i -= 1
            c = cars[i]
            if type(c) is Cons:
                frames.append((cars, i, h))
                cars = []
                while type(c) is Cons:
                    cars.append(c.car)
                    c = c.cdr
                h, i = hash(c), len(cars)
            else:
                h = hash((c, h))
        if not frames:
            return h
        hcar = h
        cars, i, h = frames.pop()
        h = hash((hcar, h))


def to_string(x: Any) -> str:
    """Lisp notation for ``x``, the cell's own ``repr`` (:mod:`lispy.sexpr.printer`).  Raises
    :class:`lispy.sexpr.atoms.IntegerTooLong` for an integer past lispy's limit on digits.

    >>> to_string(lisp(1, Cons(2, "G"), "two words", NIL, float("inf"), True))
    '(1 (2 . G) |two words| NIL ∞ T)'
    """
    out: list[str] = []
    pending: list[Any] = []  # the cdrs still to print, innermost list last
    while True:
        # Descend through cars, opening a list at each cons cell.
        while type(x) is Cons:
            out.append("(")
            pending.append(x.cdr)
            x = x.car
        out.append(atom_to_string(x))
        # Climb: continue the innermost open list, or close it.
        while pending:
            rest = pending.pop()
            if type(rest) is Cons:
                out.append(" ")
                pending.append(rest.cdr)
                x = rest.car
                break
            if rest is not NIL:
                out.append(" . ")
                out.append(atom_to_string(rest))
            out.append(")")
        else:
            return "".join(out)


def flatten(root: Cons) -> tuple[array[int], list[Any]]:
    """Every cell under ``root`` once, each after its car and cdr: ``(refs, atoms)``, for pickling.

    ``refs`` holds two numbers per cell, for its car and its cdr: ``k >= 0`` is the ``k``-th cell,
    ``-1`` is ``NIL`` and ``-2 - j`` is ``atoms[j]``.  Cells shared within ``root`` stay shared.
    """
    number: dict[int, int] = {}  # id(cell) -> its place in the order
    refs: list[int] = []
    atoms: list[Any] = []
    todo: list[Any] = [root]  # the first cells of lists still to number
    while todo:
        head = todo[-1]
        if id(head) in number:
            todo.pop()
            continue
        spine = []
        u = head
        while type(u) is Cons and id(u) not in number:
            spine.append(u)
            u = u.cdr
        waiting = [c.car for c in spine if type(c.car) is Cons and id(c.car) not in number]
        if waiting:  # number those lists first, then come back to this one
            todo += waiting
            continue
        todo.pop()
        for c in reversed(spine):
            for v in (c.car, c.cdr):
                if type(v) is Cons:
                    refs.append(number[id(v)])
                elif v is NIL:
                    refs.append(-1)
                else:
                    refs.append(-2 - len(atoms))
                    atoms.append(v)
            number[id(c)] = len(number)
    return array("q", refs), atoms


class LispPickleError(pickle.UnpicklingError):
    """A pickle of Lisp data that does not hold Lisp data (crafted, corrupted or truncated), raised by
    :func:`unflatten` and :func:`lispy.sexpr.pickling.loads`, saying what is wrong and where."""


def unflatten(*parts: Any) -> Cons:
    """The cell that :func:`flatten` took apart into ``parts``, ``(refs, atoms)``, rebuilt (pickles name
    this function); any other ``parts`` raise :class:`LispPickleError` naming the fault.

    >>> unflatten(*flatten(lisp(1, "G")))
    (1 G)
    >>> unflatten(array("q", [0, -1]), [])
    Traceback (most recent call last):
        ...
    lispy.sexpr.data.LispPickleError: a pickled cell: pair 0 names cell 0, not built before it
    """
    if len(parts) != 2:
        raise LispPickleError(f"a pickled cell: expected (refs, atoms), got {len(parts)} parts")
    refs, atoms = parts
    if not (isinstance(refs, array) and refs.typecode in "bhilq") and type(refs) not in (list, tuple):
        raise LispPickleError(f"a pickled cell: refs must be an array of integers, got {_kind(refs)}")
    if type(atoms) is not list and type(atoms) is not tuple:
        raise LispPickleError(f"a pickled cell: atoms must be a list, got {_kind(atoms)}")
    if not refs or len(refs) % 2:
        raise LispPickleError(f"a pickled cell: refs must be pairs of integers, got {len(refs)} integers")
    if type(refs) is not array and not all(type(v) is int for v in refs):
        bad = next(v for v in refs if type(v) is not int)
        raise LispPickleError(f"a pickled cell: refs must be integers, got {_kind(bad)}")
    cells: list[Any] = []
    append = cells.append
    with collector_paused():
        it = iter(refs)
        try:  # an index out of range is the only fault left: found again, with its place, if it occurs
            for i, j in zip(it, it):  # noqa: B905 (pairs from one iterator: strict would not apply)
                car = cells[i] if i >= 0 else NIL if i == -1 else atoms[-2 - i]
                cdr = cells[j] if j >= 0 else NIL if j == -1 else atoms[-2 - j]
                append(_new(Cons, (car, cdr)))
        except IndexError:
            raise LispPickleError(_bad_pair(len(cells), refs, len(atoms))) from None
    return cells[-1]


def _bad_pair(k: int, refs: Any, natoms: int) -> str:
    """What is wrong with the ``k``-th pair of ``refs``: it names a cell or an atom that is not there."""
    for v in (refs[2 * k], refs[2 * k + 1]):
        if v >= k:
            return f"a pickled cell: pair {k} names cell {v}, not built before it"
        if v < -1 - natoms:
            return f"a pickled cell: pair {k} names atom {-2 - v}, and there are {natoms}"
    raise AssertionError("unreachable: the pair was valid")


def from_iterable(items: Iterable[Any], tail: Any = NIL) -> Any:
    """The Lisp list of ``items`` (one level: elements are not converted), ending in ``tail``.

    >>> from_iterable([1, 2], tail="G"), from_iterable([])
    ((1 2 . G), NIL)
    """
    if type(items) is not list and type(items) is not tuple:
        items = list(items)
    result = tail
    if len(items) < PAUSE_AT:
        for x in reversed(items):
            result = _new(Cons, (x, result))
        return result
    with collector_paused():
        for x in reversed(items):
            result = _new(Cons, (x, result))
    return result


def lisp(*items: Any) -> Any:
    """``lisp(x1, ..., xn)`` is the list ``(x1 ... xn)``: LISP 1.5's ``list``.

    >>> lisp(1, "G", lisp())
    (1 G NIL)
    """
    return from_iterable(items)


def to_pylist(u: Any, fname: str = "to_pylist") -> list[Any]:
    """The elements of the proper list ``u`` as a Python list (one level), or a :class:`LispTypeError`
    naming ``fname`` (the list function that asked for them)."""
    items = []
    x = u
    while type(x) is Cons:
        items.append(x.car)
        x = x.cdr
    if x is not NIL:
        raise _not_a_list(fname, u, x)
    return items


def _not_a_list(fname: str, u: Any, tail: Any) -> LispTypeError:
    """The error for ``u``, whose walk by ``fname`` ended at the atom ``tail`` (not ``NIL``)."""
    return LispTypeError(fname, u, "is an atom, not a list" if tail is u else "is not a proper list")
