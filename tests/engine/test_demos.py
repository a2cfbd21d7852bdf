"""Every demo replays through the rules, scores as recorded, opens as a link, and
says at every step what happened; where a rule acted, the narration names it with
the right parameters (checked here against the cards, not against the narration)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.game.cards import CJ, DA, HT, Card
from doko.game.gamestate import GameState
from doko.game.notation import replay
from doko.game.outcome import result
from doko.game.tricks import specials_awarded
from doko.page import links
from doko.page.explain import walk
from doko.page.share import load_demos

ROOT = Path(__file__).resolve().parents[2]
DEMOS = sorted((ROOT / "engine" / "doko" / "demos").glob("*.json"))
PRESETS = {"ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch"}
TOPICS = {"basics", "special-games", "announcements", "specials", "house"}


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def test_there_are_demos_for_every_preset_and_topic() -> None:
    demos = [load(p) for p in DEMOS]
    assert {d["preset"] for d in demos} == PRESETS
    assert {d["topic"] for d in demos} == TOPICS
    assert len(DEMOS) >= 60


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_replays_and_scores(path: Path) -> None:
    demo = load(path)
    for key in ("title", "description"):
        assert set(demo[key]) == {"de", "en"} and all(demo[key].values())
    state = replay(demo["record"])
    assert state.is_over
    assert result(state)["points"] == demo["expected_points"]
    assert state.rules.preset == demo["preset"]
    text = links.encode(demo["record"])
    viewer = walk(links.decode(text))
    assert len(viewer["frames"]) == len(demo["record"]["actions"]) + 1
    last = len(viewer["frames"]) - 1
    assert "result" in [e["key"] for e in viewer["events"] if e["step"] == last]


def _at(events: list[dict[str, Any]], step: int, key: str) -> list[dict[str, Any]]:
    return [e["params"] for e in events if e["step"] == step and e["key"] == key]


def _states(record: dict[str, Any]) -> list[GameState]:
    """The state after each step (index 0: before the first action)."""
    start = replay({**record, "actions": []})
    states = [start]
    for i in range(1, len(record["actions"]) + 1):
        states.append(replay({**record, "actions": record["actions"][:i]}))
    return states


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_every_step_is_told_and_every_rule_moment_named(path: Path) -> None:
    demo = load(path)
    record = demo["record"]
    viewer = walk(record)
    events = viewer["events"]
    states = _states(record)
    final = states[-1]
    stops = set(viewer["stops"])
    # what the demo is about is in its narration, with those parameters
    for expected in demo["expects"]:
        assert any(
            e["key"] == expected["key"]
            and all(e["params"].get(k) == v for k, v in expected["params"].items())
            for e in events
        ), expected
    for step in range(len(viewer["frames"])):
        told = [e for e in events if e["step"] == step]
        assert told, f"step {step} says nothing"
        if any(e["rule"] for e in told):
            assert step in stops
    for step in range(1, len(states)):
        before, after = states[step - 1], states[step]
        action = record["actions"][step - 1]
        seat_text, _, what = action.partition(":")
        seat = int(seat_text)
        if before.phase == "play" and len(what) == 2 and what[0] in "CSHD":
            _check_card(events, step, before, seat, what)
        if len(after.tricks) > len(before.tricks):
            _check_trick(events, step, after, stops)
    results = [e for e in events if e["key"] == "result"]
    assert len(results) == 1 and results[0]["step"] == len(states) - 1
    if final.contract != "redeal":
        assert results[0]["params"]["lines"] == result(final)["lines"]


def _check_card(
    events: list[dict[str, Any]], step: int, before: GameState, seat: int, card: str
) -> None:
    """Who played what is said; a player who had to follow suit or could not is named."""
    lead = not before.trick
    plays = _at(events, step, "lead" if lead else "play")
    assert plays == [
        {"seat": seat, "card": card, **({"trick": len(before.tricks) + 1} if lead else {})}
    ]
    if lead:
        return
    follows = before.order.follows
    led = follows[before.trick[0][1]]
    hand = before.hands[seat]
    held = [c for c in hand if follows[c] == led]
    if held and len(held) < len(hand):
        assert _at(events, step, "follow") == [{"seat": seat, "card": card, "led": led}]
    elif not held:
        (void,) = _at(events, step, "void")
        assert void == {
            "seat": seat,
            "card": card,
            "led": led,
            "trump": follows[Card.from_str(card)] == "T",
        }


def _check_trick(
    events: list[dict[str, Any]], step: int, after: GameState, stops: set[int]
) -> None:
    trick = after.tricks[-1]
    number = len(after.tricks)
    last = not any(after.hands)
    order = after.order
    (told,) = _at(events, step, "trick")
    win_card = trick.cards[trick.seats.index(trick.winner)]
    assert told["winner"] == trick.winner and told["card"] == str(win_card)
    assert told["trick"] == number and told["eyes"] == trick.eyes and told["last"] == last
    # a trick decided by the Dullen rule or by the first of two equal cards is a stop
    # and says which rule it was and whose card lost
    if win_card in trick.tops:  # a Schweinchen (or Superschweinchen) outranks all
        assert told["why"] == ("pig" if win_card.rank == "A" else "superpig")
        assert step in stops
    elif trick.cards.count(HT) == 2 and order.follows[HT] == "T" and win_card == HT:
        second = order.dulle_second_wins and (order.dulle_second_last or not last)
        expected = (
            "dulle-second" if second else "dulle-last" if order.dulle_second_wins else "dulle-first"
        )
        assert told["why"] == expected
        assert step in stops
        assert told["beaten"] in trick.played_by(HT) and told["beaten"] != trick.winner
    elif trick.cards.count(win_card) == 2:
        assert told["why"] == "equal-first"
        assert step in stops
        first, second = trick.played_by(win_card)
        assert (told["winner"], told["beaten"]) == (first, second)
    elif order.follows[win_card] == "T":
        assert told["why"] == ("trump" if order.follows[trick.cards[0]] == "T" else "ruff")
    else:
        assert told["why"] == "suit"
    # each Sonderpunkt earned in this trick is told here, naming the party
    kinds = specials_awarded(after.rules, after.contract)
    if after.contract == "wedding" and not after.wedding_decided:
        kinds = tuple(k for k in kinds if k != "fox")
    party = after.party(trick.winner)
    if "fox" in kinds and order.follows.get(DA) == "T" and DA not in trick.tops:
        for loser in trick.played_by(DA):
            if after.party(loser) != party:
                assert {
                    "winner": trick.winner,
                    "party": party,
                    "points": 1,
                    "seat": loser,
                    "trick": number,
                } in _at(events, step, "fox")
    if "doppelkopf" in kinds and trick.eyes >= 40:
        assert {
            "winner": trick.winner,
            "party": party,
            "points": 1,
            "trick": number,
            "eyes": trick.eyes,
        } in _at(events, step, "doppelkopf")
    if "karlchen" in kinds and last and win_card == CJ:
        (karl,) = _at(events, step, "karlchen")
        assert karl["party"] == party
    if "dulle-caught" in kinds and order.follows.get(HT) == "T":
        for loser in trick.played_by(HT):
            if after.party(loser) != party:
                assert {
                    "winner": trick.winner,
                    "party": party,
                    "points": 1,
                    "seat": loser,
                    "trick": number,
                } in _at(events, step, "dulle-caught")
    for key in ("fox", "doppelkopf", "karlchen", "dulle-caught"):
        if _at(events, step, key):
            assert step in stops


def test_the_second_queen_reveals_the_parties() -> None:
    demo = load(ROOT / "engine/doko/demos/ddv_second_queen.json")
    record = demo["record"]
    viewer = walk(record)
    events = viewer["events"]
    steps = {e["step"] for e in events if e["params"].get("how") == "second-queen"}
    assert len(steps) == 1
    (step,) = steps
    queens = [i for i, a in enumerate(record["actions"], start=1) if a.endswith(":CQ")]
    assert queens[1] == step  # the second Kreuz-Dame played
    known = viewer["frames"][step]["known"]
    assert len(known["re"]) == 2 and len(known["kontra"]) == 2
    assert step in viewer["stops"]


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_bockrunden_are_told(path: Path) -> None:
    """A bock deal says its factor before the first card; a deal that starts
    Bockrunden says which trigger and how many bock deals follow."""
    demo = load(path)
    record = demo["record"]
    state = replay(record)
    events = walk(record)["events"]
    level = record.get("bock", 0)
    told = [e["params"] for e in events if e["key"] == "bock" and e["step"] == 0]
    assert told == ([{"level": level, "factor": 2**level}] if level else [])
    outcome = result(state)
    lost_solo = state.contract.startswith("solo:") and outcome.get("winner") != "re"
    starts = [e["params"] for e in events if e["key"] == "bock-trigger"]
    if "solo-lost" in state.rules.bock and lost_solo:
        assert starts and "solo-lost" in starts[0]["triggers"]
        assert starts[0]["deals"] == state.rules.bock_rounds * state.players
    if not state.rules.bock:
        assert starts == []


def test_announcements_tell_what_each_party_needs() -> None:
    demo = load(ROOT / "engine/doko/demos/ddv_no90.json")
    events = walk(demo["record"])["events"]
    (announce,) = [e for e in events if e["key"] == "announce" and e["params"]["word"] == "no90"]
    goals = [e for e in events if e["key"] == "goals" and e["step"] == announce["step"]]
    assert goals[0]["params"] == {
        "re": {"kind": "eyes", "need": 151},
        "kontra": {"kind": "eyes", "need": 90},
    }
    assert announce["step"] in walk(demo["record"])["stops"]


def test_demos_request_lists_links_topics_and_rules() -> None:
    answer: dict[str, Any] = json.loads(api.handle("demos", "{}"))
    assert len(answer["demos"]) == len(load_demos()) == len(DEMOS)
    first = answer["demos"][0]
    assert first["topic"] in TOPICS and first["options"] == {}
    opened = json.loads(api.handle("open_link", json.dumps({"payload": first["link"]})))
    assert opened["complete"] is True
    assert opened["frames"][-1]["focus"] is not None


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
    assert (
        "doko/page/links.py" in names
        and "doko/page/explain.py" in names
        and "doko/page/notes.py" in names
    )


def test_every_narration_code_is_translated_in_both_languages() -> None:
    """The page words each event (web/screens/replay/replay.js eventText): ``ev.<key>`` or, for the
    card plays and goals, ``nar.<key>``; each trick's rule ``why.<why>`` (and
    ``beaten.<why>`` where a card lost to the rule), each ``how.<how>``."""
    import re

    needed: set[str] = set()
    for path in DEMOS:
        for e in walk(load(path)["record"])["events"]:
            key, params = e["key"], e["params"]
            if key in ("lead", "play", "follow", "goals"):
                needed.add(f"nar.{key}")
            elif key == "void":
                needed.add("nar.void-trump" if params["trump"] else "nar.void")
            else:
                needed.add(f"ev.{key}")
            if key == "deal" and params["out"]:
                needed.add(
                    "ev.deal.dealer-out" if params["out"] == [params["dealer"]] else "ev.deal.out"
                )
            if key == "trick":
                needed.add(f"why.{params['why']}")
                if "beaten" in params:
                    needed.add(f"beaten.{params['why']}")
            if key == "party-known":
                needed.add(f"how.{params['how']}")
    for lang in ("de", "en"):
        text = (ROOT / f"web/lang/{lang}.js").read_text()
        keys = set(re.findall(r'"([a-z]+\.[a-z0-9.-]+)"\s*:', text))
        assert needed <= keys, (lang, needed - keys)


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_demo_opens_a_short_lead_in_before_its_moment(path: Path) -> None:
    """A demo names the step its rule acts at (``moment``: an event it expects is told
    there) and opens at ``start``: 0 or the end of a trick, at least one trick's cards
    before the moment, so a player taps Weiter a few times and sees the rule."""
    demo = load(path)
    viewer = walk(demo["record"])
    last = len(viewer["frames"]) - 1
    players = len(viewer["frames"][0]["hands"])
    moment, start = demo["moment"], demo["start"]
    assert 0 <= start <= moment <= last
    told = [e for e in viewer["events"] if e["step"] == moment]
    assert any(
        e["key"] == x["key"] and all(e["params"].get(k) == v for k, v in x["params"].items())
        for e in told
        for x in demo["expects"]
    ), "the moment tells none of the demo's expected events"
    # the latest trick end (or the deal) at least players + 1 cards before the moment
    ends = [0, *viewer["tricks_at"]]
    assert start == max((s for s in ends if s <= moment - players - 1), default=0)
    assert moment - start <= 15
    if start:  # opened later in the deal: one or two tricks before the moment
        assert moment - start <= 2 * players


def test_demos_request_says_where_each_demo_opens() -> None:
    answer: dict[str, Any] = json.loads(api.handle("demos", "{}"))
    by_id = {d["id"]: d for d in answer["demos"]}
    assert by_id["ddv_silent_wedding"]["moment"] == 29
    assert by_id["ddv_silent_wedding"]["start"] == 24
    assert all(0 <= d["start"] <= d["moment"] for d in answer["demos"])


def test_a_silent_wedding_is_told_at_its_second_queen() -> None:
    """The first Kreuz-Dame tells Re as in a normal game; the second from the same hand
    tells the stille Hochzeit (the page says who played alone), no party list then."""
    for name in ("ddv_silent_wedding", "berndt_silent_wedding", "klassisch_silent_solo"):
        record = load(ROOT / f"engine/doko/demos/{name}.json")["record"]
        events = walk(record)["events"]
        queens = [i for i, a in enumerate(record["actions"], start=1) if a.endswith(":CQ")]
        seat = int(record["actions"][queens[0] - 1].split(":")[0])
        assert _at(events, queens[0], "party-known") == [
            {"seat": seat, "party": "re", "how": "queen"}
        ]
        (told,) = _at(events, queens[1], "silent-wedding")
        assert told["seat"] == seat
        assert _at(events, queens[1], "party-known") == []
        assert queens[1] in walk(record)["stops"]
        assert [e["step"] for e in events if e["key"] == "silent-wedding"] == [queens[1]]


def test_the_deal_says_who_sits_out() -> None:
    for name, out in (
        ("ddv_five_players", "dealer"),
        ("klassisch_five_players", "dealer"),
        ("ddv_fox", None),
        ("klassisch_six_fixed_teams", None),
    ):
        record = load(ROOT / f"engine/doko/demos/{name}.json")["record"]
        state = replay({**record, "actions": []})
        (deal,) = _at(walk(record)["events"], 0, "deal")
        assert deal["out"] == ([state.dealer] if out == "dealer" else [])
        assert deal["players"] - len(deal["out"]) == len(state.active)


def test_every_special_moment_has_a_sentence_test() -> None:
    """tests/web/narration.test.mjs reads each kind of event the demos tell (beyond who
    played what) in both languages: every such key is among its moments."""
    import re

    from doko.page.explain import PLAIN_KEYS

    text = (ROOT / "tests/web/narration.test.mjs").read_text()
    tested = set(re.findall(r'key: "([a-z0-9-]+)"', text))
    told = {e["key"] for path in DEMOS for e in walk(load(path)["record"])["events"]}
    ordinary = {"follow", "void"}  # plain "X muss bedienen" lines
    assert told - PLAIN_KEYS - ordinary - tested == set()
    assert "deal" in tested


def test_every_seat_the_narration_names_is_a_seat() -> None:
    """No empty names: each seat an event names (who played, won, gave, dealt, joined)
    is a seat of the table, and the events that name a person always do."""
    names = ("seat", "partner", "winner", "giver", "dealer", "declarer", "leader", "beaten")
    always = {
        "wedding-partner": ("seat", "partner"),
        "silent-wedding": ("seat",),
        "poverty-accept": ("seat", "giver"),
        "poverty-return": ("seat", "giver"),
        "deal": ("dealer",),
        "duty-solo": ("seat",),
        "forced-solo": ("seat",),
    }
    for path in DEMOS:
        viewer = walk(load(path)["record"])
        players = len(viewer["frames"][0]["hands"])
        for event in viewer["events"]:
            params = event["params"]
            for name in always.get(event["key"], ()):
                assert isinstance(params.get(name), int), (path.stem, event)
            for name in names:  # a result's winner is a party, not a seat
                if params.get(name) is not None and event["key"] != "result":
                    assert params[name] in range(players), (path.stem, event)
