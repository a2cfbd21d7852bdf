"""Made-up table sheets for tournament tests: plain games scored by the rules."""

from __future__ import annotations

import random
from typing import Any

from doko.table.evening import SHEET_KIND, SHEET_VERSION, games_at_table


def summaries(rules: str, size: int, seed: int) -> list[dict[str, Any]]:
    """A table's games: at five the dealer (seat i % 5) sits out, as the keeper counts."""
    rng = random.Random(seed)
    games = []
    for index in range(games_at_table(size)):
        out = index % 5 if size == 5 else None
        active = [s for s in range(size) if s != out]
        games.append(
            {
                "rules": rules,
                "contract": "normal",
                "players": size,
                "re": sorted(rng.sample(active, 2)),
                "sitting_out": out,
                "eyes_re": rng.randint(60, 180),
                "announcements": {"re": [], "kontra": []},
                "specials": [],
            }
        )
    return games


def sheet(tournament: dict[str, Any], number: int, table: int, seed: int = 0) -> dict[str, Any]:
    """A finished sheet for a table of the drawn round ``number``."""
    players = tournament["rounds"][number - 1]["tables"][table - 1]
    return {
        "sheet": SHEET_KIND,
        "version": SHEET_VERSION,
        "tournament": tournament["id"],
        "round": number,
        "table": table,
        "rules": tournament["rules"],
        "players": list(players),
        "games": summaries(tournament["rules"], len(players), seed),
    }
