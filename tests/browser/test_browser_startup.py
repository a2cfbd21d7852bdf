"""First visit and start-up on the network: what the page fetches, and when.

- The service worker's precache starts only after the engine's first answer, and what
  the game fetched already is revalidated (a 304), never sent a second time.
- The engine is the project's package (its wheel installed with micropip at build time
  into the snapshot; the same files, compiled, in ``doko-VERSION.zip``, which the worker
  imports from, so micropip is never fetched): in the page's worker,
  ``importlib.metadata.version("doko")`` is pyproject.toml's version, with the memory
  snapshot and without it.
"""

from __future__ import annotations

import shutil
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support import ROOT

pytestmark = pytest.mark.browser

# Collects the worker's unsolicited {type: "installed", version} messages.
CAPTURE_INSTALLED = """
(() => {
  const Original = window.Worker;
  window.__installed = [];
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.type === "installed") window.__installed.push(data.version);
      });
    }
  };
})();
"""


@pytest.fixture
def logged_site(tmp_path: Path, site: str) -> Iterator[tuple[str, list[tuple[float, str, int]]]]:
    """A copy of dist/ on a server that logs (epoch s, path, status) for every request."""
    sys.path.insert(0, str(ROOT))
    try:
        from buildtools.serve import DIST, Handler, make_server
    finally:
        sys.path.remove(str(ROOT))
    folder = tmp_path / "dist"
    shutil.copytree(DIST, folder)
    log: list[tuple[float, str, int]] = []
    lock = threading.Lock()

    class Logged(Handler):
        def send_response(self, code: int, message: str | None = None) -> None:
            with lock:
                log.append((time.time(), self.path.split("?")[0], int(code)))
            super().send_response(code, message)

    server = make_server(0, directory=folder, handler=Logged)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", log
    server.shutdown()
    server.server_close()


def test_precache_starts_after_the_first_answer_and_fetches_nothing_twice(
    browser: Any, logged_site: tuple[str, list[tuple[float, str, int]]]
) -> None:
    url, log = logged_site
    context = browser.new_context(base_url=url)
    page = context.new_page()
    page.goto("/#/play?rules=ddv&seed=3")
    page.wait_for_function("() => performance.getEntriesByName('doko:first-answer').length")
    answered = page.evaluate(
        "() => (performance.timeOrigin"
        " + performance.getEntriesByName('doko:first-answer')[0].startTime) / 1000"
    )
    page.wait_for_function("() => document.documentElement.dataset.sw === 'ready'", timeout=120_000)
    context.close()

    registered = [at for at, path, _ in log if path == "/sw.js"]
    assert registered, "the service worker was never registered"
    # the browser stamps the answer, the server the request: the same machine's clock
    assert min(registered) > answered, "sw.js was requested before the engine's first answer"
    # everything the game fetched went into the offline cache by revalidation (304)
    sent: dict[str, int] = {}
    for _, path, status in log:
        if status == 200:
            sent[path] = sent.get(path, 0) + 1
    twice = {path: n for path, n in sent.items() if n > 1}
    assert twice == {}, f"sent more than once: {twice}"
    assert any(status == 304 for _, _, status in log), "nothing was revalidated"
    for heavy in ("/snapshot.bin", "/pyodide/pyodide.asm.wasm"):
        assert sent.get(heavy) == 1, f"{heavy} not fetched exactly once"


def _engine_name() -> str:
    return f"doko-{_version()}.zip"


def _version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


@pytest.mark.parametrize("snapshot", [True, False], ids=["snapshot", "no-snapshot"])
def test_the_engine_is_the_projects_package(page: Any, snapshot: bool) -> None:
    if not snapshot:  # the worker then starts Python and imports the engine's zip
        page.context.route("**/snapshot.bin", lambda route: route.fulfill(status=404, body=""))
    page.add_init_script(CAPTURE_INSTALLED)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url.rsplit("/", 1)[-1]))
    page.goto("#/play?rules=ddv&seed=5")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    # on this fast link the snapshot start, which needs no stdlib files to begin with
    assert ("python_stdlib_first.zip" in fetched) is not snapshot
    # with the snapshot, the engine's files arrive once the worker is idle
    page.wait_for_function("() => window.__installed.length > 0", timeout=60_000)
    assert page.evaluate("() => window.__installed") == [_version()]
    assert _engine_name() in fetched
    assert not any(name.startswith("micropip-") for name in fetched)
    if snapshot:  # the snapshot's download was reported as it arrived, up to all of it
        assert page.evaluate("() => document.documentElement.dataset.engineProgress") == "100"
        shown = page.evaluate("() => document.documentElement.dataset.engineBytes")
        loaded, total = map(int, shown.split("/"))
        assert loaded == total > 2_000_000  # the bytes on the wire, all of them in
        assert page.evaluate(
            "() => performance.getEntriesByName('doko:progress')[0].startTime"
            " < performance.getEntriesByName('doko:engine-ready')[0].startTime"
        ), "the bar moved only once the engine was ready"
    assert page.watch.offsite == []
