"""Names: an M-expression's name as a Python identifier, and back.

The compiled code keeps the notes' names (``search``, ``α``, ``p₀``), changed by three rules a
reader can undo: a Python keyword, a name of the notation's (:data:`RESERVED`) or a name ending in
``_`` gets one more ``_`` (``cons`` → ``cons_``); a prime ``f'`` is the modifier letter ``fʹ``; a
subscript ``p₀`` is the digit, ``p0``, as Python reads it (the environment refuses ``p0`` beside
``p₀``).  M-expression names cannot begin with ``_`` or a capital, so the compiled code's own names
and Python's dunders are out of their reach.
"""

from __future__ import annotations

import keyword

from lispy.mexpr.prelude import NOTATION

RESERVED = frozenset(NOTATION)
"""The names the compiled code uses for the notation itself (:mod:`lispy.mexpr.prelude`)."""

_PRIME, _PYTHON_PRIME = "'", "ʹ"
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _needs_underscore(name: str) -> bool:
    return name in RESERVED or keyword.iskeyword(name) or name.endswith("_")


def python_name(name: str) -> str:
    """The Python identifier for the M-expression name ``name``: ``cons`` → ``cons_``, ``f'`` → ``fʹ``."""
    name = name.replace(_PRIME, _PYTHON_PRIME).translate(_SUBSCRIPTS)
    return f"{name}_" if _needs_underscore(name) else name


def m_name(identifier: str) -> str:
    """An M-expression name that :func:`python_name` turns into ``identifier`` (``p0`` for ``p0``)."""
    if identifier.endswith("_") and _needs_underscore(identifier[:-1]):
        identifier = identifier[:-1]
    return identifier.replace(_PYTHON_PRIME, _PRIME)
