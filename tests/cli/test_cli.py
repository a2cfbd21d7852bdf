"""The command line as outside tools use it (docs/formats.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import doko

ROOT = Path(__file__).resolve().parents[2]
RECORDS = Path(__file__).resolve().parents[1] / "records"


def record(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((RECORDS / name).read_text())


def test_replay_scripted_ddv_game_exact_points() -> None:
    # Re (seats 2, 3) said Re and took 74 Augen; Kontra caught a Fuchs and made Karlchen
    out = doko("replay", str(RECORDS / "ddv_normal_re_announced_lost.json"))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["parties"] == {"re": [2, 3], "kontra": [0, 1]}
    assert result["eyes"] == {"re": 74, "kontra": 166}
    assert result["winner"] == "kontra"
    assert result["points"] == [7, 7, -7, -7]
    assert sorted(s["kind"] for s in result["specials"]) == ["fox", "karlchen"]


def test_replay_unfinished_game_lists_legal_actions() -> None:
    data = record("ddv_normal_re_announced_lost.json")
    data["actions"] = data["actions"][:4]
    out = doko("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 0
    info = json.loads(out.stdout)
    assert info["complete"] is False and info["to_act"] == 0
    assert "0:CA" in info["legal"] and "0:re" not in info["legal"]  # seat 0 is Kontra


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["actions"].__setitem__(6, "2:HK"), 'action 6 "2:HK": seat 2 must follow suit'),
        (lambda d: d["actions"].__setitem__(5, "3:CK"), 'action 5 "3:CK": it is seat 1'),
        (lambda d: d["actions"].__setitem__(4, "0:XX"), 'action 4 "0:XX": unknown action'),
        (lambda d: d["hands"].__setitem__(0, "CA"), "seat 0 holds 1 cards, expected 12"),
        (lambda d: d.__setitem__("rules", "skat"), "unknown preset"),
    ],
)
def test_replay_refuses_bad_records_with_one_line(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = record("ddv_normal_re_announced_lost.json")
    change(data)
    out = doko("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 2
    assert message in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_replay_malformed_json_exits_2() -> None:
    out = doko("replay", "-", stdin='{"rules": "ddv", hands')
    assert out.returncode == 2 and "malformed JSON" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_rules_json_lists_presets_and_options() -> None:
    out = doko("rules", "--json")
    info = json.loads(out.stdout)
    assert set(info["presets"]) == {"berndt", "lockhausen", "ddv", "ohne-neunen", "klassisch"}
    assert all(o["description"] and "default" in o for o in info["options"])


def test_simulate_1000_random_ddv_games_hold_invariants() -> None:
    out = doko("simulate", "--rules", "ddv", "--games", "1000", "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 1000 and report["games_per_second"] > 0
    assert abs(sum(report["mean_points"])) < 1e-6  # zero-sum


def test_simulate_records_replay_to_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    out = doko(
        "simulate",
        "--rules",
        "lockhausen",
        "--games",
        "30",
        "--seed",
        "5",
        "--bots",
        "standard,random,standard,random",
        "--records",
        str(path),
    )
    assert out.returncode == 0, out.stderr
    for line in path.read_text().splitlines():
        game = json.loads(line)
        again = doko("replay", "-", stdin=json.dumps(game["record"]))
        assert json.loads(again.stdout) == game["result"]


def test_match_reports_each_bot_and_the_paired_difference() -> None:
    args = ("match", "--rules", "ddv", "--games", "12", "--seed", "5")
    out = doko(*args, "--bots", "standard,random", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    first, second = report["bots"]
    assert [first["spec"], second["spec"]] == ["standard", "random"]
    assert first["mean"] == -second["mean"]  # ddv is zero-sum, each bot sat every seat
    assert report["difference"]["mean"] == pytest.approx(2 * first["mean"], abs=0.002)
    low, high = report["difference"]["ci95"]
    assert low <= report["difference"]["mean"] <= high
    # the same deals and games in two processes
    parallel = json.loads(doko(*args, "--bots", "standard,random", "--json", "--jobs", "2").stdout)
    assert [b["mean"] for b in parallel["bots"]] == [first["mean"], second["mean"]]
    assert doko(*args, "--bots", "standard,genius").returncode == 2
