"""What happened at the table in one step, as codes with parameters for the page.

The page asks the engine to act (a card, a call, a bot's move, the next deal ...)
and gets back the new view and these events, so it animates and says what
happened without comparing the views before and after. Everything here is
public: what every seat at the table saw happen (a silent Hochzeit stays
silent; the replay viewer's fuller narration is :mod:`doko.page.explain`).

Codes and their parameters:

- ``deal_started`` {dealer, bock}: a new deal lies on the table;
- ``table_opened`` {}: a saved table or a record was opened where it stood;
- ``reservation`` {seat, what}: a seat said its reservation (``healthy`` too);
- ``poverty_answered`` {seat, accepted}: a seat took or refused a Trumpfabgabe;
- ``poverty_returned`` {giver, taker, trumps}: the cards went back, with this many trumps;
- ``announced`` {seat, call}: an announcement (implied lower words each their own);
- ``card_played`` {seat, card};
- ``pigs_revealed`` {seat, kind}: Schweinchen (``pigs``) or Superschweinchen shown;
- ``trick_taken`` {seat, trick, points}: the winner, the trick's number (1-based), its Augen;
- ``deal_over`` {contract}: the last card is down or the deal was thrown in;
- ``undone`` {seat}: the seat's last card was taken back.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game.gamestate import GameState
from ..game.observation import public_contract
from .contract import (
    CardPlayed,
    EventCode,
    EventJSON,
    EventParams,
    PigsRevealed,
    PovertyAnswered,
    PovertyReturned,
    TrickTaken,
)


class Event(NamedTuple):
    code: EventCode
    params: EventParams

    def to_json(self) -> EventJSON:
        return {"code": self.code, "params": self.params}


def deal_started(state: GameState) -> list[Event]:
    return [Event("deal_started", {"dealer": state.dealer, "bock": state.bock})]


def table_opened() -> list[Event]:
    return [Event("table_opened", {})]


def undone(seat: int) -> list[Event]:
    return [Event("undone", {"seat": seat})]


def step(before: GameState, after: GameState) -> list[Event]:
    """The events of the actions that lead from ``before`` to ``after`` (one action as a
    rule; ``after``'s history continues ``before``'s)."""
    out: list[Event] = []
    for action in after.history[len(before.history) :]:
        if action.kind == "poverty-answer":
            answered: PovertyAnswered = {"seat": action.seat, "accepted": action.word == "accept"}
            out.append(Event("poverty_answered", answered))
        if action.card is not None:
            played: CardPlayed = {"seat": action.seat, "card": str(action.card)}
            out.append(Event("card_played", played))
    for seat, what in after.declarations[len(before.declarations) :]:
        out.append(Event("reservation", {"seat": seat, "what": what}))
    for seat, word in after.said[len(before.said) :]:
        out.append(Event("announced", {"seat": seat, "call": word}))
    out += _poverty_returned(before, after)
    out += [Event("pigs_revealed", shown) for shown in pigs_revealed(before, after)]
    for number in range(len(before.tricks), len(after.tricks)):
        trick = after.tricks[number]
        taken: TrickTaken = {"seat": trick.winner, "trick": number + 1, "points": trick.eyes}
        out.append(Event("trick_taken", taken))
    if after.is_over and not before.is_over:
        contract, _ = public_contract(after)
        out.append(Event("deal_over", {"contract": contract}))
    return out


def _poverty_returned(before: GameState, after: GameState) -> list[Event]:
    if not after.poverty_returned >= 0 > before.poverty_returned:
        return []
    returned: PovertyReturned = {
        "giver": after.declarer,
        "taker": after.partner,
        "trumps": after.poverty_returned,
    }
    return [Event("poverty_returned", returned)]


def pigs_revealed(before: GameState, after: GameState) -> list[PigsRevealed]:
    """Schweinchen (or Superschweinchen) the table has just been shown, and who holds them."""
    out: list[PigsRevealed] = []
    if after.pigs_shown >= 0 > before.pigs_shown:
        out.append({"seat": after.pig_seat, "kind": "pigs"})
    if after.superpigs_shown >= 0 > before.superpigs_shown:
        out.append({"seat": after.superpig_seat, "kind": "superpigs"})
    return out


def to_json(events: list[Event]) -> list[EventJSON]:
    return [event.to_json() for event in events]
