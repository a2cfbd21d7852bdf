"""What the engine and the page say to each other, declared once.

The worker hands every request to ``doko.api.handle`` and the page reads the JSON
that comes back. These types name that JSON's shape: the table's view, each event,
the saved table and the answers of the requests that move the table. The page's
JSDoc mirrors them key for key (docs/contract.md), so a key renamed here is a key
renamed there. Parts whose shape docs/formats.md gives (game records, results,
score sheets, the rule set's JSON) stay plain JSON objects here.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..game.bock import BockStarted
from ..game.gamestate import Contract, Phase
from ..game.scoring import Reckoning
from .plates import Plate

JSON = dict[str, Any]  # an object whose shape docs/formats.md gives

# -- the view: what one seat may see of the table ----------------------------------


class PlayedCard(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    cards: list[PlayedCard]
    winner: int


class Declaration(TypedDict):
    seat: int
    what: str  # a reservation word: ``healthy``, ``solo:queens`` ...


class Announcement(TypedDict):
    seat: int
    word: str  # ``re``, ``kontra``, ``no90`` ...


class Parties(TypedDict):
    re: list[int]
    kontra: list[int]


class Deadlines(TypedDict):
    system: str  # none, cards or tricks
    gegenansage: int
    levels: list[int]  # one per level: Re/Kontra, keine 90/60/30, schwarz
    tricks_started: int


class Poverty(TypedDict):
    giver: int
    taker: int
    returned_trumps: int


class View(TypedDict):
    rules: str
    rules_spec: str | JSON
    players: int
    seat: int
    dealer: int
    phase: Phase
    to_act: int | None
    bots: list[str | None]
    hand: list[str]
    hand_sizes: list[int]
    legal: list[str]  # action words ``SEAT:WHAT``
    trick: list[PlayedCard]
    trick_leader: int | None
    last_trick: LastTrick | None
    tricks_won: list[int]
    contract: Contract
    declarer: int | None
    declarations: list[Declaration]
    announcements: list[Announcement]
    known_parties: Parties
    plates: list[Plate]
    received: list[str]
    trumps: list[str]
    pigs: int | None
    superpigs: int | None
    eyes_won: list[int]
    tournament: bool
    deadlines: Deadlines
    can_undo: bool
    result: JSON | None
    goals: dict[str, JSON] | None
    reckoning: Reckoning | None
    bock_started: BockStarted | None
    record: JSON | None
    sheet: list[JSON]
    totals: list[int]
    owes_duty_solo: list[int]
    forced_solo: int | None
    duty_solo: bool
    poverty: Poverty | None
    sitting_out: int | None
    series_finished: bool
    rounds: int | None
    rounds_played: int | None
    bock: int
    bock_to_come: int
    public: NotRequired[bool]  # only in the public view (a pass-and-play cover): true


# -- events: what happened in one step ---------------------------------------------

EventCode = Literal[
    "deal_started",
    "table_opened",
    "reservation",
    "poverty_answered",
    "poverty_returned",
    "announced",
    "card_played",
    "pigs_revealed",
    "trick_taken",
    "deal_over",
    "undone",
]


class DealStarted(TypedDict):
    dealer: int
    bock: int


class TableOpened(TypedDict):
    pass


class Reservation(TypedDict):
    seat: int
    what: str


class PovertyAnswered(TypedDict):
    seat: int
    accepted: bool


class PovertyReturned(TypedDict):
    giver: int | None
    taker: int | None
    trumps: int


class Announced(TypedDict):
    seat: int
    call: str


class CardPlayed(TypedDict):
    seat: int
    card: str


class PigsRevealed(TypedDict):
    seat: int | None
    kind: Literal["pigs", "superpigs"]


class TrickTaken(TypedDict):
    seat: int
    trick: int  # 1-based
    points: int  # the trick's Augen


class DealOver(TypedDict):
    contract: Contract


class Undone(TypedDict):
    seat: int


EventParams = (
    DealStarted
    | TableOpened
    | Reservation
    | PovertyAnswered
    | PovertyReturned
    | Announced
    | CardPlayed
    | PigsRevealed
    | TrickTaken
    | DealOver
    | Undone
)


class EventJSON(TypedDict):
    code: EventCode
    params: EventParams


# -- the saved table and the answers of the requests that move it ------------------


class SavedTable(TypedDict):
    """``save``'s answer and ``resume``'s ``table``."""

    version: int
    series: JSON | None  # the series record, or None for an opened record
    loose: list[JSON]  # game records played before the series
    game: JSON  # the running deal's record
    seat: int
    bots: list[str | None]
    undo_from: NotRequired[int]  # actions before it are never taken back


class Step(TypedDict):
    """The answer of ``new_game``, ``act``, ``bot``, ``next_game``, ``undo``,
    ``set_bots``, ``load_record`` and ``resume``."""

    view: View
    events: list[EventJSON]
    save: SavedTable


class Hint(TypedDict):
    action: str
    reason: str


class DealRecord(TypedDict):
    record: JSON
    seat: int
    bots: list[str | None]


class Refusal(TypedDict):
    """Any request's answer when the engine refuses it (doko.game.errors)."""

    error: str
    code: str
    params: JSON


# -- payloads: what the page sends (each key optional unless the request needs it) -


class NewGamePayload(TypedDict, total=False):
    rules: str | JSON
    seed: int
    players: int
    seat: int
    level: str
    bots: list[str | None]
    dealer: int
    rounds: int


class ActPayload(TypedDict):
    action: str  # ``SEAT:WHAT``


class SeatPayload(TypedDict, total=False):
    """``view`` and ``hint``: the seat asked about (the table's own by default)."""

    seat: int
    public: bool  # view only


class BotsPayload(TypedDict):
    bots: list[str | None]


class LoadRecordPayload(TypedDict, total=False):
    record: JSON
    seat: int


class ResumePayload(TypedDict):
    table: SavedTable


class DealRecordPayload(TypedDict):
    game: int  # 0-based, in the sheet's order
