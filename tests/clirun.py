"""Running the command line the way a user does: ``python -m doko ...`` in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def doko(*args: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m doko ARGS`` with the engine on the path; its exit code, stdout, stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    return subprocess.run(
        [sys.executable, "-m", "doko", *args],
        input=stdin,
        text=True,
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=timeout,
    )


def replay(record: dict[str, Any]) -> dict[str, Any]:
    """The command line's result for a game record; fails the test on a refusal."""
    out = doko("replay", "-", stdin=json.dumps(record))
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result
