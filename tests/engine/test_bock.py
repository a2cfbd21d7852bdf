"""Bockrunden: the options, the triggers, the doubled score, the series' bock rounds
(queue and double, a thrown deal inside a round, five players), the record's bock
checked on replay, the score keeper's request and the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bock_deals import bock_rules, play_cards
from clirun import doko
from doko import api
from doko.game.actions import parse
from doko.game.bock import after_deal, triggers
from doko.game.cards import Card, deck
from doko.game.errors import RulesError
from doko.game.notation import record_of, replay
from doko.game.outcome import result, summarize
from doko.game.rules import BOCK_TRIGGERS, PRESETS, Rules, describe, load_rules
from doko.game.scoring import net, score
from doko.game.state import GameState, apply, new_game
from doko.game.summary import summary_from_json
from doko.page.explain import walk
from doko.table.series import (
    Series,
    SeriesError,
    Settings,
    bock_to_come,
    current_deal,
    is_finished,
    record_game,
    replay_series,
    series_record,
    sheet,
    start_game,
    start_series,
    totals,
)
from support import view_of

ALL = list(BOCK_TRIGGERS)


# -- options -----------------------------------------------------------------------


def test_options_default_off_in_every_preset() -> None:
    for rules in PRESETS.values():
        assert (rules.bock, rules.bock_rounds, rules.bock_stack) == ((), 1, "queue")
    rules = bock_rules(["tie", "heart-trick"], bock_rounds=3, bock_stack="double")
    assert rules.to_json() == {
        "preset": "ddv",
        "options": {"bock": ["tie", "heart-trick"], "bock_rounds": 3, "bock_stack": "double"},
    }


@pytest.mark.parametrize(
    ("options", "code", "option"),
    [
        ({"bock": ["solo-lost", "pigs"]}, "option-unknown-bock", "bock"),
        ({"bock": ["tie", "tie"]}, "option-listed-twice", "bock"),
        ({"bock_rounds": 0}, "option-out-of-range", "bock_rounds"),
        ({"bock_rounds": 4}, "option-out-of-range", "bock_rounds"),
        ({"bock_stack": "triple"}, "option-not-a-choice", "bock_stack"),
        ({"bock": "tie"}, "option-not-list", "bock"),
    ],
)
def test_bad_bock_options_are_refused_with_the_option(
    options: dict[str, Any], code: str, option: str
) -> None:
    with pytest.raises(RulesError) as caught:
        load_rules({"preset": "ddv", "options": options})
    assert caught.value.code == code and caught.value.params["option"] == option
    if code == "option-unknown-bock":
        assert str(caught.value).startswith("bock: unknown trigger 'pigs'")


def test_describe_names_group_depends_and_items() -> None:
    options = {o["name"]: o for o in describe()["options"]}
    assert options["bock"]["group"] == "bock"
    assert options["bock"]["items"] == ALL and options["bock"]["default"] == []
    assert options["bock"]["depends"] == []
    for name in ("bock_rounds", "bock_stack"):
        assert options[name]["group"] == "bock"
        assert options[name]["depends"] == [{"option": "bock", "not": [[]]}]
        assert options[name]["items"] is None
    assert options["bock_rounds"]["range"] == [1, 3]
    assert options["bock_stack"]["choices"] == ["queue", "double"]


# -- triggers ----------------------------------------------------------------------


def summary(contract: str, re: list[int], eyes_re: int, **more: Any) -> dict[str, Any]:
    return {
        "rules": bock_rules(ALL).to_json(),
        "contract": contract,
        "re": re,
        "eyes_re": eyes_re,
        **more,
    }


TRIGGER_CASES = {
    "solo-lost": summary("solo:queens", [0], 100),
    "silent wedding lost": summary("silent-wedding", [1], 90),
    "tie": summary("normal", [0, 1], 120),
    "re-kontra": summary("normal", [0, 2], 150, announcements={"re": ["re"], "kontra": ["kontra"]}),
    # Re's won game against Kontra's caught fox: 1 - 1, everybody writes 0
    "zero": summary("normal", [0, 1], 130, specials=[{"kind": "fox", "party": "kontra"}]),
    "black": summary("normal", [2, 3], 240, tricks={"re": 12, "kontra": 0}),
    "heart-trick": summary("normal", [0, 3], 150, heart_trick=True),
}


@pytest.mark.parametrize("case", list(TRIGGER_CASES))
def test_each_trigger_is_found_exactly_once(case: str) -> None:
    data = TRIGGER_CASES[case]
    outcome = score(summary_from_json(data))
    expected = "solo-lost" if case == "silent wedding lost" else case
    assert triggers(bock_rules(ALL), outcome) == [expected]
    # only the triggers the table plays with count
    others = [t for t in ALL if t != expected]
    assert triggers(bock_rules(others), outcome) == []
    assert triggers(PRESETS["ddv"], outcome) == []


def test_an_ordinary_deal_and_a_won_solo_start_nothing() -> None:
    for data in (summary("normal", [0, 1], 150), summary("solo:jacks", [2], 160)):
        assert triggers(bock_rules(ALL), score(summary_from_json(data))) == []


def test_a_redeal_neither_triggers_nor_uses_up_a_bock_deal() -> None:
    rules = bock_rules(ALL)
    redeal = {"contract": "redeal", "points": [0, 0, 0, 0]}
    assert triggers(rules, redeal) == []
    assert after_deal(rules, 4, (1, 1), redeal) == (1, 1)


def test_heart_trick_found_in_a_played_deal() -> None:
    """A trick of plain Herz only, found in real play (and never claimed without one)."""
    rules = bock_rules(["heart-trick"])
    found = missing = 0
    for seed in range(40):
        state = play_cards(start_game(start_series(Settings(rules, 4, 1, seed=seed))), {})
        plain_hearts = any(
            all(state.order.follows[c] == "H" for c in t.cards) for t in state.tricks
        )
        outcome = result(state)
        assert (outcome.get("heart_trick") is True) == plain_hearts
        assert triggers(rules, outcome) == (["heart-trick"] if plain_hearts else [])
        found += plain_hearts
        missing += not plain_hearts
    assert found and missing


# -- the doubled score ---------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2])
def test_bock_multiplies_every_seat_after_the_solo_factor(level: int) -> None:
    data = summary("solo:queens", [0], 100, announcements={"kontra": ["kontra"]})
    plain = score(summary_from_json(data))
    doubled = score(summary_from_json({**data, "bock": level}))
    assert plain["points"] == [-9, 3, 3, 3] and "bock" not in plain
    assert doubled["points"] == [p * 2**level for p in plain["points"]]
    assert doubled["bock"] == level
    line = doubled["lines"][-1]
    assert line == {
        "item": "bock",
        "party": "kontra",
        "points": 3 * (2**level - 1),
        "factor": 2**level,
    }
    assert doubled["lines"][:-1] == plain["lines"]
    assert net(doubled["lines"], "kontra") == 3 * 2**level


@pytest.mark.parametrize("bad", [-1, 31, "1", 1.5, True])
def test_a_bad_bock_in_a_summary_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="bock must be a whole number from 0 to 30"):
        summary_from_json({**summary("normal", [0, 1], 150), "bock": bad})


def test_a_game_record_carries_its_bock() -> None:
    rules = bock_rules(["tie"])
    state = play_cards(new_game(rules, start_game(start_series(Settings(rules, 4, 1))).dealt), {})
    record = {**record_of(state), "bock": 2}
    again = replay(record)
    assert again.bock == 2 and record_of(again)["bock"] == 2
    assert result(again)["points"] == [p * 4 for p in result(state)["points"]]
    assert "bock" not in record_of(state)
    for bad in (-1, 31, "2", None):
        with pytest.raises(ValueError, match="bock must be a whole number"):
            replay({**record, "bock": bad})


# -- series ------------------------------------------------------------------------


def announce_both(state: GameState) -> GameState:
    """At the first card: one Re seat says Re, one Kontra seat says Kontra."""
    state = play_cards_until_play(state)
    re = state.re_party[0]
    kontra = next(s for s in state.active if s not in state.re_party)
    return apply(apply(state, parse(f"{re}:re")), parse(f"{kontra}:kontra"))


def play_cards_until_play(state: GameState) -> GameState:
    while state.phase == "reservations":
        state = apply(state, parse(f"{state.to_act}:healthy"))
    return state


def next_deal(series: Series, words: dict[int, str] | None = None, both: bool = False) -> Series:
    state = start_game(series)
    if both:
        state = announce_both(state)
    return record_game(series, play_cards(state, words or {}))


def unbocked(state: GameState) -> list[int]:
    """The deal's points as if it were not a bock deal."""
    if state.contract == "redeal":
        return [0] * state.players
    return list(score(summarize(state._replace(bock=0)))["points"])


def lost_solo_then_re_kontra(stack: str) -> Series:
    """Deal 0 a lost Pflichtsolo (seat 1), deal 1 Re and Kontra both said, then twelve
    deals in which nobody announces; deal 4 is a silent Hochzeit (seat 3), lost."""
    rules = bock_rules(["solo-lost", "re-kontra"], bock_stack=stack)
    series = next_deal(start_series(Settings(rules, 4, 4)), {1: "solo:jacks"})
    assert sheet(series)[0]["winner"] == "kontra" and sheet(series)[0]["duty_solo"]
    series = next_deal(series, both=True)
    for _ in range(12):
        series = next_deal(series)
    rows = sheet(series)
    assert [triggers(rules, r) for r in rows if triggers(rules, r)] == [
        ["solo-lost"],
        ["re-kontra"],
        ["solo-lost"],
    ]
    assert rows[4]["contract"] == "silent-wedding" and rows[4]["winner"] == "kontra"
    return series


@pytest.mark.parametrize(
    ("stack", "levels", "running"),
    [
        # queue: the solo's round (deals 1-4), then the Re/Kontra round (5-8), then the
        # silent Hochzeit's (9-12)
        (
            "queue",
            [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0],
            [
                [1, -3, 1, 1],
                [11, 7, -9, -9],
                [9, 9, -11, -7],
                [7, 11, -9, -9],
                [11, 15, -5, -21],
                [15, 11, -1, -25],
                [23, 3, 7, -33],
                [15, 11, -1, -25],
                [7, 3, 7, -17],
                [-1, 11, 15, -25],
                [-5, 7, 19, -21],
                [-13, -1, 27, -13],
                [-15, 1, 29, -15],
                [-12, -2, 32, -18],
            ],
        ),
        # double: the Re/Kontra round (2-5) runs inside the solo's (1-4): x4 in 2-4;
        # the silent Hochzeit's round (5-8) starts inside it: x4 in 5
        (
            "double",
            [0, 1, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0],
            [
                [1, -3, 1, 1],
                [11, 7, -9, -9],
                [7, 11, -13, -5],
                [3, 15, -9, -9],
                [11, 23, -1, -33],
                [19, 15, 7, -41],
                [27, 7, 15, -49],
                [19, 15, 7, -41],
                [11, 7, 15, -33],
                [7, 11, 19, -37],
                [5, 9, 21, -35],
                [1, 5, 25, -31],
                [0, 6, 26, -32],
                [3, 3, 29, -35],
            ],
        ),
    ],
)
def test_series_bock_rounds_with_exact_running_totals(
    stack: str, levels: list[int], running: list[list[int]]
) -> None:
    series = lost_solo_then_re_kontra(stack)
    rows = sheet(series)
    assert [r.get("bock", 0) for r in rows] == levels
    assert [g.bock for g in series.games] == levels
    for game, row, level in zip(series.games, rows, levels, strict=True):
        assert row["points"] == [p * 2**level for p in unbocked(game)]
        assert (row["lines"][-1]["item"] == "bock") == (level > 0)
    assert [r["totals"] for r in rows] == running
    assert totals(series) == running[-1]
    assert bock_to_come(series) == {"next": 0, "to_come": 0}


def test_bock_to_come_counts_down() -> None:
    rules = bock_rules(["solo-lost"], bock_rounds=2)
    series = next_deal(start_series(Settings(rules, 4, 3)), {1: "solo:jacks"})
    assert bock_to_come(series) == {"next": 1, "to_come": 8}
    series = next_deal(series)
    assert bock_to_come(series) == {"next": 1, "to_come": 7}
    assert current_deal(series).bock == 1


def five_kings_hands(dealer: int, seat: int) -> list[tuple[Card, ...]]:
    kings = [Card(s, "K") for s in "CSHD"] + [Card("C", "K")]
    rest = deck(48)
    for card in kings:
        rest.remove(card)
    hands: list[tuple[Card, ...]] = []
    for s in range(4):
        mine = kings if s == seat else []
        hands.append(tuple(mine + [rest.pop() for _ in range(12 - len(mine))]))
    return hands


def test_a_thrown_deal_inside_a_bock_round_does_not_use_one_up() -> None:
    rules = bock_rules(["re-kontra"], throw="immediate")
    series = next_deal(start_series(Settings(rules, 4, 3)), both=True)
    assert bock_to_come(series) == {"next": 1, "to_come": 4}
    start = current_deal(series)
    thrown = new_game(
        rules, five_kings_hands(start.dealer, 2), start.dealer, start.owes_duty_solo, None, 1
    )
    series = record_game(series, play_cards(thrown, {2: "throw"}))
    row = sheet(series)[1]
    assert row["contract"] == "redeal" and row["points"] == [0, 0, 0, 0] and "bock" not in row
    assert record_of(series.games[1])["bock"] == 1  # it was dealt as a bock deal
    assert bock_to_come(series) == {"next": 1, "to_come": 4}
    for _ in range(5):
        series = next_deal(series)
    assert [r.get("bock", 0) for r in sheet(series)] == [0, 0, 1, 1, 1, 1, 0]
    assert [g.bock for g in series.games] == [0, 1, 1, 1, 1, 1, 0]
    assert replay_series(json.loads(json.dumps(series_record(series)))).rows == series.rows


def test_five_players_a_round_is_five_played_deals() -> None:
    """A lost solo, then a lost silent Hochzeit (deal 4): two rounds of five deals."""
    rules = bock_rules(["solo-lost"])
    series = next_deal(start_series(Settings(rules, 5, 3)), {1: "solo:jacks"})
    for _ in range(11):
        series = next_deal(series)
    rows = sheet(series)
    assert [triggers(rules, r) != [] for r in rows] == [i in (0, 4) for i in range(12)]
    assert [r.get("bock", 0) for r in rows] == [0] + [1] * 10 + [0]
    for game, row in zip(series.games, rows, strict=True):
        assert row["points"] == [p * 2 ** row.get("bock", 0) for p in unbocked(game)]
        assert row["points"][row["dealer"]] == 0  # the dealer sits out
    assert [r["totals"] for r in rows][-4:] == [
        [0, -1, 15, -1, -13],
        [-4, 3, 19, -1, -17],
        [-8, -1, 23, 3, -17],
        [-8, -4, 20, 6, -14],
    ]


def test_series_record_carries_bock_and_a_wrong_one_is_refused() -> None:
    series = lost_solo_then_re_kontra("double")
    data = json.loads(json.dumps(series_record(series)))
    assert [g.get("bock", 0) for g in data["games"]] == [0, 1, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0]
    assert totals(replay_series(data)) == totals(series)
    data["games"][3]["bock"] = 1
    with pytest.raises(SeriesError) as caught:
        replay_series(data)
    assert str(caught.value) == "game 3: bock is 1, but this deal's bock level is 2"
    del data["games"][3]["bock"]
    data["games"][10]["bock"] = 1
    with pytest.raises(SeriesError, match="game 3: bock is 0, but this deal's bock level is 2"):
        replay_series(data)


def test_a_game_with_the_wrong_bock_does_not_fit_the_series() -> None:
    series = next_deal(start_series(Settings(bock_rules(["solo-lost"]), 4, 3)), {1: "solo:jacks"})
    start = current_deal(series)
    plain = new_game(series.settings.rules, start.hands, start.dealer, start.owes_duty_solo)
    with pytest.raises(SeriesError, match="bock is 0, but this deal's bock level is 1"):
        record_game(series, play_cards(plain, {}))


# -- the page's series and the score keeper (engine api) -------------------------------


def call(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = view_of(json.loads(api.handle(kind, json.dumps(payload))))
    return answer


def test_score_sheet_derives_bock_from_the_deals_entered() -> None:
    rules = bock_rules(["solo-lost", "tie"]).to_json()
    lost_solo = {**summary("solo:queens", [0], 100), "rules": rules}
    plain = {**summary("normal", [0, 1], 150), "rules": rules}
    tie = {**summary("normal", [0, 1], 120), "rules": rules}
    games = [lost_solo, plain, tie, plain, plain, plain, plain, plain, plain, plain]
    answer = call("score_sheet", {"rules": rules, "players": 4, "summaries": games})
    # the solo's round (deals 1-4), then the tie's (5-8)
    assert [g["bock"] for g in answer["games"]] == [0, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    assert [g["result"]["points"][0] for g in answer["games"]] == [-3, 2, -4, 2, 2, 2, 2, 2, 2, 1]
    assert answer["bock"] == {"next": 0, "to_come": 0}
    # a correction: the solo was won after all; the tie's round now starts at deal 3
    fixed = [{**lost_solo, "eyes_re": 160}, *games[1:8]]
    answer = call("score_sheet", {"rules": rules, "players": 4, "summaries": fixed})
    assert [g["bock"] for g in answer["games"]] == [0, 0, 0, 1, 1, 1, 1, 0]
    assert answer["bock"] == {"next": 0, "to_come": 0}
    answer = call("score_sheet", {"rules": rules, "players": 4, "summaries": fixed[:4]})
    assert answer["bock"] == {"next": 1, "to_come": 3}
    # a bock the summary carries is the engine's to decide
    answer = call(
        "score_sheet", {"rules": rules, "players": 4, "summaries": [{**plain, "bock": 3}]}
    )
    assert answer["games"][0]["bock"] == 0 and "bock" not in answer["games"][0]["result"]


def test_score_sheet_heart_trick_from_the_form() -> None:
    rules = bock_rules(["heart-trick"], bock_stack="double").to_json()
    hearts = {**summary("normal", [0, 1], 150), "rules": rules, "heart_trick": True}
    answer = call("score_sheet", {"rules": rules, "players": 4, "summaries": [hearts, hearts]})
    assert [g["bock"] for g in answer["games"]] == [0, 1]
    assert answer["bock"] == {"next": 2, "to_come": 4}


@pytest.mark.parametrize(
    ("summaries", "code", "inner"),
    [
        ("nope", "bock-games", None),
        ([{"contract": "normal"}], "bock-game", "summary-missing-field"),
        (
            [summary("normal", [0, 1], 150, players=5, sitting_out=4)],
            "bock-game",
            "bock-game-rules",
        ),
        (
            [{**summary("normal", [0, 1], 150), "heart_trick": 1}],
            "bock-game",
            "summary-heart-trick",
        ),
    ],
)
def test_score_sheet_refusals_name_the_game(summaries: Any, code: str, inner: str | None) -> None:
    rules = bock_rules(ALL).to_json()
    answer = call("score_sheet", {"rules": rules, "players": 4, "summaries": summaries})
    assert answer["code"] == code
    if inner:
        assert answer["params"]["index"] == 0 and answer["params"]["reason"]["code"] == inner


def test_the_page_series_shows_bock() -> None:
    rules = bock_rules(["solo-lost"])
    seat1_bots: list[str | None] = ["standard", None, "standard", "standard"]
    view = call(
        "new_game",
        {
            "rules": rules.to_json(),
            "seed": 0,
            "seat": 1,
            "bots": seat1_bots,
            "dealer": 0,
            "rounds": 3,
        },
    )
    assert view["bock"] == 0 and view["bock_to_come"] == 0
    state = api.SESSION.table().state
    # seat 1 plays a Pflichtsolo the way the scripted series above does, and loses it
    api.SESSION.table().state = play_cards(state, {1: "solo:jacks"})
    api._finish(api.SESSION.table())
    view = call("view", {})
    assert view["result"]["winner"] == "kontra" and view["bock_to_come"] == 4
    view = call("next_game", {})
    assert view["bock"] == 1 and view["bock_to_come"] == 4
    api.SESSION.table().state = play_cards(api.SESSION.table().state, {})
    api._finish(api.SESSION.table())
    view = call("view", {})
    assert view["result"]["bock"] == 1 and view["sheet"][-1]["bock"] == 1
    assert view["bock_to_come"] == 3
    saved = call("save", {})
    assert saved["series"]["games"][1]["bock"] == 1
    assert call("resume", {"table": saved})["sheet"] == view["sheet"]


# -- command line --------------------------------------------------------------------


def test_cli_series_with_bock_rules_replays(tmp_path: Path) -> None:
    path = tmp_path / "series.json"
    rules = '{"preset":"ddv","options":{"bock":["solo-lost","tie"]}}'
    args = ["series", "--rules", rules, "--rounds", "3", "--seed", "2", "--bots", "standard"]
    out = doko(*args, "--json", "--record", str(path))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["bock_games"] == sum(1 for r in report["sheet"] if r["bock"])
    assert report["bock_games"] > 0
    replayed = doko("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["totals"] == report["totals"]
    assert [r.get("bock", 0) for r in data["sheet"]] == [r["bock"] for r in report["sheet"]]
    text = doko(*args)
    assert text.returncode == 0 and "Bock x2" in text.stdout


def test_cli_score_with_bock_and_a_bad_one() -> None:
    data = summary("solo:queens", [0], 100)
    out = doko("score", "-", stdin=json.dumps({**data, "bock": 1}))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["points"] == [-6, 2, 2, 2]
    out = doko("score", "-", stdin=json.dumps({**data, "bock": "x"}))
    assert out.returncode == 2
    assert out.stderr.strip() == "error: bock must be a whole number from 0 to 30"


def test_cli_series_refuses_an_unknown_trigger() -> None:
    rules = '{"preset":"ddv","options":{"bock":["pigs"]}}'
    out = doko("series", "--rules", rules, "--rounds", "1")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "pigs" in out.stderr


def test_a_share_link_keeps_the_bock_level() -> None:
    from doko.page.links import decode, encode

    rules = bock_rules(["tie"])
    state = play_cards(new_game(rules, start_game(start_series(Settings(rules, 4, 1))).dealt), {})
    record = {**record_of(state), "bock": 3}
    back = decode(encode(record))
    assert back["bock"] == 3 and result(replay(back))["points"] == result(replay(record))["points"]
    assert "bock" not in decode(encode(record_of(state)))


def expected_levels(rules: Rules, seats: int, rows: list[dict[str, Any]]) -> list[int]:
    """The levels a table keeping Bockrunden on paper would write: a tally of deals still
    owed (queue), or one countdown per trigger (double)."""
    owed, countdowns, levels = 0, list[int](), []
    for row in rows:
        if row["contract"] == "redeal":
            levels.append(-1)  # not a played deal: no level of its own
            continue
        if rules.bock_stack == "queue":
            levels.append(1 if owed else 0)
            owed = max(0, owed - 1)
        else:
            levels.append(min(len(countdowns), 30))
            countdowns = [n - 1 for n in countdowns if n > 1]
        for _ in triggers(rules, row):
            owed += rules.bock_rounds * seats
            countdowns.append(rules.bock_rounds * seats)
    return levels


@pytest.mark.parametrize("stack", ["queue", "double"])
@pytest.mark.parametrize("players", [4, 5])
def test_random_series_follow_the_paper_tally(stack: str, players: int) -> None:
    from doko.bots.sim import play_game

    for seed in range(3):
        rules = bock_rules(ALL, bock_stack=stack, bock_rounds=1 + seed, throw="immediate")
        series = start_series(Settings(rules, players, 1 + 2 * seed, seed=seed))
        rng = random.Random(seed)
        bots = ["random" if seed == 0 else "standard"] * players
        while not is_finished(series):
            series = record_game(series, play_game(start_game(series), bots, rng))
        rows = sheet(series)
        levels = expected_levels(rules, players, rows)
        assert [r.get("bock", 0) for r in rows] == [max(0, k) for k in levels]
        for game, row in zip(series.games, rows, strict=True):
            assert row["points"] == [p * 2 ** row.get("bock", 0) for p in unbocked(game)]
            assert sum(row["points"]) == 0
        assert totals(replay_series(json.loads(json.dumps(series_record(series))))) == totals(
            series
        )


def test_double_stops_at_the_highest_level() -> None:
    from doko.game.bock import MAX_LEVEL, add_rounds

    rules = bock_rules(["tie"], bock_stack="double")
    assert add_rounds(rules, (MAX_LEVEL - 1, 1), 4) == (MAX_LEVEL, 2, 1, 1)
    assert add_rounds(rules, (MAX_LEVEL, 1), 1) == (MAX_LEVEL, 1)
    assert add_rounds(bock_rules(["tie"]), (1, 1), 4) == (1,) * 6


def test_bock_deals_left_when_the_series_ends_lapse() -> None:
    """The series keeps its agreed rounds: bock deals still owed at its end are not played."""
    rules = load_rules(
        {
            "preset": "ddv",
            "options": {
                "bock": ["re-kontra"],
                "bock_rounds": 3,
                "duty_solo_rounds": 1,
                "solo_leads": "left",
            },
        }
    )
    series = start_series(Settings(rules, 4, 1))
    series = next_deal(series, both=True)
    for _ in range(3):
        series = next_deal(series)
    # one round of four deals, then the seats owing a Pflichtsolo are vorgeführt
    assert len(sheet(series)) == 4 and series.vorfuehren is not None
    while series.vorfuehren:
        seat = series.vorfuehren[0]
        series = next_deal(series, {seat: "solo:jacks"})
    assert is_finished(series)
    rows = sheet(series)
    assert [r.get("bock", 0) for r in rows] == [0] + [1] * (len(rows) - 1)
    assert bock_to_come(series)["to_come"] == 12 - (len(rows) - 1)


def test_a_bock_level_needs_bockrunden_in_the_rules() -> None:
    plain = {"rules": "ddv", "contract": "normal", "re": [0, 1], "eyes_re": 150, "bock": 1}
    with pytest.raises(ValueError, match="bock is 1, but these rules play without Bockrunden"):
        summary_from_json(plain)
    rules = bock_rules(["tie"])
    state = play_cards(new_game(rules, start_game(start_series(Settings(rules, 4, 1))).dealt), {})
    record = {**record_of(state), "rules": "ddv", "bock": 2}
    with pytest.raises(ValueError, match="bock is 2, but these rules play without Bockrunden"):
        replay(record)


def finished_lost_solo(rounds: int) -> dict[str, Any]:
    """The page's view after a lost Pflichtsolo in the first deal of a series."""
    rules = bock_rules(["solo-lost"]).to_json()
    bots = ["standard", None, "standard", "standard"]
    payload = {"rules": rules, "seed": 0, "seat": 1, "bots": bots, "dealer": 0, "rounds": rounds}
    session = api.Session()
    session.handle("new_game", json.dumps(payload))
    table = session.table()
    table.state = play_cards(table.state, {1: "solo:jacks"})
    api._finish(table)
    return dict(session.view())


def test_the_deal_that_starts_bockrunden_says_so_in_its_view() -> None:
    view = finished_lost_solo(rounds=3)
    assert view["result"]["winner"] == "kontra"
    assert view["bock_started"] == {
        "triggers": ["solo-lost"], "rounds": 1, "deals": 4, "stack": "queue"
    }  # fmt: skip
    # the replay's narration tells the same start
    told = [e["params"] for e in walk(view["record"])["events"] if e["key"] == "bock-trigger"]
    assert told == [view["bock_started"]]


def test_a_running_deal_starts_nothing_yet() -> None:
    session = api.Session()
    rules = bock_rules(["solo-lost"]).to_json()
    session.handle("new_game", json.dumps({"rules": rules, "seed": 0}))
    assert session.view()["bock_started"] is None
