"""The result panel's reckoning (doko.game.scoring.reckoning): from the lines to the
sheet, with the solo and Bock factors said and a cancelled deal named."""

from __future__ import annotations

from doko.game.rules import load_rules
from doko.game.scoring import reckoning, score
from doko.game.summary import summary_from_json


def test_a_normal_game_has_its_value_and_no_factor() -> None:
    s = summary_from_json(
        {"rules": "ddv", "contract": "normal", "re": [0, 2], "eyes_re": 130,
         "announcements": {"re": [], "kontra": []}, "specials": []}
    )  # fmt: skip
    assert reckoning(s) == {"value": 1, "solo_factor": 1, "bock_factor": 1, "cancelled": False}
    assert score(s)["points"] == [1, -1, 1, -1]


def test_a_solo_writes_three_times_and_bock_doubles_everything() -> None:
    s = summary_from_json(
        {"rules": {"preset": "ddv", "options": {"bock": ["tie"]}}, "contract": "solo:queens",
         "re": [1], "eyes_re": 151, "announcements": {"re": [], "kontra": []}, "specials": [],
         "bock": 1}
    )  # fmt: skip
    k = reckoning(s)
    assert k == {"value": 2, "solo_factor": 3, "bock_factor": 2, "cancelled": False}
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
    assert reckoning(s) == {"value": 0, "solo_factor": 1, "bock_factor": 1, "cancelled": True}
    assert load_rules("ddv").scoring == "ddv"
