"""Evaluating M-expressions over lispy's data and list functions.

An :class:`Interpreter` holds the global environment, a pyrsistent ``pmap``
from names to values: the list functions that the notes take from their
chapter I (``a``, ``d``, ``n``, ``mapcar``, ``sublis``, …, :data:`BUILTINS`), and
whatever definitions and assignments are loaded.  Defining a name makes a new
map (the old one is kept, so a definition can be taken back); lookups go
through a dictionary copy of the current map, rebuilt when it changes.

A function's local environment is persistent too: an immutable frame of its
arguments chained to the frame it was defined in (a ``λ`` inside a definition
sees the definition's parameters), each name's place fixed when the body is
compiled (lexical addressing).  Local frames as pyrsistent maps made the notes'
``search`` on Instant Insanity 32 times slower than the Python transcription;
these frames bring it under the 20 times the project aims for (bench/mexpr.py).

Each syntax tree is compiled once into Python closures; Python's ``eval`` is
never used.  Global names are looked up when used, so definitions may refer to
ones loaded later (``search`` to the ``lose`` of an application).

Errors are :class:`EvalError` (a ``RuntimeError``) naming the definition, the
line and the column: an undefined name, a wrong number of arguments, ``a`` of
an atom, a value that is not a function, and runaway recursion (more than
:data:`lispy.lisp.recursion.DEEP_LIMIT` Python frames).  Deep but finite
recursion works: evaluation runs inside :func:`lispy.lisp.recursion.run_deep`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from pyrsistent import PMap, pmap

from lispy.lisp import lists
from lispy.lisp.data import NIL, Cons, LispTypeError, from_iterable
from lispy.lisp.printer import to_string
from lispy.lisp.recursion import run_deep
from lispy.mexpr.syntax import (
    Assignment,
    BinOp,
    Call,
    Const,
    Definition,
    If,
    Lambda,
    ListLit,
    Node,
    Var,
    parse_expression,
)

__all__ = ["BUILTINS", "EvalError", "Interpreter", "MFunction"]

Frame = Any  # a local environment: (values, enclosing frame), or None at the top
Scope = tuple[tuple[str, ...], ...]  # the parameter names of the frames, innermost first
Code = Callable[[Frame], Any]


class EvalError(RuntimeError):
    """An error while evaluating, with the ``definition`` (or ``"input"``), ``line`` and ``column``."""

    def __init__(self, message: str, definition: str, line: int, column: int) -> None:
        super().__init__(f"in {definition}, line {line}, column {column}: {message}")
        self.reason = message
        self.definition = definition
        self.line = line
        self.column = column


def _max(x: Any, y: Any) -> Any:
    return x if x >= y else y


def _min(x: Any, y: Any) -> Any:
    return x if x <= y else y


BUILTINS: dict[str, Any] = {
    "a": lists.a,
    "d": lists.d,
    "n": lists.n,
    "atom": lists.atom,
    "eq": lists.eq,
    "equal": lists.equal,
    "length": lists.length,
    "nth": lists.nth,
    "assoc": lists.assoc,
    "reverse": lists.reverse,
    "append": lists.append,
    "member": lists.member,
    "mapcar": lists.mapcar,
    "maplist": lists.maplist,
    "orlis": lists.orlis,
    "andlis": lists.andlis,
    "prup": lists.prup,
    "sublis": lists.sublis,
    "cons": lists.cons,
    "max": _max,
    "min": _min,
}
"""The functions the notes use without defining them (their chapter I), by the notes' names."""


def _truth(x: Any) -> bool:
    """The notes' conditions: ``false`` and ``NIL`` are false, every other value true."""
    return not (x is False or x is NIL)


def _bitwise_or_logical(bitwise: Callable[[int, int], int], logical: bool) -> Callable[[Any, Any], Any]:
    def op(x: Any, y: Any) -> Any:
        if type(x) is int and type(y) is int:
            return bitwise(x, y)
        return (_truth(x) or _truth(y)) if logical else (_truth(x) and _truth(y))

    return op


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    ".": lists.cons,
    "*": lists.append,
    "+": operator.add,
    "×": operator.mul,
    "=": lists.equal,
    "eq": lists.eq,
    "ε": lists.member,
    "≤": operator.le,
    "≥": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
    "and": _bitwise_or_logical(operator.and_, False),
    "or": _bitwise_or_logical(operator.or_, True),
}


MFunction = Callable[..., Any]
"""A function defined in M-expressions: a plain Python function with ``m_name`` and ``m_params``.

It is a Python function, not an object with ``__call__``, because CPython 3.11
runs a call from Python code to a Python function without using the C stack;
a ``__call__`` method (or a call with ``*args``) goes through C at every level
and deep recursion would crash instead of raising ``RecursionError``.
"""


def make_function(name: str, params: tuple[str, ...], body: Code, frame: Frame) -> MFunction:
    """The Python function of a definition or ``λ`` whose body is ``body``, closed over ``frame``."""
    if len(params) == 1:

        def f(x: Any) -> Any:
            return body(((x,), frame))
    elif len(params) == 2:

        def f(x: Any, y: Any) -> Any:  # type: ignore[misc]
            return body(((x, y), frame))
    elif len(params) == 3:

        def f(x: Any, y: Any, z: Any) -> Any:  # type: ignore[misc]
            return body(((x, y, z), frame))
    elif len(params) == 4:

        def f(w: Any, x: Any, y: Any, z: Any) -> Any:  # type: ignore[misc]
            return body(((w, x, y, z), frame))
    else:

        def f(*args: Any) -> Any:  # type: ignore[misc]
            if len(args) != len(params):
                raise TypeError(f"takes {len(params)} positional arguments but {len(args)} were given")
            return body((args, frame))

    f.__name__ = f.__qualname__ = name
    f.m_name = name  # type: ignore[attr-defined]
    f.m_params = params  # type: ignore[attr-defined]
    return f


def _arity_message(fn: Any, given: int) -> str | None:
    params = getattr(fn, "m_params", None)
    if params is None or len(params) == given:
        return None
    return f"{fn.m_name} takes {len(params)} argument(s), [{','.join(params)}], but was given {given}"


class Interpreter:
    """A global environment and the means to extend it and evaluate in it.

    >>> m = Interpreter()
    >>> m.run("twice x ← x + x")
    >>> m.eval("twice 21")
    42
    """

    def __init__(self, globals_: dict[str, Any] | None = None) -> None:
        self._globals: PMap = pmap(BUILTINS if globals_ is None else globals_)
        self._lookup: dict[str, Any] = dict(self._globals)
        self.sources: dict[str, Definition | Assignment] = {}

    @property
    def globals(self) -> PMap:
        """The global environment: a persistent map from names to values."""
        return self._globals

    @globals.setter
    def globals(self, env: PMap) -> None:
        self._globals = env
        self._lookup = dict(env)

    # --- extending the environment -------------------------------------------------------

    def define(self, statement: Definition | Assignment) -> Any:
        """Bind a definition's function, or an assignment's value, to its name; return the value."""
        if isinstance(statement, Definition):
            body = self._compile(statement.body, (statement.params,), statement.name)
            value: Any = make_function(statement.name, statement.params, body, None)
        else:
            value = self._evaluate(statement.expr, statement.name)
        self.globals = self.globals.set(statement.name, value)
        self.sources[statement.name] = statement
        return value

    def bind(self, **values: Any) -> None:
        """Bind Python values to names: ``m.bind(graph=…, final="F")``."""
        self.globals = self.globals.update(values)

    def __getitem__(self, name: str) -> Any:
        return self.globals[name]

    def __contains__(self, name: str) -> bool:
        return name in self.globals

    # --- evaluating ------------------------------------------------------------------------

    def run(self, text: str, where: str = "input") -> Any:
        """Read and evaluate one statement or expression; a definition returns None."""
        node = parse_expression(text, where)
        if isinstance(node, Definition):
            self.define(node)
            return None
        if isinstance(node, Assignment):
            return self.define(node)
        return self._evaluate(node, where)

    def eval(self, text: str) -> Any:
        """The value of the expression ``text``."""
        return self.run(text)

    def call(self, name: str, *args: Any) -> Any:
        """Call the function ``name`` with Python values, with the evaluator's error reporting."""
        fn = self.globals.get(name)
        if fn is None:
            raise EvalError(f"undefined name {name}", "input", 0, 0)
        message = _arity_message(fn, len(args))
        if message is not None:
            raise EvalError(message, "input", 0, 0)
        return self._guarded(lambda: fn(*args), name, 0, 0)

    def _evaluate(self, node: Node, where: str) -> Any:
        code = self._compile(node, (), where)
        return self._guarded(lambda: code(None), where, node.line, node.column)

    def _guarded(self, thunk: Callable[[], Any], where: str, line: int, column: int) -> Any:
        try:
            return run_deep(thunk)
        except RecursionError:
            raise EvalError(RUNAWAY, where, line, column) from None

    # --- compiling ---------------------------------------------------------------------------

    def _compile(self, node: Node, local: Scope, where: str) -> Code:
        compile_ = self._compile
        if isinstance(node, Const):
            value = node.value
            return lambda f: value
        if isinstance(node, Var):
            name = node.name
            for depth, params in enumerate(local):
                if name in params:
                    return _local(depth, params.index(name))
            interpreter = self

            def global_(f: Frame) -> Any:
                try:
                    return interpreter._lookup[name]
                except KeyError:
                    raise EvalError(f"undefined name {name}", where, node.line, node.column) from None

            return global_
        if isinstance(node, If):
            test, then, orelse = (compile_(x, local, where) for x in (node.test, node.then, node.orelse))
            return lambda f: then(f) if _truth(test(f)) else orelse(f)
        if isinstance(node, Lambda):
            body = compile_(node.body, (node.params, *local), where)
            params, name = node.params, f"λ{''.join(node.params)} in {where}"
            return lambda f: make_function(name, params, body, f)
        if isinstance(node, BinOp):
            return self._binop(node, local, where)
        if isinstance(node, ListLit):
            items = [compile_(x, local, where) for x in node.items]
            tail = compile_(node.tail, local, where) if node.tail is not None else (lambda f: NIL)
            return lambda f: from_iterable([x(f) for x in items], tail(f))
        if isinstance(node, Call):
            return self._call(node, local, where)
        raise TypeError(f"cannot compile {node!r}")

    def _binop(self, node: BinOp, local: Scope, where: str) -> Code:
        left, right = self._compile(node.left, local, where), self._compile(node.right, local, where)
        op = _BINARY[node.op]
        symbol, line, column = node.op, node.line, node.column
        if symbol in ("and", "or"):
            stop = symbol == "or"

            def logical(f: Frame) -> Any:
                x = left(f)
                if type(x) is not int and _truth(x) == stop:  # short-circuit on truth values
                    return stop
                return op(x, right(f))

            return logical

        def binary(f: Frame) -> Any:
            x, y = left(f), right(f)
            try:
                return op(x, y)
            except (TypeError, ValueError) as e:
                raise EvalError(f"{symbol}: {_describe(e, x, y)}", where, line, column) from None

        return binary

    def _call(self, node: Call, local: Scope, where: str) -> Code:
        args = [self._compile(x, local, where) for x in node.args]
        line, column = node.line, node.column
        shown = node.fn.name if isinstance(node.fn, Var) else "the function"
        name = node.fn.name if isinstance(node.fn, Var) and not any(shown in p for p in local) else None

        def fail(g: Any, values: list[Any], e: Exception) -> EvalError:
            if isinstance(e, RecursionError):
                return EvalError(RUNAWAY, where, line, column)
            if isinstance(e, LispTypeError):
                return EvalError(str(e), where, line, column)
            if isinstance(e, TypeError):
                if not callable(g):
                    return EvalError(f"{shown} is {_show(g)}, not a function", where, line, column)
                message = _arity_message(g, len(values))
                return EvalError(message or f"{shown}: {e}", where, line, column)
            return EvalError(f"{shown}: {e}", where, line, column)

        # A global function is fetched here, not by a compiled Var (one Python call fewer per
        # application), and called with a fixed number of arguments, never g(*values): see MFunction.
        if name is not None and 1 <= len(args) <= 3:
            return _global_call(self, name, args, fail, where, line, column)
        fn = self._compile(node.fn, local, where)
        if len(args) == 1:
            (x0,) = args

            def call1(f: Frame) -> Any:
                g, v = fn(f), x0(f)
                try:
                    return g(v)
                except EvalError:
                    raise
                except (TypeError, ValueError, RecursionError) as e:
                    raise fail(g, [v], e) from None

            return call1
        if len(args) == 2:
            x0, x1 = args

            def call2(f: Frame) -> Any:
                g, v, w = fn(f), x0(f), x1(f)
                try:
                    return g(v, w)
                except EvalError:
                    raise
                except (TypeError, ValueError, RecursionError) as e:
                    raise fail(g, [v, w], e) from None

            return call2
        if len(args) == 4:
            x0, x1, x2, x3 = args

            def call4(f: Frame) -> Any:
                g, t, u, v, w = fn(f), x0(f), x1(f), x2(f), x3(f)
                try:
                    return g(t, u, v, w)
                except EvalError:
                    raise
                except (TypeError, ValueError, RecursionError) as e:
                    raise fail(g, [t, u, v, w], e) from None

            return call4

        def call(f: Frame) -> Any:  # three arguments to a λ, five or more, or none
            g = fn(f)
            values = [x(f) for x in args]
            try:
                if len(values) == 3:
                    return g(values[0], values[1], values[2])
                return g(*values)
            except EvalError:
                raise
            except (TypeError, ValueError, RecursionError) as e:
                raise fail(g, values, e) from None

        return call


RUNAWAY = "runaway recursion: calls nested too deep (is a base case missing?)"


def _global_call(
    interpreter: Interpreter,
    name: str,
    args: list[Code],
    fail: Callable[[Any, list[Any], Exception], EvalError],
    where: str,
    line: int,
    column: int,
) -> Code:
    """The code of ``name[a1,…]`` for a global ``name`` and one to three arguments."""

    def undefined() -> EvalError:
        return EvalError(f"undefined name {name}", where, line, column)

    if len(args) == 1:
        (x0,) = args

        def call1(f: Frame) -> Any:
            try:
                g = interpreter._lookup[name]
            except KeyError:
                raise undefined() from None
            v = x0(f)
            try:
                return g(v)
            except EvalError:
                raise
            except (TypeError, ValueError, RecursionError) as e:
                raise fail(g, [v], e) from None

        return call1
    if len(args) == 2:
        x0, x1 = args

        def call2(f: Frame) -> Any:
            try:
                g = interpreter._lookup[name]
            except KeyError:
                raise undefined() from None
            v, w = x0(f), x1(f)
            try:
                return g(v, w)
            except EvalError:
                raise
            except (TypeError, ValueError, RecursionError) as e:
                raise fail(g, [v, w], e) from None

        return call2
    x0, x1, x2 = args

    def call3(f: Frame) -> Any:
        try:
            g = interpreter._lookup[name]
        except KeyError:
            raise undefined() from None
        u, v, w = x0(f), x1(f), x2(f)
        try:
            return g(u, v, w)
        except EvalError:
            raise
        except (TypeError, ValueError, RecursionError) as e:
            raise fail(g, [u, v, w], e) from None

    return call3


def _local(depth: int, index: int) -> Code:
    """The code that reads the ``index``-th value of the frame ``depth`` frames out."""
    if depth == 0:
        return lambda f: f[0][index]
    if depth == 1:
        return lambda f: f[1][0][index]

    def far(f: Frame) -> Any:
        for _ in range(depth):
            f = f[1]
        return f[0][index]

    return far


def _show(x: Any) -> str:
    return to_string(x) if isinstance(x, (Cons, str, int, float)) or x is NIL else repr(x)


def _describe(e: Exception, x: Any, y: Any) -> str:
    return f"cannot apply to {_show(x)} and {_show(y)} ({e})"
