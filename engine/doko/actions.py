"""Actions as values: :class:`Action` parses and prints the ``SEAT:WHAT`` strings.

The string stays the wire format (records, share links, the worker's messages;
docs/formats.md "Action words"); ``Action.from_str`` and ``str(action)`` convert,
the way a chess move is read from and written as UCI. ``kind`` answers "is this
a card, an announcement, a reservation ...?" in one place.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .announcements import WORDS
from .cards import CARDS, Card
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


class Action(NamedTuple):
    seat: int
    kind: ActionKind
    card: Card | None = None  # for a card
    word: str | None = None  # for everything else: the text after ``SEAT:``

    @classmethod
    def from_str(cls, text: str) -> Action:
        """The action ``text`` names; raises IllegalAction for text that names none.

        Whether it is legal now is for ``doko.state`` to say.
        """
        seat_text, sep, what = text.partition(":")
        if not sep or not seat_text.isdigit():
            raise IllegalAction("malformed-action", action=text)
        seat = int(seat_text)
        card = _CARD_TEXT.get(what)
        if card is not None:
            return cls(seat, "card", card)
        kind = word_kind(what)
        if kind is None:
            raise IllegalAction("unknown-action", what=what)
        return cls(seat, kind, None, what)

    def __str__(self) -> str:
        return f"{self.seat}:{self.what}"

    @property
    def what(self) -> str:
        """The text after ``SEAT:``: the card or the word."""
        return str(self.card) if self.card is not None else str(self.word)

    @property
    def is_card(self) -> bool:
        return self.kind == "card"


def word_kind(what: str) -> ActionKind | None:
    """The kind of a non-card action word (the text after ``SEAT:``), or None."""
    if what in WORDS:
        return "call"
    if what in ("accept", "decline"):
        return "poverty-answer"
    if what.startswith("return:"):
        return "poverty-return"
    if what == "declare-solo":
        return "declare-solo"
    if what.partition(":")[0] in _RESERVATIONS or what.startswith("solo:"):
        return "reservation"
    return None


def card_of(action: str) -> Card | None:
    """The card an action string plays, or None if it plays none (no exception: the
    cheap question bots and the page's helpers ask of every legal action)."""
    return _CARD_TEXT.get(action.partition(":")[2])


def is_card_action(action: str) -> bool:
    return card_of(action) is not None
