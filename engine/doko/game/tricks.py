"""Completed tricks and the Sonderpunkte found in them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import CJ, DA, DOPPELKOPF_EYES, HT, Card, total_eyes
from .contracts import LONE_WEDDINGS, CardOrder, is_solo_like
from .rules import Rules


class Trick(NamedTuple):
    seats: tuple[int, ...]  # in play order, the leader first
    cards: tuple[Card, ...]
    winner: int  # seat
    tops: tuple[Card, ...] = ()  # cards that ranked as Schweinchen in this trick (doko.game.pigs)

    @property
    def eyes(self) -> int:
        return total_eyes(self.cards)

    def played_by(self, card: Card) -> list[int]:
        return [s for s, c in zip(self.seats, self.cards, strict=True) if c == card]


class Special(NamedTuple):
    """One Sonderpunkt: its kind, the party credited and, for a Fuchs or Karlchen
    caught, the seat that lost the card (else None)."""

    kind: str
    party: str
    seat: int | None = None


def specials(
    tricks: tuple[Trick, ...],
    order: CardOrder,
    party_of: dict[int, str],
    kinds: tuple[str, ...],
    doppelkarl: bool,
) -> list[dict[str, str]]:
    """Sonderpunkte of a finished game, one item per point, in trick order.

    ``party_of`` maps every active seat to its party; ``kinds`` are the
    Sonderpunkte this game awards (``specials_awarded``).
    """
    if not kinds:
        return []  # (most solos)
    last = len(tricks) - 1
    return [
        {"kind": item.kind, "party": item.party}
        for index, trick in enumerate(tricks)
        for item in trick_specials(trick, order, party_of, kinds, doppelkarl, index == last)
    ]


def trick_specials(
    trick: Trick,
    order: CardOrder,
    party_of: dict[int, str],
    kinds: tuple[str, ...],
    doppelkarl: bool,
    last: bool,
) -> list[Special]:
    """The Sonderpunkte one trick makes, one item per point.

    A Fuchs is only a Fuchs where the Karo-As is trump; a Karlchen must win the
    last trick itself. Kinds not awarded are not looked for: every game is scored.
    """
    items: list[Special] = []
    cards = trick.cards
    party = party_of[trick.winner]
    follows = order.follows
    if "doppelkopf" in kinds and total_eyes(cards) >= DOPPELKOPF_EYES:
        items.append(Special("doppelkopf", party))
    if DA in cards and follows.get(DA) == "T" and DA not in trick.tops:  # a pig is no Fuchs
        if "fox" in kinds:
            caught = [s for s in trick.played_by(DA) if party_of[s] != party]
            items += [Special("fox", party, s) for s in caught]
        if last and "fox-last" in kinds and _winning_card(trick) == DA:
            items.append(Special("fox-last", party))
    if "dulle-caught" in kinds and HT in cards and order.dullen:
        caught = [s for s in trick.played_by(HT) if party_of[s] != party]
        items += [Special("dulle-caught", party, s) for s in caught]
    if "heart-trick" in kinds and all(follows[c] == "H" for c in cards):
        items.append(Special("heart-trick", party))
    if last and CJ in cards:
        karl_seats = trick.played_by(CJ)
        if "karlchen" in kinds and _winning_card(trick) == CJ:
            own = [s for s in karl_seats if party_of[s] == party]
            items += [Special("karlchen", party)] * (len(own) if doppelkarl else 1)
        if "karlchen-caught" in kinds:
            lost = [s for s in karl_seats if party_of[s] != party]
            items += [Special("karlchen-caught", party, s) for s in lost]
    return items


def _winning_card(trick: Trick) -> Card:
    return trick.cards[trick.seats.index(trick.winner)]


def specials_awarded(rules: Rules, contract: str) -> tuple[str, ...]:
    """Which Sonderpunkte a game of ``contract`` awards under ``rules``."""
    if contract in LONE_WEDDINGS and rules.specials_lone_wedding:
        return rules.specials
    return rules.specials_in_solo if is_solo_like(contract) else rules.specials


def played_by_seat(
    tricks: Iterable[Trick], trick: Iterable[tuple[int, Card]], players: int
) -> list[list[Card]]:
    """Each seat's cards played so far, in order: the finished tricks, then the one
    under way."""
    played: list[list[Card]] = [[] for _ in range(players)]
    for done in tricks:
        for seat, card in zip(done.seats, done.cards, strict=True):
            played[seat].append(card)
    for seat, card in trick:
        played[seat].append(card)
    return played
