"""``python -m lispy.edition --serve [--port N]``: the edition served on 127.0.0.1.

A page opened as ``file://`` cannot load WebAssembly, so the runnable edition (:mod:`lispy.edition.live`)
needs a server; any static one does (the files are plain).  This one serves one folder on the loopback
address only, answers ``.wasm`` as ``application/wasm``, logs nothing per request, and ends with one
line on Ctrl-C.
"""

from __future__ import annotations

import functools
import http.server
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["Handler", "serve"]


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from one folder, quietly, with the types WebAssembly and modules need."""

    extensions_map = {  # noqa: RUF012  (an instance variable of the base class, shared as there)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".zip": "application/zip",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(folder: Path, port: int = 8000, say: Callable[[str], None] = print) -> int:
    """Serve ``folder`` on ``http://127.0.0.1:PORT/`` until Ctrl-C (``port`` 0: any free port); the
    exit status.  Prints the address on one line (flushed), and one line when it stops."""
    handler = functools.partial(Handler, directory=str(folder))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        print(f"error: cannot serve on 127.0.0.1:{port}: {e.strerror or e}", file=sys.stderr)
        return 1
    with server:
        say(f"serving {folder} at http://127.0.0.1:{server.server_address[1]}/index.html (Ctrl-C stops)")
        sys.stdout.flush()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            say("stopped serving")
    return 0
