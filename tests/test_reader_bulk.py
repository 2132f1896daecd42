"""The reader's bulk path against its exact, token-by-token path: the same data, the same faults.

Text without bars, quotes, commas or ``#`` is read in bulk; any of them sends the whole text
token by token (the reader's documentation says so).  A first line holding only a comment with a
bar, ``;|``, changes no datum and moves every place one line down: it puts the same text
through the exact path, through the public ``read``.
"""

from __future__ import annotations

from math import inf

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lispy import NIL, Cons, ReadError, from_iterable, lisp, read
from lispy.sexpr.atoms import parse_integer

EXACT = ";|\n"
"""Put before a text, sends it token by token: a comment line, with a bar."""


def outcome(text: str) -> object:
    """``read(text)``'s value, or its fault's reason and place."""
    try:
        return ("value", read(text))
    except ReadError as error:
        return ("error", error.reason, error.line, error.column)


def exact_outcome(text: str) -> object:
    """The outcome of ``text`` read token by token: with :data:`EXACT` before it, one line up again."""
    result = outcome(EXACT + text)
    if result[0] == "error":
        kind, reason, line, column = result  # type: ignore[misc]
        return (kind, reason, line - 1, column)
    return result


TRICKY = st.text(alphabet="() .;\n\t\u00a0\u2003ab1209-+eE∞#", max_size=60)
NUMBERS = st.lists(
    st.sampled_from(
        ["0", "7", "-3", "+4", "01", "-0", "2.5", "1.", ".5", "1e3", "1E+05", "-1e400", "e", "-", "."]
    ),
    max_size=12,
).map(" ".join)


@given(TRICKY)
@example("(1 . 2)")
@example("(1 . 2 3)")
@example("(a . (b))")
@example("( 1  2\n3 )")
@example("(1 2) 3")
@example("()")
@example("   ; only a comment")
@example("(a;comment\n b)")
def test_read_agrees_with_the_exact_reader(text: str) -> None:
    bulk, exact = outcome(text), exact_outcome(text)
    assert bulk == exact


@given(NUMBERS)
def test_numbers_read_in_bulk_have_the_exact_readers_values_and_types(numbers: str) -> None:
    text = f"({numbers})"
    bulk, exact = outcome(text), exact_outcome(text)
    assert bulk[0] == exact[0]
    if bulk[0] == "value":
        assert leaf_types(bulk[1]) == leaf_types(exact[1])
        assert bulk[1] == exact[1]


def leaf_types(x: object) -> list[type]:
    """The types of a flat (possibly dotted) list's elements and tail: 1 and 1.0 are == but not alike."""
    types = []
    while isinstance(x, Cons):
        types.append(type(x.car))
        x = x.cdr
    return [*types, type(x)]


@pytest.mark.parametrize(
    ("text", "reason", "line", "column"),
    [
        ("(a b", "'(' is never closed", 1, 1),
        ("a)", "unexpected ')'", 1, 2),
        ("a b", "text after the expression", 1, 3),
        ("(. a)", "a dot must stand between the elements and the tail", 1, 2),
        ("(a . )", "a dot must be followed by one tail before ')'", 1, 6),
        ("(a . b c)", "only one tail may follow the dot", 1, 8),
        (".", "a dot outside a list", 1, 1),
        ("", "nothing to read", 1, 1),
        ("(1 2)\n 3", "text after the expression", 2, 2),
    ],
)
def test_faults_found_in_bulk_are_placed_as_token_by_token(
    text: str, reason: str, line: int, column: int
) -> None:
    assert outcome(text) == exact_outcome(text) == ("error", reason, line, column)


def test_plain_text_reads_the_same_in_bulk_and_token_by_token() -> None:
    text = "(1 (2 . G) NIL () -3 2.5 ∞)"
    assert (
        outcome(text)
        == exact_outcome(text)
        == ("value", lisp(1, from_iterable([2], "G"), NIL, NIL, -3, 2.5, inf))
    )


def test_a_million_numbers_in_bulk() -> None:
    text = "(" + " ".join(map(str, range(10**6))) + ")"
    assert read(text) == from_iterable(range(10**6))
    assert read(text.replace(" ", "\n")) == from_iterable(range(10**6))


def test_very_long_integers_read_in_bulk_as_token_by_token() -> None:
    digits = "1" * 5000  # past json's and int's 4,300-digit guard: the bulk reader hands it on
    assert read(f"({digits} 2)") == lisp(parse_integer(digits), 2)
    assert read(f"({digits} G)") == lisp(parse_integer(digits), "G")
