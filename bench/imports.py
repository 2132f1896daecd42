"""What importing lispy costs as a user imports it: the CPU time of ``python -c "from lispy import
read, tree_search"`` (the Lisp data and chapter 5's search) against ``python -c pass``, with the goal;
``import lispy`` alone imports its public names only when they are first read (PEP 562), so it is
shown beside, without a goal; then the modules that ``import lispy`` takes the most time in.

    python -m bench.imports

Each round runs each command in a block of fresh interpreters and reads their CPU time (user and
system, ``resource.getrusage`` of the children); the commands alternate, round after round, and
the ratio is the median of the rounds' ratios, with their range.  The interpreters read their
bytecode from a cache of their own (``PYTHONPYCACHEPREFIX`` in a temporary folder, filled by a
first run), as an installed lispy's are read from its ``__pycache__``: an environment that sets
``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module at every start.  Then the
modules that ``import lispy`` adds to a bare start, by their own time under ``python -X importtime``
(a median of several runs), in microseconds.
"""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence

from bench import goals, markdown
from lispy import cli

IMPORT, PASS, USE = "import lispy", "pass", "from lispy import read, tree_search"
RUNS = 10
"""Interpreters started for each command in a round."""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(code: str, env: dict[str, str], flags: Sequence[str] = ()) -> str:
    done = subprocess.run([sys.executable, *flags, "-c", code], env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"python -c {code!r} failed: {done.stderr.strip()}")
    return done.stderr


def block(code: str, env: dict[str, str]) -> float:
    """CPU seconds of one ``python -c code``, the mean of :data:`RUNS` runs."""
    start = children_cpu()
    for _ in range(RUNS):
        run(code, env)
    return (children_cpu() - start) / RUNS


def own_times(code: str, env: dict[str, str]) -> dict[str, int]:
    """Each module that ``python -c code`` imports, and its own microseconds under ``-X importtime``."""
    lines = run(code, env, ["-X", "importtime"]).splitlines()
    found = (re.match(r"import time:\s+(\d+) \|\s+\d+ \| *(\S+)", line) for line in lines)
    return {m[2]: int(m[1]) for m in found if m}


def slowest(env: dict[str, str], runs: int = 5, top: int = 12) -> list[list[str]]:
    """The modules that ``import lispy`` adds to a bare start, by their largest own time under
    ``-X importtime`` (the median of ``runs`` runs)."""
    bare = set(own_times(PASS, env))
    own: dict[str, list[int]] = {}
    for _ in range(runs):
        for name, t in own_times(IMPORT, env).items():
            own.setdefault(name, []).append(t)
    medians = sorted(
        ((statistics.median(t), name) for name, t in own.items() if name not in bare), reverse=True
    )
    return [[name, f"{t:,.0f}"] for t, name in medians[:top]]


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.imports", __doc__)
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7, at least 5)")
    args = parser.parse_args(argv)
    rounds = max(5, args.rounds)
    print(goals.machine())
    with tempfile.TemporaryDirectory(prefix="lispy-pycache-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        run(IMPORT, env)
        commands = [PASS, IMPORT, USE]
        times = goals.rounds([lambda c=c: block(c, env) for c in commands], rounds, "imports")
        modules = slowest(env)
    rows = [
        goals.ratio(f"`{USE}` / `python -c pass`", times[2], times[0], 2.5, "python -c pass"),
        goals.ratio("`import lispy` / `python -c pass`", times[1], times[0], None, "python -c pass"),
    ]
    print(f"\n{goals.table(rows, reference='reference')}\n\n{goals.summary(rows)}\n")
    print(markdown(["module (python -X importtime, import lispy)", "own µs"], modules))


if __name__ == "__main__":
    cli.run(main)
