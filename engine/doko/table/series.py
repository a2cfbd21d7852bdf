"""A series of deals at one table: dealer rotation, Pflichtsolo and the score sheet.

A :class:`Series` is frozen; :func:`record_game` returns the next one. It is
built on the per-deal engine: :func:`current_deal` says who deals, the hands,
who still owes a Pflichtsolo and who is vorgeführt; :func:`start_game` makes
the :class:`~doko.game.state.GameState` from that, and :func:`record_game` takes
the finished deal back and writes its row on the sheet.

Dealer rotation
    The deal passes left after every game, except that the same dealer deals
    again after a redeal (a throw, a Trumpfabgabe nobody took) and, when
    ``rules.solo_leads == "duty"``, after a Pflichtsolo. Only a deal that
    passes the deal on counts toward the rounds (a round = every seat dealt
    once; at five players the dealer sits out).

Pflichtsolo (``rules.duty_solo_rounds > 0``)
    Every seat owes one. The first solo a seat plays while it owes one is its
    Pflichtsolo; a silent or lone Hochzeit is not a solo and does not count.
    The Pflichtsolo is owed within the series: after its last regular round
    (at most ``duty_solo_rounds`` rounds, see :func:`start_series`) the seats
    still owing are vorgeführt in seat order, each in one more deal with
    ``forced_solo`` set and the seat to its right dealing. Then the series ends.

Bockrunden (``rules.bock`` not empty; arithmetic in :mod:`doko.game.bock`)
    Each finished deal's triggers add bock rounds; ``bock`` is the level of the
    coming played deals, next first. A deal starts at the level :func:`current_deal`
    names (its record carries ``"bock": k``, checked on replay like the dealer); a
    redeal does not use one up. Bock deals are played within the agreed rounds:
    rounds still to come when the series ends lapse (a table that wants them plays
    on with a new series).

Series record (JSON; a saved series, replayable with ``python -m doko replay``)::

    {"series": {"rules": RULES, "players": N, "rounds": R, "first_dealer": D,
                "seed": S},
     "games": [GAME_RECORD, ...]}

``RULES`` is a preset id or ``{"preset": id, "options": {...}}`` as in a game
record; ``seed`` is optional (it only names the deals a series would deal next).
Each ``GAME_RECORD`` is a docs/formats.md game record with ``dealer``, ``hands``,
``owes_duty_solo`` (omitted when empty), ``forced_solo`` (omitted when nobody
is vorgeführt), ``bock`` (omitted when 0) and ``actions``; its ``rules`` may be left
out (the series' rules apply) and must otherwise equal them. :func:`replay_series`
checks that every game's dealer, ``owes_duty_solo``, ``forced_solo`` and ``bock``
follow from the games before it, replays every game (each must be finished) and rebuilds the sheet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..game import bock as bock_mod
from ..game.cards import Card, deal
from ..game.errors import InputError, coded
from ..game.errors import SeriesError as SeriesError  # re-exported
from ..game.notation import RecordError, record_of, replay
from ..game.outcome import result
from ..game.rules import Rules, load_rules
from ..game.state import GameState, new_game
from ..game.untrusted import is_whole, parse_json

TABLE_SIZES = (4, 5, 6, 8)
MAX_ROUNDS = 25  # rounds a table may be set to: 200 deals at eight seats, still a small saved table
DEFAULT_ROUNDS = 4  # of a series without Pflichtsolo rounds
MAX_GAMES = 2000  # bounds untrusted series records; a real series is far shorter


@dataclass(frozen=True)
class Settings:
    rules: Rules
    players: int = 4
    rounds: int = 1
    first_dealer: int = 0
    seed: int = 0


class DealStart(NamedTuple):
    """What the next deal starts from (the arguments of ``new_game``)."""

    number: int  # position of this deal in the series (0-based), redeals included
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    owes_duty_solo: frozenset[int]
    forced_solo: int | None
    bock: int = 0  # Bockrunden level: the deal's points are doubled this many times


@dataclass(frozen=True)
class Series:
    settings: Settings
    dealer: int  # who deals the next regular deal
    owes: frozenset[int]  # seats that still owe a Pflichtsolo
    passed: int = 0  # deals that passed the deal on (rounds * players end the rounds)
    games: tuple[GameState, ...] = ()  # finished deals, redeals included
    rows: tuple[dict[str, Any], ...] = ()  # the score sheet, one row per finished deal
    vorfuehren: tuple[int, ...] | None = None  # seats still to be vorgeführt, once due
    bock: bock_mod.Schedule = ()  # bock level of each coming played deal, next first


# -- starting and reading a series -------------------------------------------------


def start_series(settings: Settings) -> Series:
    """A new series; raises SeriesError for settings the rules cannot play."""
    check_settings(settings)
    rules = settings.rules
    owes = frozenset(range(settings.players)) if has_duty_solo(rules) else frozenset()
    return Series(settings=settings, dealer=settings.first_dealer, owes=owes)


def check_settings(settings: Settings) -> None:
    rules, players = settings.rules, settings.players
    if players not in TABLE_SIZES or players not in rules.players:
        raise SeriesError("players-not-allowed", preset=rules.preset, allowed=list(rules.players))
    if settings.rounds < 1:
        raise SeriesError("series-rounds-min")
    if has_duty_solo(rules) and settings.rounds > rules.duty_solo_rounds:
        # the Pflichtsolo is owed within duty_solo_rounds rounds; a longer series
        # would need a second obligation, which no rule text describes
        raise SeriesError("series-rounds-max", preset=rules.preset, rounds=rules.duty_solo_rounds)
    if not 0 <= settings.first_dealer < players:
        raise SeriesError("first-dealer", last=players - 1)


def has_duty_solo(rules: Rules) -> bool:
    return rules.duty_solo_rounds > 0


def default_rounds(rules: Rules) -> int:
    """Rounds of a table unless the page says: the Pflichtsolo rounds, else four."""
    return rules.duty_solo_rounds if has_duty_solo(rules) else DEFAULT_ROUNDS


def current_deal(series: Series) -> DealStart:
    """The next deal: dealer, hands (from the seed), debts and who is vorgeführt."""
    if is_finished(series):
        raise SeriesError("series-over")
    settings = series.settings
    forced = series.vorfuehren[0] if series.vorfuehren else None
    # a vorgeführt seat plays against the dealer to its right
    dealer = series.dealer if forced is None else (forced - 1) % settings.players
    index = len(series.games)
    size = settings.rules.deck_for(settings.players)
    hands = tuple(deal(size, settings.players, deal_seed(settings.seed, index), dealer))
    return DealStart(index, dealer, hands, series.owes, forced, bock_mod.level(series.bock))


def deal_seed(seed: int, index: int) -> int:
    """The shuffle seed of deal ``index`` of the series with ``seed``."""
    return random.Random(f"doko-series:{seed}:{index}").randrange(2**32)


def start_game(series: Series) -> GameState:
    start = current_deal(series)
    return new_game(
        series.settings.rules,
        start.hands,
        start.dealer,
        start.owes_duty_solo,
        start.forced_solo,
        start.bock,
    )


def is_finished(series: Series) -> bool:
    return series.vorfuehren == ()


def sheet(series: Series) -> list[dict[str, Any]]:
    return [dict(row) for row in series.rows]


def totals(series: Series) -> list[int]:
    if not series.rows:
        return [0] * series.settings.players
    return list(series.rows[-1]["totals"])


def rounds_played(series: Series) -> int:
    return series.passed // series.settings.players


def bock_to_come(series: Series) -> dict[str, int]:
    """The next deal's bock level and how many bock deals are still to come."""
    return {"next": bock_mod.level(series.bock), "to_come": bock_mod.still_to_come(series.bock)}


# -- recording a finished deal -----------------------------------------------------


def record_game(series: Series, state: GameState) -> Series:
    """The series after the finished deal ``state``; raises SeriesError if it does not fit."""
    check_game(series, state)
    outcome = result(state)
    series = replace(
        series,
        games=series.games + (state,),
        rows=series.rows + (sheet_row(series, state, outcome),),
    )
    seats = series.settings.players
    series = replace(series, bock=bock_mod.after_deal(state.rules, seats, series.bock, outcome))
    if state.duty_solo and state.declarer is not None:
        series = replace(series, owes=series.owes - {state.declarer})
    if state.forced_solo is not None:
        assert series.vorfuehren
        return replace(series, vorfuehren=series.vorfuehren[1:])
    if not keeps_dealer(state):
        series = replace(
            series, dealer=(state.dealer + 1) % state.players, passed=series.passed + 1
        )
    if series.passed == series.settings.rounds * series.settings.players:
        series = replace(series, vorfuehren=tuple(sorted(series.owes)))
    return series


def keeps_dealer(state: GameState) -> bool:
    """A redeal, or a Pflichtsolo led by the soloist: the same dealer deals again."""
    if state.contract == "redeal":
        return True
    return state.duty_solo and state.rules.solo_leads == "duty"


def check_game(series: Series, state: GameState) -> None:
    if is_finished(series):
        raise SeriesError("series-already-over")
    if not state.is_over:
        raise SeriesError("game-not-finished")
    if state.rules != series.settings.rules:
        raise SeriesError("series-rules-mismatch")
    if state.players != series.settings.players:
        raise SeriesError(
            "series-seats-mismatch", seats=state.players, series_seats=series.settings.players
        )
    start = current_deal(series)
    check_start(start, state.dealer, state.owes_duty_solo, state.forced_solo, state.bock)


def check_start(start: DealStart, dealer: Any, owes: Any, forced: Any, bock: Any = 0) -> None:
    """Refuse a deal whose dealer, debts, vorgeführt seat or bock level do not follow
    from the series."""
    if dealer != start.dealer:
        raise SeriesError("series-dealer", dealer=dealer, expected=start.dealer)
    if owes != start.owes_duty_solo:
        given = sorted(owes) if isinstance(owes, frozenset) else owes
        raise SeriesError("series-owes", owes=given, expected=sorted(start.owes_duty_solo))
    if forced != start.forced_solo:
        if start.forced_solo is None:
            raise SeriesError("series-forced-nobody", forced=forced)
        raise SeriesError("series-forced", forced=forced, expected=start.forced_solo)
    if bock != start.bock:
        raise SeriesError("series-bock", bock=bock, expected=start.bock)


def sheet_row(series: Series, state: GameState, outcome: dict[str, Any]) -> dict[str, Any]:
    """One sheet row: the deal's result plus dealer, Pflichtsolo and running totals."""
    before = totals(series)
    row = {**outcome, "lines": outcome.get("lines", [])}
    row.update(
        {
            "game": len(series.games),
            "dealer": state.dealer,
            "duty_solo": state.duty_solo,
            "forced_solo": state.forced_solo,
            "totals": [t + p for t, p in zip(before, outcome["points"], strict=True)],
        }
    )
    return row


# -- series records ----------------------------------------------------------------


def series_record(series: Series) -> dict[str, Any]:
    settings = series.settings
    return {
        "series": {
            "rules": settings.rules.to_json(),
            "players": settings.players,
            "rounds": settings.rounds,
            "first_dealer": settings.first_dealer,
            "seed": settings.seed,
        },
        "games": [record_of(state) for state in series.games],
    }


def is_series_record(data: Any) -> bool:
    return isinstance(data, dict) and "series" in data


def parse_settings(data: Any) -> Settings:
    if not isinstance(data, dict):
        raise SeriesError("series-not-object")
    try:
        rules = load_rules(data.get("rules", ""))
    except ValueError as err:
        raise SeriesError("series-rules", reason=coded(err)) from None
    numbers = {}
    for name, default in (("players", None), ("rounds", None), ("first_dealer", 0), ("seed", 0)):
        value = data.get(name, default)
        if not is_whole(value):
            raise SeriesError("series-number", name=name)
        numbers[name] = value
    return Settings(rules, **numbers)


def replay_series(data: Any) -> Series:
    """Replay a series record; raises SeriesError naming the first game that does not fit."""
    if isinstance(data, str | bytes):
        try:
            data = parse_json(data)
        except InputError as err:  # a series' refusal, as its callers expect
            raise SeriesError(err.code, **err.params) from None
    if not is_series_record(data):
        raise SeriesError("series-not-record")
    series = start_series(parse_settings(data["series"]))
    games = data.get("games", [])
    if not isinstance(games, list):
        raise SeriesError("series-games-list")
    if len(games) > MAX_GAMES:
        raise SeriesError("too-many-games", count=len(games))
    for index, record in enumerate(games):
        try:
            series = replay_game(series, record)
        except (SeriesError, RecordError) as err:
            raise SeriesError("series-game", index=index, reason=err) from None
    return series


def replay_game(series: Series, record: Any) -> Series:
    if not isinstance(record, dict):
        raise SeriesError("game-not-object")
    if "rules" not in record:  # a game inside a series may leave its rules to the series
        record = {**record, "rules": series.settings.rules.to_json()}
    if not is_finished(series):  # check the start first: a wrong dealer also misdeals
        owes = record.get("owes_duty_solo", [])
        owes_set = (
            frozenset(owes)
            if isinstance(owes, list) and all(isinstance(s, int) for s in owes)
            else owes
        )
        check_start(
            current_deal(series),
            record.get("dealer", 0),
            owes_set,
            record.get("forced_solo"),
            record.get("bock", 0),
        )
    return record_game(series, replay(record))
