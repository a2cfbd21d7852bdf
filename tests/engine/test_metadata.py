"""The rules metadata the page reads instead of copying engine constants."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from doko import api
from doko.announcements import LEVEL
from doko.cards import CARDS
from doko.metadata import describe
from doko.rules import PRESETS
from doko.series import MAX_ROUNDS, default_rounds
from doko.state import seeded_game

ROOT = Path(__file__).resolve().parents[2]


def test_the_worker_and_the_command_line_give_the_same_metadata() -> None:
    cli = subprocess.run(
        [sys.executable, "-m", "doko", "rules", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "engine")},
    )
    assert json.loads(cli.stdout) == describe()
    page = json.loads(api.handle("rules"))
    # the page's answer also has each guide among the preset's options
    assert page["presets"]["ddv"]["primer"] == describe()["preset_info"]["ddv"]["primer"]
    for name in PRESETS:
        for key in describe()["preset_info"][name]:
            page["presets"][name].pop(key)
    assert page == describe()


def test_old_fields_stay() -> None:
    info = describe()
    assert set(info["presets"]) == set(PRESETS)
    assert {"name", "type", "default", "choices", "description"} <= set(info["options"][0])


def test_constants_match_the_engine() -> None:
    info = describe()
    assert info["announcement_levels"] == LEVEL
    assert info["announcements"]["limits"] == ["no90", "no60", "no30", "black"]
    assert info["limits"] == {"max_rounds": MAX_ROUNDS, "default_rounds": 4}
    pattern = re.compile(info["cards"]["pattern"])
    assert all(pattern.fullmatch(str(c)) for c in CARDS)
    assert not pattern.fullmatch("re") and not pattern.fullmatch("XA")


def test_every_preset_has_texts_and_table_facts() -> None:
    for name, rules in PRESETS.items():
        facts = describe()["preset_info"][name]
        assert facts["default_rounds"] == default_rounds(rules)
        for lang in ("de", "en"):
            line = facts["description"][lang]
            assert 20 < len(line) < 160 and "\n" not in line
            assert facts["name"][lang]
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", facts["primer"][lang]) if s]
            assert 3 <= len(sentences) <= 6, (name, lang, sentences)
        for players in rules.players:
            deal = seeded_game(rules, 1, players)
            hands = [h for h in deal.dealt if h]
            assert {len(h) for h in hands} == {facts["hand_size"][str(players)]}
            ranks = {c.rank for h in hands for c in h}
            assert ranks == set(facts["ranks"][str(players)])
