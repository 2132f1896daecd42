"""Atoms in Lisp notation, both ways: :func:`parse_atom` for the reader, :func:`atom_to_string` for
the printer, kept inverse here so that the reader and the printer depend on the data, not on each
other.  Integers of any length up to lispy's limit on digits (:func:`get_max_digits`; past it,
:class:`IntegerTooLong`) are converted subquadratically.
"""

from __future__ import annotations

import decimal
import math
import re
import sys
from collections.abc import Callable
from typing import Any, Final

from lispy.sexpr.nil import NIL

DELIMITERS = frozenset("()|;\"'`,")  # characters that end a bare symbol

_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
_INF = float("inf")
_INFINITIES = {"∞": _INF, "+∞": _INF, "inf": _INF, "+inf": _INF, "-∞": -_INF, "-inf": -_INF}


def parse_atom(token: str) -> Any:
    """The atom that ``token`` (a run of symbol characters, not ``"."``) stands for: ``NIL``, an int, a
    float (``2.5``, ``1e6``, ``∞``/``inf``, ``-∞``/``-inf``), or else the interned symbol (``str``).

    >>> parse_atom("NIL"), parse_atom("-12"), parse_atom("1e3"), parse_atom("inf"), parse_atom("LOSE")
    (NIL, -12, 1000.0, inf, 'LOSE')
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


DEFAULT_MAX_DIGITS: Final = 1_000_000
"""lispy's limit on an integer's digits, read or printed, unless :func:`set_max_digits` changed it: a
million digits read in about half a second and print in a third (``docs/reliability.md``)."""

_max_digits = DEFAULT_MAX_DIGITS


def get_max_digits() -> int:
    """The most digits of an integer that lispy reads or prints (0: no limit).

    >>> get_max_digits()
    1000000
    """
    return _max_digits


def set_max_digits(limit: int) -> None:
    """Let lispy read and print integers of up to ``limit`` digits (``0``: any length).

    Independent of :func:`sys.set_int_max_str_digits`, which governs Python's own quadratic
    conversions.  Raises ``ValueError`` unless ``limit`` is 0 or at least 640 (Python's smallest).

    >>> set_max_digits(1000)
    >>> parse_integer("7" * 1001)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    lispy.sexpr.atoms.IntegerTooLong: cannot read an integer of 1,001 digits: lispy's limit is 1,000 (...)
    >>> set_max_digits(DEFAULT_MAX_DIGITS)
    """
    global _max_digits
    if isinstance(limit, bool) or not isinstance(limit, int) or 0 < limit < _SMALLEST_LIMIT or limit < 0:
        raise ValueError(f"set_max_digits: the limit must be 0 (none) or an integer >= 640, got {limit!r}")
    _max_digits = limit


_SMALLEST_LIMIT = 640


class IntegerTooLong(ValueError):
    """An integer longer than lispy's limit on digits (:func:`get_max_digits`), read or printed:
    ``digits`` (at least that many when printing) and ``limit``, named in the message."""

    def __init__(self, action: str, digits: int, limit: int) -> None:
        self.digits = digits
        self.limit = limit
        super().__init__(
            f"cannot {action} an integer of {digits:,} digits: lispy's limit is {limit:,} "
            "(raise it with lispy.sexpr.atoms.set_max_digits(n), 0 for no limit)"
        )


_LEAF = 600  # digits that Python's own int converts at once: under its smallest allowed limit, 640
_LEAF_BITS = 128  # bits that decimal.Decimal converts at once


def parse_integer(digits: str) -> int:
    """The integer written ``digits`` (``[+-]?[0-9]+``), of any length up to :func:`get_max_digits`
    (``int(text)`` refuses past 4,300): halves in turn, times powers of ten computed once each, in
    time about the length to the power 1.6.  Raises :class:`IntegerTooLong` past the limit.

    >>> parse_integer("-" + "9" * 5000) == -(10**5000 - 1)
    True
    """
    body = digits.lstrip("+-")
    limit = _max_digits
    if limit and len(body) > limit:
        raise IntegerTooLong("read", len(body), limit)
    value = _from_digits(body)
    return -value if digits.startswith("-") else value


def _powers(base: Any, leaf: int) -> Callable[[int], Any]:
    """``w -> base**w``, each power computed once, from the powers of the halves of ``w``."""
    powers: dict[int, Any] = {}

    def power(w: int) -> Any:
        p = powers.get(w)
        if p is None:
            if w <= leaf:
                p = base**w
            elif w - 1 in powers:
                p = powers[w - 1] * base
            else:
                p = power(w >> 1) * power(w - (w >> 1))
            powers[w] = p
        return p

    return power


def _from_digits(s: str) -> int:
    """The digits ``s`` as an int (after Bjorn Martinsson's algorithm in CPython's ``_pylong``)."""
    if len(s) <= _LEAF:
        return int(s)
    five_to = _powers(5, _LEAF)

    def inner(start: int, end: int) -> int:  # s[start:end]; 10**k is 5**k << k
        if end - start <= _LEAF:
            return int(s[start:end])
        mid = (start + end + 1) >> 1
        low = end - mid
        return inner(mid, end) + ((inner(start, mid) * five_to(low)) << low)

    return inner(0, len(s))


def integer_to_string(x: int) -> str:
    """``str(x)`` for an integer of any size up to :func:`get_max_digits` digits: past 600 digits by
    :mod:`decimal`'s subquadratic multiplication, the halves of ``x``'s bits in turn.  Raises
    :class:`IntegerTooLong` past the limit, before any conversion.

    >>> integer_to_string(-(2**20_000))[:12]
    '-39802768403'
    """
    if -_SMALL < x < _SMALL:
        return str(x)
    limit = _max_digits
    if limit and (x.bit_length() - 1) * _LOG10_2 >= limit:  # at least this many digits
        raise IntegerTooLong("print", int((x.bit_length() - 1) * _LOG10_2) + 1, limit)
    text = _to_digits(abs(x))
    if limit and len(text) > limit:
        raise IntegerTooLong("print", len(text), limit)
    return "-" + text if x < 0 else text


_SMALL = 10**600
_LOG10_2 = math.log10(2)


def _to_digits(n: int) -> str:
    """The decimal digits of ``n > 0`` (after CPython's ``_pylong.int_to_decimal_string``)."""
    two_to = _powers(decimal.Decimal(2), _LEAF_BITS)

    def inner(n: int, w: int) -> decimal.Decimal:  # n < 2**w
        if w <= _LEAF_BITS:
            return decimal.Decimal(n)
        half = w >> 1
        high = n >> half
        low = n - (high << half)
        return inner(low, half) + inner(high, w - half) * two_to(half)

    with decimal.localcontext() as context:
        context.prec = decimal.MAX_PREC
        context.Emax = decimal.MAX_EMAX
        context.Emin = decimal.MIN_EMIN
        context.traps[decimal.Inexact] = True
        return str(inner(n, n.bit_length()))


def atom_to_string(x: Any) -> str:
    """Lisp notation for an atom: ``NIL`` (and ``False``), ``T``, numbers as Python writes them (``∞``
    for infinity), a symbol bare if it reads back as itself, else barred; another value ``#<repr>``.

    >>> [atom_to_string(x) for x in (NIL, "G", "two words", "12", -3, float("-inf"), False, None)]
    ['NIL', 'G', '|two words|', '|12|', '-3', '-∞', 'NIL', '#<None>']
    """
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
