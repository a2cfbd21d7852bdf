"""Tournament tables: players drawn to tables of four and five, and the ranking.

Shared by the bot tournament (:mod:`doko.table.tournament`) and the evening kept by hand
(:mod:`doko.table.evening`); it plays nothing, so neither the page's evening nor the
rules metadata loads a bot through it.
"""

from __future__ import annotations

import random

from ..game.errors import TournamentError
from ..game.rules import Rules

TABLE_ROUNDS = (2, 3)  # table rounds a tournament may have
ROUNDS_PER_TABLE = 2  # rounds each table plays (every seat deals twice)


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


def ranking(scores: dict[int, int]) -> list[dict[str, int]]:
    """Players by total, best first; equal totals share a rank (1, 2, 2, 4)."""
    order = sorted(scores, key=lambda p: (-scores[p], p))
    rows: list[dict[str, int]] = []
    for position, player in enumerate(order, start=1):
        tied = bool(rows) and rows[-1]["total"] == scores[player]
        rank = rows[-1]["rank"] if tied else position
        rows.append({"player": player, "total": scores[player], "rank": rank})
    return rows
