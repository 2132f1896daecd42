"""The edition's folder, replaced whole: never a file removed one by one, never a link followed.

:func:`write_edition` writes the edition into DIR, which may be missing (in a folder that exists),
an empty folder or a previous edition: a folder holding the file :data:`MARKER`, the regular files
it lists with their SHA-256 (``force``: or changed since) and the folders on the way to them, and
nothing else.  Anything else, a link, DIR a mount point or a folder that cannot be written is
refused with :class:`OutputFolderError` before the build, in one line naming the first thing in the
way and the way out.  The new edition is written into a temporary folder beside DIR
(``.lispy-edition-build-…``), its marker last; DIR is renamed into it and checked again (renamed
back, and refused, if it changed), the new edition renamed to DIR, and the temporary folder removed
by :func:`shutil.rmtree`, which follows no link.  SIGINT, SIGTERM and SIGHUP stop the build, the
temporary folder is removed, and they are then acted on as without lispy; during the renames and
the removal they wait.  docs/edition.md, "Your files are safe", says what is not covered (SIGKILL, a
power cut).  Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from types import FrameType, TracebackType
from typing import Any

__all__ = ["MARKER", "OutputFolderError", "current", "write_edition"]

MARKER = ".lispy-edition"
"""The edition's list of what it wrote: ``{"lispy-edition": 1, "inputs": str, "files": {path: sha256}}``."""

_BUILDING = ".lispy-edition-build-"  # the temporary folder's name begins with this
_MARKER_LIMIT = 1 << 20  # a marker longer than this is not one the edition wrote
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # open refuses a link (POSIX)


class OutputFolderError(Exception):
    """The folder cannot take the edition; the message is one line, ``DIR: why``."""


def _shown(name: object) -> str:
    """A path as a one-line message shows it: quoted where it holds a character that does not print."""
    text = str(name)
    return text if text.isprintable() else repr(text)


def _digest(path: Path) -> str:
    with open(os.open(path, os.O_RDONLY | _NOFOLLOW), "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _kind(path: Path) -> str:
    """``"missing"``, ``"folder"``, ``"link"`` or ``"file"`` (anything else), not following a link."""
    try:
        mode = path.lstat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    return "folder" if stat.S_ISDIR(mode) else "link" if stat.S_ISLNK(mode) else "file"


def _marker(folder: Path) -> dict[str, Any] | None:
    """The marker in ``folder``, None without one; :class:`OutputFolderError` for one lispy does not write."""
    try:
        with open(os.open(folder / MARKER, os.O_RDONLY | _NOFOLLOW), "rb") as f:
            data = f.read(_MARKER_LIMIT + 1)
        marker = json.loads(data.decode("utf-8")) if len(data) <= _MARKER_LIMIT else None
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError):  # a link, a folder; not JSON; nested too deep
        marker = None
    files = marker.get("files") if isinstance(marker, dict) and marker.get("lispy-edition") == 1 else None
    if not isinstance(files, dict) or not all(isinstance(v, str) and len(v) == 64 for v in files.values()):
        raise OutputFolderError(
            f"{MARKER} is not the list of files a lispy edition writes: not touching this folder"
        )
    return marker


def _problem(folder: Path, force: bool) -> str | None:
    """Why the edition may not replace the folder ``folder`` (one line with the way out), or None."""
    try:
        marker = _marker(folder)
    except OutputFolderError as e:
        return str(e)
    files = marker["files"] if marker else {}
    on_the_way = {str(p) for name in files for p in PurePosixPath(name).parents}
    changed = None
    stack = [PurePosixPath(".")]
    while stack:
        here = stack.pop()
        if not os.access(folder / here, os.W_OK | os.X_OK):
            where = "the folder" if here.name == "" else f"{_shown(here)}/"
            return f"{where} cannot be written, so the edition in it cannot be replaced: make it writable"
        with os.scandir(folder / here) as found:
            entries = sorted(found, key=lambda e: e.name)
        for entry in entries:
            name = str(here / entry.name)
            if name == MARKER and marker:
                continue
            if entry.is_dir(follow_symlinks=False) and name in on_the_way:
                stack.append(here / entry.name)
            elif entry.is_file(follow_symlinks=False) and name in files:
                if changed is None and not force and _digest(folder / name) != files[name]:
                    changed = name
            else:
                return _in_the_way(name, entry, marker is not None)
    if changed is None:
        return None
    return f"{_shown(changed)} was changed since lispy wrote it: move it away, or add --force to replace it"


def _in_the_way(name: str, entry: os.DirEntry[str], edition: bool) -> str:
    thing = _shown(name) + (
        "/" if entry.is_dir(follow_symlinks=False) else ", a link," if entry.is_symlink() else ""
    )
    if not edition:
        return f"is not empty and is not a lispy edition (it holds {thing}): give a new or empty folder"
    return f"holds {thing} which lispy did not write: move it out (the edition is replaced whole)"


def _inspect(folder: Path, force: bool) -> str | None:
    """Why the edition may not be written as ``folder`` (a path whose folders above are resolved)."""
    parent, kind = folder.parent, _kind(folder)
    if not folder.name:
        return "is the root of the filesystem: give a folder inside it"
    if not parent.is_dir():
        return (
            f"{_shown(parent)} is a file, not a folder"
            if parent.exists()
            else f"the folder {_shown(parent)} does not exist"
        )
    if kind == "link":
        return f"is a link: give the folder it points to, {_shown(os.path.realpath(folder))}"
    if kind == "file":
        return "is a file, not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write in {_shown(parent)}, where the edition is built beside {_shown(folder.name)}"
    if kind == "folder" and os.lstat(folder).st_dev != os.stat(parent).st_dev:
        return "is a mount point: the edition replaces its folder whole, so give a folder inside it"
    return _problem(folder, force) if kind == "folder" else None


def _written(building: Path) -> dict[str, str]:
    files: dict[str, str] = {}
    for root, _, names in os.walk(building):
        for name in names:
            path = Path(root, name)
            if not stat.S_ISREG(path.lstat().st_mode):
                raise ValueError(f"the edition's writer made {path}, which is not a regular file")
            files[path.relative_to(building).as_posix()] = _digest(path)
    return files


class _Ended(BaseException):
    """A signal arrived during the build: raised so that every ``finally`` runs, then acted on."""


class _Signals:
    """SIGINT, SIGTERM and SIGHUP within: :class:`_Ended` raised, or while :meth:`held`, as the hold
    ends; on leaving, a signal that arrived acted on by the handlers as they were (one ignored stays
    ignored)."""

    def __init__(self) -> None:
        self.holding = False
        self.arrived: list[int] = []
        self.saved: dict[int, Any] = {}

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):
                number = getattr(signal, name, None)
                if number is not None and signal.getsignal(number) not in (signal.SIG_IGN, None):
                    self.saved[number] = signal.signal(number, self._arrive)
        return self

    def _arrive(self, signum: int, frame: FrameType | None) -> None:
        self.arrived.append(signum)
        if not self.holding:
            raise _Ended(signum)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.arrived:
            raise _Ended(self.arrived[0])

    def __exit__(self, kind: object, error: BaseException | None, trace: TracebackType | None) -> None:
        for number, handler in self.saved.items():
            signal.signal(number, handler)
        if isinstance(error, _Ended):
            signal.raise_signal(self.arrived[0])  # ends the process, or raises KeyboardInterrupt
            raise SystemExit(128 + self.arrived[0])  # the program's own handler returned


def _swap(out: Path, folder: Path, temporary: Path, force: bool) -> None:
    """The folder there moved to ``temporary/old`` (back on failure) and checked again; ``new`` put in."""
    old = temporary / "old"
    if _kind(folder) != "missing":
        os.rename(folder, old)
    try:
        if _kind(old) != "missing":
            problem = _problem(old, force) if _kind(old) == "folder" else "is no longer a folder"
            if problem is not None:
                raise OutputFolderError(f"{out}: changed during the build: {problem}")
            os.chmod(temporary / "new", stat.S_IMODE(os.lstat(old).st_mode))
        os.rename(temporary / "new", folder)
    except BaseException:
        if _kind(old) != "missing":
            os.rename(old, folder)
        raise


def write_edition(
    out: str | os.PathLike[str], write: Callable[[Path], object], *, force: bool = False, inputs: str = ""
) -> dict[str, str]:
    """Call ``write(folder)`` to write the edition into a new temporary folder, then put that folder
    in the place of ``out``; return the files written (``{"index.html": sha256, …}``, paths
    relative to ``out`` with ``/``).  ``inputs`` (what the edition is built from) goes into the
    marker, for :func:`current`.

    What ``out`` may be, and what ``force`` allows, is in the module's docstring.  Raises
    :class:`OutputFolderError` (one line, ``out: why``) where the edition may not be written, before
    ``write`` is called when that can be seen then, and otherwise with ``out`` as it was; whatever
    ``write`` raises, after removing the temporary folder, with ``out`` as it was.

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
    given = Path(os.path.abspath(out))
    folder = Path(os.path.realpath(given.parent), given.name)  # the folders above resolved, DIR not
    shown = _shown(out)
    with _Signals() as signals:
        problem = _inspect(folder, force)
        if problem is not None:
            raise OutputFolderError(f"{shown}: {problem}")
        temporary, kept = None, False
        try:
            with signals.held():  # made and named as one step
                try:
                    temporary = Path(tempfile.mkdtemp(prefix=_BUILDING, dir=folder.parent))
                except OSError as e:
                    raise OutputFolderError(f"{shown}: cannot write beside it ({e.strerror or e})") from None
            (temporary / "new").mkdir()
            write(temporary / "new")
            files = _written(temporary / "new")
            if not files:
                raise ValueError("the edition's writer wrote nothing")
            marker = {"lispy-edition": 1, "inputs": inputs, "files": dict(sorted(files.items()))}
            (temporary / "new" / MARKER).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
            with signals.held():
                try:
                    _swap(Path(shown), folder, temporary, force)
                except OSError as e:
                    kept = _kind(temporary / "old") != "missing"  # could not be renamed back: kept
                    where = f" (what it held is in {_shown(temporary / 'old')})" if kept else ""
                    raise OutputFolderError(f"{shown}: cannot replace it: {e.strerror or e}{where}") from None
        finally:
            with signals.held():
                if temporary is not None and not kept:
                    shutil.rmtree(temporary, ignore_errors=True)
        if temporary.exists():
            raise OutputFolderError(
                f"{shown}: the new edition is in place, but remove {_shown(temporary)}: it holds the old one"
            )
        return files


def current(out: str | os.PathLike[str], inputs: str) -> bool:
    """Does the folder ``out`` hold an edition built from ``inputs`` (its marker says so), all its
    files as they were written (their SHA-256 checked), and nothing else?  No link is followed.

    >>> import tempfile, pathlib
    >>> site = pathlib.Path(tempfile.mkdtemp()) / "site"
    >>> _ = write_edition(site, lambda d: (d / "index.html").write_text("<p>hello"), inputs="v1")
    >>> current(site, "v1"), current(site, "v2")
    (True, False)
    """
    folder = Path(out)
    try:
        if _kind(folder) != "folder" or _problem(folder, force=False) is not None:
            return False
        marker = _marker(folder)
        return (
            marker is not None
            and inputs == marker.get("inputs") != ""
            and all(_kind(folder / name) == "file" for name in marker["files"])
        )
    except OSError:
        return False
