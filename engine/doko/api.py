"""The page's entry point: ``handle(type, payload_json) -> json``.

The worker forwards every message here. One table session lives in the
module (the worker is one page's engine); every answer is JSON, errors as
``{"error": reason}`` so no traceback ever reaches the page.

The table is a :mod:`doko.series`: every deal starts from
``series.current_deal`` (dealer rotation, Pflichtsolo debts, a vorgeführt
seat, the same dealer after a redeal) and every finished deal is recorded on
the series' sheet. ``score`` scores a game summary for the score keeper.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from . import series as series_mod
from .bots import choose_standard, get_bot
from .cards import deal, total_eyes
from .notation import RecordError, record_of, replay
from .observation import observe
from .outcome import result
from .rules import Rules, describe, load_rules
from .scoring import score as score_summary
from .scoring import summary_from_json
from .share import HANDLERS as SHARE_HANDLERS
from .state import GameState, IllegalAction, apply, legal_for, new_game

MAX_PAYLOAD = 200_000  # characters; bounds untrusted input from links and storage


@dataclass
class Table:
    rules: Rules
    seat: int
    bots: list[str | None]
    seed: int
    state: GameState
    # the series the deals belong to; None for an opened record until its next deal
    series: series_mod.Series | None = None
    # rows before the series (an opened record's game), shown first on the sheet
    loose: list[dict[str, Any]] = field(default_factory=list)
    recorded: bool = False  # the current deal is on the sheet
    rng: random.Random = field(default_factory=random.Random)
    rounds: int = 1


_table: Table | None = None


def handle(kind: str, payload_json: str = "{}") -> str:
    try:
        if len(payload_json) > MAX_PAYLOAD:
            raise ValueError("input too large")
        payload = json.loads(payload_json or "{}")
        if not isinstance(payload, dict):
            raise ValueError("payload must be an object")
        handler = HANDLERS.get(kind)
        if handler is None:
            raise ValueError(f"unknown request {kind!r}")
        return json.dumps(handler(payload))
    except (ValueError, IllegalAction, RecordError) as err:
        return json.dumps({"error": str(err)})


def table() -> Table:
    if _table is None:
        raise ValueError("no game is running")
    return _table


def new_table(payload: dict[str, Any]) -> dict[str, Any]:
    global _table
    rules = load_rules(payload.get("rules", "ddv"))
    seed = _int(payload.get("seed", random.randrange(10**9)), "seed")
    players = _int(payload.get("players", 4), "players")
    if players not in rules.players:
        raise ValueError(f"{rules.preset} is played by {list(rules.players)} players")
    seat = _int(payload.get("seat", 0), "seat") % players
    bots = payload.get("bots") or [None if s == seat else "standard" for s in range(players)]
    if not isinstance(bots, list) or len(bots) != players:
        raise ValueError("bots must name one entry per seat")
    for spec in bots:
        if spec is not None:
            get_bot(spec)
    dealer = _int(payload.get("dealer", players - 1), "dealer") % players
    rounds = _int(payload.get("rounds", default_rounds(rules)), "rounds")
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
    _table = Table(
        rules, seat, bots, seed, state, series=series, rng=random.Random(seed), rounds=rounds
    )
    return view()


def default_rounds(rules: Rules) -> int:
    """Rounds of a table unless the page says: the Pflichtsolo rounds, else four."""
    return rules.duty_solo_rounds if series_mod.has_duty_solo(rules) else 4


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number")
    return value


def act(payload: dict[str, Any]) -> dict[str, Any]:
    t = table()
    action = payload.get("action")
    if not isinstance(action, str):
        raise ValueError("action must be a string like '0:HT'")
    t.state = apply(t.state, action)
    _finish(t)
    return view()


def bot_move(payload: dict[str, Any]) -> dict[str, Any]:
    t = table()
    seat = t.state.to_act
    if seat is None or t.bots[seat] is None:
        raise ValueError("no bot is to act")
    bot = get_bot(t.bots[seat] or "standard")
    t.state = apply(t.state, bot(observe(t.state, seat), t.rng))
    _finish(t)
    return view()


def hint(payload: dict[str, Any]) -> dict[str, Any]:
    t = table()
    if t.state.to_act != t.seat:
        raise ValueError("it is not your turn")
    action, reason = choose_standard(observe(t.state, t.seat), t.rng)
    return {"action": action, "reason": reason}


def _finish(t: Table) -> None:
    """Write a finished deal on the sheet (once)."""
    if not t.state.is_over or t.recorded:
        return
    t.recorded = True
    if t.series is None:
        row = result(t.state)
        row.update(
            {
                "game": len(t.loose),
                "dealer": t.state.dealer,
                "duty_solo": t.state.duty_solo,
                "forced_solo": t.state.forced_solo,
                "totals": [a + b for a, b in zip(_totals(t), row["points"], strict=True)],
            }
        )
        t.loose.append(row)
    else:
        t.series = series_mod.record_game(t.series, t.state)


def next_game(payload: dict[str, Any]) -> dict[str, Any]:
    t = table()
    if not t.state.is_over:
        raise ValueError("the current game is not finished")
    if t.series is None:  # an opened record: a series starts with the next dealer
        players = t.state.players
        t.seed = random.Random(t.seed).randrange(10**9)
        t.series = series_mod.start_series(
            series_mod.Settings(
                t.rules, players, default_rounds(t.rules), (t.state.dealer + 1) % players, t.seed
            )
        )
    if series_mod.is_finished(t.series):
        raise ValueError("the series is over")
    t.state = series_mod.start_game(t.series)
    t.recorded = False
    return view()


def load_record(payload: dict[str, Any]) -> dict[str, Any]:
    """Open a game record (a share link or a saved game) as the current table."""
    global _table
    state = replay(payload.get("record"))
    seat = _int(payload.get("seat", 0), "seat") % state.players
    bots: list[str | None] = [None if s == seat else "standard" for s in range(state.players)]
    _table = Table(state.rules, seat, bots, 0, state, rng=random.Random(0))
    _finish(_table)
    return view()


def _rows(t: Table) -> list[dict[str, Any]]:
    rows = list(t.loose)
    if t.series is not None:
        before = rows[-1]["totals"] if rows else [0] * t.state.players
        for row in series_mod.sheet(t.series):
            row["game"] += len(t.loose)
            row["totals"] = [a + b for a, b in zip(before, row["totals"], strict=True)]
            rows.append(row)
    return rows


def _totals(t: Table) -> list[int]:
    rows = _rows(t)
    return list(rows[-1]["totals"]) if rows else [0] * t.state.players


def view(payload: dict[str, Any] | None = None) -> dict[str, Any]:
    t = table()
    s = t.state
    order = s.order
    obs = observe(s, t.seat)
    rows = _rows(t)
    last = s.tricks[-1] if s.tricks else None
    return {
        "rules": s.rules.preset,
        "players": s.players,
        "seat": t.seat,
        "dealer": s.dealer,
        "phase": s.phase,
        "to_act": s.to_act,
        "bots": t.bots,
        "hand": [str(c) for c in sorted(s.hands[t.seat], key=order.sort_key)],
        "hand_sizes": [len(h) for h in s.hands],
        "legal": legal_for(s, t.seat),
        "trick": [{"seat": seat, "card": str(c)} for seat, c in s.trick],
        "trick_leader": s.trick[0][0] if s.trick else s.to_act,
        "last_trick": None
        if last is None
        else {
            "cards": [
                {"seat": a, "card": str(c)} for a, c in zip(last.seats, last.cards, strict=True)
            ],
            "winner": last.winner,
        },
        "tricks_won": [sum(1 for tr in s.tricks if tr.winner == p) for p in range(s.players)],
        "contract": s.contract if s.contract != "silent-wedding" or s.is_over else "normal",
        "declarer": s.declarer if s.contract != "silent-wedding" or s.is_over else None,
        "declarations": [{"seat": a, "what": w} for a, w in s.declarations],
        "announcements": [{"seat": a, "word": w} for a, w in s.said],
        "known_parties": {"re": sorted(obs.known_re), "kontra": sorted(obs.known_kontra)},
        # comforts (issue 6): the trump set (to name the suit a refusal means), Augen
        # taken per seat, and what the page needs to show announcement deadlines
        "trumps": [str(c) for c in order.trumps],
        "eyes_won": [
            sum(total_eyes(tr.cards) for tr in s.tricks if tr.winner == p) for p in range(s.players)
        ],
        "tournament": s.rules.tournament,
        "deadlines": _deadlines(s),
        "can_undo": _undo_point(t) is not None,
        "result": _last_result(rows) if s.is_over and rows else None,
        # all hands are in the record: only hand it out once nothing is hidden any more
        "record": record_of(s) if s.is_over else None,
        # each row: the deal's result (lines itemised) plus game, dealer, duty_solo,
        # forced_solo and the running totals
        "sheet": rows,
        "totals": list(rows[-1]["totals"]) if rows else [0] * s.players,
        "owes_duty_solo": sorted(s.owes_duty_solo),
        "forced_solo": s.forced_solo,
        "duty_solo": s.duty_solo,
        "sitting_out": next((p for p in range(s.players) if p not in s.active), None),
        "series_finished": t.series is not None and series_mod.is_finished(t.series),
        "rounds": t.rounds,
    }


SERIES_FIELDS = ("game", "dealer", "forced_solo", "totals")


def _last_result(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The Result of the last deal, without the sheet's bookkeeping fields."""
    out = {k: v for k, v in rows[-1].items() if k not in SERIES_FIELDS}
    if not out.get("duty_solo"):  # the Result names a Pflichtsolo only when there is one
        out.pop("duty_solo", None)
    return out


def score(payload: dict[str, Any]) -> dict[str, Any]:
    """Score a game summary (FORMATS.md) as a score keeper enters it: the Result JSON."""
    data = payload.get("summary", payload)
    return score_summary(summary_from_json(data))


def _deadlines(s: GameState) -> dict[str, Any]:
    """Announcement deadlines: ``system`` (none/cards/tricks), one number per level
    (Re/Kontra, keine 90/60/30, schwarz), already moved back by a late Hochzeit."""
    shift = s.wedding_decided - 1 if s.wedding_decided and s.rules.wedding_deadline_shift else 0
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
    prefix = f"{t.seat}:"
    for i in range(len(s.history) - 1, -1, -1):
        seat, _, what = s.history[i].partition(":")
        if seat == prefix[:-1] and len(what) == 2 and what[0] in "CSHD" and what[1] in "ATKQJ987":
            return i
    return None


def undo(payload: dict[str, Any]) -> dict[str, Any]:
    """Take back the human's last card: replay the deal up to just before it."""
    t = table()
    point = _undo_point(t)
    if point is None:
        raise ValueError("there is no card of yours to take back")
    s = t.state
    state = new_game(s.rules, s.dealt, s.dealer, s.owes_duty_solo, s.forced_solo)
    for action in s.history[:point]:
        state = apply(state, action)
    t.state = state
    return view()


def record(payload: dict[str, Any]) -> dict[str, Any]:
    return record_of(table().state)


HANDLERS = {
    "rules": lambda p: describe(),
    "new_game": new_table,
    "act": act,
    "bot": bot_move,
    "hint": hint,
    "view": view,
    "record": record,
    "next_game": next_game,
    "load_record": load_record,
    "undo": undo,
    "score": score,
    # share links, the replay viewer and the demos
    **SHARE_HANDLERS,
}
