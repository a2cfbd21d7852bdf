"""Notes on a replay (doko.page.notes): they travel beside the link's game, stay plain
text within their limits, and a link without them (or with broken ones) still opens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.game.errors import LinkError
from doko.page import links
from doko.page.notes import MAX_NOTE, MAX_NOTES, check_notes, decode_notes, encode_notes
from support import view_of

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((ROOT / "engine/doko/demos/ddv_fox.json").read_text())["record"]
STEPS = len(RECORD["actions"]) + 1


def ask(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = view_of(json.loads(api.handle(kind, json.dumps(payload))))
    return answer


def test_notes_round_trip_sorted_one_per_step() -> None:
    notes = {
        "title": "  Der Fuchs  ",
        "notes": [{"step": 9, "text": "zweite"}, [4, "erste"], {"step": 9, "text": "neu"}],
    }
    text = encode_notes(notes, STEPS)
    assert text.startswith("N") and len(text) < 200
    assert decode_notes(text, STEPS) == {
        "title": "Der Fuchs",
        "notes": [{"step": 4, "text": "erste"}, {"step": 9, "text": "neu"}],
    }


def test_markup_stays_text_and_control_characters_go() -> None:
    hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>\x00\x1b[31m'
    text = encode_notes({"notes": [[1, hostile + "\nzweite Zeile"]]}, STEPS)
    (note,) = decode_notes(text)["notes"]
    assert (
        note["text"] == '<img src=x onerror="alert(1)"><script>alert(2)</script>[31m\nzweite Zeile'
    )


@pytest.mark.parametrize(
    ("notes", "code"),
    [
        ({"notes": [[1, "x" * (MAX_NOTE + 1)]]}, "note-too-long"),
        ({"notes": [[1, "x" * 100_000]]}, "note-too-long"),
        ({"title": "t" * 81, "notes": []}, "note-too-long"),
        ({"notes": [[s, "n"] for s in range(MAX_NOTES + 1)]}, "notes-too-many"),
        ({"notes": [[STEPS, "after the end"]]}, "note-step"),
        ({"notes": [[-1, "before"]]}, "note-step"),
        ({"notes": [[1, 5]]}, "note-not-text"),
        ({"notes": "text"}, "notes-not-object"),
        ([], "notes-not-object"),
    ],
)
def test_bad_notes_are_refused_with_a_code(notes: Any, code: str) -> None:
    with pytest.raises(LinkError) as caught:
        encode_notes(notes, STEPS)
    assert caught.value.code == code


def test_notes_of_many_long_lines_may_not_make_a_huge_link() -> None:
    import random

    rng = random.Random(1)
    noise = [
        [s, "".join(rng.choice("abcdefghijklmnopqrstuvwxyzäöü0123456789") for _ in range(MAX_NOTE))]
        for s in range(MAX_NOTES)
    ]
    with pytest.raises(LinkError) as caught:
        encode_notes({"notes": noise})
    assert caught.value.code == "notes-too-long"


@pytest.mark.parametrize(
    "text", ["", "X", "N", "N!!", "N" + "A" * 10, "N" + "A" * 5000, "Nabc-_", None, 5]
)
def test_damaged_notes_are_refused(text: Any) -> None:
    with pytest.raises(LinkError):
        decode_notes(text)


def test_a_bomb_does_not_inflate() -> None:
    import base64
    import zlib

    bomb = zlib.compress(b"[" * 1_000_000, 9)
    text = "N" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(text) <= 4097  # short enough to be read: the inflate limit refuses it
    with pytest.raises(LinkError) as caught:
        decode_notes(text)
    assert caught.value.code == "notes-damaged"


def test_check_notes_drops_empty_notes() -> None:
    assert check_notes({"notes": [[2, "   "]]})["notes"] == []


def test_open_link_carries_notes_and_old_links_still_open() -> None:
    payload = links.encode(RECORD)
    old = ask("open_link", {"payload": payload})
    assert "notes" not in old and old["complete"] is True
    made = ask("encode_notes", {"title": "Fuchs", "notes": [[3, "Achtung"]], "steps": STEPS})
    assert made["checked"] == {"title": "Fuchs", "notes": [{"step": 3, "text": "Achtung"}]}
    opened = ask("open_link", {"payload": payload, "notes": made["notes"]})
    assert opened["notes"] == made["checked"]
    assert opened["frames"] == old["frames"]


def test_broken_notes_leave_the_game_open_and_say_why() -> None:
    payload = links.encode(RECORD)
    opened = ask("open_link", {"payload": payload, "notes": "Nnot-notes"})
    assert opened["complete"] is True and "notes" not in opened
    assert opened["notes_error"]["code"] == "notes-damaged"
    beyond = encode_notes({"notes": [[STEPS + 5, "too far"]]})
    opened = ask("open_link", {"payload": payload, "notes": beyond})
    assert opened["notes_error"] == {
        "code": "note-step",
        "params": {"step": STEPS + 5, "steps": STEPS},
    }


def test_encode_notes_refuses_with_a_coded_answer() -> None:
    answer = ask("encode_notes", {"notes": [[1, "x" * 100_000]], "steps": STEPS})
    assert answer["code"] == "note-too-long"
    assert answer["params"] == {"what": "note", "length": 100_000, "most": MAX_NOTE}


def test_a_score_sheet_row_opens_as_a_link() -> None:
    ask("new_game", {"rules": "ddv", "seed": 11, "seat": 0})
    for _ in range(400):
        view = ask("view", {})
        if view["phase"] == "done":
            break
        if view["to_act"] == 0:
            plain = [a for a in view["legal"] if len(a) == 4 or a.endswith(":healthy")]
            ask("act", {"action": (plain or view["legal"])[0]})
        else:
            ask("bot", {})
    assert ask("view", {})["phase"] == "done"
    row = ask("encode_link", {"game": 0})
    opened = ask("open_link", {"payload": row["payload"]})
    assert opened["complete"] is True
    assert ask("encode_link", {"game": 5})["code"] == "no-such-game"
