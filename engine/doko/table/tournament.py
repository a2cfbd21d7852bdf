"""A tournament played by bots (``lockhausen`` section 6; any preset works).

The draw and the ranking are :mod:`doko.table.draw`'s, shared with the evening kept by
hand (:mod:`doko.table.evening`); this module plays the tables with bots.

The entrants (numbered 1..N) are drawn to tables of four and five with a
seeded RNG. Each table plays a series of two rounds (every seat deals twice;
at five the dealer sits out). Two or three table rounds are played, the
seats drawn anew each time; the total of each player's sheet entries over
all table rounds decides the ranking (equal totals share a rank).
"""

from __future__ import annotations

import random
from typing import Any

from ..bots.sim import check_invariants, play_game
from ..game.errors import TournamentError as TournamentError  # re-exported
from ..game.rules import Rules
from .draw import ROUNDS_PER_TABLE, check_entrants, draw_tables, ranking
from .series import Series, Settings, is_finished, record_game, start_game, start_series
from .series import totals as series_totals


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
