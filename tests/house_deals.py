"""Hand-built deals for the house-rule tests: each deal is written as its twelve
tricks, one card per seat (seat 0..3), so that every trick but the last is of one
suit (or all trumps) and so legal whoever leads; the hands follow from the tricks.
``play`` replays such a deal trick by trick, each led by the previous winner."""

from __future__ import annotations

from collections import Counter
from typing import Any

from doko.game.actions import parse
from doko.game.cards import Card, deck, parse_cards
from doko.game.rules import Rules, load_rules
from doko.game.state import GameState, apply, new_game

Tricks = list[str]  # "SEAT0 SEAT1 SEAT2 SEAT3" cards of one trick


def rules(**options: Any) -> Rules:
    return load_rules({"preset": "ddv", "options": options})


def hands_of(tricks: Tricks) -> list[tuple[Card, ...]]:
    rows = [parse_cards(t) for t in tricks]
    hands = [tuple(row[seat] for row in rows) for seat in range(4)]
    assert Counter(c for h in hands for c in h) == Counter(deck(48)), "not a whole deck"
    return hands


def play(
    house: Rules,
    tricks: Tricks,
    before: list[str],
    dealer: int = 0,
    hands: list[tuple[Card, ...]] | None = None,
) -> tuple[GameState, list[int]]:
    """The deal played out: the actions ``before`` the play, then the tricks."""
    state = new_game(house, hands or hands_of(tricks), dealer)
    for action in before:
        state = apply(state, parse(action))
    winners = []
    for text in tricks:
        row = parse_cards(text)
        leader = state.to_act
        assert leader is not None
        for k in range(4):
            seat = (leader + k) % 4
            state = apply(state, parse(f"{seat}:{row[seat]}"))
        winners.append(state.tricks[-1].winner)
    assert state.is_over
    return state, winners


HEALTHY = ["1:healthy", "2:healthy", "3:healthy", "0:healthy"]  # dealer 0

# Seat 0 holds both Karo-Asse (Schweinchen) and plays them in tricks 6 and 7 against
# the Dullen of Re (seats 2 and 3 hold the Kreuz-Damen). Augen per trick:
# 19 25 25 25 25 27 26 11 16 16 11 14.
PIGS_DEAL = [
    "HA HK H9 HK",
    "CA CT CK C9",
    "C9 CA CT CK",
    "SA ST SK S9",
    "S9 SK SA ST",
    "DA DQ CQ HT",
    "DA DJ HT CQ",
    "SQ HQ DQ CJ",
    "SJ CJ HJ DT",
    "SJ HJ DJ DT",
    "HQ DK D9 DK",
    "H9 HA SQ D9",
]

# The same, but seat 3 holds both Karo-Neunen (Superschweinchen), played in the
# last two tricks. Augen per trick as above.
SUPERPIGS_DEAL = PIGS_DEAL[:10] + ["HQ DK DK D9", "H9 HA SQ D9"]

# Both Dullen fall in the last trick: seat 1 (Kontra) first, seat 3 (Re) second,
# led by seat 0. Augen: 19 25 25 25 25 17 19 11 16 16 11 31.
DULLEN_LAST_DEAL = [
    "HA HK H9 HK",
    "CA CT CK C9",
    "C9 CA CT CK",
    "SA ST SK S9",
    "S9 SK SA ST",
    "DA D9 CQ DQ",
    "DA SQ DJ CQ",
    "SQ HQ DQ CJ",
    "SJ CJ HJ DT",
    "SJ HJ DJ DT",
    "HQ DK D9 DK",
    "H9 HT HA HT",
]

# A Königssolo for seat 2: kings are the only trumps, every suit is A T Q J 9.
# Augen: 16 16 26 26 26 26 26 26 26 26 0 0.
KINGS_SOLO_DEAL = [
    "DK HK CK SK",
    "DK HK CK SK",
    "CT CQ CA CJ",
    "CT CQ CA CJ",
    "SQ ST SA SJ",
    "SQ ST SJ SA",
    "HT HQ HA HJ",
    "HA HJ HT HQ",
    "DQ DA DT DJ",
    "DJ DQ DA DT",
    "C9 S9 C9 S9",
    "H9 D9 H9 D9",
]

# A Trumpfabgabe: seat 1 gives DA DK DQ to seat 2, who gets back CA SA HA and so
# holds both Karo-Asse for the play (the tricks are the hands after the exchange;
# seat 1 holds no trump and throws plain cards on the trump tricks). Dealer 3.
# Augen: 25 25 15 35 34 13 8 17 24 20 6 18.
POVERTY_TRICKS = [
    "CA C9 CT CK",
    "SA S9 ST SK",
    "HA H9 HK H9",
    "HT CA DA CQ",
    "CQ CT DA HT",
    "SQ CK DQ HQ",
    "HQ C9 DQ CJ",
    "CJ SA SJ HJ",
    "DT ST SJ HJ",
    "DJ SK DK DT",
    "DJ S9 DK D9",
    "HK HA SQ D9",
]
POVERTY_GIVEN = parse_cards("DA DK DQ")
POVERTY_RETURNED = parse_cards("CA SA HA")
POVERTY_BEFORE = [
    "0:healthy",
    "1:poverty",
    "2:healthy",
    "3:healthy",
    "2:accept",
    "2:return:CA,HA,SA",
]


def poverty_hands() -> list[tuple[Card, ...]]:
    """The hands as dealt: the giver's before it gave its trumps and got cards back."""
    played = [list(h) for h in hands_of(POVERTY_TRICKS)]
    for card in POVERTY_RETURNED:
        played[1].remove(card)
        played[2].append(card)
    for card in POVERTY_GIVEN:
        played[2].remove(card)
        played[1].append(card)
    return [tuple(h) for h in played]
