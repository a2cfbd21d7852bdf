"""Targeted scoring cases for each system, and the refusals of summary_from_json."""

from __future__ import annotations

from typing import Any

import pytest

from doko.game.rules import load_rules
from doko.game.scoring import Summary, goals, score
from doko.game.summary import complete_announcements, summary_from_json


def summary(rules: Any, eyes_re: int, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "rules": rules,
        "contract": "normal",
        "re": [0, 2],
        "eyes_re": eyes_re,
        "announcements": {"re": [], "kontra": []},
        "specials": [],
    }
    data.update(fields)
    return data


def play(
    rules: Any,
    eyes_re: int,
    re_words: tuple[str, ...] = (),
    kontra_words: tuple[str, ...] = (),
    specials: tuple[tuple[str, str], ...] = (),
    **fields: Any,
) -> dict[str, Any]:
    data = summary(rules, eyes_re, **fields)
    data["announcements"] = {"re": list(re_words), "kontra": list(kontra_words)}
    data["specials"] = [{"kind": k, "party": p} for k, p in specials]
    return score(summary_from_json(data))


def lines(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(x["item"], x["party"], x["points"]) for x in result["lines"]]


# ---------------------------------------------------------------------------
# ddv


def test_ddv_120_120_kontra_wins() -> None:
    result = play("ddv", 120)
    assert result["winner"] == "kontra"
    assert lines(result) == [("won", "kontra", 1), ("against-the-old", "kontra", 1)]
    assert result["points"] == [-2, 2, -2, 2]


def test_ddv_only_kontra_announced_120_120_re_wins() -> None:
    result = play("ddv", 120, kontra_words=("kontra",))
    assert result["winner"] == "re"
    assert lines(result) == [("won", "re", 1), ("kontra-announced", "re", 2)]
    assert result["points"] == [3, -3, 3, -3]


def test_ddv_kontra_announced_needs_121() -> None:
    assert play("ddv", 119, kontra_words=("kontra",))["winner"] == "kontra"
    assert play("ddv", 120, re_words=("re",), kontra_words=("kontra",))["winner"] == "kontra"


def test_ddv_re_no90_lost_at_kontra_90() -> None:
    result = play("ddv", 150, re_words=("no90",))
    assert result["announcements"]["re"] == ["re", "no90"]
    assert result["winner"] == "kontra"
    assert lines(result) == [
        ("won", "kontra", 1),
        ("against-the-old", "kontra", 1),
        ("re-announced", "kontra", 2),
        ("no90-announced", "kontra", 1),
    ]
    assert result["points"] == [-5, 5, -5, 5]


def test_ddv_re_no90_reached() -> None:
    result = play("ddv", 151, re_words=("re", "no90"))
    assert result["winner"] == "re"
    assert lines(result) == [
        ("won", "re", 1),
        ("re-announced", "re", 2),
        ("no90-announced", "re", 1),
        ("no90", "re", 1),
    ]
    assert result["points"] == [5, -5, 5, -5]


def test_ddv_kontra_absage_lowers_re_goal() -> None:
    # Kontra says keine 90: Re needs only 90 Augen; Kontra reached 120 against nothing.
    result = play("ddv", 90, kontra_words=("no90",))
    assert result["winner"] == "re"
    assert lines(result) == [
        ("won", "re", 1),
        ("kontra-announced", "re", 2),
        ("no90-announced", "re", 1),
    ]


def test_ddv_120_against_no90_for_the_winner() -> None:
    result = play("ddv", 120, re_words=("no90",))
    assert result["winner"] == "kontra"
    assert ("120-against-no90", "kontra", 1) in lines(result)
    assert result["points"] == [-6, 6, -6, 6]


def test_ddv_losers_below_levels() -> None:
    result = play("ddv", 215, tricks={"re": 11, "kontra": 1})
    assert lines(result) == [
        ("won", "re", 1),
        ("no90", "re", 1),
        ("no60", "re", 1),
        ("no30", "re", 1),
    ]
    black = play("ddv", 240, tricks={"re": 12, "kontra": 0})
    assert black["points"] == [5, -5, 5, -5]


def test_ddv_solo_with_re_said_is_tripled() -> None:
    result = play("ddv", 130, re_words=("re",), contract="solo:queens", re=[1])
    assert lines(result) == [("won", "re", 1), ("re-announced", "re", 2)]
    assert result["parties"] == {"re": [1], "kontra": [0, 2, 3]}
    assert result["points"] == [-3, 9, -3, -3]


def test_ddv_solo_lost_no_against_the_old() -> None:
    result = play("ddv", 100, contract="solo:clubs", re=[3])
    assert lines(result) == [("won", "kontra", 1)]
    assert result["points"] == [1, 1, 1, -3]


def test_ddv_nobody_wins_only_own_party_points() -> None:
    # Both say keine 90 and both miss: only Re's 140 against Kontra's keine 90 counts.
    result = play("ddv", 140, re_words=("re", "no90"), kontra_words=("kontra", "no90"))
    assert result["winner"] == "none"
    assert lines(result) == [("120-against-no90", "re", 1)]
    assert result["points"] == [1, -1, 1, -1]


def test_ddv_against_the_old_by_contract() -> None:
    assert ("against-the-old", "kontra", 1) in lines(play("ddv", 100, contract="wedding"))
    assert lines(play("ddv", 100, contract="silent-wedding", re=[0])) == [("won", "kontra", 1)]
    poverty = load_rules({"preset": "ohne-neunen", "options": {"against_old_in_poverty": True}})
    assert ("against-the-old", "kontra", 1) in lines(
        play(poverty.to_json(), 100, contract="poverty")
    )
    assert lines(play("ohne-neunen", 100, contract="poverty")) == [("won", "kontra", 1)]


def test_ddv_sonderpunkte_netted() -> None:
    result = play("ddv", 130, specials=(("fox", "kontra"), ("doppelkopf", "kontra")))
    assert lines(result)[-2:] == [("fox", "kontra", 1), ("doppelkopf", "kontra", 1)]
    assert result["points"] == [-1, 1, -1, 1]


def test_ddv_five_players_dealer_scores_zero() -> None:
    result = play("ddv", 130, players=5, sitting_out=4, re=[1, 3])
    assert result["parties"] == {"re": [1, 3], "kontra": [0, 2]}
    assert result["points"] == [-1, 1, -1, 1, 0]


# ---------------------------------------------------------------------------
# lockhausen


def test_lockhausen_re_and_contra_double_twice() -> None:
    result = play("lockhausen", 130, re_words=("re",), kontra_words=("kontra",))
    assert lines(result) == [
        ("won", "re", 1),
        ("doubled-re", "re", 1),
        ("doubled-kontra", "re", 2),
    ]
    assert result["points"] == [4, -4, 4, -4]


def test_lockhausen_limit_does_not_imply_re() -> None:
    result = play("lockhausen", 190, re_words=("no60",))
    assert result["announcements"]["re"] == ["no90", "no60"]
    assert lines(result) == [
        ("won", "re", 1),
        ("no90-announced", "re", 1),
        ("no90-reached", "re", 1),
        ("no60-announced", "re", 1),
        ("no60-reached", "re", 1),
    ]
    assert result["points"] == [5, -5, 5, -5]


def test_lockhausen_missed_limit_counts_for_the_other_side() -> None:
    result = play("lockhausen", 140, re_words=("no90",))
    assert result["winner"] == "kontra"
    assert lines(result) == [
        ("won", "kontra", 1),
        ("against-the-old", "kontra", 1),
        ("no90-announced", "kontra", 1),
        ("no90-missed", "kontra", 1),
    ]
    assert result["points"] == [-4, 4, -4, 4]


def test_lockhausen_both_missed() -> None:
    # Re: Re + keine 60; Kontra: keine 30. Re 100, Kontra 140: both miss everything.
    result = play("lockhausen", 100, re_words=("re", "no60"), kontra_words=("no30",))
    assert result["winner"] == "none"
    assert lines(result) == [
        ("no90-announced", "re", 1),
        ("no90-missed", "re", 1),
        ("no60-announced", "re", 1),
        ("no60-missed", "re", 1),
        ("no30-announced", "re", 1),
        ("no30-missed", "re", 1),
        ("no90-announced", "kontra", 1),
        ("no90-missed", "kontra", 1),
        ("no60-announced", "kontra", 1),
        ("no60-missed", "kontra", 1),
        ("doubled-re", "re", 2),
    ]
    assert result["points"] == [4, -4, 4, -4]


def test_lockhausen_both_missed_only_missed_limits_count() -> None:
    # Re keine 60 (keine 90 reached, keine 60 missed); Kontra keine 90 missed.
    result = play("lockhausen", 170, re_words=("no60",), kontra_words=("no90",))
    assert result["winner"] == "none"
    assert lines(result) == [
        ("no90-announced", "re", 1),
        ("no90-missed", "re", 1),
        ("no60-announced", "kontra", 1),
        ("no60-missed", "kontra", 1),
    ]
    assert result["points"] == [0, 0, 0, 0]


def test_lockhausen_sonderpunkte_not_doubled() -> None:
    result = play(
        "lockhausen",
        130,
        re_words=("re",),
        specials=(("fox", "re"), ("heart-trick", "re"), ("doppelkopf", "kontra")),
    )
    assert lines(result) == [
        ("won", "re", 1),
        ("doubled-re", "re", 1),
        ("fox", "re", 1),
        ("heart-trick", "re", 1),
        ("doppelkopf", "kontra", 1),
    ]
    assert result["points"] == [3, -3, 3, -3]


def test_lockhausen_negative_value_flips_signs() -> None:
    result = play("lockhausen", 125, specials=(("fox", "kontra"), ("doppelkopf", "kontra")))
    assert result["winner"] == "re"
    assert result["points"] == [-1, 1, -1, 1]


def test_lockhausen_soloist_x3_with_sonderpunkte() -> None:
    result = play(
        "lockhausen", 150, contract="solo:diamonds", re=[0], specials=(("doppelkopf", "re"),)
    )
    assert lines(result) == [("won", "re", 1), ("doppelkopf", "re", 1)]
    assert result["points"] == [6, -2, -2, -2]


def test_lockhausen_120_120_against_the_old() -> None:
    result = play("lockhausen", 120)
    assert lines(result) == [("won", "kontra", 1), ("against-the-old", "kontra", 1)]


def test_lockhausen_unannounced_levels_option() -> None:
    assert play("lockhausen", 200)["points"] == [1, -1, 1, -1]
    rules = {"preset": "lockhausen", "options": {"unannounced_levels": True}}
    result = play(rules, 200, re_words=("no90",))
    assert lines(result) == [
        ("won", "re", 1),
        ("no90-announced", "re", 1),
        ("no90-reached", "re", 1),
        ("no60", "re", 1),
    ]


def test_lockhausen_five_players() -> None:
    result = play("lockhausen", 130, players=5, sitting_out=0, re=[1, 2])
    assert result["points"] == [0, 1, 1, -1, -1]


# ---------------------------------------------------------------------------
# berndt


def test_berndt_black_is_a_level() -> None:
    result = play("berndt", 240, tricks={"re": 10, "kontra": 0})
    assert [x[0] for x in lines(result)] == ["won", "no90", "no60", "no30", "black"]
    assert result["points"] == [50, 0, 50, 0]


def test_berndt_five_players_dealer_zero() -> None:
    result = play("berndt", 44, players=5, sitting_out=2, re=[0, 1])
    assert result["points"] == [-30, -30, 0, 30, 30]


def test_berndt_lone_wedding_keeps_all_sonderpunkte() -> None:
    result = play("berndt", 130, contract="silent-wedding", re=[3], specials=(("fox", "re"),))
    assert result["points"] == [0, 0, 0, 60]


# ---------------------------------------------------------------------------
# klassisch


def test_klassisch_plain_win_and_120() -> None:
    assert play("klassisch", 121)["points"] == [1, -1, 1, -1]
    assert play("klassisch", 120)["points"] == [-1, 1, -1, 1]


def test_klassisch_schneider_below_60() -> None:
    result = play("klassisch", 181)
    assert lines(result) == [("won", "re", 1), ("schneider", "re", 1)]
    assert play("klassisch", 180)["points"] == [1, -1, 1, -1]
    lost = play("klassisch", 59)
    assert lines(lost) == [("won", "kontra", 1), ("schneider", "kontra", 1)]
    assert lost["points"] == [-2, 2, -2, 2]


def test_klassisch_schwarz() -> None:
    result = play("klassisch", 240, tricks={"re": 12, "kontra": 0})
    assert lines(result) == [("won", "re", 1), ("schneider", "re", 1), ("black", "re", 1)]
    assert result["points"] == [3, -3, 3, -3]


def test_klassisch_sonderpunkte_netted() -> None:
    result = play("klassisch", 130, specials=(("fox", "re"), ("fox", "re"), ("karlchen", "kontra")))
    assert result["points"] == [2, -2, 2, -2]


def test_klassisch_solo_tripled() -> None:
    result = play("klassisch", 100, contract="solo:spades", re=[2])
    assert result["points"] == [1, 1, -3, 1]


def test_klassisch_five_players_sitting_out_scores_as_kontra() -> None:
    result = play("klassisch", 190, players=5, sitting_out=4, re=[0, 2])
    assert result["points"] == [2, -2, 2, -2, -2]
    solo = play("klassisch", 100, players=5, sitting_out=1, re=[0], contract="solo:jacks")
    assert solo["points"] == [-3, 1, 1, 1, 1]
    zero = {"preset": "klassisch", "options": {"sitting_out": "zero"}}
    assert play(zero, 190, players=5, sitting_out=4)["points"] == [2, -2, 2, -2, 0]


# ---------------------------------------------------------------------------
# Direct use, announcements, extras


def test_score_direct_summary_and_extra() -> None:
    direct = Summary(
        rules=load_rules("ohne-neunen"),
        contract="poverty",
        players=4,
        re=(1, 2),
        sitting_out=None,
        eyes_re=0,
        tricks_re=None,
        tricks_kontra=None,
        announcements={"re": (), "kontra": ()},
        specials=(),
        extra={"poverty": {"giver": 1, "taker": 2, "trumps_returned": 1}},
    )
    result = score(direct)
    assert result["winner"] == "kontra"
    assert [x["item"] for x in result["lines"]] == ["won", "no90", "no60", "no30", "black"]
    assert result["poverty"] == {"giver": 1, "taker": 2, "trumps_returned": 1}


def test_complete_announcements() -> None:
    ddv, lock, berndt = load_rules("ddv"), load_rules("lockhausen"), load_rules("berndt")
    assert complete_announcements(ddv, "kontra", ["no60"]) == ("kontra", "no90", "no60")
    assert complete_announcements(ddv, "re", ["black", "re"]) == (
        "re",
        "no90",
        "no60",
        "no30",
        "black",
    )
    assert complete_announcements(lock, "re", ["no60"]) == ("no90", "no60")
    assert complete_announcements(lock, "kontra", ["kontra"]) == ("kontra",)
    assert complete_announcements(berndt, "re", []) == ()
    for rules, party, words in [
        (berndt, "re", ["re"]),
        (ddv, "re", ["kontra"]),
        (ddv, "re", ["no120"]),
        (ddv, "A", ["re"]),
    ]:
        with pytest.raises(ValueError):
            complete_announcements(rules, party, words)


# ---------------------------------------------------------------------------
# Refusals


REFUSALS: list[tuple[str, Any, str]] = [
    ("not an object", [1, 2], "object"),
    ("unknown field", summary("ddv", 130, eye_re=3), "eye_re"),
    ("missing field", {"rules": "ddv", "contract": "normal", "re": [0, 2]}, "eyes_re"),
    ("unknown preset", summary("skat", 130), "skat"),
    ("bad option", summary({"preset": "ddv", "options": {"nope": 1}}, 130), "nope"),
    ("augen above 240", summary("ddv", 241), "eyes_re"),
    ("augen below 0", summary("ddv", -1), "eyes_re"),
    ("augen not a number", summary("ddv", "130"), "eyes_re"),
    ("zero augen without tricks", summary("ddv", 0), "tricks"),
    ("240 augen without tricks", summary("ddv", 240), "tricks"),
    ("tricks do not add up", summary("ddv", 130, tricks={"re": 6, "kontra": 5}), "12"),
    ("augen but no trick", summary("ddv", 230, tricks={"re": 12, "kontra": 0}), "no trick"),
    (
        "40 cards: tricks without augen",
        summary("berndt", 240, tricks={"re": 9, "kontra": 1}),
        "kontra",
    ),
    ("unknown contract", summary("ddv", 130, contract="ramsch"), "ramsch"),
    (
        "solo the preset lacks",
        summary("berndt", 130, contract="solo:hearts", re=[0]),
        "solo:hearts",
    ),
    ("poverty the preset lacks", summary("ddv", 130, contract="poverty"), "poverty"),
    ("soloist with a partner", summary("ddv", 130, contract="solo:queens", re=[0, 1]), "alone"),
    ("lone wedding with a partner", summary("berndt", 130, contract="silent-wedding"), "alone"),
    ("normal game with one re seat", summary("ddv", 130, re=[0]), "two re seats"),
    ("seat out of range", summary("ddv", 130, re=[0, 4]), "seat 4"),
    ("seat named twice", summary("ddv", 130, re=[1, 1]), "twice"),
    ("re not a list", summary("ddv", 130, re="0,2"), "list"),
    ("sitting out at four", summary("ddv", 130, players=4, sitting_out=3), "sitting_out"),
    ("five without sitting out", summary("ddv", 130, players=5), "sitting_out"),
    ("sitting-out seat in re", summary("ddv", 130, players=5, sitting_out=2), "sits out"),
    ("sitting out out of range", summary("ddv", 130, players=5, sitting_out=5), "sitting_out"),
    ("table size the preset lacks", summary("ddv", 130, players=6), "6"),
    ("fixed teams: re must be team A", summary("klassisch", 130, players=6), "team A"),
    (
        "fixed teams: no Hochzeit",
        summary("klassisch", 130, players=6, contract="wedding"),
        "not played",
    ),
    (
        "announcement the preset lacks",
        summary("berndt", 130, announcements={"re": ["re"], "kontra": []}),
        "no announcements",
    ),
    (
        "unknown announcement",
        summary("ddv", 130, announcements={"re": ["no120"], "kontra": []}),
        "no120",
    ),
    (
        "announcement of the other party",
        summary("ddv", 130, announcements={"re": ["kontra"], "kontra": []}),
        "kontra",
    ),
    (
        "special the preset lacks",
        summary("ddv", 130, specials=[{"kind": "heart-trick", "party": "re"}]),
        "heart-trick",
    ),
    (
        "special in a ddv solo",
        summary(
            "ddv",
            130,
            contract="solo:diamonds",
            re=[0],
            specials=[{"kind": "doppelkopf", "party": "re"}],
        ),
        "doppelkopf",
    ),
    (
        "fox in a berndt solo",
        summary(
            "berndt",
            130,
            contract="solo:diamonds",
            re=[0],
            specials=[{"kind": "fox", "party": "re"}],
        ),
        "fox",
    ),
    (
        "unknown special party",
        summary("ddv", 130, specials=[{"kind": "fox", "party": "both"}]),
        "party",
    ),
    (
        "fox where the Karo-As is no trump",
        summary(
            "lockhausen",
            130,
            contract="solo:queens",
            re=[0],
            specials=[{"kind": "fox", "party": "re"}],
        ),
        "fox",
    ),
    ("three foxes", summary("ddv", 130, specials=[{"kind": "fox", "party": "re"}] * 3), "fox"),
    (
        "doppelkarl without the option",
        summary("ddv", 130, specials=[{"kind": "karlchen", "party": "re"}] * 2),
        "karlchen",
    ),
    (
        "last trick to both parties",
        summary(
            "berndt",
            130,
            specials=[
                {"kind": "karlchen", "party": "re"},
                {"kind": "karlchen-caught", "party": "kontra"},
            ],
        ),
        "last trick",
    ),
    (
        "special for a party without a trick",
        summary(
            "ddv",
            240,
            tricks={"re": 12, "kontra": 0},
            specials=[{"kind": "fox", "party": "kontra"}],
        ),
        "no trick",
    ),
]


@pytest.mark.parametrize(("name", "data", "word"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_summary_refusals(name: str, data: Any, word: str) -> None:
    with pytest.raises(ValueError) as caught:
        summary_from_json(data)
    message = str(caught.value)
    assert "\n" not in message and message
    assert word in message, message


def test_summary_extra_fields_are_copied() -> None:
    data = summary(
        "ohne-neunen",
        130,
        contract="poverty",
        poverty={"giver": 0, "taker": 2, "trumps_returned": 0},
    )
    result = score(summary_from_json(data))
    assert result["poverty"] == {"giver": 0, "taker": 2, "trumps_returned": 0}


@pytest.mark.parametrize(
    ("players", "eyes_a", "points_a", "winner"),
    [
        (6, 187, 2, "A"),  # won + Schneider (B below 60)
        (6, 120, 0, "draw"),
        (8, 100, -1, "B"),
    ],
)
def test_fixed_team_tables(players: int, eyes_a: int, points_a: int, winner: str) -> None:
    data = {
        "rules": "klassisch",
        "contract": "normal",
        "players": players,
        "re": list(range(0, players, 2)),
        "eyes_re": eyes_a,
    }
    result = score(summary_from_json(data))
    assert result["winner"] == winner
    assert result["parties"]["A"] == list(range(0, players, 2))
    assert result["points"] == [points_a, -points_a] * (players // 2)


def test_fixed_team_solo_pays_one_share_per_opponent() -> None:
    data = {"rules": "klassisch", "contract": "solo:clubs", "players": 8, "re": [3], "eyes_re": 130}
    points = score(summary_from_json(data))["points"]
    assert points[3] == 7 and points.count(-1) == 7


# ---------------------------------------------------------------------------
# goals: what each party needed, for the result panel to explain


def goals_of(
    rules: Any, re_words: tuple[str, ...] = (), kontra_words: tuple[str, ...] = (), **fields: Any
) -> dict[str, Any]:
    data = summary(rules, 140, **fields)
    data["announcements"] = {"re": list(re_words), "kontra": list(kontra_words)}
    return goals(summary_from_json(data))


def test_goals_without_announcements_are_121_and_120() -> None:
    assert goals_of("ddv") == {
        "re": {"eyes": 121, "why": "base"},
        "kontra": {"eyes": 120, "why": "base"},
    }
    assert goals_of("klassisch")["re"] == {"eyes": 121, "why": "base"}


def test_goals_follow_the_highest_limit_said() -> None:
    found = goals_of("ddv", re_words=("re", "no90"))
    # Re must keep Kontra below 90 (151 of 240); Kontra needs 90 against it
    assert found == {
        "re": {"eyes": 151, "why": "own-no90"},
        "kontra": {"eyes": 90, "why": "their-no90"},
    }
    black = goals_of("lockhausen", kontra_words=("kontra", "no90", "no60", "no30", "black"))
    assert black == {
        "re": {"tricks": "one", "why": "their-black"},
        "kontra": {"tricks": "all", "why": "own-black"},
    }


def test_goals_when_only_kontra_said_in_ddv() -> None:
    assert goals_of("ddv", kontra_words=("kontra",)) == {
        "re": {"eyes": 120, "why": "only-kontra-said"},
        "kontra": {"eyes": 121, "why": "only-kontra-said"},
    }


def test_goals_name_the_teams_at_a_fixed_team_table() -> None:
    found = goals_of("klassisch", players=6, re=[0, 2, 4])
    assert set(found) == {"A", "B"}
