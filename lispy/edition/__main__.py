"""``python -m lispy.edition --out DIR [--force] [--notes FILE]... [--seed N] [--pyodide DIR]
[--serve [--port N]]``: write the edition into DIR (and serve it on 127.0.0.1).

The edition is static HTML generated from the project every time: the notes' definitions from
``lispy/notes/*.m``, the transcriptions from the code, the errata from ERRATA.md, every value,
proof and figure computed now.  A ``--notes`` file that is not one of the archive files (or is not
a regular file, or is longer than 256 KiB) is reported in one line and the edition is written
without it.

DIR must be new, empty or a previous edition and nothing else: the edition replaces its folder
whole, never a file it did not write, and follows no link (``lispy.edition.output``).  ``--serve``
binds its port first, then serves the edition DIR holds, or builds one where DIR holds none; without
``--out``, it builds into a temporary folder removed on exit.
"""

from __future__ import annotations

import sys

from lispy import cli

if __name__ == "__main__":
    cli.interrupt_exits()  # a Ctrl-C while the modules below load: one line and 130, not a traceback

try:  # the edition's own libraries, the extra lispy[edition]: without them one line, no traceback
    import jinja2  # noqa: F401
    import markdown_it  # noqa: F401
    import pygments  # noqa: F401
except ImportError as missing:
    sys.exit(
        f"lispy.edition needs its extra libraries ({missing.name} is not installed): "
        "python -m pip install 'lispy[edition]' (in a clone: python -m pip install -e '.[edition]')"
    )

import argparse
import contextlib
import datetime
import os
import platform
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from pygments.formatters import HtmlFormatter

from lispy.claims import RULES, VERDICTS, claims, tally_sentence
from lispy.edition.evidence.companions import companions
from lispy.edition.evidence.proof import SEED, prove
from lispy.edition.evidence.rows import rows
from lispy.edition.live.pyodide import CDN, PYODIDE_VERSION, write_runtime
from lispy.edition.output import MARKER, OutputFolderError, stopping, write_edition
from lispy.edition.page import pages
from lispy.edition.page.figures import figure_2_6, ordering_figure, tree_svg
from lispy.edition.page.stepper import steppers
from lispy.edition.sources.archive import load
from lispy.edition.sources.document import PUB_NAME, XGP_NAME, Document, NotesFileError
from lispy.edition.sources.errata import errata_markdown, parse
from lispy.edition.sources.original import Alignment, align

__all__ = ["build", "main"]


def _read_notes(files: Sequence[Path], say: Callable[[str], None], problems: list[str]) -> list[Document]:
    documents = []
    for path in files:
        try:
            document = load(path)
        except NotesFileError as e:
            reason = str(e).removeprefix(f"{path}: ")  # the path said once
            problems.append(f"--notes {path}: {reason}. The edition is written without it.")
            print(f"error: {problems[-1]}", file=sys.stderr)
            continue
        say(f"read {document.name} ({document.date}) from {path}: {len(document)} paragraphs")
        documents.append(document)
    return documents


def build(
    out: Path,
    notes: Sequence[Path] = (),
    seed: int = SEED,
    trials: int = 100,
    say: Callable[[str], None] = print,
    *,
    force: bool = False,
    pyodide: Path | None = None,
) -> pages.Build:
    """Write the edition into ``out`` (made if missing, in a folder that exists); return what it
    says of its build.

    Raises :class:`~lispy.edition.output.OutputFolderError` where ``out`` holds anything the
    edition did not write (``force``: see :mod:`~lispy.edition.output`), before the build."""
    start = time.perf_counter()
    built: list[pages.Build] = []
    files = write_edition(
        out, lambda at: built.append(_build(at, notes, seed, trials, say, start, pyodide)), force=force
    )
    more = sum(name.endswith(".html") for name in files) - 1
    say(f"wrote {out / 'index.html'} and {more} more pages in {time.perf_counter() - start:.1f} s")
    return built[0]


def _build(
    out: Path,
    notes: Sequence[Path],
    seed: int,
    trials: int,
    say: Callable[[str], None],
    start: float,
    pyodide: Path | None,
) -> pages.Build:
    info = pages.Build(
        datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        f"{platform.machine() or 'an unknown machine'} ({platform.system()})",
        platform.python_version(),
        seed,
    )
    documents = _read_notes(notes, say, info.notes_problems)
    alignment: Alignment | None = None
    if documents:
        alignment = align(documents)
        info.notes_files = alignment.sources
        for entry in alignment.missing:
            info.notes_problems.append(
                f"{entry.name} (lispy/notes/{entry.part}.m) was not found in the decoded text of "
                + ", ".join(alignment.sources)
            )
            say(f"warning: {info.notes_problems[-1]}")
        say(f"aligned McCarthy's paragraphs with {len(alignment.rows)} of the definitions")
    text = errata_markdown()
    errata = parse(text) if text else []
    say(f"read ERRATA.md: {len(errata)} entries" if text else "warning: ERRATA.md not found: no errata page")
    say(f"proving: random inputs, seed {seed}, {trials} a definition …")
    proofs = prove(seed, trials)
    held = sum(a.holds for a in proofs.values())
    say(f"  the notes and the Python agreed on every input for {held} of {len(proofs)} definitions")
    say("running each definition's example both ways …")
    table = rows(errata, proofs, alignment.rows if alignment else None)
    agreed = sum(1 for r in table if r.outcome and r.outcome.agree)
    say(f"  {agreed} of {len(table)} examples give the same value")
    say("measuring the notes' claims on this machine …")
    measured = claims()
    say("drawing the figures …")
    figure = figure_2_6()
    plot, ordering_rows = ordering_figure()
    say("computing the companion sources' figures …")
    sections = companions()
    info.seconds = time.perf_counter() - start
    written = {"figures/figure-2-6.svg": figure.svg}
    if plot is not None:
        written["figures/ordering.svg"] = plot
    else:
        say("matplotlib is not installed: the ordering plot is a table (pip install -e '.[plot]')")
    for s in sections:
        if s.searched:
            written[f"figures/{s.anchor}.svg"] = tree_svg(*s.searched, True, s.figure)
    css = resources.files("lispy.edition.page").joinpath("style.css").read_text(encoding="utf-8")
    written["style.css"] = (
        css + "\n/* Pygments */\n" + HtmlFormatter(style="default").get_style_defs(".highlight") + "\n"
    )
    where = write_runtime(out, pyodide, say)
    written["index.html"] = pages.page(
        "index.html",
        "McCarthy 1973 with lispy: the edition",
        where,
        rows=table,
        claims=measured,
        tally=tally_sentence(measured),
        verdicts=VERDICTS,
        rules=RULES,
        figure_2_6=figure,
        ordering_svg=plot is not None,
        ordering_rows=ordering_rows,
        alignment=alignment,
        build=info,
        steppers=steppers(),
    )
    written["names.html"] = pages.page("names.html", "Index of definitions", rows=table)
    written["errata.html"] = pages.page("errata.html", "Errata", errata=errata, rows=table)
    written["companions.html"] = pages.page("companions.html", "The companion sources", sections=sections)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    for name, content in written.items():
        (out / name).write_text(content, encoding="utf-8")
    return info


def main(argv: Sequence[str] | None = None) -> int:
    parser = cli.parser("python -m lispy.edition", __doc__)
    parser.add_argument(
        "--out", type=Path, metavar="DIR", help="the folder to write into: new, empty or a previous edition"
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the previous edition in DIR even where its own files were changed since it was "
        "written (a file it did not write is never replaced)",
    )
    parser.add_argument(
        "--notes",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help=f"an archive file of the notes, {XGP_NAME} or {PUB_NAME}, as the Stanford AI Lab archive serves "
        "it: its paragraphs go in the left column (may be given twice)",
    )
    parser.add_argument(
        "--seed", type=int, default=SEED, help="the seed of the random inputs (default: %(default)s)"
    )
    parser.add_argument(
        "--trials", type=int, default=100, help="random inputs for each definition (default: %(default)s)"
    )
    parser.add_argument(
        "--pyodide",
        type=_pyodide_folder,
        metavar="DIR",
        help=f"a local Pyodide (npm install pyodide@{PYODIDE_VERSION}; DIR is node_modules/pyodide) to copy "
        f"into the output; without it the page loads Pyodide {PYODIDE_VERSION} from {CDN}",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="serve the edition on 127.0.0.1: the one in --out DIR as it is, or, where DIR holds none (or "
        "without --out, in a temporary folder), one built first; a page opened as a file cannot run lispy",
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="the port for --serve (default: %(default)s; 0: any free port)"
    )
    args = parser.parse_args(argv)
    if args.trials < 1:
        parser.error("--trials must be at least 1")
    if args.out is None and not args.serve:
        parser.error("the following arguments are required: --out (or --serve)")
    with stopping(), contextlib.ExitStack() as removed:  # SIGTERM too ends it through every finally
        if args.out is None:
            args.out = Path(removed.enter_context(tempfile.TemporaryDirectory(prefix="lispy-edition-")))
        if not args.serve:
            return _build_or_say(args)
        from lispy.edition.live.serve import listen

        try:
            server = removed.enter_context(listen(args.out, args.port))
        except OSError as e:
            print(f"error: cannot serve on 127.0.0.1:{args.port}: {e.strerror or e}", file=sys.stderr)
            return 1
        if os.path.lexists(args.out / MARKER):
            print(f"{args.out} holds an edition: serving it as it is (build without --serve to renew it)")
        elif status := _build_or_say(args):
            return status
        print(f"serving {args.out} at http://127.0.0.1:{server.server_address[1]}/index.html (Ctrl-C stops)")
        sys.stdout.flush()
        server.serve_forever()
    return 0


def _build_or_say(args: argparse.Namespace) -> int:
    """Build the edition as ``args`` ask; the exit status, with one line on standard error where the
    edition cannot be written."""
    try:
        build(args.out, args.notes, args.seed, args.trials, force=args.force, pyodide=args.pyodide)
    except OutputFolderError as e:
        print(f"error: --out {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise  # our own output closed early: lispy.cli ends quietly
    except OSError as e:
        print(f"error: cannot write the edition into {args.out}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0


def _pyodide_folder(text: str) -> Path:
    path = Path(text)
    if not (path / "pyodide.mjs").is_file():
        raise argparse.ArgumentTypeError(
            f"{text} holds no pyodide.mjs: give the folder of a Pyodide distribution, such as "
            f"node_modules/pyodide after npm install pyodide@{PYODIDE_VERSION}"
        )
    return path


if __name__ == "__main__":
    cli.run(main)
