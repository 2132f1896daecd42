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
"""

from typing import Any

from lispy.chapter5.tree_search import LOSE, TreeSearch, tree_search
from lispy.runtime.recursion import RecursionTooDeep, deep, run_deep
from lispy.sexpr.conversions import from_python, to_python
from lispy.sexpr.data import NIL, Cons, LispTypeError, Nil, from_iterable, lisp, to_pylist
from lispy.sexpr.lists import (
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
from lispy.sexpr.printer import to_string
from lispy.sexpr.reader import ReadError, read

__all__ = [
    "LOSE",
    "NIL",
    "Cons",
    "LispTypeError",
    "Nil",
    "ReadError",
    "RecursionTooDeep",
    "TreeSearch",
    "a",
    "andlis",
    "append",
    "assoc",
    "atom",
    "cons",
    "d",
    "deep",
    "eq",
    "equal",
    "from_iterable",
    "from_python",
    "length",
    "lisp",
    "load_ipython_extension",
    "mapapp",
    "mapcar",
    "mapcar2",
    "mapchoose",
    "maplist",
    "member",
    "n",
    "nth",
    "orlis",
    "prup",
    "read",
    "reverse",
    "run_deep",
    "sublis",
    "to_pylist",
    "to_python",
    "to_string",
    "tree_search",
    "upto",
]


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext lispy`` in IPython or Jupyter: the ``%%mexpr`` magic (:mod:`lispy.cli.jupyter`).

    Imported here, when the extension is loaded, so that ``import lispy`` does not need IPython.
    """
    from lispy.cli.jupyter import load_ipython_extension as load

    load(shell)


__version__ = "0.1.0"
