"""Integers of any length, read and printed at a cost a user can predict (issue 17, section 3).

lispy converts long integers subquadratically, under its own limit on digits
(:data:`lispy.sexpr.atoms.DEFAULT_MAX_DIGITS`, raised with ``set_max_digits``).  Past the limit,
reading gives a ``ReadError`` naming the place and the limit, printing ``IntegerTooLong``, and
neither converts anything first.  Python's own ``str`` and ``int``, with their guard lifted,
are the independent oracle.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lispy import Cons, ReadError, lisp, read, to_string
from lispy.mexpr.session import Session
from lispy.sexpr.atoms import (
    DEFAULT_MAX_DIGITS,
    IntegerTooLong,
    get_max_digits,
    integer_to_string,
    parse_integer,
    set_max_digits,
)

LIMIT = 5_000
"""A limit the tests set, so that crossing it costs little."""


@pytest.fixture
def python_unguarded() -> Iterator[None]:
    """Python's own conversions without their 4,300-digit guard: the oracle."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    yield
    sys.set_int_max_str_digits(before)


@pytest.fixture
def limit() -> Iterator[int]:
    """lispy's limit lowered to :data:`LIMIT` for the test, then restored."""
    before = get_max_digits()
    set_max_digits(LIMIT)
    yield LIMIT
    set_max_digits(before)


def test_the_default_limit_is_a_million_digits() -> None:
    assert get_max_digits() == DEFAULT_MAX_DIGITS == 1_000_000


@pytest.mark.usefixtures("python_unguarded")
@given(st.integers(-(10**30_000), 10**30_000) | st.integers(-(10**700), 10**700))
def test_integers_print_and_read_as_python_writes_them(x: int) -> None:
    text = str(x)
    assert integer_to_string(x) == text and to_string(x) == text and to_string(lisp(x)) == f"({text})"
    assert (
        parse_integer(text) == x and read(text) == x and read(f"(G {text} . {text})") == Cons("G", Cons(x, x))
    )


@pytest.mark.usefixtures("python_unguarded")
@pytest.mark.parametrize("digits", [599, 600, 601, 1200, 4300, 4301, 65_537, 200_001])
def test_lengths_around_each_threshold_round_trip(digits: int) -> None:
    for text in (
        "9" * digits,
        "1" + "0" * (digits - 1),
        "-" + "1234567890" * (digits // 10) + "7" * (digits % 10),
    ):
        x = int(text)
        assert read(text) == x and integer_to_string(x) == text
        assert parse_integer("+" + text.lstrip("-")) == abs(x)


@pytest.mark.usefixtures("python_unguarded", "limit")
def test_exactly_the_limit_reads_and_prints_one_more_digit_does_not() -> None:
    longest = 10**LIMIT - 1
    assert read("9" * LIMIT) == longest and integer_to_string(-longest) == "-" + "9" * LIMIT
    with pytest.raises(ReadError) as info:
        read("(1\n  G " + "9" * (LIMIT + 1) + ")")
    assert (info.value.line, info.value.column) == (2, 5)
    assert "5,001 digits" in str(info.value) and "limit is 5,000" in str(info.value)
    assert "set_max_digits" in str(info.value)
    with pytest.raises(IntegerTooLong) as too_long:
        integer_to_string(longest + 1)
    assert (too_long.value.digits, too_long.value.limit) == (LIMIT + 1, LIMIT)
    with pytest.raises(IntegerTooLong, match="limit is 5,000"):
        to_string(lisp(1, -(longest + 1)))


@pytest.mark.usefixtures("python_unguarded", "limit")
@given(st.integers(16_590, 16_640))
def test_the_limit_counts_digits_exactly_near_a_power_of_two(bits: int) -> None:
    for x in (2**bits - 1, 2**bits, 2**bits + 1, -(2**bits)):
        fits = len(str(abs(x))) <= LIMIT
        try:
            text = integer_to_string(x)
        except IntegerTooLong as error:
            assert not fits and error.digits > LIMIT
        else:
            assert fits and text == str(x)


def test_a_huge_integer_is_refused_before_any_conversion() -> None:
    """10^8 digits: converting would take minutes and gigabytes; refusing takes neither."""
    huge = 1 << 333_000_000  # about 10^8 digits, made by a shift
    with pytest.raises(IntegerTooLong, match="cannot print an integer of 100,2"):
        integer_to_string(huge)
    with pytest.raises(ReadError, match="cannot read an integer of 20,000,000 digits"):
        read("7" * 20_000_000)


@pytest.mark.usefixtures("python_unguarded")
def test_the_limit_can_be_raised_and_lifted() -> None:
    x = 10**4_999 * 7 + 1  # 5,000 digits
    try:
        set_max_digits(640)
        with pytest.raises(IntegerTooLong):
            integer_to_string(x)
        set_max_digits(0)
        assert integer_to_string(x) == str(x) and read(str(x)) == x
    finally:
        set_max_digits(DEFAULT_MAX_DIGITS)
    for bad in (-1, 1, 639, 1.5e6, True, "1000000"):
        with pytest.raises(ValueError, match="0 \\(none\\) or an integer >= 640"):
            set_max_digits(bad)  # type: ignore[arg-type]
    assert get_max_digits() == DEFAULT_MAX_DIGITS


@pytest.mark.usefixtures("limit")
def test_pythons_own_guard_at_its_smallest_does_not_reach_lispy() -> None:
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        text = "123456789" * 500  # 4,500 digits: past Python's guard, within lispy's limit
        x = read(text)
        assert integer_to_string(x) == text and read(f"({text} {text})") == lisp(x, x)
    finally:
        sys.set_int_max_str_digits(before)


@pytest.mark.usefixtures("python_unguarded")
def test_a_raised_python_guard_keeps_the_bulk_reader_off_its_quadratic_path() -> None:
    text = " ".join(["7" * 50_000, "-" + "3" * 50_000, "1"])
    assert read(f"({text})") == lisp(int("7" * 50_000), -int("3" * 50_000), 1)


def repl(lines: list[str]) -> tuple[list[str], list[str]]:
    said: list[str] = []
    complained: list[str] = []
    session = Session(say=said.append, complain=complained.append)
    for number, line in enumerate(lines, 1):
        session.handle(line, number)
    return said, complained


@pytest.mark.usefixtures("limit")
def test_in_the_repl_a_long_literal_or_value_is_lispys_error_and_the_session_goes_on() -> None:
    past: Any = "7" * (LIMIT + 1)
    said, complained = repl(
        [
            f"'({past})",  # a quoted datum
            past,  # an M-expression number
            "double[x] ← x + x",
            "double[" + "7" * LIMIT + "]",  # computed: 5,001 digits to print
            "double[72]",
        ]
    )
    assert said == ["144"]
    assert len(complained) == 3, complained
    assert all("limit is 5,000" in c and "set_max_digits" in c and "a bug" not in c for c in complained)
    assert "cannot read an integer of 5,001 digits" in complained[0]
    assert "cannot read an integer of 5,001 digits" in complained[1]
    assert "cannot print an integer of 5,001 digits" in complained[2]
