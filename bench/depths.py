"""How deep each entry point recurs, what a level of C recursion costs, and what a shallow call pays.

    python -m bench.depths [--quick]

The notes' definitions recur once per level; lispy runs deep ones on worker threads whose limit,
262,144 nested Python calls (``lispy.recursion.DEEP_LIMIT``), is derived from the
worker's 1 GiB stack at 4 KiB a level.  Three tables, each measured in this run:

* the shallow-call goal (issue 19): an outermost call of a transcription on a small input
  (chapter 6's ``valmax`` of Figure 2.6's tree of 9 leaves) against the same definition
  unwrapped, timed in interleaved rounds; the goal is a ratio of at most 1.5;
* the C stack that one counted level of each kind of recursion through C takes on a worker
  (each kind run past the limit in a fresh process, its stack's resident size read from
  ``/proc/self/smaps``): the worst sets ``BYTES_PER_LEVEL``;
* the depths below.  A definition takes one or more calls a level, so each entry point
reaches its own depth: this finds it by bisection (the deepest level that still gives a
value; one level more gives lispy's error, never a crash).  The readers, the printer, ``==``
and ``hash`` are loops: their depth is bounded by memory only, shown at 10^6.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from bench import goals, markdown
from lispy import cli, from_iterable, read, run_deep, to_string, tree_search
from lispy.chapter5 import tree_search as chapter5
from lispy.chapter6.game_trees import game_tree_search
from lispy.mexpr.environment import Environment, EvalError
from lispy.mexpr.syntax import MSyntaxError, parse_expression
from lispy.recursion import DEEP_LIMIT, RecursionTooDeep
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


def append_depth(n: int) -> Any:
    """The notes' recursive ``*`` (``lispy.chapter5.tree_search.append``) on a list of ``n`` elements."""
    return run_deep(chapter5.append, from_iterable(range(n)), NIL)


COUNTER = Environment()
COUNTER.run("count n ← if n = 0 then 0 else 1 + count[n + -1]")
FIVE = Environment()
FIVE.run("g[n,w,x,y,z] ← if n = 0 then w else g[n + -1,w,x,y,z]")


def rows() -> list[list[str]]:
    cases: list[tuple[str, str, Callable[[int], Any]]] = [
        ("`search`, a chain of positions (chapter 5)", "positions", search_depth),
        ("`valmax`, a chain of moves (chapter 6)", "moves", valmax_depth),
        ("the notes' recursive `*` (`lispy.chapter5.tree_search.append`)", "elements", append_depth),
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


FIGURE_2_6 = "((3 12 8) (2 4 6) (14 5 2))"


def shallow_call() -> list[goals.Goal]:
    """``valmax`` of Figure 2.6's tree through :func:`lispy.recursion.deep`'s wrapper, against
    the transcription unwrapped (``__wrapped__``), in interleaved rounds; and ``search`` 130,000
    levels deep, which must still give its value."""
    from lispy.chapter6 import sexp_games

    game = game_tree_search(sexp_games.successors, sexp_games.ter, sexp_games.imval)
    tree = read(FIGURE_2_6)
    wrapped, unwrapped = game.valmax, game.valmax.__wrapped__  # type: ignore[attr-defined]
    assert wrapped(tree) == unwrapped(tree) == 3
    seconds, reference = goals.interleaved([lambda: wrapped(tree), lambda: unwrapped(tree)], 7)
    deep_value = search_depth(130_000)
    return [
        goals.ratio("`valmax` of Figure 2.6 (9 leaves), wrapped against unwrapped", seconds, reference, 1.5),
        goals.Goal("`search` 130,000 levels deep", "value" if deep_value == 130_000 else "**wrong**",
                   "", "", "gives its value", deep_value == 130_000),
    ]  # fmt: skip


KINDS = {
    "a Python call": "def f(n): return 0 if n == 0 else f(n - 1)",
    "`g(*args)`": "def f(n, *r): return 0 if n == 0 else f(n - 1, *r)",
    "`pickle.dumps` of nested lists": "import pickle\ndef f(n): return pickle.dumps(nested(n))",
    "`repr` of nested lists": "def f(n): return repr(nested(n))",
    "`==` of nested lists": "def f(n): return nested(n) == nested(n)",
    "`functools.reduce`": "import functools\n"
    "def f(n): return 0 if n == 0 else functools.reduce(lambda _, x: f(x), [n - 1], 0)",
    "`map`": "def f(n): return 0 if n == 0 else list(map(f, [n - 1]))[0]",
    "`__eq__`": "class E:\n def __init__(s, n): s.n = n\n"
    " def __eq__(s, o): return s.n == 0 or E(s.n - 1) == E(s.n - 1)\n"
    "def f(n): return E(n) == E(n)",
    "`sorted` with a recursive key": "def f(n):\n"
    " return 0 if n == 0 else sorted([1, 2], key=lambda x: f(n - 1))[0]",
    "`sorted` with a recursive `__lt__`": "class L:\n def __init__(s, n): s.n = n\n"
    " def __lt__(s, o): return s.n > 0 and sorted([L(s.n - 1), L(s.n - 1)]) is None\n"
    "def f(n): return sorted([L(n), L(n)])",
}

PROBE = """
import ctypes, sys
from lispy import RecursionTooDeep, run_deep
from lispy.recursion import worker_limit

def nested(n):
    x = []
    for _ in range(n):
        x = [x]
    return x

{kind}

def stack_rss():
    libc = ctypes.CDLL(None)
    libc.pthread_self.restype = ctypes.c_ulong
    attr = ctypes.create_string_buffer(256)
    libc.pthread_getattr_np(ctypes.c_ulong(libc.pthread_self()), attr)
    low, size = ctypes.c_void_p(), ctypes.c_size_t()
    libc.pthread_attr_getstack(attr, ctypes.byref(low), ctypes.byref(size))
    high, rss, inside = low.value + size.value, 0, False
    for line in open("/proc/self/smaps"):
        head = line.split()
        if "-" in head[0] and ":" not in head[0]:
            start, end = (int(x, 16) for x in head[0].split("-"))
            inside = low.value <= start and end <= high
        elif inside and head[0] == "Rss:":
            rss += int(head[1]) * 1024
    return rss

def job():
    try:
        f(10**6)
    except RecursionError:
        pass
    return stack_rss()

try:
    print(run_deep(job) / worker_limit())
except RecursionTooDeep:
    print("nan")
"""


def bytes_per_level() -> list[list[str]]:
    """The C stack one counted level of each kind takes on a worker, each kind in its own process."""
    found = []
    for label, kind in cli.progress(list(KINDS.items()), "C stack per level", label=lambda c: c[0]):
        run = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(PROBE).replace("{kind}", kind)],
            capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        text = run.stdout.strip()
        found.append([label, f"{float(text):,.0f} bytes" if run.returncode == 0 and text else "(failed)"])
    return found


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.depths", __doc__)
    parser.add_argument("--quick", action="store_true", help="the shallow-call goal only")
    args = parser.parse_args(argv)
    print(f"{goals.machine()}; DEEP_LIMIT = {DEEP_LIMIT:,}\n")
    shallow = shallow_call()
    print(goals.table(shallow, "wrapped", "unwrapped"))
    print("\n" + goals.summary(shallow) + "\n")
    if args.quick:
        return
    print(markdown(["recursion through C, on a worker", "C stack per counted level"], bytes_per_level()))
    print()
    print(markdown(["entry point", "deepest that runs"], rows()))


if __name__ == "__main__":
    cli.run(main)
