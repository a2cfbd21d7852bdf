"""Replays for the viewer: a frame per step and the narration of every step.

``walk(record)`` replays a record and returns ``{"record", "frames", "events",
"stops", ...}``: ``frames[i]`` is the table after ``i`` actions (all hands,
trick, parties as public knowledge, and ``focus``: the card that decides the
step, or None), ``events`` are ``{"step", "key", "params"}`` items the page
translates, each marked ``rule`` when it tells of a rule acting (the page
sets those apart). Every step has at least one event: a card played says who played
what (``lead``, ``play``); where a rule acted, the events say which rule and
what it did: a player had to follow suit or could not (``follow``,
``void``), who takes a trick and why (``trick`` with ``why``), a party
becoming known, an announcement and what each party now needs (``goals``),
the Hochzeit partner, a stille Hochzeit shown by its second Kreuz-Dame, the
Armut exchange, a Pflichtsolo or a player vorgeführt, who sits out the deal,
each Sonderpunkt as it is earned, and at the end the result with its scored
lines. ``stops`` are the steps where a rule did something worth
pausing for (autoplay halts there); their events are the ones in
:data:`RULE_KEYS`, or a trick decided by more than the highest card.
"""

from __future__ import annotations

from typing import Any

from ..game import announcements as ann
from ..game.actions import parse
from ..game.bock import factor
from ..game.bock import started as bock_started
from ..game.cards import CQ, HT, Card
from ..game.errors import RecordError, coded
from ..game.notation import parse_record
from ..game.observation import public_contract, queens_played, revealed_parties, table_contract
from ..game.outcome import result, summarize
from ..game.pigs import pig_kind
from ..game.rules import SPECIAL_KINDS
from ..game.scoring import need, reckoning
from ..game.state import GameState, apply
from ..game.tricks import Trick, specials_awarded, trick_specials
from .events import pigs_revealed
from .plates import plates, table_knows

Event = tuple[str, dict[str, Any]]

# Events that tell of a rule acting beyond "the highest card of the led suit wins";
# a step holding one is a stop for autoplay.
RULE_KEYS = frozenset(
    {
        "reservation",
        "contract",
        "duty-solo",
        "forced-solo",
        "poverty-accept",
        "poverty-decline",
        "poverty-return",
        "declare-solo",
        "wedding-partner",
        "wedding-alone",
        "silent-wedding",
        "announce",
        "goals",
        "party-known",
        *SPECIAL_KINDS,
        "bock",
        "bock-trigger",
        "pigs-revealed",
        "superpigs-revealed",
        "result",
    }
)
# Tricks won by more than the highest card: the rule that decided them is a stop.
EQUAL_WHYS = frozenset({"equal-first", "dulle-first", "dulle-second", "dulle-last"})
RULE_WHYS = EQUAL_WHYS | {"pig", "superpig"}
# Events that only say what was played (the plain narration of a step).
PLAIN_KEYS = frozenset({"deal", "healthy", "lead", "play"})


def walk(record: Any) -> dict[str, Any]:
    state, actions = parse_record(record)
    frames = [frame(state, None, None)]
    events: list[dict[str, Any]] = [
        {"step": 0, "key": k, "params": p} for k, p in _deal_events(state)
    ]
    for step, text in enumerate(actions, start=1):
        before = state
        try:
            state = apply(state, parse(text))
        except ValueError as err:
            raise RecordError(
                "replay-action", index=step - 1, action=text, reason=coded(err)
            ) from None
        told = _events(before, state)
        frames.append(frame(state, str(state.history[-1]), _focus(before, state)))
        events += [{"step": step, "key": k, "params": p} for k, p in told]
    if state.is_over:
        events += [{"step": len(actions), "key": k, "params": p} for k, p in _result(state)]
    for event in events:
        event["rule"] = is_rule_event(event)
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
        "stops": stops(events),
        "tricks_at": tricks_at,
        "play_starts": first_card,
        "complete": state.is_over,
    }


def is_rule_event(event: dict[str, Any]) -> bool:
    """Does this event tell of a rule acting (not only of a card played)?"""
    key = event["key"]
    if key == "trick":
        return event["params"]["why"] in RULE_WHYS
    return key in RULE_KEYS


def stops(events: list[dict[str, Any]]) -> list[int]:
    """The steps autoplay halts at: those where a rule did something."""
    return sorted({e["step"] for e in events if e["rule"]})


def frame(state: GameState, action: str | None, focus: dict[str, Any] | None) -> dict[str, Any]:
    order = state.order
    known = table_knows(state)
    contract, declarer = table_contract(state)
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
        "known": {"re": sorted(known["re"]), "kontra": sorted(known["kontra"])},
        # each seat's name plate, drawn as on the live table (doko.page.plates)
        "plates": plates(state, known),
        "focus": focus,
        **{kind: known[kind] for kind in ("pigs", "superpigs") if known[kind] is not None},
    }


def _focus(before: GameState, after: GameState) -> dict[str, Any] | None:
    """The card that decides a step: a trick's winning card, else the card played."""
    if len(after.tricks) > len(before.tricks):
        trick = after.tricks[-1]
        card = trick.cards[trick.seats.index(trick.winner)]
        return {"seat": trick.winner, "card": str(card)}
    if len(after.trick) > len(before.trick):
        seat, card = after.trick[-1]
        return {"seat": seat, "card": str(card)}
    return None


def _deal_events(state: GameState) -> list[Event]:
    out: list[Event] = [
        (
            "deal",
            {
                "dealer": state.dealer,
                "players": state.players,
                "cards": len(state.hands[state.active[0]]),
                # at five (and more) the dealer, or others, get no cards this deal
                "out": [s for s in range(state.players) if s not in state.active],
            },
        )
    ]
    if state.forced_solo is not None:
        out.append(("forced-solo", {"seat": state.forced_solo}))
    if state.bock:
        out.append(("bock", {"level": state.bock, "factor": factor(state.bock)}))
    return out


def _events(before: GameState, after: GameState) -> list[Event]:
    out: list[Event] = []
    action = after.history[-1]
    seat, what = action.seat, action.what
    if before.phase == "reservations":
        out.append(
            ("healthy", {"seat": seat})
            if what == "healthy"
            else ("reservation", {"seat": seat, "what": what})
        )
    if before.phase == "poverty":
        params: dict[str, Any] = {"seat": seat, "giver": before.declarer}
        if what == "accept":
            params["cards"] = len(after.poverty_cards)
        out.append(("poverty-" + what, params))
    if before.phase == "poverty-return":
        out.append(
            (
                "poverty-return",
                {
                    "seat": seat,
                    "giver": before.declarer,
                    "trumps": after.poverty_returned,
                    "cards": len(after.poverty_cards),
                },
            )
        )
    if before.phase in ("reservations", "poverty", "poverty-return") and after.phase in (
        "play",
        "done",
    ):
        out += _contract(after)
    if what in ann.WORDS and before.phase == "play":
        out += _announcement(before, after, seat, what)
    if what == "declare-solo":
        out.append(("declare-solo", {"seat": seat}))
    out += [(f"{p['kind']}-revealed", dict(p)) for p in pigs_revealed(before, after)]
    if action.card is not None:
        out += _card(before, seat, action.card)
    if len(after.tricks) > len(before.tricks):
        out += _trick(after, after.tricks[-1], len(after.tricks))
    if after.wedding_decided and not before.wedding_decided and after.partner is not None:
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
    if _second_queen_of(after, seat, what):
        # the whole table now knows: one hand held both, a Hochzeit played in silence
        out.append(("silent-wedding", {"seat": seat, "trick": after.tricks_started}))
    # a special game's contract names its parties itself: no seat-by-seat list then
    if not after.is_over and not any(key in ("contract", "silent-wedding") for key, _ in out):
        out += _parties_known(before, after, seat, what)
    return out


def _contract(after: GameState) -> list[Event]:
    contract, declarer = public_contract(after)
    out: list[Event] = []
    if contract != "normal" or after.contract == "redeal":
        out.append(
            (
                "contract",
                {
                    "contract": after.contract,
                    "declarer": declarer,
                    "partner": after.partner,
                    "leader": after.to_act,
                },
            )
        )
    if after.duty_solo:
        out.append(
            (
                "duty-solo",
                {
                    "seat": after.declarer,
                    "forced": after.declarer == after.forced_solo,
                    "leads": after.to_act == after.declarer,
                },
            )
        )
    return out


def _second_queen_of(state: GameState, seat: int, what: str) -> bool:
    """Has ``seat`` just played its own second Kreuz-Dame in a silent Hochzeit?"""
    return (
        state.contract == "silent-wedding"
        and what == str(CQ)
        and queens_played(state) == [seat, seat]
    )


def _parties_known(before: GameState, after: GameState, seat: int, what: str) -> list[Event]:
    old = revealed_parties(before, -1)
    new = revealed_parties(after, -1)
    second_queen = (
        after.contract == "normal" and what == str(CQ) and len(queens_played(after)) == 2
    )
    out: list[Event] = []
    for party, was, now in (("re", old[0], new[0]), ("kontra", old[1], new[1])):
        for s in sorted(now - was):
            how = _how_known(after, s)
            if how == "deduced" and second_queen:
                how = "second-queen"
            out.append(("party-known", {"seat": s, "party": party, "how": how}))
    return out


def _how_known(state: GameState, seat: int) -> str:
    if any(s == seat and w in ("re", "kontra") for s, w in state.said):
        return "announced"
    played = [
        c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat
    ] + [c for s, c in state.trick if s == seat]
    # a silent Hochzeit looks normal to the table: its first Kreuz-Dame tells Re as usual
    if state.contract in ("normal", "silent-wedding") and played and played[-1] == CQ:
        return "queen"
    return "deduced"


def _card(before: GameState, seat: int, card: Card) -> list[Event]:
    """A card played: who led or played what, and whether the suit had to be followed."""
    if not before.trick:
        return [("lead", {"seat": seat, "card": str(card), "trick": before.tricks_started + 1})]
    out: list[Event] = [("play", {"seat": seat, "card": str(card)})]
    follows = before.order.follows
    led = follows[before.trick[0][1]]
    hand = before.hands[seat]
    held = [c for c in hand if follows[c] == led]
    if held and len(held) < len(hand):
        out.append(("follow", {"seat": seat, "card": str(card), "led": led}))
    elif not held:
        out.append(
            ("void", {"seat": seat, "card": str(card), "led": led, "trump": follows[card] == "T"})
        )
    return out


def _announcement(before: GameState, after: GameState, seat: int, word: str) -> list[Event]:
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
    out: list[Event] = [("announce", params)]
    if rules.scoring == "lockhausen" and level == 0:
        out.append(("doubles", {"seat": seat, "word": word}))
    return out + [("goals", goals(after))]


def goals(state: GameState) -> dict[str, Any]:
    """What each party needs now, from what both have announced (scoring.goal):
    ``{"re": {"kind": "eyes", "need": 151}, "kontra": {"kind": "eyes", "need": 90}}``."""
    words = {"re": state.re_words, "kontra": state.kontra_words}
    out: dict[str, Any] = {}
    for party in ("re", "kontra"):
        kind, least = need(state.rules.scoring, words, party)
        out[party] = {"kind": kind, "need": least}
    return out


def _why(state: GameState, trick: Trick, last: bool) -> str:
    """The rule that gave the trick to its winner."""
    order = state.order
    cards = trick.cards
    card = cards[trick.seats.index(trick.winner)]
    led = order.follows[cards[0]]
    pig = pig_kind(trick, card)
    if pig is not None:
        return pig  # a Schweinchen or Superschweinchen outranks every other trump
    if card == HT and cards.count(HT) == 2 and order.follows[HT] == "T":
        if order.dulle_second_wins and (order.dulle_second_last or not last):
            return "dulle-second"
        return "dulle-last" if order.dulle_second_wins else "dulle-first"
    if cards.count(card) == 2:
        return "equal-first"
    if order.follows[card] == "T" and led != "T":
        return "ruff"
    if order.follows[card] == "T":
        return "trump"
    return "suit"


def _trick(state: GameState, trick: Trick, number: int) -> list[Event]:
    last = not any(state.hands)
    card = trick.cards[trick.seats.index(trick.winner)]
    why = _why(state, trick, last)
    params: dict[str, Any] = {
        "trick": number,
        "winner": trick.winner,
        "card": str(card),
        "eyes": trick.eyes,
        "why": why,
        "last": last,
    }
    if why in EQUAL_WHYS:
        # the other copy: the card the rule let lose
        other = [
            s
            for s, c in zip(trick.seats, trick.cards, strict=True)
            if c == card and s != trick.winner
        ]
        params["beaten"] = other[0]
    out: list[Event] = [("trick", params)]
    # the Sonderpunkte as the score will count them (tricks.trick_specials), told as
    # they happen; a Fuchs only once the parties are decided (a Hochzeit may still
    # be looking for its partner)
    kinds = specials_awarded(state.rules, state.contract)
    if state.contract == "wedding" and not state.wedding_decided:
        kinds = tuple(k for k in kinds if k != "fox")
    party_of = {s: state.party(s) for s in state.active}
    found = trick_specials(trick, state.order, party_of, kinds, state.rules.doppelkarl, last)
    counts: dict[Any, int] = {}
    for item in found:
        counts[item] = counts.get(item, 0) + 1
    for item, points in counts.items():  # a Doppelkarl is told once, worth two
        special: dict[str, Any] = {"winner": trick.winner, "party": item.party, "points": points}
        if item.seat is not None:
            special["seat"] = item.seat
        if item.kind in ("fox", "doppelkopf", "heart-trick", "dulle-caught"):
            special["trick"] = number
        if item.kind == "doppelkopf":
            special["eyes"] = trick.eyes
        out.append((item.kind, special))
    return out


def _result(state: GameState) -> list[Event]:
    outcome = result(state)
    if state.contract == "redeal":
        return [
            (
                "result",
                {
                    "contract": "redeal",
                    "winner": None,
                    "eyes": None,
                    "lines": [],
                    "points": outcome["points"],
                    "parties": None,
                },
            )
        ]
    words = {"re": state.re_words, "kontra": state.kontra_words}
    needs = {
        p: dict(zip(("kind", "need"), need(state.rules.scoring, words, p), strict=True))
        for p in ("re", "kontra")
    }
    return [
        (
            "result",
            {
                "contract": outcome["contract"],
                "winner": outcome.get("winner"),
                "eyes": outcome.get("eyes"),
                "lines": outcome.get("lines", []),
                "points": outcome["points"],
                "parties": outcome.get("parties"),
                "goals": needs,
                # the steps from the lines to the sheet, as the live result says them
                "reckoning": reckoning(summarize(state)),
            },
        ),
        *_bock_trigger(state, outcome),
    ]


def _bock_trigger(state: GameState, outcome: dict[str, Any]) -> list[Event]:
    """The Bockrunden this deal starts (doko.game.bock), told with the result."""
    start = bock_started(state.rules, state.players, outcome)
    return [] if start is None else [("bock-trigger", dict(start))]
