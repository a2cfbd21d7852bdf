"""``build.py test``: the checks and the whole test suite, on a fresh machine too.

1. The test tools (``pip install -e '.[test]'``) where one is missing. When the active
   Python refuses pip (Debian's system Python, PEP 668), a virtual environment is made in
   .venv/ and the command runs again inside it.
2. ``ruff check`` (the configuration in pyproject.toml), ``mypy --strict`` on the
   engine, ESLint on the JavaScript (eslint.config.mjs), ``tsc --checkJs`` over web/ and
   Node's test runner on tests/web/ (buildtools/jscheck.py); a finding or a failed test
   fails the command.
3. dist/ built once, for the browser tests and the benchmarks.
4. pytest: every test, the slow ones (marked ``slow``) included, spread over the
   machine's cores (pytest-xdist, a test file per worker at a time).
5. The smoke benchmarks (figures printed, nothing asserted): start-up on 127.0.0.1 and
   on a paced 10 Mbit/s, 40 ms link.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from buildtools import jscheck

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
# every module of the test extras (pyproject.toml): one missing means installing them
TEST_MODULES = (
    "pytest",
    "xdist",
    "hypothesis",
    "playwright",
    "axe_playwright_python",
    "ruff",
    "mypy",
)
# pytest workers at most: each browser test file keeps a Chromium and a Pyodide busy
MAX_WORKERS = 4
# set for pytest once dist/ is built: the browser tests' fixture then builds nothing
DIST_BUILT = "DOKO_DIST_BUILT"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_venv() -> bool:
    return sys.prefix != sys.base_prefix


def pip_refused() -> bool:
    """True when this Python may not install packages (PEP 668, or no pip at all)."""
    if in_venv():
        return False
    check = [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "-q", "pip"]
    done = subprocess.run(check, cwd=ROOT, capture_output=True, text=True)
    return done.returncode != 0


def ensure_tools(argv: list[str], log: Callable[[str], None]) -> None:
    """Install the test extras if any is missing; re-run inside .venv/ if pip is refused."""
    if all(importlib.util.find_spec(m) is not None for m in TEST_MODULES):
        return
    if pip_refused():
        python = venv_python()
        if not python.exists():
            log(f"this Python refuses pip (PEP 668): making a virtual environment in {VENV}")
            made = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
            if made.returncode != 0 or not python.exists():
                sys.exit(
                    "build: could not make .venv (on Debian/Ubuntu: apt-get install python3-venv)"
                )
        log(f"running the tests with {python}")
        os.execv(str(python), [str(python), str(ROOT / "build.py"), "test", *argv])
    log("installing the test extras: pip install -e '.[test]'")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]"], cwd=ROOT, check=True
    )
    if in_venv():
        # a venv's own Playwright needs its browser only when there is no system Chromium
        from buildtools.chromium import system_chromium

        if system_chromium() is None:
            subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"], check=True)


def checks(log: Callable[[str], None]) -> int:
    """ruff on the project, mypy --strict on the engine, ESLint on the JavaScript, the
    page's node unit tests; non-zero on any finding or failure."""
    log("ruff check")
    code = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT).returncode
    log("mypy --strict (engine)")
    typed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "-p", "doko"],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(ROOT / "engine")},
    ).returncode
    linted = jscheck.lint(log)
    types = jscheck.typecheck(log)
    unit = jscheck.unit_tests(log)
    return code or typed or linted or types or unit


def worker_args(pytest_args: list[str]) -> list[str]:
    """``-n N --dist loadfile`` for the cores there are, unless the caller chose."""
    workers = min(os.cpu_count() or 1, MAX_WORKERS)
    chosen = any(a.startswith(("-n", "--numprocesses")) or a == "no:xdist" for a in pytest_args)
    if chosen or workers < 2:
        return []
    return ["-n", str(workers), "--dist", "loadfile"]


def run_tests(pytest_args: list[str], log: Callable[[str], None]) -> int:
    ensure_tools(pytest_args, log)
    failed = checks(log)
    build = str(ROOT / "build.py")
    log("build dist/ for the browser tests and the benchmarks")
    built = subprocess.run([sys.executable, build], cwd=ROOT).returncode
    if built != 0:
        return built
    pytest = [sys.executable, "-m", "pytest", *worker_args(pytest_args), *pytest_args]
    code = subprocess.run(pytest, cwd=ROOT, env={**os.environ, DIST_BUILT: "1"}).returncode
    if code != 0 or failed:
        if failed:
            log("ruff, mypy, eslint, tsc or node --test reported findings (above)")
        return code or failed
    # figures only, nothing asserted; a crash of a bench fails the command
    log("smoke benchmark: python3 build.py bench --smoke --no-build")
    code = subprocess.run([sys.executable, build, "bench", "--smoke", "--no-build"]).returncode
    if code != 0:
        return code
    log("smoke benchmark on a paced link: python3 build.py bench --smoke --no-build --net 10,40")
    return subprocess.run(
        [sys.executable, build, "bench", "--smoke", "--no-build", "--net", "10,40"]
    ).returncode
