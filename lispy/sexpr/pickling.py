"""Pickling a cons cell: the whole structure as one flat array, so that no length or depth recurs.

``pickle`` walks tuples recursively, through C, and a list of 10^5 elements would exhaust the C
stack.  A cell's ``__reduce__`` gives instead :func:`unflatten` and the pair :func:`flatten` makes
(both defined with the cell, in :mod:`lispy.sexpr.data`, which pickles name).  A crafted pickle of a
cell raises :class:`LispPickleError`, never an error from inside; :func:`loads` reads only Lisp data,
in time and memory in proportion to the pickle (``docs/reliability.md``, "Pickles").  Never
unpickle data you do not trust.
"""

from __future__ import annotations

import io
import pickle
import pickletools
from typing import Any

from lispy.sexpr.data import NIL, Cons, LispPickleError, Nil, flatten, unflatten

__all__ = ["LispPickleError", "flatten", "loads", "unflatten"]

_ATOMS = (str, int, float, Nil)  # bool is an int: the truth values that lists may hold


def _unflatten_lisp(*parts: Any) -> Cons:
    """:func:`unflatten`, its atoms checked to be Lisp atoms."""
    if len(parts) == 2 and type(parts[1]) in (list, tuple):
        for atom in parts[1]:
            if not isinstance(atom, _ATOMS):
                raise LispPickleError(f"a pickled cell holds a Python {type(atom).__name__}, not Lisp data")
    return unflatten(*parts)


_ALLOWED: dict[tuple[str, str], Any] = {
    ("lispy.sexpr.data", "unflatten"): _unflatten_lisp,
    ("lispy.sexpr.nil", "NIL"): NIL,
}


_OPCODES = frozenset(
    """PROTO FRAME STOP MARK GLOBAL STACK_GLOBAL REDUCE
    SHORT_BINUNICODE BINUNICODE BINUNICODE8 UNICODE SHORT_BINBYTES BINBYTES BINBYTES8
    BININT BININT1 BININT2 INT LONG LONG1 LONG4 BINFLOAT FLOAT NEWTRUE NEWFALSE
    EMPTY_TUPLE TUPLE TUPLE1 TUPLE2 TUPLE3 EMPTY_LIST LIST APPEND APPENDS
    PUT BINPUT LONG_BINPUT MEMOIZE GET BINGET LONG_BINGET""".split()
)
"""The pickle operations that a pickle of Lisp data uses, at every protocol (0 to 5); anything else
(``BUILD``, ``NEWOBJ``, dictionaries, buffers, persistent ids, …) is refused before unpickling."""

_STORES = frozenset({"PUT", "BINPUT", "LONG_BINPUT", "MEMOIZE"})  # those that store into the memo


def _check_operations(data: bytes | bytearray | memoryview) -> None:
    """Refuse the first operation no pickle of Lisp data uses, and the first memo store past the entries
    stored before it (the pickler numbers them 0, 1, 2, …): the memo stays within one entry an operation."""
    stored = 0
    try:
        for opcode, index, position in pickletools.genops(bytes(data)):
            if opcode.name not in _OPCODES:
                raise LispPickleError(
                    f"a pickle of Lisp data holds the operation {opcode.name} (at byte {position}),"
                    " which no pickle of Lisp data uses"
                )
            if opcode.name in _STORES:
                if isinstance(index, int) and index > stored:
                    raise LispPickleError(
                        f"a pickle of Lisp data stores memo entry {index} (at byte {position}) where "
                        f"entry {stored} comes next"
                    )
                stored += 1
    except LispPickleError:
        raise
    except Exception as e:  # pickletools' own faults on a corrupted stream
        raise LispPickleError(f"a corrupted pickle of Lisp data: {e}") from None


class _LispUnpickler(pickle.Unpickler):
    """An unpickler that finds only the names a pickle of Lisp data holds."""

    def find_class(self, module: str, name: str) -> Any:
        found = _ALLOWED.get((module, name))
        if found is None and module == "array" and name in ("array", "_array_reconstructor"):
            return super().find_class(module, name)
        if found is None:
            raise LispPickleError(f"a pickle of Lisp data names {module}.{name}, which is not Lisp data")
        return found


def loads(data: bytes) -> Any:
    """The Lisp datum pickled in ``data``: a cell, ``NIL``, a symbol or a number.

    Unlike ``pickle.loads``, runs nothing the pickle names but :func:`unflatten` (and :mod:`array`'s
    constructor), and raises :class:`LispPickleError` for any fault: an operation (checked with
    :mod:`pickletools` before unpickling), a name or a value that is not Lisp data's, a memo entry
    stored out of order, a crafted, corrupted or truncated stream.

    >>> import pickle
    >>> from lispy.sexpr.data import lisp
    >>> loads(pickle.dumps(lisp(1, "G", lisp(2.5))))
    (1 G (2.5))
    >>> loads(pickle.dumps(print))
    Traceback (most recent call last):
        ...
    lispy.sexpr.data.LispPickleError: a pickle of Lisp data names builtins.print, which is not Lisp data
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise LispPickleError(f"loads: expected the bytes of a pickle, got a Python {type(data).__name__}")
    _check_operations(data)
    try:
        value = _LispUnpickler(io.BytesIO(data)).load()
    except LispPickleError:
        raise
    except RecursionError:
        raise LispPickleError("a corrupted pickle of Lisp data: nested too deeply") from None
    except MemoryError:
        raise LispPickleError(
            "a corrupted pickle of Lisp data: it asks for more memory than there is"
        ) from None
    except Exception as e:  # the unpickler's own faults: every kind it raises on a corrupted stream
        raise LispPickleError(f"a corrupted pickle of Lisp data: {e}") from None
    if not isinstance(value, (Cons, *_ATOMS)):
        raise LispPickleError(f"a pickle of Lisp data holds a Python {type(value).__name__}")
    return value
