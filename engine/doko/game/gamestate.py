"""The frozen state of one deal: its fields and the facts derived from them.

:mod:`doko.game.state` lists the legal actions and applies them; the modules that
carry out a part of the rules (:mod:`doko.game.reservations`) work on this type
without needing that module.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Literal, NamedTuple

from . import announcements as ann
from .actions import Action
from .cards import Card
from .contracts import CardOrder
from .rules import Rules
from .tricks import Trick

Phase = Literal["reservations", "poverty", "poverty-return", "play", "done"]
PHASES: tuple[Phase, ...] = ("reservations", "poverty", "poverty-return", "play", "done")
# A solo is "solo:KIND" with KIND one of rules.SOLO_KINDS.
Contract = Literal[
    "normal",
    "wedding",
    "silent-wedding",
    "wedding-alone",
    "poverty",
    "redeal",
    "solo:diamonds",
    "solo:hearts",
    "solo:spades",
    "solo:clubs",
    "solo:queens",
    "solo:jacks",
    "solo:fleshless",
    "solo:kings",
    "solo:queens-jacks",
    "solo:kings-queens",
    "solo:kings-jacks",
    "solo:koehler",
]


class GameState(NamedTuple):
    rules: Rules
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]  # hands as dealt (the record keeps these)
    hands: tuple[tuple[Card, ...], ...]  # hands now
    active: tuple[int, ...]  # seats holding cards in this deal (a sitting-out dealer not)
    order: CardOrder  # the contract's card order (normal until a solo is declared)
    owes_duty_solo: frozenset[int] = frozenset()
    forced_solo: int | None = None
    history: tuple[Action, ...] = ()
    phase: Phase = "reservations"
    to_act: int | None = None  # the seat whose turn it is (None when done)
    declarations: tuple[tuple[int, str], ...] = ()
    contract: Contract = "normal"
    declarer: int | None = None  # soloist, Hochzeiter or poverty giver
    partner: int | None = None  # wedding partner or poverty taker
    wedding_rule: str | None = None
    wedding_decided: int = 0  # trick (1-based) that decided the Hochzeit; 0 while open
    duty_solo: bool = False
    poverty_cards: tuple[Card, ...] = ()
    poverty_returned: int = -1  # trumps among the returned cards
    tricks: tuple[Trick, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()  # the trick being played
    said: tuple[tuple[int, str], ...] = ()  # announcements, implied words included
    re_party: tuple[int, ...] = ()  # Re as far as the rules have decided it
    re_words: tuple[str, ...] = ()  # what each party has announced, in order
    kontra_words: tuple[str, ...] = ()
    frozen: frozenset[str] = frozenset()  # parties closed by a late Gegenansage
    one_queen_solo: bool = False  # klassisch: solo declared with one Kreuz-Dame
    bock: int = 0  # Bockrunden: the deal's points are doubled this many times (doko.game.bock)
    # Schweinchen (house rules, doko.game.pigs): the seat holding them, and the number of
    # actions taken when the table learned it (-1: not yet); the same for Superschweinchen
    pig_seat: int | None = None
    superpig_seat: int | None = None
    pigs_shown: int = -1
    superpigs_shown: int = -1

    # -- derived facts -------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.dealt)

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % self.players
        while seat not in self.active:
            seat = (seat + 1) % self.players
        return seat

    def party(self, seat: int) -> str:
        return "re" if seat in self.re_party else "kontra"

    def party_words(self, party: str) -> tuple[str, ...]:
        return self.re_words if party == "re" else self.kontra_words

    def moment(self, seat: int) -> ann.Moment:
        return ann.Moment(len(self.hands[seat]), self.tricks_started, self.deadline_shift)

    @property
    def tricks_started(self) -> int:
        return len(self.tricks) + (1 if self.trick else 0)

    @property
    def deadline_shift(self) -> int:
        """Tricks a Hochzeit took to decide, minus one, where the rules shift deadlines."""
        if self.wedding_decided and self.rules.wedding_deadline_shift:
            return self.wedding_decided - 1
        return 0

    @property
    def is_over(self) -> bool:
        return self.phase == "done"

    def updated(self, **changes: Any) -> GameState:
        """``self._replace(**changes)`` at half the cost: it runs for most actions."""
        values = list(self)
        for name, value in changes.items():
            values[FIELD_INDEX[name]] = value
        return from_values(values)


FIELD_INDEX = {name: i for i, name in enumerate(GameState._fields)}

updated = GameState.updated  # as a function: updated(state, **changes)

# A state from its field values in field order: _make without its length check.
from_values = partial(tuple.__new__, GameState)
