"""The page's entry point: ``handle(type, payload_json) -> json``.

The worker forwards every message here. A :class:`Session` holds the running
table and answers the requests; the worker's is ``SESSION`` (the worker is one
page's engine), a test makes a fresh one. Every answer is JSON, a refusal as
``{"error": ENGLISH, "code": CODE, "params": {...}}`` (:mod:`doko.game.errors`) so
no traceback ever reaches the page and the page can say it in its language.

The table is a :mod:`doko.table.series`: every deal starts from
``series.current_deal`` (dealer rotation, Pflichtsolo debts, a vorgeführt
seat, the same dealer after a redeal) and every finished deal is recorded on
the series' sheet. ``score`` scores a game summary for the score keeper.

Requests that move the table (``new_game``, ``act``, ``bot``, ``next_game``,
``undo``, ``set_bots``, ``load_record``, ``resume``) answer ``{"view", "events",
"save"}``: the new view, what happened in that step (:mod:`doko.page.events`) and the
table as ``save`` gives it, so the page needs one request per move.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .bots.botregistry import get_bot
from .bots.bots import choose_standard
from .bots.levels import level_bot
from .game import bock as bock_mod
from .game.actions import parse
from .game.cards import deal, total_eyes
from .game.contracts import CardOrder
from .game.errors import RecordError, SummaryError, TournamentError, coded
from .game.errors import RequestError as Refused
from .game.notation import record_of, replay
from .game.observation import observe, public_facts, table_contract
from .game.outcome import goals_of, result, summarize
from .game.rules import Rules, load_rules
from .game.scoring import reckoning
from .game.scoring import score as score_summary
from .game.state import GameState, apply, legal_for, new_game
from .game.summary import summary_from_json
from .game.untrusted import MAX_TEXT, parse_json
from .page import editor, share
from .page import events as events_mod
from .page.contract import (
    Deadlines,
    DealRecord,
    Hint,
    LastTrick,
    Parties,
    PlayedCard,
    Poverty,
    SavedTable,
    Step,
    View,
)
from .page.metadata import describe
from .page.plates import Known, parties_shown, plates
from .page.reviewapi import handlers as review_handlers
from .table import draw as draw_mod
from .table import evening
from .table import series as series_mod
from .table.series import MAX_ROUNDS as MAX_ROUNDS  # re-exported
from .table.series import default_rounds as default_rounds  # re-exported

MAX_PAYLOAD = MAX_TEXT  # characters of a request's payload: the command line's bound too
MAX_KIND = 40  # characters of a request's type; the longest is 22
MAX_LOOSE = 10  # games before the series in a saved table (an opened record: one)
TABLE_VERSION = 1  # of the saved-table format (``save`` / ``resume``)


@dataclass
class Table:
    rules: Rules
    seat: int
    bots: list[str | None]
    seed: int
    state: GameState
    # the series the deals belong to; None for an opened record until its next deal
    series: series_mod.Series | None = None
    # rows before the series (an opened record's game), shown first on the sheet,
    # and the finished games they come from (kept for ``save``)
    loose: list[dict[str, Any]] = field(default_factory=list)
    loose_games: list[GameState] = field(default_factory=list)
    recorded: bool = False  # the current deal is on the sheet
    rng: random.Random = field(default_factory=random.Random)
    rounds: int = 1
    # save's records of finished games by id (the state is kept so the id stays its own)
    records: dict[int, tuple[GameState, dict[str, Any]]] = field(default_factory=dict)
    # the running deal's actions before this index are never taken back: another person
    # (a guest, the next person at a passed-round device) played up to here
    undo_from: int = 0


def _check_bots(bots: Any, players: int) -> list[str | None]:
    """One entry per seat: a bot's name, or None for a person."""
    if not isinstance(bots, list) or len(bots) != players:
        raise Refused("bots-per-seat")
    for spec in bots:
        if spec is not None:
            if not isinstance(spec, str) or len(spec) > 40:
                raise Refused("bot-name")
            try:
                get_bot(spec)
            except ValueError as err:
                raise Refused("bad-bot", detail=str(err), bot=spec) from None
    return list(bots)


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused("not-whole-number", field=name)
    return value


def _seat(payload: dict[str, Any] | None, t: Table) -> int:
    """The seat a request asks about (a shared table's other people), the table's own by
    default."""
    if payload is None or "seat" not in payload:
        return t.seat
    seat = _int(payload["seat"], "seat")
    if not 0 <= seat < t.state.players:
        raise Refused("seat-range", last=t.state.players - 1)
    return seat


def _finish(t: Table) -> None:
    """Write a finished deal on the sheet (once)."""
    if not t.state.is_over or t.recorded:
        return
    t.recorded = True
    if t.series is None:
        _add_loose(t, t.state)
    else:
        t.series = series_mod.record_game(t.series, t.state)


def _add_loose(t: Table, state: GameState) -> None:
    """A finished game before the series (an opened record) as a sheet row."""
    row = result(state)
    row.update(
        {
            "game": len(t.loose),
            "dealer": state.dealer,
            "duty_solo": state.duty_solo,
            "forced_solo": state.forced_solo,
            "totals": [a + b for a, b in zip(_totals(t), row["points"], strict=True)],
        }
    )
    t.loose.append(row)
    t.loose_games.append(state)


# -- saved tables (a reload keeps the whole series) -------------------------------
#
# ``save`` -> {"version": 1, "series": SERIES_RECORD | null, "loose": [GAME_RECORD...],
#              "game": GAME_RECORD, "seat": N, "bots": [SPEC | null, ...]}
# ``series`` is the series record of docs/formats.md with every finished deal (the
# current one too once it is over, so it replays to the same sheet on its own);
# ``loose`` are the games played before the series (an opened record), ``game`` the
# current deal as far as it went; without a series (an opened record) ``game`` is
# the opened record and ``loose`` is empty. ``resume`` {"table": SAVED} replays all of it.


def _game_record(t: Table, state: GameState) -> dict[str, Any]:
    """record_of a finished game, worked out once: ``save`` runs after every move."""
    hit = t.records.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    record = record_of(state)
    t.records[id(state)] = (state, record)
    return record


def _series_record(t: Table) -> dict[str, Any]:
    assert t.series is not None
    out = series_mod.series_record(replace(t.series, games=()))
    out["games"] = [_game_record(t, state) for state in t.series.games]
    return out


def _rebuild(data: Any) -> Table:
    if not isinstance(data, dict):
        raise Refused("saved-not-object")
    if data.get("version") != TABLE_VERSION:
        raise Refused("saved-version", version=json.dumps(data.get("version"))[:20])
    loose_records = data.get("loose", [])
    if not isinstance(loose_records, list) or len(loose_records) > MAX_LOOSE:
        raise Refused("saved-loose", most=MAX_LOOSE)
    series = None if data.get("series") is None else series_mod.replay_series(data["series"])
    game = data.get("game")
    last = series.games[-1] if series is not None and series.games else None
    on_sheet = last is not None and isinstance(game, dict) and game == _record(last)
    if series is not None and not on_sheet:
        _check_running_start(series, game)
    current = last if on_sheet and last is not None else replay(game)
    players = current.players
    seat = _int(data.get("seat"), "seat")
    if not 0 <= seat < players:
        raise Refused("seat-range", last=players - 1)
    bots = _check_bots(data.get("bots"), players)
    t = Table(current.rules, seat, bots, 0, current, rng=random.Random(0))
    undo_from = data.get("undo_from", 0)
    if not isinstance(undo_from, int) or not 0 <= undo_from <= len(current.history):
        raise Refused("saved-undo-from", most=len(current.history))
    t.undo_from = undo_from
    for index, record in enumerate(loose_records):
        try:
            state = replay(record)
        except RecordError as err:
            raise Refused("loose-game", index=index, reason=err) from None
        if state.rules != current.rules or state.players != players:
            raise Refused("loose-game-rules", index=index)
        if not state.is_over:
            raise Refused("loose-game-unfinished", index=index)
        _add_loose(t, state)
    if series is None:
        if loose_records:
            raise Refused("loose-without-series")
        _finish(t)  # an opened record, as load_record leaves it
        return t
    settings = series.settings
    if settings.rules != current.rules or settings.players != players:
        raise Refused("saved-rules-mismatch")
    if current.is_over and not on_sheet:
        raise Refused("saved-finished-off-sheet")
    t.series, t.seed, t.rounds, t.recorded = series, settings.seed, settings.rounds, on_sheet
    t.rng = random.Random(settings.seed + len(series.games))
    return t


# -- entries of an imported file, each checked whole before anything is stored ----
#
# ``check_entries`` {"entries": [{"key", "data"}...]} -> {"problems": [REFUSAL...]}: a
# saved table replayed (never made the running one), a keeper's sheet scored game by
# game, a variant's rules read, a tournament evening's standings worked out. Each
# problem is ``import-entry`` with the entry's key and the engine's own refusal.

MAX_ENTRIES = 2000  # entries one imported file may hold (statistics are one entry)


def check_entries(payload: dict[str, Any]) -> dict[str, Any]:
    entries = payload.get("entries")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise Refused("import-entries", most=MAX_ENTRIES)
    problems = []
    for item in entries:
        key = str(item.get("key", ""))[:80] if isinstance(item, dict) else ""
        try:
            if not isinstance(item, dict):
                raise Refused("import-shape", field="entry")
            check_entry(key, item.get("data"))
        except ValueError as err:
            problems.append(Refused("import-entry", key=key, reason=coded(err)).to_json())
        except (TypeError, KeyError, AttributeError, IndexError) as err:
            reason = Refused("saved-table-malformed", error=type(err).__name__)
            problems.append(Refused("import-entry", key=key, reason=reason).to_json())
    return {"problems": problems}


def check_entry(key: str, data: Any) -> None:
    """Refuse (raise a coded error) a stored entry the page could not use."""
    kind = key.split(":")[0]
    if not isinstance(data, dict):
        raise Refused("import-shape", field="data")
    if kind == "game":
        _check_saved_game(data)
    elif kind == "keeper":
        _check_keeper(data)
    elif kind == "variants":
        variants = data.get("variants")
        if not isinstance(variants, list):
            raise Refused("import-shape", field="variants")
        for variant in variants:
            _check_variant(variant)
    elif kind == "variant":
        _check_variant(data)
    elif kind == "tournament":
        _check_evening(data)
    elif kind not in ("stats", "settings"):
        raise Refused("import-kind")


def _check_evening(data: dict[str, Any]) -> None:
    """The page's stored evening (web/core/tournament-evening.js), ranked as its screen ranks it:
    every handed-in sheet checked again."""
    entrants, rounds = data.get("entrants"), data.get("rounds")
    if not isinstance(entrants, list) or not isinstance(rounds, list):
        raise Refused("import-shape", field="rounds")
    if not all(isinstance(e, dict) for e in entrants) or not all(
        isinstance(r, dict) for r in rounds
    ):
        raise Refused("import-shape", field="rounds")
    tour = {
        "id": data.get("id"),
        "rules": data.get("rules"),
        "table_rounds": data.get("tableRounds"),
        "seed": data.get("seed"),
        "entrants": [{"id": e.get("id"), "name": e.get("name")} for e in entrants],
        "rounds": [
            {"round": r.get("round"), "tables": r.get("tables"), "sheets": r.get("sheets")}
            for r in rounds
        ],
    }
    evening.standings(tour)


def _check_saved_game(data: dict[str, Any]) -> None:
    if "table" in data:  # schema 2: the whole table, as ``resume`` takes it
        try:
            _rebuild(data["table"])
        except ValueError as err:
            raise Refused("saved-table", reason=coded(err)) from None
        return
    state = replay(data.get("record"))  # schema 1: the running deal alone
    seat = data.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise Refused("seat-range", last=state.players - 1)


def _check_keeper(data: dict[str, Any]) -> None:
    games = data.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise Refused("import-shape", field="games")
    spec = data.get("rules") or data.get("preset")
    if not isinstance(spec, str | dict):
        raise Refused("import-shape", field="preset")
    players = data.get("players")
    if players not in load_rules(spec).players:
        raise Refused("import-shape", field="players")
    try:
        score_sheet(
            {"rules": spec, "players": players, "summaries": [g.get("summary") for g in games]}
        )
    except Refused as err:
        if err.code != "bock-game":
            raise
        raise Refused(
            "import-game", n=err.params["index"] + 1, reason=err.params["reason"]
        ) from None


def _check_variant(variant: Any) -> None:
    if not isinstance(variant, dict) or not isinstance(variant.get("rules"), dict):
        raise Refused("import-shape", field="variant")
    name = str(variant.get("name", ""))[:60]
    try:
        load_rules(variant["rules"])
    except ValueError as err:
        raise Refused("import-variant", name=name, reason=coded(err)) from None


def _record(state: GameState) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(json.dumps(record_of(state)))  # as storage gives it
    return stored


def _check_running_start(series: series_mod.Series, game: Any) -> None:
    """The running deal must be the series' next one: dealer, debts, vorgeführt seat
    (checked before its actions are replayed: a wrong dealer also misdeals)."""
    if series_mod.is_finished(series):
        raise Refused("series-over-game-running")
    if not isinstance(game, dict):
        raise Refused("game-not-record")
    owes = game.get("owes_duty_solo", [])
    if isinstance(owes, list) and all(isinstance(s, int) for s in owes):
        owes = frozenset(owes)
    start = series_mod.current_deal(series)
    series_mod.check_start(
        start, game.get("dealer", 0), owes, game.get("forced_solo"), game.get("bock", 0)
    )


def _rows(t: Table) -> list[dict[str, Any]]:
    rows = list(t.loose)
    if t.series is not None:
        before = rows[-1]["totals"] if rows else [0] * t.state.players
        for row in series_mod.sheet(t.series):
            row["game"] += len(t.loose)
            row["totals"] = [a + b for a, b in zip(before, row["totals"], strict=True)]
            rows.append(row)
    return rows


def _sheet_games(t: Table) -> list[GameState]:
    """The finished deals in the order of the sheet's rows."""
    return [*t.loose_games, *(t.series.games if t.series is not None else ())]


def _totals(t: Table) -> list[int]:
    rows = _rows(t)
    return list(rows[-1]["totals"]) if rows else [0] * t.state.players


def _public_view(t: Table, seat: int) -> View:
    facts = public_facts(t.state)
    out = _view(
        t,
        seat,
        facts.known_re,
        facts.known_kontra,
        facts.pig_seat,
        facts.superpig_seat,
        facts.order,
    )
    out["hand"], out["legal"], out["received"] = [], [], []
    out["can_undo"], out["public"] = False, True
    return out


def _view(
    t: Table,
    me: int,
    known_re: frozenset[int],
    known_kontra: frozenset[int],
    pig_seat: int | None,
    superpig_seat: int | None,
    order: CardOrder,
) -> View:
    s = t.state
    rows = _rows(t)
    contract, declarer = table_contract(s)
    known: Known = {
        "re": known_re,
        "kontra": known_kontra,
        "pigs": pig_seat,
        "superpigs": superpig_seat,
    }
    return {
        "rules": s.rules.preset,
        # the whole rule set: the preset id, or the preset and the options that differ
        "rules_spec": s.rules.to_json(),
        "players": s.players,
        "seat": me,
        "dealer": s.dealer,
        "phase": s.phase,
        "to_act": s.to_act,
        "bots": t.bots,
        "hand": [str(c) for c in sorted(s.hands[me], key=order.sort_key)],
        "hand_sizes": [len(h) for h in s.hands],
        "legal": [str(a) for a in legal_for(s, me)],
        "trick": [{"seat": seat, "card": str(c)} for seat, c in s.trick],
        "trick_leader": s.trick[0][0] if s.trick else s.to_act,
        "last_trick": _last_trick(s),
        "tricks_won": [sum(1 for tr in s.tricks if tr.winner == p) for p in range(s.players)],
        # as everybody at the table knows it (a silent Hochzeit looks normal)
        "contract": contract,
        "declarer": declarer,
        "declarations": [{"seat": a, "what": w} for a, w in s.declarations],
        "announcements": [{"seat": a, "word": w} for a, w in s.said],
        "known_parties": _known_parties(known, s),
        # each seat's name plate as this seat may know it (doko.page.plates)
        "plates": plates(s, known),
        # the cards of this hand that came in a Trumpfabgabe (taken or given back)
        "received": _received(s, me),
        # comforts: the trump set (to name the suit a refusal means), Augen
        # taken per seat, and what the page needs to show announcement deadlines
        "trumps": [str(c) for c in order.trumps],
        # Schweinchen (house rules): the seat holding them as this seat knows it, or None
        "pigs": pig_seat,
        "superpigs": superpig_seat,
        "eyes_won": [
            sum(total_eyes(tr.cards) for tr in s.tricks if tr.winner == p) for p in range(s.players)
        ],
        "tournament": s.rules.tournament,
        "deadlines": _deadlines(s),
        "can_undo": me == t.seat and _undo_point(t) is not None,
        "result": _last_result(rows) if s.is_over and rows else None,
        # what each party needed to win, for the result panel to explain
        "goals": goals_of(s),
        # the steps from the lines to the sheet (value, solo and Bock factor), once over
        "reckoning": reckoning(summarize(s)) if s.is_over and s.contract != "redeal" else None,
        # the Bockrunden this finished deal starts, while the series has deals to double
        "bock_started": _bock_started(t, s, rows),
        # all hands are in the record: only hand it out once nothing is hidden any more
        "record": record_of(s) if s.is_over else None,
        # each row: the deal's result (lines itemised) plus game, dealer, duty_solo,
        # forced_solo and the running totals
        "sheet": rows,
        "totals": list(rows[-1]["totals"]) if rows else [0] * s.players,
        "owes_duty_solo": sorted(s.owes_duty_solo),
        "forced_solo": s.forced_solo,
        "duty_solo": s.duty_solo,
        "poverty": _poverty(s),
        "sitting_out": next((p for p in range(s.players) if p not in s.active), None),
        "series_finished": t.series is not None and series_mod.is_finished(t.series),
        # the series' length and rounds dealt so far; None for an opened record's game
        "rounds": None if t.series is None else t.rounds,
        "rounds_played": None if t.series is None else series_mod.rounds_played(t.series),
        # Bockrunden: this deal's level and the bock deals still to come (this one
        # included while it runs); none once the series is over (the rest lapse)
        "bock": s.bock,
        "bock_to_come": _bock_to_come(t),
    }


def _last_trick(s: GameState) -> LastTrick | None:
    if not s.tricks:
        return None
    last = s.tricks[-1]
    cards: list[PlayedCard] = [
        {"seat": a, "card": str(c)} for a, c in zip(last.seats, last.cards, strict=True)
    ]
    return {"cards": cards, "winner": last.winner}


def _bock_started(
    t: Table, s: GameState, rows: list[dict[str, Any]]
) -> bock_mod.BockStarted | None:
    if not (s.is_over and rows) or t.series is None or series_mod.is_finished(t.series):
        return None
    return bock_mod.started(s.rules, s.players, _last_result(rows))


def _bock_to_come(t: Table) -> int:
    if t.series is None or series_mod.is_finished(t.series):
        return 0
    return series_mod.bock_to_come(t.series)["to_come"]


def _known_parties(known: Known, s: GameState) -> Parties:
    """The parties as the table knows them (none while an Armut is offered)."""
    re, kontra = parties_shown(s, known)
    return {"re": sorted(re), "kontra": sorted(kontra)}


def _received(s: GameState, seat: int) -> list[str]:
    """Cards in ``seat``'s hand that came in a Trumpfabgabe: the taker's are the ones it
    was not dealt; the poor player's are the cards given back, its own trumps among them."""
    if seat == s.declarer and s.contract == "poverty":
        back = next((a.returned for a in s.history if a.kind == "poverty-return"), ())
        came = Counter(back) & Counter(s.hands[seat])
    else:
        came = Counter(s.hands[seat]) - Counter(s.dealt[seat])
    return sorted(str(c) for c in came.elements())


def rules_for_page() -> dict[str, Any]:
    """The rules metadata (doko.page.metadata), with each preset's ``preset_info`` (name, line,
    primer, what a score sheet may hold ...) also among its options, where the page
    looks (``rules --json`` keeps the presets as option maps)."""
    described = describe()
    for name, preset in described["presets"].items():
        preset.update(described["preset_info"][name])
    return described


def _poverty(s: GameState) -> Poverty | None:
    """Who gave and who took a Trumpfabgabe, and the trumps that came back: all of it
    said aloud at the table once the cards are returned."""
    if s.contract != "poverty" or s.poverty_returned < 0 or s.declarer is None or s.partner is None:
        return None
    return {"giver": s.declarer, "taker": s.partner, "returned_trumps": s.poverty_returned}


SERIES_FIELDS = ("game", "dealer", "forced_solo", "totals")


def _last_result(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The Result of the last deal, without the sheet's bookkeeping fields."""
    out = {k: v for k, v in rows[-1].items() if k not in SERIES_FIELDS}
    if not out.get("duty_solo"):  # the Result names a Pflichtsolo only when there is one
        out.pop("duty_solo", None)
    return out


def score(payload: dict[str, Any]) -> dict[str, Any]:
    """Score a game summary (docs/formats.md) as a score keeper enters it: the Result JSON."""
    data = payload.get("summary", payload)
    return score_summary(summary_from_json(data))


MAX_SHEET = 500  # games a keeper's sheet may hold in one request


def score_sheet(payload: dict[str, Any]) -> dict[str, Any]:
    """Score a keeper's whole sheet, deriving Bockrunden from the deals entered:
    {rules, players, summaries: [SUMMARY...]} -> {games: [{bock, result}], bock:
    {next, to_come}}. Each summary is scored at the bock level the games before it
    give (a ``bock`` it carries is replaced), so a corrected entry moves every later one."""
    rules = load_rules(payload.get("rules", "ddv"))
    seats = _int(payload.get("players", 4), "players")
    summaries = payload.get("summaries")
    if not isinstance(summaries, list) or len(summaries) > MAX_SHEET:
        raise Refused("bock-games", most=MAX_SHEET)
    schedule: bock_mod.Schedule = ()
    games = []
    for index, data in enumerate(summaries):
        level = bock_mod.level(schedule)
        try:
            if not isinstance(data, dict):
                raise SummaryError("summary-not-object")
            summary = summary_from_json({**data, "bock": level})
        except ValueError as err:
            raise Refused("bock-game", index=index, reason=coded(err)) from None
        if summary.rules != rules or summary.players != seats:
            raise Refused("bock-game", index=index, reason=SummaryError("bock-game-rules"))
        outcome = score_summary(summary)
        games.append({"bock": level, "result": outcome})
        schedule = bock_mod.after_deal(rules, seats, schedule, outcome)
    return {
        "games": games,
        "bock": {"next": bock_mod.level(schedule), "to_come": bock_mod.still_to_come(schedule)},
    }


def _deadlines(s: GameState) -> Deadlines:
    """Announcement deadlines: ``system`` (none/cards/tricks), one number per level
    (Re/Kontra, keine 90/60/30, schwarz), already moved back by a late Hochzeit."""
    shift = s.deadline_shift
    sign = -1 if s.rules.announcements == "cards" else 1
    return {
        "system": s.rules.announcements,
        "gegenansage": s.rules.gegenansage,
        "levels": [d + sign * shift for d in s.rules.deadlines],
        "tricks_started": len(s.tricks) + (1 if s.trick else 0),
    }


def _undo_point(t: Table) -> int | None:
    """Index in the history of the human's last card, if taking it back is allowed:
    only while the game runs and only against bots (every other seat is a bot)."""
    s = t.state
    if s.is_over or any(b is None for i, b in enumerate(t.bots) if i != t.seat):
        return None
    for i in range(len(s.history) - 1, t.undo_from - 1, -1):
        action = s.history[i]
        if action.seat == t.seat and action.is_card:
            return i
    return None


def tournament_draw(payload: dict[str, Any]) -> dict[str, Any]:
    """The seats of one table round: {rules, seed, round, players: [ids]} ->
    {round, seed, tables: [[id by seat], ...], games: [games per table]} (the draw
    ``python -m doko`` makes; a table's sheet must hold its number of games)."""
    rules = load_rules(payload.get("rules", "lockhausen"))
    seed = _int(payload.get("seed"), "seed")
    number = _int(payload.get("round"), "round")
    if not 1 <= number <= max(draw_mod.TABLE_ROUNDS):
        raise TournamentError("tournament-rounds")
    players = payload.get("players")
    if not isinstance(players, list) or len(set(map(str, players))) != len(players):
        raise TournamentError("tournament-data", field="players")
    ids = [_int(p, "players") for p in players]
    tables = draw_mod.draw_round(rules, ids, seed, number)
    games = [evening.games_at_table(len(t)) for t in tables]
    return {"round": number, "seed": seed, "tables": tables, "games": games}


def tournament_check_sheet(payload: dict[str, Any]) -> dict[str, Any]:
    """{tournament, sheet} -> the sheet's totals per seat, or a coded refusal."""
    return evening.check_sheet(payload.get("tournament"), payload.get("sheet"))


def tournament_standings(payload: dict[str, Any]) -> dict[str, Any]:
    """{tournament} -> per table round the tables, per player the points and rank."""
    return evening.standings(payload.get("tournament"))


def _bench(payload: dict[str, Any]) -> dict[str, Any]:
    from .bots.bench import run  # imported on demand: not part of the page's start-up

    return run(payload)


# what a request's handler answers: a declared shape of doko.page.contract or plain JSON
Handler = Callable[[dict[str, Any]], Mapping[str, Any]]

# the requests that need no table
TABLE_FREE: dict[str, Handler] = {
    "score": score,
    "score_sheet": score_sheet,  # a keeper's sheet with its Bockrunden
    "check_entries": check_entries,  # an imported file, checked before it is stored
    # a tournament evening: the draw, each table's sheet, the standings
    "tournament_draw": tournament_draw,
    "tournament_check_sheet": tournament_check_sheet,
    "tournament_standings": tournament_standings,
    "bench": _bench,  # engine speed in the worker (python build.py bench)
}


class Session:
    """One page's engine: the table it runs and the requests that act on it. The
    worker has one (``handle`` below); a test makes its own to start afresh."""

    def __init__(self) -> None:
        self.running: Table | None = None
        self.handlers: dict[str, Handler] = {
            "rules": lambda p: rules_for_page(),
            "new_game": self.new_table,
            "act": self.act,
            "bot": self.bot_move,
            "hint": self.hint,
            "view": self.view,
            "record": self.record,
            "next_game": self.next_game,
            "load_record": self.load_record,
            "set_bots": self.set_bots,
            "save": self.save,
            "resume": self.resume,
            "undo": self.undo,
            **TABLE_FREE,
            # the deal review, one decision per request so the table's requests interleave
            "deal_record": self.deal_record,
            **review_handlers(),
            # share links, the replay viewer and the demos
            **share.handlers(lambda: self.table().state, lambda: _sheet_games(self.table())),
            # the rules editor's check of a variant, the rules page's trumps and scoring
            **editor.handlers(),
        }

    def handle(self, kind: Any, payload_json: Any = "{}") -> str:
        """Answer one request; never raises: a refusal (or an engine bug) is an answer too."""
        try:
            if not isinstance(kind, str) or len(kind) > MAX_KIND:
                raise Refused("request-shape")
            if not isinstance(payload_json, str):
                raise Refused("payload-not-json")
            payload = parse_json(payload_json or "{}", MAX_PAYLOAD)
            if not isinstance(payload, dict):
                raise Refused("payload-not-object")
            handler = self.handlers.get(kind)
            if handler is None:
                raise Refused("unknown-request", request=kind)
            # allow_nan=False: the page's JSON.parse could not read NaN back
            return json.dumps(handler(payload), allow_nan=False)
        except Exception as err:  # the worker must get an answer: a bug is coded too
            return json.dumps(coded(err).reply())

    def table(self) -> Table:
        """The running table; refused before the first game."""
        if self.running is None:
            raise Refused("no-game")
        return self.running

    def new_table(self, payload: dict[str, Any]) -> Step:
        rules = load_rules(payload.get("rules", "ddv"))
        seed = _int(payload.get("seed", random.randrange(10**9)), "seed")
        players = _int(payload.get("players", 4), "players")
        if players not in rules.players:
            raise Refused("players-not-allowed", preset=rules.preset, allowed=list(rules.players))
        seat = _int(payload.get("seat", 0), "seat") % players
        level = level_bot(payload.get("level"))
        bots = payload.get("bots") or [None if s == seat else level for s in range(players)]
        bots = _check_bots(bots, players)
        dealer = _int(payload.get("dealer", players - 1), "dealer") % players
        rounds = _int(payload.get("rounds", default_rounds(rules)), "rounds")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise Refused("rounds-range", most=MAX_ROUNDS)
        series = series_mod.start_series(series_mod.Settings(rules, players, rounds, dealer, seed))
        # the first deal of seed N is the deal seeded_game(rules, N) gives, as before
        start = series_mod.current_deal(series)
        state = new_game(
            rules,
            deal(rules.deck_for(players), players, seed, dealer),
            dealer,
            start.owes_duty_solo,
            start.forced_solo,
        )
        self.running = Table(
            rules, seat, bots, seed, state, series=series, rng=random.Random(seed), rounds=rounds
        )
        return self._step(events_mod.deal_started(state))

    def _step(self, happened: list[events_mod.Event]) -> Step:
        """The answer to a request that moves the table: the new view, what happened (for the
        page to show and say) and the table as ``save`` gives it (for the page to store), so
        one request per move does it all."""
        return {"view": self.view(), "events": events_mod.to_json(happened), "save": self.save({})}

    def act(self, payload: dict[str, Any]) -> Step:
        t = self.table()
        action = payload.get("action")
        if not isinstance(action, str):
            raise Refused("action-not-string")
        before = t.state
        t.state = apply(t.state, parse(action))
        if t.state.history[-1:] and t.state.history[-1].seat != t.seat:
            t.undo_from = len(t.state.history)  # another person's move stays
        _finish(t)
        return self._step(events_mod.step(before, t.state))

    def bot_move(self, payload: dict[str, Any]) -> Step:
        t = self.table()
        seat = t.state.to_act
        if seat is None or t.bots[seat] is None:
            raise Refused("no-bot-to-act")
        bot = get_bot(t.bots[seat] or "standard")
        obs = observe(t.state, seat)
        before = t.state
        t.state = apply(t.state, bot(obs, t.rng), obs.listed)
        _finish(t)
        return self._step(events_mod.step(before, t.state))

    def hint(self, payload: dict[str, Any]) -> Hint:
        t = self.table()
        seat = _seat(payload, t)
        if t.state.to_act != seat:
            raise Refused("hint-not-your-turn")
        action, reason = choose_standard(observe(t.state, seat), t.rng)
        return {"action": str(action), "reason": reason}

    def set_bots(self, payload: dict[str, Any]) -> Step:
        """Who plays each seat from now on (a shared table: a guest who left is played by a
        bot until they are back); the deal goes on unchanged."""
        t = self.table()
        t.bots = _check_bots(payload.get("bots"), t.state.players)
        return self._step([])

    def next_game(self, payload: dict[str, Any]) -> Step:
        t = self.table()
        if not t.state.is_over:
            raise Refused("game-running")
        if t.series is None:  # an opened record: a series starts with the next dealer
            players = t.state.players
            t.seed = random.Random(t.seed).randrange(10**9)
            t.rounds = default_rounds(t.rules)
            t.series = series_mod.start_series(
                series_mod.Settings(
                    t.rules, players, t.rounds, (t.state.dealer + 1) % players, t.seed
                )
            )
        if series_mod.is_finished(t.series):
            raise Refused("series-over")
        t.state = series_mod.start_game(t.series)
        t.recorded = False
        t.undo_from = 0
        return self._step(events_mod.deal_started(t.state))

    def load_record(self, payload: dict[str, Any]) -> Step:
        """Open a game record (a share link or a saved game) as the current table."""
        state = replay(payload.get("record"))
        seat = _int(payload.get("seat", 0), "seat") % state.players
        bots: list[str | None] = [None if s == seat else "standard" for s in range(state.players)]
        self.running = Table(state.rules, seat, bots, 0, state, rng=random.Random(0))
        _finish(self.running)
        return self._step(events_mod.table_opened())

    def save(self, payload: dict[str, Any]) -> SavedTable:
        """The whole table as data: what ``resume`` needs to rebuild it."""
        t = self.table()
        saved: SavedTable = {
            "version": TABLE_VERSION,
            "series": None if t.series is None else _series_record(t),
            # an opened record's own game is ``game``, not a game before the series
            "loose": [_game_record(t, state) for state in t.loose_games if state is not t.state],
            "game": record_of(t.state),
            "seat": t.seat,
            "bots": list(t.bots),
        }
        if t.undo_from:
            saved["undo_from"] = t.undo_from
        return saved

    def resume(self, payload: dict[str, Any]) -> Step:
        """Rebuild a saved table (``save``'s answer) by replaying every game through the
        engine; refuses data that does not fit with a one-line reason."""
        try:
            t = _rebuild(payload.get("table"))
        except ValueError as err:  # SeriesError, RecordError and IllegalAction too
            raise Refused("saved-table", reason=coded(err)) from None
        except (TypeError, KeyError, AttributeError, IndexError) as err:
            raise Refused("saved-table-malformed", error=type(err).__name__) from None
        self.running = t
        return self._step(events_mod.table_opened())

    def view(self, payload: dict[str, Any] | None = None) -> View:
        """What ``seat`` (the table's own by default) may see: its hand, never another.
        With ``"public": true`` only what the whole table may know, turned to ``seat``: no
        hand, no choices, no party or Schweinchen not yet shown (a pass-and-play cover)."""
        t = self.table()
        me = _seat(payload, t)
        s = t.state
        if payload is not None and payload.get("public") is True:
            return _public_view(t, me)
        obs = observe(s, me)
        return _view(
            t,
            me,
            obs.known_re,
            obs.known_kontra,
            obs.public.pig_seat,
            obs.public.superpig_seat,
            obs.order,
        )

    def undo(self, payload: dict[str, Any]) -> Step:
        """Take back the human's last card: replay the deal up to just before it."""
        t = self.table()
        point = _undo_point(t)
        if point is None:
            raise Refused("nothing-to-undo")
        s = t.state
        state = new_game(s.rules, s.dealt, s.dealer, s.owes_duty_solo, s.forced_solo, s.bock)
        for action in s.history[:point]:
            state = apply(state, action)
        t.state = state
        return self._step(events_mod.undone(t.seat))

    def record(self, payload: dict[str, Any]) -> dict[str, Any]:
        return record_of(self.table().state)

    def deal_record(self, payload: dict[str, Any]) -> DealRecord:
        """{game: N} -> the record of the N-th finished deal on the sheet (0-based), for the
        deal review of an earlier deal."""
        t = self.table()
        games = list(t.loose_games) + (list(t.series.games) if t.series is not None else [])
        number = payload.get("game")
        if not (isinstance(number, int) and 0 <= number < len(games)):
            raise Refused("review-game", game=json.dumps(number)[:20])
        return {"record": _game_record(t, games[number]), "seat": t.seat, "bots": list(t.bots)}


SESSION = Session()  # the worker's: one page, one engine


def handle(kind: Any, payload_json: Any = "{}") -> str:
    """The worker's entry point: ``SESSION.handle``."""
    return SESSION.handle(kind, payload_json)
