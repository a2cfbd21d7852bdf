"""Contracts: what is trump, how cards rank, and who wins a trick.

A :class:`CardOrder` is the strategy that really differs between games: the
normal game (and Hochzeit, Trumpfabgabe, Karo-Solo), the other suit solos,
Damen-, Buben- and Fleischlos-Solo. It maps every card to the suit it follows
(``"T"`` for trump) and its power inside that suit. Orders are built once per
(kind, rules) and cached, so the hot paths are dictionary look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import DECK_RANKS, HT, SUITS, Card, card
from .errors import DokoError
from .rules import Rules

TRUMP = "T"
PLAIN_ORDER = "ATKQJ987"  # power of plain cards, highest first (only present ranks count)


@dataclass(frozen=True)
class CardOrder:
    kind: str  # "normal" or a solo kind
    follows: dict[Card, str]  # card -> suit it follows ("T" = trump)
    power: dict[Card, int]  # card -> rank inside what it follows; higher wins
    trumps: tuple[Card, ...]  # distinct trumps, highest first
    dulle_second_wins: bool  # the second HT beats the first (in the last trick: see below)
    dulle_second_last: bool = False  # ... in the last trick too (dulle_order "second")
    dullen: bool = False  # the HT is a Dulle here (a trump above the queens)
    # Schweinchen of one deal (doko.game.pigs): the cards that rank above every other trump
    # now (highest first), those whose first play unlocks them (pigs "second"), and
    # those whose first play shows the table who holds them (pigs_reveal "play")
    tops: tuple[Card, ...] = ()
    locked: frozenset[Card] = frozenset()
    unseen: frozenset[Card] = frozenset()
    # Tables for the hot paths, derived from the above: each card's rank in a trick
    # led by each suit (or trump), and the cards that follow each suit.
    led_ranks: dict[str, dict[Card, int]] = field(init=False, repr=False, compare=False)
    members: dict[str, frozenset[Card]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups = dict.fromkeys(self.follows.values())
        members = {g: frozenset(c for c, f in self.follows.items() if f == g) for g in groups}
        led_ranks = {led: {c: self._rank(c, led) for c in self.follows} for led in groups}
        object.__setattr__(self, "members", members)
        object.__setattr__(self, "led_ranks", led_ranks)

    def _rank(self, card: Card, led: str) -> int:
        """Beats every lower rank in a trick led by ``led``: any trump beats the led suit."""
        group = self.follows[card]
        if group == TRUMP:
            return 100 + self.power[card]
        return self.power[card] if group == led else 0

    def is_trump(self, card: Card) -> bool:
        return self.follows[card] == TRUMP

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Display order: trumps first (highest first), then suits C S H D."""
        group = self.follows[card]
        return (0 if group == TRUMP else 1 + SUITS.index(group), -self.power[card])

    def beats(self, card: Card, best: Card, last_trick: bool) -> bool:
        """Does ``card``, played after ``best``, take the trick from it?"""
        follows = self.follows
        if follows[card] != follows[best]:
            return follows[card] == TRUMP
        if card == best:
            return (
                card == HT and self.dulle_second_wins and (self.dulle_second_last or not last_trick)
            )
        return self.power[card] > self.power[best]

    def winner(self, cards: list[Card] | tuple[Card, ...], last_trick: bool) -> int:
        """Index (in play order) of the card that wins a complete trick.

        The highest rank in the led suit's table wins (``beats`` card by card);
        of equal cards the first, unless the second beats it (the Dullen rule).
        Cards of another plain suit rank 0: they never win.
        """
        ranks = self.led_ranks[self.follows[cards[0]]]
        best, top = 0, 0
        for i, played in enumerate(cards):
            rank = ranks[played]
            if rank > top:
                best, top = i, rank
            elif rank == top and self.beats(played, cards[best], last_trick):
                best = i  # the same card again, and it wins
        return best


def normal_trump_order(rules: Rules, trump_suit: str, ranks: str) -> list[Card]:
    """Queens and jacks over the trump suit's A T K 9 8 7, Dullen on top if played."""
    order: list[Card] = [HT] if rules.dullen else []
    order += [card(s, "Q") for s in SUITS] + [card(s, "J") for s in SUITS]
    order += [card(trump_suit, r) for r in PLAIN_ORDER if r in ranks and r not in "QJ"]
    return [c for i, c in enumerate(order) if c not in order[:i]]


LONE_WEDDINGS = ("wedding-alone", "silent-wedding")  # a Hochzeit played without partner
WEDDINGS = ("wedding", *LONE_WEDDINGS)
SOLO_PREFIX = "solo:"  # a solo contract (and its reservation word) is ``solo:KIND``


def solo_kind(contract: str) -> str | None:
    """The kind of a solo contract (``solo:queens`` -> ``queens``), None for any other."""
    return contract[len(SOLO_PREFIX) :] if contract.startswith(SOLO_PREFIX) else None


def solo_contract(kind: str) -> str:
    """The contract id (and reservation word) of a solo of ``kind``."""
    return SOLO_PREFIX + kind


def is_solo(contract: str) -> bool:
    return contract.startswith(SOLO_PREFIX)


def order_kind(contract: str) -> str:
    """The card order a contract plays by: its solo kind, else the normal game."""
    return solo_kind(contract) or "normal"


def is_solo_like(contract: str) -> bool:
    """One player against the rest: a solo, or a Hochzeit without partner."""
    return is_solo(contract) or contract in LONE_WEDDINGS


SUIT_OF_SOLO = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}
# Solos whose only trumps are ranks: the ranks, the higher group first (Fleischlos: none).
PICTURE_RANKS = {
    "queens": "Q",
    "jacks": "J",
    "kings": "K",
    "queens-jacks": "QJ",
    "kings-queens": "KQ",
    "kings-jacks": "KJ",
    "koehler": "KQJ",
    "fleshless": "",
}


def trump_suit(kind: str) -> str | None:
    """The suit whose cards are trumps besides queens and jacks (None: a picture solo)."""
    return "D" if kind == "normal" else SUIT_OF_SOLO.get(kind)


@cache
def card_order(
    kind: str,
    rules: Rules,
    deck_size: int | None = None,
    tops: tuple[Card, ...] = (),
    locked: frozenset[Card] = frozenset(),
    unseen: frozenset[Card] = frozenset(),
) -> CardOrder:
    """The card order of a contract kind: ``normal`` or one of the solo kinds; with
    ``tops`` (Schweinchen, doko.game.pigs) those cards above every other trump."""
    size = deck_size or rules.deck
    ranks = DECK_RANKS[size]
    suit = trump_suit(kind)
    if suit is not None:
        trumps = normal_trump_order(rules, suit, ranks)
    elif kind in PICTURE_RANKS:
        trumps = [card(s, r) for r in PICTURE_RANKS[kind] for s in SUITS]
    else:
        raise DokoError("unknown-contract-kind", kind=kind)
    dulle_top = bool(trumps) and trumps[0] == HT
    trumps = [*tops, *(c for c in trumps if c not in tops)]
    follows: dict[Card, str] = {}
    power: dict[Card, int] = {}
    for i, trump in enumerate(trumps):
        follows[trump] = TRUMP
        power[trump] = len(trumps) - i
    for suit in SUITS:
        plain = [card(suit, r) for r in PLAIN_ORDER if r in ranks]
        plain = [c for c in plain if c not in follows]
        for i, c in enumerate(plain):
            follows[c] = suit
            power[c] = len(plain) - i
    return CardOrder(
        kind=kind,
        follows=follows,
        power=power,
        trumps=tuple(trumps),
        dulle_second_wins=dulle_top and rules.dulle_order != "first",
        dulle_second_last=dulle_top and rules.dulle_order == "second",
        dullen=dulle_top,
        tops=tops,
        locked=locked,
        unseen=unseen,
    )
