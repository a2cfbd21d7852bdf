"""Game records: parse, print and replay them (docs/formats.md "Game record").

A record holds the rules, the dealer, the hands as dealt and every action.
``parse_record`` checks its shape and the deal; ``replay`` applies every
action through the rules and names the first bad one with its index.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import parse
from .bock import MAX_LEVEL
from .cards import dealer_sits_out, deck, format_cards, parse_cards
from .errors import IllegalAction, InputError, coded
from .errors import RecordError as RecordError  # re-exported
from .outcome import pigs_shown
from .rules import load_rules
from .state import GameState, apply, new_game
from .untrusted import is_whole, parse_json

MAX_ACTIONS = 1000  # far above any real deal; bounds untrusted input


def record_of(state: GameState) -> dict[str, Any]:
    record: dict[str, Any] = {
        "rules": state.rules.to_json(),
        "dealer": state.dealer,
        "hands": [format_cards(h) for h in state.dealt],
    }
    if state.owes_duty_solo:
        record["owes_duty_solo"] = sorted(state.owes_duty_solo)
    if state.forced_solo is not None:
        record["forced_solo"] = state.forced_solo
    if state.bock:
        record["bock"] = state.bock
    record["actions"] = [str(a) for a in state.history]
    if state.is_over:  # Schweinchen: derived from the deal, told for the reader
        record.update(pigs_shown(state))
    return record


def parse_record(data: Any) -> tuple[GameState, list[str]]:
    """The starting state of a record and its actions; raises RecordError."""
    if isinstance(data, str | bytes):
        try:
            data = parse_json(data)
        except InputError as err:  # a record's refusal, as its callers expect
            raise RecordError(err.code, **err.params) from None
    if not isinstance(data, dict):
        raise RecordError("record-not-object")
    try:
        rules = load_rules(data.get("rules", ""))
    except ValueError as err:
        raise RecordError("record-rules", reason=coded(err)) from None
    hands_text = data.get("hands")
    if not isinstance(hands_text, list) or not all(isinstance(h, str) for h in hands_text):
        raise RecordError("record-hands-not-strings")
    players = len(hands_text)
    if players not in rules.players:
        raise RecordError("record-players", players=players, allowed=list(rules.players))
    dealer = data.get("dealer", 0)
    if not _is_seat(dealer, players):
        raise RecordError("record-dealer", last=players - 1)
    try:
        hands = [parse_cards(h) for h in hands_text]
    except ValueError as err:
        raise RecordError("record-hands", reason=coded(err)) from None
    _check_deal(rules.deck_for(players), players, dealer, hands)
    owes = data.get("owes_duty_solo", [])
    if not isinstance(owes, list) or not all(_is_seat(s, players) for s in owes):
        raise RecordError("record-owes")
    forced = data.get("forced_solo")
    if forced is not None and not _is_seat(forced, players):
        raise RecordError("record-forced")
    bock = data.get("bock", 0)
    if not is_whole(bock) or not 0 <= bock <= MAX_LEVEL:
        raise RecordError("record-bock", most=MAX_LEVEL)
    if bock and not rules.bock:
        raise RecordError("bock-without-rules", bock=bock)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record-actions-not-strings")
    if len(actions) > MAX_ACTIONS:
        raise RecordError("too-many-actions", count=len(actions))
    state = new_game(rules, hands, dealer, frozenset(owes), forced, bock)
    return state, actions


def _is_seat(value: Any, players: int) -> bool:
    return is_whole(value) and 0 <= value < players


def _check_deal(size: int, players: int, dealer: int, hands: list[tuple[Any, ...]]) -> None:
    sitting_out = dealer if dealer_sits_out(players) else None
    per_seat = size // (players - (1 if sitting_out is not None else 0))
    for seat, hand in enumerate(hands):
        want = 0 if seat == sitting_out else per_seat
        if len(hand) != want:
            raise RecordError("hand-size", seat=seat, held=len(hand), expected=want)
    dealt = Counter(c for h in hands for c in h)
    full = Counter(deck(size))
    if dealt != full:
        extra = dealt - full
        wrong = next(iter(extra or (full - dealt)))
        code = "deck-card-extra" if extra else "deck-card-missing"
        raise RecordError(code, size=size, card=str(wrong))


def replay(data: Any) -> GameState:
    """Replay a record through the rules; raises RecordError naming the bad action."""
    state, actions = parse_record(data)
    for index, text in enumerate(actions):
        try:
            state = apply(state, parse(text))
        except IllegalAction as err:
            raise action_error(index, text, err) from None
    return state


def action_error(index: int, action: str, err: IllegalAction) -> RecordError:
    """The refusal of a record's action ``index``, naming it."""
    return RecordError("record-action", index=index, action=action, reason=err)
