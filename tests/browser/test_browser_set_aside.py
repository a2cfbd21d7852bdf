"""Nothing the player entered is lost without a word: for every stored kind (game, score
keeper sheet, tournament evening, rules variant) an entry the page cannot read is
written next to good ones; the page opens the screen, a change is made, the page is
reloaded, and the unreadable entry is still stored (set aside, exactly as written),
listed on the start page with its reason in words, and its export is the entry itself.
An evening saved by an older page (no version) is migrated, not set aside.

One browser context and three page loads for all four kinds, so the suite stays fast."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, ready, step, store_entry, stored, stored_games, wait_entry

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAVES = json.loads((ROOT / "tests/data/old_links_and_saves.json").read_text())["saves"]
RECORD = json.loads((ROOT / "tests/records/scripted/ddv_gegenansage.json").read_text())["record"]


def summary(eyes_re: int) -> dict[str, Any]:
    return {
        "rules": "ddv",
        "contract": "normal",
        "re": [0, 1],
        "sitting_out": None,
        "eyes_re": eyes_re,
        "tricks": {"re": 6, "kontra": 6},
        "announcements": {"re": [], "kontra": []},
        "specials": [],
    }


# 8 deals entered at a real table; the third one says 241 Augen, which the engine refuses
KEEPER_BAD = {
    "schema": 2,
    "kind": "keeper",
    "savedAt": 1_700_000_000_001,
    "data": {
        "version": 1,
        "phase": "sheet",
        "preset": "ddv",
        "players": 4,
        "names": ["Anna", "Ben", "Cem", "Dora"],
        "games": [{"summary": summary(241 if i == 2 else 100 + 5 * i)} for i in range(8)],
        "tour": None,
    },
}
# a sheet of an older page (storage schema 1): the same sheet, migrated
KEEPER_OLD = copy.deepcopy(KEEPER_BAD)
KEEPER_OLD.update(schema=1, savedAt=1_600_000_000_000)
KEEPER_OLD["data"]["games"] = KEEPER_OLD["data"]["games"][:2]
# saved by an older page: no version, no corrections bookkeeping
EVENING_OLD = {
    "schema": 2,
    "kind": "tournament",
    "savedAt": 1_700_000_000_002,
    "data": {
        "id": "t-old",
        "rules": "lockhausen",
        "tableRounds": 2,
        "seed": 7,
        "entrants": [{"id": i, "name": f"Spieler {i}", "from": 1} for i in range(1, 5)],
        "rounds": [],
        "updated": 5,
    },
}
# from a newer page
EVENING_NEWER = copy.deepcopy(EVENING_OLD)
EVENING_NEWER["data"].update(version=2, id="t-new", future={"flights": [1, 2]})
GAME_GOOD = {
    "schema": 2,
    "kind": "game",
    "savedAt": 1_700_000_000_003,
    "data": {"hash": "#/game", "table": SAVES[0]["table"], "moves": 0, "gameId": "good"},
}
# the right shape, but the engine refuses the deal
GAME_BAD = {
    "schema": 2,
    "kind": "game",
    "savedAt": 1_700_000_000_004,
    "data": {
        "hash": "#/game",
        "gameId": "bad",
        "moves": 2,
        "table": {
            "version": 1,
            "series": None,
            "loose": [],
            "game": {**RECORD, "actions": ["0:healthy", "0:healthy"]},
            "seat": 0,
            "bots": [None, "standard", "standard", "standard"],
        },
    },
}

# A variant entry holding what JSON cannot say: a cycle, a BigInt, undefined, -0, a
# date, a map, bytes. IndexedDB holds it all; the export must too.
WRITE_ODD_VARIANT = """async () => {
  const data = { name: "Freitagsrunde", options: { dullen: false }, big: 10n ** 30n,
    missing: undefined, zero: -0, when: new Date(86400000), seen: new Map([["a", [1, 2]]]),
    bytes: new Uint8Array([0, 255, 7]) };
  data.self = data;
  data.list = [data.options, data.options];
  const db = await new Promise((ok, bad) => {
    const req = indexedDB.open("doko");
    req.onsuccess = () => ok(req.result);
    req.onerror = () => bad(req.error);
  });
  const t = db.transaction(["saves"], "readwrite");
  t.objectStore("saves").put({ schema: 2, kind: "variants", savedAt: 1700000000005, data },
    "variants");
  await new Promise((ok, bad) => { t.oncomplete = ok; t.onerror = () => bad(t.error); });
  db.close();
}"""


# An entry of a newer page holding a Blob: IndexedDB holds it, a file cannot say it
WRITE_BLOB_VARIANT = """async () => {
  const db = await new Promise((ok, bad) => {
    const req = indexedDB.open("doko");
    req.onsuccess = () => ok(req.result);
    req.onerror = () => bad(req.error);
  });
  const t = db.transaction(["saves"], "readwrite");
  t.objectStore("saves").put({ schema: 99, kind: "variant", savedAt: 1,
    data: { picture: new Blob(["card art"]) } }, "variant:blob");
  await new Promise((ok, bad) => { t.oncomplete = ok; t.onerror = () => bad(t.error); });
  db.close();
}"""


class Undefined:
    """JavaScript's undefined in a decoded export."""


def decode_clone(nodes: list[Any]) -> Any:
    """The value of a doko-structured-clone-1 export (shared nodes are one object)."""
    made: dict[int, Any] = {}

    def value(i: int) -> Any:
        if i in made:
            return made[i]
        node = nodes[i]
        kind = node[0]
        if kind == "object":
            made[i] = out = {}
            out.update((k, value(j)) for k, j in node[1])
            return out
        if kind == "array":
            made[i] = items = [Undefined] * node[1]
            for k, j in node[2]:
                items[int(k)] = value(j)
            return items
        if kind == "map":
            made[i] = pairs = []
            pairs.extend((value(k), value(j)) for k, j in node[1])
            return ("map", pairs)
        plain = {
            "null": lambda: None,
            "undefined": lambda: Undefined,
            "boolean": lambda: node[1],
            "string": lambda: node[1],
            "number": lambda: node[1] if not isinstance(node[1], str) else ("number", node[1]),
            "bigint": lambda: int(node[1]),
            "date": lambda: ("date", node[1]),
            "binary": lambda: ("binary", node[1], node[2]),
        }
        made[i] = plain[kind]()
        return made[i]

    return value(0)


def exported(page: Any, item: Any, tmp_path: Path) -> Any:
    with page.expect_download() as info:
        item.locator("[data-testid=quarantine-export]").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return json.loads(path.read_text(encoding="utf-8"))


def wait_aside(page: Any, key: str) -> None:
    deadline = time.monotonic() + 30
    while key not in [q["key"] for q in stored(page, None, "quarantine")]:
        assert time.monotonic() < deadline, f"{key} was not set aside"
        page.wait_for_timeout(100)


def alert_says(page: Any, words: str) -> None:
    page.wait_for_function(
        "(words) => document.querySelector('[role=alert]').textContent.includes(words)", arg=words
    )


def test_every_kind_of_unreadable_entry_is_kept_listed_and_exported(
    page: Any, tmp_path: Path
) -> None:
    page.goto("/")
    ready(page)
    # round 1: a keeper sheet the engine refuses and an odd variant, next to a good game
    # and an evening of an older page
    store_entry(page, "keeper", KEEPER_BAD)
    store_entry(page, "tournament", EVENING_OLD)
    store_entry(page, "game:good", GAME_GOOD)
    page.evaluate(WRITE_ODD_VARIANT)
    page.reload()
    ready(page)
    page.goto("/#/keeper")
    page.wait_for_selector("[data-testid=keeper-setup]")
    wait_aside(page, "keeper")
    page.click("[data-testid=keeper-start]")  # a change: a fresh sheet is written
    wait_entry(page, "keeper", 'e.data.games.length === 0 && e.data.phase === "sheet"')
    # the old evening was migrated where it lay, not set aside
    evening = stored(page, "tournament")
    assert evening["data"]["version"] == 1 and evening["data"]["id"] == "t-old"
    assert evening["data"]["entrants"] == EVENING_OLD["data"]["entrants"]
    assert stored(page, "game:good") == GAME_GOOD

    # round 2: an evening of a newer page, and a game the engine refuses; a keeper sheet
    # of an older page (for the next start)
    store_entry(page, "tournament", EVENING_NEWER)
    store_entry(page, "game:bad", GAME_BAD)
    page.goto("/#/tournament")
    page.wait_for_selector("#tour-names")
    page.fill("#tour-names", "Erika\nFritz")
    page.click("[data-testid=tour-add]")  # a change: a new evening is written
    page.wait_for_selector("[data-testid=tour-entrant] >> nth=1")
    page.goto("/#/game/bad")  # resumes that game: the engine refuses it, a new one starts
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=30_000)
    alert_says(page, "gespeicherter Tisch")
    deadline = time.monotonic() + 60
    while (
        max(
            (g["data"]["moves"] for k, g in stored_games(page).items() if k != "game:good"),
            default=0,
        )
        < 1
    ):  # a move: written
        assert time.monotonic() < deadline, "no move was saved"
        if not step(page):
            page.wait_for_timeout(50)

    store_entry(page, "keeper", KEEPER_OLD)
    page.evaluate(WRITE_BLOB_VARIANT)
    page.goto("/")
    page.reload()
    ready(page)
    # still stored, exactly as written
    aside = {q["key"]: q for q in stored(page, None, "quarantine")}
    assert set(aside) == {"keeper", "variants", "variant:blob", "tournament", "game:bad"}, aside
    assert aside["keeper"]["entry"] == KEEPER_BAD
    assert aside["tournament"]["entry"] == EVENING_NEWER
    assert aside["game:bad"]["entry"] == GAME_BAD
    assert aside["keeper"]["why"]["code"] == "keeper-game"
    assert aside["keeper"]["why"]["params"]["reason"]["code"] == "eyes-range"
    # and nothing was written over: the new entries are the screens' own
    deadline = time.monotonic() + 30  # the old sheet is read, scored and written migrated
    while stored(page, "keeper")["schema"] != 2:
        assert time.monotonic() < deadline, stored(page, "keeper")
        page.wait_for_timeout(100)
    sheet = stored(page, "keeper")["data"]
    old_games = KEEPER_OLD["data"]["games"]
    assert [g["summary"] for g in sheet["games"]] == [g["summary"] for g in old_games]
    assert sheet["names"][0] == "Anna"
    # (the page still held the older evening it had read: the names were added to it)
    names = [e["name"] for e in stored(page, "tournament")["data"]["entrants"]]
    assert names == [f"Spieler {i}" for i in range(1, 5)] + ["Erika", "Fritz"]
    assert set(stored_games(page)) - {"game:good", "game:bad"}  # the new game beside
    assert stored(page, "variants") is None

    # listed on the start page, each with its reason in words
    items = page.locator("[data-testid=quarantined]")
    items.nth(4).wait_for()
    assert items.count() == 5
    texts = {items.nth(i).text_content(): items.nth(i) for i in range(5)}
    reasons = {
        "Spielliste": "Spiel 3 der Spielliste lässt sich nicht werten",
        "Turnierabend": "aus einer neueren Version dieser Seite",
        "Regelvarianten": "enthält Werte, die ein gespeicherter Stand nie enthält",
        "Spiel": "gespeicherter Tisch",
        "Regelvariante": "aus einer neueren Version dieser Seite",
    }
    for kind, words in reasons.items():
        found = [text for text in texts if text.startswith(kind + " ·")]
        assert len(found) == 1 and words in found[0], (kind, list(texts))

    # exported: the entries themselves; the variant in the encoding its file names
    by_kind = {text.split(" ·")[0]: item for text, item in texts.items()}
    assert exported(page, by_kind["Spielliste"], tmp_path) == KEEPER_BAD
    assert exported(page, by_kind["Turnierabend"], tmp_path) == EVENING_NEWER
    assert exported(page, by_kind["Spiel"], tmp_path) == GAME_BAD
    odd = exported(page, by_kind["Regelvarianten"], tmp_path)
    assert odd["encoding"] == "doko-structured-clone-1" and "nodes[0]" in odd["about"]
    assert odd["quarantined"]["key"] == "variants"
    entry = decode_clone(odd["nodes"])
    data = entry["data"]
    assert (entry["schema"], entry["kind"], entry["savedAt"]) == (2, "variants", 1700000000005)
    assert data["self"] is data and data["list"][0] is data["list"][1] is data["options"]
    assert data["big"] == 10**30 and data["missing"] is Undefined
    assert data["zero"] == ("number", "-0") and data["when"] == ("date", 86400000)
    assert data["seen"] == ("map", [("a", [1, 2])])
    assert data["bytes"] == ("binary", "Uint8Array", "AP8H")
    assert data["name"] == "Freitagsrunde" and data["options"] == {"dullen": False}
    # a value no file can say is not exported at all, and the page says why
    downloads: list[Any] = []
    page.on("download", lambda download: downloads.append(download))
    by_kind["Regelvariante"].locator("[data-testid=quarantine-export]").click()
    alert_says(page, "nicht als Datei schreiben lässt (Blob)")
    assert downloads == []
    assert page.watch.errors == []
