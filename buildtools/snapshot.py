"""The Python side of the worker's start: a trimmed standard library and a memory snapshot.

``trim_stdlib(...)`` starts Pyodide in Node (``make_snapshot.mjs modules``), installs
the engine's wheel with micropip, imports every module the engine's sources name, plays
a few games with every bot, and rewrites ``dist/pyodide/python_stdlib.zip`` with only
the files Python loaded (the full one is 2.4 MB, most of it modules the engine never
imports), each module compiled to its .pyc, stored uncompressed (the host's Brotli copy
compresses the whole zip better than deflate file by file).

``write_snapshot(...)`` then makes ``dist/snapshot.bin`` from that same start (Pyodide's
experimental ``_makeSnapshot``), with free memory zeroed and the memory stored as its
XOR with a fresh instance's (``web/restore.js``), and checks it by restoring it; the
worker restores it with ``loadPyodide({_loadSnapshot})`` and skips Python's start-up
and the engine import. Its stdlib is an empty zip; ``python_stdlib_lazy.zip``, the
trimmed stdlib's files the snapshot does not hold, follows once the worker is idle. The
start without the snapshot loads ``python_stdlib_first.zip`` (the files the snapshot
holds in memory) and the same lazy zip when idle.

Both results are cached in .cache/ under a hash of their inputs, so a build with an
unchanged engine does not start Node. Without Node the build keeps the full stdlib and
goes on without a snapshot (the worker then starts Pyodide the ordinary way), and says so.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "make_snapshot.mjs"
RESTORE = HERE.parent / "web" / "restore.js"  # the snapshot's format, shared with the worker
NAME = "snapshot.bin"
STDLIB = "python_stdlib.zip"
# what the worker's own Python (unpacking the wheel) and Pyodide's error reports use
ALWAYS = ("os", "sys", "sysconfig", "zipfile", "traceback", "linecache", "tokenize", "json")


def engine_imports(package: Path) -> list[str]:
    """Every top-level module the engine's sources import (at any depth), but its own."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] != package.name)


def _key(*parts: bytes) -> str:
    key = hashlib.sha256()
    for part in parts:
        key.update(hashlib.sha256(part).digest())
    return key.hexdigest()[:20]


def _node(args: list[str], log: Callable[[str], None], what: str) -> bool:
    node = shutil.which("node")
    if node is None:
        log(f"warning: node not found, no {what}")
        return False
    try:
        subprocess.run([node, str(SCRIPT), *args], check=True, timeout=900, capture_output=True)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        detail = getattr(err, "stderr", b"") or b""
        tail = detail.decode(errors="replace").strip().splitlines()[-1:] or [str(err)]
        log(f"warning: no {what} ({tail[0][:300]})")
        return False
    return True


def trim_stdlib(
    runtime: Path, wheel: Path, lock: Path, package: Path, cache: Path, log: Callable[[str], None]
) -> tuple[int, int] | None:
    """Rewrite runtime/python_stdlib.zip with the files the engine loads; (bytes before,
    after), None if left whole."""
    full = (runtime / STDLIB).read_bytes()
    extra = sorted({*engine_imports(package), *ALWAYS})
    key = _key(
        full, wheel.read_bytes(), lock.read_bytes(), SCRIPT.read_bytes(), json.dumps(extra).encode()
    )
    cached = cache / f"stdlib-{key}.json"
    installed = cache / f"installed-{key}.json"
    engine = cache / f"engine-{key}.zip"
    if not (cached.exists() and installed.exists() and engine.exists()):
        log("installing the wheel with micropip, finding the stdlib the engine uses (node)")
        cache.mkdir(exist_ok=True)
        olds = ("stdlib-*.json", "installed-*.json", "engine-*.zip")
        for old in [p for pattern in olds for p in cache.glob(pattern)]:
            old.unlink()
        with tempfile.TemporaryDirectory() as tmp:
            extra_json = Path(tmp) / "extra.json"
            extra_json.write_text(json.dumps(extra))
            out = Path(tmp) / "files.json"
            zipped = Path(tmp) / "installed.json"
            compiled = Path(tmp) / "engine.zip"
            args = ["modules", str(runtime), str(wheel), str(lock), str(extra_json), str(out)]
            args += [str(zipped), str(compiled)]
            if not _node(args, log, "micropip run (the whole stdlib is kept)"):
                return None
            shutil.copyfile(zipped, installed)
            shutil.copyfile(compiled, engine)
            shutil.copyfile(out, cached)
    # {file: its .pyc, base64, or null}: modules go in compiled, so that the start without
    # the snapshot does not compile them (zipimport takes a .pyc without its source)
    pycs: dict[str, str | None] = json.loads(cached.read_text())
    keep = set(pycs)
    with zipfile.ZipFile(runtime / STDLIB) as src:
        infos = src.infolist()
        names = {i.filename for i in infos}
        missing = keep - names
        if missing:
            sys.exit(f"build: stdlib files not in {STDLIB}: {sorted(missing)[:5]}")
        # a package's directory entries too, so zipimport sees the package
        dirs = {n[: n.rindex("/") + 1] for n in keep if "/" in n}
        parents = {d[: i + 1] for d in dirs for i, c in enumerate(d) if c == "/"}
        tmp_zip = runtime / (STDLIB + ".tmp")
        with zipfile.ZipFile(tmp_zip, "w") as dst:
            for info in infos:
                pyc = pycs.get(info.filename)
                if pyc is not None:
                    dst.writestr(_stored(info, info.filename + "c"), base64.b64decode(pyc))
                elif info.filename in keep or info.filename in parents:
                    dst.writestr(_stored(info), src.read(info.filename))
    tmp_zip.replace(runtime / STDLIB)
    return len(full), (runtime / STDLIB).stat().st_size


def _stored(info: zipfile.ZipInfo, name: str | None = None) -> zipfile.ZipInfo:
    """The entry uncompressed: Brotli on the whole zip (the host's .br copy) is 27% smaller
    than deflate file by file, and zipimport reads stored files without inflating them."""
    stored = zipfile.ZipInfo(name or info.filename, info.date_time)
    stored.external_attr = info.external_attr
    stored.compress_type = zipfile.ZIP_STORED
    return stored


def installed_files(cache: Path) -> Path | None:
    """The files micropip installed in trim_stdlib's run ({path: base64}), if it ran."""
    return next(iter(sorted(cache.glob("installed-*.json"))), None)


def compiled_engine(cache: Path) -> Path | None:
    """The same files with each module compiled (a zip to import from), if it ran."""
    return next(iter(sorted(cache.glob("engine-*.zip"))), None)


LAZY = "python_stdlib_lazy.zip"
EMPTY = "python_stdlib_empty.zip"
FIRST = "python_stdlib_first.zip"


def write_snapshot(
    dist: Path, package: Path, lock: Path, pin: str, cache: Path, log: Callable[[str], None]
) -> bool:
    """dist/snapshot.bin from dist/pyodide (trimmed stdlib) and what micropip installed,
    and dist/pyodide/python_stdlib_lazy.zip: the stdlib files the snapshot does not hold
    already (the worker on the snapshot path loads this one instead); False if skipped."""
    runtime = dist / "pyodide"
    wheel = installed_files(cache)
    if wheel is None:
        log("warning: micropip did not run, no Pyodide snapshot")
        return False
    extra = sorted({*engine_imports(package), *ALWAYS})
    key = _key(
        pin.encode(),
        (runtime / STDLIB).read_bytes(),
        wheel.read_bytes(),
        lock.read_bytes(),
        SCRIPT.read_bytes(),
        RESTORE.read_bytes(),
        json.dumps(extra).encode(),
    )
    cached = cache / f"snapshot-{key}.bin"
    listed = cache / f"snapshot-{key}.json"
    if not (cached.exists() and listed.exists()):
        log("making the Pyodide snapshot (node)")
        cache.mkdir(exist_ok=True)
        for old in [*cache.glob("snapshot-*.bin"), *cache.glob("snapshot-*.json")]:
            old.unlink()
        tmp = cached.with_suffix(".tmp")
        with tempfile.TemporaryDirectory() as folder:
            extra_json = Path(folder) / "extra.json"
            extra_json.write_text(json.dumps(extra))
            out = Path(folder) / "files.json"
            args = [str(runtime), str(wheel), str(lock), str(extra_json), str(tmp), str(out)]
            if not _node(["snapshot", *args], log, "Pyodide snapshot"):
                tmp.unlink(missing_ok=True)
                return False
            # restored the worker's way, the engine must answer
            check = ["check", str(runtime), str(tmp), str(lock)]
            if not _node(check, log, "Pyodide snapshot (check)"):
                tmp.unlink(missing_ok=True)
                return False
            shutil.copyfile(out, listed)
        tmp.replace(cached)
    shutil.copyfile(cached, dist / NAME)
    in_memory = set(json.loads(listed.read_text()))
    # the split: what the engine's first answers load (the plain start's stdlib), the rest
    with (
        zipfile.ZipFile(runtime / STDLIB) as src,
        zipfile.ZipFile(runtime / FIRST, "w") as first,
        zipfile.ZipFile(runtime / LAZY, "w") as lazy,
    ):
        # only the folders of its own files: a folder without its __init__ would be taken
        # for a namespace package and hide the real one in the lazy zip
        folders = {n[: i + 1] for n in in_memory for i, c in enumerate(n) if c == "/"}
        for info in src.infolist():
            if info.is_dir():
                if info.filename in folders:
                    first.writestr(_stored(info), b"")
            else:
                part = first if info.filename in in_memory else lazy
                part.writestr(_stored(info), src.read(info.filename))
    # what Pyodide loads as the stdlib on the snapshot start; the lazy zip replaces it
    # once the worker is idle (nothing the first answers need is in it)
    zipfile.ZipFile(runtime / EMPTY, "w").close()
    return True
