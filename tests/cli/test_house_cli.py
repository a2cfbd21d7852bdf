"""``--rules`` on the command line: a preset id, a JSON object or a file holding one,
in every command that takes rules; bad rules are one line naming the option, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import doko
from doko.game.notation import record_of
from house_deals import HEALTHY, PIGS_DEAL, play, rules

VARIANT = {"preset": "ddv", "options": {"pigs": "both", "superpigs": True, "solos": ["koehler"]}}


def _runs(command: str, spec: str) -> list[str]:
    return {
        "simulate": ["simulate", "--rules", spec, "--games", "20", "--seed", "1"],
        "match": ["match", "--rules", spec, "--games", "2", "--bots", "standard,random"],
        "series": ["series", "--rules", spec, "--rounds", "1"],
        "tournament": ["tournament", "--rules", spec, "--entrants", "4"],
    }[command]


@pytest.mark.parametrize("command", ["simulate", "match", "series", "tournament"])
def test_rules_as_json_and_as_file(command: str, tmp_path: Path) -> None:
    path = tmp_path / "variant.json"
    path.write_text(json.dumps(VARIANT))
    for spec in (json.dumps(VARIANT), str(path)):
        done = doko(*_runs(command, spec))
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"superpigs": True}, "superpigs"),
        ({"pigz": "both"}, "pigz"),
        ({"pigs": "all"}, "pigs"),
        ({"throw_nines": 0}, "throw_nines"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "match", "series", "tournament"])
def test_bad_rules_name_the_option(command: str, options: dict[str, object], named: str) -> None:
    done = doko(*_runs(command, json.dumps({"preset": "ddv", "options": options})))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and named in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_and_score_take_rules(tmp_path: Path) -> None:
    state, _ = play(rules(pigs="both"), PIGS_DEAL, HEALTHY)
    record = record_of(state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = doko("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == [4, 4, -4, -4]
    assert json.loads(done.stdout)["pigs"] == {"seat": 0, "shown": 27}
    # the same game with the Schweinchen shown before the first card
    shown = json.dumps({"preset": "ddv", "options": {"pigs": "both", "pigs_reveal": "reservation"}})
    done = doko("replay", str(path), "--rules", shown)
    assert json.loads(done.stdout)["pigs"] == {"seat": 0, "shown": 4}
    # under plain ddv the Dullen win trick 6, so seat 0 does not lead trick 7
    done = doko("replay", str(path), "--rules", "ddv")
    assert done.returncode == 2 and "action 28" in done.stderr
    summary = {
        "rules": "ddv",
        "contract": "solo:koehler",
        "re": [2],
        "eyes_re": 150,
        "announcements": {"re": [], "kontra": []},
        "specials": [],
    }
    path.write_text(json.dumps(summary))
    assert doko("score", str(path)).returncode == 2  # ddv has no Köhler
    done = doko("score", str(path), "--rules", json.dumps(VARIANT))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == [-1, -1, 3, -1]  # won 1, x3
