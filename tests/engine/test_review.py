"""The deal review: each decision of one seat judged from that seat's view."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from clirun import doko
from doko import api
from doko.bots.review import (
    BOT_WORLDS,
    DEFAULT_BUDGET_MS,
    DEFAULT_WORLDS,
    FEWEST_WORLDS,
    MISTAKE,
    deal_seed,
    duplicate,
    effort_of,
    review_record,
)
from doko.game.actions import Action
from support import view_of

REVIEW = Path(__file__).resolve().parents[1] / "records" / "review"
PLAIN = Path(__file__).resolve().parents[1] / "records" / "ddv_normal_re_announced_lost.json"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REVIEW / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("name", ["dulle-thrown", "lost-absage"])
def test_the_blunder_is_the_largest_loss_and_the_only_mistake(name: str) -> None:
    # the seat played the review bot's own choices but once: that decision must stand out
    deal = fixture(name)
    out = review_record(deal["record"], deal["seat"], 60_000, deal["seed"])
    blunder = deal["blunder"]
    assert out["largest"][0] == blunder
    assert out["mistakes"] == 1
    by_index = {d["index"]: d for d in out["decisions"]}
    assert by_index[blunder]["loss"] >= 4 * MISTAKE
    assert by_index[blunder]["best"] != by_index[blunder]["played"]
    assert by_index[blunder]["largest"] and by_index[blunder]["mistake"]
    assert out["total_loss"] == pytest.approx(sum(d["loss"] for d in out["decisions"]), abs=0.02)


def test_the_thrown_dulle_is_a_card_onto_the_other_partys_trick() -> None:
    deal = fixture("dulle-thrown")
    assert deal["record"]["actions"][deal["blunder"]] == "0:HT"
    assert (
        fixture("lost-absage")["record"]["actions"][fixture("lost-absage")["blunder"]] == "0:no60"
    )


def test_command_line_prints_every_decision_of_the_seat_with_the_documented_keys() -> None:
    record = json.loads(PLAIN.read_text())
    out = doko("review", "--seat", "2", "--seed", "3", str(PLAIN))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert list(data)[:3] == ["seat", "decisions", "total_loss"]
    assert data["seat"] == 2
    own = [i for i, a in enumerate(record["actions"]) if Action.from_str(a).seat == 2]
    assert [d["index"] for d in data["decisions"]] == own
    for d in data["decisions"]:
        assert {"index", "played", "best", "loss"} <= set(d)
        assert d["played"] == record["actions"][d["index"]]
        assert d["loss"] >= 0
    assert data["total_loss"] == pytest.approx(sum(d["loss"] for d in data["decisions"]), abs=0.02)


def test_the_review_is_the_same_on_every_run_and_stdin_works() -> None:
    # seeded from the deal and bounded by counts, not the clock: the output is identical
    text = PLAIN.read_text()
    first = doko("review", "--seat", "0", "-", stdin=text)
    again = doko("review", "--seat", "0", "-", stdin=text)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert any("why" in d for d in json.loads(first.stdout)["decisions"])
    # the worker's steps, one request each (as the page asks), say the same
    record = json.loads(text)
    asked = [
        call("review_step", {"record": record, "seat": 0, "index": d["index"]})
        for d in json.loads(first.stdout)["decisions"]
    ]
    steps = [{k: v for k, v in d.items() if k != "ms"} for d in asked]
    assert steps == [
        {k: v for k, v in d.items() if k not in ("mistake", "largest")}
        for d in json.loads(first.stdout)["decisions"]
    ]


def test_another_deal_draws_other_worlds() -> None:
    record = json.loads(PLAIN.read_text())
    other = {**record, "dealer": record["dealer"]}
    assert deal_seed(record, 0) == deal_seed(other, 0)
    assert deal_seed(record, 0) != deal_seed({**record, "dealer": (record["dealer"] + 1) % 4}, 0)
    assert deal_seed(record, 0) != deal_seed(record, 1)


def test_a_card_that_hands_the_trick_over_says_how_many_augen_went_to_whom() -> None:
    # the Herz Zehn thrown onto a trick the other party takes: the trick and its Augen
    deal = fixture("dulle-thrown")
    out = review_record(deal["record"], deal["seat"], seed=deal["seed"])
    blunder = next(d for d in out["decisions"] if d["index"] == deal["blunder"])
    reasons = {r["code"]: r for r in blunder["why"]["reasons"]}
    assert reasons["eyes-given"]["eyes"] >= 10
    assert reasons["eyes-given"]["party"] == "kontra" != blunder["why"]["party"]
    assert reasons["trick-kept"]["card"] == blunder["best"]
    assert reasons["trick-kept"]["best"] - reasons["trick-kept"]["played"] >= 40
    assert blunder["why"]["eyes"] >= 10
    # a decision that cost nothing gives no reasons
    assert all("why" not in d for d in out["decisions"] if d["loss"] == 0)


@pytest.mark.parametrize("name", ["fox-lost", "trump-for-fehl", "re-not-said"])
def test_deals_a_beginner_played_give_each_kind_of_reason(name: str) -> None:
    # deals played by the beginner bot in seat 0 against three standard bots, kept as
    # records: the Fuchs played onto Re's trick, a trump where a Fehl card was better, a
    # Re not said that mostly wins
    deal = fixture(name)
    out = review_record(deal["record"], deal["seat"], seed=deal["seed"])
    decision = next(d for d in out["decisions"] if d["index"] == deal["blunder"])
    codes = [r["code"] for r in decision["why"]["reasons"]]
    assert deal["reason"] in codes
    if name == "fox-lost":
        assert decision["played"] == "0:DA"
        (lost,) = [r for r in decision["why"]["reasons"] if r["code"] == "special-lost"]
        assert lost == {"code": "special-lost", "kind": "fox", "party": "re"}


def test_a_word_said_and_lost_names_the_augen_the_party_took() -> None:
    deal = fixture("lost-absage")
    out = review_record(deal["record"], deal["seat"], seed=deal["seed"])
    blunder = next(d for d in out["decisions"] if d["index"] == deal["blunder"])
    (lost,) = [r for r in blunder["why"]["reasons"] if r["code"] == "word-lost"]
    assert lost["word"] == "0:no60" and lost["lost"] >= 50
    assert lost["actual"] == 116  # the Augen Kontra took in the deal as played
    assert 0 <= lost["eyes"] <= 240


def test_the_budget_is_a_count_of_worlds_not_a_clock() -> None:
    assert effort_of(1) == effort_of(20) == (FEWEST_WORLDS, FEWEST_WORLDS)
    assert effort_of(DEFAULT_BUDGET_MS) == effort_of(60_000) == (DEFAULT_WORLDS, BOT_WORLDS)
    assert effort_of(DEFAULT_BUDGET_MS // 2).worlds == DEFAULT_WORLDS // 2


@pytest.mark.parametrize(
    ("args", "stdin", "says"),
    [
        (["--seat", "0", "-"], '{"rules": "ddv"', "malformed JSON"),
        (["--seat", "4", "-"], None, "seat must be 0..3"),
        (["--seat", "x", "-"], None, "--seat must be a whole number"),
        (["--seat", "0", "--budget-ms", "0", "-"], None, "--budget-ms must be at least 1"),
        (["-"], None, "required: --seat"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], stdin: str | None, says: str) -> None:
    out = doko("review", *args, stdin=PLAIN.read_text() if stdin is None else stdin)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr
    assert "Traceback" not in out.stderr


def test_an_illegal_action_in_the_record_is_named() -> None:
    record = json.loads(PLAIN.read_text())
    record["actions"][6] = "3:CQ"
    out = doko("review", "--seat", "0", "-", stdin=json.dumps(record))
    assert out.returncode == 2
    assert out.stderr.startswith("error: action 6")


def test_the_same_cards_in_stronger_hands_replays_the_deal() -> None:
    deal = fixture("dulle-thrown")
    out = duplicate(deal["record"], 0, [None, "standard", "standard", "standard"], seed=1)
    replayed = out["record"]
    assert replayed["hands"] == deal["record"]["hands"]
    assert replayed["dealer"] == deal["record"]["dealer"]
    assert isinstance(out["bot_points"], int)
    assert out["played_points"] == replay_points(deal["record"])[0]
    assert out["bot_points"] == replay_points(replayed)[0]
    assert replayed["actions"] != deal["record"]["actions"]
    assert duplicate(deal["record"], 0, [None, "standard", "standard", "standard"], seed=1) == out


def replay_points(record: dict[str, Any]) -> list[int]:
    out = doko("replay", "-", stdin=json.dumps(record))
    assert out.returncode == 0, out.stderr
    points: list[int] = json.loads(out.stdout)["points"]
    return points


def call(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = view_of(json.loads(api.handle(kind, json.dumps(payload))))
    return answer


def test_worker_requests_review_one_decision_at_a_time() -> None:
    deal = fixture("lost-absage")
    record, blunder = deal["record"], deal["blunder"]
    indices = call("review_start", {"record": record, "seat": 0})["indices"]
    assert blunder in indices
    payload = {"record": record, "seat": 0, "budget_ms": 60_000, "seed": 7}
    steps = [call("review_step", {**payload, "index": i}) for i in indices]
    summary = call("review_summary", {"seat": 0, "decisions": steps})
    assert summary["largest"][0] == blunder
    assert summary == review_record(record, 0, 60_000, 7) | {"decisions": summary["decisions"]}
    refused = call("review_step", {"record": record, "seat": 0, "index": 1})
    assert refused["code"] == "review-index"


def test_worker_hands_out_each_finished_deal_of_the_sheet() -> None:
    call("new_game", {"rules": "ddv", "seed": 3, "bots": [None, "random", "random", "random"]})
    assert call("deal_record", {"game": 0})["code"] == "review-game"
    view = call("view", {})
    while view["phase"] != "done":
        view = call("act", {"action": view["legal"][0]}) if view["to_act"] == 0 else call("bot", {})
    got = call("deal_record", {"game": 0})
    assert got["record"] == view["record"]
    assert got["bots"] == [None, "random", "random", "random"]
    step = call(
        "duplicate_step",
        {"record": {**got["record"], "actions": []}, "seat": 0, "bots": got["bots"]},
    )
    assert step["done"] is False and step["action"].split(":")[0] == str(view["dealer"] + 1 & 3)
