"""``python -m lispy.edition --out DIR [--force] [--notes FILE]... [--seed N] [--pyodide DIR]
[--serve [--port N]]``: write the edition into DIR (and serve it on 127.0.0.1).

The edition is static HTML generated from the project every time: the notes' definitions from
``lispy/notes/*.m``, the transcriptions from the code, the errata from ERRATA.md, every value,
proof and figure computed now.  A ``--notes`` file that is not one of the archive files (or is not
a regular file, or is longer than 256 KiB) is reported in one line and the edition is written
without it.

DIR must be new, empty or a previous edition and nothing else: the edition replaces its folder
whole, never a file it did not write, and follows no link (``lispy.edition.output``).  ``--serve
--out DIR`` serves DIR as it is when it holds an edition built from the same inputs (:func:`inputs`).
"""

from __future__ import annotations

import sys

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
import datetime
import hashlib
import importlib.metadata
import platform
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from pygments.formatters import HtmlFormatter

import lispy
from lispy import cli
from lispy.claims import RULES, VERDICTS, claims, tally_sentence
from lispy.edition.evidence.companions import companions
from lispy.edition.evidence.proof import SEED, prove
from lispy.edition.evidence.rows import rows
from lispy.edition.live.runtime import CDN, PYODIDE_VERSION, package_folders, write_runtime
from lispy.edition.output import OutputFolderError, current, write_edition
from lispy.edition.page import pages
from lispy.edition.page.figures import figure_2_6, ordering_figure, tree_svg
from lispy.edition.page.stepper import steppers
from lispy.edition.sources.archive import _read_bounded, load
from lispy.edition.sources.document import PUB_NAME, XGP_NAME, Document, NotesFileError
from lispy.edition.sources.errata import errata_markdown, parse
from lispy.edition.sources.original import Alignment, align

__all__ = ["build", "inputs", "main"]


def inputs(notes: Sequence[Path], seed: int, trials: int, pyodide: Path | None) -> str:
    """What an edition is built from, as one SHA-256: lispy's version and every file of the packages
    that go into ``lispy.zip`` (lispy's own, with the notes, the templates and the page's assets, and
    :data:`~lispy.edition.live.runtime.PAGE_DEPENDENCIES`), ERRATA.md, the name and version of every installed
    distribution, Python's version, the machine, ``seed`` and ``trials``, and the bytes of each
    ``--notes`` file and of the files of the ``--pyodide`` folder.  Two builds from the same inputs
    differ only in what they measure (the notes' claims, the build's date and time)."""
    sha = hashlib.sha256()

    def add(*parts: object) -> None:
        for part in parts:
            data = part if isinstance(part, bytes) else repr(part).encode()
            sha.update(len(data).to_bytes(8, "big") + data)

    add(lispy.__version__, platform.python_version(), platform.machine(), platform.system(), seed, trials)
    add(sorted((d.metadata["Name"] or "", d.version) for d in importlib.metadata.distributions()))
    add(errata_markdown() or "")
    for root in package_folders():
        for file in sorted(root.rglob("*")):
            if file.is_file() and "__pycache__" not in file.parts:
                add(file.relative_to(root).as_posix(), file.read_bytes())
    for path in notes:
        try:
            add(str(path), _read_bounded(path))
        except (OSError, NotesFileError) as e:
            add(str(path), str(e))
    for file in sorted(pyodide.iterdir()) if pyodide else ():
        if file.is_file():
            with open(file, "rb") as f:
                add(file.name, hashlib.file_digest(f, "sha256").digest())
    return sha.hexdigest()


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
        out,
        lambda at: built.append(_build(at, notes, seed, trials, say, start, pyodide)),
        force=force,
        inputs=inputs(notes, seed, trials, pyodide),
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
        help="serve the edition on 127.0.0.1 after building it (into --out, or a temporary folder); "
        "a page opened as a file cannot run lispy",
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="the port for --serve (default: %(default)s; 0: any free port)"
    )
    args = parser.parse_args(argv)
    if args.trials < 1:
        parser.error("--trials must be at least 1")
    if args.out is None and not args.serve:
        parser.error("the following arguments are required: --out (or --serve)")
    try:
        if args.serve and args.out is None:
            with tempfile.TemporaryDirectory(prefix="lispy-edition-") as folder:
                args.out = Path(folder)
                build(args.out, args.notes, args.seed, args.trials, pyodide=args.pyodide)
                return _serve(args)
        if args.serve and current(args.out, inputs(args.notes, args.seed, args.trials, args.pyodide)):
            print(f"{args.out} holds the edition this lispy builds from these inputs: serving it as it is")
        else:
            build(args.out, args.notes, args.seed, args.trials, force=args.force, pyodide=args.pyodide)
    except OutputFolderError as e:
        print(f"error: --out {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise  # our own output closed early: lispy.cli ends quietly
    except OSError as e:
        print(f"error: cannot write the edition into {args.out}: {e.strerror or e}", file=sys.stderr)
        return 1
    return _serve(args)


def _pyodide_folder(text: str) -> Path:
    path = Path(text)
    if not (path / "pyodide.mjs").is_file():
        raise argparse.ArgumentTypeError(
            f"{text} holds no pyodide.mjs: give the folder of a Pyodide distribution, such as "
            f"node_modules/pyodide after npm install pyodide@{PYODIDE_VERSION}"
        )
    return path


def _serve(args: argparse.Namespace) -> int:
    """With ``--serve``, serve ``args.out`` until Ctrl-C; the exit status."""
    if not args.serve:
        return 0
    from lispy.edition.live.serve import serve

    return serve(args.out, args.port)


if __name__ == "__main__":
    cli.run(main)
