"""``--serve``: the regular files of the edition's folder to loopback hosts, and nothing else (no
link followed out of the folder, no listing, no foreign ``Host``, no traceback, no dropped
connection, idle connections closed); an edition found served without building it again; the port
checked before building; Ctrl-C ends it with exit status 130, SIGTERM with 143, nothing left."""

from __future__ import annotations

import functools
import http.client
import os
import posixpath
import signal
import socket
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lispy.edition.live.serve import Handler, Server
from lispy.edition.output import write_edition

FILES = {"index.html": b"<!DOCTYPE html><p>the edition", "a.wasm": b"\0asm", "figures/f.svg": b"<svg/>"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The served folder: regular files, a subfolder, and what must not be served: links to a file
    and a folder outside, a link inside, a FIFO, an empty folder."""
    base = tmp_path_factory.mktemp("serve")
    outside, folder = base / "outside", base / "site"
    outside.mkdir()
    (outside / "secret.txt").write_bytes(b"my secret")
    for name, data in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "secret.txt").symlink_to(outside / "secret.txt")
    (folder / "out").symlink_to(outside, target_is_directory=True)
    (folder / "same.html").symlink_to(folder / "index.html")
    (folder / "empty").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo")
    return folder


@pytest.fixture(scope="module")
def port(site: Path) -> Iterator[int]:
    """A server of ``site`` on 127.0.0.1 (a thread of this process), idle connections closed at once."""
    quick = type("Quick", (Handler,), {"timeout": 0.5})
    server = Server(("127.0.0.1", 0), functools.partial(quick, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def get(port: int, path: str, host: str | None = None) -> tuple[int, bytes, str]:
    """Status, body and Content-Type of ``GET path`` with the ``Host`` given (default: the server's)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.putrequest("GET", path, skip_host=True)
    if host != "":
        connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    answer = connection.getresponse()
    result = answer.status, answer.read(), answer.headers.get("Content-Type", "")
    connection.close()
    return result


def test_the_files_of_the_folder_are_served_with_their_types(port: int) -> None:
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
        assert get(port, "/index.html", host)[:2] == (200, FILES["index.html"])
    assert get(port, "/")[:2] == (200, FILES["index.html"])
    assert get(port, "/a.wasm") == (200, b"\0asm", "application/wasm")
    assert get(port, "/figures/f.svg?v=1")[:2] == (200, b"<svg/>")
    assert get(port, "/%66igures/f.svg")[:2] == (200, b"<svg/>")
    assert get(port, "/same.html")[:2] == (200, FILES["index.html"])  # a link to a file inside
    assert get(port, "/figures/../index.html")[:2] == (200, FILES["index.html"])  # still inside


def test_a_foreign_host_gets_403(port: int) -> None:
    """DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 sends its own Host."""
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", "", "::1"):
        status, body, _ = get(port, "/index.html", host)
        assert status == 403 and FILES["index.html"] not in body, host


def test_links_folders_fifos_and_odd_names_get_404(port: int, capfd: pytest.CaptureFixture[str]) -> None:
    for path in (
        "/secret.txt",  # a link to a file outside
        "/out/secret.txt",  # through a link to a folder outside
        "/figures/",  # a folder: no listing
        "/figures",
        "/empty/",
        "/fifo",
        "/%00",
        "/index.html%00.txt",
        "/../outside/secret.txt",
        "/nothing",
        "/" + "a" * 5000,
    ):
        status, body, _ = get(port, path)
        assert status == 404 and b"secret" not in body, path
    assert "Traceback" not in capfd.readouterr().err


def test_a_bad_request_gets_an_answer_and_an_idle_connection_is_closed(port: int) -> None:
    for request, answer in (
        (b"GET /%00 HTTP/1.1\r\nHost: 127.0.0.1:" + str(port).encode() + b"\r\n\r\n", b"HTTP/1.0 404 "),
        (b"\x16\x03\x01 not http\r\n\r\n", b"<!DOCTYPE HTML>"),  # TLS, say: HTTP/0.9's answer, a page
        # not UTF-8 once unquoted, an overlong "..", a Latin-1 byte: answered 404, not dropped (issue 34.9)
        *(
            (
                b"GET " + p + b" HTTP/1.1\r\nHost: 127.0.0.1:" + str(port).encode() + b"\r\n\r\n",
                b"HTTP/1.0 404 ",
            )
            for p in (b"/%ff", b"/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", b"/caf\xe9.html")
        ),
    ):
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(request)
            assert s.makefile("rb").read().startswith(answer)
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        assert s.recv(100) == b""  # sent nothing: closed by the server (0.5 s here), not by our timeout


_SEGMENTS = st.sampled_from(
    ["index.html", "a.wasm", "figures", "f.svg", "secret.txt", "out", "..", ".", "", "fifo"]
)


def served(path: str) -> bytes | None:
    """The model: the bytes of the file written into the folder that ``path`` names as
    ``http.server`` reads it (unquoted, then ``.``, ``..`` and empty names dropped within the
    folder; a final ``/`` naming the folder's ``index.html``), None for anything else."""
    try:
        text = urllib.parse.unquote(path, errors="surrogatepass")
    except UnicodeDecodeError:
        text = urllib.parse.unquote(path)
    words = [w for w in posixpath.normpath(text).split("/") if w not in ("", ".", "..")]
    return FILES.get("/".join([*words, "index.html"] if text.rstrip().endswith("/") else words))


@given(st.lists(_SEGMENTS | st.text(max_size=4), min_size=1, max_size=4), st.booleans())
def test_any_path_gets_the_file_it_names_or_404(
    port: int, site: Path, segments: list[str], quote: bool
) -> None:
    """200 with the file's bytes exactly when the path names one of the regular files written
    into the folder, 404 for everything else, never an error or a dropped connection."""
    name = "/".join(segments)
    path = "/" + (urllib.parse.quote(name, safe="/") if quote else urllib.parse.quote(name, safe="/%."))
    status, body, _ = get(port, path)
    expected = served(path)
    assert (status, body) == (200, expected) if expected is not None else status == 404


def test_serve_on_an_edition_serves_it_without_building_and_ctrl_c_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "site"
    write_edition(out, lambda d: (d / "index.html").write_bytes(FILES["index.html"]))
    child = subprocess.Popen(
        [sys.executable, "-m", "lispy.edition", "--serve", "--out", str(out), "--port", "0", "--trials", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal would have it
    )  # fmt: skip
    try:
        assert child.stdout is not None
        said = [child.stdout.readline(), child.stdout.readline()]
        assert said[0] == (
            f"{out} holds an edition: serving it as it is (build without --serve to renew it)\n"
        )
        assert said[1].startswith(f"serving {out} at http://127.0.0.1:") and "(Ctrl-C stops)" in said[1]
        port = int(said[1].split("127.0.0.1:")[1].split("/")[0])
        assert get(port, "/index.html")[:2] == (200, FILES["index.html"])  # as it was: not rebuilt
        child.send_signal(signal.SIGINT)
        out_rest, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert (out_rest, err, child.returncode) == ("", "interrupted\n", 130)


def test_sigterm_during_the_build_of_serve_without_out_leaves_no_folder(tmp_path: Path) -> None:
    """Issue 34, item 5: ``--serve`` without ``--out`` builds into a temporary folder; SIGTERM during
    the build left it behind, empty.  Now SIGTERM ends the command (143) after removing it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "lispy.edition", "--serve", "--port", "0", "--trials", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )  # fmt: skip
    try:
        assert child.stdout is not None and child.stdout.readline()  # the build has begun
        assert os.listdir(tmp_path)
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert os.listdir(tmp_path) == []
    assert (child.returncode, err) == (128 + signal.SIGTERM, "")


def test_serve_on_a_busy_port_says_so_in_one_line_before_building(tmp_path: Path) -> None:
    """Issue 33: ``--serve`` on a port in use rebuilt the edition (13 s), replacing the folder the
    other server served, and only then failed."""
    out = tmp_path / "site"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "lispy.edition", "--serve", "--out", str(out), "--port", str(port)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"error: cannot serve on 127.0.0.1:{port}: Address already in use\n"
    assert not out.exists()
