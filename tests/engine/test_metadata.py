"""The rules metadata the page reads instead of copying engine constants."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from doko import api
from doko.game.cards import CARDS
from doko.game.rules import PRESETS
from doko.game.state import seeded_game
from doko.page.metadata import describe

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


def test_constants_are_the_documented_ones() -> None:
    """docs/formats.md: the announcement levels, the Absagen in order, the round limits."""
    info = describe()
    assert info["announcement_levels"] == {
        "re": 0,
        "kontra": 0,
        "no90": 1,
        "no60": 2,
        "no30": 3,
        "black": 4,
    }
    assert info["announcements"]["limits"] == ["no90", "no60", "no30", "black"]
    assert info["limits"] == {"max_rounds": 25, "default_rounds": 4}
    pattern = re.compile(info["cards"]["pattern"])
    assert all(pattern.fullmatch(str(c)) for c in CARDS)
    assert not pattern.fullmatch("re") and not pattern.fullmatch("XA")


# Rounds of a table by default: the Pflichtsolo rounds (docs/rules/ddv.md: 5,
# ohne-neunen.md: 6), else four.
DEFAULT_ROUNDS = {"ddv": 5, "ohne-neunen": 6, "berndt": 4, "lockhausen": 4, "klassisch": 4}


def test_every_preset_has_texts_and_table_facts() -> None:
    assert set(DEFAULT_ROUNDS) == set(PRESETS)
    for name, rules in PRESETS.items():
        facts = describe()["preset_info"][name]
        assert facts["default_rounds"] == DEFAULT_ROUNDS[name]
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


def sheet_contracts(preset: str, players: int) -> list[str]:
    return [row["contract"] for row in describe()["preset_info"][preset]["sheet"][str(players)]]


def test_the_sheet_offers_the_contracts_each_table_plays() -> None:
    """klassisch (docs/rules/klassisch.md): six and eight play fixed teams, so no
    Hochzeit; a Trumpfabgabe only where the preset has one (lockhausen, not klassisch);
    a row is played alone exactly for the solos and the Hochzeiten without partner."""
    solos = ["solo:diamonds", "solo:hearts", "solo:spades", "solo:clubs", "solo:jacks"]
    assert sheet_contracts("klassisch", 6) == ["normal", *solos]
    assert sheet_contracts("klassisch", 8) == ["normal", *solos]
    four = sheet_contracts("klassisch", 4)
    assert {"wedding", "wedding-alone", "silent-wedding"} <= set(four)
    assert "poverty" not in four and "poverty" in sheet_contracts("lockhausen", 4)
    for name, rules in PRESETS.items():
        for players in rules.players:
            for row in describe()["preset_info"][name]["sheet"][str(players)]:
                lone = row["contract"] in ("wedding-alone", "silent-wedding")
                assert row["alone"] == (row["contract"].startswith("solo:") or lone)
