"""αβ step by step: the frames of the notes' ``maxval1``/``minval1`` on a game tree, computed at build
time, and the ``<section data-stepper>`` that steps through them (``live.js``; with no script the
frames read as a numbered list).

:func:`frames` runs the notes' αβ-heuristic (McCarthy 1973, ch. 6)::

    maxval1[p,α,β] ← if ter p then max[α,min[β,imval p]] else maxval2[successors p,α,β]
    maxval2[u,α,β] ← if n u then α
                     else {minval1[a u,α,β]}[λw. if w ≥ β then β else maxval2[d u,max[α,w],β]]

(``minval1``, ``minval2`` the same with the players' roles exchanged): the transcription
(:mod:`lispy.chapter6.game_trees`) itself, its steps read by :meth:`lispy.chapter6.watch.Watch.alpha_beta`
as it takes them: a position entered with its α and β, a terminal position evaluated, a value backed
up (α or β narrowed), the moves a cut leaves unexamined, the value a position returns.

>>> fs = frames(read("((2 5) (9 4 7))"), max_to_move=False)
>>> fs[-1]["says"]
'minval gives 5: 3 of the 5 terminal positions examined.'
"""

from __future__ import annotations

import json
import random
from html import escape
from typing import Any

from lispy.chapter6.sexp_games import imval, ordered, successors, ter, uniform_tree
from lispy.chapter6.sexp_games import leaves as terminal_positions
from lispy.chapter6.watch import Step, Watch
from lispy.sexpr.atoms import atom_to_string
from lispy.sexpr.data import to_pylist
from lispy.sexpr.printer import to_string
from lispy.sexpr.reader import read

__all__ = [
    "MOST_LEAVES",
    "ORDERS",
    "STEPPERS",
    "chooser",
    "frames",
    "random_section",
    "random_tree",
    "section",
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


_X_GAP, _Y_GAP, _MARGIN = 60, 74, 30


def _svg(t: Any, max_to_move: bool, title: str) -> str:
    """The tree with a ``<g data-node="PATH">`` for each position (``live.js`` marks them as the steps go)."""
    nodes: list[tuple[tuple[int, ...], int, float, Any]] = []
    x = [float(_MARGIN)]

    def place(p: Any, path: tuple[int, ...], depth: int) -> float:
        if ter(p):
            at = x[0]
            x[0] += _X_GAP
        else:
            children = [place(c, (*path, i), depth + 1) for i, c in enumerate(to_pylist(p), 1)]
            at = sum(children) / len(children)
        nodes.append((path, depth, at, p))
        return at

    place(t, (), 0)
    where = {path: (px, _MARGIN + 16 + depth * _Y_GAP) for path, depth, px, _ in nodes}
    width = max(px for px, _ in where.values()) + _MARGIN
    height = max(py for _, py in where.values()) + _MARGIN + 24
    parts = [
        f'<svg class="tree" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
        f'role="img" aria-label="{escape(title)}">',
        '<g font-family="Georgia, serif" font-size="15" text-anchor="middle">',
    ]
    for path, (px, py) in where.items():
        if path:
            qx, qy = where[path[:-1]]
            parts.append(
                f'<line data-edge="{_name(path)}" x1="{qx:.1f}" y1="{qy + 14:.1f}" '
                f'x2="{px:.1f}" y2="{py - 14:.1f}"/>'
            )
    for path, depth, px, p in nodes:
        _, py = where[path]
        maxing = (depth % 2 == 0) == max_to_move
        parts.append(f'<g data-node="{_name(path)}">')
        if path and ter(p):
            parts.append(f'<text class="path" x="{px:.1f}" y="{py + 28:.1f}">{_name(path)}</text>')
        elif path:
            left = f'x="{px - 24:.1f}" y="{py + 4:.1f}" text-anchor="end"'
            parts.append(f'<text class="path" {left}>{_name(path)}</text>')
        if ter(p):
            parts.append(f'<rect x="{px - 15:.1f}" y="{py - 13:.1f}" width="30" height="26" rx="3"/>')
            parts.append(f'<text x="{px:.1f}" y="{py + 5:.1f}">{escape(atom_to_string(p))}</text>')
        else:
            tip, base = (py - 16, py + 13) if maxing else (py + 16, py - 13)
            corners = f"{px:.1f},{tip:.1f} {px - 19:.1f},{base:.1f} {px + 19:.1f},{base:.1f}"
            parts.append(f'<polygon points="{corners}"/>')
            parts.append(
                f'<text class="who" x="{px + 24:.1f}" y="{py - 12:.1f}" text-anchor="start">'
                f"{'MAX' if maxing else 'MIN'}</text>"
            )
            parts.append(f'<text class="backed" x="{px:.1f}" y="{py + (7 if maxing else 1):.1f}"></text>')
        parts.append("</g>")
    parts.append("</g></svg>")
    return "".join(parts)


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


def random_section(k: int, n: int, seed: int, order: str) -> str:
    """The stepper of :func:`random_tree` (``maxval``), as :func:`section` makes it."""
    t = random_tree(k, n, seed, order)
    title = f"maxval on a random uniform tree (k = {k}, n = {n}, seed {seed}, {order})"
    return _section("random", title, t, True, to_string(t))


def chooser(k: int = 2, n: int = 3, seed: int = 1973, order: str = "random") -> str:
    """The form that makes a random tree's stepper in the page (lispy computes its frames there)."""

    def options(values: Any, chosen: Any) -> str:
        return "".join(f"<option{' selected' if v == chosen else ''}>{v}</option>" for v in values)

    return (
        '<form class="stepper-choice live" data-for="random">'
        f'<label>k <select name="k">{options(range(2, 5), k)}</select></label> '
        f'<label>n <select name="n">{options(range(1, 5), n)}</select></label> '
        f'<label>seed <input name="seed" type="number" value="{seed}" min="0"></label> '
        f'<label>order <select name="order">{options(ORDERS, order)}</select></label> '
        '<button type="submit" data-action="make">Step through this tree</button>'
        "<output data-result></output></form>"
    )


def section(anchor: str) -> str:
    """The stepper ``anchor`` of :data:`STEPPERS`, or ``"random"``, the default random tree (k = 2,
    n = 3, seed 1973, as drawn): the tree, the controls, and every step as a list."""
    if anchor == "random":
        return chooser() + random_section(2, 3, 1973, "random")
    title, text, max_to_move = STEPPERS[anchor]
    return _section(anchor, title, read(text), max_to_move)


def _section(anchor: str, title: str, t: Any, max_to_move: bool, shown: str = "") -> str:
    fs = frames(t, max_to_move)
    items = "".join(
        f'<li data-step="{f["step"]}">'
        + (f"α = {escape(f['alpha'])}, β = {escape(f['beta'])}: " if f["kind"] != "done" else "")
        + f"{escape(f['says'])}</li>"
        for f in fs
    )
    data = json.dumps(fs, ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<section class="stepper" id="stepper-{anchor}" data-stepper="{anchor}" data-step="0" '
        f'data-alpha="-∞" data-beta="∞" data-examined="0" data-steps="{len(fs)}">'
        f"<h4>αβ step by step: {escape(title)}</h4>"
        + (f'<p class="where"><code>{escape(shown)}</code></p>' if shown else "")
        + f'<div class="tree-box">{_svg(t, max_to_move, title)}</div>'
        '<div class="controls live-steps"><button type="button" data-action="prev" disabled>← Back</button> '
        '<button type="button" data-action="next">Step →</button> '
        f'<span class="where">step <span data-show="step">0</span> of {len(fs)}; '
        'α = <span data-show="alpha">-∞</span>, β = <span data-show="beta">∞</span>; '
        'terminal positions examined: <span data-show="examined">0</span></span>'
        '<p class="says" data-show="says">Press Step to start.</p></div>'
        f'<details class="frames-list" open><summary>All {len(fs)} steps</summary><ol>{items}</ol></details>'
        f'<script type="application/json" class="frames">{data}</script></section>'
    )
