"""No figure typed by hand: every figure that README.md, ERRATA.md and the pages of docs/ give (a
number with a unit, a ratio, a decimal, a count of four digits or more) is accounted for, by one of

- :data:`QUOTES`: a sentence that quotes docs/benchmarks.md, the page ``python -m bench`` writes
  (``bench.build``'s figures for the chapters and the build, ``bench.page``'s for the page,
  ``bench.mexpr``'s for the REPL's machinery, ``bench.depths``'s for the C stack, …), each figure
  read from the row it comes from;
- :data:`COUNTS`: a sentence whose counts the test that computes them asserts;
- :data:`SOURCES`: a figure that is not measured, with its kind and its check: a constant read from
  its module, a count computed here, a limit or an input of a test, a version, a figure's number,
  or the notes' own figure.

When a run of ``python -m bench`` moves a figure, or the code moves a constant or a count, these
tests fail until the prose says the new one; a figure with no source is said less precisely
("about", "a few") or not at all.  The counts of the definitions and the claims are computed."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
PAGES = (
    "README.md",
    "ERRATA.md",
    *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md") if p != BENCHMARKS),
)
"""Every page whose figures must be accounted for: the README, the errata (docs/errata.md includes them) and
docs/ but the generated page."""

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_UNIT = r"(?:\s?(?:ms|µs|s|kB|KB|MB|GB|KiB|MiB|GiB|bytes|lines)\b|×|%|\s+times\b)"
FIGURE = re.compile(
    rf"(?<![\w.,/#%-])(?:{_NUMBER}(?:\s?[–-]\s?{_NUMBER})?{_UNIT}|\d+\.\d+(?:\.\d+)?|\d{{1,3}}(?:,\d{{3}})+)"
    r"(?!\w|\.\d)"
)
"""A figure: a number with its unit (``6.9 s``, ``0.64 MB``, ``2.41×``, ``3,329–3,966×``, ``1.2
times``, ``190 lines``), a decimal (``8.07``, a version ``3.11``), or a count written in thousands
(``549,946``).  An address (``127.0.0.1``) is none."""


def figures(text: str) -> list[str]:
    """Each figure in ``text``, its spaces made single."""
    return [" ".join(m[0].split()) for m in FIGURE.finditer(" ".join(text.split()))]


def _source(module: str) -> str:
    return inspect.getsource(__import__(module, fromlist=["_"]))


def _text(path: str) -> str:
    """The text of the project's file ``path``."""
    return (ROOT / path).read_text(encoding="utf-8")


def _test(name: str) -> str:
    return _text(f"tests/{name}")


def _lines(path: str) -> int:
    return len(_text(path).splitlines())


def _mib(n: int) -> str:
    return f"{n // 2**20} MiB"


def _default_recursion_limit() -> int:
    run = [sys.executable, "-c", "import sys; print(sys.getrecursionlimit())"]
    return int(subprocess.run(run, capture_output=True, text=True, check=True).stdout)


def _cell_bytes() -> tuple[int, int]:
    """The bytes a cell takes, traced over a chain of 10⁴ (no list holds them), and a plain 2-tuple's
    (its size: 2-tuples are reused from a free list, which tracing would not see)."""
    from lispy.sexpr.data import Cons

    tracemalloc.start()
    try:
        chain: object = None
        for _ in range(10_000):
            chain = Cons(1, chain)
        return round(tracemalloc.get_traced_memory()[0] / 10_000), sys.getsizeof((1, chain))
    finally:
        tracemalloc.stop()


def _stepper_frames_kb() -> str:
    from lispy.edition.page.search_stepper import html, tower_stepper

    frames = re.search(r'class="search-frames">(.*?)</script>', html(tower_stepper()), re.S)
    assert frames is not None
    json.loads(frames[1])
    return f"{round(len(frames[1].encode()) / 1000)} kB"


def _c_stack_margin() -> str:
    from lispy.recursion import BYTES_PER_LEVEL

    worst = re.search(r"`sorted` with a recursive `__lt__` \| ([\d,]+) bytes", generated())
    assert worst, "docs/benchmarks.md gives the C stack of a level (python -m bench.depths)"
    return f"{BYTES_PER_LEVEL / int(worst[1].replace(',', '')):.1f} times"


class Source(NamedTuple):
    """Where a figure that is not quoted from docs/benchmarks.md comes from, and how it is held to it."""

    kind: str
    why: str
    check: Callable[[], bool]


def _always() -> bool:
    return True


SOURCES: dict[str, Source] = {
    # the notes' own figures
    "11 s": Source(
        "the notes",
        "the PDP-10's time for search p₀, the notes' own figure, as lispy/claims/claims.toml quotes it",
        lambda: "runs about 11 seconds on the PDP-10" in _text("lispy/claims/claims.toml"),
    ),
    # constants of the code, each read from its module
    "256 KiB": Source(
        "constant",
        "lispy.edition.sources.archive.LIMIT, and the starter thread's stack (lispy.recursion)",
        lambda: (
            __import__("lispy.edition.sources.archive", fromlist=["_"]).LIMIT == 2**18
            and "stack_size(2**18)" in _source("lispy.recursion")
        ),
    ),
    "30 s": Source(
        "constant",
        "lispy.edition.live.serve.IDLE_SECONDS",
        lambda: __import__("lispy.edition.live.serve", fromlist=["_"]).IDLE_SECONDS == 30,
    ),
    "1 GiB": Source(
        "constant",
        "lispy.recursion.STACK_BYTES",
        lambda: __import__("lispy.recursion", fromlist=["_"]).STACK_BYTES == 2**30,
    ),
    "4 KiB": Source(
        "constant",
        "lispy.recursion.BYTES_PER_LEVEL",
        lambda: __import__("lispy.recursion", fromlist=["_"]).BYTES_PER_LEVEL == 4096,
    ),
    "8 MiB": Source(
        "constant",
        "lispy.recursion.SMALLEST_STACK, the main thread's stack on Linux",
        lambda: _mib(__import__("lispy.recursion", fromlist=["_"]).SMALLEST_STACK) == "8 MiB",
    ),
    "16 MiB": Source(
        "constant",
        "lispy.cli.memory's pad: twice lispy.recursion.SMALLEST_STACK",
        lambda: (
            _mib(2 * __import__("lispy.recursion", fromlist=["_"]).SMALLEST_STACK) == "16 MiB"
            and "2 × the smallest stack of a deep call (16 MiB)" in _source("lispy.cli.memory")
        ),
    ),
    "262,144": Source(
        "constant",
        "lispy.recursion.DEEP_LIMIT",
        lambda: __import__("lispy.recursion", fromlist=["_"]).DEEP_LIMIT == 262_144,
    ),
    "100,000": Source(
        "constant",
        "lispy.mexpr.syntax.MAX_INPUT; the depth of the deep tests (…a_hundred_thousand_levels_deep)",
        lambda: (
            __import__("lispy.mexpr.syntax", fromlist=["_"]).MAX_INPUT == 100_000
            and "a_hundred_thousand_levels_deep" in _test("test_tree_search.py")
        ),
    ),
    "3,000": Source(
        "constant",
        "lispy.edition.page.search_stepper.MOST_POSITIONS; bench.mexpr's 3,000 lines",
        lambda: __import__("lispy.edition.page.search_stepper", fromlist=["_"]).MOST_POSITIONS == 3000,
    ),
    "1.5": Source(
        "constant",
        "the claims' margin, lispy.claims.record.MARGIN (its RULES are in docs/chapters.md)",
        lambda: __import__("lispy.claims.record", fromlist=["_"]).MARGIN == 1.5,
    ),
    "1.5 times": Source(
        "constant",
        "the shallow-call goal of bench.depths (its table: ≤ 1.5×)",
        lambda: "seconds, reference, 1.5)" in _source("bench.depths"),
    ),
    "1,000": Source(
        "constant", "CPython's default recursion limit", lambda: _default_recursion_limit() == 1000
    ),
    "4,300": Source(
        "constant",
        "CPython's default limit on an int's digits",
        lambda: sys.int_info.default_max_str_digits == 4300,
    ),
    # limits and inputs of the tests that the prose names
    "2 s": Source(
        "a test's limit",
        "tests/test_edition_browser.py: Stop, then an input answered within 2 s",
        lambda: "seconds <= 2.0" in _test("test_edition_browser.py"),
    ),
    "1 MB": Source(
        "a test's input",
        "tests/test_robustness.py: the memory caps tried, 1, 20 and 220 MB",
        lambda: '"megabytes", [1, 20, 220]' in _test("test_robustness.py"),
    ),
    "220 MB": Source(
        "a test's input", "the same", lambda: '"megabytes", [1, 20, 220]' in _test("test_robustness.py")
    ),
    "16,384": Source(
        "a test's input",
        "tests/test_edition_browser.py: the list of 16,384 cells the page frees",
        lambda: "test_a_list_of_16384_cells_is_freed" in _test("test_edition_browser.py"),
    ),
    "5,000": Source(
        "a test's input",
        "tests/test_play.py: a 5,000-digit answer",
        lambda: '"9" * 5000' in _test("test_play.py"),
    ),
    # counts, computed here or asserted by the test that computes them
    "64 bytes": Source(
        "count",
        "a cell's memory, traced (docs/data.md; a plain 2-tuple's 56)",
        lambda: _cell_bytes() == (64, 56),
    ),
    "198 lines": Source(
        "count", "the lines of lispy/edition/output.py", lambda: _lines("lispy/edition/output.py") == 198
    ),
    "67 lines": Source(
        "count",
        "the lines of lispy/edition/live/serve.py",
        lambda: _lines("lispy/edition/live/serve.py") == 67,
    ),
    "36 kB": Source(
        "count", "the JSON of search p₀'s stepper frames", lambda: _stepper_frames_kb() == "36 kB"
    ),
    "1.6 times": Source(
        "count",
        "BYTES_PER_LEVEL over the worst C stack a level docs/benchmarks.md gives",
        lambda: _c_stack_margin() == "1.6 times",
    ),
    "549,946": Source(
        "count",
        "valmax's positions from the empty board, asserted by tests/test_tictactoe.py",
        lambda: "game.examined == 549_946" in _test("test_tictactoe.py"),
    ),
    "549,946 lines": Source(
        "count", "the same", lambda: "game.examined == 549_946" in _test("test_tictactoe.py")
    ),
    "255,168": Source(
        "count",
        "the terminal positions of full minimax, asserted by tests/test_tictactoe.py",
        lambda: "game.evaluated == 255_168" in _test("test_tictactoe.py"),
    ),
    "5,478": Source(
        "count",
        "tic-tac-toe's distinct positions, asserted by tests/test_tictactoe.py and test_memoised.py",
        lambda: (
            "len(POSITIONS) == 5478" in _test("test_tictactoe.py")
            and "game.examined == 5_478" in _test("test_memoised.py")
        ),
    ),
    "4,520": Source(
        "count",
        "tic-tac-toe's non-terminal positions, asserted by tests/test_tictactoe.py",
        lambda: "len(NON_TERMINAL) == 4520" in _test("test_tictactoe.py"),
    ),
    "19,999": Source(
        "count",
        "αβ's terminal positions at k = 10, n = 8, asserted by tests/test_game_trees.py",
        lambda: "knuth_moore(10, 8) == 19_999" in _test("test_game_trees.py"),
    ),
    "41,472": Source(
        "count",
        "the placements allsol p₀'s brute force tries (a doctest of lispy.claims.search_checks)",
        lambda: "Agreement(tried=41472, agreed=3" in _source("lispy.claims.search_checks"),
    ),
    "2.1": Source(
        "count",
        "AIMA Figure 6.12's value, asserted by tests/test_adversarial.py",
        lambda: "pytest.approx([2.1, 1.3])" in _test("test_adversarial.py"),
    ),
    # versions and figures' numbers: names, not measures
    "3.11": Source(
        "version",
        "the CPythons supported (noxfile.PYTHONS)",
        lambda: "3.11" in (ROOT / "noxfile.py").read_text(encoding="utf-8"),
    ),
    "3.12": Source(
        "version", "the same", lambda: "3.12" in (ROOT / "noxfile.py").read_text(encoding="utf-8")
    ),
    "3.13": Source(
        "version", "the same", lambda: "3.13" in (ROOT / "noxfile.py").read_text(encoding="utf-8")
    ),
    "3.13.0": Source("version", "the release where a C stack overflow was measured", _always),
    "3.14": Source(
        "version",
        "Pyodide's Python (lispy.edition.live.pyodide)",
        lambda: "(Python 3.14)" in _source("lispy.edition.live.pyodide"),
    ),
    "314.0.7": Source(
        "version",
        "lispy.edition.live.pyodide.PYODIDE_VERSION",
        lambda: __import__("lispy.edition.live.pyodide", fromlist=["_"]).PYODIDE_VERSION == "314.0.7",
    ),
    "7.17": Source("version", "nbconvert's, with which the Jupyter test was tried", _always),
    "7.4": Source("version", "ipykernel's, the same", _always),
    **{
        n: Source("a figure's number", "the notes' Figure 2.6, AIMA's figures 6.2–6.12 and 5.8", _always)
        for n in ("2.6", "5.8", "6.2", "6.3", "6.4", "6.5", "6.7", "6.12")
    },
}
"""Each figure the pages give that docs/benchmarks.md does not, by kind, with its source and its check."""


def generated() -> str:
    return " ".join(BENCHMARKS.read_text(encoding="utf-8").split())


def page(name: str) -> str:
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


def test_the_figure_pattern_finds_figures_and_their_ranges() -> None:
    text = "takes 6.9 s (6.3–7.5 s), 1.2\n  times as long, 2.41× and 3,329–3,966×; 0.64 MB, line 409"
    assert figures(text) == ["6.9 s", "6.3–7.5 s", "1.2 times", "2.41×", "3,329–3,966×", "0.64 MB"]
    text = "8.07 calls on 127.0.0.1, 549,946 lines, 190 lines, 36 kB, 2.5 µs, 3.13.0, Figure 6.12, 10⁶"
    assert figures(text) == ["8.07", "549,946 lines", "190 lines", "36 kB", "2.5 µs", "3.13.0", "6.12"]


@pytest.mark.parametrize("figure", sorted(SOURCES))
def test_each_source_holds_its_figure_to_the_code(figure: str) -> None:
    source = SOURCES[figure]
    assert source.check(), f"{figure} ({source.kind}: {source.why}) no longer holds"
    assert any(figure in figures(page(name)) for name in PAGES), f"{figure} is given by no page: drop it"


def test_the_counts_of_definitions_and_claims_are_computed() -> None:
    from lispy.claims import claims
    from lispy.notes.index import ENTRIES

    readme = page("README.md")
    every = claims()
    checkable = sum(1 for c in every if c.checkable)
    assert f"{len(every)} claims by the project's count, {checkable} of them checkable" in readme
    assert f"The notes' claims, {len(every)} by the edition's own count" in page("docs/edition.md")
    assert f"the notes' {len(ENTRIES)} definitions" in readme
    for name in PAGES:
        text = page(name)
        each = re.findall(r"\b(\d+) (?:definitions|transcriptions|cases|rows)\b", text)
        assert each == [str(len(ENTRIES))] * len(each), name
        n = str(len(ENTRIES))
        of = [m for m in re.findall(r"\b(\d+) of (\d+)\b", text) if n in m]
        assert all(m == (n, n) for m in of), (name, of)


COUNTS = (
    (
        "docs/companions.md",
        "gives 23 wrong values over the 4,520 non-terminal tic-tac-toe positions (26 keyed by board",
        "test_tictactoe.py",
        '{"by board": 26, "by symmetry class": 23}',
    ),
    ("docs/companions.md", "and 765 with the symmetry key", "test_memoised.py", "keyed.examined == 765"),
    ("ERRATA.md", "936, 959 and 959 of 1,024 leaves", "test_claims.py", '"936, 959, 959 of 1,024"'),
    ("docs/edition.md", "591 for `p₀`", "test_search_stepper.py", "len(called) == 591"),
)
"""Counts the pages give in words (no unit), each with the assertion of the test that computes it."""


@pytest.mark.parametrize(("name", "sentence", "test", "assertion"), COUNTS)
def test_each_count_a_page_gives_is_the_one_its_test_asserts(
    name: str, sentence: str, test: str, assertion: str
) -> None:
    assert sentence in page(name)
    assert assertion in _test(test)


def test_the_editions_random_inputs_are_its_default() -> None:
    from lispy.edition.__main__ import build, main

    assert "100 random inputs a definition" in page("docs/edition.md")
    assert inspect.signature(build).parameters["trials"].default == 100
    assert '"--trials", type=int, default=100' in inspect.getsource(main)


def test_the_pdp_10s_factor_in_the_chapters_page_is_the_one_the_runs_print() -> None:
    """docs/chapters.md says "more than a thousand times": the factors docs/benchmarks.md gives are."""
    factors = re.search(r"the PDP-10's 11 s over `search p₀`, lists \| ([\d,]+)–([\d,]+)×", generated())
    assert factors, "docs/benchmarks.md gives the chapters' factors (python -m bench.build)"
    low, high = (int(x.replace(",", "")) for x in factors.groups())
    assert 1_000 < low <= high
    assert "is more than a thousand times lispy's time here" in page("docs/chapters.md")


def row(label: str, section: str = "") -> list[str]:
    """The cells of the first row of docs/benchmarks.md whose first cell is ``label``, in the section
    whose title begins with ``section``."""
    text = BENCHMARKS.read_text(encoding="utf-8")
    if section:
        text = text.split(f"\n## {section}", 1)[1].split("\n## ", 1)[0]
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == label:
            return cells
    raise AssertionError(f"docs/benchmarks.md has no row {label!r} (python -m bench writes it)")


def first(cell: str) -> str:
    """The figure a cell begins with: ``8.17×`` of ``8.17× (IQR 8.15–8.43)``, ``14.9 s`` of ``14.9 s (…)``."""
    found = figures(cell)
    assert found, cell
    return found[0]


def _goals_for_the_data() -> str:
    """The tally of the goals for the data in docs/benchmarks.md, with those its last run did not meet."""
    tally = r"Goals met: \d+ of \d+\.(?: Not met: [^.]*\.)?(?: Too close to call: [^.]*\.)?"
    goals = re.search(tally, generated().split("## Chapter 6")[0])
    assert goals, "docs/benchmarks.md tallies the goals for the data (python -m bench.chapter5)"
    return goals[0]


def _ready() -> str:
    ready = re.search(r"The page was ready in ([\d.]+ s)", generated())
    assert ready, "docs/benchmarks.md says when the page was ready (python -m bench.page)"
    return ready[1]


QUOTES: tuple[tuple[str, str, Callable[[], tuple[str, ...]]], ...] = (
    (
        "README.md",
        "`valmax` as transcribed takes {} as long as PAIP's Common Lisp `minimax` given the same tables, "
        "and {} as long as the notes' `valmax`",
        lambda: (
            first(row("McCarthy's valmax, Bitboard, against PAIP on the same tables")[3]),
            first(row("McCarthy's valmax, Bitboard, against the notes' valmax in Lisp, same encoding")[3]),
        ),
    ),
    (
        "README.md",
        "copies the board every move, {}, and lispy's fastest full minimax {}; on lispy's general board the "
        "transcription takes {} PAIP's own",
        lambda: (
            first(row("McCarthy's valmax, Bitboard, against PAIP on PAIP's board")[3]),
            first(
                row(
                    "full minimax, lispy's fastest (minimax_decision, Bitboard), against PAIP on PAIP's board"
                )[3]
            ),
            first(row("McCarthy's valmax, general Board, against PAIP on PAIP's board")[3]),
        ),
    ),
    (
        "README.md",
        "{} Python function calls and {} calls of builtins a position, whose cost alone is a floor; the "
        "transcription takes {} that floor",
        lambda: (
            row("Python function calls a position")[1],
            row("builtin calls a position")[1],
            row("the transcription / the floor")[1],
        ),
    ),
    (
        "README.md",
        "the build took {} of processor time (the median of 3 runs); with a local Pyodide (`--pyodide`) the "
        "page was ready in {} headless from 127.0.0.1, and ran `search p₀` {} and `valmax` of tic-tac-toe {} "
        "as long as CPython",
        lambda: (
            first(row("`python -m lispy.edition --out DIR`: processor time")[1]),
            _ready(),
            first(row("`search p₀`", "The page")[3]),
            first(row("`valmax`", "The page")[3]),
        ),
    ),
    (
        "README.md",
        "the output is {} with Pyodide ({} of it Pyodide), {} without",
        lambda: (
            row("the edition with `--pyodide`")[1],
            row("of which Pyodide")[1],
            row("the edition (`python -m lispy.edition`)")[1],
        ),
    ),
    (
        "docs/edition.md",
        "the page was ready in {} (Pyodide's own start is most of it); `search p₀` took {} and `valmax` of "
        "tic-tac-toe from the empty board {} CPython's time",
        lambda: (_ready(), first(row("`search p₀`", "The page")[3]), first(row("`valmax`", "The page")[3])),
    ),
    (
        "docs/edition.md",
        "the build took {} of processor time (100 random inputs a definition); the output (`du -sb`) was {} "
        "with `--pyodide` ({} of it Pyodide, {} `lispy.zip`) and {} without",
        lambda: (
            first(row("`python -m lispy.edition --out DIR`: processor time")[1]),
            row("the edition with `--pyodide`")[1],
            row("of which Pyodide")[1],
            row("of which `lispy.zip`")[1],
            row("the edition (`python -m lispy.edition`)")[1],
        ),
    ),
    (
        "docs/chapters.md",
        "The whole run took {} of processor time in the last run of the benchmarks",
        lambda: (first(row("`python -m chapters`: processor time")[1]),),
    ),
    (
        "docs/mexpr.md",
        "in microseconds a call: `define` {}, `snapshot` {}, `restore` {}",
        lambda: (row("define")[1], row("snapshot")[1], row("restore")[1]),
    ),
    (
        "docs/data.md",
        '"{}"',
        lambda: (_goals_for_the_data(),),
    ),
    (
        "docs/reliability.md",
        "3,000 lines take {} as long as 1,000 (linear: 3×; re-parsing every line would take 9×)",
        lambda: (re.search(r"3,000 over 1,000 lines: ([\d.]+×)", generated())[1],),  # type: ignore[index]
    ),
    (
        "docs/reliability.md",
        "1.6 times the worst measured (`sorted` calling a recursive `__lt__`, {})",
        lambda: (row("`sorted` with a recursive `__lt__`")[1],),
    ),
)
"""Sentences that quote docs/benchmarks.md, each figure with the row (or line) it comes from: a figure
that is on the page but in another row fails here."""


@pytest.mark.parametrize(("name", "sentence", "quoted"), QUOTES, ids=[f"{q[0]}:{q[1][:30]}" for q in QUOTES])
def test_each_quoted_figure_is_the_one_its_row_gives(
    name: str, sentence: str, quoted: Callable[[], tuple[str, ...]]
) -> None:
    expected = sentence.format(*quoted())
    assert expected in page(name), f"{name} should say: {expected}"


def held(name: str) -> set[str]:
    """The figures of ``name`` that a test holds to their source: those of its sentences in
    :data:`QUOTES` (from docs/benchmarks.md) and in :data:`COUNTS` (from the tests that compute them)."""
    quoted = [
        sentence.format(*figures_of()) for page_name, sentence, figures_of in QUOTES if page_name == name
    ]
    counted = [sentence for page_name, sentence, *_ in COUNTS if page_name == name]
    return {f for text in quoted + counted for f in figures(text)}


@pytest.mark.parametrize("name", PAGES)
def test_every_figure_is_quoted_from_the_generated_benchmarks_or_has_a_source(name: str) -> None:
    typed = [f for f in figures(page(name)) if f not in SOURCES and f not in held(name)]
    assert typed == [], (
        f"{name} gives figures with no source: quote them from docs/benchmarks.md in a sentence of QUOTES, "
        "list them in SOURCES with their check, or say less"
    )
