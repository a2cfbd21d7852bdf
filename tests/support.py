"""Paths every test folder shares (the test helpers beside this file import it too)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
