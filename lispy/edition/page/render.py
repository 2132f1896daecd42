"""HTML for the pieces of the edition: M-expressions and Python highlighted (Pygments), the
difference between a printed and a corrected statement marked, values, McCarthy's paragraphs, and
one definition's row with its columns.

Highlighting uses Pygments' own short CSS classes (``k``, ``nf``, ``no``, …), so one Pygments
style sheet colours both languages.  Every piece of text from the project or the archive files is
escaped.
"""

from __future__ import annotations

import difflib
import math
from html import escape
from typing import Any

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer
from pygments.token import STANDARD_TYPES, Token

from lispy.edition.evidence.rows import Row
from lispy.edition.live import proof_form, row_form
from lispy.edition.page.lexer import MExpressionLexer
from lispy.edition.sources.document import Font, Paragraph
from lispy.sexpr.printer import to_string

__all__ = ["mexpr", "paragraph", "python", "row", "value"]

LONG_VALUE = 300
"""Values longer than this many characters are shown cut, the whole in a box that opens."""


def _css_class(kind: Any) -> str:
    while kind not in STANDARD_TYPES and kind.parent is not None:
        kind = kind.parent
    return str(STANDARD_TYPES.get(kind, ""))


def _tokens(text: str) -> list[tuple[Any, str]]:
    return list(MExpressionLexer().get_tokens(text))


def _spans(tokens: list[tuple[Any, str]], mark: set[int], tag: str) -> str:
    out = []
    for i, (kind, text) in enumerate(tokens):
        css = _css_class(kind)
        piece = (
            f'<span class="{css}">{escape(text)}</span>'
            if css and kind is not Token.Text.Whitespace
            else escape(text)
        )
        out.append(f"<{tag}>{piece}</{tag}>" if i in mark and text.strip() else piece)
    return "".join(out)


def mexpr(text: str, against: str | None = None, tag: str = "ins") -> str:
    """An M-expression highlighted, in ``<pre class="highlight m">``.  With ``against`` (the other
    form of the statement), the tokens that differ from it are wrapped in ``<ins>`` (or ``tag``)."""
    tokens = _tokens(text.rstrip("\n"))
    mark: set[int] = set()
    if against is not None:
        theirs = [t for _, t in _tokens(against.rstrip("\n"))]
        mine = [t for _, t in tokens]
        matcher = difflib.SequenceMatcher(
            None, [t.strip() or " " for t in theirs], [t.strip() or " " for t in mine], autojunk=False
        )
        for op, _, _, j1, j2 in matcher.get_opcodes():
            if op != "equal":
                mark.update(range(j1, j2))
    return f'<pre class="highlight m">{_spans(tokens, mark, tag)}</pre>'


def python(text: str, first_line: int) -> str:
    """Python source highlighted, each line numbered as in its file (from ``first_line``)."""
    formatter = HtmlFormatter(
        cssclass="highlight py", linenos="inline", linenostart=first_line, wrapcode=True
    )
    return str(highlight(text, PythonLexer(), formatter))


def value(x: object) -> str:
    """A value in the notation of the notes (Lisp data, ``true``/``false``, ``∞``), as HTML."""
    if isinstance(x, bool):
        text = "true" if x else "false"
    elif isinstance(x, float) and math.isinf(x):
        text = "∞" if x > 0 else "-∞"
    else:
        text = to_string(x)
    if len(text) <= LONG_VALUE:
        return f'<code class="value">{escape(text)}</code>'
    return (
        f'<details class="value"><summary><code>{escape(text[:LONG_VALUE])}…</code> '
        f"({len(text):,} characters)</summary><code>{escape(text)}</code></details>"
    )


_FONT_TAGS = {Font.ITALIC: "i", Font.BOLD: "b", Font.SUB: "sub", Font.SUP: "sup", Font.HEADING: "strong"}


def paragraph(p: Paragraph, source: str) -> str:
    """One of McCarthy's paragraphs, in its fonts, with the archive file and line it comes from."""
    inner = []
    for run in p.runs:
        tag = _FONT_TAGS.get(run.font)
        text = escape(run.text)
        inner.append(f"<{tag}>{text}</{tag}>" if tag else text)
    body = "".join(inner)
    cite = f'<span class="where">{escape(source)}, line {p.line}</span>'
    if p.kind == "display":
        return f'<div class="orig display"><pre>{body}</pre>{cite}</div>'
    return f'<p class="orig {p.kind}">{body} {cite}</p>'


def _run_cell(r: Row) -> str:
    o = r.outcome
    if o is None:
        return '<p class="none">No example for this definition in this build.</p>'
    notes = f'<div class="err">{escape(o.notes_error)}</div>' if o.notes_error else value(o.notes_value)
    py = f'<div class="err">{escape(o.python_error)}</div>' if o.python_error else value(o.python_value)
    verdict = '<p class="ok">✓ the same value</p>' if o.agree else '<p class="bad">✗ the values differ</p>'
    return (
        '<div class="call"><span class="label">the notes</span> '
        f'<code class="m">{escape(o.example.notes)}</code>'
        f"<div>→ {notes}</div></div>"
        f'<div class="call"><span class="label">Python</span> <code>{escape(o.example.python)}</code>'
        f"<div>→ {py}</div></div>{verdict}"
    )


def _proof_cell(r: Row) -> str:
    a = r.agreement
    if a is None:
        random_part = '<p class="none">No random inputs for this definition in this build.</p>'
    else:
        mark, css = ("✓", "ok") if a.holds else ("✗", "bad")
        library = (
            f" The library's own form agreed on {a.library_agreed} of {a.trials}."
            if a.library_agreed is not None
            else ""
        )
        unit = "input" if a.trials == 1 else "inputs"
        random_part = (
            f'<p class="{css}">{mark} The notes and the Python agreed on '
            f"<strong>{a.agreed} of {a.trials}</strong> "
            f"{unit}: {escape(a.inputs)} (seed {a.seed}).{library}</p>"
        )
        if a.disagreement:
            random_part += f'<p class="bad">First disagreement: {escape(a.disagreement)}</p>'
    s = r.structural
    if s is None:
        structural = ""
    else:
        css, said = ("ok", "yes") if s.equal else ("bad", "no")
        structural = f'<p class="{css}">Structurally equal: {said}. {escape(s.detail)}</p>'
    return random_part + structural


def _errata_links(r: Row) -> str:
    if not r.errata:
        return ""
    links = ", ".join(
        f'<a href="errata.html#{e.anchor}" title="{escape(e.title)}">{e.number}</a>' for e in r.errata
    )
    return f'<p class="errata">Errata: {links}</p>'


def row(r: Row) -> str:
    """The row of one definition: the original text (with ``--notes``) and the printed and corrected
    forms; the Python; the example run both ways; the evidence."""
    e = r.entry
    parts = [f'<article class="row" id="{e.anchor}">']
    parts.append(
        f'<h3><a class="self" href="#{e.anchor}">{e.number}. {escape(e.name)}</a>'
        f'<span class="part">lispy/notes/{e.part}.m, line {e.statement(corrected=False).line}</span></h3>'
    )
    left = []
    if r.original is not None:
        left += [paragraph(p, r.original.source) for p in r.original.before if p.kind != "heading"]
        left.append(f'<p class="where">Printed in {escape(r.original.source)} at line {r.original.line}.</p>')
    left.append("<h4>As printed (1973)</h4>")
    left.append(mexpr(r.printed, r.corrected, tag="del") if r.corrected else mexpr(r.printed))
    if r.corrected is not None:
        left.append("<h4>As corrected</h4>")
        left.append(mexpr(r.corrected, r.printed))
    left.append(_errata_links(r))
    right = ["<h4>In Python</h4>"]
    if r.python is not None:
        right.append(f'<p class="where">{escape(r.python.module)}, line {r.python.line}</p>')
        right.append(f'<div class="code">{python(r.python.text, r.python.line)}</div>')
    else:
        right.append(f'<p class="bad">The transcription was not found: {escape(r.python_error or "")}</p>')
    if r.library is not None:
        right.append(
            "<details><summary>The library's own form "
            f"({escape(r.library.module)}, line {r.library.line})</summary>"
            f'<div class="code">{python(r.library.text, r.library.line)}</div></details>'
        )
    parts.append(f'<div class="cells"><div class="cell notes">{"".join(left)}</div>')
    parts.append(f'<div class="cell python">{"".join(right)}</div>')
    parts.append(
        f'<div class="cell evidence"><div><h4>Run</h4>{_run_cell(r)}{row_form(r)}</div>'
        f"<div><h4>Proof</h4>{_proof_cell(r)}{proof_form(r)}</div></div></div>"
    )
    parts.append("</article>")
    return "\n".join(parts)
