"""lispy's public names, once: the types that checkers and editors read, and the list that
``lispy/__init__.py`` reads to import each name from its module when it is first used."""

from typing import Any

from lispy.chapter5.insanity import mapcar2 as mapcar2
from lispy.chapter5.insanity import upto as upto
from lispy.chapter5.insanity_words import mapchoose as mapchoose
from lispy.chapter5.tree_search import LOSE as LOSE
from lispy.chapter5.tree_search import TreeSearch as TreeSearch
from lispy.chapter5.tree_search import mapapp as mapapp
from lispy.chapter5.tree_search import tree_search as tree_search
from lispy.recursion import RecursionTooDeep as RecursionTooDeep
from lispy.recursion import deep as deep
from lispy.recursion import run_deep as run_deep
from lispy.sexpr.conversions import from_python as from_python
from lispy.sexpr.conversions import to_python as to_python
from lispy.sexpr.data import NIL as NIL
from lispy.sexpr.data import Cons as Cons
from lispy.sexpr.data import LispTypeError as LispTypeError
from lispy.sexpr.data import Nil as Nil
from lispy.sexpr.data import ReadError as ReadError
from lispy.sexpr.data import from_iterable as from_iterable
from lispy.sexpr.data import lisp as lisp
from lispy.sexpr.data import read as read
from lispy.sexpr.data import to_pylist as to_pylist
from lispy.sexpr.data import to_string as to_string
from lispy.sexpr.lists import a as a
from lispy.sexpr.lists import andlis as andlis
from lispy.sexpr.lists import append as append
from lispy.sexpr.lists import assoc as assoc
from lispy.sexpr.lists import atom as atom
from lispy.sexpr.lists import cons as cons
from lispy.sexpr.lists import d as d
from lispy.sexpr.lists import eq as eq
from lispy.sexpr.lists import equal as equal
from lispy.sexpr.lists import length as length
from lispy.sexpr.lists import mapcar as mapcar
from lispy.sexpr.lists import maplist as maplist
from lispy.sexpr.lists import member as member
from lispy.sexpr.lists import n as n
from lispy.sexpr.lists import nth as nth
from lispy.sexpr.lists import orlis as orlis
from lispy.sexpr.lists import prup as prup
from lispy.sexpr.lists import reverse as reverse
from lispy.sexpr.lists import sublis as sublis

__version__: str

def load_ipython_extension(shell: Any) -> None: ...
