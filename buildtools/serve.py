"""``build.py serve``: dist/ over HTTP on 127.0.0.1, as a static host sends it.

Precompressed copies are sent in place of a file the way nginx's ``brotli_static`` /
``gzip_static`` do: ``FILE.br`` with ``Content-Encoding: br`` to a browser that accepts
Brotli, else ``FILE.gz`` with ``gzip``, else FILE itself; always ``Vary:
Accept-Encoding``. A FILE changed after its copies were written is sent as it is now.
"""

from __future__ import annotations

import contextlib
import email.utils
import http
import http.server
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

# Same as the page's Content-Security-Policy; sent as a header so the worker
# (which a <meta> tag does not cover) runs under it too.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

# (suffix of the copy, Content-Encoding), best first
ENCODINGS = ((".br", "br"), (".gz", "gzip"))


def accepted(header: str) -> set[str]:
    """Codings an Accept-Encoding header accepts (q=0 refuses one)."""
    out = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                with contextlib.suppress(ValueError):
                    q = float(value)
        if name and q > 0:
            out.add(name.strip().lower())
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "application/javascript",
        ".mjs": "application/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".whl": "application/zip",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".txt": "text/plain; charset=utf-8",
        ".webmanifest": "application/manifest+json",
        ".png": "image/png",
        ".bin": "application/octet-stream",
    }

    # what this host offers, best first (a host with gzip only: the bench's --host gzip)
    codings: ClassVar[tuple[tuple[str, str], ...]] = ENCODINGS

    def handle(self) -> None:
        # a browser that closes a page mid-download is not an error worth a traceback
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def send_head(self) -> Any:
        """FILE.br or FILE.gz in place of FILE for a client that accepts it."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        wanted = accepted(self.headers.get("Accept-Encoding", ""))
        packed, coding = None, ""
        if path.is_file():
            for suffix, name in self.codings:
                copy = path.with_name(path.name + suffix)
                # a FILE changed after its copy was written is served as it is now
                fresh = copy.is_file() and copy.stat().st_mtime >= path.stat().st_mtime
                if name in wanted and fresh:
                    packed, coding = copy, name
                    break
        if packed is None:
            return super().send_head()
        stamp = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stamp):
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        f = packed.open("rb")
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stamp)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def end_headers(self) -> None:
        # no-cache: always revalidated (304 when unchanged), so a rebuilt engine is never
        # served stale; the service worker keeps the offline copy.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def host_sending(*codings: str) -> type[Handler]:
    """A Handler for a host that has precompressed copies in only these codings (a host
    with gzip and no Brotli: ``host_sending("gzip")``)."""
    offered = tuple(e for e in ENCODINGS if e[1] in codings)
    return type("Host", (Handler,), {"codings": offered})


def make_server(
    port: int = 0,
    verbose: bool = False,
    directory: Path | None = None,
    handler: type[Handler] = Handler,
) -> http.server.ThreadingHTTPServer:
    """A server for dist/ (or ``directory``) on 127.0.0.1 (port 0 picks a free one);
    ``handler``: a subclass of Handler (the bench's paced link)."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), partial(handler, directory=str(directory or DIST))
    )
    server.verbose = verbose  # type: ignore[attr-defined]
    return server
