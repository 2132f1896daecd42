"""Reading M-expressions: McCarthy's notation as the 1973 notes print it, into a small syntax tree.

The grammar is ``mexpr.lark`` (lark, LALR).  Unicode and ASCII spellings read alike: ``←``/``<-``,
``λ``/``lambda``, ``α``/``alpha``, ``β``/``beta``, ``∞``/``inf``, ``ε``/``member``, ``≤``/``<=``,
``≥``/``>=``.  Operator precedence, loosest first, so that every definition reads as the text
explains it:

1. ``if … then … else …`` and ``λx. e``: their last part extends as far right as it can;
2. the logical connectives ``∨``, then ``∧``, then ``¬``, looser than ``=`` as in logic:
   ``x = a u ∨ x ε d u`` is ``[x = a u] ∨ [x ε d u]``, ``¬x = y`` is ``¬[x = y]`` (ERRATA E7's forms);
   they take the truth of their operands, as ``if`` does, and give ``true`` or ``false``;
3. comparisons ``=``, ``eq``, ``ε``, ``≤``, ``≥``, ``<``, ``>`` (not chained): ``a p ε d p``
   compares two applications, and ``λx.a p and x = 0`` compares ``[a p and x]`` with 0;
4. ``.`` (cons) and ``*`` (append), right-associative: ``a u . upto[d u,x]``,
   ``cycles[…]*cycles[…]*…``; looser than arithmetic, as in ``fn[a u] . mapapp[…]``;
5. ``or``, then ``and`` (bitwise on numbers, as ``puzza``'s words need, logical on truth values),
   tighter than ``=`` for the notes' ``a p and x = 0``: ``∨`` and ``∧`` join comparisons;
6. ``+``: ``poo a v +16zap d v``, ``1 + length a p``;
7. a number before an application multiplies: ``16zap d v`` is 16 × ``zap d v``;
8. application by juxtaposition, of a lower-case name to one argument, to the right:
   ``length a p`` is ``length[a[p]]``, ``search a u`` is ``search[a u]``.

Lower-case (or Greek) names are variables and functions, capitals (``LOSE``, ``NIL``) atoms, as in
the notes.  A parenthesised list's elements are expressions: ``(p)`` is the list of ``p``'s value,
``(a nth[a puzz4,1] a nth[a puzz4,9] …)`` a list of three values (ERRATA E6).  ``{e}[f]`` applies
``f`` to the value of ``e``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError
from lark.lexer import LexerThread

from lispy.mexpr.quoting import FIRST_MARK, QuoteError, extract_quoted
from lispy.sexpr.data import NIL


@dataclass(frozen=True, slots=True)
class Node:
    """A syntax-tree node; ``line`` and ``column`` (1-based) locate it and take no part in ``==``."""

    line: int = field(default=0, compare=False, kw_only=True)
    column: int = field(default=0, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Const(Node):
    """A constant: a number, ``∞``, an atom such as ``LOSE``, ``NIL``, ``true``, ``false``."""

    value: Any


@dataclass(frozen=True, slots=True)
class Var(Node):
    """A variable or a function's name."""

    name: str


@dataclass(frozen=True, slots=True)
class Call(Node):
    """``f[e1,…,en]``, ``f e`` (juxtaposition) or ``{e}[f]``."""

    fn: Node
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class If(Node):
    test: Node
    then: Node
    orelse: Node


@dataclass(frozen=True, slots=True)
class Lambda(Node):
    """``λx. e``; ``λyz. e`` has the two parameters ``y`` and ``z``."""

    params: tuple[str, ...]
    body: Node


@dataclass(frozen=True, slots=True)
class BinOp(Node):
    """An infix operator: ``.`` ``*`` ``+`` ``×`` ``=`` ``eq`` ``ε`` ``≤`` ``≥`` ``<`` ``>`` and or ∨ ∧."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Not(Node):
    """``¬e``: the logical not of ``e``'s truth."""

    operand: Node


@dataclass(frozen=True, slots=True)
class ListLit(Node):
    """``(e1 … en)``, or ``(e1 … en . tail)``: a list of the values of its elements."""

    items: tuple[Node, ...]
    tail: Node | None = None


@dataclass(frozen=True, slots=True)
class Definition(Node):
    """``f[x,y] ← e`` or ``f x ← e``."""

    name: str
    params: tuple[str, ...]
    body: Node


@dataclass(frozen=True, slots=True)
class Assignment(Node):
    """``puzz1 ← e`` (or ``p₀ = e``)."""

    name: str
    expr: Node


class MSyntaxError(SyntaxError):
    """Text that does not read as an M-expression, with its line and column and a caret under the place."""

    def __init__(
        self,
        message: str,
        text: str,
        line: int,
        column: int,
        where: str = "",
    ) -> None:
        at = column
        lines = text.split("\n")
        source_line = lines[line - 1] if 0 < line <= len(lines) else ""
        if len(source_line) > _SHOWN:  # a long line: the part around the place, marked cut
            start = max(0, column - _SHOWN // 2)
            cut = source_line[start : start + _SHOWN]
            source_line = ("…" if start else "") + cut + ("…" if start + _SHOWN < len(source_line) else "")
            column = column - start + (1 if start else 0)
        caret = " " * (column - 1) + "^"
        place = f"{where}, " if where else ""
        super().__init__(f"{place}line {line}, column {at}: {message}\n    {source_line}\n    {caret}")
        self.reason = message
        self.column = at


_ALIASES = {"alpha": "α", "beta": "β"}
_OPS = {"<=": "≤", ">=": "≥", "member": "ε"}


def _name(token: Token) -> str:
    return _ALIASES.get(str(token), str(token))


def _at(x: Token | Node) -> dict[str, int]:
    """The position of a token or a node, as keyword arguments for a new node."""
    return {"line": x.line or 0, "column": x.column or 0}


@v_args(inline=True)
class _ToTree(Transformer[Token, Node]):
    def __init__(self, data: list[Any]) -> None:
        super().__init__()
        self.data = data  # the quoted data, numbered by their QUOTED tokens

    def var(self, name: Token) -> Node:
        return Var(_name(name), **_at(name))

    def const(self, token: Token) -> Node:
        text = str(token)
        return Const(NIL if text == "NIL" else text, **_at(token))

    def number(self, token: Token) -> Node:
        text = str(token)
        try:
            value = float(text) if "." in text else int(text)
        except ValueError as e:  # an integer longer than Python's limit on digits
            raise _Invalid(str(e), token) from None
        return Const(value, **_at(token))

    def quoted(self, token: Token) -> Node:
        return Const(self.data[ord(str(token)[1]) - FIRST_MARK], **_at(token))

    def infinity(self, token: Token) -> Node:
        return Const(-math.inf if str(token).startswith("-") else math.inf, **_at(token))

    def truth(self, token: Token) -> Node:
        return Const(str(token) == "true", **_at(token))

    @v_args(meta=True, inline=True)
    def listlit(self, meta: Any, *items: Node) -> Node:
        return ListLit(tuple(items), None, line=meta.line, column=meta.column)  # at its "(", even for ()

    @v_args(meta=True, inline=True)
    def dotted(self, meta: Any, *parts: Any) -> Node:
        *items, _dot, tail = parts
        return ListLit(tuple(items), tail, line=meta.line, column=meta.column)

    def args(self, *exprs: Node) -> tuple[Node, ...]:
        return exprs

    def call(self, name: Token, args: tuple[Node, ...]) -> Node:
        return Call(Var(_name(name), **_at(name)), args, **_at(name))

    def juxt(self, name: Token, arg: Node) -> Node:
        glued = (arg.line, arg.column) == (name.end_line, name.end_column)
        if glued and isinstance(arg, Const) and str(arg.value).startswith("-"):  # n-1: n applied to -1
            raise _Invalid(f"{name}{arg.value} reads as {name} applied to {arg.value}; {_HINTS['-']}", arg)
        return Call(Var(_name(name), **_at(name)), (arg,), **_at(name))

    def apply(self, expr: Node, args: tuple[Node, ...]) -> Node:
        if len(args) != 1:
            raise _Invalid("{e}[f] applies one function to the value of e", args[1])
        return Call(args[0], (expr,), **_at(expr))

    def times(self, number: Token, expr: Node) -> Node:
        return BinOp("×", self.number(number), expr, **_at(number))

    def binop(self, left: Node, op: Token, right: Node) -> Node:
        return BinOp(_OPS.get(str(op), str(op)), left, right, **_at(left))

    def negation(self, sign: Token, operand: Node) -> Node:
        return Not(operand, **_at(sign))

    def cond(self, test: Node, then: Node, orelse: Node) -> Node:
        return If(test, then, orelse, **_at(test))

    def lam(self, lam: Token, params: Token, body: Node) -> Node:
        # λyz. e: one letter per parameter, except the spelled-out alpha and beta.
        text = str(params)
        names = (_ALIASES[text],) if text in _ALIASES else tuple(text)
        _distinct(names, f"λ{text}", params)
        return Lambda(names, body, **_at(lam))

    def define(self, name: Token, args: tuple[Node, ...], _arrow: Token, body: Node) -> Node:
        params = []
        for a in args:
            if not isinstance(a, Var):
                raise _Invalid("a definition's parameters are names", a)
            params.append(a.name)
        _distinct(params, f"{_name(name)}[{','.join(params)}]", name)
        return Definition(_name(name), tuple(params), body, **_at(name))

    def define1(self, name: Token, param: Token, _arrow: Token, body: Node) -> Node:
        return Definition(_name(name), (_name(param),), body, **_at(name))

    def assign(self, name: Token, *rest: Any) -> Node:
        return Assignment(_name(name), rest[-1], **_at(name))


def _distinct(params: Sequence[str], shown: str, at: Token) -> None:
    """Refuse a parameter named twice (``λxx. e``, ``f[x,x] ← e``): which one would the body mean?"""
    twice = next((p for i, p in enumerate(params) if p in params[:i]), None)
    if twice is not None:
        raise _Invalid(f"{shown}: the parameter {twice} is named twice", at)


class _Invalid(Exception):
    def __init__(self, message: str, node: Any) -> None:
        super().__init__(message)
        self.at = (node.line or 1, node.column or 1)


@functools.cache
def _parser() -> Lark:
    grammar = resources.files("lispy.mexpr").joinpath("mexpr.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=["file_statement", "repl_input"], propagate_positions=True)


MAX_INPUT = 100_000
"""The longest text (in characters) read at once: the parser's memory grows with the text (about
500 bytes a character for a long sum), so a runaway paste is refused before it is parsed."""

_SHOWN = 120
"""How much of a long line an error shows, around the place."""


def _parse(text: str, start: str, where: str) -> Node:
    if len(text) > MAX_INPUT:
        message = f"the input is {len(text):,} characters long, more than lispy reads at once ({MAX_INPUT:,})"
        raise MSyntaxError(message, text, *_first_line(text), where)
    try:
        prepared, data = extract_quoted(text)
        tree = _parser().parse(prepared, start=start)
        return _ToTree(data).transform(tree)
    except QuoteError as e:
        before = text[: e.offset]
        line, column = before.count("\n") + 1, e.offset - (before.rfind("\n") + 1) + 1
        raise MSyntaxError(e.reason, text, line, column, where) from None
    except RecursionError:
        raise MSyntaxError(_TOO_DEEP, text, *_first_line(text), where) from None
    except UnexpectedInput as e:
        line, column = e.line if e.line > 0 else 1, e.column if e.column > 0 else 1
        token = getattr(e, "token", None)
        if token is not None and getattr(token, "type", "") == "$END":
            message = "the text ends too soon (an unclosed bracket or a missing part?)"
            lines = text.split("\n")  # lines as the grammar counts them: \r is not a line break
            line, column = len(lines), len(lines[-1]) + 1
        elif token is not None:
            message = f"unexpected {str(token)!r}" + _after_or_and(prepared, token)
        else:
            at = getattr(e, "pos_in_stream", None)
            found = text[at] if isinstance(at, int) and 0 <= at < len(text) else "?"
            message = f"unexpected character {found!r}" + (f": {_HINTS[found]}" if found in _HINTS else "")
        raise MSyntaxError(message, text, line, column, where) from None
    except VisitError as e:  # a check made while building the tree
        invalid = e.orig_exc
        if isinstance(invalid, _Invalid):
            raise MSyntaxError(str(invalid), text, *invalid.at, where) from None
        if isinstance(invalid, RecursionError):
            raise MSyntaxError(_TOO_DEEP, text, *_first_line(text), where) from None
        raise


_HINTS = {
    "-": "the notes' notation has no subtraction, only + (and * is append): write n + -1 for n - 1",
    "×": "the notes' notation multiplies only by a number written before an application, as in 16zap d v",
}
_HINTS["−"], _HINTS["/"] = _HINTS["-"], _HINTS["×"]


def _after_or_and(text: str, token: Token) -> str:
    """What to say of a comparison found after a comparison and an ``or``/``and`` (``c = a u or c = d u``):
    which binds how, and what to write instead; ``""`` otherwise."""
    if token.type != "CMP" or not isinstance(token.start_pos, int):
        return ""
    before = [t.type for t in _parser().lex(text[: token.start_pos])]
    joins = [i for i, kind in enumerate(before) if kind in ("OR", "AND")]
    if not joins or "CMP" not in before[: joins[-1]]:
        return ""
    word = before[joins[-1]].lower()
    sign, op = {"or": "∨", "and": "∧"}[word], str(token)
    return (
        f": {word} binds tighter than {op} (it is bitwise on the notes' words: a p and x = 0 is"
        f" [a p and x] = 0), so it joins what stands beside it, not two comparisons; to join"
        f" comparisons write {sign}, looser than the comparisons as in logic (c = a u {sign} c = d u),"
        f" or bracket each one ([c = a u] {word} [c = d u])"
    )


_TOO_DEEP = "the expression is nested too deeply to read (a few hundred levels is the limit)"


def _first_line(text: str) -> tuple[int, int]:
    """The line and column where ``text``'s first non-blank line begins."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            return number, len(line) - len(line.lstrip()) + 1
    return 1, 1


def parse_statement(text: str, where: str = "") -> Definition | Assignment:
    """A definition ``f[x,y] ← e`` / ``f x ← e`` or an assignment ``x ← e`` / ``x = e``; raises
    :class:`MSyntaxError` naming ``where``, the line and the column."""
    node = _parse(text, "file_statement", where)
    assert isinstance(node, (Definition, Assignment))
    return node


def parse_expression(text: str, where: str = "") -> Node:
    """An expression, a definition or an assignment, as typed at the REPL (``x = e`` is a comparison)."""
    return _parse(text, "repl_input", where)


_OPENS, _CLOSES = {"LPAR": ")", "LSQB": "]", "LBRACE": "}"}, frozenset({"RPAR", "RSQB", "RBRACE"})
_WAITING = {"ELSE": "'else' and the expression after it", "THEN": "'then', 'else' and their expressions"}
REST = "the rest of the expression"
"""What an unfinished input waits for when it is no bracket, ``then`` or ``else``."""


class Reading:
    """An input read a line at a time, as the REPL reads it: :meth:`feed` each line, then :attr:`waiting`
    says what the input still waits for, in the words the continuation prompt shows, or is ``None``:
    the input is complete, or wrong whatever follows (the parse of the whole says where).  The parser
    itself judges (Lark's interactive parser keeps its state between lines, so each line is lexed and
    parsed once); a quoted list still open is held back until its ``)``.

    >>> r = Reading()
    >>> r.feed("f[x] ← if x = 0"); r.waiting
    "'then', 'else' and their expressions"
    >>> r.feed("  then '(1"); r.waiting
    "')' to close the '(' at line 2, column 9"
    >>> r.feed("  2) else 2"); r.waiting is None
    True
    """

    def __init__(self, first_line: int = 1) -> None:
        self._parser = _parser().parse_interactive("", start="repl_input")
        self._open: list[tuple[str, int, int]] = []  # the brackets left open: what closes each, where
        self._held: list[str] = []  # lines not yet parsed, in a quoted list still open
        self._next = first_line  # the number of the line fed next
        self._size = 0
        self.waiting: str | None = REST

    def feed(self, line: str) -> None:
        """Read one more line (of an input still waiting)."""
        self._held.append(line)
        self._next += 1
        self._size += len(line) + 1
        start, text = self._next - len(self._held), "\n".join(self._held)
        if self._size > MAX_INPUT:  # the parse of the whole refuses it
            self.waiting = None
            return
        try:
            prepared, _ = extract_quoted(text)
        except QuoteError as e:
            before = text[: e.offset].split("\n")
            at = f"line {start + len(before) - 1}, column {len(before[-1]) + 1}"
            self.waiting = f"')' to close the '(' at {at}" if "ends too soon" in e.reason else None
            return
        self._held = []
        state, lexer = self._parser.parser_state, self._parser.lexer_thread.lexer
        try:
            for token in LexerThread.from_text(lexer, prepared).lex(state):  # type: ignore[no-untyped-call]
                state.feed_token(token)
                if token.type in _OPENS:
                    self._open.append((_OPENS[token.type], start + (token.line or 1) - 1, token.column or 1))
                elif token.type in _CLOSES:
                    self._open.pop()
            self._parser.copy(deepcopy_values=False).feed_eof()  # type: ignore[no-untyped-call]
        except UnexpectedInput as e:
            ends = getattr(getattr(e, "token", None), "type", "") == "$END"
            words = next((w for t, w in _WAITING.items() if t in getattr(e, "expected", ())), REST)
            self.waiting = (self._bracket() or words) if ends else None
        else:
            self.waiting = None

    def _bracket(self) -> str | None:
        if not self._open:
            return None
        closing, line, column = self._open[-1]
        return f"{closing!r} to close the {_OPENING[closing]!r} at line {line}, column {column}"


_OPENING = {")": "(", "]": "[", "}": "{"}
