"""The Node packages the build and the checks use, exactly as package-lock.json pins them.

``ensure(names, log)`` runs ``npm ci`` (into node_modules/, without install scripts) when
one of ``names`` is missing or at another version than the lock file's; once they are in,
nothing is fetched again, so the build and the checks work offline.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def locked() -> dict[str, dict[str, object]]:
    """package-lock.json's packages, keyed "node_modules/NAME"."""
    packages: dict[str, dict[str, object]] = json.loads((ROOT / "package-lock.json").read_text())[
        "packages"
    ]
    return packages


def installed(key: str) -> bool:
    """The lock file's version of ``key`` ("node_modules/NAME") is in node_modules/."""
    with contextlib.suppress(OSError, ValueError, KeyError):
        found = json.loads((ROOT / key / "package.json").read_text())["version"]
        return bool(found == locked()[key]["version"])
    return False


def ensure(keys: Iterable[str], what: str, log: Callable[[str], None]) -> str | None:
    """Install the lock file's packages with ``npm ci`` unless every one of ``keys`` is
    already there; None when they are in, else why not (no npm, npm ci failed)."""
    keys = list(keys)
    if all(installed(key) for key in keys):
        return None
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        return "npm not found"
    log(f"npm ci ({what}, into node_modules/)")
    try:
        # no install scripts: esbuild's own only checks and relinks the binary that its
        # platform package (@esbuild/<os>-<cpu>, in the lock file) ships
        subprocess.run(
            [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            timeout=600,
        )
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        detail = (getattr(err, "stderr", b"") or b"").decode(errors="replace").strip()
        return f"npm ci failed ({(detail or str(err))[-200:]})"
    missing = [key for key in keys if not installed(key)]
    return f"npm ci did not install {', '.join(missing)}" if missing else None
