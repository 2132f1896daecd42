"""The chapter scripts and the edition's build, as a user runs them: processor time, the PDP-10's
factors the chapters print, and the size of the edition.

    python -m bench.build

Each command runs in a fresh interpreter, ``--runs`` times in turn (``python -m chapters``, then
``python -m lispy.edition --out DIR`` into a new folder, 100 random inputs a definition), and its
processor time is the CPU time of the child (user and system, ``resource.getrusage``): the median
and the range of the runs.  The chapters print how many times as long the PDP-10's times were than
this machine's (the notes' 11 s for ``search p₀`` on lists, their second for ``search (0)`` on
words); the table gives the range over the runs.  The edition's size is the bytes of its files
(``du -sb``), with ``--pyodide`` too where ``LISPY_PYODIDE`` names a local Pyodide.
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
from pathlib import Path

from bench import goals, markdown
from lispy import cli

FACTORS = {
    "the PDP-10's 11 s over `search p₀`, lists": re.compile(r"PDP-10's 11 s is about ([\d,]+) times"),
    "the PDP-10's second over `search (0)`, words": re.compile(r"PDP-10's second is about ([\d,]+) times"),
}
"""The factors the chapters print, and how to find each in their output."""


def cpu_seconds(command: Sequence[str]) -> tuple[float, str]:
    """The CPU seconds of ``python command`` in a fresh interpreter, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *command], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"python {' '.join(command)} failed: {done.stderr.strip()[-2000:]}")
    used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return used, " ".join(done.stdout.split())


def size(folder: Path) -> int:
    """The bytes of the files under ``folder``, as ``du -sb`` counts them (links not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def megabytes(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def spread(values: Sequence[float], unit: str, digits: int = 1) -> str:
    """``6.9 s (6.3–7.5)``: the median and the range."""
    median, low, high = (f"{v:.{digits}f}" for v in (statistics.median(values), min(values), max(values)))
    return f"{median} {unit} ({low}–{high})"


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.build", __doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (default 3)")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    print(goals.machine() + "\n")
    chapters: list[float] = []
    builds: list[float] = []
    factors: dict[str, list[int]] = {name: [] for name in FACTORS}
    sizes: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix="lispy-build-") as folder:
        for run in cli.progress(range(runs), "runs"):
            seconds, output = cpu_seconds(["-m", "chapters"])
            chapters.append(seconds)
            for name, pattern in FACTORS.items():
                found = pattern.search(output)
                if found:
                    factors[name].append(int(found[1].replace(",", "")))
            out = Path(folder) / f"edition-{run}"
            builds.append(cpu_seconds(["-m", "lispy.edition", "--out", str(out)])[0])
        plain = Path(folder) / "edition-0"
        sizes.append(["the edition (`python -m lispy.edition`)", megabytes(size(plain))])
        pyodide = os.environ.get("LISPY_PYODIDE")
        if pyodide and (Path(pyodide) / "pyodide.mjs").is_file():
            out = Path(folder) / "edition-pyodide"
            cpu_seconds(["-m", "lispy.edition", "--out", str(out), "--pyodide", pyodide])
            sizes.append(["the edition with `--pyodide`", megabytes(size(out))])
            sizes.append(["of which Pyodide", megabytes(size(out / "pyodide"))])
            sizes.append(["of which `lispy.zip`", megabytes((out / "lispy.zip").stat().st_size)])
    rows = [
        ["`python -m chapters`: processor time", spread(chapters, "s")],
        ["`python -m lispy.edition --out DIR`: processor time", spread(builds, "s")],
        *[[name, f"{min(v):,}–{max(v):,}×"] for name, v in factors.items() if v],
    ]
    print(markdown([f"{runs} runs of each", "measured"], rows))
    print("\n" + markdown(["the edition's size (du -sb)", "bytes"], sizes))
    print(f"\nLoad average after the runs: {goals.load()}.")


if __name__ == "__main__":
    cli.run(main)
