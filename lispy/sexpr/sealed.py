"""Sealing a class: no subclasses, no class assignment, no attribute set on the class.

``NIL`` and the cons cell must be what they say they are: a cell re-classed by
``object.__dict__['__class__'].__set__(cell, Other)`` would be lost from a dict it is a key of, and
a subclass of :class:`~lispy.sexpr.data.Cons` would escape the loops that test ``type(u) is
Cons``.  Python has no statement for a final, immutable class; CPython has two flags in the
type object, which its built-in types carry:

* without ``Py_TPFLAGS_BASETYPE`` a class cannot be subclassed (``class S(Cons)`` raises
  ``TypeError: type 'Cons' is not an acceptable base type``), whatever the subclass's bases;
* with ``Py_TPFLAGS_IMMUTABLETYPE`` (CPython 3.10 and later) an instance's ``__class__``
  cannot be assigned, by ``setattr`` or by ``object``'s own descriptor, to or from the class,
  and the class's attributes cannot be set or deleted.

:func:`seal` sets both through :mod:`ctypes`, after checking that the word it writes is the
type's flags (it must equal ``cls.__flags__``), and reports whether the flags then read
back as set.  Elsewhere (another implementation, a layout it does not recognise) it writes
nothing and returns ``False``: :data:`SEALED` says which, and the docs promise only what it says.
Each class also refuses subclasses in its ``__init_subclass__``, so that, unsealed, a subclass
declared in the ordinary way is still refused.

>>> from lispy.sexpr.data import Cons
>>> class Other(Cons): pass  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
TypeError: ...Cons...
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["BASETYPE", "IMMUTABLETYPE", "seal"]

BASETYPE = 1 << 10
"""``Py_TPFLAGS_BASETYPE``: the class may be subclassed."""

IMMUTABLETYPE = 1 << 8
"""``Py_TPFLAGS_IMMUTABLETYPE`` (CPython 3.10 and later): no class assignment, no attribute set."""

_FIELDS_BEFORE_FLAGS = 18
"""``PyTypeObject``'s fields from ``tp_name`` to ``tp_as_buffer``, each a pointer or a ``Py_ssize_t``."""


def _flags_word(cls: type) -> ctypes.c_ulong | None:
    """The ``tp_flags`` word of ``cls``'s type object, or None where its place is not certain."""
    if sys.implementation.name != "cpython" or sys.version_info < (3, 10):
        return None
    pointer = ctypes.sizeof(ctypes.c_void_p)
    if pointer != ctypes.sizeof(ctypes.c_ssize_t):
        return None
    # PyVarObject's head (PyObject, then ob_size), then the fields up to tp_flags.
    offset = object.__basicsize__ + ctypes.sizeof(ctypes.c_ssize_t) + _FIELDS_BEFORE_FLAGS * pointer
    word = ctypes.c_ulong.from_address(id(cls) + offset)
    return word if word.value == cls.__flags__ else None


def seal(cls: type) -> bool:
    """Make ``cls`` final and immutable (see the module's text); whether both flags now hold.

    Call it once the class and its instances that need attributes of the class set are made.
    """
    word = _flags_word(cls)
    if word is not None:
        word.value = (word.value & ~BASETYPE) | IMMUTABLETYPE
    return not cls.__flags__ & BASETYPE and bool(cls.__flags__ & IMMUTABLETYPE)
