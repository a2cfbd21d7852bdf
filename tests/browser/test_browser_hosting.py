"""dist/ as a static host serves it: only the headers of dist/_headers, no Content-
Security-Policy from our own server. A whole game must play with no CSP violation in
the page or its worker (the meta tag does not reach the worker; the header does)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from buildtools.hosting import header_rules, headers_for
from pageplay import play_to_end, watched

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """Plain files plus the _headers rules, as Netlify or Cloudflare Pages send them."""

    rules: list[tuple[str, dict[str, str]]] = []
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def guess_type(self, path: Any) -> str:
        wanted = headers_for(self.path.split("?")[0], self.rules).get("Content-Type")
        return wanted or super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in headers_for(self.path.split("?")[0], self.rules).items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def static_host(site: str) -> Iterator[str]:
    # ``site`` builds dist/; this host serves the same files the way a static host does
    StaticHost.rules = header_rules((DIST / "_headers").read_text())
    handler = functools.partial(StaticHost, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_headers_file_has_the_policy_for_every_path() -> None:
    rules = header_rules((DIST / "_headers").read_text())
    for path in ("/", "/index.html", "/worker.js", "/pyodide/pyodide.asm.wasm"):
        assert "Content-Security-Policy" in headers_for(path, rules)
    assert headers_for("/snapshot.bin", rules)["Content-Type"] == "application/wasm"


def test_a_whole_game_under_the_static_hosts_headers(browser: Any, static_host: str) -> None:
    context = browser.new_context(base_url=static_host)
    page = watched(context, static_host)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e =>"
        " (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI))"
    )
    policies: dict[str, str] = {}
    page.on(
        "response",
        lambda r: policies.setdefault(
            r.url.rsplit("/", 1)[-1] or "/", r.headers.get("content-security-policy", "")
        ),
    )
    page.goto("#/play?rules=ddv&seed=7&level=standard&delay=0")
    page.wait_for_selector("body[data-engine=ready]", timeout=90_000)
    play_to_end(page)
    assert page.locator("[data-testid=score-row]").count() == 1
    # the page and, above all, its worker were sent the policy by the host
    assert "wasm-unsafe-eval" in policies["worker.js"]
    assert "frame-ancestors" in policies["/"]
    assert page.evaluate("window.__csp || []") == []
    refused = [e for e in page.watch.errors if "Content Security Policy" in e or "Refused" in e]
    assert refused == []
    assert page.watch.errors == []
    context.close()
