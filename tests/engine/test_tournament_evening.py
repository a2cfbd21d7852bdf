"""A tournament evening kept by hand: the draw from a seed, each table's sheet
checked by the engine, the standings (doko.table.evening, the api, the command line)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.game.errors import TournamentError
from doko.game.rules import PRESETS
from doko.table.draw import draw_round, ranking
from doko.table.evening import check_sheet, standings
from tourney_data import sheet

ROOT = Path(__file__).resolve().parents[2]
LOCKHAUSEN = PRESETS["lockhausen"]
UNSEATABLE = {6, 7, 11}  # no sum of 4s and 5s


def call(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload)))
    return answer


@pytest.mark.parametrize("entrants", range(4, 41))
def test_every_entrant_is_seated_once_per_table_round(entrants: int) -> None:
    players = [10 + 3 * i for i in range(entrants)]  # ids need not be 1..N
    if entrants in UNSEATABLE:
        with pytest.raises(TournamentError) as err:
            draw_round(LOCKHAUSEN, players, 5, 1)
        assert err.value.code == "tournament-seating"
        return
    for number in (1, 2, 3):
        tables = draw_round(LOCKHAUSEN, players, 5, number)
        assert {len(t) for t in tables} <= {4, 5}
        assert Counter(p for t in tables for p in t) == Counter(players)
        assert sum(len(t) == 5 for t in tables) <= 3  # tables of five only where needed


def test_the_seed_reproduces_the_draw_and_each_round_is_drawn_anew() -> None:
    players = list(range(1, 14))
    first = [draw_round(LOCKHAUSEN, players, 42, n) for n in (1, 2, 3)]
    again = [draw_round(LOCKHAUSEN, list(reversed(players)), 42, n) for n in (1, 2, 3)]
    assert first == again  # the order the names were typed in does not matter
    assert first[0] != first[1] != first[2]
    assert draw_round(LOCKHAUSEN, players, 43, 1) != first[0]


@pytest.mark.parametrize("entrants", [0, 1, 3])
def test_fewer_than_four_are_refused(entrants: int) -> None:
    answer = call(
        "tournament_draw",
        {"rules": "lockhausen", "seed": 1, "round": 1, "players": list(range(1, entrants + 1))},
    )
    assert answer["code"] == "tournament-entrants"


def test_the_api_draws_what_the_engine_draws() -> None:
    players = list(range(1, 14))
    answer = call(
        "tournament_draw", {"rules": "lockhausen", "seed": 9, "round": 2, "players": players}
    )
    assert answer["tables"] == draw_round(LOCKHAUSEN, players, 9, 2)
    assert [len(t) for t in answer["tables"]] == [4, 4, 5]


def evening(entrants: int = 13, seed: int = 3) -> dict[str, Any]:
    players = list(range(1, entrants + 1))
    return {
        "id": "t-test",
        "rules": "lockhausen",
        "table_rounds": 2,
        "seed": seed,
        "entrants": [{"id": p, "name": f"P{p}"} for p in players],
        "rounds": [
            {"round": n, "tables": draw_round(LOCKHAUSEN, players, seed, n), "sheets": []}
            for n in (1, 2)
        ],
    }


def filled(tour: dict[str, Any]) -> dict[str, Any]:
    tour = copy.deepcopy(tour)
    for number, rnd in enumerate(tour["rounds"], start=1):
        rnd["sheets"] = [
            sheet(tour, number, table, seed=10 * number + table)
            for table in range(1, len(rnd["tables"]) + 1)
        ]
    return tour


def test_a_good_sheet_gives_each_seat_its_total() -> None:
    tour = evening()
    answer = check_sheet(tour, sheet(tour, 1, 3))
    assert answer["games"] == 10 and len(answer["totals"]) == 5  # a table of five
    assert answer["replaces"] is False
    assert check_sheet(tour, sheet(tour, 1, 1))["games"] == 8


def refusal(tour: dict[str, Any], bad: dict[str, Any]) -> str:
    answer = call("tournament_check_sheet", {"tournament": tour, "sheet": bad})
    assert "error" in answer, answer
    code: str = answer["code"]
    return code


def test_a_sheet_with_a_wrong_player_is_refused() -> None:
    tour = evening()
    bad = sheet(tour, 1, 1)
    bad["players"][2] = tour["rounds"][1]["tables"][0][0] + 100
    assert refusal(tour, bad) == "tournament-sheet-players"


def test_a_sheet_with_a_missing_game_is_refused() -> None:
    tour = evening()
    bad = sheet(tour, 1, 2)
    bad["games"].pop()
    assert refusal(tour, bad) == "tournament-sheet-games"


def test_a_game_the_rules_cannot_score_is_refused_with_its_reason() -> None:
    tour = evening()
    bad = sheet(tour, 1, 1)
    bad["games"][3]["eyes_re"] = 300
    answer = call("tournament_check_sheet", {"tournament": tour, "sheet": bad})
    assert answer["code"] == "tournament-sheet-game"
    assert answer["params"]["game"] == 4 and answer["params"]["reason"]["code"]


def test_at_five_everyone_sits_out_twice() -> None:
    tour = evening()
    bad = sheet(tour, 1, 3)
    bad["games"][0]["sitting_out"] = 1
    bad["games"][0]["re"] = [0, 2]
    assert refusal(tour, bad) == "tournament-sheet-sitting-out"


def test_another_evening_or_table_is_refused() -> None:
    tour = evening()
    other = sheet(tour, 1, 1)
    other["tournament"] = "t-other"
    assert refusal(tour, other) == "tournament-sheet-other"
    nowhere = sheet(tour, 1, 1)
    nowhere["table"] = 9
    assert refusal(tour, nowhere) == "tournament-sheet-table"


def test_a_duplicate_is_refused_and_a_correction_says_what_changed() -> None:
    tour = evening()
    first = sheet(tour, 1, 1)
    tour["rounds"][0]["sheets"] = [first]
    assert refusal(tour, copy.deepcopy(first)) == "tournament-sheet-duplicate"
    fixed = copy.deepcopy(first)
    fixed["games"][5]["eyes_re"] = 240 - fixed["games"][5]["eyes_re"]
    answer = check_sheet(tour, fixed)
    assert answer["replaces"] is True and answer["changed"] == [6]


def test_standings_add_each_players_table_rounds() -> None:
    tour = filled(evening())
    report = call("tournament_standings", {"tournament": tour})
    assert report["complete"] is True
    rows = {r["player"]: r for r in report["ranking"]}
    assert len(rows) == 13
    for number, rnd in enumerate(report["rounds"]):
        for table in rnd["tables"]:
            for seat, player in enumerate(table["players"]):
                assert rows[player]["rounds"][number] == table["totals"][seat]
    for row in rows.values():
        assert row["total"] == sum(row["rounds"])
    # the engine's own table sums to zero per game at lockhausen (a zero-sum sheet)
    assert sum(r["total"] for r in rows.values()) == 0


def test_standings_before_the_sheets_are_in() -> None:
    tour = evening()
    tour["rounds"][0]["sheets"] = [sheet(tour, 1, 1)]
    report = standings(tour)
    assert report["complete"] is False
    assert [t["totals"] is None for t in report["rounds"][0]["tables"]] == [False, True, True]
    seated = set(tour["rounds"][0]["tables"][0])
    for row in report["ranking"]:
        assert (row["rounds"][0] is None) == (row["player"] not in seated)


def test_ties_share_a_rank() -> None:
    rows = ranking({1: 5, 2: 9, 3: 5, 4: -2, 5: 9})
    assert [(r["player"], r["rank"]) for r in rows] == [(2, 1), (5, 1), (1, 3), (3, 3), (4, 5)]
    tour = evening(entrants=8)
    tour["rounds"] = tour["rounds"][:1]
    report = standings(tour)  # nobody has points yet: everyone shares rank 1
    assert {r["rank"] for r in report["ranking"]} == {1}
    assert all(r["tied"] for r in report["ranking"])


def test_the_command_line_ranks_the_same_sheets() -> None:
    tour = filled(evening())
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    out = subprocess.run(
        [sys.executable, "-m", "doko", "tournament-standings", "-", "--json"],
        input=json.dumps({"tournament": tour}),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert json.loads(out.stdout)["ranking"] == standings(tour)["ranking"]
    text = subprocess.run(
        [sys.executable, "-m", "doko", "tournament-standings", "-"],
        input=json.dumps(tour),
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert text.startswith("table round 1:\n  table 1: players ")
    assert "ranking:\n" in text


def test_the_command_line_refuses_a_bad_sheet_in_one_line() -> None:
    tour = filled(evening())
    tour["rounds"][1]["sheets"][0]["games"].pop()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    out = subprocess.run(
        [sys.executable, "-m", "doko", "tournament-standings", "-"],
        input=json.dumps(tour),
        capture_output=True,
        text=True,
        env=env,
    )
    assert out.returncode == 2
    assert out.stderr == "error: table 1 plays 8 games, the sheet has 7\n"


def test_the_draw_says_how_many_games_each_table_plays() -> None:
    answer = call(
        "tournament_draw",
        {"rules": "lockhausen", "seed": 9, "round": 1, "players": list(range(1, 14))},
    )
    assert answer["games"] == [8, 8, 10]  # two rounds; at five the dealer sits out


@pytest.mark.parametrize(
    "tournament",
    [None, [], {"rules": "lockhausen", "table_rounds": 2}, {"rules": "lockhausen"}],
)
def test_a_malformed_evening_is_refused_with_a_code(tournament: Any) -> None:
    answer = call("tournament_standings", {"tournament": tournament})
    assert answer["code"] in ("tournament-data", "tournament-rounds")


def test_six_seven_and_eleven_cannot_be_seated() -> None:
    for count in (6, 7, 11):
        answer = call(
            "tournament_draw",
            {"rules": "lockhausen", "seed": 1, "round": 1, "players": list(range(count))},
        )
        assert answer["code"] == "tournament-seating"
        assert answer["params"] == {"entrants": count}


def test_the_tables_must_be_the_draw_of_the_seed() -> None:
    tour = filled(evening())
    first, second = tour["rounds"][0]["tables"][:2]
    first[0], second[0] = second[0], first[0]  # two players swapped tables
    answer = call("tournament_standings", {"tournament": tour})
    assert answer["code"] == "tournament-draw"
    assert answer["params"] == {"round": 1, "seed": 3}


def test_an_evening_with_house_rules_takes_only_sheets_of_those_rules() -> None:
    variant = {"preset": "lockhausen", "options": {"specials": ["fox", "doppelkopf"]}}
    tour = evening()
    tour["rules"] = variant
    good = sheet(tour, 1, 1)
    assert good["games"][0]["rules"] == variant
    assert check_sheet(tour, good)["games"] == 8
    plain = copy.deepcopy(good)
    plain["rules"] = "lockhausen"
    assert refusal(tour, plain) == "tournament-sheet-rules"
    games_plain = copy.deepcopy(good)
    games_plain["games"][3]["rules"] = "lockhausen"
    assert refusal(tour, games_plain) == "tournament-sheet-game"
    assert standings(tour)["rules"] == variant
