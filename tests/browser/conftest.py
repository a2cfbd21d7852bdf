"""Browser fixtures: the built site served locally, and a system Chromium.

They build dist/ once per session (``python3 build.py``) and serve it on a free port;
``build.py test`` builds it before pytest starts (``DOKO_DIST_BUILT``), and pytest's
workers (``-n``) build it once between them. Only the tests in this folder load them, so
engine tests run without Playwright.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from buildtools.chromium import CHROMIUM_ARGS, system_chromium
from pageplay import watched

from support import ROOT


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Base URL of a freshly built dist/, served from a background thread."""
    build_once()
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def build_once() -> None:
    """dist/ built for this test run: by ``build.py test`` already, else here, by the
    first of pytest's workers to get here (the others wait for it)."""
    if os.environ.get("DOKO_DIST_BUILT") == "1":
        return
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None or os.name == "nt":
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
        return
    import fcntl

    # the lock file names the test run whose dist/ is built
    with open(ROOT / ".dist-build.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.seek(0)
        if lock.read() == run:
            return
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
        lock.truncate(0)
        lock.write(run)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        path = system_chromium()
        if path:
            browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        else:
            browser = p.chromium.launch(args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    context = browser.new_context(base_url=site)
    pg = watched(context, site)
    yield pg
    context.close()
