"""A tournament played by bots (``lockhausen`` section 6; any preset works).

The entrants (numbered 1..N) are drawn to tables of four and five with a
seeded RNG. Each table plays a series of two rounds (every seat deals twice;
at five the dealer sits out). Two or three table rounds are played, the
seats drawn anew each time; the total of each player's sheet entries over
all table rounds decides the ranking (equal totals share a rank).
"""

from __future__ import annotations

import random
from typing import Any

from .errors import TournamentError as TournamentError  # re-exported
from .rules import Rules
from .series import Series, Settings, is_finished, record_game, start_game, start_series
from .series import totals as series_totals
from .sim import check_invariants, play_game

TABLE_ROUNDS = (2, 3)
ROUNDS_PER_TABLE = 2


def table_sizes(entrants: int) -> list[int]:
    """Tables of four, and as few tables of five as make the entrants fit."""
    for fives in range(entrants // 5 + 1):
        rest = entrants - 5 * fives
        if rest % 4 == 0:
            return [4] * (rest // 4) + [5] * fives
    raise TournamentError("tournament-seating", entrants=entrants)


def draw_tables(entrants: int, rng: random.Random) -> list[list[int]]:
    """The entrants shuffled into tables; each table lists player ids by seat."""
    return shuffle_into_tables(list(range(1, entrants + 1)), rng)


def shuffle_into_tables(players: list[int], rng: random.Random) -> list[list[int]]:
    """``players`` shuffled by ``rng`` and cut into tables of ``table_sizes``."""
    players = list(players)
    rng.shuffle(players)
    tables, start = [], 0
    for size in table_sizes(len(players)):
        tables.append(players[start : start + size])
        start += size
    return tables


def draw_round(rules: Rules, players: list[int], seed: int, number: int) -> list[list[int]]:
    """Table round ``number`` of an evening kept by hand: the seats drawn from the
    evening's seed and the round's number alone, so anyone can draw them again; the
    players are sorted first so the order they were typed in does not matter."""
    check_entrants(rules, len(players), TABLE_ROUNDS[0])
    rng = random.Random(f"doko-draw:{seed}:{number}")
    return shuffle_into_tables(sorted(players), rng)


def check_entrants(rules: Rules, entrants: int, table_rounds: int) -> None:
    if entrants < 4:
        raise TournamentError("tournament-entrants")
    sizes = table_sizes(entrants)
    if 5 in sizes and 5 not in rules.players:
        raise TournamentError("tournament-table-of-five", entrants=entrants, preset=rules.preset)
    if table_rounds not in TABLE_ROUNDS:
        raise TournamentError("tournament-rounds")


def play_table(rules: Rules, seed: int, size: int, bot: str) -> Series:
    """One table's series of two rounds, played by bots, invariants checked."""
    rounds = ROUNDS_PER_TABLE
    if rules.duty_solo_rounds:  # the Pflichtsolo is owed within the table's rounds
        rounds = min(rounds, rules.duty_solo_rounds)
    series = start_series(Settings(rules, size, rounds, first_dealer=0, seed=seed))
    rng = random.Random(f"doko-table:{seed}")
    while not is_finished(series):
        state = play_game(start_game(series), [bot] * size, rng)
        series = record_game(series, state)
        check_invariants(state, series.rows[-1])
    return series


def play_tournament(
    rules: Rules, entrants: int, table_rounds: int, seed: int, bot: str = "standard"
) -> dict[str, Any]:
    """Draw, play every table round and rank; a JSON-ready report."""
    check_entrants(rules, entrants, table_rounds)
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, entrants + 1), 0)
    report_rounds = []
    for number in range(1, table_rounds + 1):
        tables = []
        for index, seats in enumerate(draw_tables(entrants, rng), start=1):
            series = play_table(rules, rng.randrange(2**32), len(seats), bot)
            points = series_totals(series)
            for player, total in zip(seats, points, strict=True):
                scores[player] += total
            tables.append(
                {
                    "table": index,
                    "seats": seats,
                    "games": len(series.games),
                    "played": games_played(series),
                    "totals": points,
                }
            )
        report_rounds.append({"round": number, "tables": tables})
    return {
        "rules": rules.preset,
        "entrants": entrants,
        "table_rounds": table_rounds,
        "seed": seed,
        "bot": bot,
        "rounds": report_rounds,
        "ranking": ranking(scores),
    }


def games_played(series: Series) -> list[int]:
    """Per seat, the deals it held cards in that were played out (no redeals)."""
    return [
        sum(1 for g in series.games if g.contract != "redeal" and g.dealt[seat])
        for seat in range(series.settings.players)
    ]


def ranking(scores: dict[int, int]) -> list[dict[str, int]]:
    """Players by total, best first; equal totals share a rank (1, 2, 2, 4)."""
    order = sorted(scores, key=lambda p: (-scores[p], p))
    rows: list[dict[str, int]] = []
    for position, player in enumerate(order, start=1):
        tied = bool(rows) and rows[-1]["total"] == scores[player]
        rank = rows[-1]["rank"] if tied else position
        rows.append({"player": player, "total": scores[player], "rank": rank})
    return rows
