"""The preview of ``python -m lispy.edition --serve``: the edition's folder on 127.0.0.1, by
:mod:`http.server` (a page opened as ``file://`` cannot load WebAssembly, so :mod:`lispy.edition.live`
needs a server).

:func:`listen` binds ``127.0.0.1:PORT`` (an ``OSError`` where the port is busy, before anything is
built); :class:`Handler` is ``SimpleHTTPRequestHandler`` serving its ``directory`` and answering
only a request whose ``Host`` is a loopback name with the port (``127.0.0.1``, ``localhost``,
``[::1]``; bare on port 80), 403 otherwise: a page that DNS rebinding points at 127.0.0.1 sends its
own name.  A path that does not name a regular file inside the folder, after links are resolved,
gets 404 (a folder: no listings; ``/`` is ``/index.html``); so does one that does not decode.  It logs
nothing, prints no traceback for a dropped connection, and closes one idle for :data:`IDLE_SECONDS`.
"""

from __future__ import annotations

import functools
import http.server
import os
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["IDLE_SECONDS", "Handler", "Server", "listen"]

IDLE_SECONDS = 30
"""How long a connection may wait for a request, or for the client to read, before it is closed."""

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


class Handler(http.server.SimpleHTTPRequestHandler):
    """The regular files inside one folder (``directory``), to loopback hosts, quietly."""

    timeout = IDLE_SECONDS
    extensions_map = {  # noqa: RUF012  (a class attribute of the base class, extended as there)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # not in every Python's or machine's table of types
        ".mjs": "text/javascript",
        ".js": "text/javascript",
    }

    def send_head(self) -> BinaryIO | None:
        port = self.server.server_address[1]  # type: ignore[index]  # AF_INET: (host, port)
        hosts = {f"{name}:{port}" for name in LOOPBACK} | (set(LOOPBACK) if port == 80 else set())
        if self.headers.get("Host", "").lower() not in hosts:
            self.send_error(403, "the edition answers 127.0.0.1 and localhost only")
            return None
        path = self.translate_path(self.path)  # "%ff" and Latin-1 decode to names no file has
        path += "index.html" if path.endswith("/") else ""
        inside = os.path.realpath(self.directory) + os.sep
        if not (os.path.isfile(path) and os.path.realpath(path).startswith(inside)):
            self.send_error(404, "File not found")
            return None
        return super().send_head()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a connection dropped or timed out: nothing to say


def listen(folder: Path, port: int = 8000) -> Server:
    """A server of ``folder`` bound to ``127.0.0.1:port`` (0: any free port), not yet serving
    (``serve_forever()``); ``OSError`` where the port cannot be bound."""
    return Server(("127.0.0.1", port), functools.partial(Handler, directory=str(folder)))
