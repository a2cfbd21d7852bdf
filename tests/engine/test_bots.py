"""Bots see only their seat's observation and always act legally."""

from __future__ import annotations

import random

import pytest

from doko.bots.botregistry import get_bot
from doko.bots.bots import play, playout
from doko.bots.search import sample_world, voids
from doko.bots.sim import simulate
from doko.game.actions import parse
from doko.game.cards import CQ, parse_cards
from doko.game.observation import observe, revealed_parties, world_view
from doko.game.rules import PRESETS
from doko.game.state import (
    GameState,
    apply,
    legal_for,
    new_game,
    play_card,
    playable_cards,
    seeded_game,
)


def test_observation_hides_other_hands() -> None:
    state = seeded_game(PRESETS["ddv"], 3, dealer=3)
    obs = observe(state, 1)
    assert obs.hand == state.hands[1]
    assert all(h == () for s, h in enumerate(obs.public.hands) if s != 1)
    assert all(h == () for s, h in enumerate(obs.public.dealt) if s != 1)


BOTH_ALTEN_IN_SEAT_0 = [
    "CQ CQ HT DA DT DK D9 CA CT SA ST HA",
    "HT DA DT DK D9 CT SK ST HA HK HK H9",
    "SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ HJ",
    "DJ DJ CA CK CK C9 C9 SA SK S9 S9 H9",
]


def test_silent_wedding_stays_silent_for_the_others() -> None:
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in BOTH_ALTEN_IN_SEAT_0], 3)
    for seat in range(4):
        state = apply(state, parse(f"{seat}:healthy"))
    assert state.contract == "silent-wedding"
    assert observe(state, 1).contract == "normal" and observe(state, 1).declarer is None
    assert observe(state, 0).contract == "silent-wedding"


def test_a_seat_that_plays_both_alten_shows_a_silent_wedding() -> None:
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in BOTH_ALTEN_IN_SEAT_0], 3)
    for seat in range(4):
        state = apply(state, parse(f"{seat}:healthy"))
    queens = 0
    while queens < 2:
        seat = state.to_act
        assert seat is not None
        cards = playable_cards(state, seat)
        card = CQ if seat == 0 and CQ in cards else play(observe(state, seat), cards)[0]
        if card == CQ:
            # one Alte played: the others do not know that the rest are all Kontra
            assert observe(state, 1).known_kontra == frozenset()
            queens += 1
        state = play_card(state, seat, card)
    assert revealed_parties(state, -1) == (frozenset({0}), frozenset({1, 2, 3}))
    for seat in (1, 2, 3):
        seen = observe(state, seat)
        assert (seen.known_re, seen.known_kontra) == (frozenset({0}), frozenset({1, 2, 3}))


def test_sampled_worlds_respect_voids_and_hand_sizes() -> None:
    rng = random.Random(5)
    for seed in range(20):
        state = seeded_game(PRESETS["ddv"], seed, dealer=3)
        bot = get_bot("standard")
        for _ in range(4 + 4 * 6 + seed % 4):  # into the middle of the game
            if state.is_over:
                break
            assert state.to_act is not None
            state = apply(state, bot(observe(state, state.to_act), rng))
        if state.is_over or state.phase != "play":
            continue
        obs = observe(state, state.to_act or 0)
        world = sample_world(obs, rng)
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.hands[obs.seat] == state.hands[obs.seat]
        for seat, suits in voids(obs).items():
            assert not any(world.order.follows[c] in suits for c in world.hands[seat])
        if world.contract == "normal":
            assert sum(h.count(CQ) for h in world.dealt) == 2


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["beginner", "standard", "strong@2"])
def test_every_level_plays_only_legal_actions(preset: str, level: str) -> None:
    # apply() refuses illegal actions, so finishing the games is the check
    games = 3 if level.startswith("strong") else 60
    report = simulate(PRESETS[preset], games, seed=9, specs=[level, "standard", level, "random"])
    assert report["games"] == games


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("grandmaster")
    with pytest.raises(ValueError, match="milliseconds"):
        get_bot("strong@fast")


ALTEN_IN_SEATS_0_AND_2 = [
    "CQ HT DA DT DK D9 CA CT SA ST HA H9",
    "HT DA DT DK D9 CT SK ST HA HK HK H9",
    "CQ SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ",
    "DJ DJ HJ CA CK CK C9 C9 SA SK S9 S9",
]


# Seat 0 holds one spade, two hearts and three clubs; seat 1 is void in clubs and
# holds the Fuchs; seat 2 holds six trumps, three queens and three jacks.
TRUMPING_HANDS = [
    "CA CT C9 SA HA H9 CQ HT DA DT DK D9",
    "HT DA DJ DQ SA ST SK S9 HA HK H9 D9",
    "CQ SQ HQ CJ SJ HJ CK CK C9 ST SK S9",
    "CA CT CJ SQ SJ HK HQ HJ DT DK DQ DJ",
]


def _card_of(state: GameState, seat: int) -> str:
    return str(play(observe(state, seat), playable_cards(state, seat))[0])


def test_standard_play_cashes_the_ace_of_its_shortest_suit_and_trumps_cheaply() -> None:
    """The ace of the suit held shortest goes through most often; a trick is taken
    with the lowest trump that wins it, but a plain suit's first round with the Fuchs
    (the seats after still follow, so its Augen come home)."""
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in TRUMPING_HANDS], 3)
    for seat in range(4):
        state = apply(state, parse(f"{seat}:healthy"))
    assert _card_of(state, 0) == "SA"  # not CA (three clubs) nor HA (two hearts)
    assert _card_of(apply(state, parse("0:CA")), 1) == "DA"  # not the Dulle
    trump_led = apply(apply(state, parse("0:DT")), parse("1:D9"))
    assert _card_of(trump_led, 2) == "HJ"  # the lowest of six winning trumps


def test_a_rollout_seat_knows_only_the_parties_shown() -> None:
    """Inside a sampled world a seat knows its own party and what the Kreuz-Damen
    played have shown, not the world's other parties: it cannot smear onto a partner
    it has not found yet."""
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in ALTEN_IN_SEATS_0_AND_2], 3)
    for seat in range(4):
        state = apply(state, parse(f"{seat}:healthy"))
    assert state.re_party == (0, 2)
    before = world_view(state, 2)
    assert before.my_party == "re" and before.partner_known(0) is None
    kontra = world_view(state, 1)
    assert kontra.my_party == "kontra" and kontra.partner_known(3) is None
    state = apply(state, parse("0:CQ"))
    assert world_view(state, 2).partner_known(0) is True
    assert world_view(state, 1).partner_known(0) is False


def test_a_seat_that_finds_its_partner_knows_the_other_two() -> None:
    """Once its partner is shown, a seat counts the other two against it, as a
    player does, though the table does not know it; its sampled worlds give them
    the Kreuz-Damen they must then hold."""
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in ALTEN_IN_SEATS_0_AND_2], 3)
    for seat in range(4):
        state = apply(state, parse(f"{seat}:healthy"))
    said = apply(state, parse("1:kontra"))
    kontra = observe(said, 3)
    assert [kontra.partner_known(s) for s in (0, 1, 2)] == [False, True, False]
    assert observe(said, 0).partner_known(2) is None  # seat 0 has not found its partner
    rng = random.Random(2)
    for _ in range(30):
        world = sample_world(kontra, rng)
        assert CQ in world.hands[0] and CQ in world.hands[2]
    played = apply(state, parse("0:CQ"))
    re = observe(played, 2)
    assert [re.partner_known(s) for s in (0, 1, 3)] == [True, False, False]
    assert observe(played, 1).partner_known(3) is None
    assert world_view(played, 2).partner_known(3) is False


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playout_plays_the_standard_card_of_each_seat_view(preset: str) -> None:
    """``playout`` works out what each seat knows only when it changes; it plays
    the same cards as asking ``world_view`` afresh for every card."""
    rng = random.Random(preset)
    checked = 0
    for seed in range(40):
        state = seeded_game(PRESETS[preset], seed, dealer=seed % 4)
        while state.phase != "play" and not state.is_over:
            assert state.to_act is not None
            legal = legal_for(state, state.to_act)
            healthy = [a for a in legal if a.word == "healthy"]
            # mostly normal games, where what a seat knows changes during the play
            state = apply(state, healthy[0] if healthy and seed % 5 else rng.choice(legal))
        if state.is_over:
            continue
        for _ in range(rng.randrange(20)):  # from somewhere in the play
            actor = state.to_act
            assert actor is not None
            state = play_card(state, actor, rng.choice(playable_cards(state, actor)))
        step = state
        while not step.is_over:
            actor = step.to_act
            assert actor is not None
            cards = playable_cards(step, actor)
            step = play_card(step, actor, play(world_view(step, actor), cards)[0])
        assert playout(state).tricks == step.tricks
        checked += 1
    assert checked >= 30


def test_while_a_hochzeit_is_open_rollout_seats_count_on_each_other() -> None:
    """In an open Hochzeit the rollouts' other seats play as the Hochzeiter's
    opponents, each other's partners, until a trick decides it (measured better
    against the UCT sparring partner than seats that count on nobody)."""
    state = new_game(PRESETS["ddv"], [parse_cards(h) for h in BOTH_ALTEN_IN_SEAT_0], 3)
    for action in ("0:wedding", "1:healthy", "2:healthy", "3:healthy"):
        state = apply(state, parse(action))
    assert state.contract == "wedding" and not state.wedding_decided
    view = world_view(state, 1)
    assert view.partner_known(2) is True and view.partner_known(0) is False
    assert observe(state, 1).partner_known(2) is None  # what the table has shown
