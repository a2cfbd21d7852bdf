"""Actions as values: parse and print every action string the engine lists."""

from __future__ import annotations

import random

import pytest

from doko.actions import Action, card_of, is_card_action
from doko.cards import Card
from doko.errors import IllegalAction
from doko.rules import PRESETS
from doko.state import apply, legal_actions, seeded_game


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
                for text in legal:
                    action = Action.from_str(text)
                    assert str(action) == text
                    kinds.add(action.kind)
                    assert action.is_card == is_card_action(text)
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
    assert card_of("2:HT") == Card("H", "T") and card_of("1:re") is None


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
