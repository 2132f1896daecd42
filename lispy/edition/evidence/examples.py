"""The "run" column: one example for each of the notes' 47 definitions, evaluated both ways.

Where the notes give an example, it is theirs (``search p₀``, ``successors p₀``, ``search (0)``);
otherwise it is the smallest input that shows what the definition does, on the trees the
companion sources draw (AIMA's Figure 6.2, ``((3 12 8) (2 4 6) (14 5 2))``) and on Figure 2.6 as
reconstructed (``((2 5) (9 4 7))``, the minimizing player to move).  Each example is an
M-expression, evaluated by :mod:`lispy.mexpr` with the notes' corrected definitions, and the same
call of the Python transcription; :func:`run` evaluates both at build time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lispy.chapter5 import insanity, insanity_words
from lispy.chapter6.sexp_games import tree
from lispy.edition.applications import application_for, not_last, python_definition
from lispy.mexpr.environment import Environment
from lispy.notes.index import Entry
from lispy.sexpr.data import lisp
from lispy.sexpr.lists import cons, d
from lispy.sexpr.reader import read

__all__ = ["EXAMPLES", "Example", "Outcome", "run"]

FIGURE_6_2 = "((3 12 8) (2 4 6) (14 5 2))"
FIGURE_2_6 = "((2 5) (9 4 7))"
TOWER = "((G W R B) (R W G B) (B R G W) (W B G R))"


@dataclass(frozen=True)
class Example:
    """An example: the M-expression ``notes`` and the Python call ``python`` that computes the same,
    as shown; ``call`` computes the Python side given the transcription (a function or a value)."""

    notes: str
    python: str
    call: Callable[[Any], Any]


def _value(x: Any) -> Any:
    return x


EXAMPLES: dict[str, Example] = {
    "search": Example("search p₀", "search(p0)", lambda f: f(insanity.p0)),
    "searchlis": Example(
        "searchlis successors p₀",
        "searchlis(successors(p0))",
        lambda f: f(insanity.successors(insanity.p0)),
    ),
    "lose-paths": Example("lose (B D B A)", "lose(read('(B D B A)'))", lambda f: f(read("(B D B A)"))),
    "ter-paths": Example("ter (F D B A)", "ter(read('(F D B A)'))", lambda f: f(read("(F D B A)"))),
    "successors-paths": Example("successors (C A)", "successors(read('(C A)'))", lambda f: f(read("(C A)"))),
    "p0": Example("p₀", "p0", _value),
    "lose-insanity": Example(
        "lose ((G G) (B W) (B R) (W B))",
        "lose(read('((G G) (B W) (B R) (W B))'))",
        lambda f: f(read("((G G) (B W) (B R) (W B))")),
    ),
    "ter-insanity": Example(f"ter {TOWER}", f"ter(read('{TOWER}'))", lambda f: f(read(TOWER))),
    "successors-insanity": Example("successors p₀", "successors(p0)", lambda f: f(insanity.p0)),
    "mapcar2": Example(
        "mapcar2[(1 2 3),(A B C),λyz.z.y]",
        "mapcar2(lisp(1, 2, 3), lisp('A', 'B', 'C'), lambda y, z: cons(z, y))",
        lambda f: f(lisp(1, 2, 3), lisp("A", "B", "C"), lambda y, z: cons(z, y)),
    ),
    "puzz1": Example("puzz1", "puzz1", _value),
    "puzz2": Example("puzz2", "puzz2", _value),
    "cycles": Example("cycles[(2 3 4 5)]", "cycles(read('(2 3 4 5)'))", lambda f: f(read("(2 3 4 5)"))),
    "upto": Example(
        "{(1 2 3 4)}[λu.upto[u,d d u]]",
        "(lambda u: upto(u, d(d(u))))(lisp(1, 2, 3, 4))",
        lambda f: (lambda u: f(u, d(d(u))))(lisp(1, 2, 3, 4)),
    ),
    "puzz3": Example("puzz3", "puzz3", _value),
    "puzz4": Example("puzz4", "puzz4", _value),
    "puzz": Example("puzz", "puzz", _value),
    "puzza": Example("puzza", "puzza", _value),
    "zap": Example("zap (R W G B)", "zap(read('(R W G B)'))", lambda f: f(read("(R W G B)"))),
    "poo": Example("poo G", "poo('G')", lambda f: f("G")),
    "lose-insanity-words": Example("lose (0)", "lose(lisp(0))", lambda f: f(lisp(0))),
    "ter-insanity-words": Example(
        "ter search (0)", "ter(search(lisp(0)))", lambda f: f(insanity_words.search(lisp(0)))
    ),
    "successors-insanity-words": Example("successors (0)", "successors(lisp(0))", lambda f: f(lisp(0))),
    "mapchoose": Example(
        "mapchoose[(1 2 3 4),λx.x ≤ 2,λx.x + 10]",
        "mapchoose(lisp(1, 2, 3, 4), lambda x: x <= 2, lambda x: x + 10)",
        lambda f: f(lisp(1, 2, 3, 4), lambda x: x <= 2, lambda x: x + 10),
    ),
    "allsol-1": Example("allsol p₀", "allsol(p0)", lambda f: f(insanity.p0)),
    "mapapp": Example(
        "mapapp[(1 2 3),λx.x . (x)]",
        "mapapp(lisp(1, 2, 3), lambda x: cons(x, lisp(x)))",
        lambda f: f(lisp(1, 2, 3), lambda x: cons(x, lisp(x))),
    ),
    "allsol-2": Example("allsol p₀", "allsol_efficient(p0)", lambda f: f(insanity.p0)),
    "allsola": Example("allsola[p₀,NIL]", "allsola(p0, NIL)", lambda f: f(insanity.p0, lisp())),
    "allsolb": Example(
        "allsolb[successors p₀,NIL]",
        "allsolb(successors(p0), NIL)",
        lambda f: f(insanity.successors(insanity.p0), lisp()),
    ),
    "maxlis-1": Example(
        "maxlis[(3 12 8),λx.x]", "maxlis(lisp(3, 12, 8), lambda x: x)", lambda f: f(lisp(3, 12, 8), _value)
    ),
    "minlis": Example(
        "minlis[(3 12 8),λx.x]", "minlis(lisp(3, 12, 8), lambda x: x)", lambda f: f(lisp(3, 12, 8), _value)
    ),
    "maxlis-2": Example(
        "maxlis[(3 12 8),λx.x]",
        "maxlis_iterative(lisp(3, 12, 8), lambda x: x)",
        lambda f: f(lisp(3, 12, 8), _value),
    ),
    "maxlisa": Example(
        "maxlisa[(3 12 8),-∞,λx.x]",
        "maxlisa(lisp(3, 12, 8), -inf, lambda x: x)",
        lambda f: f(lisp(3, 12, 8), -math.inf, _value),
    ),
    **{
        name: Example(f"{name} {tree}", f"{name}(read('{tree}'))", lambda f, tree=tree: f(read(tree)))  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
        for name, tree in [
            ("valmax", FIGURE_6_2),
            ("valmin", FIGURE_6_2),
            ("movemax", FIGURE_6_2),
            ("movemin", FIGURE_6_2),
            ("maxval", FIGURE_6_2),
            ("minval", FIGURE_2_6),
        ]
    },
    "bestmax": Example(
        f"bestmax[{FIGURE_6_2},valmin]",
        f"bestmax(read('{FIGURE_6_2}'), valmin)",
        lambda f: f(read(FIGURE_6_2), tree.valmin),
    ),
    "bestmaxa": Example(
        "bestmaxa[((2 4 6) (14 5 2)),(3 12 8),3,valmin]",
        "bestmaxa(read('((2 4 6) (14 5 2))'), read('(3 12 8)'), 3, valmin)",
        lambda f: f(read("((2 4 6) (14 5 2))"), read("(3 12 8)"), 3, tree.valmin),
    ),
    "bestmin": Example(
        f"bestmin[{FIGURE_6_2},valmax]",
        f"bestmin(read('{FIGURE_6_2}'), valmax)",
        lambda f: f(read(FIGURE_6_2), tree.valmax),
    ),
    "bestmina": Example(
        "bestmina[((2 4 6) (14 5 2)),(3 12 8),12,valmax]",
        "bestmina(read('((2 4 6) (14 5 2))'), read('(3 12 8)'), 12, valmax)",
        lambda f: f(read("((2 4 6) (14 5 2))"), read("(3 12 8)"), 12, tree.valmax),
    ),
    **{
        name: Example(
            f"{name}[{tree},-∞,∞]",
            f"{name}(read('{tree}'), -inf, inf)",
            lambda f, tree=tree: f(read(tree), -math.inf, math.inf),  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
        )
        for name, tree in [
            ("maxval1", FIGURE_6_2),
            ("maxval2", FIGURE_6_2),
            ("minval1", FIGURE_2_6),
            ("minval2", FIGURE_2_6),
        ]
    },
}
"""The example of each entry, by :attr:`~lispy.notes.index.Entry.anchor`."""


@dataclass(frozen=True)
class Outcome:
    """An example evaluated: each side's value, or the error it raised (``notes_error``,
    ``python_error``: the exception's type and message)."""

    example: Example
    notes_value: Any = None
    python_value: Any = None
    notes_error: str | None = None
    python_error: str | None = None

    @property
    def agree(self) -> bool:
        """Both sides gave a value, and the values are equal (``equal``, structure)."""
        return (
            self.notes_error is None and self.python_error is None and self.notes_value == self.python_value
        )


def _attempt(thunk: Callable[[], Any]) -> tuple[Any, str | None]:
    try:
        return thunk(), None
    except Exception as e:  # the edition shows any failure in its cell instead of stopping
        return None, f"{type(e).__name__}: {e}"


def run(entry: Entry, interpreters: dict[Any, Environment] | None = None) -> Outcome | None:
    """Evaluate ``entry``'s example by the notes (corrected) and by the transcription; ``None`` for
    an entry without an example (one added to the index since).

    ``interpreters``: a cache of the notes' interpreters, shared by the calls of one build.
    """
    example = EXAMPLES.get(entry.anchor)
    if example is None:
        return None
    application = application_for(entry)
    cache = {} if interpreters is None else interpreters
    key = (application.kind, entry.name, entry.occurrence) if not_last(entry) else application.kind

    def notes() -> Any:
        if key not in cache:
            cache[key] = application.notes(entry)
        return cache[key].eval(example.notes)

    notes_value, notes_error = _attempt(notes)
    python_value, python_error = _attempt(lambda: example.call(python_definition(entry, application)))
    return Outcome(example, notes_value, python_value, notes_error, python_error)
