"""Writing the edition into a folder without touching anything else in it.

``python -m lispy.edition --out DIR`` writes its pages by :func:`write_edition`, which never
replaces or removes a file the edition did not write:

* DIR missing (its parent must exist) or empty: the edition is written there.
* DIR holds a previous edition and nothing else: the previous edition is replaced, and its files
  that the new one no longer has are removed.  A previous edition is recognised by the file
  :data:`MARKER` (``.lispy-edition``) the edition writes beside its pages: JSON listing each file
  it wrote with its SHA-256.
* Anything else is refused with :class:`OutputFolderError`, one line naming the first file in the
  way, before anything is built or written: a folder holding files the edition did not write, a
  previous edition one of whose files was changed since it was written, DIR a file, DIR's parent
  missing, a folder that cannot be written.
* With ``force``: the edition is written even where the folder holds other files, which are kept
  byte for byte, and a file of a previous edition that was changed since is replaced (it was the
  edition's).  A file the edition did not write is never replaced or removed, with or without
  ``force``: where one stands at a path the edition writes (a user's own ``index.html`` in a
  folder that is not an edition, say), the edition is refused.

The edition is built in a temporary folder beside DIR, on its filesystem (inside DIR when DIR is
a mount point or its parent cannot be written), and moved into place file by file once it is
complete; SIGINT, SIGTERM and SIGHUP are held during those few renames and acted on after them.
An error or Ctrl-C during the build leaves DIR as it was (the previous edition, or none) and
removes the temporary folder.  Standard library only.
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
from types import FrameType

__all__ = ["MARKER", "OutputFolderError", "write_edition"]

MARKER = ".lispy-edition"
"""The file the edition writes beside its pages: ``{"lispy-edition": 1, "files": {path: sha256}}``."""

_BUILDING = ".lispy-edition-build-"  # the temporary folder's name begins with this
_MARKER_LIMIT = 1 << 20  # a marker longer than this is not one the edition wrote


class OutputFolderError(Exception):
    """The folder cannot take the edition; the message is one line, ``DIR: why``."""


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            sha.update(block)
    return sha.hexdigest()


def _safe_relative(name: object) -> bool:
    """A path the edition may have written: relative, POSIX, without ``..``, not the marker."""
    if not isinstance(name, str) or not name or "\\" in name or "\x00" in name:
        return False
    parts = PurePosixPath(name).parts
    return (
        not name.startswith("/")
        and "/".join(parts) == name
        and all(p not in ("", ".", "..") for p in parts)
        and name != MARKER
    )


def _read_marker(out: Path, folder: Path) -> dict[str, str] | None:
    """The files a previous edition wrote, as its marker lists them; None without a marker."""
    path = folder / MARKER
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        raise OutputFolderError(f"{out}: cannot read {MARKER} ({e.strerror})") from None
    bad = f"{out}: {MARKER} is not the list of files a lispy edition writes: not touching this folder"
    if not stat.S_ISREG(mode):
        raise OutputFolderError(bad)
    try:
        with open(path, "rb") as f:
            data = f.read(_MARKER_LIMIT + 1)
        marker = json.loads(data.decode("utf-8")) if len(data) <= _MARKER_LIMIT else None
    except (OSError, ValueError):
        marker = None
    files = marker.get("files") if isinstance(marker, dict) and marker.get("lispy-edition") == 1 else None
    if not isinstance(files, dict) or not all(
        _safe_relative(k) and isinstance(v, str) and len(v) == 64 for k, v in files.items()
    ):
        raise OutputFolderError(bad)
    return dict(files)


def _kind(path: Path) -> str:
    """``"missing"``, ``"file"``, ``"folder"`` or ``"other"`` (a link, a device, …), not following links."""
    try:
        mode = path.lstat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    return "file" if stat.S_ISREG(mode) else "folder" if stat.S_ISDIR(mode) else "other"


def _foreign(folder: Path, files: dict[str, str], ignore: str) -> str | None:
    """The first thing in ``folder`` that is neither the marker, a file listed in ``files``, nor a
    folder on the way to one; None when there is none."""
    folders = {str(PurePosixPath(f).parent) for f in files} | {"."}
    folders |= {str(p) for f in folders for p in PurePosixPath(f).parents}
    stack = [PurePosixPath(".")]
    while stack:
        here = stack.pop()
        with os.scandir(folder / here) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                rel = here / entry.name
                name = str(rel)
                if name in (MARKER, ignore):
                    continue
                if entry.is_dir(follow_symlinks=False) and name in folders:
                    stack.append(rel)
                elif name not in files or not entry.is_file(follow_symlinks=False):
                    return name + ("/" if entry.is_dir(follow_symlinks=False) else "")
    return None


def _inspect(out: Path, folder: Path, force: bool, ignore: str = "") -> dict[str, str]:
    """The files of the previous edition in ``folder`` (empty for a new or empty folder); raises
    :class:`OutputFolderError` where the edition may not be written."""
    kind = _kind(folder)
    if kind == "missing":
        parent = out.parent if out.parent != out else folder.parent
        if not folder.parent.exists():
            raise OutputFolderError(f"{out}: the folder {parent} does not exist")
        if not folder.parent.is_dir():
            raise OutputFolderError(f"{out}: {parent} is a file, not a folder")
        if not os.access(folder.parent, os.W_OK | os.X_OK):
            raise OutputFolderError(f"{out}: cannot make it: {parent} cannot be written")
        return {}
    if kind != "folder":
        raise OutputFolderError(f"{out}: is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputFolderError(f"{out}: the folder cannot be written")
    previous = _read_marker(out, folder)
    files = previous or {}
    changed = [
        name
        for name, digest in sorted(files.items())
        if _kind(folder / name) != "missing"
        and (_kind(folder / name) != "file" or _digest(folder / name) != digest)
    ]
    if changed and not force:
        raise OutputFolderError(
            f"{out}: {changed[0]} was changed since lispy wrote it: move it away, or add --force to "
            "replace it with the new edition's"
        )
    if not force:
        other = _foreign(folder, files, ignore)
        if other is not None and previous is None:
            raise OutputFolderError(
                f"{out}: the folder is not empty and is not a lispy edition (it holds {other}): give a "
                "new or empty folder, or add --force to write the edition beside these files"
            )
        if other is not None:
            raise OutputFolderError(
                f"{out}: holds {other}, which the edition did not write: add --force to replace the "
                "edition and keep it"
            )
    return files


def _in_the_way(out: Path, folder: Path, new: dict[str, str], previous: dict[str, str]) -> None:
    """Refuse where a file the edition did not write stands at a path it writes, or where a folder
    on the way to one is a file or a link."""
    for name in sorted(new):
        path = PurePosixPath(name)
        for parent in reversed(path.parents[:-1]):  # figures, then figures/deeper
            if _kind(folder / parent) not in ("missing", "folder"):
                raise OutputFolderError(
                    f"{out}: {parent} is in the way: the edition writes {name} and did not write {parent}"
                )
        kind = _kind(folder / name)
        if kind == "missing":
            continue
        if name not in previous or kind != "file":
            raise OutputFolderError(
                f"{out}: {name} is in the way: the edition writes a file there and did not write it"
            )


def _written(building: Path) -> dict[str, str]:
    files: dict[str, str] = {}
    for root, _, names in os.walk(building):
        for name in names:
            path = Path(root, name)
            rel = path.relative_to(building).as_posix()
            if not stat.S_ISREG(path.lstat().st_mode) or not _safe_relative(rel):
                raise ValueError(f"the edition's writer made {rel}, which is not a file it may write")
            files[rel] = _digest(path)
    return files


def _building_folder(out: Path, folder: Path) -> Path:
    """A new temporary folder beside ``folder`` on its filesystem, else inside it."""
    places = [folder.parent]
    if _kind(folder) == "folder":
        if os.stat(folder).st_dev != os.stat(folder.parent).st_dev:
            places = []  # a mount point: beside it is another filesystem
        places.append(folder)
    error: OSError | None = None
    for place in places:
        try:
            return Path(tempfile.mkdtemp(prefix=_BUILDING, dir=place))
        except OSError as e:
            error = e
    reason = error.strerror if error is not None and error.strerror else error
    raise OutputFolderError(f"{out}: cannot write there ({reason})")


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held (recorded, not acted on) within; acted on after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    saved = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            saved[number] = signal.signal(number, hold)
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        for number in dict.fromkeys(caught):
            signal.raise_signal(number)


def _commit(folder: Path, building: Path, new: dict[str, str], previous: dict[str, str]) -> None:
    folder.mkdir(exist_ok=True)
    for name in sorted(new):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        os.replace(building / name, folder / name)
    for name in sorted(set(previous) - set(new), reverse=True):
        path = folder / name
        if _kind(path) == "file" and _digest(path) == previous[name]:
            path.unlink()
        for parent in PurePosixPath(name).parents[:-1]:
            try:
                (folder / parent).rmdir()  # a folder the edition made, now empty
            except OSError:
                break
    marker = building / MARKER
    marker.write_text(
        json.dumps({"lispy-edition": 1, "files": dict(sorted(new.items()))}, indent=1) + "\n",
        encoding="utf-8",
    )
    os.replace(marker, folder / MARKER)


def write_edition(
    out: str | os.PathLike[str], write: Callable[[Path], object], *, force: bool = False
) -> dict[str, str]:
    """Call ``write(folder)`` to write the edition into a new temporary folder, then move what it
    wrote into ``out``; return the files written (``{"index.html": sha256, …}``, paths relative
    to ``out`` with ``/``).

    What ``out`` may hold, and what ``force`` allows, is in the module's docstring.  Raises
    :class:`OutputFolderError` (one line, ``out: why``) where the edition may not be written,
    before ``write`` is called when that can be seen then, and otherwise before anything in
    ``out`` is touched; whatever ``write`` raises, after removing the temporary folder, with
    ``out`` left as it was.

    >>> import tempfile, pathlib
    >>> site = pathlib.Path(tempfile.mkdtemp()) / "site"
    >>> sorted(write_edition(site, lambda d: (d / "index.html").write_text("<p>hello")))
    ['index.html']
    >>> _ = (site / "notes.txt").write_text("mine")
    >>> try:
    ...     write_edition(site, lambda d: (d / "index.html").write_text("<p>again"))
    ... except OutputFolderError as e:
    ...     print(str(e).split(": ", 1)[1])
    holds notes.txt, which the edition did not write: add --force to replace the edition and keep it
    >>> sorted(write_edition(site, lambda d: (d / "index.html").write_text("<p>again"), force=True))
    ['index.html']
    >>> (site / "notes.txt").read_text(), (site / "index.html").read_text()
    ('mine', '<p>again')
    """
    out = Path(out)
    folder = Path(os.path.realpath(out))
    try:
        if _kind(out) == "other" and not out.exists():
            raise OutputFolderError(f"{out}: is a link to nothing")
        _inspect(out, folder, force)
        building = _building_folder(out, folder)
    except OSError as e:
        raise OutputFolderError(f"{out}: {e.strerror or e}") from None
    try:
        write(building)
        new = _written(building)
        if not new:
            raise ValueError("the edition's writer wrote nothing")
        with _signals_held():
            try:
                previous = _inspect(out, folder, force, ignore=building.name)
                _in_the_way(out, folder, new, previous)
            except OSError as e:
                raise OutputFolderError(f"{out}: {e.strerror or e}") from None
            _commit(folder, building, new, previous)
        return new
    finally:
        shutil.rmtree(building, ignore_errors=True)
