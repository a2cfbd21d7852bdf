"""A Trumpfabgabe (Armut) scripted card by card: the exact exchange, the refusals of a
wrong return, and the score; and the seeded table the page's Armut test plays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from doko.bots.botregistry import get_bot
from doko.game.actions import parse
from doko.game.cards import deal, parse_cards
from doko.game.errors import IllegalAction
from doko.game.notation import parse_record
from doko.game.observation import observe
from doko.game.outcome import result
from doko.game.rules import PRESETS
from doko.game.state import GameState, apply, legal_actions, new_game

# Seat 1 gives its three trumps (SQ SQ CJ), seat 2 declines, seat 3 takes them and gives
# back CK HA SA; the expected score is worked out by hand in the file's "why".
CASE = json.loads(
    (
        Path(__file__).resolve().parents[1] / "records/scripted/ohne-neunen_poverty_taken.json"
    ).read_text()
)
START, ACTIONS = parse_record(CASE["record"])
ACCEPTED = ACTIONS.index("3:accept") + 1


def taken() -> GameState:
    state = START
    for action in ACTIONS[:ACCEPTED]:
        state = apply(state, parse(action))
    return state


def test_the_taker_gets_exactly_the_givers_trumps() -> None:
    state = taken()
    assert (state.phase, state.to_act, state.declarer, state.partner) == ("poverty-return", 3, 1, 3)
    assert state.poverty_cards == parse_cards("SQ SQ CJ")
    assert state.hands[1] == parse_cards("HA SA ST SK CK CA CT")
    assert state.hands[3] == parse_cards("DQ CK HQ DT DJ HA CQ DQ SA CQ SQ SQ CJ")
    assert state.re_party == (1, 3)


@pytest.mark.parametrize(
    ("words", "code"),
    [
        ("return:CK,HA", "return-count"),
        ("return:CK,HA,HT", "return-not-held"),
        ("return:CK,HA,XX", "unknown-card"),
        ("healthy", "return-format"),
    ],
)
def test_a_wrong_return_is_refused_with_its_reason(words: str, code: str) -> None:
    with pytest.raises(IllegalAction) as info:
        apply(taken(), parse(f"3:{words}"))
    assert info.value.code == code


def test_the_returned_cards_go_back_and_the_deal_scores_as_worked_out() -> None:
    state = apply(taken(), parse("3:return:CK,HA,SA"))
    assert state.phase == "play" and state.poverty_returned == 0  # no trump given back
    assert state.hands[1] == parse_cards("HA SA ST SK CK CA CT CK HA SA")
    assert state.hands[3] == parse_cards("DQ HQ DT DJ CQ DQ CQ SQ SQ CJ")
    for action in ACTIONS[ACCEPTED + 1 :]:
        state = apply(state, parse(action))
    outcome = result(state)
    assert outcome["points"] == [-3, 3, -3, 3]
    assert outcome["eyes"] == {"re": 172, "kontra": 68}
    assert outcome["poverty"] == {"giver": 1, "taker": 3, "trumps_returned": 0}


def test_a_return_in_any_order_is_recorded_sorted() -> None:
    state = apply(taken(), parse("3:return:SA,HA,CK"))
    assert str(state.history[-1]) == "3:return:CK,HA,SA"


def test_the_seeded_table_of_the_page_test_offers_seat_0_an_armut() -> None:
    """``#/play?rules=ohne-neunen&seed=78&level=beginner``: seat 1 declares a
    Trumpfabgabe, seats 2 and 3 decline, and the person in seat 0 is asked."""
    rules = PRESETS["ohne-neunen"]
    state = new_game(rules, deal(rules.deck_for(4), 4, 78, 3), 3)
    state = apply(state, parse("0:healthy"))
    bot, rng = get_bot("beginner"), random.Random(78)
    while state.to_act != 0:
        state = apply(state, bot(observe(state, state.to_act), rng))
    assert (state.phase, state.declarer) == ("poverty", 1)
    assert [str(a) for a in state.history[-2:]] == ["2:decline", "3:decline"]


def test_the_poor_players_hand_marks_every_card_given_back() -> None:
    """Seat 3 gives back one of seat 1's own Pik-Damen with CK and HA: all three are
    marked on seat 1's hand (the Dame too, though seat 1 was dealt two of them), and
    the Dame's mark goes once it is played."""
    from doko import api

    state = apply(taken(), parse("3:return:CK,HA,SQ"))
    assert api._received(state, 1) == ["CK", "HA", "SQ"]
    assert api._received(state, 3) == ["CJ", "SQ"]  # the taker keeps one Dame and the Bube
    assert api._received(state, 0) == []
    sq = parse_cards("SQ")[0]
    while sq in state.hands[1]:  # the Dame came back alone: once played, it is no mark
        state = apply(state, next(a for a in legal_actions(state) if a.is_card))
    assert "SQ" not in api._received(state, 1)
