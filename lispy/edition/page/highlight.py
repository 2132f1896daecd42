"""Code highlighted for the page, in Pygments' short CSS classes (``k``, ``nf``, ``no``, …), so that
one Pygments style sheet colours both languages: Python by Pygments' own lexer (:func:`python`),
and McCarthy's M-expressions (chapters 5 and 6 of the 1973 notes, FOO.XGP[206,JMC] and
SAFE1[206,JMC], in their Unicode or ASCII spelling, as ``lispy/mexpr/mexpr.lark`` reads them) by
:class:`MExpressionLexer` (:func:`mexpr_tokens`).  Token types:

* ``Name.Function``: the name a statement defines, at the start of a line before ``←``/``<-``
  (``search`` in ``search p ← …``, ``maxval2`` in ``maxval2[u,α,β] ← …``, ``puzz1 ← …``,
  ``p₀ = …``);
* ``Keyword``: ``if``, ``then``, ``else``, ``λ``/``lambda``; ``Keyword.Constant``: ``true``,
  ``false``;
* ``Name.Builtin``: McCarthy's ``a``, ``d``, ``n`` (car, cdr, null);
* ``Name.Variable``: a λ's parameters (``x`` in ``λx.``, ``y`` and ``z`` in ``λyz.``);
* ``Name``: other names, subscripts and primes included (``p₀``, ``maxval1``, ``x'``);
* ``Name.Constant``: atoms in capitals (``LOSE``, ``NIL``, ``G``);
* ``Number``: ``16``, ``-1``, ``2.5``; ``∞``, ``-∞``, ``inf``, ``-inf``;
* ``Operator``: ``←`` ``<-`` ``.`` (cons) ``*`` (append) ``+`` ``-`` ``=`` ``≤`` ``≥`` ``<`` ``>``
  ``<=`` ``>=`` ``≠`` ``ε``; ``Operator.Word``: ``eq``, ``member``, ``and``, ``or``;
* ``Punctuation``: ``[ ] { } ( ) ,`` and the ``.`` that ends a λ's parameters;
* ``String.Symbol`` (with ``Name.Constant``, ``Number`` and ``Punctuation`` inside): a quoted
  S-expression ``'(A B)`` or atom ``'A``;
* ``Comment.Single``: ``;`` to the end of the line.

Anything else is an ``Error`` token.  Greek letters other than ``ε`` and ``λ`` are letters of
names (``α``, ``β``), as in the grammar.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, ClassVar

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import RegexLexer, bygroups, words
from pygments.lexers import PythonLexer
from pygments.token import (
    STANDARD_TYPES,
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Token,
    Whitespace,
)

__all__ = ["MExpressionLexer", "mexpr_tokens", "python"]

_START = "a-zα-δζ-κμ-ω"  # a name's first letter: lower case, Greek except ε (member) and λ
_REST = "a-zA-Zα-δζ-κμ-ω0-9_₀-₉'"
_KEYWORDS = ("if", "then", "else", "lambda", "and", "or", "eq", "member", "true", "false", "inf")
_NOT_KEYWORD = rf"(?!(?:{'|'.join(_KEYWORDS)})(?![{_REST}]))"
_NAME = rf"{_NOT_KEYWORD}[{_START}][{_REST}]*"
_END = rf"(?![{_REST}])"
# What may follow a defined name: [args] or one parameter, then ← (or = for p₀ = …).
_DEFINED = rf"(?=(?:\[[^\]\n]*\]|[ \t]+{_NAME})?[ \t]*(?:←|<-|=(?!=)))"


class MExpressionLexer(RegexLexer):  # type: ignore[misc]  # pygments ships no types
    """McCarthy's M-expressions (the 1973 notes' notation, as lispy reads it)."""

    name = "M-expression"
    flags = re.MULTILINE | re.UNICODE

    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": [
            (r"[ \t]+|\n", Whitespace),
            (r";.*?$", Comment.Single),
            (rf"^{_NAME}{_DEFINED}", Name.Function),
            (
                rf"(λ|lambda{_END})([ \t]*)([{_START}][{_REST}]*)([ \t]*)(\.)",
                bygroups(Keyword, Whitespace, Name.Variable, Whitespace, Punctuation),
            ),
            (words(("if", "then", "else", "λ", "lambda"), suffix=_END), Keyword),
            (words(("true", "false"), suffix=_END), Keyword.Constant),
            (words(("eq", "member", "and", "or"), suffix=_END), Operator.Word),
            (rf"-?(?:∞|inf{_END})", Number),
            (r"-?\d+\.\d+", Number.Float),
            (r"-?\d+", Number.Integer),
            (rf"[adn]{_END}", Name.Builtin),
            (_NAME, Name),
            (r"[A-Z][A-Z0-9]*(?![a-zA-Z0-9_₀-₉'])", Name.Constant),
            (r"(')(\()", bygroups(String.Symbol, Punctuation), "quoted"),
            (r"'[A-Z][A-Z0-9]*(?![a-zA-Z0-9_₀-₉'])", String.Symbol),
            (rf"'[{_START}][{_REST}]*", String.Symbol),
            (r"←|<-|<=|>=|≤|≥|≠|[=<>.*+\-ε×]", Operator),
            (r"[\[\]{}(),]", Punctuation),
        ],
        "quoted": [
            (r"[ \t]+|\n", Whitespace),
            (r"\(", Punctuation, "#push"),
            (r"\)", Punctuation, "#pop"),
            (r"\.", Punctuation),
            (r"-?\d+(?:\.\d+)?", Number),
            (r"[A-Z][A-Z0-9]*(?![a-zA-Z0-9_₀-₉'])", Name.Constant),
            (r"[^\s().;]+", String.Symbol),
        ],
    }


def _css_class(kind: Any) -> str:
    while kind not in STANDARD_TYPES and kind.parent is not None:
        kind = kind.parent
    return str(STANDARD_TYPES.get(kind, ""))


def mexpr_tokens(text: str, against: str | None = None) -> list[tuple[str, str, bool]]:
    """The M-expression ``text`` as tokens: ``(css class, text, marked)``, the class ``""`` for white
    space; with ``against`` (the other form of the statement), the tokens that differ from it marked.

    >>> mexpr_tokens("p ← a x", "p ← d x")[2:5]
    [('o', '←', False), ('', ' ', False), ('nb', 'a', True)]
    """
    tokens = [(kind, t) for kind, t in MExpressionLexer().get_tokens(text.rstrip("\n"))]
    mark: set[int] = set()
    if against is not None:
        theirs = [t.strip() or " " for _, t in MExpressionLexer().get_tokens(against.rstrip("\n"))]
        matcher = difflib.SequenceMatcher(None, theirs, [t.strip() or " " for _, t in tokens], autojunk=False)
        for op, _, _, j1, j2 in matcher.get_opcodes():
            if op != "equal":
                mark.update(range(j1, j2))
    return [
        ("" if kind is Token.Text.Whitespace else _css_class(kind), t, i in mark and bool(t.strip()))
        for i, (kind, t) in enumerate(tokens)
    ]


def python(text: str, first_line: int) -> Markup:
    """Python source highlighted by Pygments (its own HTML, escaped by it), each line numbered as in
    its file (from ``first_line``)."""
    formatter = HtmlFormatter(
        cssclass="highlight py", linenos="inline", linenostart=first_line, wrapcode=True
    )
    return Markup(highlight(text, PythonLexer(), formatter))
