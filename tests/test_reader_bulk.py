"""The reader's bulk path against its exact, token-by-token path: the same data, the same faults."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from lispy import NIL, Cons, ReadError, from_iterable, lisp, read
from lispy.sexpr.atoms import parse_integer
from lispy.sexpr.reader import _EXACT, _read_bulk, _read_exact


def outcome(reader: object, text: str) -> object:
    try:
        return ("value", reader(text))  # type: ignore[operator]
    except ReadError as error:
        return ("error", str(error))


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
    bulk, exact = outcome(read, text), outcome(_read_exact, text)
    assert bulk == exact


@given(NUMBERS)
def test_numbers_read_in_bulk_have_the_exact_readers_values_and_types(numbers: str) -> None:
    text = f"({numbers})"
    bulk, exact = outcome(read, text), outcome(_read_exact, text)
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


def test_the_bulk_reader_leaves_faults_and_special_characters_to_the_exact_reader() -> None:
    for text in ["(a b", "a)", "a b", "(. a)", "(a . )", "(a . b c)", ".", "", "(1 2) 3"]:
        assert _read_bulk(text) is _EXACT
    assert _read_bulk("(1 (2 . G) NIL ())") == lisp(1, from_iterable([2], "G"), NIL, NIL)


def test_a_million_numbers_in_bulk() -> None:
    text = "(" + " ".join(map(str, range(10**6))) + ")"
    assert read(text) == from_iterable(range(10**6))
    assert read(text.replace(" ", "\n")) == from_iterable(range(10**6))


def test_very_long_integers_read_in_bulk_as_token_by_token() -> None:
    digits = "1" * 5000  # past json's and int's 4,300-digit guard: the bulk reader hands it on
    assert read(f"({digits} 2)") == lisp(parse_integer(digits), 2)
    assert read(f"({digits} G)") == lisp(parse_integer(digits), "G")
