"""Build the static site in dist/ and optionally serve it.

    python build.py                 build dist/
    python build.py serve [--port N]  build, then serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS]  install the test extras if missing, run all tests,
                                    then the smoke benchmark
    python build.py bench [--smoke] [--json]  start-up and engine speed in Chromium
                                    (benchmarks/page_bench.py)

Stdlib only. Pyodide comes from the npm package (fetched once with ``npm pack``
into .cache/ and checked against a pinned hash); esbuild, which bundles the page's
modules into one, from ``npm ci`` (package.json, package-lock.json) into
node_modules/; nothing is loaded from a CDN at run time.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import hashlib
import http
import http.server
import shutil
import subprocess
import sys
import tarfile
import zipfile
from functools import partial
from pathlib import Path
from typing import Any

import build_fast
import build_offline

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "engine" / "doko"

PYODIDE_VERSION = "0.29.3"
# npm's dist.integrity for pyodide@0.29.3; a changed tarball fails the build.
PYODIDE_SHA512 = (
    "22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA=="
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_LICENSES = ("LICENSE", "LICENSE.md", "LICENSE.txt")

# Same as the worker's Content-Security-Policy; sent as a header so the worker
# (which a <meta> tag does not cover) runs under it too.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed, so doko.zip is byte-for-byte reproducible


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def fetch_pyodide() -> Path:
    """The cached npm tarball, fetched with ``npm pack`` on first use."""
    tgz = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        CACHE.mkdir(exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build: npm not found (needed once to fetch pyodide)")
        log(f"npm pack pyodide@{PYODIDE_VERSION}")
        subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
            cwd=CACHE,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    digest = base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != PYODIDE_SHA512:
        tgz.unlink()
        sys.exit(f"build: {tgz.name} does not match the pinned sha512; removed, run again")
    return tgz


def copy_pyodide(tgz: Path, out: Path) -> None:
    """Copy only the runtime files; read members directly so no path escapes out/."""
    out.mkdir(parents=True)
    with tarfile.open(tgz, "r:gz") as tar:
        names = {m.name.removeprefix("package/"): m for m in tar.getmembers() if m.isfile()}
        for name in PYODIDE_FILES + PYODIDE_LICENSES:
            member = names.get(name)
            if member is None:
                if name in PYODIDE_LICENSES:
                    continue
                sys.exit(f"build: {name} missing from {tgz.name}")
            src = tar.extractfile(member)
            assert src is not None
            (out / name).write_bytes(src.read())


def build_engine(target: Path) -> int:
    """Zip the doko package (sources, py.typed, demo records) for unpackArchive."""
    files = sorted(
        p
        for p in ENGINE.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and (
            p.suffix == ".py"
            or p.name == "py.typed"
            or (p.suffix == ".json" and p.parent.name == "demos")
        )
    )
    if not (ENGINE / "__init__.py").exists():
        log("warning: engine/doko/__init__.py missing (namespace package)")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for p in files:
            info = zipfile.ZipInfo(str(p.relative_to(ENGINE.parent)), ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, p.read_bytes())
    return len(files)


def write_licenses(pyodide_dir: Path) -> None:
    notice = f"""Third-party software in this site
=================================

pyodide/  Pyodide {PYODIDE_VERSION}, unmodified files from the npm package
          "pyodide" (https://github.com/pyodide/pyodide).
          License: Mozilla Public License 2.0 (text below). Source code:
          https://github.com/pyodide/pyodide/tree/{PYODIDE_VERSION}
          Pyodide contains CPython, compiled with Emscripten (MIT / University
          of Illinois/NCSA license); see the Pyodide repository for details.

pyodide/python_stdlib.zip
          The Python standard library, Python Software Foundation License
          Version 2 (text below).

doko.zip, *.js, *.css, *.html
          Doppelkopf engine and page, MIT license.

"""
    texts = [
        ("Mozilla Public License 2.0", ROOT / "licenses" / "MPL-2.0.txt"),
        ("Python Software Foundation License", ROOT / "licenses" / "Python-PSF.txt"),
    ]
    parts = [notice]
    for title, path in texts:
        parts.append(f"\n{'=' * 72}\n{title}\n{'=' * 72}\n\n{path.read_text()}")
    (DIST / "LICENSES.txt").write_text("".join(parts))
    # A license file next to the runtime too, since the tarball ships none.
    if not any((pyodide_dir / n).exists() for n in PYODIDE_LICENSES):
        shutil.copyfile(ROOT / "licenses" / "MPL-2.0.txt", pyodide_dir / "LICENSE")


def build() -> None:
    tgz = fetch_pyodide()
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(WEB, DIST)
    copy_pyodide(tgz, DIST / "pyodide")
    count = build_engine(DIST / "doko.zip")
    write_licenses(DIST / "pyodide")
    if build_fast.write_snapshot(DIST, PYODIDE_SHA512, CACHE, log):
        log(f"Pyodide snapshot with the engine imported: {build_fast.NAME}")
    bundled = build_fast.bundle(DIST, log)
    if bundled:
        log(f"app.js bundled with esbuild: {bundled} modules in one file")
    log(f"modulepreload links in index.html: {build_fast.modulepreload(DIST)}")
    log(f"precompressed (.gz): {build_fast.precompress(DIST, CACHE) / 1e6:.1f} MB saved")
    build_offline.write_icons(DIST)  # manifest icons, then the SW's precache list (last)
    log(f"service worker cache version {build_offline.write_precache(DIST)}")
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file() and p.suffix != ".gz")
    log(f"dist/ ready: {count} engine files, {size / 1e6:.1f} MB")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "application/javascript",
        ".mjs": "application/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".css": "text/css",
        ".html": "text/html; charset=utf-8",
        ".txt": "text/plain; charset=utf-8",
        ".webmanifest": "application/manifest+json",
        ".png": "image/png",
    }

    def handle(self) -> None:
        # a browser that closes a page mid-download is not an error worth a traceback
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def send_head(self) -> Any:
        """FILE.gz in place of FILE for a client that accepts gzip (like gzip_static)."""
        path = Path(self.translate_path(self.path))
        packed = path.with_name(path.name + ".gz")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        # a FILE changed after its FILE.gz was written is served as it is now
        if not (accepts and packed.is_file() and path.is_file()) or (
            packed.stat().st_mtime < path.stat().st_mtime
        ):
            return super().send_head()
        stamp = path.stat().st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if email.utils.parsedate_to_datetime(since).timestamp() >= int(stamp):
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        f = packed.open("rb")
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(packed.stat().st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stamp)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def end_headers(self) -> None:
        # no-cache: a rebuilt engine must never be served stale during development.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def make_server(
    port: int = 0,
    verbose: bool = False,
    directory: Path | None = None,
    handler: type[Handler] = Handler,
) -> http.server.ThreadingHTTPServer:
    """A server for dist/ (or ``directory``) on 127.0.0.1 (port 0 picks a free one);
    ``handler``: a subclass of Handler (the bench's paced link)."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), partial(handler, directory=str(directory or DIST))
    )
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


TEST_MODULES = ("pytest", "hypothesis", "playwright")


def run_tests(pytest_args: list[str]) -> int:
    """Install the pinned test extras if any is missing, then run the whole suite."""
    import importlib.util

    if any(importlib.util.find_spec(m) is None for m in TEST_MODULES):
        log("installing the test extras: pip install -e '.[test]'")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=ROOT, check=True
        )
    code = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT).returncode
    if code != 0:
        return code
    # figures only, nothing asserted; a crash of the bench fails the command
    log("smoke benchmark: python build.py bench --smoke")
    return subprocess.run([sys.executable, str(ROOT / "build.py"), "bench", "--smoke"]).returncode


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "command", nargs="?", choices=["build", "serve", "test", "bench"], default="build"
    )
    parser.add_argument("--port", type=int, default=8000)
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":  # pytest builds dist/ itself for the browser tests
        sys.exit(run_tests(rest))
    if args.command == "bench":
        from benchmarks import page_bench

        sys.exit(page_bench.main(rest))
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    build()
    if args.command == "serve":
        server = make_server(args.port, verbose=True)
        print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
