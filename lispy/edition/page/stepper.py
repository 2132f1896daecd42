"""αβ step by step: the frames of the notes' ``maxval1``/``minval1`` on a game tree, computed at build
time (or in the page, for a random tree of the reader's choice), and the stepper
(``section[data-stepper]``, ``templates/stepper.html.j2``) that steps through them in the page
(``live.js``); with no script the frames read as a numbered list.

:func:`frames` runs the notes' αβ-heuristic (McCarthy 1973, ch. 6)::

    maxval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else maxval2[successors p,α,β]
    maxval2[u,α,β] ← if n u then α
                     else {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]]

(``minval1``, ``minval2`` the same with the players' roles exchanged): the transcription
(:mod:`lispy.chapter6.game_trees`) itself, its steps read as it takes them.

>>> fs = frames(read("((2 5) (9 4 7))"), max_to_move=False)
>>> fs[-1]["says"]
'minval gives 5: 3 of the 5 terminal positions examined.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from lispy.chapter6.sexp_games import imval, ordered, successors, ter, uniform_tree
from lispy.chapter6.sexp_games import leaves as terminal_positions
from lispy.chapter6.watch import Step, Watch
from lispy.edition.page.figures import Drawing, Spacing, layout
from lispy.edition.page.render import render_macro
from lispy.sexpr.data import atom_to_string, read, to_string

__all__ = [
    "MOST_LEAVES",
    "ORDERS",
    "STEPPERS",
    "Stepper",
    "frames",
    "html",
    "random_stepper",
    "random_tree",
    "stepper",
    "steppers",
]

STEPPERS = {
    "figure-2-6": ("Figure 2.6, reconstructed: minval on ((2 5) (9 4 7))", "((2 5) (9 4 7))", False),
    "aima-6-2": (
        "AIMA's Figure 6.2: maxval on ((3 12 8) (2 4 6) (14 5 2))",
        "((3 12 8) (2 4 6) (14 5 2))",
        True,
    ),
}
"""The steppers of the edition: anchor to (title, tree, whether the maximizing player moves first)."""


def _num(x: Any) -> str:
    return atom_to_string(x)  # ∞ and -∞ included


def _name(path: tuple[int, ...]) -> str:
    return ".".join(map(str, path))


def _where(path: tuple[int, ...]) -> str:
    return "the root" if not path else "position " + _name(path)


def _says(s: Step) -> str:
    """A step in words."""
    where, w, name = _where(s.path), _num(s.seen), "maxval1" if s.maxing else "minval1"
    if s.kind == "enter":
        return f"{name}[{where}, α = {_num(s.alpha)}, β = {_num(s.beta)}]"
    if s.kind == "leaf":
        return f"{where} is terminal: imval = {w}; max[α,min[β,{w}]] = {_num(s.value)}"
    if s.kind == "return":
        return f"{name} of {where} gives {_num(s.value)}"
    if s.kind == "back":
        narrowed = f"α ← max[α,w] = {_num(s.alpha)}" if s.maxing else f"β ← min[w,β] = {_num(s.beta)}"
        return f"at {where}: w = {w}; {narrowed}"
    bound = "β" if s.maxing else "α"
    moves = f"the moves to {', '.join(map(_name, s.pruned))} are not examined; " if s.pruned else ""
    test = f"{'≥' if s.maxing else '≤'} {bound} = {_num(s.value)}"
    return f"at {where}: w = {w} {test}: {moves}the value is {bound} = {_num(s.value)}"


def frames(t: Any, max_to_move: bool = True) -> list[dict[str, Any]]:
    """The steps of ``maxval`` (or, with ``max_to_move`` false, ``minval``) on the S-expression game
    tree ``t``, as the transcription takes them (:meth:`lispy.chapter6.watch.Watch.alpha_beta`):
    dicts with ``step`` (from 1), ``kind`` (``enter``, ``leaf``, ``back``, ``cut``, ``return``,
    ``done``), ``node`` (the path, ``"1.2"``; ``""`` the root), ``alpha``, ``beta``, ``value``,
    ``examined`` (terminal positions evaluated so far), ``pruned`` (the paths a cut leaves
    unexamined) and ``says`` (the step in words)."""
    value, steps = Watch(successors, ter, imval).alpha_beta(t, max_to_move)
    out: list[dict[str, Any]] = [
        {
            "step": k,
            "kind": s.kind,
            "node": _name(s.path),
            "alpha": _num(s.alpha),
            "beta": _num(s.beta),
            "value": {"enter": None, "back": _num(s.seen)}.get(s.kind, _num(s.value)),
            "examined": s.examined,
            "pruned": [_name(q) for q in s.pruned],
            "says": _says(s),
        }
        for k, s in enumerate(steps, 1)
    ]
    leaves, examined = sum(1 for _ in terminal_positions(t)), steps[-1].examined
    says = f"{'maxval' if max_to_move else 'minval'} gives {_num(value)}: {examined} of the {leaves} "
    done = {"step": len(out) + 1, "kind": "done", "node": "", "alpha": "-∞", "beta": "∞"}
    done |= {"value": _num(value), "examined": examined, "pruned": [], "leaves": leaves}
    out.append({**done, "says": says + "terminal positions examined."})
    return out


STEPPER = Spacing(60, 74, 30, 16, 24)
"""The spacing of a stepper's tree."""

ORDERS = ("worst-first", "random", "best-first")
"""The orders of moves a random tree's stepper offers: "inverse order of merit", as drawn, the best first."""

MOST_LEAVES = 64
"""The largest random tree a stepper draws: k**n terminal positions at most."""


def random_tree(k: int, n: int, seed: int, order: str = "random") -> Any:
    """A uniform tree, ``k`` moves a position and depth ``n``, with terminal values 0–99 drawn from
    ``seed``; its moves in ``order`` (:data:`ORDERS`) for the maximizing player to move.  Raises
    ``ValueError`` for k < 2, n < 1, more than :data:`MOST_LEAVES` terminal positions or another order.

    >>> random_tree(2, 2, 1973, "best-first")
    ((68 71) (27 98))
    """
    if k < 2 or n < 1 or k**n > MOST_LEAVES:
        raise ValueError(f"k = {k}, n = {n}: k ≥ 2, n ≥ 1 and at most {MOST_LEAVES} terminal positions (k^n)")
    if order not in ORDERS:
        raise ValueError(f"order {order!r}: one of {', '.join(ORDERS)}")
    rng = random.Random(f"{seed}:{k}:{n}")
    t = uniform_tree(k, n, [rng.randint(0, 99) for _ in range(k**n)])
    return t if order == "random" else ordered(t, best_first=order == "best-first", max_to_move=True)


@dataclass(frozen=True)
class Stepper:
    """What ``templates/stepper.html.j2`` draws: the stepper ``anchor`` with its ``title``, the tree
    laid out, its :func:`frames`, the tree's text (``shown``, for a random tree) and, for the stepper
    the page can replace, the ``chooser``'s choices (``k``, ``n``, ``seed``, ``order``)."""

    anchor: str
    title: str
    tree: Drawing
    frames: list[dict[str, Any]]
    shown: str = ""
    chooser: dict[str, Any] | None = None


def stepper(anchor: str, t: Any, max_to_move: bool, title: str, **more: Any) -> Stepper:
    """The :class:`Stepper` of the game tree ``t``."""
    return Stepper(anchor, title, layout(t, max_to_move, STEPPER), frames(t, max_to_move), **more)


def random_stepper(k: int, n: int, seed: int, order: str, chooser: bool = False) -> Stepper:
    """The stepper of :func:`random_tree` (``maxval``); with ``chooser``, the form that makes another."""
    t = random_tree(k, n, seed, order)
    title = f"maxval on a random uniform tree (k = {k}, n = {n}, seed {seed}, {order})"
    choices = {"k": k, "n": n, "seed": seed, "order": order, "orders": ORDERS} if chooser else None
    return stepper("random", t, True, title, shown=to_string(t), chooser=choices)


def steppers() -> list[Stepper]:
    """The steppers of the edition: those of :data:`STEPPERS`, and a random tree's (k = 2, n = 3, seed
    1973, as drawn) with the form that makes another in the page."""
    found = [stepper(a, read(text), max_to_move, title) for a, (title, text, max_to_move) in STEPPERS.items()]
    return [*found, random_stepper(2, 3, 1973, "random", chooser=True)]


def html(s: Stepper) -> str:
    """The stepper ``s`` as HTML: the tree, the controls, and every step as a list."""
    return render_macro("stepper.html.j2", "stepper", s)
