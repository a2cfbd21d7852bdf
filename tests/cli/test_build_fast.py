"""build.py's fast-start pieces: precompressed files, the gzip-aware server, modulepreload."""

from __future__ import annotations

import gzip
import re
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from buildtools import fast as build_fast  # noqa: E402
from buildtools import offline as build_offline  # noqa: E402

sys.path.remove(str(ROOT))


def get(url: str, gzip_ok: bool, accept: str = "") -> tuple[dict[str, str], bytes]:
    accept = accept or ("gzip" if gzip_ok else "identity")
    req = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    with urllib.request.urlopen(req) as r:
        return dict(r.headers), r.read()


def test_gzip_served_only_to_clients_that_accept_it(tmp_path: Path) -> None:
    text = b"console.log('hello');\n" * 200
    (tmp_path / "a.js").write_bytes(text)
    source = tmp_path / "src"
    source.mkdir()
    (source / "sw.js").write_text("/*PRECACHE*/{}/*END*/" + "x" * 2000)
    assert build_fast.precompress(tmp_path, tmp_path / ".cache")["gzip"] > 0
    assert (tmp_path / "a.js.gz").exists()
    build_offline.write_precache(source / "sw.js", tmp_path)
    assert not (tmp_path / "sw.js.gz").exists()
    assert '"a.js"' in (tmp_path / "sw.js").read_text()
    assert "a.js.gz" not in (tmp_path / "sw.js").read_text()  # never precached
    assert "a.js.br" not in (tmp_path / "sw.js").read_text()
    server = build.make_server(0, directory=tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        headers, body = get(base + "a.js", gzip_ok=True)
        assert headers["Content-Encoding"] == "gzip"
        assert headers["Content-Type"] == "application/javascript"
        assert "Content-Security-Policy" in headers
        assert gzip.decompress(body) == text
        headers, body = get(base + "a.js", gzip_ok=False)
        assert "Content-Encoding" not in headers and body == text
        if (tmp_path / "a.js.br").exists():  # Node made a Brotli copy: preferred when accepted
            headers, body = get(base + "a.js", False, accept="gzip, deflate, br, zstd")
            assert headers["Content-Encoding"] == "br" and headers["Vary"] == "Accept-Encoding"
            assert body == (tmp_path / "a.js.br").read_bytes()
            headers, body = get(base + "a.js", False, accept="br;q=0, gzip")
            assert headers["Content-Encoding"] == "gzip"
        # a file edited after its .gz was written is served as it is now
        (tmp_path / "a.js").write_bytes(b"changed")
        headers, body = get(base + "a.js", gzip_ok=True)
        assert "Content-Encoding" not in headers and body == b"changed"
    finally:
        server.shutdown()
        server.server_close()


def test_modulepreload_lists_the_imported_modules(tmp_path: Path) -> None:
    index = (
        '<head>\n  <script type="module" src="boot.js" async></script>\n'
        '  <script type="module" src="app.js"></script>\n</head>'
    )
    (tmp_path / "boot.js").write_text("export const x = 1;\n")
    (tmp_path / "app.js").write_text(
        'import { a } from "./a.js";\nimport "./b.js";\nimport { x } from "./boot.js";\n'
    )
    (tmp_path / "a.js").write_text('import {\n  c,\n} from "./c.js";\n')
    (tmp_path / "b.js").write_text("")
    (tmp_path / "c.js").write_text("")
    html, links = build_fast.modulepreload(tmp_path, index)
    assert links == 3
    for name in ("a.js", "b.js", "c.js"):
        assert f'<link rel="modulepreload" href="{name}">' in html
    assert 'modulepreload" href="boot.js"' not in html
    assert html.index("modulepreload") < html.index('src="app.js"')


@pytest.mark.slow
def test_bundle_puts_the_page_modules_into_app_js(tmp_path: Path) -> None:
    if build_fast.esbuild(print) is None:
        pytest.skip("esbuild cannot be installed here (no npm)")
    files = {
        "index.html": '<head>\n  <script type="module" src="boot.js" async></script>\n'
        '  <script type="module" src="app.js"></script>\n</head>',
        "boot.js": "export const worker = 1;\n",
        "app.js": 'import { a } from "./a.js";\nimport { worker } from "./boot.js";\n'
        'import "./shared.js";\nimport { b } from "./screens/b.js";\nconsole.log(a, b, worker);\n',
        "screens/b.js": 'import { worker } from "../boot.js";\nexport const b = worker;\n',
        "a.js": 'import { c } from "./c.js";\nexport const a = c + 1;\n',
        "c.js": "export const c = 40;\n",
        "shared.js": "console.log('shared');\n",
        "worker.js": 'import "./shared.js";\n',
    }
    web, dist = tmp_path / "web", tmp_path / "dist"
    (web / "screens").mkdir(parents=True)
    dist.mkdir()
    for name, text in files.items():
        (web / name).write_text(text)
    # the modules taken in that nothing else names are left out of dist/
    assert build_fast.bundle(web, dist, print) == {"a.js", "c.js", "screens/b.js"}
    assert [p.name for p in dist.iterdir()] == ["app.js"]  # the sources are not touched
    assert (web / "app.js").read_text() == files["app.js"]
    app = (dist / "app.js").read_text()
    assert "c + 1" in app and "= 40" in app and "shared" in app
    assert 'from "./boot.js"' in app  # one boot.js for both: the worker it started
    # a module in a folder (../boot.js) names it as dist/app.js must
    assert set(re.findall(r'from "([^"]*boot\.js)"', app)) == {"./boot.js"}
    (dist / "boot.js").write_text(files["boot.js"])
    assert build_fast.modulepreload(dist, files["index.html"]) == (files["index.html"], 0)


def test_engine_wheel_carries_pyproject_version_and_a_valid_record(tmp_path: Path) -> None:
    import base64
    import hashlib
    import tomllib
    import zipfile

    from buildtools import wheel

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    path, count = wheel.build_wheel(ROOT / "engine" / "doko", ROOT / "pyproject.toml", tmp_path)
    assert path.name == f"doko-{version}-py3-none-any.whl" and count > 20
    again, _ = wheel.build_wheel(ROOT / "engine" / "doko", ROOT / "pyproject.toml", tmp_path / "b")
    assert again.read_bytes() == path.read_bytes()  # reproducible
    with zipfile.ZipFile(path) as z:
        info = f"doko-{version}.dist-info"
        assert f"Version: {version}" in z.read(f"{info}/METADATA").decode()
        assert "doko/api.py" in z.namelist() and "doko/py.typed" in z.namelist()
        for line in z.read(f"{info}/RECORD").decode().splitlines():
            name, digest, size = line.split(",")
            if name.endswith("RECORD"):
                continue
            data = z.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == f"sha256={want.decode()}" and int(size) == len(data)
