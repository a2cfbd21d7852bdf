"""Paths every test folder shares (the test helpers beside this file import it too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"


def view_of(answer: Any) -> Any:
    """The view in an api answer: a request that moves the table answers
    ``{"view", "events", "save"}``, the others (and refusals) answer as they are."""
    if isinstance(answer, dict) and {"view", "events", "save"} <= answer.keys():
        return answer["view"]
    return answer
