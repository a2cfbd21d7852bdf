"""The engine as a wheel: ``doko-VERSION-py3-none-any.whl``, version from pyproject.toml.

Written directly with zipfile (pure Python, no build backend needed), byte-for-byte
reproducible (fixed timestamps, sorted entries, stored uncompressed): micropip installs
it at build time and the snapshot is made with what it installed. The site carries
``engine_archive``'s zip instead: the same files with every module compiled by the
build's Pyodide (``make_snapshot.mjs``), which the worker imports from.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def project(pyproject: Path) -> dict[str, str]:
    meta = tomllib.loads(pyproject.read_text())["project"]
    return {
        "name": meta["name"],
        "version": meta["version"],
        "summary": meta.get("description", ""),
        "requires_python": meta.get("requires-python", ""),
        "license": (meta.get("license") or {}).get("text", ""),
    }


def engine_files(package: Path) -> list[Path]:
    """The package's sources, py.typed and demo records (what the page may read)."""
    return sorted(
        p
        for p in package.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and (
            p.suffix == ".py"
            or p.name == "py.typed"
            or (p.suffix == ".json" and p.parent.name == "demos")
        )
    )


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(package: Path, pyproject: Path, out_dir: Path) -> tuple[Path, int]:
    """Write the wheel into out_dir; (its path, number of package files)."""
    meta = project(pyproject)
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (p.relative_to(package.parent).as_posix(), p.read_bytes()) for p in engine_files(package)
    ]
    count = len(entries)
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {meta['summary']}",
        f"License: {meta['license']}",
        f"Requires-Python: {meta['requires_python']}",
    ]
    entries += [
        (f"{dist_info}/METADATA", ("\n".join(metadata) + "\n").encode()),
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: doko build.py\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n",
        ),
        (f"{dist_info}/top_level.txt", f"{name}\n".encode()),
    ]
    record = [_record_line(n, d) for n, d in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    # stored, not deflated: the host's Brotli copy of the whole file is 36% smaller than
    # deflate file by file (it sees every module at once)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as z:
        for entry, data in entries:
            info = zipfile.ZipInfo(entry, ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return target, count


def engine_archive(built_wheel: Path, compiled: Path | None, out_dir: Path) -> Path:
    """``doko-VERSION.zip`` in out_dir: the compiled engine (``compiled``), or, where the
    build could not compile it (no Node), the wheel's files as they are (zipimport then
    compiles the sources as the worker imports them)."""
    name, version = built_wheel.name.split("-")[:2]
    target = out_dir / f"{name}-{version}.zip"
    if compiled is not None:
        target.write_bytes(compiled.read_bytes())
    else:
        target.write_bytes(built_wheel.read_bytes())
    return target
