"""How deep each entry point recurs before it says "recursion too deep", measured.

    python -m bench.depths

The notes' definitions recur once per level; lispy runs them on worker threads whose limit,
262,144 nested Python calls (``lispy.runtime.recursion.DEEP_LIMIT``), is derived from the
worker's 512 MiB stack.  A definition takes one or more calls a level, so each entry point
reaches its own depth: this finds it by bisection (the deepest level that still gives a
value; one level more gives lispy's error, never a crash).  The readers, the printer, ``==``
and ``hash`` are loops: their depth is bounded by memory only, shown at 10^6.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from typing import Any

from bench import markdown
from lispy import cli, from_iterable, read, run_deep, to_string, tree_search
from lispy.chapter6.game_trees import game_tree_search
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.syntax import MSyntaxError, parse_expression
from lispy.runtime.recursion import DEEP_LIMIT, RecursionTooDeep
from lispy.sexpr import literal
from lispy.sexpr.data import NIL, Cons


def deepest(works: Callable[[int], Any], high: int = 2 * DEEP_LIMIT) -> int:
    """The largest ``n`` below ``high`` for which ``works(n)`` gives a value rather than lispy's
    recursion error (``works`` is assumed monotone: deeper never succeeds where shallower fails)."""
    low = 0
    while high - low > max(1, low // 1000):
        middle = (low + high) // 2
        try:
            works(middle)
            low = middle
        except (RecursionTooDeep, EvalError, MSyntaxError):
            high = middle
    return low


def search_depth(n: int) -> Any:
    """Chapter 5's ``search`` down a chain of ``n`` positions: 0, 1, …, n, the win."""
    chain = tree_search(lambda p: False, lambda p: p == n, lambda p: Cons(p + 1, NIL) if p < n else NIL)
    return chain.search(0)


def valmax_depth(n: int) -> Any:
    """Chapter 6's ``valmax`` down a chain of ``n`` moves."""
    game = game_tree_search(lambda p: Cons(p + 1, NIL), lambda p: p == n, lambda p: p)
    return game.valmax(0)


def mapcar_depth(n: int) -> Any:
    """The notes' recursive ``mapcar`` (``lispy.sexpr.literal``) on a list of ``n`` elements."""
    return run_deep(literal.mapcar, from_iterable(range(n)), lambda x: x)


COUNTER = Environment()
COUNTER.run("count n ← if n = 0 then 0 else 1 + count[n + -1]")
FIVE = Environment()
FIVE.run("g[n,w,x,y,z] ← if n = 0 then w else g[n + -1,w,x,y,z]")


def rows() -> list[list[str]]:
    cases: list[tuple[str, str, Callable[[int], Any]]] = [
        ("`search`, a chain of positions (chapter 5)", "positions", search_depth),
        ("`valmax`, a chain of moves (chapter 6)", "moves", valmax_depth),
        ("recursive `mapcar` (`lispy.sexpr.literal`)", "elements", mapcar_depth),
        ("an M-expression, `count[n]`", "calls", lambda n: COUNTER.call("count", n)),
        ("an M-expression of five parameters, `g[n,…]`", "calls", lambda n: FIVE.call("g", n, 1, 2, 3, 4)),
        ("reading an M-expression, `1 + 1 + … + 1`", "terms", lambda n: parse_expression("1 + " * n + "1")),
    ]
    found = []
    for label, unit, works in cli.progress(cases, "bisecting", label=lambda c: c[0]):
        found.append([label, f"{deepest(works):,} {unit}"])
    nested = "(" * 10**6 + "1" + ")" * 10**6
    datum = read(nested)
    assert to_string(datum) == nested and datum == read(nested) and hash(datum) == hash(read(nested))
    found.append(["`read`, `to_string`, `==`, `hash` (loops)", "10^6 levels of nesting, and more"])
    return found


def main(argv: Sequence[str] = ()) -> None:
    cli.parser("python -m bench.depths", __doc__).parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}; DEEP_LIMIT = {DEEP_LIMIT:,}\n")
    print(markdown(["entry point", "deepest that runs"], rows()))


if __name__ == "__main__":
    cli.run(main)
