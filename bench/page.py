"""The page's speed where it runs: the runnable edition in headless Chromium, lispy in the page's
Pyodide against lispy in CPython, timed in one run.

    LISPY_PYODIDE=…/node_modules/pyodide python -m bench.page

Builds the edition as a user does (``python -m lispy.edition --out DIR --pyodide $LISPY_PYODIDE``),
serves it on 127.0.0.1 and opens it in Chromium (``/usr/bin/chromium``, driven by Playwright's
Python package, no browser download), as the edition's browser tests do; records how long the page
took to be ready (Pyodide's start, then lispy's import).  Then, in the page, the Pyodide and the
``lispy.zip`` that the edition serves are loaded and time the same Python as this CPython: ``search
p₀`` (chapter 5, the list representation) and McCarthy's ``valmax`` of tic-tac-toe from the empty
board (chapter 6, on the ``Bitboard`` game).  A browser gives a page no CPU clock, so both sides are
timed by the wall clock (``time.perf_counter``), each a block of calls of at least 0.2 s; page and
CPython alternate, round after round, and a ratio is the median of the rounds' ratios, with their
interquartile range.  Without Chromium, Playwright or a Pyodide folder (``LISPY_PYODIDE``) it says so
and stops.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import goals, markdown
from lispy import cli

TIMING = (
    (Path(__file__).with_name("bitboard.py")).read_text(encoding="utf-8")
    + """
import time
from lispy.chapter5 import insanity
from lispy.chapter6.game_trees import game_tree_search

_valmax = game_tree_search(*Bitboard().mccarthy()).valmax
WORK = {"search p₀": lambda: insanity.search(insanity.p0), "valmax": lambda: _valmax(0)}

def seconds(name):
    f = WORK[name]
    f()
    calls, start = 0, time.perf_counter()
    while True:
        f()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= 0.2:
            return elapsed / calls
"""
)
"""The timing code, the same in the page's Pyodide and in this CPython: ``bench/bitboard.py``'s text
(the page's ``lispy.zip`` holds lispy alone), then the work timed."""

LOAD = """async (timing) => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  const zip = await fetch("/lispy.zip");
  py.unpackArchive(await zip.arrayBuffer(), "zip");
  py.runPython(timing);
  window.benchPython = py;
  return py.runPython("import sys; sys.version.split()[0]");
}"""

CHROMIUM = "/usr/bin/chromium"


def missing() -> str | None:
    """What the page benchmark lacks here, or None."""
    if not (shutil.which("chromium") or Path(CHROMIUM).exists()):
        return "Chromium is not installed (apt-get install chromium)"
    folder = os.environ.get("LISPY_PYODIDE")
    if not folder or not (Path(folder) / "pyodide.mjs").is_file():
        return "no Pyodide: set LISPY_PYODIDE to a folder holding pyodide.mjs (npm install pyodide)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright's Python package is not installed (pip install -e '.[test]')"
    return None


def build(out: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "lispy.edition",
        "--out",
        str(out),
        "--pyodide",
        os.environ["LISPY_PYODIDE"],
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-2000:]}")


def main(argv: Sequence[str] = ()) -> None:
    parser = cli.parser("python -m bench.page", __doc__)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5, at least 5)")
    args = parser.parse_args(argv)
    rounds = max(5, args.rounds)
    print(goals.machine())
    lacking = missing()
    if lacking:
        print(f"\nThe page benchmark is skipped: {lacking}.")
        return
    from playwright.sync_api import sync_playwright

    from lispy.edition.live.serve import Handler

    here: dict[str, Any] = {}
    exec(TIMING, here)
    with tempfile.TemporaryDirectory(prefix="lispy-page-") as folder:
        out = Path(folder) / "edition"
        build(out)
        handler = functools.partial(Handler, directory=str(out))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium") or CHROMIUM)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
                page.wait_for_function(
                    "document.documentElement.dataset.runtime === 'ready'", timeout=300_000
                )
                ready = page.evaluate(
                    "[document.documentElement.dataset.readySeconds, "
                    "document.documentElement.dataset.readyStages]"
                )
                version = page.evaluate(LOAD, TIMING)
                chromium = browser.version

                def in_page(name: str) -> Callable[[], float]:
                    return lambda: float(
                        page.evaluate("(n) => window.benchPython.globals.get('seconds')(n)", name)
                    )

                names = list(here["WORK"])
                timers = [
                    t for name in names for t in (in_page(name), functools.partial(here["seconds"], name))
                ]
                times = goals.rounds(timers, rounds, description="page")
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"Chromium {chromium}; Pyodide's Python {version} against CPython {sys.version.split()[0]}")
    stages = " and ".join(f"{s} s" for s in ready[1].split())
    print(f"\nThe page was ready in {ready[0]} s ({stages}: Pyodide's start, then lispy's import).\n")
    page_times, cpython_times = times[0::2], times[1::2]
    rows = [
        [f"`{name}`", goals.ms(statistics.median(t)), goals.ms(statistics.median(c)),
         goals.spread([a / b for a, b in zip(t, c, strict=True)])]
        for name, t, c in zip(names, page_times, cpython_times, strict=True)
    ]  # fmt: skip
    print(markdown(["workload", "in the page (Pyodide)", "CPython", "page / CPython"], rows))
    print(f"\n{rounds} rounds; load average after them: {goals.load()}.")


if __name__ == "__main__":
    cli.run(main)
