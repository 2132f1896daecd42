"""No figure typed by hand: every measured figure that README.md, docs/chapters.md and docs/edition.md
give is quoted from docs/benchmarks.md, the page ``python -m bench`` writes (its sections include
``bench.build``'s figures for the chapters and the build, and ``bench.page``'s for the page), and
the counts the README gives are computed here.  A figure that is not a measurement (a timeout, a
limit, the notes' own times) is listed below with the reason it may stand.  When a run of
``python -m bench`` moves a figure, these tests fail until the prose quotes the new one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "docs" / "benchmarks.md"
QUOTING = ("README.md", "docs/chapters.md", "docs/edition.md")
"""The pages whose measured figures must come from docs/benchmarks.md."""

FIGURE = re.compile(
    r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?:\s?[–-]\s?\d[\d,]*(?:\.\d+)?)?(?:\s?(?:ms|s|MB|KiB|GiB)\b|×|\s+times\b)"
)
"""A figure with its unit: ``6.9 s``, ``0.64 MB``, ``2.41×``, ``3,329–3,966×``, ``1.2 times``."""

NOT_MEASURED = {
    "11 s": "the notes' own time on the PDP-10, quoted",
    "256 KiB": "the edition's limit on a --notes file (lispy.edition)",
    "30 s": "the server's idle timeout (lispy.edition.live.serve)",
    "14 MB": "docs/edition.md's serve timing (lispy.edition's digest), not a benchmark of this page",
    "0.17–0.19 s": "the same",
    "0.04 s": "the same",
    "1.5 s": "the same",
    "25.5 s": "the same",
}
"""Figures that may stand without a generated source, and why."""


def figures(text: str) -> list[str]:
    """Each figure in ``text``, its spaces made single."""
    return [" ".join(m[0].split()) for m in FIGURE.finditer(text)]


def generated() -> str:
    return " ".join(BENCHMARKS.read_text(encoding="utf-8").split())


def test_the_figure_pattern_finds_figures_and_their_ranges() -> None:
    text = "takes 6.9 s (6.3–7.5 s), 1.2\n  times as long, 2.41× and 3,329–3,966×; 0.64 MB, line 409"
    assert figures(text) == ["6.9 s", "6.3–7.5 s", "1.2 times", "2.41×", "3,329–3,966×", "0.64 MB"]


@pytest.mark.parametrize("name", QUOTING)
def test_every_measured_figure_is_quoted_from_the_generated_benchmarks(name: str) -> None:
    source = generated()
    found = figures((ROOT / name).read_text(encoding="utf-8"))
    typed = [f for f in found if f not in NOT_MEASURED and f not in source]
    assert typed == [], f"{name} gives figures that docs/benchmarks.md does not (python -m bench writes it)"


def test_the_readmes_counts_are_computed() -> None:
    from lispy.claims import claims
    from lispy.notes.index import ENTRIES

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    every = claims()
    checkable = sum(1 for c in every if c.checkable)
    assert f"{len(every)} claims by the project's count, {checkable} of them checkable" in readme
    assert f"the notes' {len(ENTRIES)} definitions" in readme
    assert readme.count("47 definitions") == readme.count(f"{len(ENTRIES)} definitions")


def test_the_pdp_10s_factor_in_the_chapters_page_is_the_one_the_runs_print() -> None:
    """docs/chapters.md says "more than a thousand times": the factors docs/benchmarks.md gives are."""
    factors = re.search(r"the PDP-10's 11 s over `search p₀`, lists \| ([\d,]+)–([\d,]+)×", generated())
    assert factors, "docs/benchmarks.md gives the chapters' factors (python -m bench.build)"
    low, high = (int(x.replace(",", "")) for x in factors.groups())
    assert 1_000 < low <= high
    chapters = " ".join((ROOT / "docs" / "chapters.md").read_text(encoding="utf-8").split())
    assert "is more than a thousand times lispy's time here" in chapters
