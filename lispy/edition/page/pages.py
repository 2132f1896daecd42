"""The edition's pages: the definitions with the claims and figures (``index.html``), an index of
the definitions by name (``names.html``), the errata (``errata.html``) and the companion sources
(``companions.html``).  Static HTML5 from the templates of ``templates/``, with one stylesheet beside
it, read as it is with no script; ``index.html`` also loads ``live.js`` (:mod:`lispy.edition.live`),
which runs the examples, the REPL and the αβ steppers in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lispy.edition.claims import Claim, tally
from lispy.edition.evidence.rows import Row
from lispy.edition.page.figures import Figure
from lispy.edition.page.render import render
from lispy.edition.page.stepper import steppers
from lispy.edition.sources.original import Alignment

__all__ = ["Build", "index_page", "page"]


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


def page(name: str, title: str, pyodide: str | None = None, **context: Any) -> str:
    """The page ``name`` (``"names.html"``) from its template (``templates/names.html.j2``), with
    ``title`` and ``context``; ``pyodide``: where the page loads Pyodide from, None for a page that
    runs nothing."""
    return render(f"{name}.j2", title=title, current=name, pyodide=pyodide, **context)


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
    return page(
        "index.html",
        "McCarthy 1973 with lispy: the edition",
        pyodide,
        rows=rows,
        claims=claims,
        tally=tally(claims),
        figure_2_6=figure_2_6,
        ordering_svg=ordering_svg,
        ordering_rows=ordering_rows,
        alignment=alignment,
        build=build,
        steppers=steppers() if pyodide else [],
    )
