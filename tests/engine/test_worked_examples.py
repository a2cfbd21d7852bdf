"""The worked scoring examples of the rule texts, entered as Game summaries.

berndt (seeds/000): seven examples; ddv (seeds/002, section 4.3): two examples;
plus the Game summary example of docs/formats.md. Every one must score exactly.
"""

from __future__ import annotations

from typing import Any

import pytest

from doko.game.scoring import score
from doko.game.summary import summary_from_json


def special(kind: str, party: str) -> dict[str, str]:
    return {"kind": kind, "party": party}


def berndt(
    eyes_re: int, *specials: dict[str, str], contract: str = "normal", re: list[int] | None = None
) -> dict[str, Any]:
    return {
        "rules": "berndt",
        "contract": contract,
        "re": re if re is not None else [0, 2],
        "sitting_out": None,
        "eyes_re": eyes_re,
        "announcements": {"re": [], "kontra": []},
        "specials": list(specials),
    }


BERNDT_EXAMPLES = {
    # Re 184, Karlchen and a fox caught; Kontra 56: +50 for each Re seat, Kontra 0.
    "won a": (berndt(184, special("karlchen", "re"), special("fox", "re")), [50, 0, 50, 0]),
    # Re 122; Kontra a Doppelkopf and a fox: a won game is not lost by Sonderpunkte.
    "won b": (
        berndt(122, special("doppelkopf", "kontra"), special("fox", "kontra")),
        [0, 10, 0, 10],
    ),
    # Re 44 with a fox: -20 for Re, +20 for Kontra.
    "lost a": (berndt(44, special("fox", "re")), [-20, 20, -20, 20]),
    # Re 120 with a fox: nothing for anybody.
    "lost b": (berndt(120, special("fox", "re")), [0, 0, 0, 0]),
    # Re 98 with a Doppelkopf and a fox: Re lost, yet writes +10.
    "lost c": (berndt(98, special("doppelkopf", "re"), special("fox", "re")), [10, 0, 10, 0]),
    # Soloist 155 with a Doppelkopf: 3 x 30 for the soloist, the others 0.
    "solo won": (
        berndt(155, special("doppelkopf", "re"), contract="solo:diamonds", re=[1]),
        [0, 90, 0, 0],
    ),
    # Soloist 47, the others a Doppelkopf: 3 x -40 for the soloist, +40 each for the others.
    "solo lost": (
        berndt(47, special("doppelkopf", "kontra"), contract="solo:queens", re=[1]),
        [40, -120, 40, 40],
    ),
}


@pytest.mark.parametrize("name", list(BERNDT_EXAMPLES))
def test_berndt_worked_examples(name: str) -> None:
    summary, points = BERNDT_EXAMPLES[name]
    assert score(summary_from_json(summary))["points"] == points


def test_berndt_won_a_lines() -> None:
    result = score(summary_from_json(BERNDT_EXAMPLES["won a"][0]))
    assert [(x["item"], x["party"], x["points"]) for x in result["lines"]] == [
        ("won", "re", 1),
        ("no90", "re", 1),
        ("no60", "re", 1),
        ("karlchen", "re", 1),
        ("fox", "re", 1),
    ]
    assert result["winner"] == "re"


def test_berndt_lost_c_is_lost_but_positive() -> None:
    result = score(summary_from_json(BERNDT_EXAMPLES["lost c"][0]))
    assert result["winner"] == "kontra"
    assert result["points"] == [10, 0, 10, 0]


def test_ddv_example_one_kontra_six_points() -> None:
    # Re says Re, keine 90, keine 60; Kontra takes 70 Augen and wins.
    summary = {
        "rules": "ddv",
        "contract": "normal",
        "re": [0, 2],
        "eyes_re": 170,
        "announcements": {"re": ["re", "no90", "no60"], "kontra": []},
        "specials": [],
    }
    result = score(summary_from_json(summary))
    assert result["winner"] == "kontra"
    assert result["points"] == [-6, 6, -6, 6]
    assert [(x["item"], x["party"], x["points"]) for x in result["lines"]] == [
        ("won", "kontra", 1),
        ("against-the-old", "kontra", 1),
        ("re-announced", "kontra", 2),
        ("no90-announced", "kontra", 1),
        ("no60-announced", "kontra", 1),
    ]


def test_ddv_example_two_nobody_wins_kontra_three_points() -> None:
    # Both parties say up to keine 30; Re 80, Kontra 160: nobody reaches its goal.
    summary = {
        "rules": "ddv",
        "contract": "normal",
        "re": [0, 2],
        "eyes_re": 80,
        "announcements": {
            "re": ["re", "no90", "no60", "no30"],
            "kontra": ["kontra", "no90", "no60", "no30"],
        },
        "specials": [],
    }
    result = score(summary_from_json(summary))
    assert result["winner"] == "none"
    assert result["points"] == [-3, 3, -3, 3]
    assert sorted((x["item"], x["party"], x["points"]) for x in result["lines"]) == sorted(
        [
            ("60-against-no30", "kontra", 1),
            ("90-against-no60", "kontra", 1),
            ("120-against-no90", "kontra", 1),
            ("no90", "kontra", 1),
            ("60-against-no30", "re", 1),
        ]
    )


def test_formats_summary_example() -> None:
    summary = {
        "rules": "berndt",
        "contract": "normal",
        "re": [0, 2],
        "sitting_out": None,
        "eyes_re": 184,
        "tricks": {"re": 8, "kontra": 2},
        "announcements": {"re": [], "kontra": []},
        "specials": [{"kind": "fox", "party": "re"}, {"kind": "karlchen", "party": "re"}],
    }
    result = score(summary_from_json(summary))
    assert result["points"] == [50, 0, 50, 0]
    assert result["parties"] == {"re": [0, 2], "kontra": [1, 3]}
    assert result["eyes"] == {"re": 184, "kontra": 56}
    assert result["tricks"] == {"re": 8, "kontra": 2}
    assert result["specials"] == summary["specials"]
    assert list(result) == [
        "contract",
        "parties",
        "eyes",
        "tricks",
        "winner",
        "announcements",
        "specials",
        "lines",
        "points",
    ]
