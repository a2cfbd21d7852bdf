"""The first visit on a phone's network: what the first playable card costs in bytes.

dist/ is served as many static hosts serve it (gzip, no Brotli) through a paced link of
10 Mbit/s (benchmarks/netlink.py: the bench's link), in a fresh browser context (empty
HTTP cache, no service worker). Everything the link sent before the first card (or
choice) could be played counts: at most 5 MB, and no file the first card needs sent
twice. The times are the benchmark's business (``python3 build.py bench --first-visit``);
here only the bytes and the requests are asserted.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from support import ROOT

pytestmark = pytest.mark.browser

BUDGET_GZIP = 5_000_000  # bytes before the first playable card, from a gzip-only host


@pytest.fixture
def gzip_host(site: str) -> Iterator[tuple[str, Any, list[tuple[str, int]]]]:
    """dist/ (built by ``site``) from a gzip-only host behind a 10 Mbit/s, 40 ms link;
    (base URL, the link, the log of (path, status))."""
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.netlink import Link, paced
        from buildtools.serve import DIST, host_sending, make_server
    finally:
        sys.path.remove(str(ROOT))
    link = Link(10, 40)
    log: list[tuple[str, int]] = []
    lock = threading.Lock()

    class GzipOnly(host_sending("gzip")):  # type: ignore[misc]
        def send_response(self, code: int, message: str | None = None) -> None:
            with lock:
                log.append((self.path.split("?")[0], int(code)))
            super().send_response(code, message)

    server = make_server(0, directory=DIST, handler=paced(GzipOnly, link))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", link, log
    server.shutdown()
    server.server_close()


def test_the_first_card_costs_at_most_five_megabytes_from_a_gzip_host(
    browser: Any, gzip_host: tuple[str, Any, list[tuple[str, int]]]
) -> None:
    base, link, log = gzip_host
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}#/play?rules=ddv&seed=4")
    page.wait_for_function(
        "() => performance.getEntriesByName('doko:playable').length > 0", timeout=120_000
    )
    playable = page.evaluate(
        "() => (performance.timeOrigin"
        " + performance.getEntriesByName('doko:playable')[0].startTime) / 1000"
    )
    sent = link.bytes_until(playable)
    by_file = link.by_path_until(playable)
    requested = list(log)  # what was asked for by then (and a little after)
    context.close()

    assert sent <= BUDGET_GZIP, f"{sent:,} bytes before the first card: {by_file}"
    # the runtime and the engine did come over this link, compressed
    wasm = by_file.get("/pyodide/pyodide.asm.wasm", 0)
    assert 2_000_000 < wasm < 4_000_000, f"the wasm sent as {wasm:,} bytes"
    twice = {p for p, _ in requested if p in by_file and requested.count((p, 200)) > 1}
    assert twice == set(), f"requested twice before the first card: {twice}"
