"""Every benchmark in one run, written to ``docs/benchmarks.md``: the documentation's benchmarks page.

    python -m bench                 # every benchmark in full: several minutes
    python -m bench --quick         # fewer rounds and the short parts only: about a minute or two
    python -m bench --out PATH      # write the page elsewhere
    python -m bench --page          # and the edition's page in Chromium (needs LISPY_PYODIDE)

Each section is one ``python -m bench.NAME`` run, its Markdown tables as that
module prints them, under what the module's docstring says it measures.  The
page's head gives the machine, the Python, the date, the command, and the load
average before and after the run: a shared machine moves the times, so a table is
read with the load it was measured under.  The page is written to a temporary file
beside its target and moved into place when every benchmark has run, so that an
interrupted run leaves the previous page as it was.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from typing import NamedTuple

from lispy import cli

PAGE = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
"""Where the page goes by default: the documentation's ``benchmarks.md``."""


class Section(NamedTuple):
    """One benchmark: its title on the page, its module, its arguments in full and in ``--quick``,
    and how to read its tables (what holds from run to run, whatever the times of one run): in every
    run, and, for the tables that only the full run prints, in the full run alone."""

    title: str
    module: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    reading: str = ""
    full_reading: str = ""


SECTIONS = (
    Section(
        "Chapter 5 and the Lisp data", "bench.chapter5", (),
        ("--only", "searches", "appending", "goals", "--rounds", "3"),
        "On the notes' puzzle the appending of the simple `allsol` costs "
        "12 cells and nothing measurable; on a comb (n solutions, the k-th found k levels down) it "
        "copies n(n+1)/2 cells and the simple form falls further behind as n grows: \"somewhat "
        "inefficient because of all the appending\" holds where the solutions are many and deep. On "
        "the ladder, the notes' own path search, the search's `ε` costs as much as the copying.",
        "The list functions are linear: from 10^5 to 10^6 elements each takes about ten times as long. "
        "The graph method's work grows a few times from 4 to 8 blocks where the search's positions "
        "grow a few hundred times.",
    ),
    Section(
        "Chapter 6", "bench.chapter6", (), (),
        "αβ examines several times fewer terminal positions than minimax and pays somewhat more for "
        "each (it walks more internal positions for each leaf).",
    ),
    Section(
        "Tic-tac-toe", "bench.tictactoe", (), ("--table-rounds", "1", "--rounds", "5"),
        "Like for like, the anchor doing the same work on the same representation: McCarthy's "
        "`valmax` as transcribed (`maxlis` and `minlis` with `n`, `a`, `d` and the notes' two-argument "
        "`max` or `min` per element) on the `Bitboard` game (`bench/bitboard.py`: one int a position, "
        "table-driven successors) against PAIP's `minimax` given the same table look-ups, and against "
        "the notes' `valmax` written in Common Lisp over cons lists on the same encoding; beside them, "
        "PAIP on its own board, which rescans the eight lines and copies the board at every move, and "
        "the transcription on the general `TicTacToe` board.  αβ with a table examines far fewer "
        "positions than easyAI's negamax with its table, so its ratio is given per search and per "
        "position. On aima-python's own board lispy's search and aima-python's differ only in how they "
        "walk it: most of both times is aima-python's `result`.",
    ),
    Section(
        "What bounds the transcription", "bench.floor", (), ("--rounds", "3"),
        "A literal transcription pays a Python call for each of the notes' functions it applies: the "
        "calls a position times the cost of a call is its floor in CPython, whatever else it does.",
    ),
    Section("Import time", "bench.imports", (), ("--rounds", "5")),
    Section(
        "The notes compiled", "bench.mexpr", (), (),
        "The bit-word search pays for what the notation needs and Python lacks: `truth(…)` around "
        "`lose p`, `ter p` and `pred a u`, and `and_`/`or_` for the words' `and` and `or`. The "
        "interpreter that the compiler replaced (no longer measured) took several times the "
        "transcription's time on the lists and more than ten times on the words.",
    ),
    Section("How deep each entry point recurs", "bench.depths", (), ()),
    Section("The chapters and the build", "bench.build", (), ()),
)  # fmt: skip

PAGE_SECTION = Section("The page in Chromium", "bench.page", (), ())
"""Opt-in (``--page``): it builds the edition and drives Chromium, and needs a local Pyodide."""


def description(doc: str | None) -> str:
    """A module docstring as the page's prose: plain text, without its indented command lines."""
    paragraphs = [p for p in cli.plain(doc).split("\n\n") if p.strip() and not p.startswith(" ")]
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def load() -> str:
    """The load average over the last minute, or ``unknown`` where the system gives none."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def captured(main: Callable[[Sequence[str]], object], argv: Sequence[str]) -> str:
    """What ``main(argv)`` prints on standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(argv)
    return out.getvalue().strip()


def section(s: Section, quick: bool) -> str:
    """One section of the page: its title, the command, what it measures, and the run's output."""
    module = import_module(s.module)
    argv = s.quick if quick else s.full
    command = " ".join(["python -m", s.module, *argv])
    output = captured(module.main, argv)
    said = [s.reading] + ([] if quick else [s.full_reading])
    reading = "".join(f"\n\n{r}" for r in said if r)
    return f"## {s.title}\n\n`{command}`: {description(module.__doc__)}\n\n{output}{reading}\n"


def page(sections: Sequence[Section], quick: bool, clock: Callable[[], float] = time.time) -> str:
    """The whole page, every section run now, in order."""
    before, started = load(), clock()
    body = [section(s, quick) for s in cli.progress(sections, "benchmarks", label=lambda s: s.module)]
    after, minutes = load(), (clock() - started) / 60
    command = (
        "python -m bench" + (" --quick" if quick else "") + (" --page" if PAGE_SECTION in sections else "")
    )
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started))
    head = (
        "# Benchmarks\n\n"
        f"<!-- Written by `{command}`; run it again rather than editing this page. -->\n\n"
        f"Written by `{command}` on {date}, in {minutes:.1f} minutes: "
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
        f"{platform.system()}, {os.cpu_count()} cores, load average {before} before the run and "
        f"{after} after it.  Each section is one run of the command it names; a time on a shared "
        "machine moves by about ±20% from run to run, a ratio of two times from the same run much "
        "less.  The benchmarks are a tool for the people who change lispy: they stay in the "
        "repository, are not installed with the wheel, and they compare lispy with peers a user "
        "would not install (PAIP's Common Lisp under SBCL, `apt-get install sbcl`; aima-python and "
        "easyAI, `python -m pip install -e '.[bench]'`; without them only lispy's rows are measured).\n"
    )
    return "\n".join([head, *body])


def write(text: str, target: Path) -> None:
    """Write ``text`` to ``target`` through a temporary file beside it, moved into place at the end."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
    finally:
        temporary.unlink(missing_ok=True)


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench", __doc__)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, the short parts only")
    parser.add_argument("--out", type=Path, default=PAGE, help=f"the page to write (default {PAGE})")
    parser.add_argument(
        "--page", action="store_true", help="also time the edition's page in Chromium (bench.page)"
    )
    args = parser.parse_args(argv)
    text = page((*SECTIONS, PAGE_SECTION) if args.page else SECTIONS, args.quick)
    if not args.page:
        text += (
            f"\n## {PAGE_SECTION.title}\n\nNot measured in this run: `python -m bench --page` measures it.\n"
        )
    write(re.sub(r"[ \t]+$", "", text, flags=re.MULTILINE), args.out)
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    cli.run(main)
