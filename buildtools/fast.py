"""A fast start for build.py: one bundled page module and precompressed files.

``bundle(web, dist, log)`` runs esbuild (pinned in package.json / package-lock.json,
installed into node_modules/ by ``npm ci`` on first use) on ``web/app.js`` and writes
``dist/app.js``: the page's modules become one file, so the table waits for one request
instead of fifteen. ``boot.js`` stays a module of its own (it starts the worker before
anything else has loaded).
Without npm the build goes on with the separate modules (and modulepreload links).

``precompress(dist, cache)`` writes ``NAME.br`` (Brotli, Node's zlib) and ``NAME.gz`` next
to each compressible file; the server (build.py serve, nginx ``brotli_static`` /
``gzip_static``, Netlify, Cloudflare Pages, ...) sends the best one the browser accepts
with its ``Content-Encoding``. The service worker never lists the copies: it fetches the
plain names and the browser decodes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from buildtools import npm

ROOT = Path(__file__).resolve().parent.parent


ENTRY = "app.js"
EXTERNAL = "./boot.js"  # its own <script async>: starts the worker first; shared, not copied


BUNDLE = Path(__file__).resolve().parent / "bundle.mjs"


def esbuild(log: Callable[[str], None]) -> str | None:
    """Node, once the esbuild package-lock.json pins is installed (``npm ci`` if it is not
    yet); None, with a warning, if it cannot be had (no npm, offline)."""
    lock = npm.locked()
    # the page's own dependencies (bundled into app.js) must be in too
    bundled = [n for n, p in lock.items() if n.startswith("node_modules/") and not p.get("dev")]
    trouble = npm.ensure(["node_modules/esbuild", *bundled], "esbuild and the page's packages", log)
    if trouble:
        log(f"warning: {trouble}, page modules not bundled (slower start)")
        return None
    return shutil.which("node")


def bundle(web: Path, dist: Path, log: Callable[[str], None]) -> set[str] | None:
    """Write dist/app.js as one ES module holding web/app.js and every module it imports
    (except boot.js); the modules it took in that nothing else names (paths relative to
    web/, to be left out of dist/); None if not bundled."""
    node = esbuild(log)
    if node is None:
        return None
    done = subprocess.run(
        [node, str(BUNDLE), str(web.resolve()), ENTRY, EXTERNAL],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:  # the page's own code is broken: say where, stop
        raise SystemExit(f"build: esbuild failed on web/{ENTRY}:\n{done.stderr.strip()}")
    out = json.loads(done.stdout)
    (dist / ENTRY).write_text(out["code"])
    # the page's own modules: an npm package's files (../node_modules/...) are bundled
    # too, and must stay where they are
    inputs = [
        name
        for name in out["inputs"]
        if name != ENTRY and (web / name).resolve().is_relative_to(web.resolve())
    ]
    # a module some other file still names (another page, the worker) stays
    others = [
        p.read_text()
        for p in web.iterdir()
        if p.suffix in {".js", ".mjs", ".html"} and p.name != ENTRY and p.name not in inputs
    ]
    return {
        name
        for name in inputs
        if not any(f"/{name}" in text or f'"{name}"' in text for text in others)
    }


COMPRESS = {
    ".js",
    ".mjs",
    ".wasm",
    ".json",
    ".css",
    ".html",
    ".txt",
    ".bin",
    ".webmanifest",
    ".zip",
    ".whl",
}
BROTLI = Path(__file__).resolve().parent / "brotli.mjs"


SHRINK = 0.9  # a copy is written only where it saves a tenth


def compressible(dist: Path) -> list[Path]:
    """The files under ``dist`` that get compressed copies (sw.js is filled in after
    them with the precache list, and is fetched fresh anyway)."""
    return [p for p in sorted(dist.rglob("*")) if _compressible(p)]


def _compressible(p: Path) -> bool:
    return p.is_file() and p.suffix in COMPRESS and p.stat().st_size >= 1024 and p.name != "sw.js"


def pack(files: list[Path], cache: Path, log: Callable[[str], None]) -> dict[Path, list[Path]]:
    """Each file's compressed copies in ``cache``: gzip, and Brotli where Node runs. Every
    copy is stored under the hash of the file's content, so a file is compressed once,
    however often its size is asked for (Brotli's best quality takes about a minute on
    the Pyodide runtime and the snapshot)."""
    store = cache / "packed"
    store.mkdir(parents=True, exist_ok=True)
    node = shutil.which("node")
    copies: dict[Path, list[Path]] = {}
    missing: list[tuple[str, str]] = []
    for p in files:
        data = p.read_bytes()
        key = hashlib.sha256(data).hexdigest()[:32]
        gz = store / f"{key}.gz"
        if not gz.exists():
            gz.write_bytes(gzip.compress(data, 9, mtime=0))
        copies[p] = [gz]
        if node is not None:
            br = store / f"{key}.br"
            copies[p].append(br)
            if not br.exists():
                missing.append((str(p), str(br)))
    if missing and node is not None:
        log(f"Brotli (node zlib, quality 11): {len(missing)} files")
        with tempfile.TemporaryDirectory() as tmp:
            jobs = Path(tmp) / "jobs.json"
            jobs.write_text(json.dumps(missing))
            subprocess.run([node, str(BROTLI), str(jobs)], check=True, timeout=1800)
    return copies


def precompress(
    dist: Path, cache: Path, log: Callable[[str], None] = print, prune: bool = True
) -> dict[str, int]:
    """Write FILE.gz (and FILE.br, with Node) beside every compressible file that shrinks
    by a tenth; bytes saved by each. ``prune`` drops the cached copies of files no longer
    there."""
    if shutil.which("node") is None:
        log("warning: node not found, no Brotli copies (gzip only)")
    saved = {"gzip": 0, "br": 0}
    copies = pack(compressible(dist), cache, log)
    for p, packed in copies.items():
        size = p.stat().st_size
        for copy in packed:
            if copy.exists() and copy.stat().st_size <= SHRINK * size:
                p.with_name(p.name + copy.suffix).write_bytes(copy.read_bytes())
                saved["gzip" if copy.suffix == ".gz" else "br"] += size - copy.stat().st_size
    used = {copy for packed in copies.values() for copy in packed}
    for old in (cache / "packed").iterdir() if prune else ():
        if old not in used:
            old.unlink()
    return saved


def sent_sizes(
    files: list[Path], cache: Path, log: Callable[[str], None], coding: str = "br"
) -> dict[Path, int]:
    """Bytes a browser will receive for each file once ``precompress`` has run, from a
    host that sends ``coding`` ("br" or "gzip"): that copy where it shrinks by a tenth,
    else the file (from ``pack``'s cache, so the files are not compressed again)."""
    suffix = ".br" if coding == "br" else ".gz"
    copies = pack([p for p in files if _compressible(p)], cache, log)
    sizes = {}
    for p in files:
        size = p.stat().st_size
        packed = [c for c in copies.get(p, []) if c.suffix == suffix and c.exists()]
        small = packed and packed[0].stat().st_size <= SHRINK * size
        sizes[p] = packed[0].stat().st_size if small else size
    return sizes


STATIC_IMPORT = re.compile(r"""(?:\bfrom|^import)\s*["'](\./[\w./-]+\.js)["']""", re.M)
MODULE_SCRIPT = re.compile(r"""\n(\s*)<script type="module" src="([\w./-]+\.js)"[^>]*></script>""")


def modulepreload(dist: Path, html: str) -> tuple[str, int]:
    """index.html's text with ``<link rel=modulepreload>`` for every module of dist/ the
    entry modules import (transitively), so the browser fetches them at once instead of
    level by level; and how many links."""
    entries = [m.group(2) for m in MODULE_SCRIPT.finditer(html)]
    seen: list[str] = []
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        path = dist / name
        if not path.is_file():
            continue
        for dep in STATIC_IMPORT.findall(path.read_text()):
            dep = (Path(name).parent / dep).as_posix()
            if dep not in seen and dep not in entries:
                seen.append(dep)
                todo.append(dep)
    first = list(MODULE_SCRIPT.finditer(html))[-1:]  # after the async boot.js, if any
    if not first or not seen:
        return html, 0
    at = first[0].start()
    indent = first[0].group(1)
    links = "".join(f'\n{indent}<link rel="modulepreload" href="{dep}">' for dep in seen)
    return html[:at] + links + html[at:], len(seen)
