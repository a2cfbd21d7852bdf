"""``compact_policy`` plays the ``standard`` cards on card ids: held to ``bots.play``
card for card, from random points of random deals, on every preset, the larger
tables and the Schweinchen rules."""

from __future__ import annotations

import random

import pytest

from doko.bots.bots import play, playout
from doko.bots.compact import compact_ok
from doko.bots.compact_policy import play_standard, play_standard_until
from doko.game.cards import deal
from doko.game.observation import world_view
from doko.game.outcome import result
from doko.game.rules import PRESETS, SPECIAL_KINDS, Rules, load_rules
from doko.game.state import GameState, apply, legal_actions, new_game, play_card, playable_cards

TABLES = [(PRESETS[p], 4) for p in sorted(PRESETS)]
TABLES += [(PRESETS[p], n) for p in sorted(PRESETS) for n in PRESETS[p].players if n != 4]
TABLES += [
    (load_rules({"preset": "ddv", "options": {"pigs": pigs, "superpigs": True}}), 4)
    for pigs in ("both", "second")
]
# every Sonderpunkt (the compact scoring sends the rarer kinds through the engine)
ALL_SPECIALS = {"specials": list(SPECIAL_KINDS), "specials_in_solo": list(SPECIAL_KINDS)}
TABLES += [(load_rules({"preset": "ddv", "options": {**ALL_SPECIALS, "doppelkarl": True}}), 4)]


def stepped(state: GameState, until: int | None = None) -> GameState:
    """The rest of the deal by asking ``bots.play`` with a fresh ``world_view`` per card
    (with ``until``: up to that seat's turn)."""
    while not state.is_over and state.to_act != until:
        actor = state.to_act
        assert actor is not None
        card = play(world_view(state, actor), playable_cards(state, actor))[0]
        state = play_card(state, actor, card)
    return state


def positions(rules: Rules, players: int, count: int, rng: random.Random) -> list[GameState]:
    """States somewhere in the play of random deals (random reservations, random
    cards before), that the compact copy can finish."""
    out: list[GameState] = []
    while len(out) < count:
        dealer = rng.randrange(players)
        state = new_game(
            rules, deal(rules.deck_for(players), players, rng.randrange(2**32), dealer), dealer
        )
        while state.phase != "play" and not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
        for _ in range(rng.randrange(40)):
            if state.is_over:
                break
            actor = state.to_act
            assert actor is not None
            state = play_card(state, actor, rng.choice(playable_cards(state, actor)))
        if not state.is_over and compact_ok(state):
            out.append(state)
    return out


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=lambda x: getattr(x, "preset", x))
def test_compact_policy_plays_the_cards_of_bots_play(rules: Rules, players: int) -> None:
    rng = random.Random(f"{rules.preset}:{rules.pigs}:{players}")
    for state in positions(rules, players, 40, rng):
        played = play_standard(state)
        end = played.state()
        assert end == stepped(state)
        # and scored on the ids as the engine scores the end
        out = result(end)
        assert played.points() == out["points"]
        assert [played.eyes("re"), played.eyes("kontra")] == [
            out["eyes"][p] for p in ("re", "kontra")
        ]


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=lambda x: getattr(x, "preset", x))
def test_played_on_to_a_seats_turn_with_the_cards_of_bots_play(rules: Rules, players: int) -> None:
    """The search's look ahead: the other seats' cards up to one seat's next turn."""
    rng = random.Random(f"until:{rules.preset}:{rules.pigs}:{players}")
    stopped = 0
    for state in positions(rules, players, 40, rng):
        seat = rng.choice(state.active)
        reached = play_standard_until(state, seat)
        assert reached == stepped(state, until=seat)
        assert reached.is_over or reached.to_act == seat
        stopped += not reached.is_over and reached != state
    assert stopped > 0  # not only deals that end first, or a seat already to act


def test_playout_of_an_open_wedding_is_stepped_then_compact() -> None:
    """An open Hochzeit is played card by card until it is decided, then on ids:
    the same cards as asking ``bots.play`` for each."""
    rules = PRESETS["ddv"]
    found = 0
    for seed in range(200):
        state = new_game(rules, deal(rules.deck, 4, seed, 0), 0)
        while state.phase == "reservations":
            legal = legal_actions(state)
            wedding = [a for a in legal if a.word == "wedding"]
            state = apply(state, (wedding or [a for a in legal if a.word == "healthy"])[0])
        if state.contract == "wedding" and not state.wedding_decided:
            found += 1
            assert playout(state) == stepped(state)
    assert found >= 8
