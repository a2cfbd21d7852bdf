"""House rules (docs/rules/house-rules.md): scripted deals with exact trick winners
and exact points for each option, the options' metadata and refusals, and what each
seat may see of the Schweinchen. The deals are in house_deals.py; the expected
winners and points were worked out by hand from the tricks (Augen per trick are
listed there) and the ddv scoring (won 1, gegen die Alten 1, keine 90/60/30 1 each,
Sonderpunkte 1 each, a soloist x3)."""

from __future__ import annotations

from typing import Any

import pytest

from doko.game.actions import parse
from doko.game.cards import Card, parse_cards
from doko.game.contracts import card_order
from doko.game.errors import RulesError
from doko.game.notation import record_of
from doko.game.observation import observe
from doko.game.outcome import result
from doko.game.rules import PRESETS, describe, load_rules
from doko.game.state import apply, legal_for, new_game
from doko.page.explain import walk
from house_deals import (
    DULLEN_LAST_DEAL,
    HEALTHY,
    KINGS_SOLO_DEAL,
    PIGS_DEAL,
    POVERTY_BEFORE,
    POVERTY_TRICKS,
    SUPERPIGS_DEAL,
    hands_of,
    play,
    poverty_hands,
    rules,
)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


# -- Schweinchen ---------------------------------------------------------------


def test_pigs_both_beat_the_dullen() -> None:
    state, winners = play(rules(pigs="both"), PIGS_DEAL, HEALTHY)
    assert winners == [0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0, 2]
    outcome = result(state)
    # Re (2, 3) 39 Augen: Kontra won, gegen die Alten, keine 90, keine 60; a pig is no Fuchs
    assert outcome["eyes"] == {"re": 39, "kontra": 201}
    assert outcome["specials"] == []
    assert outcome["points"] == [4, 4, -4, -4]
    assert outcome["pigs"] == {"seat": 0, "shown": 27}  # the first Karo-As, action 27


def test_without_pigs_the_dullen_catch_both_foxes() -> None:
    state, winners = play(rules(), PIGS_DEAL, HEALTHY)
    assert winners == [0, 0, 1, 0, 2, 3, 2, 0, 1, 0, 0, 2]
    outcome = result(state)
    # Re 92: Kontra won 1 + gegen die Alten 1, Re two foxes: 0 each
    assert outcome["eyes"]["re"] == 92
    assert sorted(s["kind"] for s in outcome["specials"]) == ["fox", "fox"]
    assert outcome["points"] == [0, 0, 0, 0]
    assert "pigs" not in outcome


def test_pigs_second_first_ace_is_an_ordinary_fox() -> None:
    state, winners = play(rules(pigs="second"), PIGS_DEAL, HEALTHY)
    assert winners == [0, 0, 1, 0, 2, 3, 0, 0, 1, 0, 0, 2]
    outcome = result(state)
    # Re 66: Kontra won, gegen die Alten, keine 90 = 3; Re one fox: net 2
    assert outcome["eyes"]["re"] == 66
    assert outcome["specials"] == [{"kind": "fox", "party": "re"}]
    assert outcome["points"] == [2, 2, -2, -2]


def test_superpigs_rank_above_the_pigs() -> None:
    house = rules(pigs="both", superpigs=True)
    state, winners = play(house, SUPERPIGS_DEAL, HEALTHY)
    assert winners == [0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 3, 3]
    outcome = result(state)
    # Re 50: won, gegen die Alten, keine 90, keine 60
    assert outcome["eyes"]["re"] == 50
    assert outcome["points"] == [4, 4, -4, -4]
    assert outcome["superpigs"]["seat"] == 3
    assert state.order.trumps[:3] == tuple(cards("D9 DA HT"))


def test_superpigs_second_with_pigs_second() -> None:
    house = rules(pigs="second", superpigs=True)
    state, winners = play(house, SUPERPIGS_DEAL, HEALTHY)
    # trick 6: the first Karo-As is a Fuchs (the Dulle wins); trick 11: the first
    # Karo-Neun is an ordinary nine; trick 12: the second one wins
    assert winners == [0, 0, 1, 0, 2, 3, 0, 0, 1, 0, 0, 3]
    outcome = result(state)
    assert outcome["eyes"]["re"] == 66
    assert outcome["points"] == [2, 2, -2, -2]


def test_superpigs_need_pigs_in_force() -> None:
    # seat 3 holds both Karo-Neunen, but the Karo-Asse are split: no Superschweinchen
    split = [*SUPERPIGS_DEAL]
    split[6] = "DJ DA HT CQ"  # seat 0 DA <-> seat 1 DJ
    state, winners = play(rules(pigs="both", superpigs=True), split, HEALTHY)
    assert state.pig_seat is None and state.superpig_seat is None
    assert winners[10] == 0  # HQ over the Karo-Neun
    assert winners[11] == 2  # SQ over the Karo-Neun


def test_pigs_reveal_at_reservation_or_at_play() -> None:
    start = hands_of(PIGS_DEAL)
    for reveal, shown in (("reservation", 4), ("play", -1)):
        state = new_game(rules(pigs="both", pigs_reveal=reveal), start, 0)
        for action in HEALTHY:
            state = apply(state, parse(action))
        assert state.pig_seat == 0 and state.pigs_shown == shown
        other = observe(state, 1)
        assert other.public.pig_seat == (0 if reveal == "reservation" else None)
        assert other.order.trumps[0] == (
            Card("D", "A") if reveal == "reservation" else Card("H", "T")
        )
        assert observe(state, 0).order.trumps[0] == Card("D", "A")  # the holder knows


def test_pigs_revealed_in_view_record_and_replay() -> None:
    state, _ = play(rules(pigs="both"), PIGS_DEAL, HEALTHY)
    record = record_of(state)
    assert record["pigs"] == {"seat": 0, "shown": 27}
    walked = walk(record)
    revealed = [e for e in walked["events"] if e["key"] == "pigs-revealed"]
    assert revealed == [
        {"step": 27, "key": "pigs-revealed", "params": {"seat": 0, "kind": "pigs"}, "rule": True}
    ]
    tricks = [e for e in walked["events"] if e["key"] == "trick"]
    assert [t["params"]["why"] for t in tricks[5:7]] == ["pig", "pig"]
    assert "pigs" not in walked["frames"][26] and walked["frames"][27]["pigs"] == 0


def test_pigs_in_a_diamonds_solo_need_pigs_in_solo() -> None:
    before = ["1:healthy", "2:healthy", "3:healthy", "0:solo:diamonds"]
    state, winners = play(rules(pigs="both", pigs_in_solo=True), PIGS_DEAL, before)
    assert winners == [0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 0, 2]
    # soloist 160: won, keine 90 = 2, times three
    assert result(state)["points"] == [6, -2, -2, -2]
    state, winners = play(rules(pigs="both"), PIGS_DEAL, before)
    assert winners[5:7] == [3, 2]
    # soloist 107: Kontra won 1
    assert result(state)["points"] == [-3, 1, 1, 1]


def test_pigs_in_poverty_after_the_exchange() -> None:
    house = rules(pigs="both", poverty="ask")
    state, winners = play(house, POVERTY_TRICKS, POVERTY_BEFORE, 3, poverty_hands())
    assert state.pig_seat == 2  # the taker, with the giver's Karo-As
    assert winners == [0, 0, 0, 2, 2, 0, 0, 0, 2, 0, 0, 2]
    outcome = result(state)
    # Re (1, 2) 111: Kontra won 1 + gegen die Alten 1; the pigs are no foxes
    assert outcome["eyes"]["re"] == 111
    assert outcome["points"] == [2, -2, -2, 2]
    state, winners = play(rules(poverty="ask"), POVERTY_TRICKS, POVERTY_BEFORE, 3, poverty_hands())
    assert winners[3:5] == [0, 3]
    # Re 42: won, gegen die Alten, keine 90, keine 60, two foxes = 6
    assert result(state)["points"] == [6, -6, -6, 6]


def test_pigs_count_for_the_poverty_limit() -> None:
    hands = [
        parse_cards("DA DA DT DK CA CA CT CT SA SA ST ST"),
        parse_cards("CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ"),
        parse_cards("HJ HJ DJ DJ HT HT DT DK D9 D9 CK CK"),
        parse_cards("C9 C9 SK SK S9 S9 HA HA HK HK H9 H9"),
    ]
    plain = rules(poverty="ask", poverty_counts_fox=False)
    assert parse("0:poverty") in legal_for(new_game(plain, hands, 3), 0)
    piggy = rules(poverty="ask", poverty_counts_fox=False, pigs="both")
    assert parse("0:poverty") not in legal_for(new_game(piggy, hands, 3), 0)


# -- Dullen ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "last_winner", "points"),
    [
        # Re 92: Kontra won 1 + gegen die Alten 1, Re two foxes
        ("second", 3, [0, 0, 0, 0]),
        # Re 61: Kontra won, gegen die Alten, keine 90 = 3, Re two foxes
        ("second-except-last", 1, [1, 1, -1, -1]),
        ("first", 1, [1, 1, -1, -1]),
    ],
)
def test_dulle_order_in_the_last_trick(order: str, last_winner: int, points: list[int]) -> None:
    state, winners = play(rules(dulle_order=order), DULLEN_LAST_DEAL, HEALTHY)
    assert winners == [0, 0, 1, 0, 2, 2, 3, 0, 1, 0, 0, last_winner]
    assert result(state)["points"] == points


def test_dulle_caught() -> None:
    house = rules(dulle_order="second", specials=["doppelkopf", "fox", "karlchen", "dulle-caught"])
    state, _ = play(house, DULLEN_LAST_DEAL, HEALTHY)
    outcome = result(state)
    assert {"kind": "dulle-caught", "party": "re"} in outcome["specials"]
    # Kontra 2 against Re's two foxes and the caught Dulle
    assert outcome["points"] == [-1, -1, 1, 1]
    events = [e["key"] for e in walk(record_of(state))["events"]]
    assert events.count("dulle-caught") == 1


# -- picture solos -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "trumps"),
    [
        ("kings", "CK SK HK DK"),
        ("queens-jacks", "CQ SQ HQ DQ CJ SJ HJ DJ"),
        ("kings-queens", "CK SK HK DK CQ SQ HQ DQ"),
        ("kings-jacks", "CK SK HK DK CJ SJ HJ DJ"),
        ("koehler", "CK SK HK DK CQ SQ HQ DQ CJ SJ HJ DJ"),
    ],
)
def test_picture_solo_trump_order(kind: str, trumps: str) -> None:
    order = card_order(kind, rules(solos=[kind]), 48)
    assert list(order.trumps) == cards(trumps)
    assert not order.is_trump(Card("H", "T"))  # the Dullen are plain Herz
    hearts = [c for c in sorted(order.members["H"], key=lambda c: -order.power[c])]
    assert hearts == [c for c in cards("HA HT HK HQ HJ H9") if c not in order.trumps]


@pytest.mark.parametrize(("leads", "first"), [("soloist", 2), ("duty", 1), ("left", 1)])
def test_kings_solo_scored_and_who_leads(leads: str, first: int) -> None:
    house = rules(solos=["kings", "queens"], solo_leads=leads)
    before = ["1:healthy", "2:solo:kings", "3:healthy", "0:healthy"]
    state, winners = play(house, KINGS_SOLO_DEAL, before)
    assert state.tricks[0].seats[0] == first
    assert winners == [2, 2, 2, 2, 2, 3, 2, 0, 1, 2, 2, 2]
    outcome = result(state)
    assert outcome["contract"] == "solo:kings"
    # soloist 162: won, keine 90 = 2, times three
    assert outcome["eyes"] == {"re": 162, "kontra": 78}
    assert outcome["points"] == [-2, -2, 6, -2]


# -- throwing -------------------------------------------------------------------------


THROW_HANDS = {
    # five nines
    "nines": "C9 C9 S9 S9 H9 CA CA CT CT SA SA ST",
    # four nines and three kings
    "nines-kings": "C9 C9 S9 S9 CK CK SK CA CT SA ST HA",
    # the highest trump is a Karo-As
    "fox-highest": "DA DK D9 CA CA CT CT SA SA ST ST HA",
}


@pytest.mark.parametrize("hand", list(THROW_HANDS))
def test_throw_hands(hand: str) -> None:
    mine = parse_cards(THROW_HANDS[hand])
    rest = [
        c
        for c in hands_of(PIGS_DEAL)[0]
        + hands_of(PIGS_DEAL)[1]
        + hands_of(PIGS_DEAL)[2]
        + hands_of(PIGS_DEAL)[3]
    ]
    for c in mine:
        rest.remove(c)
    hands = [tuple(mine), tuple(rest[:12]), tuple(rest[12:24]), tuple(rest[24:])]
    only_kings = rules(throw="immediate")
    assert parse("0:throw") not in legal_for(new_game(only_kings, hands, 3), 0)
    house = rules(throw="immediate", throw_hands=[hand])
    state = apply(new_game(house, hands, 3), parse("0:throw"))
    assert state.contract == "redeal" and result(state)["points"] == [0, 0, 0, 0]


def test_throw_thresholds() -> None:
    four_nines = parse_cards("C9 C9 S9 S9 CA CA CT CT SA SA ST HA")
    rest = [c for h in hands_of(PIGS_DEAL) for c in h]
    for c in four_nines:
        rest.remove(c)
    hands = [four_nines, tuple(rest[:12]), tuple(rest[12:24]), tuple(rest[24:])]
    assert parse("0:throw") not in legal_for(
        new_game(rules(throw="reservation", throw_hands=["nines"]), hands, 3), 0
    )
    four = rules(throw="reservation", throw_hands=["nines"], throw_nines=4)
    assert parse("0:throw") in legal_for(new_game(four, hands, 3), 0)


# -- options, metadata and refusals ------------------------------------------------------


def test_presets_are_unchanged() -> None:
    for rules_ in PRESETS.values():
        assert rules_.pigs == "none" and not rules_.superpigs and not rules_.pigs_in_solo
        assert rules_.throw_hands == ("kings",) and rules_.dulle_order != "second"
        assert not set(rules_.solos) & {"kings", "koehler", "queens-jacks"}


def test_every_option_has_group_depends_items() -> None:
    groups = {"cards", "reservations", "announcements", "specials", "scoring", "bock", "table"}
    options = {o["name"]: o for o in describe()["options"]}
    for option in options.values():
        assert option["group"] in groups
        for cond in option["depends"]:
            assert cond["option"] in options and ("not" in cond or "has" in cond)
    assert options["superpigs"]["depends"] == [{"option": "pigs", "not": ["none"]}]
    assert options["throw_kings"]["depends"] == [
        {"option": "throw_hands", "has": "kings"},
        {"option": "throw", "not": ["none"]},
    ]
    assert options["throw_hands"]["items"] == ["kings", "nines", "nines-kings", "fox-highest"]
    assert "koehler" in options["solos"]["items"]
    assert "dulle-caught" in options["specials_in_solo"]["items"]
    assert options["pigs"]["choices"] == ["none", "both", "second"]
    assert options["deadlines"]["items"] is None


@pytest.mark.parametrize(
    ("options", "code", "option"),
    [
        ({"superpigs": True}, "option-needs-pigs", "superpigs"),
        ({"pigs_in_solo": True}, "option-needs-pigs", "pigs_in_solo"),
        ({"pigs_reveal": "reservation"}, "option-needs-pigs", "pigs_reveal"),
        ({"pigs": "all"}, "option-not-a-choice", "pigs"),
        ({"dullen": False, "dulle_order": "second"}, "option-dulle-order", "dulle_order"),
        ({"throw_hands": ["queens"]}, "option-unknown-throw-hand", "throw_hands"),
        ({"throw_hands": ["kings", "kings"]}, "option-listed-twice", "throw_hands"),
        ({"throw": "immediate", "throw_hands": []}, "option-no-throw-hand", "throw_hands"),
        ({"deck": 40, "throw_hands": ["nines"]}, "option-throw-hands-deck", "throw_hands"),
        ({"throw_nines": 9}, "option-out-of-range", "throw_nines"),
        ({"solos": ["kingz"]}, "option-unknown-solo", "solos"),
        ({"specials_in_solo": ["pig"]}, "option-unknown-special", "specials_in_solo"),
        ({"deadlines": [1, 2]}, "option-deadline-count", "deadlines"),
    ],
)
def test_refusals_name_their_option(options: dict[str, Any], code: str, option: str) -> None:
    with pytest.raises(RulesError) as info:
        load_rules({"preset": "ddv", "options": options})
    assert info.value.code == code
    assert info.value.params["option"] == option


def test_throw_refused_names_the_hands() -> None:
    from doko.game.errors import IllegalAction

    house = rules(throw="reservation", throw_hands=["nines", "fox-highest"])
    state = new_game(house, hands_of(PIGS_DEAL), 0)
    with pytest.raises(IllegalAction) as info:
        apply(state, parse("1:throw"))
    assert info.value.code == "throw-hand-refused"
    assert info.value.params == {"hands": ["nines", "fox-highest"]}


def test_standard_bot_never_smears_a_pig() -> None:
    from doko.bots.bots import smear

    start = new_game(rules(pigs="both"), hands_of(PIGS_DEAL), 0)
    for action in HEALTHY:
        start = apply(start, parse(action))
    obs = observe(start, 0)
    # the Karo-As is worth more Augen, but as a Schweinchen it is the top trump
    assert smear(obs, cards("DA SA")) == Card("S", "A")


def test_every_rules_refusal_declares_its_option() -> None:
    from doko.game.errors import MESSAGES, param_names

    codes = [c for c in MESSAGES if c.startswith("option-")]
    codes += ["unknown-option", "unknown-preset", "rules-shape", "rules-options-shape"]
    assert all("option" in param_names(code) for code in codes)


@pytest.mark.parametrize(
    ("hand", "solo"),
    [
        ("CK CK SK SK HK CA SA HA C9 S9 H9 D9", "solo:kings"),
        ("CK SK HK DK CQ SQ HQ CJ SJ HJ CA SA", "solo:koehler"),
        ("CQ SQ HQ DQ CJ SJ HJ DJ CA SA C9 S9", "solo:queens-jacks"),
    ],
)
def test_standard_bot_declares_picture_solos(hand: str, solo: str) -> None:
    import random

    from doko.bots.bots import standard_bot

    mine = parse_cards(hand)
    rest = [c for h in hands_of(PIGS_DEAL) for c in h]
    for c in mine:
        rest.remove(c)
    hands = [tuple(rest[:12]), mine, tuple(rest[12:24]), tuple(rest[24:])]
    house = rules(solos=["diamonds", "queens", "jacks", *PICTURE])
    state = new_game(house, hands, 0)
    assert str(standard_bot(observe(state, 1), random.Random(1))) == f"1:{solo}"
    plain = new_game(rules(), hands, 0)  # without the picture solos: no such solo
    assert str(standard_bot(observe(plain, 1), random.Random(1))) != f"1:{solo}"


PICTURE = ["kings", "queens-jacks", "kings-queens", "kings-jacks", "koehler"]


def test_which_cards_are_pigs() -> None:
    from doko.game.pigs import pig_cards

    both = rules(pigs="both", superpigs=True, pigs_in_solo=True)
    assert pig_cards(both, "normal", 48) == (Card("D", "A"), Card("D", "9"))
    assert pig_cards(both, "poverty", 48) == (Card("D", "A"), Card("D", "9"))
    assert pig_cards(both, "solo:hearts", 48) == (Card("H", "A"), Card("H", "9"))
    assert pig_cards(both, "solo:koehler", 48) == (None, None)
    assert pig_cards(both, "solo:fleshless", 48) == (None, None)
    forty = load_rules({"preset": "ohne-neunen", "options": {"pigs": "both", "superpigs": True}})
    assert pig_cards(forty, "normal", 40) == (Card("D", "A"), Card("D", "K"))
    assert pig_cards(forty, "solo:clubs", 40) == (None, None)  # pigs_in_solo off
