"""One paced network link in the server, shared by every request of a browser.

``build.py bench --net MBPS,RTT_MS`` serves dist/ through it: every response waits
RTT_MS before its first byte (one round trip per request: the request going up and the
first byte coming down), then all responses share one token bucket of MBPS megabits per
second, so the page, its worker and its service worker compete for the same link as
they do on a phone. Browser throttling (DevTools emulation) does not throttle workers,
so the pacing is done here, at the sender. Precompressed files are sent as a static
host sends them (``build.py``'s handler: Brotli or gzip by Accept-Encoding).

The link also logs every send (time, bytes, path), so the bench can tell how many bytes
went out before a moment the page marked.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, BinaryIO

CHUNK = 8 * 1024  # bytes per scheduling step; about 6.5 ms at 10 Mbit/s


@dataclass
class Link:
    """A shared link: ``mbps`` megabits per second (0: unlimited), ``rtt_ms`` per request."""

    mbps: float
    rtt_ms: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    free_at: float = 0.0  # when the link has sent everything queued so far
    log: list[tuple[float, int, str]] = field(default_factory=list)  # (epoch s, bytes, path)

    def send(self, data: bytes, write: Any, path: str) -> None:
        """Write ``data`` at the link's pace; chunks of concurrent responses interleave."""
        view = memoryview(data)
        for at in range(0, len(view), CHUNK):
            piece = view[at : at + CHUNK]
            if self.mbps > 0:
                with self.lock:
                    start = max(time.time(), self.free_at)
                    self.free_at = start + len(piece) * 8 / (self.mbps * 1e6)
                    done = self.free_at
                wait = done - time.time()
                if wait > 0:
                    time.sleep(wait)
            write(piece)
            with self.lock:
                self.log.append((time.time(), len(piece), path))

    def bytes_until(self, epoch_s: float) -> int:
        with self.lock:
            return sum(n for at, n, _ in self.log if at <= epoch_s)

    def by_path_until(self, epoch_s: float) -> dict[str, int]:
        out: dict[str, int] = {}
        with self.lock:
            for at, n, path in self.log:
                if at <= epoch_s:
                    out[path] = out.get(path, 0) + n
        return out

    def reset(self) -> None:
        with self.lock:
            self.log.clear()


class PacedWriter:
    """Stands in for a handler's ``wfile``: headers and bodies go through the link."""

    def __init__(self, raw: BinaryIO, link: Link, handler: Any) -> None:
        self.raw = raw
        self.link = link
        self.handler = handler

    def write(self, data: bytes) -> int:
        path = getattr(self.handler, "path", "?").split("?")[0].split("#")[0]
        self.link.send(bytes(data), self.raw.write, path)
        return len(data)

    def flush(self) -> None:
        self.raw.flush()

    def close(self) -> None:
        self.raw.close()

    @property
    def closed(self) -> bool:
        return bool(self.raw.closed)


def paced(handler_class: type, link: Link) -> type:
    """A subclass of ``handler_class`` whose responses go through ``link``."""

    class Paced(handler_class):  # type: ignore[misc, valid-type]
        def setup(self) -> None:
            super().setup()
            self.wfile = PacedWriter(self.wfile, link, self)

        def parse_request(self) -> bool:
            ok = bool(super().parse_request())
            if link.rtt_ms > 0:
                time.sleep(link.rtt_ms / 1000)
            return ok

    return Paced
