"""The rules editor's requests: check_rules and rules_help (doko.page.editor via the api)."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.game.rules import PRESETS, describe
from support import view_of


def ask(kind: str, payload: dict[str, Any]) -> Any:
    return view_of(json.loads(api.handle(kind, json.dumps(payload))))


def test_a_variant_is_checked_and_its_differences_listed() -> None:
    options = {"dulle_order": "second-except-last", "specials": ["fox", "karlchen-caught"]}
    answer = ask("check_rules", {"rules": {"preset": "ddv", "options": options}})
    assert answer["ok"] is True
    assert answer["rules"] == {"preset": "ddv", "options": options}
    assert answer["differences"] == [
        {"option": "dulle_order", "value": "second-except-last", "preset_value": "first"},
        {
            "option": "specials",
            "value": ["fox", "karlchen-caught"],
            "preset_value": ["doppelkopf", "fox", "karlchen"],
        },
    ]
    info = answer["info"]
    assert info["dulle_order"] == "second-except-last" and info["deck"] == 48
    # what the score keeper needs: the Sonderpunkte the variant's normal game awards
    normal = next(c for c in info["sheet"]["4"] if c["contract"] == "normal")
    assert normal["specials"] == ["fox", "karlchen-caught"]


def test_a_preset_itself_has_no_differences() -> None:
    answer = ask("check_rules", {"rules": "lockhausen"})
    assert answer == {**answer, "ok": True, "rules": "lockhausen", "differences": []}


def test_a_refused_combination_names_the_option() -> None:
    answer = ask("check_rules", {"rules": {"preset": "ddv", "options": {"duty_solo_rounds": 0}}})
    assert answer == {
        "ok": False,
        "refusal": {"code": "option-solo-leads", "params": answer["refusal"]["params"]},
        "option": "solo_leads",
    }
    out_of_range = {"preset": "ddv", "options": {"throw_kings": 9}}
    answer = ask("check_rules", {"rules": out_of_range})
    assert answer["ok"] is False and answer["option"] == "throw_kings"
    assert answer["refusal"]["code"] == "option-out-of-range"
    unknown = ask("check_rules", {"rules": {"preset": "ddv", "options": {"pink": 1}}})
    assert unknown["option"] == "pink" and unknown["refusal"]["code"] == "unknown-option"
    shape = ask("check_rules", {"rules": 7})
    assert shape["ok"] is False and shape["refusal"]["code"] == "rules-shape"


def test_dullen_turned_off_take_the_presets_dullen_order_with_them() -> None:
    """ohne-neunen ranks the second Dulle higher; turning Dullen off leaves that order
    meaning nothing, so it goes back to the neutral one instead of refusing the rules.
    An order said aloud without Dullen is still refused."""
    answer = ask("check_rules", {"rules": {"preset": "ohne-neunen", "options": {"dullen": False}}})
    assert answer["ok"] is True
    assert answer["rules"] == {
        "preset": "ohne-neunen", "options": {"dullen": False, "dulle_order": "first"}
    }  # fmt: skip
    assert answer["differences"] == [{"option": "dullen", "value": False, "preset_value": True}]
    again = ask("check_rules", {"rules": answer["rules"]})
    assert again["ok"] is True and again["rules"] == answer["rules"]
    said = {"dullen": False, "dulle_order": "second"}
    refused = ask("check_rules", {"rules": {"preset": "ohne-neunen", "options": said}})
    assert refused["ok"] is False and refused["refusal"]["code"] == "option-dulle-order"


def test_an_option_that_means_nothing_is_no_difference() -> None:
    """Without announcements, lockhausen's own deadlines are no difference to list."""
    rules = {"preset": "lockhausen", "options": {"announcements": "none"}}
    answer = ask("check_rules", {"rules": rules})
    assert [d["option"] for d in answer["differences"]] == ["announcements"]


def test_rules_help_gives_each_contracts_trumps_highest_first() -> None:
    answer = ask("rules_help", {"rules": {"preset": "ddv", "options": {"solos": ["jacks"]}}})
    kinds = [c["kind"] for c in answer["contracts"]]
    assert kinds == ["normal", "jacks"]
    normal, jacks = (c["trumps"] for c in answer["contracts"])
    assert normal[:3] == ["HT", "CQ", "SQ"] and normal[-4:] == ["DA", "DT", "DK", "D9"]
    assert len(normal) == 13
    assert jacks == ["CJ", "SJ", "HJ", "DJ"]
    forty = ask("rules_help", {"rules": "ohne-neunen"})
    assert "D9" not in forty["contracts"][0]["trumps"]


def test_rules_help_scores_its_examples_under_the_variant() -> None:
    plain = ask("rules_help", {"rules": "ddv"})["examples"]
    assert [e["result"]["points"] for e in plain] == [
        [5, -5, 5, -5],
        [-4, 4, -4, 4],
        [3, -1, -1, -1],
    ]
    assert plain[0]["result"]["specials"] == [{"kind": "fox", "party": "re"}]
    # without Sonderpunkte the fox is no longer scored: one point less
    bare = ask("rules_help", {"rules": {"preset": "ddv", "options": {"specials": []}}})["examples"]
    assert bare[0]["result"]["points"] == [4, -4, 4, -4]


def test_every_option_has_an_editor_group_and_known_dependencies() -> None:
    options = describe()["options"]
    names = {o["name"] for o in options}
    groups = {"cards", "reservations", "announcements", "specials", "scoring", "bock", "table"}
    for option in options:
        assert option["group"] in groups, option["name"]
        for condition in option["depends"]:
            assert condition["option"] in names
            assert set(condition) - {"option"} in ({"not"}, {"has"})
        if option["items"] is not None:
            assert option["type"] == "list"
            assert set(getattr(PRESETS["ddv"], option["name"])) <= set(option["items"])


def test_a_game_view_carries_the_whole_rule_set() -> None:
    rules = {"preset": "ddv", "options": {"dulle_order": "second-except-last"}}
    view = ask("new_game", {"rules": rules, "seed": 3})
    assert view["rules"] == "ddv" and view["rules_spec"] == rules


def test_the_rules_page_puts_schweinchen_on_top_where_they_are_pigs() -> None:
    options = {"pigs": "both", "superpigs": True, "solos": ["hearts", "koehler"]}
    answer = ask("rules_help", {"rules": {"preset": "ddv", "options": options}})
    normal, hearts, koehler = (c["trumps"] for c in answer["contracts"])
    assert normal[:3] == ["D9", "DA", "HT"] and len(normal) == 13
    assert hearts[:2] == ["HT", "CQ"]  # no Schweinchen in a suit solo without pigs_in_solo
    assert koehler[:4] == ["CK", "SK", "HK", "DK"] and "HT" not in koehler
    in_solo = {"pigs": "both", "pigs_in_solo": True, "deck": 40, "superpigs": True}
    forty = ask("rules_help", {"rules": {"preset": "ddv", "options": in_solo}})
    spades = next(c["trumps"] for c in forty["contracts"] if c["kind"] == "spades")
    assert spades[:3] == ["SK", "SA", "HT"]  # without nines the kings are Superschweinchen
