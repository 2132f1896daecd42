"""Running M-expressions: a global environment of compiled definitions.

An :class:`Environment` holds the global names: the notes' chapter I functions
(:data:`lispy.mexpr.prelude.BUILTINS`), and the definitions, assignments and Python values loaded.
Each definition is a Python function (:mod:`lispy.mexpr.compiler`) that looks its global names up
when it runs, so definitions may refer to ones loaded later.  An environment may have an ``outer``
one, from which it takes the names it uses and does not bind: so a REPL session holds several
applications of the notes, each with its own ``successors`` (``docs/mexpr.md``).

Before anything runs, an evaluation checks every global name it can reach (bound, and called with
its definition's arity); errors while running, runaway recursion included, are :class:`EvalError`
too (:mod:`lispy.mexpr.diagnosis`): evaluation runs through :func:`lispy.recursion.run_deep`.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from pyrsistent import PMap, pmap

from lispy.mexpr.codegen import Use
from lispy.mexpr.compiler import Unit, compile_unit, make_function, unit_of
from lispy.mexpr.diagnosis import explain
from lispy.mexpr.errors import EvalError, UndefinedName, arity_message, signature
from lispy.mexpr.names import python_name
from lispy.mexpr.prelude import BUILTINS, NOTATION, PREDICATES
from lispy.mexpr.syntax import Assignment, Definition, parse_expression
from lispy.recursion import run_deep

__all__ = ["Environment", "EvalError", "Snapshot"]

T = TypeVar("T")
_ABSENT = object()
_OWNER = "__environment__"


@dataclass(frozen=True)
class Snapshot:
    """An environment's bindings at one moment (:meth:`Environment.snapshot`), in persistent maps:
    M-expression names to ``values``, Python ``names`` to the M-expression names that hold them,
    and each name's compiled statement (``units``)."""

    values: PMap[str, Any]
    names: PMap[str, str]
    units: PMap[str, Unit]


class Environment:
    """Global names, the means to define them, and evaluation.

    The bindings are one :class:`Snapshot`: :meth:`snapshot` is the current value, :meth:`restore`
    one assignment (and the refresh of :attr:`namespace`, the ``dict`` compiled code runs in).
    A definition or assignment that fails changes nothing.

    >>> m = Environment()
    >>> m.run("twice x ← x + x")
    >>> m.eval("twice 21")
    42
    >>> before = m.snapshot()
    >>> m.run("twice x ← 3")
    >>> m.restore(before); m.eval("twice 21")
    42
    """

    def __init__(self, bindings: Mapping[str, Any] | None = None, outer: Environment | None = None) -> None:
        values = pmap(BUILTINS if bindings is None else bindings)
        names = pmap({python_name(name): name for name in values})  # Python name to M name
        self._state = Snapshot(values, names, pmap())
        self._plain = dict(values)  # the values as a plain dict, for restore to compare with
        self.namespace: dict[str, Any] = {"__builtins__": {}, "__name__": "lispy.mexpr.compiled", **NOTATION}
        """The notation's helpers and the globals, by Python name; no ``__builtins__`` (no ``open``)."""
        self.namespace.update((python_name(name), value) for name, value in values.items())
        # what a compiled function's __globals__ leads back to (no M-expression name begins with _)
        self.namespace[_OWNER] = self
        self.outer = outer
        self._taken: set[str] = set()  # names taken from outer
        self._checked: set[Unit] = set()  # definitions whose uses were checked since the last change

    @property
    def units(self) -> Mapping[str, Unit]:
        """Each name's compiled statement."""
        return self._state.units

    @property
    def globals(self) -> Mapping[str, Any]:
        """The global environment, read-only: M-expression names to values."""
        return self._state.values

    def __getitem__(self, name: str) -> Any:
        return self._state.values[name]

    def __contains__(self, name: str) -> bool:
        return name in self._state.values

    def snapshot(self) -> Snapshot:
        """The environment's bindings as they are now, for :meth:`restore`."""
        return self._state

    def restore(self, snapshot: Snapshot) -> None:
        """Put back the bindings of ``snapshot``: what was defined or bound since is gone."""
        now, self._state = self._state, snapshot
        if now.values is snapshot.values:
            return
        # The namespace stays one dict (its functions see the change): only what differs is written
        before, after = self._plain, dict(snapshot.values.items())
        for name in before.keys() - after.keys():
            self.namespace.pop(python_name(name), None)
        for name, value in after.items():
            if before.get(name, _ABSENT) is not value:
                self.namespace[python_name(name)] = value
        self._plain = after
        self._checked.clear()

    def atomically(self, thunk: Callable[[], T]) -> T:
        """``thunk()`` (which changes this environment), all or nothing: if it raises (Ctrl-C
        included), the bindings are put back as they were, and the exception goes on.

        >>> m = Environment()
        >>> def two() -> None:
        ...     m.run("f x ← 1")
        ...     m.run("g ← h 1")  # fails: h is not defined
        >>> m.atomically(two)
        Traceback (most recent call last):
        lispy.mexpr.errors.UndefinedName: in g, line 1, column 5: undefined name h
        >>> "f" in m
        False
        """
        before = self._state
        try:
            return thunk()
        except BaseException:
            self.restore(before)
            raise

    def define(self, statement: Definition | Assignment) -> Any:
        """Bind a definition's function, or an assignment's value, to its name; return the value.
        All or nothing."""
        return self.atomically(lambda: self._define(statement))

    def _define(self, statement: Definition | Assignment) -> Any:
        self._claim(statement.name, statement.line, statement.column)
        unit = compile_unit(statement, statement.name, self._predicates())
        if isinstance(statement, Definition):
            value = make_function(unit, self.namespace)
        else:
            value = self._evaluate(unit)
        self._state = replace(self._state, units=self._state.units.set(statement.name, unit))
        self._set(statement.name, value)
        self._taken.discard(statement.name)
        return value

    def bind(self, **values: Any) -> None:
        """Bind Python values to names: ``m.bind(graph=…, final="F")``; all or nothing."""

        def bind_all() -> None:
            for name in values:
                self._claim(name, 0, 0)
            for name, value in values.items():
                self._set(name, value)
                self._taken.discard(name)

        self.atomically(bind_all)

    def _claim(self, name: str, line: int, column: int) -> None:
        """Refuse a name that is another's in Python (``p0`` beside ``p₀``)."""
        identifier = python_name(name)
        other = self._state.names.get(identifier)
        if other is None:
            self._state = replace(self._state, names=self._state.names.set(identifier, name))
        elif other != name:
            message = f"{name} and {other} are one name in Python, {identifier}: use {other}"
            raise EvalError(message, name, line, column)

    def _set(self, name: str, value: Any) -> None:
        """Bind ``name`` to ``value`` (unbind it, for ``_ABSENT``)."""
        before = self._predicates()
        if value is _ABSENT:
            self._state = replace(self._state, values=self._state.values.discard(name))
            self._plain.pop(name, None)
            self.namespace.pop(python_name(name), None)
        else:
            self._state = replace(self._state, values=self._state.values.set(name, value))
            self._plain[name] = value
            self.namespace[python_name(name)] = value
        self._checked.clear()
        if self._predicates() != before:
            self._recompile()

    def _predicates(self) -> frozenset[str]:
        """The names still bound to the notes' functions that always give a truth value."""
        return frozenset(p for p in PREDICATES if self._plain.get(p) is BUILTINS[p])

    def _recompile(self) -> None:
        """Compile every definition again: a name whose calls were taken as truth values has changed."""
        for name, unit in list(self.units.items()):
            current = self._state.values.get(name)
            if isinstance(unit.source, Definition) and getattr(current, "__code__", None) is unit.code:
                self.define(unit.source)

    def run(self, text: str, where: str = "input") -> Any:
        """Read and evaluate one statement or expression; a definition returns None."""
        node = parse_expression(text, where)
        if isinstance(node, Definition):
            self.define(node)
            return None
        if isinstance(node, Assignment):
            return self.define(node)
        return self._evaluate(compile_unit(node, where, self._predicates()))

    def eval(self, text: str) -> Any:
        """The value of the expression ``text``."""
        return self.run(text)

    def call(self, name: str, *args: Any) -> Any:
        """Call the function ``name`` with Python values, with the evaluation's checks and errors."""
        if name not in self:
            raise UndefinedName(name, "input", 0, 0)
        fn = self[name]
        _check_arity(fn, len(args), "input", 0, 0)
        unit = unit_of(fn.__code__) if isinstance(fn, types.FunctionType) else None
        if unit is not None:
            self._check(unit, _owner(fn) or self)
        return run_deep(_explained, lambda: fn(*args), name, 0, 0)

    def _evaluate(self, unit: Unit) -> Any:
        self._check(unit)
        fn = make_function(unit, self.namespace)
        return run_deep(_explained, fn, unit.where, unit.source.line, unit.source.column)

    def _check(self, unit: Unit, where: Environment | None = None) -> None:
        """Check the global names that ``unit`` (of ``where``, by default this environment) reaches:
        bound, and called with their arity; each definition's in its own environment (taken again
        from its outer one).  A definition counts as checked, until the next change, once all it
        reaches is."""
        pending, seen, done = [(where or self, unit)], set(), set()
        while pending:
            m, u = pending.pop()
            if m not in seen:
                seen.add(m)
                m._take()
            if u in m._checked or (m, u) in done:
                continue
            done.add((m, u))
            for use in u.generated.uses:
                m._check_use(use, u.where)
                reached = m[m._known(use.name) or use.name]
                code = getattr(reached, "__code__", None)
                inner = unit_of(code) if isinstance(code, types.CodeType) else None
                if inner is not None:
                    pending.append((_owner(reached) or m, inner))
        for m, u in done:
            if isinstance(u.source, Definition):
                m._checked.add(u)

    def _take(self) -> None:
        """Take again from :attr:`outer` each name taken from it: as it has it now, or gone."""
        for name in self._taken:
            there = self.outer.globals.get(name, _ABSENT) if self.outer is not None else _ABSENT
            if self.globals.get(name, _ABSENT) is not there:
                self._set(name, there)

    def _known(self, name: str) -> str | None:
        """The name under which ``name`` is bound: itself, or its other spelling (``p0`` for ``p₀``)."""
        if name in self:
            return name
        other = self._state.names.get(python_name(name))
        return other if other is not None and other in self else None

    def _check_use(self, use: Use, where: str) -> None:
        known = self._known(use.name)
        if known is None and self.outer is not None:
            known = self.outer._known(use.name)
            if known is not None:
                self._claim(known, use.line, use.column)
                self._set(known, self.outer[known])
                self._taken.add(known)
        if known is None:
            raise UndefinedName(use.name, where, use.line, use.column)
        if use.arity is not None:
            _check_arity(self[known], use.arity, where, use.line, use.column)


def _check_arity(fn: Any, given: int, where: str, line: int, column: int) -> None:
    """Refuse to call ``fn``, an M-function, with ``given`` arguments if that is not its arity."""
    named = signature(fn)
    message = arity_message(*named, given) if named is not None else None
    if message is not None:
        raise EvalError(message, where, line, column)


def _owner(fn: Any) -> Environment | None:
    """The environment whose namespace the compiled function ``fn`` runs in, if it is one's."""
    found = getattr(fn, "__globals__", {}).get(_OWNER)
    return found if isinstance(found, Environment) else None


def _explained(thunk: Callable[[], Any], where: str, line: int, column: int) -> Any:
    """``thunk()``, an exception from compiled code made an :class:`EvalError` on the worker, where
    its traceback is at hand; ``MemoryError`` passes through, reported by the caller."""
    try:
        return thunk()
    except (MemoryError, SystemError):  # SystemError: CPython out of memory (lispy.recursion)
        raise
    except Exception as e:
        error = explain(e, where, line, column)
        if error is None:
            raise
    raise error  # outside the handler: the Python traceback is not kept as the error's context
