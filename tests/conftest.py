"""Shared fixtures: the built site served locally, and a system Chromium.

The browser fixtures build dist/ once per session (``python build.py``) and
serve it on a free port; engine-only tests never touch them.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(ROOT))
from buildtools.chromium import CHROMIUM_ARGS, system_chromium  # noqa: E402

from pageplay import watched  # noqa: E402

__all__ = ["CHROMIUM_ARGS", "system_chromium"]


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Base URL of a freshly built dist/, served from a background thread."""
    subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
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
