"""Completed tricks and the Sonderpunkte found in them."""

from __future__ import annotations

from typing import NamedTuple

from .cards import CJ, DA, Card, total_eyes
from .contracts import CardOrder
from .rules import Rules


class Trick(NamedTuple):
    seats: tuple[int, ...]  # in play order, the leader first
    cards: tuple[Card, ...]
    winner: int  # seat

    @property
    def eyes(self) -> int:
        return total_eyes(self.cards)

    def played_by(self, card: Card) -> list[int]:
        return [s for s, c in zip(self.seats, self.cards, strict=True) if c == card]


def specials(
    tricks: tuple[Trick, ...],
    order: CardOrder,
    party_of: dict[int, str],
    kinds: tuple[str, ...],
    doppelkarl: bool,
) -> list[dict[str, str]]:
    """Sonderpunkte of a finished game, one item per point, in trick order.

    ``party_of`` maps every active seat to its party; ``kinds`` are the
    Sonderpunkte this game awards. A Fuchs is only a Fuchs where the Karo-As is
    trump; a Karlchen must win the last trick itself. Kinds not awarded are not
    looked for: every game is scored.
    """
    items: list[dict[str, str]] = []

    def add(kind: str, who: str, times: int = 1) -> None:
        if kind in kinds:
            items.extend({"kind": kind, "party": who} for _ in range(times))

    follows = order.follows
    doppelkopf = "doppelkopf" in kinds
    foxes = ("fox" in kinds or "fox-last" in kinds) and follows.get(DA) == "T"
    hearts = "heart-trick" in kinds
    karls = "karlchen" in kinds or "karlchen-caught" in kinds
    if not (doppelkopf or foxes or hearts or karls):
        return items  # (most solos)
    last = len(tricks) - 1
    for index, trick in enumerate(tricks):
        cards = trick.cards
        party = party_of[trick.winner]
        if doppelkopf and total_eyes(cards) >= 40:
            add("doppelkopf", party)
        if foxes and DA in cards:
            add("fox", party, sum(1 for s in trick.played_by(DA) if party_of[s] != party))
            if index == last and _winning_card(trick) == DA:
                add("fox-last", party)
        if hearts and all(follows[c] == "H" for c in cards):
            add("heart-trick", party)
        if karls and index == last:
            karl_seats = trick.played_by(CJ)
            if _winning_card(trick) == CJ:
                own = [s for s in karl_seats if party_of[s] == party]
                add("karlchen", party, len(own) if doppelkarl else 1)
            add("karlchen-caught", party, sum(1 for s in karl_seats if party_of[s] != party))
    return items


def _winning_card(trick: Trick) -> Card:
    return trick.cards[trick.seats.index(trick.winner)]


def specials_for(rules: Rules, solo_like: bool, lone_wedding: bool) -> tuple[str, ...]:
    """Which Sonderpunkte a game awards under ``rules``."""
    if lone_wedding and rules.specials_lone_wedding:
        return rules.specials
    return rules.specials_in_solo if solo_like else rules.specials
