"""The first visit on a phone's network: what the first playable card costs in bytes.

dist/ is served as many static hosts serve it (gzip, no Brotli) through a paced link of
10 Mbit/s (benchmarks/netlink.py: the bench's link), in a fresh browser context (empty
HTTP cache, no service worker). Everything the link sent before the first card (or
choice) could be played counts: at most 4 MB (the worker decodes the Brotli copies of the
large files itself, so a gzip host costs what a Brotli one does), and no file the first
card needs sent twice. Then the offline copy: the service worker takes the files the
worker decoded instead of downloading them again, and a reload without network plays.
The times are the benchmark's business (``python3 build.py bench --first-visit``); here
only the bytes and the requests are asserted.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from buildtools.serve import DIST

from support import ROOT

pytestmark = pytest.mark.browser

BUDGET_GZIP = 4_000_000  # bytes before the first playable card, from a gzip-only host
WASM = "/pyodide/pyodide.asm.wasm"
FIRST_STDLIB = "/pyodide/python_stdlib_first.zip"


@pytest.fixture
def gzip_host(site: str) -> Iterator[tuple[str, Any, list[tuple[str, int]]]]:
    """dist/ (built by ``site``) from a gzip-only host behind a 10 Mbit/s, 40 ms link;
    (base URL, the link, the log of (path, status))."""
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.netlink import Link, paced
        from buildtools.serve import host_sending, make_server
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


def test_the_first_card_costs_at_most_four_megabytes_from_a_gzip_host(
    browser: Any, gzip_host: tuple[str, Any, list[tuple[str, int]]]
) -> None:
    base, link, log = gzip_host
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}#/play?rules=ddv&seed=4&delay=0")
    playable_at = wait_playable(page)
    sent = link.bytes_until(playable_at)
    by_file = link.by_path_until(playable_at)
    requested = list(log)  # what was asked for by then (and a little after)

    assert sent <= BUDGET_GZIP, f"{sent:,} bytes before the first card: {by_file}"
    # the runtime came over this link as its Brotli copy, decoded in the page
    wasm = by_file.get(WASM + ".br", 0)
    assert 1_500_000 < wasm < 2_600_000, f"the wasm's Brotli copy sent as {wasm:,} bytes"
    assert (WASM, 200) not in requested, "the gzip wasm was fetched beside its Brotli copy"
    twice = {p for p, _ in requested if p in by_file and requested.count((p, 200)) > 1}
    assert twice == set(), f"requested twice before the first card: {twice}"

    # the offline copy: the decoded files are taken over, not downloaded again
    page.wait_for_function("() => document.documentElement.dataset.sw === 'ready'", timeout=120_000)
    again = [p for p, code in log if p in (WASM, FIRST_STDLIB) and code == 200]
    assert again == [], f"the service worker downloaded again: {again}"
    kept = page.evaluate(
        """async (path) => {
            const response = await caches.match(new URL("." + path, location.href).href);
            const bytes = new Uint8Array(await response.arrayBuffer());
            return [bytes.length, Array.from(bytes.slice(0, 4))];
        }""",
        WASM,
    )
    assert kept == [(DIST / WASM[1:]).stat().st_size, [0, 97, 115, 109]]  # "\0asm"
    assert page.evaluate("() => caches.has('doko-handed')") is False

    # the next visit takes every file from the offline copy: nothing asked of the host
    # but the service worker's own update check
    del log[:]
    warm = context.new_page()
    warm.goto(f"{base}#/play?rules=ddv&seed=5&delay=0")
    wait_playable(warm)
    assert [p for p, _ in log if p != "/sw.js"] == []

    context.set_offline(True)
    page.reload()
    wait_playable(page)
    assert errors == []
    context.close()


def wait_playable(page: Any) -> float:
    """When the first card (or choice) could be played, as epoch seconds."""
    page.wait_for_function(
        "() => performance.getEntriesByName('doko:playable').length > 0", timeout=120_000
    )
    return float(
        page.evaluate(
            "() => (performance.timeOrigin"
            " + performance.getEntriesByName('doko:playable')[0].startTime) / 1000"
        )
    )
