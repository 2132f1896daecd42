"""lispy: John McCarthy's 1973 notes on tree search and game trees, runnable in Python.

The Lisp data (:mod:`lispy.sexpr`), the notes' definitions transcribed near-literally
(:mod:`lispy.chapter5`, :mod:`lispy.chapter6`), the companion sources (AIMA's :mod:`lispy.aima`,
CS61B's :mod:`lispy.cs61b`, on the games of :mod:`lispy.games`), and :mod:`lispy.mexpr`, which reads
and runs the notes' own M-expressions (``python -m lispy``).  Where the code differs from the notes
as printed, ERRATA.md says where and why.  This package gives the notation and chapter 5's search
in one import:

>>> from lispy import read, mapcar
>>> mapcar(read("(1 2 3)"), lambda x: x * x)
(1 4 9)

In IPython or Jupyter, ``%load_ext lispy`` gives the ``%%mexpr`` cell magic (:mod:`lispy.cli.jupyter`).

Each name is imported from its module when it is first read (PEP 562), so ``import lispy`` costs
next to nothing and loads no part of lispy that a program does not use.
"""

from __future__ import annotations

import importlib

# The public names twice: imported here for type checkers and editors, and by _WHERE (module: names)
# for __getattr__ at run time (tests/test_imports.py checks that the two agree).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from lispy.chapter5.tree_search import LOSE, TreeSearch, tree_search  # noqa: F401
    from lispy.recursion import RecursionTooDeep, deep, run_deep  # noqa: F401
    from lispy.sexpr.conversions import from_python, to_python  # noqa: F401
    from lispy.sexpr.data import (  # noqa: F401
        NIL,
        Cons,
        LispTypeError,
        Nil,
        ReadError,
        from_iterable,
        lisp,
        read,
        to_pylist,
        to_string,
    )
    from lispy.sexpr.lists import (  # noqa: F401
        a,
        andlis,
        append,
        assoc,
        atom,
        cons,
        d,
        eq,
        equal,
        length,
        mapapp,
        mapcar,
        mapcar2,
        mapchoose,
        maplist,
        member,
        n,
        nth,
        orlis,
        prup,
        reverse,
        sublis,
        upto,
    )

_WHERE = {
    "lispy.chapter5.tree_search": "LOSE TreeSearch tree_search",
    "lispy.recursion": "RecursionTooDeep deep run_deep",
    "lispy.sexpr.conversions": "from_python to_python",
    "lispy.sexpr.data": "NIL Cons LispTypeError Nil ReadError from_iterable lisp read to_pylist to_string",
    "lispy.sexpr.lists": """a andlis append assoc atom cons d eq equal length mapapp mapcar mapcar2 mapchoose
        maplist member n nth orlis prup reverse sublis upto""",
}
_MODULE = {name: module for module, names in _WHERE.items() for name in names.split()}
__all__ = [*_MODULE, "load_ipython_extension"]


def __getattr__(name: str) -> Any:
    """``lispy.name``: imported from its module when first read, then kept here."""
    if name not in _MODULE:
        raise AttributeError(f"module 'lispy' has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(_MODULE[name]), name)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext lispy`` in IPython or Jupyter: the ``%%mexpr`` magic, imported only now (IPython)."""
    from lispy.cli.jupyter import load_ipython_extension as load

    load(shell)


__version__ = "0.1.0"
