"""Cards, decks and the seeded deal.

A card is a (suit, rank) pair printed as two letters: suit ``C S H D`` then rank
``A T K Q J 9 8 7`` (``HT`` is the Dulle, ``CQ`` the Alte, ``DA`` the Fuchs,
``CJ`` Karlchen). Every deck holds each card twice.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .errors import DokoError

SUITS = "CSHD"
RANKS = "ATKQJ987"

EYES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

# Ranks in each deck size; two copies of every card make the deck.
DECK_RANKS = {40: "ATKQJ", 48: "ATKQJ9", 64: "ATKQJ987"}


class Card(NamedTuple):
    suit: str
    rank: str

    @classmethod
    def from_str(cls, text: str) -> Card:
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise DokoError("unknown-card", text=text)
        return card

    def __str__(self) -> str:
        return self.suit + self.rank

    def __repr__(self) -> str:
        return f"Card({self.suit + self.rank!r})"

    @property
    def eyes(self) -> int:
        return EYES[self.rank]


# One object per card: dealt, parsed and ranked cards are then the same objects,
# so the dictionary look-ups of the hot paths match by identity.
_BY_TEXT = {s + r: Card(s, r) for s in SUITS for r in RANKS}


def card(suit: str, rank: str) -> Card:
    """The one shared instance of a card."""
    return _BY_TEXT[suit + rank]


CARDS = tuple(_BY_TEXT.values())  # every distinct card of the 64-card deck

HT = card("H", "T")
CQ = card("C", "Q")
DA = card("D", "A")
CJ = card("C", "J")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse space-separated cards, e.g. ``"CQ HT DA"``."""
    return tuple(Card.from_str(t) for t in text.split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


_DECKS = {
    size: tuple(_BY_TEXT[s + r] for s in SUITS for r in ranks) * 2
    for size, ranks in DECK_RANKS.items()
}


def deck(size: int) -> list[Card]:
    """Every card of a deck of ``size`` cards (40, 48 or 64), two of each."""
    if size not in _DECKS:
        raise DokoError("no-such-deck", size=size)
    return list(_DECKS[size])  # a fresh list: deal shuffles it in place


def deal(size: int, players: int, seed: int, dealer: int = 0) -> list[tuple[Card, ...]]:
    """Shuffle a deck with ``seed`` and deal it to the active seats.

    With five players the dealer sits out and gets an empty hand. The deal is
    a pure function of its arguments, so a seed names a deal everywhere
    (CPython, Pyodide, the CLI and the page).
    """
    cards = deck(size)
    random.Random(seed).shuffle(cards)
    active = [s for s in range(players) if not (dealer_sits_out(players) and s == dealer)]
    per_seat = size // len(active)
    hands: list[tuple[Card, ...]] = [()] * players
    for i, seat in enumerate(active):
        hands[seat] = tuple(cards[i * per_seat : (i + 1) * per_seat])
    return hands


_EYES_OF = {c: EYES[c.rank] for c in _BY_TEXT.values()}

# The Augen of every deck played (48 or 40 cards, two 32-card packs at eight players).
TOTAL_EYES = 240
HALF_EYES = TOTAL_EYES // 2  # 120:120 is a tie between fixed teams
WIN_EYES = HALF_EYES + 1  # 121: more than half wins a normal game
DOPPELKOPF_EYES = 40  # a trick of this many Augen or more is a Doppelkopf


def total_eyes(cards: list[Card] | tuple[Card, ...]) -> int:
    return sum(map(_EYES_OF.__getitem__, cards))  # a look-up per card: scoring sums every trick


def dealer_sits_out(players: int) -> bool:
    """At five players the dealer sits each deal out: deals, but holds no cards."""
    return players == 5


def playing_seats(players: int) -> int:
    """Seats that hold cards in a deal at a table of ``players``."""
    return players - 1 if dealer_sits_out(players) else players


def is_fixed_team(players: int) -> bool:
    """Six and eight players play in fixed teams by seat: even seats against odd."""
    return players in (6, 8)
