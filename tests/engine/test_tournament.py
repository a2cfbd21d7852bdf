"""Bot tournaments at tables of 4 and 5 (lockhausen section 6)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from doko.game.rules import PRESETS
from doko.table.draw import check_entrants, draw_tables, table_sizes
from doko.table.tournament import TournamentError, play_tournament

ROOT = Path(__file__).resolve().parents[2]
LOCKHAUSEN = PRESETS["lockhausen"]


@pytest.mark.parametrize("entrants", range(4, 14))
def test_tables_of_four_and_five_seat_everyone_once(entrants: int) -> None:
    if entrants in (6, 7, 11):  # no sum of 4s and 5s
        with pytest.raises(TournamentError, match="cannot be seated"):
            table_sizes(entrants)
        return
    sizes = table_sizes(entrants)
    assert sum(sizes) == entrants and set(sizes) <= {4, 5}
    for round_seed in range(3):
        tables = draw_tables(entrants, random.Random(round_seed))
        assert [len(t) for t in tables] == sizes
        seated = Counter(p for t in tables for p in t)
        assert seated == Counter(range(1, entrants + 1))


def test_as_few_tables_of_five_as_possible() -> None:
    assert table_sizes(4) == [4]
    assert table_sizes(9) == [4, 5]
    assert table_sizes(10) == [5, 5]
    assert table_sizes(13) == [4, 4, 5]


@pytest.mark.parametrize("entrants", [0, 3, 6, 7, 11])
def test_impossible_entrants_are_refused(entrants: int) -> None:
    with pytest.raises(TournamentError):
        check_entrants(LOCKHAUSEN, entrants, 2)


def test_table_rounds_must_be_two_or_three() -> None:
    with pytest.raises(TournamentError, match="2 or 3"):
        check_entrants(LOCKHAUSEN, 8, 4)


def test_draw_is_new_each_table_round() -> None:
    report = play_tournament(LOCKHAUSEN, 8, 3, seed=1)
    draws = [[t["seats"] for t in r["tables"]] for r in report["rounds"]]
    assert len(draws) == 3 and draws[0] != draws[1]


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return play_tournament(LOCKHAUSEN, 13, 2, seed=7)


def test_every_player_plays_eight_games_per_table(report: dict[str, Any]) -> None:
    for table in (t for r in report["rounds"] for t in r["tables"]):
        size = len(table["seats"])
        # two rounds: every seat deals twice; at five each seat sits out its two deals
        assert table["played"] == [8] * size
        assert table["games"] >= 2 * size  # redeals (throws, refused Trumpfabgabe) on top


def test_ranking_sums_the_table_sheets(report: dict[str, Any]) -> None:
    expected: Counter[int] = Counter()
    for r in report["rounds"]:
        seated = [p for t in r["tables"] for p in t["seats"]]
        assert sorted(seated) == list(range(1, 14))
        for table in r["tables"]:
            assert sum(table["totals"]) == 0  # lockhausen is zero-sum at 4 and 5
            for player, total in zip(table["seats"], table["totals"], strict=True):
                expected[player] += total
    ranking = report["ranking"]
    assert {row["player"]: row["total"] for row in ranking} == {
        p: expected[p] for p in range(1, 14)
    }
    totals = [row["total"] for row in ranking]
    assert totals == sorted(totals, reverse=True)
    for position, row in enumerate(ranking, start=1):
        first_equal = totals.index(row["total"]) + 1
        assert row["rank"] == first_equal <= position


def test_same_seed_same_tournament(report: dict[str, Any]) -> None:
    assert play_tournament(LOCKHAUSEN, 13, 2, seed=7) == report
    assert play_tournament(LOCKHAUSEN, 13, 2, seed=8) != report


def test_ddv_tables_play_their_pflichtsoli() -> None:
    report = play_tournament(PRESETS["ddv"], 9, 2, seed=2)
    for table in (t for r in report["rounds"] for t in r["tables"]):
        # ddv never redeals: 2 rounds plus one Pflichtsolo (played or vorgeführt) per seat
        assert table["games"] == 3 * len(table["seats"])


def doko(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    return subprocess.run(
        [sys.executable, "-m", "doko", *args], text=True, capture_output=True, env=env, timeout=300
    )


def test_cli_tournament_json() -> None:
    out = doko(
        "tournament",
        "--rules",
        "lockhausen",
        "--entrants",
        "9",
        "--table-rounds",
        "2",
        "--seed",
        "3",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data == play_tournament(LOCKHAUSEN, 9, 2, seed=3)
    assert data["ranking"][0]["rank"] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--entrants", "7"], "7 entrants cannot be seated at tables of 4 and 5"),
        (["--entrants", "8", "--table-rounds", "4"], "a tournament has 2 or 3 table rounds"),
        (["--entrants", "x"], "--entrants must be a whole number"),
    ],
)
def test_cli_tournament_bad_input(args: list[str], message: str) -> None:
    out = doko("tournament", "--rules", "lockhausen", *args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {message}")
