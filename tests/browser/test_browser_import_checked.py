"""An imported file is checked whole, by the engine, before one byte is stored: each kind
of bad entry is refused with a message that names it, and every stored entry stays
byte for byte as it was. A good file that would replace the keeper's sheet asks first;
replaced, the sheet shows at once, and Rückgängig brings the old one back."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from pageplay import LEGAL_CARD, all_saves, ready, store_entry, stored_games, until

pytestmark = pytest.mark.browser


def summary(re: list[int], eyes: int, **more: Any) -> dict[str, Any]:
    return {
        "rules": "ddv",
        "contract": "normal",
        "players": 4,
        "re": re,
        "sitting_out": None,
        "eyes_re": eyes,
        "announcements": {"re": [], "kontra": []},
        "specials": [],
        **more,
    }


def keeper(names: list[str], *summaries: dict[str, Any], preset: str = "ddv") -> dict[str, Any]:
    return {
        "schema": 2,
        "kind": "keeper",
        "savedAt": 1_700_000_000_000,
        "data": {
            "version": 1,
            "phase": "sheet",
            "preset": preset,
            "players": 4,
            "names": names,
            "games": [{"summary": s} for s in summaries],
        },
    }


HOME = keeper(["Oma", "Opa", "Tante", "Onkel"], summary([0, 2], 130), summary([1, 3], 100))
OTHER = keeper(["Anna", "Bernd", "Carla", "Dieter"], summary([0, 1], 150))


def export_file(entries: dict[str, Any], schema: int = 2) -> str:
    return json.dumps({"app": "doko", "schema": schema, "entries": entries})


def device_with_a_game_and_a_sheet(page: Any) -> Any:
    """A running game (one card played) and a keeper's sheet; the game's entry."""
    page.goto("/#/play?rules=ddv&seed=7&delay=0&level=beginner")
    ready(page)
    page.click('[data-action="healthy"]')
    page.wait_for_selector(LEGAL_CARD)
    page.locator(LEGAL_CARD).first.click()
    until(
        page,
        lambda: [g for g in stored_games(page).values() if g["data"]["moves"] >= 5],
        "the card stored",
    )
    store_entry(page, "keeper", HOME)
    page.goto("/#/")
    page.reload()
    ready(page)
    [game] = stored_games(page).values()  # as it stands once the table is left
    return game


def import_text(page: Any, text: str) -> None:
    page.set_input_files(
        "[data-testid=import-file]",
        files=[
            {"name": "doppelkopf.json", "mimeType": "application/json", "buffer": text.encode()}
        ],
    )


def alert_text(page: Any) -> str:
    return (page.locator("[role=alert]").text_content() or "").strip()


def bad_files(game: Any) -> dict[str, tuple[str, str]]:
    """Each kind of bad file, with a word its message must hold."""
    illegal = copy.deepcopy(game)
    table = illegal["data"]["table"]
    actions = table["game"]["actions"]
    seat, _card = actions[-1].split(":")
    hands = [h.split() for h in table["game"]["hands"]]
    foreign = next(c for h in hands for c in h if c not in hands[int(seat)])
    table["game"]["actions"] = [*actions[:-1], f"{seat}:{foreign}"]
    refused_variant = {
        "id": "v9",
        "name": "Siebenerblatt",
        "rules": {"preset": "ddv", "options": {"deck": 7}},
    }
    good = export_file({"keeper": OTHER})
    return {
        "augen": (
            export_file(
                {
                    "keeper": keeper(
                        ["A", "B", "C", "D"],
                        summary([0, 2], 130),
                        summary([0, 2], 120),
                        summary([0, 2], 300),
                    )
                }
            ),
            "Spiel 3",
        ),
        "re seats": (
            export_file({"keeper": keeper(["A", "B", "C", "D"], summary([0, 7], 130))}),
            "Spiel 1",
        ),
        "preset": (export_file({"keeper": keeper(["A", "B", "C", "D"], preset="skat")}), "skat"),
        "illegal card": (export_file({"game:imported": illegal}), "Spiel"),
        "variant": (
            export_file(
                {
                    "variants": {
                        "schema": 2,
                        "kind": "variants",
                        "savedAt": 0,
                        "data": {"variants": [refused_variant]},
                    }
                }
            ),
            "Siebenerblatt",
        ),
        "truncated": (good[: len(good) // 2], "JSON"),
        "schema": (export_file({"keeper": OTHER}, schema=99), "Sicherung"),
    }


def test_every_bad_file_is_refused_and_changes_nothing(page: Any) -> None:
    game = device_with_a_game_and_a_sheet(page)
    before = all_saves(page)
    assert set(before) == {"keeper", *stored_games(page)}
    for kind, (text, word) in bad_files(game).items():
        import_text(page, text)
        message = until(page, lambda: alert_text(page), f"{kind}: a message")
        assert "nichts gespeichert" in message and word in message, (kind, message)
        assert all_saves(page) == before, kind
        page.click("[role=alert]")
        until(page, lambda: not alert_text(page), "the message put away")
    assert page.watch.errors == []


def test_a_file_that_replaces_the_sheet_asks_and_can_be_undone(page: Any) -> None:
    game = device_with_a_game_and_a_sheet(page)
    before = all_saves(page)
    other_game = copy.deepcopy(game)
    other_game["data"]["table"]["seat"] = 1  # another table under the same id
    import_text(page, export_file({"keeper": OTHER, f"game:{game['data']['gameId']}": other_game}))
    page.wait_for_selector("[data-testid=import-ask]")
    assert "Spielliste" in page.locator("[data-testid=import-ask]").inner_text()
    page.click("[data-testid=import-cancel]")
    assert all_saves(page) == before

    import_text(page, export_file({"keeper": OTHER, f"game:{game['data']['gameId']}": other_game}))
    page.click("[data-testid=import-replace]")
    until(
        page, lambda: all_saves(page)["keeper"]["data"]["names"][0] == "Anna", "the sheet replaced"
    )
    games = stored_games(page)
    assert len(games) == 2 and game in games.values()  # the imported game went beside
    until(page, lambda: page.locator("[data-testid=saved-game]").count() == 2, "both listed")
    page.goto("/#/keeper")  # shown at once, without a reload
    until(page, lambda: "Anna" in page.locator("[data-testid=scoresheet]").inner_text(), "shown")

    page.goto("/#/")
    page.click("[data-testid=undo-delete]")
    until(
        page,
        lambda: all_saves(page)["keeper"]["data"] == before["keeper"]["data"],
        "the old sheet back",
    )
    page.goto("/#/keeper")
    until(page, lambda: "Oma" in page.locator("[data-testid=scoresheet]").inner_text(), "shown")
    assert page.watch.errors == []
