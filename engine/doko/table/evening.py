"""A tournament evening kept by hand: checking each table's sheet, and the standings.

The page (and ``python -m doko tournament-standings``) hands over the whole
evening as JSON, the *tournament* object::

    {"id": STR, "rules": RULES, "table_rounds": 2|3, "seed": INT,
     "entrants": [{"id": INT, "name": STR, ...}, ...],
     "rounds": [{"round": N, "tables": [[PLAYER_ID by seat], ...],
                 "sheets": [SHEET | null per table]}, ...]}

A table's *sheet* is what its score keeper sends in::

    {"sheet": "doko-table-sheet", "version": 1, "tournament": ID, "round": N,
     "table": N (from 1), "rules": RULES, "players": [PLAYER_ID by seat],
     "games": [GAME_SUMMARY, ...]}

RULES is a preset id or a preset with house-rule options (``{"preset", "options"}``);
a sheet and every game on it must name the very same rules as the evening.

Each table plays two rounds: 8 games at a table of four, 10 at a table of five
where the dealer sits out, so every seat sits out twice and plays 8. Every game
is scored by :mod:`doko.game.scoring`; the ranking is :func:`doko.table.draw.ranking`,
the one the bot tournament uses.
"""

from __future__ import annotations

from typing import Any

from ..game.cards import dealer_sits_out
from ..game.errors import DokoError, TournamentError
from ..game.rules import Rules, load_rules
from ..game.scoring import score
from ..game.summary import summary_from_json
from .draw import ROUNDS_PER_TABLE, TABLE_ROUNDS, draw_round, ranking

SHEET_KIND = "doko-table-sheet"
SHEET_VERSION = 1
MAX_GAMES = 40  # far more than any table plays; bounds untrusted input


def games_at_table(size: int) -> int:
    """Two rounds: every seat deals twice (at five the dealer sits out)."""
    return ROUNDS_PER_TABLE * size


def read_tournament(data: Any) -> tuple[Rules, list[dict[str, Any]]]:
    """The evening's rules and table rounds, checked for shape."""
    if not isinstance(data, dict):
        raise TournamentError("tournament-data", field="tournament")
    spec = data.get("rules")  # a preset id, or a preset with house-rule options
    if not isinstance(spec, str | dict):
        raise TournamentError("tournament-data", field="rules")
    rules = load_rules(spec)
    if _field(data, "table_rounds", int) not in TABLE_ROUNDS:
        raise TournamentError("tournament-rounds")
    rounds = _field(data, "rounds", list)
    if len(rounds) > max(TABLE_ROUNDS):
        raise TournamentError("tournament-rounds")
    for number, rnd in enumerate(rounds, start=1):
        if not isinstance(rnd, dict) or rnd.get("round") != number:
            raise TournamentError("tournament-data", field="rounds")
        tables = _field(rnd, "tables", list)
        if not all(isinstance(t, list) and _ints(t) for t in tables):
            raise TournamentError("tournament-data", field="tables")
        _check_draw(rules, _field(data, "seed", int), number, tables)
    return rules, rounds


def _check_draw(rules: Rules, seed: int, number: int, tables: list[list[int]]) -> None:
    """The seats must be the engine's draw from the evening's seed: anyone can check
    the table lists of the evening with the seed shown on screen."""
    players = [p for table in tables for p in table]
    if len(set(players)) != len(players):
        raise TournamentError("tournament-data", field="tables")
    if draw_round(rules, players, seed, number) != tables:
        raise TournamentError("tournament-draw", round=number, seed=seed)


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TournamentError("tournament-data", field=name)
    return value


def _ints(values: list[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def check_sheet(tournament: Any, sheet: Any) -> dict[str, Any]:
    """A table's sheet checked against the draw and the rules: its totals per seat,
    and, if it replaces the sheet already in, which games changed. Refuses a sheet
    of another evening, table or set of players, a wrong number of games, a game the
    rules cannot score, and the very sheet that is already in."""
    rules, rounds = read_tournament(tournament)
    if not isinstance(sheet, dict) or sheet.get("sheet") != SHEET_KIND:
        raise TournamentError("tournament-sheet-kind")
    if sheet.get("tournament") != tournament.get("id"):
        raise TournamentError("tournament-sheet-other")
    number, table = _table_of(sheet, rounds)
    seats = rounds[number - 1]["tables"][table - 1]
    totals = sheet_totals(rules, seats, sheet, number, table)
    before = _sheet_at(rounds[number - 1], table)
    changed = [] if before is None else _changed_games(before, sheet)
    if before is not None and not changed:
        raise TournamentError("tournament-sheet-duplicate", round=number, table=table)
    return {
        "round": number,
        "table": table,
        "players": seats,
        "totals": totals,
        "games": len(sheet["games"]),
        "replaces": before is not None,
        "changed": changed,
    }


def _table_of(sheet: dict[str, Any], rounds: list[dict[str, Any]]) -> tuple[int, int]:
    """The (table round, table) a sheet names, if the draw has it."""
    number, table = sheet.get("round"), sheet.get("table")
    if not (isinstance(number, int) and isinstance(table, int) and _ints([number, table])):
        raise TournamentError("tournament-sheet-table", round=number, table=table)
    if not (1 <= number <= len(rounds) and 1 <= table <= len(rounds[number - 1]["tables"])):
        raise TournamentError("tournament-sheet-table", round=number, table=table)
    return number, table


def sheet_totals(
    rules: Rules, seats: list[int], sheet: dict[str, Any], number: int, table: int
) -> list[int]:
    """Per seat, the sum of the points of every game on the sheet (each one scored)."""
    if sheet.get("players") != seats:
        got = sheet.get("players")
        raise TournamentError(
            "tournament-sheet-players",
            round=number,
            table=table,
            expected=seats,
            got=got if isinstance(got, list) and _ints(got) else [],
        )
    if not _same_rules(sheet.get("rules"), rules):
        raise TournamentError(
            "tournament-sheet-rules", got=str(sheet.get("rules"))[:20], preset=rules.preset
        )
    games = sheet.get("games")
    expected = games_at_table(len(seats))
    if not isinstance(games, list) or len(games) != expected:
        got_games = len(games) if isinstance(games, list) else 0
        raise TournamentError(
            "tournament-sheet-games", table=table, expected=expected, got=min(got_games, MAX_GAMES)
        )
    totals = [0] * len(seats)
    for index, game in enumerate(games, start=1):
        points = _game_points(rules, len(seats), game, index)
        totals = [a + b for a, b in zip(totals, points, strict=True)]
    if dealer_sits_out(len(seats)):
        _check_sitting_out(games)
    return totals


def _same_rules(spec: Any, rules: Rules) -> bool:
    """Whether a sheet's ``rules`` (a preset id or a variant) are the evening's."""
    try:
        return isinstance(spec, str | dict) and load_rules(spec) == rules
    except DokoError:
        return False


def _game_points(rules: Rules, size: int, game: Any, index: int) -> list[int]:
    try:
        summary = summary_from_json(game)
        if summary.rules != rules or summary.players != size:
            raise TournamentError("tournament-sheet-game-table", players=size)
        points: list[int] = score(summary)["points"]
    except DokoError as err:
        raise TournamentError("tournament-sheet-game", game=index, reason=err) from None
    return points


def _check_sitting_out(games: list[dict[str, Any]]) -> None:
    """At five the dealer sits out: over two rounds each seat twice."""
    for seat in range(5):
        count = sum(1 for g in games if g.get("sitting_out") == seat)
        if count != ROUNDS_PER_TABLE:
            raise TournamentError(
                "tournament-sheet-sitting-out", seat=seat, got=count, expected=ROUNDS_PER_TABLE
            )


def _sheet_at(rnd: dict[str, Any], table: int) -> dict[str, Any] | None:
    sheets = rnd.get("sheets") or []
    sheet = sheets[table - 1] if isinstance(sheets, list) and table <= len(sheets) else None
    return sheet if isinstance(sheet, dict) else None


def _changed_games(before: dict[str, Any], after: dict[str, Any]) -> list[int]:
    """Game numbers (from 1) whose summaries differ between two sheets of a table."""
    old, new = before.get("games") or [], after["games"]
    return [i + 1 for i in range(max(len(old), len(new))) if i >= len(old) or old[i] != new[i]]


def standings(tournament: Any) -> dict[str, Any]:
    """Per table round its tables (seats and totals once the sheet is in), per player
    the points of each table round and the total, and the ranking (ties share a rank).
    Every sheet is checked again: the standings never rest on a total the page kept."""
    rules, rounds = read_tournament(tournament)
    players = _entrant_ids(tournament)
    per_round: dict[int, list[int | None]] = {p: [None] * len(rounds) for p in players}
    out_rounds = []
    for number, rnd in enumerate(rounds, start=1):
        tables = []
        for table, seats in enumerate(rnd["tables"], start=1):
            sheet = _sheet_at(rnd, table)
            totals = None if sheet is None else sheet_totals(rules, seats, sheet, number, table)
            for seat, player in enumerate(seats):
                if player not in per_round:
                    raise TournamentError("tournament-data", field="tables")
                per_round[player][number - 1] = None if totals is None else totals[seat]
            tables.append({"table": table, "players": seats, "totals": totals})
        complete = all(t["totals"] is not None for t in tables)
        out_rounds.append({"round": number, "tables": tables, "complete": complete})
    scores = {p: sum(v or 0 for v in per_round[p]) for p in players}
    ranked = ranking(scores)
    tied = _tied_ranks(ranked)
    return {
        "rules": rules.to_json(),
        "rounds": out_rounds,
        "complete": len(rounds) == tournament["table_rounds"]
        and all(r["complete"] for r in out_rounds),
        "ranking": [
            {**row, "rounds": per_round[row["player"]], "tied": row["rank"] in tied}
            for row in ranked
        ],
    }


def _entrant_ids(tournament: dict[str, Any]) -> list[int]:
    entrants = _field(tournament, "entrants", list)
    ids = [e.get("id") if isinstance(e, dict) else None for e in entrants]
    if not _ints(ids) or len(set(ids)) != len(ids):
        raise TournamentError("tournament-data", field="entrants")
    return [int(i) for i in ids if i is not None]


def _tied_ranks(ranked: list[dict[str, int]]) -> set[int]:
    ranks = [row["rank"] for row in ranked]
    return {r for r in ranks if ranks.count(r) > 1}
