"""Share links and saved tables made before the engine's refactoring still open.

``tests/data/old_links_and_saves.json`` was written by the engine as it was before
(links of finished and unfinished games of every preset and table size, saved
tables mid-series, after a redeal, of an opened record, each with the view the
page showed). They must decode, encode and resume exactly as they did.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.page import links
from support import view_of

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "old_links_and_saves.json").read_text()
)


@pytest.mark.parametrize("case", DATA["links"], ids=lambda c: c["link"][:12])
def test_old_links_open_to_the_same_game(case: dict[str, Any]) -> None:
    assert links.decode(case["link"]) == case["record"]
    assert links.encode(case["record"]) == case["link"]
    assert links.decode(case["state_link"]) == case["record"]


@pytest.mark.parametrize("case", DATA["saves"], ids=lambda c: str(c["table"]["seat"]))
def test_old_saved_tables_resume_to_the_same_view(case: dict[str, Any]) -> None:
    answer = view_of(json.loads(api.handle("resume", json.dumps({"table": case["table"]}))))
    # (the view may gain fields; every old one stays as it was)
    assert {k: answer.get(k) for k in case["view"]} == case["view"]
    assert json.loads(api.handle("save")) == case["table"]
