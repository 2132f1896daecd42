"""The edition's templates (``templates/`` beside this module), rendered by Jinja2 with every value
escaped unless it is marked safe (Pygments' and markdown-it's HTML).  Highlighting
(:mod:`lispy.edition.page.highlight`) and markdown are imported when first used, so that the page's
own Python (the αβ stepper of a random tree, :mod:`lispy.edition.live`) renders with Jinja2 alone.

>>> render_macro("macros.html.j2", "verdict", "turns on the reading")
'<span class="verdict turns">turns on the reading</span>'
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from lispy.edition.sources.document import PUB_NAME, XGP_NAME
from lispy.mexpr.errors import show
from lispy.notes.index import SECTIONS

__all__ = ["ARCHIVE_SITE", "ENVIRONMENT", "render", "render_macro"]

ARCHIVE_SITE = "SAILDART"
"""Where the notes are: the Stanford AI Lab archive, SAILDART (saildart.org), files FOO.XGP and SAFE1 in
the [206,JMC] area, both dated 1973-11-06."""


def _mexpr_tokens(text: str, against: str | None = None) -> list[tuple[str, str, bool]]:
    from lispy.edition.page.highlight import mexpr_tokens

    return mexpr_tokens(text, against)


def _python(text: str, first_line: int) -> Markup:
    from lispy.edition.page.highlight import python

    return python(text, first_line)


def _markdown(text: str) -> Markup:
    from markdown_it import MarkdownIt

    return Markup(MarkdownIt("commonmark").enable("table").render(text))  # ERRATA.md, lispy's own text


ENVIRONMENT = Environment(
    loader=PackageLoader("lispy.edition.page"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
ENVIRONMENT.filters.update(
    show=show,
    coord=lambda x, digits=1: f"{x:.{digits}f}",
    mexpr_tokens=_mexpr_tokens,
    python=_python,
    markdown=_markdown,
)
ENVIRONMENT.tests["contains"] = lambda collection, x: x in collection
ENVIRONMENT.globals.update(XGP_NAME=XGP_NAME, PUB_NAME=PUB_NAME, ARCHIVE_SITE=ARCHIVE_SITE, sections=SECTIONS)


def render(template: str, **context: Any) -> str:
    """The template ``template`` of ``templates/``, rendered with ``context``."""
    return ENVIRONMENT.get_template(template).render(**context)


def render_macro(template: str, name: str, *args: Any) -> str:
    """The macro ``name`` of the template ``template``, called with ``args``."""
    return str(getattr(ENVIRONMENT.get_template(template).module, name)(*args))
