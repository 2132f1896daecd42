"""The M-expression lexer: every notes file lexes without an Error token, each defined name is
marked as a function, and the notation's pieces get their token types."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

import lispy.notes
from lispy.edition.page.highlight import MExpressionLexer
from lispy.mexpr.program import split_statements


def notes_files() -> list[Path]:
    """lispy's notes files, ``lispy/notes/*.m``, wherever lispy is installed."""
    return sorted(Path(lispy.notes.__file__).parent.glob("*.m"))


def tokens(text: str) -> list[tuple[object, str]]:
    """The tokens, white space left out."""
    return [(t, v) for t, v in MExpressionLexer().get_tokens(text) if t is not Whitespace]


@pytest.mark.parametrize("path", notes_files(), ids=lambda p: p.name)
def test_every_notes_file_lexes_without_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lexed = list(MExpressionLexer().get_tokens(text))
    assert [v for t, v in lexed if t in Error] == []
    assert "".join(v for _, v in lexed) == text
    # the names marked as defined are exactly the statements' names
    assert [v for t, v in lexed if t is Name.Function] == [s.name for s in split_statements(text)]
    html = highlight(text, MExpressionLexer(), HtmlFormatter())
    assert 'class="err"' not in html


def test_there_are_notes_files() -> None:
    assert {p.name for p in notes_files()} >= {"chapter5_search.m", "chapter6_game_trees.m"}


def test_the_defined_name_is_a_function() -> None:
    assert tokens("search p ← if lose p then LOSE else if ter p then p else searchlis[successors p]")[:3] == [
        (Name.Function, "search"),
        (Name, "p"),
        (Operator, "←"),
    ]
    assert tokens("maxval2[u,α,β] <- β")[:3] == [(Name.Function, "maxval2"), (Punctuation, "["), (Name, "u")]
    assert tokens("p₀ = (NIL NIL NIL NIL)")[:2] == [(Name.Function, "p₀"), (Operator, "=")]
    # a name used, not defined; an indented continuation line; a comparison at the margin
    assert (Name.Function, "search") not in tokens("searchlis u ← {search a u}[λx.x]")
    assert all(t is not Name.Function for t, _ in tokens("    else if x = 1 then y else z"))
    assert all(t is not Name.Function for t, _ in tokens("if x = LOSE then 1 else 2"))


def test_the_notation_gets_its_token_types() -> None:
    lexed = tokens(
        "searchlis u ← if n u then LOSE else {search a u}[λx.if x = LOSE then searchlis d u else x]"
    )
    assert lexed == [
        (Name.Function, "searchlis"),
        (Name, "u"),
        (Operator, "←"),
        (Keyword, "if"),
        (Name.Builtin, "n"),
        (Name, "u"),
        (Keyword, "then"),
        (Name.Constant, "LOSE"),
        (Keyword, "else"),
        (Punctuation, "{"),
        (Name, "search"),
        (Name.Builtin, "a"),
        (Name, "u"),
        (Punctuation, "}"),
        (Punctuation, "["),
        (Keyword, "λ"),
        (Name.Variable, "x"),
        (Punctuation, "."),
        (Keyword, "if"),
        (Name, "x"),
        (Operator, "="),
        (Name.Constant, "LOSE"),
        (Keyword, "then"),
        (Name, "searchlis"),
        (Name.Builtin, "d"),
        (Name, "u"),
        (Keyword, "else"),
        (Name, "x"),
        (Punctuation, "]"),
    ]


def test_numbers_operators_lambdas_and_comments() -> None:
    assert tokens("zap v ← poo a v +16zap d v")[4:8] == [
        (Name.Builtin, "a"),
        (Name, "v"),
        (Operator, "+"),
        (Number.Integer, "16"),
    ]
    assert tokens("maxlis[u,f] ← maxlisa[u,-∞,f]")[-4:-2] == [(Number, "-∞"), (Punctuation, ",")]
    assert tokens("f x <- lambda yz. z . y * x")[3:7] == [
        (Keyword, "lambda"),
        (Name.Variable, "yz"),
        (Punctuation, "."),
        (Name, "z"),
    ]
    assert tokens("λx.a p and x = 0")[4:6] == [(Name, "p"), (Operator.Word, "and")]
    assert tokens("x eq u or x ε v")[1::2] == [(Operator.Word, "eq"), (Operator.Word, "or"), (Operator, "ε")]
    assert tokens("; As printed.\nlose p ← false") == [
        (Comment.Single, "; As printed."),
        (Name.Function, "lose"),
        (Name, "p"),
        (Operator, "←"),
        (Keyword.Constant, "false"),
    ]
    # names with subscripts and primes, words that begin with a keyword
    assert tokens("p₀ x' iffy thence") == [(Name, "p₀"), (Name, "x'"), (Name, "iffy"), (Name, "thence")]


def test_quoted_s_expressions() -> None:
    assert tokens("f['(A (B 2) . C),'X]")[2:] == [
        (String.Symbol, "'"),
        (Punctuation, "("),
        (Name.Constant, "A"),
        (Punctuation, "("),
        (Name.Constant, "B"),
        (Number, "2"),
        (Punctuation, ")"),
        (Punctuation, "."),
        (Name.Constant, "C"),
        (Punctuation, ")"),
        (Punctuation, ","),
        (String.Symbol, "'X"),
        (Punctuation, "]"),
    ]


def test_text_outside_the_notation_is_an_error() -> None:
    assert [v for t, v in tokens("f x ← x § 2") if t in Error] == ["§"]
    assert [v for t, v in tokens("f x ← 'x!") if t in Error] == ["!"]


def test_the_html_marks_the_defined_name_and_the_atoms() -> None:
    html = highlight("search p ← LOSE", MExpressionLexer(), HtmlFormatter())
    assert '<span class="nf">search</span>' in html and '<span class="no">LOSE</span>' in html
