"""Name plates (doko.page.plates): one answer for the live table's public view and the
replay viewer's frames, and what a plate may never say."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.page.explain import walk

BOTS = ["standard"] * 4


def played(rules: str, seed: int) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """A whole deal between bots: the public view's plates after every step, and the
    replay viewer's frames of its record."""
    session = api.Session()
    start = {"rules": rules, "seed": seed, "bots": BOTS}
    answer = json.loads(session.handle("new_game", json.dumps(start)))
    public = [view_plates(session)]
    while answer["view"]["phase"] != "done":
        answer = json.loads(session.handle("bot", "{}"))
        assert "error" not in answer, answer
        public.append(view_plates(session))
    frames = walk(answer["view"]["record"])["frames"]
    return public, frames


def view_plates(session: api.Session) -> list[Any]:
    view = json.loads(session.handle("view", json.dumps({"public": True})))
    assert view["public"] is True
    return list(view["plates"])


CASES = [("ddv", seed) for seed in (5, 16, 21)] + [
    ("ohne-neunen", seed) for seed in (3, 8)
] + [("klassisch", seed) for seed in (2, 11)]


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_the_replay_draws_the_plates_the_table_showed(rules: str, seed: int) -> None:
    public, frames = played(rules, seed)
    assert len(public) == len(frames)
    for step, (shown, frame) in enumerate(zip(public[:-1], frames[:-1], strict=True)):
        assert frame["plates"] == shown, f"step {step}"


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_a_plate_says_each_thing_once_and_no_party_while_an_armut_is_offered(
    rules: str, seed: int
) -> None:
    _, frames = played(rules, seed)
    for frame in frames:
        for plate in frame["plates"]:
            tags = [(t["kind"], t["word"]) for t in plate["tags"]]
            assert len(tags) == len(set(tags)), tags
            parties = {w for k, w in tags if k == "party"}
            calls = {w for k, w in tags if k == "call"}
            assert not parties & calls, f"{parties} said twice: as a party and as a call"
            if frame["phase"] == "poverty":
                assert not parties, "an Armut on offer has no parties yet"


DEMOS = Path(__file__).resolve().parents[2] / "engine" / "doko" / "demos"


def test_a_silent_hochzeit_shows_no_party_until_its_queens_tell() -> None:
    """The demo's player holds both Kreuz-Damen and says Gesund: no plate names a party
    before a Kreuz-Dame falls, the first one shows only its player Re (the other could be
    anywhere), the second from the same hand tells the whole table."""
    demo = json.loads((DEMOS / "ddv_silent_wedding.json").read_text())
    frames = walk(demo["record"])["frames"]
    assert frames[-1]["contract"] == "silent-wedding"
    first = next(i for i, f in enumerate(frames) if queens_out(f) == 1)
    second = next(i for i, f in enumerate(frames) if queens_out(f) == 2)
    for frame in frames[:first]:
        assert not party_tags(frame)
    for frame in frames[first:second]:
        assert party_tags(frame) == ["re"]
    assert sorted(party_tags(frames[second])) == ["kontra", "kontra", "kontra", "re"]
    # the step line's contract: a normal game until the second Kreuz-Dame, then the truth
    assert {f["contract"] for f in frames[:second]} == {"normal"}
    assert {f["contract"] for f in frames[second:]} == {"silent-wedding"}


def queens_out(frame: dict[str, Any]) -> int:
    cards = [c for t in frame["tricks"] for c in t["cards"]] + frame["trick"]
    return sum(c["card"] == "CQ" for c in cards)


def party_tags(frame: dict[str, Any]) -> list[str]:
    return [t["word"] for p in frame["plates"] for t in p["tags"] if t["kind"] == "party"]


def test_an_armut_on_offer_tags_nobody() -> None:
    """The Armut demos: while the trumps are offered, no plate says Re or Kontra (the
    viewer once tagged every seat Kontra here)."""
    for name in ("ohne-neunen_poverty_taken", "ohne-neunen_poverty_refused"):
        frames = walk(json.loads((DEMOS / f"{name}.json").read_text())["record"])["frames"]
        offered = [f for f in frames if f["phase"] == "poverty"]
        assert offered, name
        assert all(not party_tags(f) for f in offered)


WEDDINGS = [p.stem for p in sorted(DEMOS.glob("*_wedding_*.json")) if "silent" not in p.stem]


@pytest.mark.parametrize("name", WEDDINGS)
def test_a_declared_hochzeit_shows_only_its_player_until_a_trick_finds_the_partner(
    name: str,
) -> None:
    """While a declared Hochzeit looks for its partner only its player is Re on the
    plates; the trick that decides it (won by another seat: the partner, else nobody
    was found) names every party at once, and not a frame earlier."""
    frames = walk(json.loads((DEMOS / f"{name}.json").read_text())["record"])["frames"]
    declarer = frames[-1]["declarer"]
    assert frames[-1]["contract"] in ("wedding", "wedding-alone") and declarer is not None
    told = next(i for i, f in enumerate(frames) if parties_of(f).keys() - {declarer})
    for frame in frames[:told]:
        assert set(parties_of(frame).items()) <= {(declarer, "re")}, frame["action"]
    before, after = frames[told - 1], frames[told]
    assert len(after["tricks"]) == len(before["tricks"]) + 1, "told by a finished trick"
    shown = parties_of(after)
    assert set(shown) == set(range(len(after["plates"]))), "every party at once"
    partners = {s for s, word in shown.items() if word == "re"} - {declarer}
    assert shown[declarer] == "re" and len(partners) <= 1
    winner = after["tricks"][-1]["winner"]
    said = {d["seat"]: d["what"] for d in frames[-1]["declarations"]}
    if ":" not in said[declarer] and winner != declarer:
        assert partners == {winner}, "the first trick won by another seat finds the partner"


def parties_of(frame: dict[str, Any]) -> dict[int, str]:
    """Per seat the party its plate shows, as a tag or as its own call."""
    shown: dict[int, str] = {}
    for plate in frame["plates"]:
        for tag in plate["tags"]:
            said = tag["kind"] == "call" and tag["word"] in ("re", "kontra")
            if tag["kind"] == "party" or said:
                shown[plate["seat"]] = tag["word"]
    return shown


def test_the_plates_say_who_declined_an_armut() -> None:
    """``ohne-neunen`` seed 78: seat 1 offers an Armut, seats 2 and 3 decline, and seat 0
    is asked; their plates say so until the cards have changed hands."""
    session = api.Session()
    start = {"rules": "ohne-neunen", "seed": 78, "level": "beginner"}
    answer = json.loads(session.handle("new_game", json.dumps(start)))
    answer = json.loads(session.handle("act", json.dumps({"action": "0:healthy"})))
    while answer["view"]["to_act"] != 0:
        answer = json.loads(session.handle("bot", "{}"))

    def declined(view: dict[str, Any]) -> list[int]:
        tag = {"kind": "declined", "word": "poverty"}
        return [p["seat"] for p in view["plates"] if tag in p["tags"]]

    view = answer["view"]
    assert view["phase"] == "poverty" and declined(view) == [2, 3]
    assert declined(json.loads(session.handle("view", json.dumps({"public": True})))) == [2, 3]
    answer = json.loads(session.handle("act", json.dumps({"action": "0:accept"})))
    assert answer["view"]["phase"] == "poverty-return" and declined(answer["view"]) == [2, 3]
    back = next(a for a in answer["view"]["legal"] if ":return:" in a)
    answer = json.loads(session.handle("act", json.dumps({"action": back})))
    assert answer["view"]["phase"] == "play" and declined(answer["view"]) == []
