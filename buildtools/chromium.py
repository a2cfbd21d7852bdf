"""The Chromium that tests and benchmarks drive (one place for both).

``system_chromium()``: $CHROMIUM, else a Chromium on PATH or in /usr/bin; None means
Playwright's own browser. ``launch(playwright)``: headless, with ``CHROMIUM_ARGS``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def system_chromium() -> str | None:
    """$CHROMIUM, else a Chromium on PATH or in /usr/bin; None means Playwright's own."""
    for candidate in (
        os.environ.get("CHROMIUM"),
        shutil.which("chromium"),
        "/usr/bin/chromium",
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def launch(playwright: Any, **options: Any) -> Any:
    """Launch headless Chromium (the system one where there is one)."""
    kwargs: dict[str, Any] = {"args": CHROMIUM_ARGS, "headless": True, **options}
    path = system_chromium()
    if path:
        kwargs["executable_path"] = path
    return playwright.chromium.launch(**kwargs)
