"""The named facts and small shared helpers the engine reads instead of bare numbers."""

from __future__ import annotations

import random
from collections import Counter

from doko.game.cards import (
    DOPPELKOPF_EYES,
    HALF_EYES,
    TOTAL_EYES,
    WIN_EYES,
    dealer_sits_out,
    deck,
    playing_seats,
    total_eyes,
)
from doko.game.contracts import is_solo, order_kind, solo_contract, solo_kind
from doko.game.rules import PRESETS
from doko.game.state import apply, legal_actions, seeded_game
from doko.game.tricks import played_by_seat


def test_the_augen_of_every_deck_played() -> None:
    """Every preset's deck at every table size holds 240 Augen (A 11, 10 10, K 4, D 3,
    B 2): more than half, 121, wins; 40 or more in one trick is a Doppelkopf."""
    for rules in PRESETS.values():
        for players in rules.players:
            assert total_eyes(deck(rules.deck_for(players))) == TOTAL_EYES == 240
    assert (HALF_EYES, WIN_EYES, DOPPELKOPF_EYES) == (120, 121, 40)


def test_at_five_the_dealer_sits_out() -> None:
    for players in (4, 5, 6, 8):
        state = seeded_game(PRESETS["klassisch"], 1, players, dealer=2)
        holding = [seat for seat, hand in enumerate(state.dealt) if hand]
        assert len(holding) == playing_seats(players) == players - (players == 5)
        assert (2 not in holding) == dealer_sits_out(players) == (players == 5)


def test_solo_contract_ids() -> None:
    assert solo_contract("queens") == "solo:queens" and solo_kind("solo:queens") == "queens"
    assert solo_kind("wedding") is None and not is_solo("wedding-alone")
    assert order_kind("solo:kings-jacks") == "kings-jacks" and order_kind("poverty") == "normal"


def test_cards_played_by_seat_and_in_hand_make_the_deal() -> None:
    rng = random.Random(9)
    for players in (4, 5, 6):
        state = seeded_game(PRESETS["klassisch"], players, players)
        while not state.is_over:
            played = played_by_seat(state.tricks, state.trick, state.players)
            for seat in range(state.players):
                held = Counter(state.hands[seat]) + Counter(played[seat])
                assert held == Counter(state.dealt[seat])  # (klassisch: no Trumpfabgabe)
            legal = legal_actions(state)
            state = apply(state, rng.choice(legal), legal)
