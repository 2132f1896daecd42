"""The edition's pages: the definitions with the claims and figures (``index.html``), an index of
the definitions by name (``names.html``), the errata (``errata.html``) and the companion sources
(``companions.html``).  Static HTML5 from the templates of ``templates/``, with one stylesheet beside
it, read as it is with no script; ``index.html`` also loads ``live.js`` (:mod:`lispy.edition.live`),
which runs the examples, the REPL, the αβ and search steppers and the game against the notes in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lispy.edition.page.render import render

__all__ = ["Build", "page"]


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
    ``title`` and ``context``; ``pyodide``: where the page loads Pyodide from
    (:func:`lispy.edition.live.pyodide.write_runtime`), None for a page that runs nothing.  The runnable
    ``index.html`` has chapter 5's search steppers (:mod:`lispy.edition.page.search_stepper`)."""
    if name == "index.html" and pyodide is not None and "search_steppers" not in context:
        from lispy.edition.page.search_stepper import search_steppers

        context["search_steppers"] = search_steppers()
    return render(f"{name}.j2", title=title, current=name, pyodide=pyodide, **context)
