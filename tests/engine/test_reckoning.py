"""The result panel's reckoning (doko.game.scoring.reckoning): from the lines to the
sheet, with the solo and Bock factors said and a cancelled deal named."""

from __future__ import annotations

from typing import Any

from doko.game.rules import load_rules
from doko.game.scoring import reckoning, score
from doko.game.summary import summary_from_json


def test_a_normal_game_has_its_value_and_no_factor() -> None:
    s = summary_from_json(
        {"rules": "ddv", "contract": "normal", "re": [0, 2], "eyes_re": 130,
         "announcements": {"re": [], "kontra": []}, "specials": []}
    )  # fmt: skip
    assert reckoning(s) == {
        "value": 1, "party": "re", "scale": 1, "solo_factor": 1, "bock_factor": 1,
        "cancelled": False,
    }  # fmt: skip
    assert score(s)["points"] == [1, -1, 1, -1]


def test_a_solo_writes_three_times_and_bock_doubles_everything() -> None:
    s = summary_from_json(
        {"rules": {"preset": "ddv", "options": {"bock": ["tie"]}}, "contract": "solo:queens",
         "re": [1], "eyes_re": 151, "announcements": {"re": [], "kontra": []}, "specials": [],
         "bock": 1}
    )  # fmt: skip
    k = reckoning(s)
    assert k == {
        "value": 2, "party": "re", "scale": 1, "solo_factor": 3, "bock_factor": 2,
        "cancelled": False,
    }  # fmt: skip
    points = score(s)["points"]
    assert points[1] == k["value"] * k["solo_factor"] * k["bock_factor"]
    assert points[0] == -k["value"] * k["bock_factor"]


def test_lines_that_cancel_out_are_named() -> None:
    """Kontra wins (won, against the old) and Re has two Sonderpunkte: 2 - 2 = 0."""
    s = summary_from_json(
        {"rules": "ddv", "contract": "normal", "re": [0, 2], "eyes_re": 110,
         "announcements": {"re": [], "kontra": []},
         "specials": [{"kind": "fox", "party": "re"}, {"kind": "fox", "party": "re"}]}
    )  # fmt: skip
    assert score(s)["points"] == [0, 0, 0, 0]
    assert score(s)["lines"]
    assert reckoning(s) == {
        "value": 0, "party": None, "scale": 1, "solo_factor": 1, "bock_factor": 1,
        "cancelled": True,
    }  # fmt: skip
    assert load_rules("ddv").scoring == "ddv"


def entry(k: Any, lines: list[Any], party: str, solo: bool) -> int:
    """What one seat of ``party`` writes, worked out the way the result panel says it."""
    shown = [x for x in lines if x["item"] != "bock"]  # Bock is its own factor line
    net = sum(x["points"] * (1 if x["party"] == party else -1) for x in shown)
    assert abs(net) == k["value"] and (net == 0 or (party == k["party"]) == (net > 0))
    return net * k["scale"] * k["bock_factor"] * (k["solo_factor"] if solo else 1)


def test_the_steps_give_every_seat_its_entry() -> None:
    """Kontra beats a Damensolo with Re said, in a Bock deal: the lines (without the Bock
    line) net to the value, and value x solo x Bock is the soloist's entry."""
    s = summary_from_json(
        {"rules": {"preset": "ddv", "options": {"bock": ["tie"]}}, "contract": "solo:queens",
         "re": [2], "eyes_re": 100, "announcements": {"re": ["re"], "kontra": []},
         "specials": [], "bock": 1}
    )  # fmt: skip
    k, out = reckoning(s), score(s)
    assert k["party"] == "kontra" and k["solo_factor"] == 3 and k["bock_factor"] == 2
    for seat, points in enumerate(out["points"]):
        party = "re" if seat == 2 else "kontra"
        assert entry(k, out["lines"], party, seat == 2) == points


def test_berndt_writes_ten_times_the_value() -> None:
    s = summary_from_json(
        {"rules": "berndt", "contract": "normal", "re": [0, 2], "eyes_re": 130,
         "announcements": {"re": [], "kontra": []}, "specials": []}
    )  # fmt: skip
    k = reckoning(s)
    assert (k["value"], k["party"], k["scale"]) == (1, "re", 10)
    assert score(s)["points"][0] == 10


def test_a_fixed_team_names_its_team() -> None:
    s = summary_from_json(
        {"rules": "klassisch", "players": 6, "contract": "normal", "re": [0, 2, 4], "eyes_re": 100,
         "announcements": {"re": [], "kontra": []}, "specials": []}
    )  # fmt: skip
    assert reckoning(s)["party"] == "B"
