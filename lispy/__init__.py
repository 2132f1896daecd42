"""lispy: John McCarthy's 1973 notes on tree search and game trees, runnable in Python.

The Lisp data model (:mod:`lispy.data`, :mod:`lispy.reader`, :mod:`lispy.printer`),
McCarthy's list functions under his names (:mod:`lispy.lists`), and the notes'
definitions transcribed near-literally (:mod:`lispy.tree_search` for chapter 5,
with its examples in :mod:`lispy.paths`, :mod:`lispy.insanity` and
:mod:`lispy.insanity_words`; :mod:`lispy.game_trees` for chapter 6).  The
companion sources' systems: AIMA's game formulation (:mod:`lispy.game`) and
algorithms (:mod:`lispy.aima`), CS61B's ``chooseMove`` (:mod:`lispy.cs61b`), on
tic-tac-toe and Connect Four.  :mod:`lispy.mexpr` reads and runs the notes' own
M-expressions (``python -m lispy``).  Where the code differs from the notes as
printed, ERRATA.md says where and why.

>>> from lispy import read, mapcar
>>> mapcar(read("(1 2 3)"), lambda x: x * x)
(1 4 9)
"""

from lispy.data import (
    NIL,
    Cons,
    LispTypeError,
    Nil,
    from_iterable,
    from_python,
    lisp,
    to_pylist,
    to_python,
)
from lispy.lists import (
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
from lispy.printer import to_string
from lispy.reader import ReadError, read
from lispy.recursion import deep, deep_recursion
from lispy.tree_search import LOSE, TreeSearch, tree_search

__all__ = [
    "LOSE",
    "NIL",
    "Cons",
    "LispTypeError",
    "Nil",
    "ReadError",
    "TreeSearch",
    "a",
    "andlis",
    "append",
    "assoc",
    "atom",
    "cons",
    "d",
    "deep",
    "deep_recursion",
    "eq",
    "equal",
    "from_iterable",
    "from_python",
    "length",
    "lisp",
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
    "sublis",
    "to_pylist",
    "to_python",
    "to_string",
    "tree_search",
    "upto",
]

__version__ = "0.1.0"
