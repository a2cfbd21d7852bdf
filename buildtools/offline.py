"""Offline support for build.py: PNG icons and the service worker's precache list.

Stdlib only. ``write_icons(dist)`` draws two simple icons (a green table with a
white card); ``write_precache(sw_source, dist)`` hashes every file in dist/ and writes
dist/sw.js from its source with the list plus a version derived from the hashes, so any
changed file makes a new cache name (and the page offers a reload).
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

MARK = re.compile(r"/\*PRECACHE\*/.*?/\*END\*/", re.S)
SKIP = {"sw.js", "_headers", "nginx.conf"}
COPIES = {".gz", ".br"}  # the server's precompressed copies of a file, not files of the site


def png(size: int) -> bytes:
    green, white, red = (11, 93, 30), (250, 250, 245), (200, 30, 40)
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            u, v = x / size, y / size
            color = green
            if 0.3 < u < 0.7 and 0.22 < v < 0.78:
                color = white
                if (u - 0.5) ** 2 + (v - 0.5) ** 2 < 0.012:
                    color = red
            row += bytes(color)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(dist: Path) -> None:
    (dist / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (dist / "icons" / f"icon-{size}.png").write_bytes(png(size))


def write_precache(sw_source: Path, dist: Path, handed: dict[str, str] | None = None) -> str:
    """Write dist/sw.js: ``sw_source`` filled with every other file's path and a version
    from their hashes; ``handed``: the files the worker may have decoded already (path ->
    digest), which the service worker takes from it instead of fetching them again."""
    # FILE.gz is the server's gzip copy of FILE, not a file of the site
    files = sorted(
        p for p in dist.rglob("*") if p.is_file() and p.name not in SKIP and p.suffix not in COPIES
    )
    digest = hashlib.sha256()
    names = []
    for p in files:
        name = p.relative_to(dist).as_posix()
        digest.update(name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
        names.append(name)
    version = digest.hexdigest()[:16]
    text = sw_source.read_text()
    payload = json.dumps({"version": version, "files": ["./", *names], "handed": handed or {}})
    new, count = MARK.subn(lambda _: f"/*PRECACHE*/{payload}/*END*/", text)
    if count != 1:
        raise SystemExit("build: sw.js has no /*PRECACHE*/ ... /*END*/ slot")
    (dist / "sw.js").write_text(new)
    return version
