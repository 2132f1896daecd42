"""Atoms in Lisp notation: the one place that says how an atom is written and read.

The reader (:mod:`lispy.sexpr.reader`) turns each run of symbol characters into an
atom with :func:`parse_atom`; the printer (:mod:`lispy.sexpr.printer`) writes each
atom with :func:`atom_to_string`.  Keeping both directions here keeps them
inverse (``parse_atom(atom_to_string(x)) == x`` for a symbol or number ``x``)
and lets the reader and the printer depend on the data, not on each other.

* ``NIL`` is written ``NIL``;
* integers as Python writes them (``16``, ``-3``); decimals ``2.5``, ``1e6``;
  ``∞`` and ``-∞`` (read also from ``inf``, ``-inf``);
* a symbol bare when it would read back as the same symbol, otherwise between
  bars: ``|two words|``, ``|12|``, ``|NIL|``;
* ``True`` and ``False``, truth values rather than data, as ``T`` and ``NIL``;
  any other Python object as ``#<repr>`` (which does not read back).
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

from lispy.sexpr.nil import NIL

__all__ = ["DELIMITERS", "atom_to_string", "integer_to_string", "parse_atom", "parse_integer"]

DELIMITERS = frozenset("()|;\"'`,")
"""Characters that end a bare symbol; a symbol holding one is written between bars."""

_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_INF = float("inf")
_INFINITIES = {"∞": _INF, "+∞": _INF, "inf": _INF, "+inf": _INF, "-∞": -_INF, "-inf": -_INF}


def parse_atom(token: str) -> Any:
    """The atom that ``token`` (a run of symbol characters) stands for.

    ``"NIL"`` gives ``NIL``; ``"12"`` the int 12; ``"2.5"``, ``"1e6"`` floats;
    ``"∞"``/``"inf"`` and ``"-∞"``/``"-inf"`` infinities; anything else the
    interned symbol (``str``).  ``"."`` is not an atom (the caller handles it).
    """
    if token == "NIL":
        return NIL
    if _INTEGER.match(token):
        return parse_integer(token)
    if _DECIMAL.match(token):
        return float(token)
    inf = _INFINITIES.get(token)
    if inf is not None:
        return inf
    return sys.intern(token)


_CHUNK = 4000
"""Digits converted at once: CPython refuses to convert more than 4,300 between ``int`` and ``str``."""
_CHUNK_LIMIT = 10**_CHUNK


def parse_integer(digits: str) -> int:
    """The integer written ``digits`` (``[+-]?[0-9]+``), of any length.

    ``int(text)`` raises ``ValueError`` past 4,300 digits (CPython's guard against slow
    conversions); this converts halves recursively, each half under that limit in the end.
    """
    body = digits.lstrip("+-")
    value = _from_digits(body)
    return -value if digits.startswith("-") else value


def _from_digits(s: str) -> int:
    if len(s) <= _CHUNK:
        return int(s)
    low = len(s) // 2
    return _from_digits(s[:-low]) * 10**low + _from_digits(s[-low:])


def integer_to_string(x: int) -> str:
    """``str(x)`` for an integer of any size (see :func:`parse_integer`)."""
    if -_CHUNK_LIMIT < x < _CHUNK_LIMIT:
        return str(x)
    return ("-" if x < 0 else "") + _to_digits(abs(x), 0)


def _to_digits(x: int, width: int) -> str:
    """The digits of ``x >= 0``, zero-padded on the left to ``width``."""
    if x < _CHUNK_LIMIT:
        return str(x).zfill(width)
    low = x.bit_length() * 30103 // 200000  # about half the digits (log10 2 = 0.30103)
    high, rest = divmod(x, 10**low)
    return _to_digits(high, width - low) + _to_digits(rest, low)


def atom_to_string(x: Any) -> str:
    """Lisp notation for an atom (``NIL``, a symbol, a number, or another Python value)."""
    if x is NIL:
        return "NIL"
    if isinstance(x, str):
        return x if _reads_as_symbol(x) else _barred(x)
    if x is True:
        return "T"
    if x is False:
        return "NIL"
    if isinstance(x, int):
        return integer_to_string(x)
    if isinstance(x, float):
        if math.isinf(x):
            return "∞" if x > 0 else "-∞"
        return repr(x)
    return f"#<{x!r}>"


def _reads_as_symbol(s: str) -> bool:
    return (
        s != ""
        and s != "."
        and not any(c in DELIMITERS or c.isspace() for c in s)
        and not s.startswith("#")
        and parse_atom(s) == s
    )


def _barred(s: str) -> str:
    return "|" + s.replace("\\", "\\\\").replace("|", "\\|") + "|"
