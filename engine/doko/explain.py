"""Replays for the viewer: a frame per step and the events worth explaining.

``walk(record)`` replays a record and returns ``{"record", "frames", "events"}``:
``frames[i]`` is the table after ``i`` actions (all hands, trick, parties as
public knowledge), ``events`` are ``{"step", "key", "params"}`` items the page
translates (trick winners and why, the Dullen rule, a party becoming known, a
Fuchs caught, Karlchen, announcements with their deadlines, the final score).
"""

from __future__ import annotations

from typing import Any

from . import announcements as ann
from .actions import Action
from .cards import HT, Card
from .errors import RecordError, coded
from .notation import parse_record
from .observation import public_contract, revealed_parties
from .outcome import result
from .pigs import pig_kind
from .state import GameState, apply
from .tricks import Trick, specials_awarded, trick_specials


def walk(record: Any) -> dict[str, Any]:
    state, actions = parse_record(record)
    frames = [frame(state, None)]
    events: list[dict[str, Any]] = []
    for step, action in enumerate(actions, start=1):
        before = state
        try:
            state = apply(state, action)
        except ValueError as err:
            raise RecordError(
                "replay-action", index=step - 1, action=action, reason=coded(err)
            ) from None
        frames.append(frame(state, state.history[-1]))
        events += [{"step": step, "key": k, "params": p} for k, p in _events(before, state)]
    if state.is_over:
        outcome = result(state)
        events.append(
            {
                "step": len(actions),
                "key": "result",
                "params": {
                    "contract": outcome["contract"],
                    "winner": outcome.get("winner"),
                    "eyes": outcome.get("eyes"),
                    "lines": outcome.get("lines", []),
                    "points": outcome["points"],
                    "parties": outcome.get("parties"),
                },
            }
        )
    tricks_at = [
        i for i in range(1, len(frames)) if len(frames[i]["tricks"]) > len(frames[i - 1]["tricks"])
    ]
    first_card = next(
        (i - 1 for i in range(1, len(frames)) if frames[i]["trick"] or frames[i]["tricks"]),
        len(frames) - 1,
    )
    return {
        "record": record,
        "frames": frames,
        "events": events,
        "tricks_at": tricks_at,
        "play_starts": first_card,
        "complete": state.is_over,
    }


def frame(state: GameState, action: str | None) -> dict[str, Any]:
    order = state.order
    re, kontra = revealed_parties(state, -1)
    if state.is_over:
        re = frozenset(state.re_party)
        kontra = frozenset(state.active) - re
    contract, declarer = public_contract(state)
    return {
        "action": action,
        "phase": state.phase,
        "to_act": state.to_act,
        "hands": [[str(c) for c in sorted(h, key=order.sort_key)] for h in state.hands],
        "trick": [{"seat": s, "card": str(c)} for s, c in state.trick],
        "tricks": [
            {
                "cards": [
                    {"seat": s, "card": str(c)} for s, c in zip(t.seats, t.cards, strict=True)
                ],
                "winner": t.winner,
                "eyes": t.eyes,
            }
            for t in state.tricks
        ],
        "contract": contract,
        "declarer": declarer,
        "declarations": [{"seat": s, "what": w} for s, w in state.declarations],
        "announcements": [{"seat": s, "word": w} for s, w in state.said],
        "known": {"re": sorted(re), "kontra": sorted(kontra)},
        **_pigs_known(state),
    }


def _pigs_known(state: GameState) -> dict[str, Any]:
    """Schweinchen the table has been shown (or all, once the deal is over)."""
    out: dict[str, Any] = {}
    if state.pig_seat is not None and (state.pigs_shown >= 0 or state.is_over):
        out["pigs"] = state.pig_seat
    if state.superpig_seat is not None and (state.superpigs_shown >= 0 or state.is_over):
        out["superpigs"] = state.superpig_seat
    return out


def _events(before: GameState, after: GameState) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    action = Action.from_str(after.history[-1])
    seat, what = action.seat, action.what
    if before.phase == "reservations" and what != "healthy":
        out.append(("reservation", {"seat": seat, "what": what}))
    if before.phase == "poverty":
        out.append(("poverty-" + what, {"seat": seat}))
    if before.phase == "poverty-return":
        out.append(("poverty-return", {"seat": seat, "trumps": after.poverty_returned}))
    if before.phase in ("reservations", "poverty", "poverty-return") and after.phase in (
        "play",
        "done",
    ):
        contract, declarer = public_contract(after)
        if contract != "normal" or after.contract == "redeal":
            out.append(
                (
                    "contract",
                    {"contract": after.contract, "declarer": declarer, "partner": after.partner},
                )
            )
    if what in ann.WORDS and before.phase == "play":
        out += _announcement(before, after, seat, what)
    if what == "declare-solo":
        out.append(("declare-solo", {"seat": seat}))
    out += _pigs_revealed(before, after)
    if len(after.tricks) > len(before.tricks):
        out += _trick(after, after.tricks[-1], len(after.tricks))
    if after.wedding_decided and not before.wedding_decided:
        out.append(
            (
                "wedding-partner",
                {
                    "seat": after.declarer,
                    "partner": after.partner,
                    "trick": after.wedding_decided,
                    "rule": after.wedding_rule,
                },
            )
        )
    if after.contract == "wedding-alone" and before.contract == "wedding":
        out.append(("wedding-alone", {"seat": after.declarer, "trick": len(after.tricks)}))
    if not after.is_over:
        old = revealed_parties(before, -1)
        new = revealed_parties(after, -1)
        for party, was, now in (("re", old[0], new[0]), ("kontra", old[1], new[1])):
            for s in sorted(now - was):
                out.append(
                    ("party-known", {"seat": s, "party": party, "how": _how_known(after, s)})
                )
    return out


def _pigs_revealed(before: GameState, after: GameState) -> list[tuple[str, dict[str, Any]]]:
    """Schweinchen (or Superschweinchen) the table has just been shown."""
    out: list[tuple[str, dict[str, Any]]] = []
    if after.pigs_shown >= 0 > before.pigs_shown:
        out.append(("pigs-revealed", {"seat": after.pig_seat, "kind": "pigs"}))
    if after.superpigs_shown >= 0 > before.superpigs_shown:
        out.append(("superpigs-revealed", {"seat": after.superpig_seat, "kind": "superpigs"}))
    return out


def _how_known(state: GameState, seat: int) -> str:
    if any(s == seat and w in ("re", "kontra") for s, w in state.said):
        return "announced"
    played = [
        c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat
    ] + [c for s, c in state.trick if s == seat]
    if state.contract == "normal" and played and played[-1] == Card("C", "Q"):
        return "queen"
    return "deduced"


def _announcement(
    before: GameState, after: GameState, seat: int, word: str
) -> list[tuple[str, dict[str, Any]]]:
    rules = before.rules
    at = before.moment(seat)
    level = ann.level(word)
    said = [w for s, w in after.said[len(before.said) :]]
    deadline = rules.deadlines[level] if level < len(rules.deadlines) else None
    params: dict[str, Any] = {
        "seat": seat,
        "word": word,
        "party": before.party(seat),
        "implied": said[:-1],
        "system": rules.announcements,
        "cards": at.cards_in_hand,
        "trick": at.tricks_started + (0 if before.trick else 1),
        "deadline": None
        if deadline is None
        else (deadline - at.shift if rules.announcements == "cards" else deadline + at.shift),
        "late": not ann.in_time(rules, level, at),  # only a Gegenansage may be late
    }
    return [("announce", params)]


def _trick(state: GameState, trick: Trick, number: int) -> list[tuple[str, dict[str, Any]]]:
    order = state.order
    last = not any(state.hands)
    cards = trick.cards
    win_index = trick.seats.index(trick.winner)
    card = cards[win_index]
    led = order.follows[cards[0]]
    pig = pig_kind(trick, card)
    if pig is not None:
        why = pig  # a Schweinchen or Superschweinchen outranks every other trump
    elif card == HT and cards.count(HT) == 2 and order.follows[HT] == "T":
        if order.dulle_second_wins and (order.dulle_second_last or not last):
            why = "dulle-second"
        elif order.dulle_second_wins:
            why = "dulle-last"
        else:
            why = "dulle-first"
    elif cards.count(card) == 2:
        why = "equal-first"
    elif order.follows[card] == "T" and led != "T":
        why = "ruff"
    elif order.follows[card] == "T":
        why = "trump"
    else:
        why = "suit"
    out: list[tuple[str, dict[str, Any]]] = [
        (
            "trick",
            {
                "trick": number,
                "winner": trick.winner,
                "card": str(card),
                "eyes": trick.eyes,
                "why": why,
                "last": last,
            },
        )
    ]
    # the Sonderpunkte as the score will count them (tricks.trick_specials), told as
    # they happen; a Fuchs only once the parties are decided (a Hochzeit may still
    # be looking for its partner)
    kinds = specials_awarded(state.rules, state.contract)
    if state.contract == "wedding" and not state.wedding_decided:
        kinds = tuple(k for k in kinds if k != "fox")
    party_of = {s: state.party(s) for s in state.active}
    found = trick_specials(trick, order, party_of, kinds, state.rules.doppelkarl, last)
    for item in dict.fromkeys(found):  # a Doppelkarl is told once
        params: dict[str, Any] = {"winner": trick.winner}
        if item.seat is not None:
            params["seat"] = item.seat
        if item.kind == "fox":
            params["trick"] = number
        if item.kind == "doppelkopf":
            params["eyes"] = trick.eyes
        out.append((item.kind, params))
    return out
