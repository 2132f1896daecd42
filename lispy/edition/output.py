"""The edition's folder, replaced whole: never a file the edition did not write, never a link followed.

:func:`write_edition` writes the edition into DIR only where DIR is missing, empty, or a previous
edition: a folder holding the edition's :data:`MARKER` and nothing but the regular files the
marker lists (unchanged since, unless ``force``) and the folders on the way to them.  Anything else
(a file of yours, a link, a folder that cannot be written, DIR itself a link or a file) is refused
in one line before the build.  The edition is built in a new folder beside DIR
(``.lispy-edition-build-…``); DIR is renamed into it and checked again, the new edition renamed to
DIR, and the build folder removed with :func:`shutil.rmtree`, which follows no link.  SIGINT,
SIGTERM and SIGHUP end the build through every ``finally``, and none after the first interrupts the
cleanup, which puts the old edition back if the build stopped between the renames (:func:`stopping`).
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import signal
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

__all__ = ["MARKER", "OutputFolderError", "stopping", "write_edition"]

MARKER = ".lispy-edition"
"""The edition's list of what it wrote: ``{"lispy-edition": 1, "files": {path: sha256}}``."""


class OutputFolderError(Exception):
    """The folder cannot take the edition; the message is one line, ``DIR: why``."""


def _shown(path: object) -> str:
    return str(path) if str(path).isprintable() else repr(str(path))


def _digest(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _refusal(folder: Path, force: bool) -> str | None:
    """Why the edition may not replace ``folder``, in words that say the way out; None where it may."""
    if os.path.islink(folder):
        return f"is a link: give the folder it points to, {_shown(os.path.realpath(folder))}"
    if not os.path.lexists(folder):
        return None
    if not folder.is_dir():
        return "is a file, not a folder"
    modes: dict[str, int] = {}  # every path inside, relative with "/": the walk follows no link
    for root, folders, files in os.walk(folder):
        here = Path(root).relative_to(folder)
        if not os.access(root, os.W_OK | os.X_OK):
            where = "the folder" if here.name == "" else f"{_shown(here)}/"
            return f"{where} cannot be written, so the edition in it cannot be replaced: make it writable"
        modes.update({(here / n).as_posix(): os.lstat(Path(root, n)).st_mode for n in folders + files})
    listed: dict[str, str] | None = None  # the marker's list, where the folder holds an edition
    if stat.S_ISREG(modes.get(MARKER, 0)):
        try:
            marker = json.loads((folder / MARKER).read_bytes())
            digests = marker["files"] if marker["lispy-edition"] == 1 else {"": "not a digest"}
            if all(isinstance(v, str) and len(v) == 64 for v in digests.values()):
                listed = digests
        except (ValueError, RecursionError, LookupError, TypeError, AttributeError):
            listed = None
        if listed is None:
            return f"{MARKER} is not the list of files a lispy edition writes: not touching this folder"
    on_the_way = {p.as_posix() for name in listed or () for p in Path(name).parents}
    for name, mode in sorted(modes.items()):
        if listed is not None and stat.S_ISREG(mode) and name in listed:
            if force or _digest(folder / name) == listed[name]:
                continue
            return f"{_shown(name)} was changed since lispy wrote it: move it away, or add --force to replace"
        if listed is not None and (name == MARKER or (stat.S_ISDIR(mode) and name in on_the_way)):
            continue
        thing = _shown(name) + ("/" if stat.S_ISDIR(mode) else ", a link," if stat.S_ISLNK(mode) else "")
        if listed is None:
            return f"is not empty and is not a lispy edition (it holds {thing}): give a new or empty folder"
        return f"holds {thing} which lispy did not write: move it out (the edition is replaced whole)"
    return None


def write_edition(
    out: str | os.PathLike[str], write: Callable[[Path], object], *, force: bool = False
) -> dict[str, str]:
    """Call ``write(folder)`` to write the edition into a new folder beside ``out``, then put that
    folder in the place of ``out``; return the files written (``{"index.html": sha256, …}``, paths
    relative to ``out`` with ``/``).

    Raises :class:`OutputFolderError` (one line, ``out: why``) where ``out`` may not be replaced (the
    module's docstring says when), before ``write`` is called; whatever ``write`` raises, with
    ``out`` as it was and the build folder removed.

    >>> import tempfile, pathlib
    >>> site = pathlib.Path(tempfile.mkdtemp()) / "site"
    >>> sorted(write_edition(site, lambda d: (d / "index.html").write_text("<p>hello")))
    ['index.html']
    >>> _ = (site / "notes.txt").write_text("mine")
    >>> try:
    ...     write_edition(site, lambda d: (d / "index.html").write_text("<p>again"))
    ... except OutputFolderError as e:
    ...     print(str(e).split(": ", 1)[1])
    holds notes.txt which lispy did not write: move it out (the edition is replaced whole)
    >>> (site / "notes.txt").read_text(), (site / "index.html").read_text()
    ('mine', '<p>hello')
    """
    folder, shown = Path(os.path.abspath(out)), _shown(out)
    problem = _refusal(folder, force) if folder.name else "is the root of the filesystem: give a folder in it"
    if problem is not None:
        raise OutputFolderError(f"{shown}: {problem}")
    building = folder.parent / f".lispy-edition-build-{secrets.token_hex(8)}"  # named before it is made
    new, old = building / "new", building / "old"
    with stopping():
        try:
            try:
                building.mkdir()
            except OSError as e:
                raise OutputFolderError(f"{shown}: cannot build beside it: {e.strerror or e}") from None
            new.mkdir()
            write(new)
            files = {
                Path(root, name).relative_to(new).as_posix(): _digest(Path(root, name))
                for root, _, names in os.walk(new)
                for name in names
            }
            marker = {"lispy-edition": 1, "files": dict(sorted(files.items()))}
            (new / MARKER).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
            if os.path.lexists(folder):
                os.rename(folder, old)
                if (problem := _refusal(old, force)) is not None:  # written into during the build
                    raise OutputFolderError(f"{shown}: changed during the build: {problem}")
                os.chmod(new, stat.S_IMODE(os.lstat(old).st_mode))
            try:
                os.rename(new, folder)
            except OSError as e:
                raise OutputFolderError(f"{shown}: cannot replace it: {e.strerror or e}") from None
        finally:
            try:
                _clean_up(folder, old, building)
            finally:
                _clean_up(folder, old, building)  # again, if the first signal stopped it: none comes after
    if os.path.lexists(building):
        raise OutputFolderError(f"{shown}: the new edition is in place, but remove {_shown(building)}")
    return files


def _clean_up(folder: Path, old: Path, building: Path) -> None:
    """The old edition renamed back if the build stopped between the renames; the build folder removed."""
    if os.path.lexists(old) and not os.path.lexists(folder):
        os.rename(old, folder)
    shutil.rmtree(building, ignore_errors=True)


_ENDING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _end(signum: int, frame: FrameType | None) -> None:
    for number in _ENDING:
        if signal.getsignal(number) == _end:
            signal.signal(number, _ignore)
    raise KeyboardInterrupt if signum == signal.SIGINT else SystemExit(128 + signum)


def _ignore(signum: int, frame: FrameType | None) -> None:
    """A signal after the first: the program is already ending, through its cleanup."""


@contextmanager
def stopping() -> Iterator[None]:
    """Within, the first SIGINT raises ``KeyboardInterrupt`` and the first SIGTERM or SIGHUP
    ``SystemExit(128 + n)``, so that every ``finally`` runs; those after it are ignored, so that
    none interrupts the cleanup.  A signal ignored stays ignored; the handlers are restored on
    leaving (nested, by the outermost).  In the main thread, which alone receives signals.

    >>> before = signal.getsignal(signal.SIGTERM)
    >>> try:
    ...     with stopping():
    ...         signal.raise_signal(signal.SIGTERM)
    ... except SystemExit as e:
    ...     print(e.code, signal.getsignal(signal.SIGTERM) == before)
    143 True
    """
    saved = {}
    if threading.current_thread() is threading.main_thread():
        for number in _ENDING:
            if signal.getsignal(number) not in (signal.SIG_IGN, None, _end, _ignore):
                saved[number] = signal.signal(number, _end)
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)
