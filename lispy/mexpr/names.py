"""Names: an M-expression's name as a Python identifier, and back.

The compiled code keeps the notes' names (``search``, ``α``, ``p₀``), so it reads
like the hand transcriptions.  Three kinds of name are changed, each by a rule a
reader can undo:

* a name that is a Python keyword (``in``, ``not``), one of the names the compiled
  code keeps for the notation (:data:`RESERVED`: ``cons`` for ``.``, ``truth`` for a
  condition, …), or a name that already ends in ``_`` gets one more ``_``
  (``cons`` → ``cons_``, ``f_`` → ``f__``), so no two names meet;
* a prime, ``f'`` (not a Python character), is the modifier letter prime ``fʹ``;
* a subscript digit, ``p₀``, is the digit, ``p0``, as Python itself reads ``p₀`` in source
  (it allows ``₀`` only after normalising it to ``0``), and as the notes' ``p₀`` is spelt
  in ASCII.  :class:`lispy.mexpr.environment.Environment` refuses to hold both ``p0``
  and ``p₀`` as different names.

Names beginning with ``_`` or a capital cannot be written in M-expressions, so the
compiled code's own names and Python's dunders are out of the notes' reach.
"""

from __future__ import annotations

import keyword

from lispy.mexpr.runtime import NOTATION

__all__ = ["RESERVED", "m_name", "python_name"]

RESERVED = frozenset(NOTATION)
"""The names the compiled code uses for the notation itself (:mod:`lispy.mexpr.runtime`)."""

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
