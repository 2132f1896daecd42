"""The edition's --out folder: replaced whole, never a file removed one by one.  A folder holding
anything the edition did not write is refused, with or without --force; no link is followed (a
symlinked pyodide/, a crafted marker naming a file through a link, DIR itself a link); a folder that
cannot be written, a failed rename, an exception, Ctrl-C, SIGTERM or SIGHUP leave the old edition
and nothing beside it.  The writer is a stub here (a real build takes seconds); one test runs the
real command line."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lispy.edition.__main__ import main
from lispy.edition.output import MARKER, OutputFolderError, write_edition

USERS_FILES = {
    "index.html": b"<!doctype html><p>my own home page</p>\n",
    "photo.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
    "notes/2026/diary.txt": "café, naïve ← £\r\n".encode(),
    "notes/empty": b"",
    ".hidden/config": b"\x00\xff" * 100,
}


def put(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)


def snapshot(folder: Path) -> dict[str, bytes | str | None]:
    """Every file's bytes, every link's target (text) and every folder (None), by path relative to
    ``folder``; no link followed."""
    found: dict[str, bytes | str | None] = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            p = Path(root, name)
            rel = p.relative_to(folder).as_posix()
            found[rel] = os.readlink(p) if p.is_symlink() else None if p.is_dir() else p.read_bytes()
    return dict(sorted(found.items()))


def beside(folder: Path) -> list[str]:
    """What the folder's parent holds (a temporary folder left would show here)."""
    return sorted(os.listdir(folder.parent))


def stub(version: str, extra: dict[str, str] | None = None) -> Callable[[Path], None]:
    """A writer of a small edition: a page, a style sheet, a figure, and ``extra``."""
    files = {
        "index.html": f"<p>edition {version}</p>",
        "style.css": f"/* {version} */",
        "figures/figure-2-6.svg": f"<svg><!-- {version} --></svg>",
        **(extra or {}),
    }

    def write(folder: Path) -> None:
        put(folder, {name: text.encode() for name, text in files.items()})

    return write


def never(folder: Path) -> None:
    raise AssertionError("the edition was built although the folder was refused")


def refused(out: Path, write: Callable[[Path], None] = never, *, force: bool = False) -> str:
    """The one-line message with which ``write_edition(out, write, force=force)`` is refused, having
    checked that the folder and what is beside it did not change."""
    before, around = (snapshot(out) if out.exists() else None), beside(out)
    with pytest.raises(OutputFolderError) as error:
        write_edition(out, write, force=force)
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{out}: ")
    assert (snapshot(out) if out.exists() else None) == before and beside(out) == around
    return message


# --- a user's folder ------------------------------------------------------------------------------


def test_a_folder_of_a_users_files_is_refused_with_or_without_force(tmp_path: Path) -> None:
    out = tmp_path / "site"
    put(out, USERS_FILES)
    for force in (False, True):
        assert refused(out, stub("1"), force=force) == (
            f"{out}: is not empty and is not a lispy edition (it holds .hidden/): give a new or empty folder"
        )


def test_the_command_line_refuses_a_users_folder_in_one_line_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    put(out, {"index.html": USERS_FILES["index.html"]})
    before = snapshot(out)
    assert main(["--out", str(out), "--trials", "1", "--force"]) == 1
    said = capsys.readouterr()
    assert said.err == (
        f"error: --out {out}: is not empty and is not a lispy edition (it holds index.html): "
        "give a new or empty folder\n"
    )
    assert "proving" not in said.out  # refused before the slow part
    assert snapshot(out) == before


def test_an_empty_folder_or_a_new_one_takes_the_edition_with_the_folders_mode(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir(mode=0o750)
    empty.chmod(0o750)
    for out in (empty, tmp_path / "new"):
        assert sorted(write_edition(out, stub("1"))) == ["figures/figure-2-6.svg", "index.html", "style.css"]
        assert (out / "index.html").read_text() == "<p>edition 1</p>"
    assert empty.stat().st_mode & 0o777 == 0o750
    assert beside(empty) == ["empty", "new"]


# --- a previous edition ---------------------------------------------------------------------------


def test_a_previous_edition_is_replaced_whole_and_its_marker_lists_what_was_written(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1", {"figures/old.svg": "<svg/>", "old/page.html": "<p>old"}))
    assert (out / "old" / "page.html").is_file()
    written = write_edition(out, stub("2"))
    after = snapshot(out)
    assert sorted(after) == [MARKER, "figures", "figures/figure-2-6.svg", "index.html", "style.css"]
    assert after["index.html"] == b"<p>edition 2</p>" and after["style.css"] == b"/* 2 */"
    marker = json.loads(after[MARKER] or b"")
    assert (
        marker["files"]
        == written
        == {
            name: hashlib.sha256(data).hexdigest()
            for name, data in after.items()
            if isinstance(data, bytes) and name != MARKER
        }
    )
    assert beside(out) == ["site"]


def test_a_previous_edition_holding_a_users_file_is_refused_even_with_force(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    for name in ("CNAME", "figures/mine.svg", "deep/er/x.bin"):
        put(out, {name: b"mine"})
        for force in (False, True):
            message = refused(out, stub("2"), force=force)
            assert message.endswith("which lispy did not write: move it out (the edition is replaced whole)")
            assert f"holds {name.split('/')[0] if name.startswith('deep') else name}" in message
        (out / name).unlink()
        if name.startswith("deep"):
            (out / "deep" / "er").rmdir()
            (out / "deep").rmdir()
    write_edition(out, stub("2"))
    assert (out / "index.html").read_text() == "<p>edition 2</p>"


def test_an_edited_file_of_the_edition_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    (out / "style.css").write_text("/* my tweaks */")
    assert refused(out).endswith(
        "style.css was changed since lispy wrote it: move it away, or add --force to replace"
    )
    write_edition(out, stub("2"), force=True)
    assert (out / "style.css").read_text() == "/* 2 */"


def test_a_marker_lispy_did_not_write_is_not_trusted(tmp_path: Path) -> None:
    out = tmp_path / "site"
    for marker in (
        b"not json",
        b'{"lispy-edition": 2, "files": {}}',
        b'{"lispy-edition": 1, "files": {"index.html": "not a digest"}}',
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe",
        b" " * (1 << 21),
    ):
        put(out, {MARKER: marker, "index.html": b"<p>mine"})
        for force in (False, True):
            assert refused(out, force=force).endswith(
                f"{MARKER} is not the list of files a lispy edition writes: not touching this folder"
            )


# --- links: never followed ------------------------------------------------------------------------


def test_a_symlinked_pyodide_folder_is_refused_and_the_shared_copy_kept(tmp_path: Path) -> None:
    """The issue's case: build with --pyodide, move pyodide/ to a shared place and link it back,
    build again (--force, without --pyodide): the shared Pyodide's files were deleted."""
    out = tmp_path / "site"
    pyodide = {"pyodide/pyodide.mjs": "export {}", "pyodide/pyodide.asm.wasm": "\0asm"}
    write_edition(out, stub("1", pyodide))
    shared = tmp_path / "shared"
    shared.mkdir()
    (out / "pyodide").rename(shared / "pyodide")
    (out / "pyodide").symlink_to(shared / "pyodide", target_is_directory=True)
    kept = snapshot(shared)
    for force in (False, True):
        for write in (stub("2"), stub("2", pyodide)):
            assert "holds pyodide, a link, which lispy did not write" in refused(out, write, force=force)
    assert snapshot(shared) == kept and len(kept) == 3


def test_a_crafted_marker_cannot_reach_a_file_outside(tmp_path: Path) -> None:
    """A marker listing, with its exact SHA-256, a file reached through a link or by ``..``."""
    secret = tmp_path / "outside" / "secret.txt"
    put(tmp_path / "outside", {"secret.txt": b"my secret"})
    digest = hashlib.sha256(b"my secret").hexdigest()
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    (out / "link").symlink_to(tmp_path / "outside", target_is_directory=True)
    marker = json.loads((out / MARKER).read_text())
    for name in ("link/secret.txt", "../outside/secret.txt", str(secret)):
        marker["files"][name] = digest
    (out / MARKER).write_text(json.dumps(marker))
    for force in (False, True):
        assert "holds link, a link, which lispy did not write" in refused(out, stub("2"), force=force)
    (out / "link").unlink()
    write_edition(out, stub("2"), force=True)  # the names through ``..`` and from / : never looked at
    assert secret.read_bytes() == b"my secret" and (out / "index.html").read_text() == "<p>edition 2</p>"


def test_out_itself_a_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    real = tmp_path / "real"
    write_edition(real, stub("1"))
    (tmp_path / "site").symlink_to(real, target_is_directory=True)
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    for out in (tmp_path / "site", tmp_path / "dangling"):
        assert refused(out, stub("2"), force=True).startswith(
            f"{out}: is a link: give the folder it points to"
        )
    assert (real / "index.html").read_text() == "<p>edition 1</p>"


# --- a folder that cannot be written, a failed rename --------------------------------------------


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` made read-only: by its mode, or, for root (whom modes do not stop), immutable."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("running as root, and chattr +i is not available here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_read_only_folder_of_the_edition_is_refused_before_building(tmp_path: Path) -> None:
    """A replace that failed on a read-only subfolder left the folder part new, part old, with the
    old marker; now the folder is refused as a whole before anything is built."""
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    with read_only(out / "figures"):
        for force in (False, True):
            assert refused(out, stub("2"), force=force) == (
                f"{out}: figures/ cannot be written, so the edition in it cannot be replaced: "
                "make it writable"
            )
    with read_only(tmp_path):
        assert refused(out, stub("2")).startswith(f"{out}: cannot build beside it: ")
    write_edition(out, stub("2"))
    assert (out / "index.html").read_text() == "<p>edition 2</p>" and beside(out) == ["site"]


def test_a_rename_that_fails_leaves_the_old_edition(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    rename = os.rename

    def failing(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if Path(target) == out and Path(source).name == "new":
            raise PermissionError(13, "Permission denied")
        rename(source, target)

    monkeypatch.setattr(os, "rename", failing)
    assert refused(out, stub("2")) == f"{out}: cannot replace it: Permission denied"


def test_a_change_during_the_build_is_seen_and_the_folder_renamed_back(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))

    def meanwhile(folder: Path) -> None:
        stub("2")(folder)
        put(out, {"CNAME": b"example.org"})  # the user writes into the old edition during the build

    with pytest.raises(OutputFolderError, match="changed during the build: holds CNAME"):
        write_edition(out, meanwhile)
    assert (out / "CNAME").read_bytes() == b"example.org" and (
        out / "index.html"
    ).read_text() == "<p>edition 1</p>"
    assert beside(out) == ["site"]


# --- any sequence of the user's changes and builds -----------------------------------------------

_USERS = ["CNAME", "notes.txt", "figures/mine.svg"]  # a user's files
_LINKS = ["pyodide", "shared"]  # a user's links to a folder outside
_EDITIONS = ["index.html", "style.css", "figures/a.svg", "pyodide/pyodide.mjs"]  # the edition's files
_STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("user writes"), st.sampled_from(_USERS), st.binary(max_size=4)),
        st.tuples(st.just("user links"), st.sampled_from(_LINKS), st.none()),
        st.tuples(st.just("user edits"), st.sampled_from(_EDITIONS), st.none()),
        st.tuples(st.just("user removes"), st.sampled_from(_USERS + _LINKS), st.none()),
        st.tuples(st.just("build"), st.sets(st.sampled_from(_EDITIONS)), st.booleans()),
    ),
    max_size=10,
)


@given(steps=_STEPS)
def test_no_sequence_of_builds_touches_what_lispy_did_not_write(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, Any, Any]]
) -> None:
    """A model of the folder (the user's files and links, the edition's files, which of those the
    user edited) against the real folder after every step: a build is refused exactly when the
    module's docstring says, and then changes nothing; the folder the links point to is never
    touched; nothing is left beside the folder."""
    base = tmp_path_factory.mktemp("model")
    out, outside = base / "site", base / "outside"
    put(outside, {"pyodide.mjs": b"shared", "a.svg": b"shared"})
    kept = snapshot(outside)
    users: dict[str, bytes | str] = {}  # a user's file (its bytes) or link (its target)
    edition: dict[str, bytes] = {}
    edited: set[str] = set()
    for number, (action, name, more) in enumerate(steps):
        if action == "user writes" and name not in users:
            put(out, {name: more})
            users[name] = more
        elif action == "user links" and not os.path.lexists(out / name):
            out.mkdir(exist_ok=True)
            (out / name).symlink_to(outside, target_is_directory=True)
            users[name] = str(outside)
        elif action == "user edits" and name in edition:
            edition[name] += b"+"
            edited.add(name)
            put(out, {name: edition[name]})
        elif action == "user removes" and name in users:
            (out / name).unlink()
            del users[name]
            if name.startswith("figures/") and not any(e.startswith("figures/") for e in edition):
                (out / "figures").rmdir()
        elif action == "build":
            new = {e: f"{number} {e}".encode() for e in name | {"index.html"}}
            must_refuse = bool(users) or (bool(edited) and not more)
            before = snapshot(out) if out.exists() else None
            try:
                written = write_edition(out, lambda folder, new=new: put(folder, new), force=more)
            except OutputFolderError:
                assert must_refuse
                assert (snapshot(out) if out.exists() else None) == before
            else:
                assert not must_refuse and sorted(written) == sorted(new)
                edition, edited = new, set()
        assert snapshot(outside) == kept
        assert beside(out) == sorted(["outside", *(["site"] if out.exists() else [])])
        if out.exists():
            assert {k: v for k, v in snapshot(out).items() if v is not None and k != MARKER} == {
                **users,
                **edition,
            }


# --- interrupted builds ---------------------------------------------------------------------------


@pytest.mark.parametrize("interruption", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_an_interrupted_build_leaves_the_old_edition(tmp_path: Path, interruption: BaseException) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    before = snapshot(out)

    def half(folder: Path) -> None:
        stub("2")(folder)  # the whole new edition written into the temporary folder ...
        raise interruption  # ... and stopped before it is moved into place

    for target in (out, tmp_path / "new"):
        with pytest.raises(type(interruption)):
            write_edition(target, half)
    assert snapshot(out) == before and beside(out) == ["site"]


def test_ctrl_c_between_the_two_renames_puts_the_old_edition_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    rename = os.rename
    moves: list[str] = []

    def rename_then_ctrl_c(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        rename(source, target)
        moves.append(Path(target).name)
        if len(moves) == 1:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C between the two renames

    monkeypatch.setattr(os, "rename", rename_then_ctrl_c)
    # Python's own Ctrl-C handler, as at a terminal (a suite run as a background job inherits
    # SIGINT ignored, and lispy leaves an ignored signal ignored)
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            write_edition(out, stub("2"))
    finally:
        signal.signal(signal.SIGINT, saved)
    assert moves == ["old", "site"]  # the old edition moved aside, then back by the cleanup
    assert (out / "index.html").read_text() == "<p>edition 1</p>" and beside(out) == ["site"]


CHILD = """
import signal, sys
from pathlib import Path
from lispy import cli
from lispy.edition.output import write_edition

def write(folder):
    (folder / "pyodide").mkdir()
    (folder / "pyodide" / "pyodide.asm.wasm").write_bytes(bytes(1 << 20))
    print("written", flush=True)
    signal.pause()  # the rest of a long build: the signal comes here

cli.run(lambda argv: write_edition(sys.argv[1], write) and 0)
"""


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_signal_that_ends_the_build_leaves_the_old_edition_and_no_temporary_folder(
    tmp_path: Path, name: str, status: int
) -> None:
    """kill -TERM or -HUP (or Ctrl-C) during a build: the process ends, with 128 + the signal's number
    (Ctrl-C: lispy's one line and 130), after removing its temporary folder."""
    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    before = snapshot(out)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )  # fmt: skip
    try:
        assert child.stdout is not None and child.stdout.readline() == "written\n"
        assert [p for p in beside(out) if p.startswith(".lispy-edition-build-")]  # the build is under way
        child.send_signal(getattr(signal, name))
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == status and "Traceback" not in err
    assert snapshot(out) == before and beside(out) == ["site"]


def test_sigterm_and_sigint_together_leave_nothing_behind(tmp_path: Path) -> None:
    """Issue 34, item 4: the second signal interrupted the cleanup the first had begun, and left
    ``.lispy-edition-build-*`` behind in 3 or 4 builds of 4.  Now the first ends the build (130 or
    143, whichever the kernel delivers first), and the second waits for nothing."""
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    before = snapshot(out)
    for _ in range(4):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(out)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
        )  # fmt: skip
        try:
            assert child.stdout is not None and child.stdout.readline() == "written\n"
            os.kill(child.pid, signal.SIGTERM)
            os.kill(child.pid, signal.SIGINT)
            _, err = child.communicate(timeout=60)
        finally:
            child.kill()
        assert snapshot(out) == before and beside(out) == ["site"]
        assert child.returncode in (130, 143) and "Traceback" not in err, err


def test_ctrl_c_while_the_command_loads_says_one_line_and_exits_130(tmp_path: Path) -> None:
    """Issue 34, item 8: Ctrl-C in the first tenths of a second (while the edition's modules load)
    printed a traceback and ended the process by SIGINT (-2).  ``-X importtime`` shows when the
    loading has reached pygments, which only the command imports."""
    child = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "lispy.edition", "--out", str(tmp_path / "out")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )  # fmt: skip
    try:
        assert child.stderr is not None
        while "| pygments" not in (line := child.stderr.readline()):
            assert line, "pygments was never imported"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    said = [line for line in err.splitlines() if not line.startswith("import time:")]
    assert (child.returncode, said) == (130, ["interrupted"])
    assert not (tmp_path / "out").exists()


# --- the real thing, once -------------------------------------------------------------------------


def test_the_real_edition_is_built_in_a_new_folder_and_refused_in_a_users(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    theirs = tmp_path / "theirs"
    put(theirs, USERS_FILES)
    before = snapshot(theirs)
    out = tmp_path / "edition"
    fonts = tmp_path / "fonts.txt"  # an unknown font number: it was a ValueError traceback
    fonts.write_text("perm filename SAFE1[206,JMC] blob sn#1 filedate 1973-11-06\n\\F9x\n", encoding="utf-8")
    notes = [fonts, *(Path(p) for p in ("/dev/zero",) if os.path.exists(p))]
    assert main(["--out", str(theirs), "--trials", "1", "--force"]) == 1
    assert main(["--out", str(out), "--trials", "1", *(f"--notes={p}" for p in notes)]) == 0
    said = capsys.readouterr()
    errors = said.err.splitlines()
    assert errors[0] == (
        f"error: --out {theirs}: is not empty and is not a lispy edition (it holds .hidden/): "
        "give a new or empty folder"
    )
    reasons = ["line 2: font 9 ('\\\\F9'), a font number", "is a character device"][: len(notes)]
    for path, reason in zip(notes, reasons, strict=True):
        [line] = [e for e in errors if str(path) in e]  # one line each, the path said once
        assert line.startswith(f"error: --notes {path}: {reason}") and line.count(str(path)) == 1
        assert line.endswith("The edition is written without it.")
    assert "Traceback" not in "\n".join(errors)
    assert snapshot(theirs) == before
    after = snapshot(out)
    marker = json.loads(after[MARKER] or b"")
    assert {"index.html", "names.html", "errata.html", "companions.html", "style.css"} <= set(marker["files"])
    assert set(after) == set(marker["files"]) | {MARKER, "figures"}
    assert f"wrote {out / 'index.html'} and 3 more pages" in said.out
    assert beside(out) == ["edition", "fonts.txt", "theirs"]
