"""The Python runtime: Pyodide from npm (the site carries it), micropip from PyPI.

Both pinned; the build installs the engine with micropip, the site does not carry it.

``fetch_pyodide(cache)``: the npm tarball (``npm pack``, checked against npm's sha512);
``copy_pyodide(tgz, out)``: the runtime files only; ``fetch_micropip()``: micropip's
wheel as PyPI publishes it, kept in buildtools/wheels/ (so the build runs without pip
on a fresh machine), checked against its sha256; ``lock()``: the lock file the build's
Node runs hand to ``loadPyodide`` inline (``lockFileContents``), naming only micropip
(the worker's copy names no package), so Pyodide never fetches its 120 kB
``pyodide-lock.json`` and never reaches for a CDN.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

PYODIDE_VERSION = "0.29.3"
# npm's dist.integrity for pyodide@0.29.3; a changed tarball fails the build.
PYODIDE_SHA512 = (
    "22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA=="
)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOADER = ("pyodide.asm.js", "pyodide.asm.mjs")  # 0.29 has the first, 314 the second
PYODIDE_LICENSES = ("LICENSE", "LICENSE.md", "LICENSE.txt")
# The lock file's "info" (Pyodide checks the ABI and Python version of packages against it)
LOCK_FILE = "pyodide-lock.json"

MICROPIP = "micropip-0.11.0-py3-none-any.whl"  # the version Pyodide 0.29.3's lock names
MICROPIP_SHA256 = "467568ffe26c3aa5b53bad7a4722ebd91b0427cfd664efbe1b571530ded4a84b"
VENDORED = Path(__file__).resolve().parent / "wheels"


def fetch_pyodide(cache: Path, log: Any) -> Path:
    """The cached npm tarball, fetched with ``npm pack`` on first use."""
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        cache.mkdir(exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build: npm not found (needed once to fetch pyodide)")
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
            cwd=cache,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    digest = base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != PYODIDE_SHA512:
        tgz.unlink()
        sys.exit(f"build: {tgz.name} does not match the pinned sha512; removed, run again")
    return tgz


def copy_pyodide(tgz: Path, out: Path, with_lock: bool = False) -> dict[str, Any]:
    """Copy only the runtime files (members read directly, so no path escapes out/);
    the lock file's ``info`` (the lock file itself too, ``with_lock``)."""
    out.mkdir(parents=True)
    with tarfile.open(tgz, "r:gz") as tar:
        names = {m.name.removeprefix("package/"): m for m in tar.getmembers() if m.isfile()}
        if not any(name in names for name in PYODIDE_LOADER):
            sys.exit(f"build: none of {PYODIDE_LOADER} in {tgz.name}")
        for name in PYODIDE_FILES + PYODIDE_LOADER + PYODIDE_LICENSES + (LOCK_FILE,):
            member = names.get(name)
            if member is None:
                if name in PYODIDE_LICENSES + PYODIDE_LOADER:
                    continue
                sys.exit(f"build: {name} missing from {tgz.name}")
            src = tar.extractfile(member)
            assert src is not None
            data = src.read()
            if name == LOCK_FILE:
                info: dict[str, Any] = json.loads(data)["info"]
            if name != LOCK_FILE or with_lock:
                (out / name).write_bytes(data)
    return info


def fetch_micropip(cache: Path, log: Any) -> Path:
    """micropip's wheel (buildtools/wheels/, from PyPI), checked against the pinned sha256."""
    wheel = VENDORED / MICROPIP
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != MICROPIP_SHA256:
        sys.exit(f"build: {wheel} does not match the pinned sha256")
    return wheel


def lock(info: dict[str, Any]) -> dict[str, Any]:
    """A Pyodide lock file naming micropip only (file next to the runtime, its sha256)."""
    return {
        "info": info,
        "packages": {
            "micropip": {
                "name": "micropip",
                "version": MICROPIP.split("-")[1],
                "file_name": MICROPIP,
                "install_dir": "site",
                "sha256": MICROPIP_SHA256,
                "package_type": "package",
                "imports": ["micropip"],
                "depends": [],
                "unvendored_tests": False,
            }
        },
    }
