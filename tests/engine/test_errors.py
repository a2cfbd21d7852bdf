"""Refusals as codes with parameters (doko.game.errors): every code raised is in the one
table with the parameters it declares, the English sentences stay as they were, and
the api answers ``{"error", "code", "params"}``."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from doko import api
from doko.game.actions import parse
from doko.game.errors import MESSAGES, DokoError, IllegalAction, error_codes, param_names
from doko.game.rules import load_rules
from doko.game.state import apply, legal_actions, new_game, seeded_game

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "doko"
OLD_MESSAGES = json.loads((ROOT / "tests/data/old_error_messages.json").read_text())
ERROR_CLASSES = {
    "DokoError",
    "IllegalAction",
    "RecordError",
    "LinkError",
    "RulesError",
    "SeriesError",
    "SummaryError",
    "RequestError",
    "Refused",
    "TournamentError",
    "InputError",
}


def _raised_codes() -> list[tuple[str, str, set[str]]]:
    """Every ``SomeError("code", name=...)`` in the engine: (file, code, keyword names)."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ERROR_CLASSES or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names = {k.arg for k in node.keywords if k.arg is not None}
                found.append((path.name, first.value, names))
    return found


def test_every_raised_code_is_in_the_table_with_its_parameters() -> None:
    raised = _raised_codes()
    assert len(raised) > 150
    for filename, code, names in raised:
        assert code in MESSAGES, (filename, code)
        assert names == set(param_names(code)), (filename, code, names, param_names(code))


def test_every_code_in_the_table_is_used_somewhere() -> None:
    """Raised directly, or named as a string (a table of checks, a code chosen by a test)."""
    named = set()
    for path in ENGINE.rglob("*.py"):
        if path.name != "errors.py":
            tree = ast.parse(path.read_text())
            named |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
    # the worker's own refusals (before the engine sees a request) are in the table too
    worker = (ENGINE.parent.parent / "web/worker.js").read_text()
    named |= set(re.findall(r'refusal\("([a-z0-9-]+)"', worker))
    assert set(MESSAGES) - named <= {"unexpected"}  # (made by errors.coded)
    assert all(code == code.lower() and " " not in code for code in MESSAGES)


@pytest.mark.parametrize(
    ("options", "code", "params"),
    [
        ({"scoring": "x"}, "option-not-a-choice", {"option", "value", "choices"}),
        ({"solos": ["x"]}, "option-unknown-solo", {"option", "solos"}),
        ({"wedding_rules": []}, "option-no-wedding-rule", {"option"}),
        ({"deadlines": [1, 2, 3, 4, 5]}, "option-card-deadlines", {"option"}),
        ({"superpigs": True}, "option-needs-pigs", {"option"}),
        ({"dullen": 1}, "option-not-bool", {"option", "value"}),
    ],
)
def test_rules_refusals_are_coded(options: dict[str, Any], code: str, params: set[str]) -> None:
    with pytest.raises(DokoError) as info:
        load_rules({"preset": "ddv", "options": options})
    assert info.value.code == code
    assert set(info.value.params) == params == set(param_names(code))


def _check_shape(answer: dict[str, Any]) -> None:
    """A coded refusal: known code, exactly its parameters, a nested reason alike."""
    assert answer["code"] in MESSAGES, answer
    assert set(answer["params"]) == set(param_names(answer["code"])), answer
    json.dumps(answer["params"])  # JSON-safe
    reason = answer["params"].get("reason")
    if reason is not None:
        _check_shape(reason)


def test_english_messages_are_the_ones_main_gave() -> None:
    """Refusals recorded from the code before the error codes: same English, now coded."""
    for case in OLD_MESSAGES:
        answer = json.loads(api.handle(case["kind"], json.dumps(case["payload"])))
        if "error" not in case["answer"]:
            assert "error" not in answer
            continue
        assert answer["error"] == case["answer"]["error"]
        _check_shape(answer)


def test_must_follow_suit_names_seat_suit_and_card() -> None:
    case = next(c for c in OLD_MESSAGES if "must follow suit" in c["answer"].get("error", ""))
    answer = json.loads(api.handle(case["kind"], json.dumps(case["payload"])))
    reason = answer["params"]["reason"]
    assert answer["code"] == "record-action"
    assert reason == {"code": "must-follow-suit", "params": {"seat": 2, "card": "CT", "suit": "C"}}


def test_refusal_in_play_names_whose_turn_it_is() -> None:
    state = seeded_game(load_rules("berndt"), 3)
    while state.phase != "play":
        state = apply(state, legal_actions(state)[0])
    other = (state.to_act + 1) % 4
    card = state.hands[other][0]
    with pytest.raises(IllegalAction) as info:
        apply(state, parse(f"{other}:{card}"))
    assert info.value.code == "not-your-turn"
    assert info.value.params == {"seat": state.to_act, "phase": "play", "actor": other}
    assert str(info.value) == f"it is seat {state.to_act}'s turn to play"


def test_keeper_refusal_is_coded() -> None:
    summary = {"rules": "ddv", "contract": "normal", "re": [], "eyes_re": 130}
    answer = json.loads(api.handle("score", json.dumps({"summary": summary})))
    assert answer == {
        "error": "a normal game has two re seats, got []",
        "code": "two-re-seats",
        "params": {"contract": "normal", "re": []},
    }


def test_api_rules_lists_every_code_with_its_parameters() -> None:
    info = json.loads(api.handle("rules"))
    assert info["error_codes"] == error_codes()
    assert info["error_codes"]["must-follow-suit"] == ["seat", "card", "suit"]
    assert info["error_codes"]["not-your-turn"] == ["seat", "phase", "actor"]


def test_malformed_json_is_coded_with_its_place() -> None:
    answer = json.loads(api.handle("view", "{not json"))
    assert answer["code"] == "malformed-json"
    assert answer["params"] == {"detail": answer["params"]["detail"], "line": 1, "column": 2}


def test_unexpected_errors_are_coded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine bug still answers the page, as ``unexpected`` with the error's text."""

    def broken(payload: dict[str, Any]) -> dict[str, Any]:
        return {}["missing"]  # type: ignore[no-any-return]

    monkeypatch.setitem(api.SESSION.handlers, "view", broken)
    answer = json.loads(api.handle("view", "{}"))
    assert answer["code"] == "unexpected" and answer["error"] == answer["params"]["detail"]


def test_vorgefuehrt_neighbour_is_told_why_he_may_not_throw() -> None:
    """ohne-neunen: the vorgeführt seat declares first; a neighbour's throw names the reason
    (it was "unknown action 'throw'")."""
    rules = load_rules("ohne-neunen")
    start = seeded_game(rules, 5)
    state = new_game(rules, start.dealt, start.dealer, forced_solo=2)
    state = apply(state, parse("2:solo:queens"))
    assert state.phase == "play"
    for seat in (1, 3):
        with pytest.raises(IllegalAction) as info:
            apply(state, parse(f"{seat}:throw"))
        assert info.value.code == "no-throw-when-vorgefuehrt"
        assert info.value.params == {"seat": 2}
        assert str(info.value) == "seat 2 is vorgeführt: nobody may throw in this deal"
    with pytest.raises(IllegalAction) as info:
        apply(state, parse("1:healthy"))
    assert info.value.code == "reservations-over"


def test_error_is_a_value_error_with_the_sentence() -> None:
    err = DokoError("too-late", word="re", called="no90", system="cards", deadline=11)
    assert isinstance(err, ValueError)
    assert str(err) == "too late for 're'"
    assert err.reply() == {
        "error": "too late for 're'",
        "code": "too-late",
        "params": {"word": "re", "called": "no90", "system": "cards", "deadline": 11},
    }


def test_a_refusal_survives_pickling() -> None:
    import pickle

    err = IllegalAction("must-follow-suit", seat=2, card="CT", suit="C")
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is IllegalAction and back.params == err.params
    assert str(back) == "seat 2 must follow suit (holds CT)"
