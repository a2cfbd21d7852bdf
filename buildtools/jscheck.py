"""The page's JavaScript checks run by ``build.py test``, beside ruff and mypy.

``lint(log)``: ESLint (pinned in package.json / package-lock.json, its rules in
eslint.config.mjs) over the project's JavaScript. ``unit_tests(log)``: Node's own test
runner on tests/web/ (the page's logic, no browser), skipped when that folder holds none.
``typecheck(log)``: TypeScript's ``tsc --noEmit`` over web/ with its JSDoc types
(tsconfig.json for the page, tsconfig.worker.json for the two workers).
Each returns a process exit code: 0 when clean.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from buildtools import npm

ROOT = Path(__file__).resolve().parent.parent
UNIT_TESTS = ROOT / "tests" / "web"
UNIT_TEST_NAMES = ("*.test.mjs", "*.test.js", "*.test.cjs")
LINTER = ("node_modules/eslint", "node_modules/@eslint/js", "node_modules/globals")


def lint(log: Callable[[str], None]) -> int:
    log("eslint (the page's JavaScript)")
    run = ["eslint/bin/eslint.js", "--max-warnings=0", "."]
    return _run_node_tool(LINTER, "ESLint", log, [run])


TYPESCRIPT = ("node_modules/typescript",)
TSCONFIGS = ("tsconfig.json", "tsconfig.worker.json")


def typecheck(log: Callable[[str], None]) -> int:
    log("tsc --noEmit --checkJs (the page's JSDoc types)")
    runs = [["typescript/bin/tsc", "-p", config] for config in TSCONFIGS]
    return _run_node_tool(TYPESCRIPT, "TypeScript", log, runs)


def _run_node_tool(
    keys: tuple[str, ...], what: str, log: Callable[[str], None], runs: list[list[str]]
) -> int:
    """Each run (a script of node_modules/ and its arguments) in the project's folder,
    the tool's packages installed first; the worst exit code, 1 if it cannot run."""
    trouble = npm.ensure(keys, what, log)
    node = shutil.which("node")
    if trouble or node is None:
        log(f"{what} could not run: {trouble or 'node not found'}")
        return 1
    modules = ROOT / "node_modules"
    codes = [
        subprocess.run([node, str(modules / script), *args], cwd=ROOT).returncode
        for script, *args in runs
    ]
    return max(codes)


def unit_test_files() -> list[Path]:
    if not UNIT_TESTS.is_dir():
        return []
    found = {path for name in UNIT_TEST_NAMES for path in UNIT_TESTS.rglob(name)}
    return sorted(found)


def unit_tests(log: Callable[[str], None]) -> int:
    files = unit_test_files()
    if not files:
        log(f"node --test: no unit tests in {UNIT_TESTS.relative_to(ROOT)}/, skipped")
        return 0
    node = shutil.which("node")
    if node is None:
        log("node --test could not run: node not found")
        return 1
    log(f"node --test ({len(files)} files in {UNIT_TESTS.relative_to(ROOT)}/)")
    # the files named one by one: Node 18 and 20 take a folder, later ones a glob
    command = [node, "--test", *(str(f.relative_to(ROOT)) for f in files)]
    return subprocess.run(command, cwd=ROOT).returncode
