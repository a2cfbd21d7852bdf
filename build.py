"""Build the static site in dist/ and optionally serve it: the project's one build entry.

    python3 build.py                 build dist/
    python3 build.py serve [--port N]  build, then serve dist/ on 127.0.0.1
    python3 build.py test [PYTEST ARGS]  ruff, mypy --strict, all tests (a .venv of its
                                    own where the system Python refuses pip), then
                                    the smoke benchmarks (buildtools/testing.py)
    python3 build.py bench [--smoke] [--json] [--net MBPS,RTT_MS] [--first-visit]
                                    start-up and engine speed in Chromium
                                    (benchmarks/page_bench.py)

The build itself is buildtools/site.py; its helpers: fast.py (bundle, Brotli/gzip
copies), snapshot.py and make_snapshot.mjs (the Pyodide memory snapshot), offline.py
(icons, precache list), serve.py (the server), chromium.py (the browser tests and
benchmarks drive), testing.py.

Stdlib only. Pyodide comes from the npm package (fetched once with ``npm pack``
into .cache/ and checked against a pinned hash); esbuild, which bundles the page's
modules into one, from ``npm ci`` (package.json, package-lock.json) into
node_modules/; nothing is loaded from a CDN at run time.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from buildtools.serve import CSP, Handler, make_server
from buildtools.site import CACHE, DIST, PYODIDE_VERSION, ROOT, build, log, untrusted_bound

__all__ = [
    "CACHE",
    "CSP",
    "DIST",
    "PYODIDE_VERSION",
    "ROOT",
    "Handler",
    "build",
    "main",
    "make_server",
    "untrusted_bound",
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "command", nargs="?", choices=["build", "serve", "test", "bench"], default="build"
    )
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="build without the memory snapshot (for comparing start-ups)",
    )
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":  # pytest builds dist/ itself for the browser tests
        from buildtools.testing import run_tests

        sys.exit(run_tests(rest, log))
    if args.command == "bench":
        from benchmarks import page_bench

        sys.exit(page_bench.main(rest))
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    build(use_snapshot=not args.no_snapshot)
    if args.command == "serve":
        server = make_server(args.port, verbose=True)
        print(f"http://127.0.0.1:{server.server_address[1]}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
