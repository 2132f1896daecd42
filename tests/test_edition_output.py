"""The edition's --out folder: a user's files are never overwritten or removed, a previous edition is
replaced whole, --force writes beside a user's files and keeps every byte of them, and an
interrupted build leaves the old edition, never half of one.  The writer is a stub here (a real
build takes seconds); one test runs the real command line."""

from __future__ import annotations

import hashlib
import json
import os
import signal
from collections.abc import Callable
from pathlib import Path

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


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file's bytes and every folder (None), by path relative to ``folder``."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def stub(version: str, extra: dict[str, str] | None = None) -> Callable[[Path], None]:
    """A writer of a small edition: three pages, a figure, and ``extra``."""
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


def one_line(error: pytest.ExceptionInfo[OutputFolderError], out: Path) -> str:
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{out}: ")
    return message


# --- a user's folder ------------------------------------------------------------------------------


def test_a_folder_of_a_users_files_is_refused_and_every_byte_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "site"
    put(out, USERS_FILES)
    before, beside = snapshot(out), sorted(os.listdir(tmp_path))
    with pytest.raises(OutputFolderError) as refused:
        write_edition(out, never)
    assert "is not empty and is not a lispy edition (it holds .hidden/)" in one_line(refused, out)
    assert snapshot(out) == before and sorted(os.listdir(tmp_path)) == beside


def test_the_command_line_refuses_a_users_folder_in_one_line_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    put(out, {"index.html": USERS_FILES["index.html"]})
    before = snapshot(out)
    assert main(["--out", str(out), "--trials", "1"]) == 1
    said = capsys.readouterr()
    assert said.err.startswith(f"error: --out {out}: the folder is not empty") and said.err.count("\n") == 1
    assert "proving" not in said.out  # refused before the slow part
    assert snapshot(out) == before


def test_force_writes_beside_a_users_files_but_never_over_one(tmp_path: Path) -> None:
    out = tmp_path / "site"
    theirs = {k: v for k, v in USERS_FILES.items() if k != "index.html"}
    put(out, theirs)
    written = write_edition(out, stub("1"), force=True)
    assert sorted(written) == ["figures/figure-2-6.svg", "index.html", "style.css"]
    assert {k: v for k, v in snapshot(out).items() if k in theirs} == theirs
    assert (out / "index.html").read_text() == "<p>edition 1</p>"
    # a user's index.html stands where the edition writes one: refused, even with force
    other = tmp_path / "other"
    put(other, USERS_FILES)
    before = snapshot(other)
    with pytest.raises(OutputFolderError) as refused:
        write_edition(other, stub("1"), force=True)
    assert "index.html is in the way: the edition writes a file there and did not write it" in one_line(
        refused, other
    )
    assert snapshot(other) == before
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".lispy")]


# --- a previous edition ---------------------------------------------------------------------------


def test_a_previous_edition_is_replaced_and_its_marker_lists_what_was_written(tmp_path: Path) -> None:
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
        == {name: hashlib.sha256(data).hexdigest() for name, data in after.items() if data and name != MARKER}
    )


def test_a_previous_edition_with_a_users_files_needs_force_and_keeps_them(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    mine = {"figures/mine.svg": b"<svg>mine</svg>", "CNAME": b"example.org\n", "deep/er/x.bin": b"\x00" * 9}
    put(out, mine)
    before = snapshot(out)
    with pytest.raises(OutputFolderError) as refused:
        write_edition(out, never)
    assert "holds CNAME, which the edition did not write: add --force" in one_line(refused, out)
    assert snapshot(out) == before
    write_edition(out, stub("2"), force=True)
    after = snapshot(out)
    assert {k: after[k] for k in mine} == mine  # the user's file inside the edition's figures/ too
    assert after["index.html"] == b"<p>edition 2</p>"
    write_edition(out, stub("3", {"figures/new.svg": "<svg/>"}), force=True)  # again, with a new figure
    assert {k: snapshot(out)[k] for k in mine} == mine


def test_an_edited_file_of_the_edition_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    (out / "style.css").write_text("/* my tweaks */")
    before = snapshot(out)
    with pytest.raises(OutputFolderError) as refused:
        write_edition(out, never)
    assert "style.css was changed since lispy wrote it" in one_line(refused, out)
    assert snapshot(out) == before
    write_edition(out, stub("2"), force=True)
    assert (out / "style.css").read_text() == "/* 2 */"


def test_a_users_file_where_the_new_edition_writes_is_never_replaced(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    put(out, {"figures/ordering.svg": b"<svg>the user's</svg>"})
    for force in (False, True):
        with pytest.raises(OutputFolderError):
            write_edition(out, stub("2", {"figures/ordering.svg": "<svg/>"}), force=force)
        assert (out / "figures" / "ordering.svg").read_bytes() == b"<svg>the user's</svg>"
        assert (out / "index.html").read_text() == "<p>edition 1</p>"


def test_a_marker_lispy_did_not_write_is_not_trusted(tmp_path: Path) -> None:
    out = tmp_path / "site"
    for marker in (
        b"not json",
        b'{"lispy-edition": 1, "files": {"../../x": "' + b"0" * 64 + b'"}}',
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe",
    ):
        put(out, {MARKER: marker, "index.html": b"<p>mine"})
        before = snapshot(out)
        for force in (False, True):
            with pytest.raises(OutputFolderError) as refused:
                write_edition(out, never, force=force)
            assert f"{MARKER} is not the list of files a lispy edition writes" in one_line(refused, out)
            assert snapshot(out) == before


# --- any sequence of the user's changes and builds -----------------------------------------------

_NAMES = ["index.html", "style.css", "figures/a.svg", "figures/b.svg", "notes/x.txt", "CNAME", "deep/er/y"]
_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["edition", "user writes", "user edits the edition", "edition"]),
        st.sets(st.sampled_from(_NAMES), min_size=1, max_size=4),
        st.booleans(),
        st.binary(max_size=6),
    ),
    max_size=8,
)


@given(steps=_STEPS)
def test_no_sequence_of_builds_loses_a_byte_of_the_users_files(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, set[str], bool, bytes]]
) -> None:
    """A model of the folder (the user's files, the edition's files and which of those the user
    edited) against the real folder after every step: the user's files are always there byte for
    byte; a build is refused exactly when the module's docstring says, and then changes nothing."""
    out = tmp_path_factory.mktemp("model") / "site"
    users: dict[str, bytes] = {}
    edition: dict[str, bytes] = {}
    edited: set[str] = set()
    for number, (action, names, force, data) in enumerate(steps):
        if action == "user writes":
            for name in names - set(edition):
                users[name] = data
                put(out, {name: data})
        elif action == "user edits the edition":
            for name in names & set(edition):
                edition[name] += b"+"
                edited.add(name)
                put(out, {name: edition[name]})
        else:
            new = {name: f"{number} {name}".encode() for name in names | {"index.html"}}
            refused = bool(set(users) & set(new)) or (not force and bool(users or edited))
            before = snapshot(out) if out.exists() else None
            try:
                written = write_edition(out, lambda folder, new=new: put(folder, new), force=force)
            except OutputFolderError:
                assert refused
                assert (snapshot(out) if out.exists() else None) == before
            else:
                assert not refused and sorted(written) == sorted(new)
                users.update({name: edition[name] for name in edited - set(new)})  # kept: now the user's
                edition, edited = dict(new), set()
        files = {k: v for k, v in snapshot(out).items() if v is not None} if out.exists() else {}
        assert {k: files[k] for k in users} == users
        assert files == {**users, **edition, **({MARKER: files[MARKER]} if MARKER in files else {})}
    assert not [p for p in os.listdir(out.parent) if p.startswith(".lispy")]


# --- interrupted builds ---------------------------------------------------------------------------


@pytest.mark.parametrize("interruption", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_an_interrupted_build_leaves_the_old_edition(tmp_path: Path, interruption: BaseException) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    put(out, {"CNAME": b"example.org\n"})
    before, beside = snapshot(out), sorted(os.listdir(tmp_path))

    def half(folder: Path) -> None:
        stub("2")(folder)  # the whole new edition written into the temporary folder ...
        raise interruption  # ... and stopped before it is moved into place

    with pytest.raises(type(interruption)):
        write_edition(out, half, force=True)
    assert snapshot(out) == before and sorted(os.listdir(tmp_path)) == beside
    with pytest.raises(type(interruption)):
        write_edition(tmp_path / "new", half)  # a new folder: none is left
    assert sorted(os.listdir(tmp_path)) == beside


def test_ctrl_c_while_the_edition_is_moved_into_place_waits_for_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    replace = os.replace
    moves: list[str] = []

    def replace_then_ctrl_c(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        replace(source, target)
        moves.append(Path(target).name)
        if len(moves) == 1:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C after the first file of the new edition

    monkeypatch.setattr(os, "replace", replace_then_ctrl_c)
    # Python's own Ctrl-C handler, as at a terminal (a suite run as a background job inherits
    # SIGINT ignored, and the held signal, acted on after the moves, would then do nothing)
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            write_edition(out, stub("2"))
    finally:
        signal.signal(signal.SIGINT, saved)
    assert moves[-1] == MARKER  # the interruption took effect after the last move
    after = snapshot(out)
    assert after["index.html"] == b"<p>edition 2</p>" and after["style.css"] == b"/* 2 */"
    assert (
        json.loads(after[MARKER] or b"")["files"]["index.html"]
        == hashlib.sha256(b"<p>edition 2</p>").hexdigest()
    )
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".lispy")]


# --- a file in the way ----------------------------------------------------------------------------


def test_a_file_in_the_way_gives_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "site.html"
    a_file.write_bytes(b"<p>mine")
    cases = {
        a_file: "is a file, not a folder",
        tmp_path / "no" / "such" / "site": f"the folder {tmp_path / 'no' / 'such'} does not exist",
        a_file / "site": f"{a_file} is a file, not a folder",
    }
    for out, message in cases.items():
        with pytest.raises(OutputFolderError) as refused:
            write_edition(out, never)
        assert one_line(refused, out) == f"{out}: {message}"
    assert a_file.read_bytes() == b"<p>mine" and sorted(os.listdir(tmp_path)) == ["site.html"]
    # a name with a line break: quoted, the message stays one line
    odd = tmp_path / "odd"
    put(odd, {"two\nlines.txt": b"mine"})
    with pytest.raises(OutputFolderError) as refused:
        write_edition(odd, never)
    assert "(it holds 'two\\nlines.txt')" in one_line(refused, odd)
    (odd / "two\nlines.txt").unlink()
    odd.rmdir()
    # a link where the edition's figures/ folder goes: not followed
    out = tmp_path / "site"
    write_edition(out, stub("1"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for p in (out / "figures").iterdir():
        p.unlink()
    (out / "figures").rmdir()
    (out / "figures").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(OutputFolderError) as refused:
        write_edition(out, stub("2"), force=True)
    assert "figures is in the way" in one_line(refused, out)
    assert list(elsewhere.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_that_cannot_be_written_gives_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        for out in (locked, locked / "site"):
            with pytest.raises(OutputFolderError) as refused:
                write_edition(out, never)
            assert "cannot be written" in one_line(refused, out)
    finally:
        locked.chmod(0o700)


# --- the real thing, once -------------------------------------------------------------------------


def test_the_real_edition_is_rebuilt_around_a_users_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "edition"
    out.mkdir()
    put(out, USERS_FILES)
    (out / "index.html").unlink()  # the one file of the user's that the edition would overwrite
    theirs = snapshot(out)
    assert main(["--out", str(out), "--trials", "1"]) == 1
    fonts = tmp_path / "fonts.txt"  # an unknown font number: it was a ValueError traceback
    fonts.write_text("perm filename SAFE1[206,JMC] blob sn#1 filedate 1973-11-06\n\\F9x\n", encoding="utf-8")
    notes = [fonts, *(Path(p) for p in ("/dev/zero",) if os.path.exists(p))]
    arguments = ["--out", str(out), "--trials", "1", "--force"]
    assert main([*arguments, *(f"--notes={p}" for p in notes)]) == 0
    said = capsys.readouterr()
    errors = said.err.splitlines()
    assert errors[0] == (
        f"error: --out {out}: the folder is not empty and is not a lispy edition (it holds .hidden/): "
        "give a new or empty folder, or add --force to write the edition beside these files"
    )
    reasons = ["line 2: font 9 ('\\\\F9'), a font number", "is a character device"][: len(notes)]
    for path, reason in zip(notes, reasons, strict=True):
        [line] = [e for e in errors if str(path) in e]  # one line each, the path said once
        assert line.startswith(f"error: --notes {path}: {reason}") and line.count(str(path)) == 1
        assert line.endswith("The edition is written without it.")
    assert "Traceback" not in "\n".join(errors)
    after = snapshot(out)
    assert {k: after[k] for k in theirs} == theirs
    marker = json.loads(after[MARKER] or b"")["files"]
    assert {"index.html", "names.html", "errata.html", "companions.html", "style.css"} <= set(marker)
    assert set(after) == set(theirs) | set(marker) | {MARKER, "figures"}
    assert f"wrote {out / 'index.html'} and 3 more pages" in said.out
