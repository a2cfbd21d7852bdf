"""Configuration for static hosts, written into dist/ (``build.py``):

- ``_headers`` (Netlify, Cloudflare Pages): caching, the Content-Security-Policy (the
  worker needs it as a header), and the snapshot sent as ``application/wasm`` so that
  hosts which compress by content type (they ignore our .br/.gz copies) compress it;
  the worker only reads its bytes.
- ``nginx.conf``: a snippet for a ``server {}`` block whose root is dist/, sending the
  precompressed copies (``brotli_static`` needs the ngx_brotli module; ``gzip_static``
  alone works everywhere).

Neither is in the service worker's precache list. Caching: every file is revalidated
(``no-cache``: a 304 when unchanged), since the names carry no content hash; the service
worker keeps the offline copy under a name derived from the build's hashes.
"""

from __future__ import annotations

from pathlib import Path

from buildtools.serve import CSP

HEADERS = f"""# Netlify / Cloudflare Pages: caching and security headers for the Doppelkopf site.
/*
  Cache-Control: no-cache
  Content-Security-Policy: {CSP}
  X-Content-Type-Options: nosniff

# the worker reads it as bytes; application/wasm is a type these hosts compress
/snapshot.bin
  Content-Type: application/wasm

/sw.js
  Cache-Control: no-cache
"""

NGINX = f"""# nginx: include inside the server {{ }} block whose root is this dist/ folder.
# Sends FILE.br / FILE.gz (written by build.py) to browsers that accept them.
# brotli_static needs ngx_brotli (Debian: libnginx-mod-http-brotli-static); without it,
# delete that line and gzip_static still sends the .gz copies.
location / {{
    brotli_static on;
    gzip_static on;
    gzip_vary on;
    add_header Cache-Control "no-cache" always;
    add_header Content-Security-Policy "{CSP}" always;
    add_header X-Content-Type-Options "nosniff" always;
}}
# nginx's mime.types has application/wasm since 1.21.1; for older ones:
# types {{ application/wasm wasm; application/manifest+json webmanifest; }}
"""


def header_rules(text: str) -> list[tuple[str, dict[str, str]]]:
    """The rules of a ``_headers`` file: (path pattern, headers) in file order."""
    rules: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules:
            name, _, value = line.strip().partition(":")
            rules[-1][1][name.strip()] = value.strip()
    return rules


def headers_for(path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """The headers a Netlify-style host sends for ``path``: every matching rule, later
    rules overriding earlier ones (``*`` at the end of a pattern matches any rest)."""
    sent: dict[str, str] = {}
    for pattern, headers in rules:
        if pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1])):
            sent.update(headers)
    return sent


def write(dist: Path) -> None:
    (dist / "_headers").write_text(HEADERS)
    (dist / "nginx.conf").write_text(NGINX)
