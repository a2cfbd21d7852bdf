"""The page's entry point: ``handle(type, payload_json) -> json``.

The worker forwards every message here. One table session lives in the
module (the worker is one page's engine); every answer is JSON, errors as
``{"error": reason}`` so no traceback ever reaches the page.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from .bots import choose_standard, get_bot
from .cards import deal
from .notation import RecordError, record_of, replay
from .observation import observe
from .outcome import result
from .rules import Rules, describe, load_rules
from .state import GameState, IllegalAction, apply, legal_for, new_game

MAX_PAYLOAD = 200_000  # characters; bounds untrusted input from links and storage


@dataclass
class Table:
    rules: Rules
    seat: int
    bots: list[str | None]
    seed: int
    state: GameState
    sheet: list[dict[str, Any]] = field(default_factory=list)
    games: int = 1  # deals started at this table; the sheet gets one row per finished deal
    rng: random.Random = field(default_factory=random.Random)


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
    if len(bots) != players:
        raise ValueError("bots must name one entry per seat")
    for spec in bots:
        if spec is not None:
            get_bot(spec)
    dealer = _int(payload.get("dealer", players - 1), "dealer") % players
    state = new_game(rules, deal(rules.deck_for(players), players, seed, dealer), dealer)
    _table = Table(rules, seat, bots, seed, state, rng=random.Random(seed))
    return view()


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
    if t.state.is_over and len(t.sheet) < t.games:
        t.sheet.append(result(t.state))


def next_game(payload: dict[str, Any]) -> dict[str, Any]:
    t = table()
    if not t.state.is_over:
        raise ValueError("the current game is not finished")
    players = t.state.players
    redeal = t.state.contract == "redeal" or (t.state.duty_solo and t.rules.solo_leads == "duty")
    dealer = t.state.dealer if redeal else (t.state.dealer + 1) % players
    t.seed = random.Random(t.seed).randrange(10**9)
    t.state = new_game(t.rules, deal(t.rules.deck_for(players), players, t.seed, dealer),
                       dealer)
    t.games += 1
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


def view(payload: dict[str, Any] | None = None) -> dict[str, Any]:
    t = table()
    s = t.state
    order = s.order
    obs = observe(s, t.seat)
    totals = [sum(r["points"][i] for r in t.sheet) for i in range(s.players)]
    last = s.tricks[-1] if s.tricks else None
    return {
        "rules": s.rules.preset, "players": s.players, "seat": t.seat, "dealer": s.dealer,
        "phase": s.phase, "to_act": s.to_act, "bots": t.bots,
        "hand": [str(c) for c in sorted(s.hands[t.seat], key=order.sort_key)],
        "hand_sizes": [len(h) for h in s.hands],
        "legal": legal_for(s, t.seat),
        "trick": [{"seat": seat, "card": str(c)} for seat, c in s.trick],
        "trick_leader": s.trick[0][0] if s.trick else s.to_act,
        "last_trick": None if last is None else {
            "cards": [{"seat": a, "card": str(c)} for a, c in zip(last.seats, last.cards,
                                                                  strict=True)],
            "winner": last.winner},
        "tricks_won": [sum(1 for tr in s.tricks if tr.winner == p) for p in range(s.players)],
        "contract": s.contract if s.contract != "silent-wedding" or s.is_over else "normal",
        "declarer": s.declarer if s.contract != "silent-wedding" or s.is_over else None,
        "declarations": [{"seat": a, "what": w} for a, w in s.declarations],
        "announcements": [{"seat": a, "word": w} for a, w in s.said],
        "known_parties": {"re": sorted(obs.known_re), "kontra": sorted(obs.known_kontra)},
        "result": t.sheet[-1] if s.is_over and t.sheet else None,
        # all hands are in the record: only hand it out once nothing is hidden any more
        "record": record_of(s) if s.is_over else None,
        "sheet": [{"contract": r["contract"], "points": r["points"]} for r in t.sheet],
        "totals": totals,
    }


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
}
