"""Every demo game replays through the rules, scores as recorded, and opens as a link."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from doko import api, links
from doko.explain import walk
from doko.notation import replay
from doko.outcome import result
from doko.share import load_demos

ROOT = Path(__file__).resolve().parent.parent
DEMOS = sorted((ROOT / "engine" / "doko" / "demos").glob("*.json"))
PRESETS = {"ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch"}


def test_there_are_demos_for_every_preset() -> None:
    presets = {json.loads(p.read_text())["preset"] for p in DEMOS}
    assert presets == PRESETS
    assert len(DEMOS) >= 20


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_replays_and_scores(path: Path) -> None:
    demo = json.loads(path.read_text())
    for key in ("title", "description"):
        assert set(demo[key]) == {"de", "en"} and all(demo[key].values())
    state = replay(demo["record"])
    assert state.is_over
    assert result(state)["points"] == demo["expected_points"]
    assert state.rules.preset == demo["preset"]
    text = links.encode(demo["record"])
    viewer = walk(links.decode(text))
    assert len(viewer["frames"]) == len(demo["record"]["actions"]) + 1
    assert viewer["events"][-1]["key"] == "result"


def test_demo_rules_are_shown() -> None:
    keys = {e["key"] for p in DEMOS for e in walk(json.loads(p.read_text())["record"])["events"]}
    assert {
        "wedding-partner",
        "wedding-alone",
        "announce",
        "fox",
        "trick",
        "result",
        "party-known",
        "contract",
        "reservation",
    } <= keys
    whys = {
        e["params"]["why"]
        for p in DEMOS
        for e in walk(json.loads(p.read_text())["record"])["events"]
        if e["key"] == "trick"
    }
    assert {"dulle-first", "dulle-second", "dulle-last"} <= whys


def test_demos_request_lists_links() -> None:
    answer: dict[str, Any] = json.loads(api.handle("demos", "{}"))
    assert len(answer["demos"]) == len(load_demos()) == len(DEMOS)
    first = answer["demos"][0]
    opened = json.loads(api.handle("open_link", json.dumps({"payload": first["link"]})))
    assert opened["complete"] is True


def test_bad_link_is_an_error_answer() -> None:
    answer = json.loads(api.handle("open_link", json.dumps({"payload": "A" + "x" * 50})))
    assert "error" in answer and "\n" not in answer["error"]


def test_build_zips_the_demos(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(ROOT))
    try:
        from buildtools.wheel import build_wheel
    finally:
        sys.path.remove(str(ROOT))
    target, _ = build_wheel(ROOT / "engine" / "doko", ROOT / "pyproject.toml", tmp_path)
    names = zipfile.ZipFile(target).namelist()
    assert {f"doko/demos/{p.name}" for p in DEMOS} <= set(names)
    assert "doko/links.py" in names and "doko/explain.py" in names
