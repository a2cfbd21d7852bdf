"""Share links: a game record packed into a short, versioned, URL-safe text.

``encode(record) -> str`` and ``decode(text) -> record``. The text is a version
letter followed by base64url (no padding) of::

    flags (1 byte: bit 0 = the rest is zlib-deflated, bit 1 = a bock deal)
    body  (maybe deflated)
    crc32 (4 bytes, big-endian, of flags + body as sent)

and the body, after inflating, is::

    rules     varint length + UTF-8 JSON (a preset id is one string)
    players   1 byte; dealer 1 byte
    owes      1 byte, a bit per seat owing a Pflichtsolo
    forced    1 byte, the vorgeführt seat or 255
    deal      the seat of each card of the deck in deck order, 4 bits each
    actions   varint count, then per action a varint: its index among
              ``legal_actions`` of the state before it
    bock      only with flag bit 1: varint, the deal's Bockrunden level (1 or more)

Every action is an index into what the rules allow at that moment, so a link
can only ever describe a legal game. ``decode`` checks the size before
anything else, inflates with a hard output limit (no decompression bombs),
checks the CRC, then replays the record through the rules the way
:func:`doko.game.notation.replay` does (``parse_record`` checks the deal, every
action goes through ``doko.game.state.apply``) before the record is handed out.
Every failure is a ``ValueError`` with a one-line reason.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from ..game.actions import parse
from ..game.bock import MAX_LEVEL
from ..game.cards import deck, format_cards
from ..game.errors import IllegalAction, RecordError, coded
from ..game.errors import LinkError as LinkError  # re-exported
from ..game.notation import MAX_ACTIONS, action_error, parse_record
from ..game.rules import load_rules
from ..game.state import GameState, apply, legal_actions, new_game
from ..game.untrusted import inflate, parse_json

VERSION = "A"
MAX_LINK = 4096  # characters after the version; a real game needs a few hundred
MAX_BODY = 16_384  # bytes after inflating
MAX_RULES = 4096  # bytes of the rules' JSON
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_DEFLATED = 1
_BOCK = 2  # the body ends with the deal's Bockrunden level (a varint, 1..MAX_LEVEL)


def encode(record: Any) -> str:
    """The link payload of a record; an illegal record raises ValueError naming the action."""
    start, actions = parse_record(record)
    return _wrap(_pack(start, actions), start.bock)


def encode_state(state: GameState) -> str:
    """The link payload of a game in progress or finished."""
    start = new_game(
        state.rules, state.dealt, state.dealer, state.owes_duty_solo, state.forced_solo
    )
    return _wrap(_pack(start, [str(a) for a in state.history]), state.bock)


def _wrap(body: bytes, bock: int = 0) -> str:
    marked = _BOCK if bock else 0
    body += _varint(bock) if bock else b""
    deflated = zlib.compress(body, 9)
    flags, data = (_DEFLATED, deflated) if len(deflated) < len(body) else (0, body)
    flags |= marked
    raw = bytes([flags]) + data
    raw += zlib.crc32(raw).to_bytes(4, "big")
    return VERSION + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode(text: Any) -> dict[str, Any]:
    """The record a link payload describes; raises ValueError with a one-line reason."""
    try:
        return _decode(text)
    except LinkError:
        raise
    except RecordError as err:
        raise LinkError("link-illegal-game", reason=err) from None
    except Exception as err:  # anything else a crafted link provokes is damage too
        raise LinkError("link-damaged", reason=coded(err)) from None


def _decode(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise LinkError("link-not-text")
    if len(text) > MAX_LINK + 1:
        raise LinkError("link-too-long", length=len(text), most=MAX_LINK)
    if not text:
        raise LinkError("link-empty")
    if text[0] != VERSION:
        raise LinkError("link-version", version=text[0], expected=VERSION)
    payload = text[1:]
    if not _ALPHABET.fullmatch(payload):
        raise LinkError("link-not-base64")
    if len(payload) % 4 == 1:
        raise LinkError("link-cut-short")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except binascii.Error:
        raise LinkError("link-bad-base64") from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != payload:
        raise LinkError("link-not-canonical")
    if len(raw) < 6:
        raise LinkError("link-cut-short")
    raw, crc = raw[:-4], int.from_bytes(raw[-4:], "big")
    if zlib.crc32(raw) != crc:
        raise LinkError("link-checksum")
    flags, data = raw[0], raw[1:]
    if flags & ~(_DEFLATED | _BOCK):
        raise LinkError("link-flags", flags=flags)
    if flags & _DEFLATED:
        opened = inflate(data, MAX_BODY)
        if opened is None:
            raise LinkError("link-too-large")
        data, rest = opened
        if rest:
            raise LinkError("link-trailing-data")
    # _unpack replays every action through the rules (doko.game.state.apply, exactly what
    # doko.game.notation.replay does) before the record is handed out
    return _unpack(data, bool(flags & _BOCK))


# -- the body ----------------------------------------------------------------------


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise LinkError("link-cut-short")
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 28:
                raise LinkError("link-oversized-number")

    def take(self, count: int) -> bytes:
        if self.pos + count > len(self.data):
            raise LinkError("link-cut-short")
        self.pos += count
        return self.data[self.pos - count : self.pos]


def _pack(start: GameState, actions: list[str]) -> bytes:
    rules = json.dumps(start.rules.to_json(), separators=(",", ":")).encode()
    players = start.players
    out = bytearray(_varint(len(rules)) + rules)
    out += bytes([players, start.dealer])
    out.append(sum(1 << s for s in start.owes_duty_solo))
    out.append(255 if start.forced_solo is None else start.forced_solo)
    out += _pack_deal(start)
    out += _varint(len(actions))
    # decode deals the hands in deck order; legal_actions lists cards in hand order
    hands = tuple(_deck_sorted(h, start.rules.deck_for(players)) for h in start.dealt)
    state = start._replace(dealt=hands, hands=hands)
    for index, text in enumerate(actions):
        legal = legal_actions(state)
        try:  # refused with the engine's reason, or accepted in another spelling
            action = parse(text)
            if action not in legal:
                action = apply(state, action).history[-1]
        except IllegalAction as err:
            raise action_error(index, text, err) from None
        pick = legal.index(action)
        out += _varint(pick)
        state = apply(state, legal[pick], legal)
    return bytes(out)


def _pack_deal(state: GameState) -> bytes:
    cards = deck(state.rules.deck_for(state.players))
    where: dict[Any, list[int]] = {}
    for seat, hand in enumerate(state.dealt):
        for card in hand:
            where.setdefault(card, []).append(seat)
    for seats in where.values():
        seats.sort()
    seats_in_order = [where[c].pop(0) for c in cards]
    if len(seats_in_order) % 2:
        seats_in_order.append(0)
    return bytes(
        (a << 4) | b for a, b in zip(seats_in_order[::2], seats_in_order[1::2], strict=True)
    )


def _deck_sorted(hand: Any, size: int) -> tuple[Any, ...]:
    """A hand in deck order, both copies of a card together (the order links use)."""
    one = deck(size)[: size // 2]
    rank = {c: i for i, c in enumerate(one)}
    return tuple(sorted(hand, key=rank.__getitem__))


def _unpack(data: bytes, has_bock: bool = False) -> dict[str, Any]:
    r = _Reader(data)
    size = r.varint()
    if size > MAX_RULES:
        raise LinkError("link-rules-too-long")
    rules_json = parse_json(r.take(size), MAX_RULES)
    rules = load_rules(rules_json)
    players = r.byte()
    if players not in rules.players:
        raise LinkError(
            "link-players", players=players, preset=rules.preset, allowed=list(rules.players)
        )
    dealer = r.byte()
    if dealer >= players:
        raise LinkError("link-dealer", dealer=dealer)
    owes_bits = r.byte()
    if owes_bits >> players:
        raise LinkError("link-owes")
    owes = frozenset(s for s in range(players) if owes_bits >> s & 1)
    forced_byte = r.byte()
    if forced_byte != 255 and forced_byte >= players:
        raise LinkError("link-forced")
    forced = None if forced_byte == 255 else forced_byte
    cards = deck(rules.deck_for(players))
    packed = r.take((len(cards) + 1) // 2)
    seats = [n for b in packed for n in (b >> 4, b & 15)][: len(cards)]
    hands: list[list[Any]] = [[] for _ in range(players)]
    for card, seat in zip(cards, seats, strict=True):
        if seat >= players:
            raise LinkError("link-card-seat", seat=seat)
        hands[seat].append(card)
    record: dict[str, Any] = {
        "rules": rules_json,
        "dealer": dealer,
        "hands": [format_cards(_deck_sorted(h, len(cards))) for h in hands],
    }
    if owes:
        record["owes_duty_solo"] = sorted(owes)
    if forced is not None:
        record["forced_solo"] = forced
    count = r.varint()
    if count > MAX_ACTIONS:
        raise LinkError("too-many-actions", count=count)
    record["actions"] = []
    # parse_record checks the deal (card counts per seat) before any action is taken
    state, _ = parse_record(record)
    actions: list[str] = []
    for index in range(count):
        if state.is_over:
            raise LinkError("link-action-after-end", index=index)
        pick = r.varint()
        legal = legal_actions(state)
        if pick >= len(legal):
            raise LinkError("link-choice", index=index, choice=pick, count=len(legal))
        state = apply(state, legal[pick], legal)
        actions.append(str(legal[pick]))
    if has_bock:
        bock = r.varint()
        if not 1 <= bock <= MAX_LEVEL:
            raise LinkError("record-bock", most=MAX_LEVEL)
        record["bock"] = bock
    if r.pos != len(data):
        raise LinkError("link-trailing-data")
    record["actions"] = actions
    return record


def canonical(record: Any) -> dict[str, Any]:
    """The record as a link gives it back (hands in deck order, canonical actions)."""
    return decode(encode(record))


__all__ = ["LinkError", "canonical", "decode", "encode", "encode_state"]
