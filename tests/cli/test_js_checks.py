"""The JavaScript checks of ``build.py test`` (buildtools/jscheck.py): ESLint's rules and
each folder's globals as eslint.config.js sets them, and Node's test runner on tests/web/
(a failing unit test fails the command; no folder, nothing to run)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from buildtools import jscheck, npm

ROOT = Path(__file__).resolve().parents[2]


def eslint(path: str, code: str) -> tuple[int, str]:
    """ESLint's exit code and report for ``code`` as if it were the file ``path``."""
    trouble = npm.ensure(jscheck.LINTER, "ESLint", print)
    assert trouble is None, trouble
    done = subprocess.run(
        [
            shutil.which("node") or "node",
            str(ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"),
            "--stdin",
            "--stdin-filename",
            path,
        ],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("path", "code", "finding"),
    [
        # the page: a browser window, not Node
        ("web/x.js", "export const w = window.innerWidth;\n", None),
        ("web/x.js", "export const p = process.env;\n", "'process' is not defined"),
        ("web/x.js", "export function f(a) { const b = 1; return a; }\n", "'b' is assigned"),
        ("web/x.js", "export const y = undefinedName;\n", "'undefinedName' is not defined"),
        # the worker: no document
        ("web/worker.js", "self.postMessage(1);\n", None),
        ("web/worker.js", "document.title = 'x';\n", "'document' is not defined"),
        # the service worker: its own globals
        ("web/sw.js", "self.skipWaiting(); export const c = caches;\n", None),
        # unit tests run in Node: no window
        ("tests/web/x.test.mjs", "export const a = process.argv;\n", None),
        ("tests/web/x.test.mjs", "export const d = document;\n", "'document' is not defined"),
    ],
)
def test_eslint_rules_and_globals_per_folder(path: str, code: str, finding: str | None) -> None:
    code_, report = eslint(path, code)
    if finding is None:
        assert code_ == 0, report
    else:
        assert code_ == 1 and finding in report, report


def test_node_unit_tests_run_fail_and_skip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logged: list[str] = []
    folder = tmp_path / "web"
    monkeypatch.setattr(jscheck, "UNIT_TESTS", folder)
    monkeypatch.setattr(jscheck, "ROOT", tmp_path)
    assert jscheck.unit_tests(logged.append) == 0  # no folder: skipped, said so
    assert "skipped" in logged[-1]

    folder.mkdir()
    (folder / "helper.mjs").write_text("export const two = 2;\n")  # not a test file
    (folder / "sum.test.mjs").write_text(
        'import test from "node:test";\nimport assert from "node:assert";\n'
        'import { two } from "./helper.mjs";\n'
        'test("adds", () => assert.equal(1 + 1, two));\n'
    )
    assert jscheck.unit_test_files() == [folder / "sum.test.mjs"]
    assert jscheck.unit_tests(logged.append) == 0
    (folder / "wrong.test.mjs").write_text(
        'import test from "node:test";\nimport assert from "node:assert";\n'
        'test("wrong", () => assert.equal(1 + 1, 3));\n'
    )
    assert jscheck.unit_tests(logged.append) != 0
