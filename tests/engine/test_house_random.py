"""Random games under house rules: every option on together, and random valid
variants of every preset (doko.game.variants), with the invariants simulate checks after
every game (each card once, 240 Augen, one card per seat in a trick, legal cards only
since every action goes through apply, points summing as the scoring requires); and
every bot level on random variants, a few deals each, without a crash."""

from __future__ import annotations

import random

import pytest

from doko.bots.botregistry import LEVELS
from doko.bots.sim import check_invariants, play_game, simulate
from doko.game.actions import parse
from doko.game.cards import Card, deal
from doko.game.observation import observe
from doko.game.outcome import result
from doko.game.rules import PRESETS
from doko.game.state import GameState, apply, legal_actions, new_game
from doko.game.variants import everything_on, random_rules

VARIANTS = 40  # random variants, each played at every table size it allows
GAMES_PER_VARIANT = 8


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_everything_on_holds_invariants(preset: str) -> None:
    rules = everything_on(preset)
    for players in rules.players:
        report = simulate(rules, 60, seed=5, specs=["random"] * players, players=players)
        assert report["games"] == 60


def test_random_variants_hold_invariants() -> None:
    rng = random.Random(2024)
    games = 0
    for index in range(VARIANTS):
        rules = random_rules(rng)
        for players in rules.players:
            simulate(rules, GAMES_PER_VARIANT, index, ["random"] * players, players)
            games += GAMES_PER_VARIANT
    assert games >= VARIANTS * GAMES_PER_VARIANT


def test_pig_holder_is_seen_only_once_shown() -> None:
    # in random deals with pigs shown at play: no other seat's observation names the
    # holder (or ranks the Karo-As on top) before the table has seen it
    rules = PRESETS["ddv"].replace(pigs="both", superpigs=True)
    rng = random.Random(3)
    checked = 0
    for seed in range(300):
        state = new_game(rules, deal(48, 4, seed, 0), 0)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if state.pig_seat is not None and state.pigs_shown < 0 and seat != state.pig_seat:
                obs = observe(state, seat)
                assert obs.public.pig_seat is None
                assert Card("D", "A") not in obs.order.tops  # (its own Superschweinchen may be)
                checked += 1
            state = _step(state, rng)
    assert checked > 0


def _step(state: GameState, rng: random.Random) -> GameState:
    """A random action, but no reservation: normal games, where the pigs are."""
    legal = legal_actions(state)
    if state.phase == "reservations":
        return apply(state, parse(f"{state.to_act}:healthy"))
    return apply(state, rng.choice(legal), legal)


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "random"])
def test_every_bot_level_plays_random_variants(level: str) -> None:
    spec = {"strong": "strong#2", "strong-v1": "strong-v1#2", "ismcts": "ismcts#30"}.get(
        level, level
    )
    rng = random.Random(hash(level) % 1000)
    variants = [random_rules(rng, preset) for preset in sorted(PRESETS)] + [everything_on()]
    for index, rules in enumerate(variants):
        hands = deal(rules.deck, 4, index, index % 4)
        state = play_game(
            new_game(rules, hands, index % 4), [spec, "random", spec, "standard"], rng
        )
        check_invariants(state, result(state))


@pytest.mark.parametrize("spec", ["standard", "strong#2", "strong-v1#2", "ismcts#30"])
def test_bots_play_a_deal_with_pigs_and_superpigs(spec: str) -> None:
    # the hand-built deal where seat 0 holds the Schweinchen and seat 3 the
    # Superschweinchen, both shown at play and both shown at once
    from house_deals import SUPERPIGS_DEAL, hands_of

    for reveal in ("play", "reservation"):
        rules = PRESETS["ddv"].replace(pigs="second", superpigs=True, pigs_reveal=reveal)
        state = play_game(
            new_game(rules, hands_of(SUPERPIGS_DEAL), 0), [spec] * 4, random.Random(1)
        )
        check_invariants(state, result(state))
