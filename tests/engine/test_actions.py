"""Actions as values: parse and print every action string the engine lists."""

from __future__ import annotations

import random

import pytest

from doko.game.actions import (
    Action,
    is_wedding,
    named_card,
    parse,
    return_word,
    returned_cards,
    solo_word,
    split,
    wedding_rule,
)
from doko.game.cards import Card
from doko.game.errors import IllegalAction
from doko.game.rules import PRESETS
from doko.game.state import apply, legal_actions, seeded_game


def test_round_trip_of_every_listed_action() -> None:
    """Every action listed in random games of every preset reads and prints back as
    itself, and its kind says what it is."""
    rng = random.Random(3)
    kinds = set()
    for name, rules in PRESETS.items():
        for seed in range(6):
            state = seeded_game(rules, seed, 4)
            while not state.is_over:
                legal = legal_actions(state)
                for action in legal:
                    text = str(action)
                    assert Action.from_str(text) == action
                    kinds.add(action.kind)
                    assert action.is_card == (named_card(text.partition(":")[2]) is not None)
                    assert (action.kind == "call") == (
                        state.phase == "play"
                        and not action.is_card
                        and action.word != "declare-solo"
                    )
                state = apply(state, rng.choice(legal), legal)
        assert name
    assert kinds >= {"card", "call", "reservation"}


def test_fields() -> None:
    assert Action.from_str("2:HT") == Action(2, "card", Card("H", "T"))
    assert Action.from_str("1:no90") == Action(1, "call", None, "no90")
    assert Action.from_str("0:wedding:fehl").kind == "reservation"
    assert Action.from_str("0:solo:queens").word == "solo:queens"
    assert Action.from_str("3:return:CA,DT").kind == "poverty-return"
    assert Action.from_str("3:declare-solo").kind == "declare-solo"
    assert Action.from_str("2:HT").card == Card("H", "T") and Action.from_str("1:re").card is None


def test_reservation_words() -> None:
    """The words of solos, Hochzeiten and returned cards read back as their parts."""
    queens = Action.from_str("0:solo:queens")
    assert queens.solo_kind == "queens" and solo_word("queens") == "solo:queens"
    assert Action.from_str("0:healthy").solo_kind is None
    assert Action.from_str("2:HT").solo_kind is None
    assert is_wedding("wedding") and is_wedding("wedding:fehl") and not is_wedding("healthy")
    assert (wedding_rule("wedding:fehl"), wedding_rule("wedding")) == ("fehl", "")
    back = Action.from_str("3:return:DT,CA")
    assert back.returned == (Card("D", "T"), Card("C", "A"))
    assert return_word(back.returned) == "return:CA,DT"  # one word for the same cards
    assert returned_cards("return:") == () and Action.from_str("1:re").returned == ()


def test_values_made_by_the_bots_print_as_listed() -> None:
    assert str(Action.saying(1, "no90")) == "1:no90"
    assert Action.saying(0, "wedding:fehl").kind == "reservation"
    assert str(Action.playing(2, Card("H", "T"))) == "2:HT"
    assert parse("2:HT") is parse("2:HT")  # remembered
    assert split("12:solo:queens") == (12, "solo:queens")


def test_a_game_read_back_from_its_text_is_the_same_game() -> None:
    """A game played with the listed values ends as the same state as with their text
    read back (a card typed in lower case included)."""
    rng = random.Random(5)
    state = by_text = seeded_game(PRESETS["ddv"], 4, 4)
    while not state.is_over:
        action = rng.choice(legal_actions(state))
        text = str(action).lower() if action.is_card else str(action)
        state, by_text = apply(state, action), apply(by_text, Action.from_str(text))
        assert state == by_text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("HT", "malformed-action"),
        ("x:HT", "malformed-action"),
        ("1:XY", "unknown-action"),
        ("1:", "unknown-action"),
    ],
)
def test_text_that_names_no_action(text: str, code: str) -> None:
    with pytest.raises(IllegalAction) as info:
        Action.from_str(text)
    assert info.value.code == code
