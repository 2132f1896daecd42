"""From an M-expression's syntax tree to Python's: each node becomes the Python expression it means.

The notation maps one to one (:mod:`lispy.mexpr.prelude` lists the helpers)::

    f[x,y]          f(x, y)                 λx.e               lambda x: e
    {e}[λw. b]      (lambda w: b)(e)        if p then e1 else e2   e1 if p else e2
    x . u           cons(x, u)              u * v              append(u, v)
    x ε u           member(x, u)            x eq y             eq(x, y)
    x = y           x == y                  x ≤ y, x < y       le_(x, y), lt_(x, y)
    x + y, 16f x    add_(x, y), mul_(16, f(x))   x and y, x or y    and_(x, y), or_(x, y)
    p ∧ q, p ∨ q    truth(p) and truth(q), …     ¬p                 not truth(p)
    (p)             lisp(p)                 (2 3 4 5)          read('(2 3 4 5)')
    LOSE, NIL, ∞    'LOSE', NIL, INF        f x ← e            def f(x): return e

A condition that surely gives a truth value (a comparison, a call of
:data:`~lispy.mexpr.prelude.PREDICATES`, ``and``/``or``/``if`` of those) is written as it is, any
other as ``truth(p)``.  Every Python node carries the place of its M-expression node (its end the
last place in that node's subtree, so that a call and the name it calls never share a place);
:class:`Generated` keeps, by place, where an error can happen, and each global name used.
"""

from __future__ import annotations

import ast
import keyword
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lispy.mexpr.names import python_name
from lispy.mexpr.prelude import PREDICATES
from lispy.mexpr.syntax import Assignment, BinOp, Call, Const, Definition, If, Lambda, ListLit, Node, Not, Var
from lispy.sexpr.data import NIL, Cons, from_iterable, read, to_string

Place = tuple[int, int, int, int]
"""A Python node's place: ``(lineno, end_lineno, col_offset, end_col_offset)``, as in ``co_positions``."""

Where = tuple[int, int]  # (line, column) of an M-expression node, from 1

_CALLED = {
    ".": "cons",
    "*": "append",
    "ε": "member",
    "eq": "eq",
    "+": "add_",
    "×": "mul_",
    "<": "lt_",
    ">": "gt_",
    "≤": "le_",
    "≥": "ge_",
}
_GIVES_TRUTH = frozenset({"=", "<", ">", "≤", "≥", "ε", "eq"})
_CONNECTIVES = {"∧": ast.And, "∨": ast.Or}


@dataclass(frozen=True)
class Use:
    """A global name that compiled code uses: where, and how many arguments it is called with."""

    name: str
    line: int
    column: int
    arity: int | None
    """The number of arguments when the name is called, ``None`` when its value is used."""


@dataclass
class Generated:
    """A statement or expression as Python: the syntax tree, the global names it uses, its places."""

    tree: ast.stmt | ast.expr
    uses: list[Use] = field(default_factory=list)
    places: dict[Place, Node] = field(default_factory=dict)


def generate(source: Definition | Assignment | Node, predicates: Iterable[str] = PREDICATES) -> Generated:
    """The Python syntax tree of a definition (a ``def``), an assignment (``x = e``) or an expression;
    the calls of ``predicates`` (``n``, ``atom``, … unless redefined) are tests as they stand."""
    generator = _Generator(frozenset(predicates))
    if isinstance(source, Definition):
        tree: Any = generator.definition(source)
    elif isinstance(source, Assignment):
        value, end = generator.expression(source.expr, frozenset())
        target = ast.Name(python_name(source.name), ast.Store())
        tree = _located(ast.Assign([target], value), _place(_at(source), end))
    else:
        tree, _ = generator.expression(source, frozenset())
    ast.fix_missing_locations(tree)
    return Generated(tree, generator.uses, generator.places)


def generate_probe(nodes: Sequence[Node], params: Iterable[str]) -> ast.FunctionDef:
    """``def _probe(params): return (n1, n2, …)``, every condition tested with ``truth`` (so that it
    means what the nodes mean whatever the global names are bound to)."""
    generator = _Generator(frozenset())
    local = frozenset(params)
    values = [generator.expression(node, local)[0] for node in nodes]
    tree = _function("_probe", _arguments(tuple(params)), [ast.Return(ast.Tuple(values, ast.Load()))])
    return ast.fix_missing_locations(tree)


def returning(value: ast.expr) -> ast.FunctionDef:
    """``def _value(): return value``: how an assignment's or an input's value is compiled."""
    returned = ast.copy_location(ast.Return(value), value)
    return ast.copy_location(_function("_value", _arguments(()), [returned]), value)


def _function(name: str, args: ast.arguments, body: list[ast.stmt]) -> ast.FunctionDef:
    """``def name(args): body``, with 3.12's ``type_params`` where there is one."""
    fields: dict[str, Any] = {"type_params": []} if sys.version_info >= (3, 12) else {}
    return ast.FunctionDef(name, args, body, [], **fields)


def _at(node: Node) -> Where:
    return (node.line or 1, node.column or 1)


def _place(start: Where, end: Where) -> Place:
    return (start[0], end[0], start[1] - 1, end[1] - 1)


class EmitError(ValueError):
    """Python that Python would refuse, found as it is built: ``reason``, at ``line`` and ``column``."""

    def __init__(self, reason: str, line: int, column: int) -> None:
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column


def _located(tree: Any, place: Place) -> Any:
    """``tree`` at ``place``, an end before its start (which Python refuses) narrowed to the start."""
    line, end_line, column, end_column = place
    line, column = max(line, 1), max(column, 0)
    if (end_line, end_column) < (line, column):
        end_line, end_column = line, column
    tree.lineno, tree.end_lineno, tree.col_offset, tree.end_col_offset = line, end_line, column, end_column
    return tree


def _name(identifier: str, place: Place) -> ast.Name:
    if not identifier.isidentifier() or keyword.iskeyword(identifier):
        raise EmitError(f"{identifier!r} cannot be a name in Python", place[0], place[2] + 1)
    return _located(ast.Name(identifier, ast.Load()), place)


def _call(fn: ast.expr, args: list[ast.expr], place: Place) -> ast.Call:
    return _located(ast.Call(fn, args, []), place)


def _arguments(params: tuple[str, ...], where: Where = (1, 1)) -> ast.arguments:
    """The parameters of a ``def`` or a ``λ`` at ``where``: Python refuses a name given twice."""
    names = [python_name(p) for p in params]
    for i, name in enumerate(names):
        if name in names[:i]:
            first = params[names.index(name)]
            also = f" ({first} and {params[i]} are one name in Python)" if first != params[i] else ""
            raise EmitError(f"the parameter {params[i]} is named twice{also}", *where)
        if not name.isidentifier() or keyword.iskeyword(name):
            raise EmitError(f"{name!r} cannot be a name in Python", *where)
    arguments = [ast.arg(name) for name in names]
    return ast.arguments(posonlyargs=[], args=arguments, kwonlyargs=[], kw_defaults=[], defaults=[])


def _constant(node: Node) -> Any:
    """The datum a list of constants denotes (a nested list of atoms), or ``None`` if it is not one."""
    if isinstance(node, Const):
        value = node.value
        ok = value is NIL or type(value) in (str, int) or (type(value) is float and math.isfinite(value))
        return value if ok else None
    if isinstance(node, ListLit):
        items = [_constant(x) for x in node.items]
        tail = NIL if node.tail is None else _constant(node.tail)
        if any(x is None for x in items) or tail is None:
            return None
        return from_iterable(items, tail)
    return None


class _Generator:
    def __init__(self, predicates: frozenset[str]) -> None:
        self.predicates = predicates
        self.uses: list[Use] = []
        self.places: dict[Place, Node] = {}

    def definition(self, d: Definition) -> ast.FunctionDef:
        body, end = self.expression(d.body, frozenset(d.params))
        place = _place(_at(d), end)
        returned = _located(ast.Return(body), _place_of(body))
        fn = _function(python_name(d.name), _arguments(d.params, _at(d)), [returned])
        return _located(fn, place)

    def gives_truth(self, node: Node, local: frozenset[str]) -> bool:
        """Whether ``node`` surely gives ``True`` or ``False`` (when it gives anything)."""
        if isinstance(node, Const):
            return type(node.value) is bool
        if isinstance(node, Not):
            return True
        if isinstance(node, BinOp):
            if node.op in _CONNECTIVES:
                return True
            if node.op in ("and", "or"):
                return self.gives_truth(node.left, local) and self.gives_truth(node.right, local)
            return node.op in _GIVES_TRUTH
        if isinstance(node, If):
            return self.gives_truth(node.then, local) and self.gives_truth(node.orelse, local)
        if isinstance(node, Call) and isinstance(node.fn, Var):
            return node.fn.name not in local and node.fn.name in self.predicates
        return False

    def expression(self, node: Node, local: frozenset[str]) -> tuple[ast.expr, Where]:
        """The Python expression for ``node`` with the parameters ``local`` in scope, and its last place."""
        method = getattr(self, f"_{type(node).__name__.lower()}")
        tree, end = method(node, local)
        return tree, max(end, _at(node))

    def _test(self, node: Node, local: frozenset[str]) -> tuple[ast.expr, Where]:
        test, end = self.expression(node, local)
        if self.gives_truth(node, local):
            return test, end
        return _call(_name("truth", _place_of(test)), [test], _place_of(test)), end

    def _const(self, node: Const, local: frozenset[str]) -> tuple[ast.expr, Where]:
        place = _place(_at(node), _at(node))
        value = node.value
        if value is NIL:
            return _name("NIL", place), _at(node)
        if isinstance(value, float) and math.isinf(value):
            inf = _name("INF", place)
            return (inf if value > 0 else _located(ast.UnaryOp(ast.USub(), inf), place)), _at(node)
        if type(value) is Cons:  # a quoted list, '(A B): read again from its text where it is used
            text = _located(ast.Constant(to_string(value)), place)
            return _call(_name("read", place), [text], place), _at(node)
        return _located(ast.Constant(value), place), _at(node)

    def _var(self, node: Var, local: frozenset[str], arity: int | None = None) -> tuple[ast.expr, Where]:
        place = _place(_at(node), _at(node))
        if node.name not in local:
            self.uses.append(Use(node.name, *_at(node), arity))
            self.places.setdefault(place, node)
        return _name(python_name(node.name), place), _at(node)

    def _if(self, node: If, local: frozenset[str]) -> tuple[ast.expr, Where]:
        test, end1 = self._test(node.test, local)
        then, end2 = self.expression(node.then, local)
        orelse, end3 = self.expression(node.orelse, local)
        end = max(end1, end2, end3)
        return _located(ast.IfExp(test, then, orelse), _place(_at(node), end)), end

    def _lambda(self, node: Lambda, local: frozenset[str]) -> tuple[ast.expr, Where]:
        body, end = self.expression(node.body, local | frozenset(node.params))
        return _located(ast.Lambda(_arguments(node.params, _at(node)), body), _place(_at(node), end)), end

    def _not(self, node: Not, local: frozenset[str]) -> tuple[ast.expr, Where]:
        operand, end = self._test(node.operand, local)
        return _located(ast.UnaryOp(ast.Not(), operand), _place(_at(node), end)), end

    def _binop(self, node: BinOp, local: frozenset[str]) -> tuple[ast.expr, Where]:
        if node.op in _CONNECTIVES:  # ∧, ∨: on the operands' truth, the second only if needed
            left, _ = self._test(node.left, local)
            right, end = self._test(node.right, local)
            place = _place(_at(node), end)
            return _located(ast.BoolOp(_CONNECTIVES[node.op](), [left, right]), place), end
        left, _ = self.expression(node.left, local)
        right, end = self.expression(node.right, local)
        place = _place(_at(node), end)
        self.places.setdefault(place, node)
        op = node.op
        if op == "=":
            return _located(ast.Compare(left, [ast.Eq()], [right]), place), end
        if op in _CALLED:
            return _call(_name(_CALLED[op], place), [left, right], place), end
        # and, or
        if self.gives_truth(node.left, local) and self.gives_truth(node.right, local):
            return _located(ast.BoolOp(ast.And() if op == "and" else ast.Or(), [left, right]), place), end
        if isinstance(node.right, (Var, Const)):
            return _call(_name(f"{op}_", place), [left, right], place), end
        later = _located(ast.Lambda(_arguments(()), right), _place_of(right))
        helper = "and_then" if op == "and" else "or_else"
        return _call(_name(helper, place), [left, later], place), end

    def _listlit(self, node: ListLit, local: frozenset[str]) -> tuple[ast.expr, Where]:
        datum = _constant(node)
        if datum is not None:
            end = _last(node)
            place = _place(_at(node), end)
            if datum is NIL:
                return _name("NIL", place), end
            text = to_string(datum)
            if type(datum) is Cons and read(text) == datum:
                return _call(_name("read", place), [_located(ast.Constant(text), place)], place), end
        items = [self.expression(x, local) for x in node.items]
        tail = self.expression(node.tail, local) if node.tail is not None else None
        end = max([_at(node), *(e for _, e in items), *([tail[1]] if tail else [])])
        place = _place(_at(node), end)
        if tail is None:
            return _call(_name("lisp", place), [x for x, _ in items], place), end
        result = tail[0]
        for x, _ in reversed(items):
            result = _call(_name("cons", place), [x, result], place)
        return result, end

    def _call(self, node: Call, local: frozenset[str]) -> tuple[ast.expr, Where]:
        args = [self.expression(x, local) for x in node.args]
        if isinstance(node.fn, Var):
            fn, fn_end = self._var(node.fn, local, len(args))
        else:
            fn, fn_end = self.expression(node.fn, local)
        end = max([_at(node), fn_end, *(e for _, e in args)])
        place = _place(_at(node), end)
        self.places.setdefault(place, node)
        return _call(fn, [x for x, _ in args], place), end


def _last(node: Node) -> Where:
    """The last place in ``node``'s subtree."""
    children: list[Node] = []
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        if isinstance(value, Node):
            children.append(value)
        elif type(value) is tuple:
            children.extend(x for x in value if isinstance(x, Node))
    return max([_at(node), *(_last(x) for x in children)])


def _place_of(tree: ast.expr) -> Place:
    """The place a generated expression was given."""
    return (tree.lineno, tree.end_lineno or tree.lineno, tree.col_offset, tree.end_col_offset or 0)
