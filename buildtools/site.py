"""The build of dist/ (``python3 build.py``): the runtime, the engine's wheel, the
trimmed standard library, the snapshot, the page, the compressed copies, the hosting
files and the offline list. build.py is the command; the benchmarks build through here,
so nothing imports build.py back.
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from buildtools import fast, hosting, npm, offline, runtime, snapshot, wheel

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "engine" / "doko"
PYODIDE_VERSION = runtime.PYODIDE_VERSION


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def write_licenses(pyodide_dir: Path) -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    qr_version = lock["node_modules/qrcode-generator"]["version"]
    br_version = lock["node_modules/brotli-dec-wasm"]["version"]
    notice = f"""Third-party software in this site
=================================

pyodide/  Pyodide {PYODIDE_VERSION}, files from the npm package
          "pyodide" (https://github.com/pyodide/pyodide).
          License: Mozilla Public License 2.0 (text below). Source code:
          https://github.com/pyodide/pyodide/tree/{PYODIDE_VERSION}
          Pyodide contains CPython, compiled with Emscripten (MIT / University
          of Illinois/NCSA license); see the Pyodide repository for details.

pyodide/python_stdlib*.zip
          The Python standard library (only the modules the engine uses),
          Python Software Foundation License Version 2 (text below).

snapshot.bin
          A memory image of the Pyodide runtime above with the engine loaded
          (licenses as above).

doko-*.zip, *.js, *.css, *.html
          Doppelkopf engine (compiled) and page, MIT license.

app.js    also holds qrcode-generator {qr_version} by Kazuhiko Arase (npm package
          "qrcode-generator", https://github.com/kazuhikoarase/qrcode-generator),
          which draws the invite codes. License: MIT (text below).
          The word "QR Code" is a registered trademark of DENSO WAVE INCORPORATED.

vendor/brotli-dec-wasm/
          brotli-dec-wasm {br_version} by Yulong Ming (npm package "brotli-dec-wasm",
          https://github.com/ustclug-dev/brotli-dec-wasm), a Brotli decoder the
          worker uses on hosts that send no Brotli. License: MIT or Apache-2.0, at
          your option (MIT text below). It is compiled from the Rust crate
          "brotli-decompressor" by Dropbox, Inc. (BSD-3-Clause or MIT).

"""
    texts = [
        ("Mozilla Public License 2.0", ROOT / "licenses" / "MPL-2.0.txt"),
        ("Python Software Foundation License", ROOT / "licenses" / "Python-PSF.txt"),
        ("MIT License (qrcode-generator)", ROOT / "licenses" / "qrcode-generator-MIT.txt"),
        ("MIT License (brotli-dec-wasm)", ROOT / "licenses" / "brotli-dec-wasm-MIT.txt"),
    ]
    parts = [notice]
    for title, path in texts:
        parts.append(f"\n{'=' * 72}\n{title}\n{'=' * 72}\n\n{path.read_text()}")
    (DIST / "LICENSES.txt").write_text("".join(parts))
    # A license file next to the runtime too, since the tarball ships none.
    if not any((pyodide_dir / n).exists() for n in runtime.PYODIDE_LICENSES):
        shutil.copyfile(ROOT / "licenses" / "MPL-2.0.txt", pyodide_dir / "LICENSE")


def untrusted_bound() -> int:
    """doko.game.untrusted.MAX_TEXT, read from its source: the worker refuses a larger request
    before the engine sees it, the same bound the engine and the command line keep."""
    tree = ast.parse((ENGINE / "game" / "untrusted.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
            "MAX_TEXT"
        ]:
            return int(ast.literal_eval(node.value))
    raise SystemExit("engine/doko/game/untrusted.py has no MAX_TEXT")


def fill(source: Path, path: Path, slot: str, value: object) -> None:
    """Write ``path``: ``source`` with its ``/*SLOT*/ ... /*END*/`` placeholder filled
    with JSON."""
    text = source.read_text()
    start, end = f"/*{slot}*/", "/*END*/"
    at = text.find(start)
    stop = text.find(end, at)
    if at < 0 or stop < 0:
        sys.exit(f"build: {path.name} has no {start} ... {end} slot")
    path.write_text(text[: at + len(start)] + json.dumps(value) + text[stop:])


def _leave_out(paths: set[str]) -> Callable[[str, list[str]], set[str]]:
    """copytree's filter: the files of web/ (paths relative to it) not to copy."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).relative_to(WEB)
        return {name for name in names if (here / name).as_posix() in paths}

    return ignore


def _drop_empty_folders(root: Path) -> None:
    """Folders of web/ whose modules all went into the bundle."""
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()


# Where the host sends no Brotli (many static hosts gzip only), the worker fetches the
# .br copies of the files its start downloads (the runtime's wasm, the stdlib's first
# zip, the engine's zip, the snapshot) and decodes them itself: a quarter fewer bytes
# than gzip before the first card. The decoder (npm "brotli-dec-wasm", 100 kB with
# gzip) is fetched only then.
DECODER = ("brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm")
DECODER_DIR = "vendor/brotli-dec-wasm"


def brotli_in_page(
    files: list[Path], build_info: dict[str, Any], log: Callable[[str], None]
) -> dict[str, str]:
    """Copy the Brotli decoder into dist/ and tell the worker which of ``files`` it may
    decode (name -> the plain file's digest, the key under which the worker hands the
    decoded file to the service worker). Returns the same digests by path, for the
    precache."""
    trouble = npm.ensure(["node_modules/brotli-dec-wasm"], "the Brotli decoder", log)
    if trouble:
        log(f"warning: {trouble}; the page takes gzip where the host sends no Brotli")
        return {}
    files = [p for p in files if p.exists()]
    br = fast.sent_sizes(files, CACHE, log, "br")
    decodable = {p: _digest(p) for p in files if br[p] < p.stat().st_size}
    if not decodable:
        return {}
    (DIST / DECODER_DIR).mkdir(parents=True)
    for name in DECODER:
        shutil.copyfile(ROOT / "node_modules/brotli-dec-wasm/pkg" / name, DIST / DECODER_DIR / name)
    build_info["brotli"] = {p.name: digest for p, digest in decodable.items()}
    build_info["decoder"] = f"{DECODER_DIR}/{DECODER[0]}"
    return {p.relative_to(DIST).as_posix(): digest for p, digest in decodable.items()}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def build(use_snapshot: bool = True) -> None:
    """dist/ from scratch; each file written once, then compressed once."""
    tgz = runtime.fetch_pyodide(CACHE, log)
    micropip = runtime.fetch_micropip(CACHE, log)
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    bundled = fast.bundle(WEB, DIST, log)  # dist/app.js, or None: the modules go as they are
    # what is written below in its final form is not copied first; web/package.json only
    # tells Node (the page's unit tests) that web/ is ES modules, in dist/ it would make
    # Node read Pyodide's scripts as modules too
    # web/core/contract.js holds types only (JSDoc for tsc): nothing loads it
    later = {"index.html", "worker.js", "sw.js", "package.json", "core/contract.js"}
    if bundled is not None:
        later |= {fast.ENTRY, *bundled}
    shutil.copytree(WEB, DIST, ignore=_leave_out(later), dirs_exist_ok=True)
    _drop_empty_folders(DIST)
    pyodide_dir = DIST / "pyodide"
    info = runtime.copy_pyodide(tgz, pyodide_dir)
    shutil.copyfile(micropip, pyodide_dir / runtime.MICROPIP)
    # the wheel is for micropip at build time; the site carries the engine compiled
    engine_wheel, count = wheel.build_wheel(ENGINE, ROOT / "pyproject.toml", CACHE / "wheel")
    lock = runtime.lock(info)
    CACHE.mkdir(exist_ok=True)
    lock_file = CACHE / "lock.json"
    lock_file.write_text(json.dumps(lock, sort_keys=True))
    log(f"engine wheel {engine_wheel.name} ({count} files), micropip {runtime.MICROPIP}")
    trimmed = snapshot.trim_stdlib(pyodide_dir, engine_wheel, lock_file, ENGINE, CACHE, log)
    if trimmed:
        log(
            f"standard library trimmed to what the engine uses: {trimmed[0] / 1e6:.2f} MB of "
            f"deflated sources -> {trimmed[1] / 1e6:.2f} MB of stored .pyc (the host's Brotli "
            "copy compresses the whole zip)"
        )
    write_licenses(pyodide_dir)
    made = use_snapshot and snapshot.write_snapshot(
        DIST, ENGINE, lock_file, runtime.PYODIDE_SHA512, CACHE, log
    )
    if made:
        log(f"Pyodide snapshot with the engine installed and imported: {snapshot.NAME}")
    elif not use_snapshot:
        log("no snapshot (--no-snapshot): the worker starts Python and imports the engine's zip")
    # micropip only installed the wheel here, at build time; the worker imports the zip
    (pyodide_dir / runtime.MICROPIP).unlink()
    if made:  # either start loads the trimmed stdlib in two parts (snapshot.FIRST, LAZY)
        (pyodide_dir / snapshot.STDLIB).unlink()
    engine = wheel.engine_archive(engine_wheel, snapshot.compiled_engine(CACHE), DIST)
    build_info = {
        "engine": engine.name,
        "lock": {**lock, "packages": {}},  # no package to load: Pyodide fetches no lock file
        "snapshot": made,
        "snapshotSize": (DIST / snapshot.NAME).stat().st_size if made else 0,
        "loader": next(n for n in runtime.PYODIDE_LOADER if (pyodide_dir / n).exists()),
        "extraBytes": {"br": 0, "gzip": 0},
        "snapshotXor": bool(made),  # make_snapshot.mjs stores the memory as a difference
        "emptyStdlib": snapshot.EMPTY if made else None,
        "firstStdlib": snapshot.FIRST if made else None,
        "lazyStdlib": snapshot.LAZY if made else None,
        "sizes": {},
        "maxText": untrusted_bound(),
    }
    if bundled:
        log(f"app.js bundled with esbuild: {len(bundled)} modules in one file")
    html, links = fast.modulepreload(DIST, (WEB / "index.html").read_text())
    (DIST / "index.html").write_text(html)
    log(f"modulepreload links in index.html: {links}")
    # the files either start fetches, [bytes, bytes sent with Brotli, with gzip], for the
    # progress bar
    loader = pyodide_dir / build_info["loader"]
    start_files = [DIST / snapshot.NAME, engine, loader, pyodide_dir / "pyodide.asm.wasm"]
    start_files += [pyodide_dir / n for n in (snapshot.STDLIB, snapshot.FIRST, snapshot.EMPTY)]
    start_files = [p for p in start_files if p.exists()]
    sent = {coding: fast.sent_sizes(start_files, CACHE, log, coding) for coding in ("br", "gzip")}
    build_info["sizes"] = {
        p.name: [p.stat().st_size, n, sent["gzip"][p]] for p, n in sent["br"].items()
    }
    wasm = pyodide_dir / "pyodide.asm.wasm"
    first = pyodide_dir / snapshot.FIRST
    handed = brotli_in_page([wasm, first, engine, DIST / snapshot.NAME], build_info, log)
    if made:  # what the snapshot start downloads more than the plain one
        for coding, size in sent.items():
            extra = size[DIST / snapshot.NAME] + size[pyodide_dir / snapshot.EMPTY]
            extra -= size[pyodide_dir / snapshot.FIRST] + size[engine]
            build_info["extraBytes"][coding] = max(0, extra)
            more = f"{extra / 1e6:.2f} MB more than the plain one ({coding})"
            log(f"the snapshot start downloads {more}")
    fill(WEB / "worker.js", DIST / "worker.js", "BUILD", build_info)
    saved = fast.precompress(DIST, CACHE, log)  # every file once, worker.js filled
    log(f"precompressed: {saved['br'] / 1e6:.1f} MB saved by .br, {saved['gzip'] / 1e6:.1f} by .gz")
    hosting.write(DIST)  # _headers (Netlify, Cloudflare Pages), nginx.conf
    offline.write_icons(DIST)  # manifest icons, then the SW's precache list (last)
    version = offline.write_precache(WEB / "sw.js", DIST, handed)
    log(f"service worker cache version {version}")
    size = sum(
        p.stat().st_size for p in DIST.rglob("*") if p.is_file() and p.suffix not in offline.COPIES
    )
    log(f"dist/ ready: {size / 1e6:.1f} MB")
