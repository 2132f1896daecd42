"""The edition's pages: the definitions with the claims and figures (``index.html``), an index of
the definitions by name (``names.html``), the errata (``errata.html``) and the companion sources
(``companions.html``).  Static HTML5 from the templates of ``templates/``, with one stylesheet beside
it, read as it is with no script; ``index.html`` also loads ``live.js`` (:mod:`lispy.edition.live`),
which runs the examples, the REPL and the αβ steppers in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lispy.edition.claims import Claim, tally
from lispy.edition.evidence.companions import Section
from lispy.edition.evidence.rows import Row
from lispy.edition.page.figures import Figure
from lispy.edition.page.render import render
from lispy.edition.page.stepper import steppers
from lispy.edition.sources.errata import Erratum
from lispy.edition.sources.original import Alignment

__all__ = ["ORDERING_CAPTION", "Build", "companions_page", "errata_page", "index_page", "names_page"]

ORDERING_CAPTION = (
    "Terminal positions examined on uniform trees with k = 4 moves a position, by depth, counted in this "
    "build: minimax, and αβ with the worst move first, in random order (the mean of 3 trees) and with "
    "the best move first; the dotted line is k^⌈n/2⌉ + k^⌊n/2⌋ − 1."
)
"""The caption of the figure (or table) on the order of the moves."""


@dataclass
class Build:
    """What the edition says of its build: when, on what, with which seed, how long it took, and
    what was read from the archive files."""

    when: str
    machine: str
    python: str
    seed: int
    seconds: float = 0.0
    notes_files: list[str] = field(default_factory=list)
    notes_problems: list[str] = field(default_factory=list)


def index_page(
    rows: list[Row],
    claims: list[Claim],
    figure_2_6: Figure,
    ordering_svg: bool,
    ordering_rows: list[list[str]],
    alignment: Alignment | None,
    build: Build,
    pyodide: str | None = None,
) -> str:
    """The edition: every definition in the notes' order under the notes' sections, with the claims;
    with ``pyodide`` (where the page loads Pyodide from: :mod:`lispy.edition.live.runtime`), the REPL
    panel and the αβ steppers."""
    return render(
        "index.html.j2",
        title="McCarthy 1973 with lispy: the edition",
        current="index.html",
        rows=rows,
        claims=claims,
        tally=tally(claims),
        figure_2_6=figure_2_6,
        ordering_svg=ordering_svg,
        ordering_caption=ORDERING_CAPTION,
        ordering_rows=ordering_rows,
        alignment=alignment,
        build=build,
        pyodide=pyodide,
        steppers=steppers() if pyodide else [],
    )


def names_page(rows: list[Row]) -> str:
    """Every definition by name, alphabetically, each linked to its row."""
    return render(
        "names.html.j2", title="Index of definitions", current="names.html", rows=rows, pyodide=None
    )


def errata_page(errata: list[Erratum], rows: list[Row]) -> str:
    """ERRATA.md, rendered, each entry with its anchor and links back to the definitions it concerns."""
    return render(
        "errata.html.j2", title="Errata", current="errata.html", errata=errata, rows=rows, pyodide=None
    )


def companions_page(sections: list[Section]) -> str:
    """The companion sources' figures: lispy's functions and values against the books'."""
    return render(
        "companions.html.j2",
        title="The companion sources",
        current="companions.html",
        sections=sections,
        pyodide=None,
    )
