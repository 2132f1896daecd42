"""``python -m lispy.edition --serve [--port N]``: the edition served on 127.0.0.1, and nothing else
(a page opened as ``file://`` cannot load WebAssembly, so :mod:`lispy.edition.live` needs a server).

It answers only a request whose ``Host`` is ``127.0.0.1:PORT`` or ``localhost:PORT`` (bare where
PORT is 80; another gets 400, against DNS rebinding), with the regular files inside its folder
(:func:`open_inside`: anything else gets 404; ``/`` is ``/index.html``), ``.wasm`` as
``application/wasm``, and closes a connection idle for :data:`IDLE_SECONDS`.  It logs nothing per
request and prints no traceback for a bad request or a dropped connection.  Ctrl-C ends it as every
command line of lispy ends (:func:`lispy.cli.run`: exit status 130); SIGTERM and SIGHUP too (143,
129), through every ``finally`` on the way, so that ``--serve`` without ``--out`` removes the
temporary folder it built the edition in.
"""

from __future__ import annotations

import functools
import http.server
import os
import signal
import stat
import sys
import threading
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["IDLE_SECONDS", "Handler", "serve"]

IDLE_SECONDS = 30
"""How long a connection may wait for a request, or for the client to read, before it is closed."""

_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # a FIFO does not block


def open_inside(folder: str, path: str) -> BinaryIO | None:
    """The regular file at ``path`` (a URL's path, ``%``-quoted) in ``folder``, opened a component
    at a time without following a link; None for anything else.

    >>> import tempfile, pathlib
    >>> site = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (site / "index.html").write_text("<p>hi")
    >>> (site / "link.html").symlink_to(site / "index.html")
    >>> with open_inside(str(site), "/index.html") as f:
    ...     f.read()
    b'<p>hi'
    >>> [open_inside(str(site), p) for p in ("/link.html", "/../etc/passwd", "/%00", "/", "//index.html")]
    [None, None, None, None, None]
    """
    parts = urllib.parse.unquote(path, errors="surrogatepass").split("/")
    if parts[0] != "" or any(p in ("", ".", "..") for p in parts[1:]):
        return None
    opened: list[int] = []
    try:
        opened.append(os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)))
        for part in parts[1:]:
            opened.append(os.open(part, _OPEN, dir_fd=opened[-1]))
        if stat.S_ISREG(os.fstat(opened[-1]).st_mode):
            return os.fdopen(opened.pop(), "rb")
    except (OSError, ValueError):  # ValueError: a NUL in a name
        pass
    finally:
        for fd in opened:
            os.close(fd)
    return None


class Handler(http.server.SimpleHTTPRequestHandler):
    """The regular files of one folder (``directory``), to loopback hosts, quietly."""

    timeout = IDLE_SECONDS
    extensions_map = {  # noqa: RUF012  (an instance variable of the base class, shared as there)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".zip": "application/zip",
        ".json": "application/json",
    }

    def send_head(self) -> BinaryIO | None:
        port = self.server.server_address[1]  # type: ignore[index]  # AF_INET: (host, port)
        hosts = {f"127.0.0.1:{port}", f"localhost:{port}"} | (
            {"127.0.0.1", "localhost"} if port == 80 else set()
        )
        if (self.headers.get("Host") or "").lower() not in hosts:
            self.send_error(400, "Bad Request: the edition answers 127.0.0.1 and localhost only")
            return None
        path = self.path.partition("?")[0].partition("#")[0]  # the path as sent: "//x" is no host
        file = open_inside(self.directory, "/index.html" if path == "/" else path)
        if file is None:
            self.send_error(404, "File not found")
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type("/index.html" if path == "/" else path))
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.end_headers()
        return file

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a connection dropped or timed out: nothing to say


def serve(folder: Path, port: int = 8000, say: Callable[[str], None] = print) -> int:
    """Serve ``folder`` on ``http://127.0.0.1:PORT/`` until Ctrl-C (``port`` 0: any free port); the
    exit status where it cannot start (1, one line on standard error).  Prints the address on one
    line (flushed).  Ctrl-C raises ``KeyboardInterrupt`` after the server is closed."""
    handler = functools.partial(Handler, directory=str(folder))
    try:
        server = _Server(("127.0.0.1", port), handler)
    except OSError as e:
        print(f"error: cannot serve on 127.0.0.1:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    saved = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                saved[getattr(signal, name)] = signal.signal(getattr(signal, name), _exit)
    try:
        with server:
            say(f"serving {folder} at http://127.0.0.1:{server.server_address[1]}/index.html (Ctrl-C stops)")
            sys.stdout.flush()
            server.serve_forever()
    finally:
        for number, previous in saved.items():
            signal.signal(number, previous)
    return 0


def _exit(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)
