"""Actions as values: :class:`Action` parses and prints the ``SEAT:WHAT`` strings.

The engine holds actions as values (the history, the legal lists); the string is
the wire format only (records, share links, the worker's messages, the command
line; docs/formats.md "Action words"). Text is read once where it comes in
(``parse``) and printed where it goes out (``str(action)``), the way a chess
move is read from and written as UCI. ``kind`` answers "is this a card, an
announcement, a reservation ...?" in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Literal, NamedTuple

from .announcements import WORDS
from .cards import CARDS, Card
from .contracts import solo_contract, solo_kind
from .errors import IllegalAction

ActionKind = Literal[
    "card",  # play a card: ``2:HT``
    "call",  # an announcement: ``1:re``, ``1:no90``
    "reservation",  # ``0:healthy``, ``0:throw``, ``0:wedding:fehl``, ``0:solo:queens``
    "poverty-answer",  # ``3:accept``, ``3:decline``
    "poverty-return",  # ``3:return:CA,DT``
    "declare-solo",  # klassisch, one Kreuz-Dame: ``2:declare-solo``
]

_CARD_TEXT = {str(c): c for c in CARDS}
_RESERVATIONS = ("healthy", "throw", "poverty", "wedding")
_WEDDING = "wedding"
_RETURN = "return:"


class Action(NamedTuple):
    seat: int
    kind: ActionKind
    card: Card | None = None  # for a card
    word: str | None = None  # for everything else: the text after ``SEAT:``

    @classmethod
    def from_str(cls, text: str) -> Action:
        """The action ``text`` names; raises IllegalAction for text that names none.

        Whether it is legal now is for ``doko.game.state`` to say.
        """
        seat, what = split(text)
        card = named_card(what)
        if card is not None:
            return cls(seat, "card", card)
        kind = word_kind(what)
        if kind is None:
            raise IllegalAction("unknown-action", what=what)
        return cls(seat, kind, None, what)

    @classmethod
    def saying(cls, seat: int, word: str) -> Action:
        """``seat`` says ``word``: any action but a card (a word the engine lists)."""
        kind = word_kind(word)
        assert kind is not None, word
        return cls(seat, kind, None, word)

    @classmethod
    def playing(cls, seat: int, card: Card) -> Action:
        return cls(seat, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}:{self.what}"

    @property
    def what(self) -> str:
        """The text after ``SEAT:``: the card or the word."""
        return str(self.card) if self.card is not None else str(self.word)

    @property
    def is_card(self) -> bool:
        return self.kind == "card"

    @property
    def solo_kind(self) -> str | None:
        """The kind of a solo reservation (``solo:queens`` -> ``queens``), else None."""
        return solo_kind(self.word) if self.word is not None else None

    @property
    def is_wedding(self) -> bool:
        return self.word is not None and is_wedding(self.word)

    @property
    def returned(self) -> tuple[Card, ...]:
        """The cards a ``return:`` gives back (empty for any other action)."""
        return returned_cards(self.what) if self.kind == "poverty-return" else ()


@lru_cache(maxsize=4096)
def parse(text: str) -> Action:
    """``Action.from_str`` remembered: records and the page send the same few actions."""
    return Action.from_str(text)


def split(text: str) -> tuple[int, str]:
    """``SEAT:WHAT`` as (seat, what); raises IllegalAction if there is no seat."""
    seat_text, sep, what = text.partition(":")
    if not sep or not seat_text.isdigit():
        raise IllegalAction("malformed-action", action=text)
    return int(seat_text), what


def named_card(what: str) -> Card | None:
    """The card ``what`` (the text after ``SEAT:``) names, or None; typed in lower case
    too (``0:ht`` is read as ``0:HT``)."""
    card = _CARD_TEXT.get(what)
    if card is None and len(what) == 2:
        return _CARD_TEXT.get(what.upper())
    return card


# -- the reservation words ---------------------------------------------------------------


solo_word = solo_contract  # a solo's reservation word is its contract id


def is_wedding(word: str) -> bool:
    """``wedding`` or ``wedding:RULE``: a Hochzeit, with or without its rule."""
    return word.startswith(_WEDDING)


def wedding_rule(word: str) -> str:
    """The rule a Hochzeit word names (``wedding:fehl`` -> ``fehl``); "" for none."""
    return word.partition(":")[2]


def wedding_word(rule: str) -> str:
    return f"{_WEDDING}:{rule}"


def is_return(word: str) -> bool:
    return word.startswith(_RETURN)


def returned_cards(word: str) -> tuple[Card, ...]:
    """The cards of ``return:C1,C2``; raises DokoError for a card that is none."""
    return tuple(Card.from_str(t) for t in word[len(_RETURN) :].split(",") if t)


def return_word(cards: Iterable[Card]) -> str:
    """``return:`` with the cards in sorted order: one word for the same cards."""
    return _RETURN + ",".join(sorted(str(c) for c in cards))


def word_kind(what: str) -> ActionKind | None:
    """The kind of a non-card action word (the text after ``SEAT:``), or None."""
    if what in WORDS:
        return "call"
    if what in ("accept", "decline"):
        return "poverty-answer"
    if is_return(what):
        return "poverty-return"
    if what == "declare-solo":
        return "declare-solo"
    if what.partition(":")[0] in _RESERVATIONS or solo_kind(what) is not None:
        return "reservation"
    return None
