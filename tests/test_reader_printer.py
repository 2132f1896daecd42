"""The reader and the printer: round trips, notation, and errors that name the place."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import lisp_data

from lispy import NIL, Cons, ReadError, lisp, read, to_string


@given(lisp_data)
def test_read_inverts_print(x: object) -> None:
    assert read(to_string(x)) == x


@pytest.mark.parametrize(
    ("text", "value", "printed"),
    [
        ("(G B B W R G)", lisp("G", "B", "B", "W", "R", "G"), "(G B B W R G)"),
        ("(1 . G)", Cons(1, "G"), "(1 . G)"),
        ("(1 2 . G)", Cons(1, Cons(2, "G")), "(1 2 . G)"),
        ("((1 . G)\n (2 . B))  ; pairs", lisp(Cons(1, "G"), Cons(2, "B")), "((1 . G) (2 . B))"),
        ("(NIL () (NIL))", lisp(NIL, NIL, lisp(NIL)), "(NIL NIL (NIL))"),
        ("(1 . NIL)", lisp(1), "(1)"),
        (
            "(-3 +4 2.5 1e3 .5 ∞ -∞ inf -inf)",
            lisp(-3, 4, 2.5, 1000.0, 0.5, *[math.inf, -math.inf] * 2),
            "(-3 4 2.5 1000.0 0.5 ∞ -∞ ∞ -∞)",
        ),
        (
            "(|two words| |12| |NIL| |a\\|b| x.y -)",
            lisp("two words", "12", "NIL", "a|b", "x.y", "-"),
            "(|two words| |12| |NIL| |a\\|b| x.y -)",
        ),
    ],
)
def test_notation(text: str, value: object, printed: str) -> None:
    assert read(text) == value
    assert to_string(value) == printed


def test_symbols_are_interned_strings() -> None:
    x = read("(LOSE LOSE)")
    assert isinstance(x.car, str) and x.car is x.cdr.car is "LOSE"  # noqa: F632


def test_truth_values_and_python_objects_print_but_are_not_data() -> None:
    assert to_string(lisp(True, False)) == "(T NIL)"
    assert to_string(lisp(object)) == "(#<<class 'object'>>)"
    with pytest.raises(ReadError, match="unreadable"):
        read("#<object>")


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [
        ("(a b", 1, 1, "'(' is never closed"),
        ("(a\n  (b c)\n  (d", 3, 3, "'(' is never closed"),
        ("a)", 1, 2, "unexpected ')'"),
        ("a b", 1, 3, "text after the expression"),
        ("(a) (b)", 1, 5, "text after the expression"),
        (")", 1, 1, "unexpected ')'"),
        ("(. a)", 1, 2, "a dot must stand between"),
        ("(a . )", 1, 6, "a dot must be followed by one tail"),
        ("(a . b c)", 1, 8, "only one tail may follow the dot"),
        ("(a . b (c))", 1, 8, "only one tail may follow the dot"),
        ("(a . . b)", 1, 6, "a dot must stand between"),
        (".", 1, 1, "a dot outside a list"),
        ("", 1, 1, "nothing to read"),
        ("   ; only a comment", 1, 20, "nothing to read"),
        ("|ab", 1, 1, "never closed"),
        ('("s")', 1, 2, "unexpected character"),
        ("(a\n 'b)", 2, 2, "unexpected character"),
    ],
)
def test_malformed_text_names_the_place(text: str, line: int, column: int, reason: str) -> None:
    with pytest.raises(ReadError) as info:
        read(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert (error.line, error.column) == (line, column)
    assert reason in error.reason
    assert str(error).startswith(f"line {line}, column {column}: ")


def test_read_wants_a_string() -> None:
    with pytest.raises(TypeError, match="str"):
        read(b"(a)")  # type: ignore[arg-type]


def test_deep_nesting_reads_or_fails_cleanly() -> None:
    depth = 100_000
    x = read("(" * depth + "G" + ")" * depth)
    for _ in range(depth):
        assert x.cdr is NIL
        x = x.car
    assert x == "G"
    with pytest.raises(ReadError) as info:
        read("(" * depth)
    assert (info.value.line, info.value.column) == (1, depth)
    with pytest.raises(ReadError, match="unexpected"):
        read("(" * depth + ")" * (depth + 1))


@given(st.text(alphabet="() .|;\n\\ab1-∞'#", max_size=40))
def test_any_text_reads_or_raises_read_error(text: str) -> None:
    try:
        x = read(text)
    except ReadError as error:
        assert error.line >= 1 and error.column >= 1
    else:
        assert read(to_string(x)) == x


PLAIN = "( ) . ; | \\ ' \" ` , # #<x> NIL () ∞ -∞ inf -inf + - 1 -0 01 2.5 .5 1. 1e3 1E+05 -1e400 e G a.b é 𝔊"
ODD = [
    "|a b|",
    "|a\\|b|",
    "|\\\\|",
    " . ",
    " ",
    "\n",
    "\t",
    "\r",
    "\x00",
    "\x1c",
    "\u00a0",
    "\u2003",
    "\u2028",
]
TOKENS = st.sampled_from([*PLAIN.split(), *ODD])
"""Pieces of Lisp text, well and badly formed, and characters that some splitters call blanks."""


@given(st.lists(TOKENS, max_size=60).map("".join) | st.text(max_size=80))
def test_arbitrary_text_meets_only_read_error(text: str) -> None:
    """The reader's fuzz test: whatever the text, a datum that prints and reads back, or a ReadError
    that places the fault inside the text."""
    try:
        x = read(text)
    except ReadError as error:
        lines = text.split("\n")
        assert 1 <= error.line <= len(lines) and 1 <= error.column <= len(lines[error.line - 1]) + 1
        assert error.reason and str(error).startswith(f"line {error.line}, column {error.column}: ")
    else:
        assert read(to_string(x)) == x or x != x  # NaN, never equal to itself, aside
