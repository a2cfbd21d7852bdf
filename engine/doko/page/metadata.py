"""What the page and outside tools read about the engine: ``describe()``.

``python -m doko rules --json`` prints it, and the worker's ``rules`` request
answers it (``doko.api.rules_for_page`` adds the guides into the presets there).
It is :func:`doko.game.rules.describe` (presets and options, docs/formats.md) plus
fields the page would otherwise copy from the engine: the announcement words
and their levels, the card notation, the table's round limits, per preset its
guide (name, one line, primer in German and English: :mod:`doko.page.guide`) and
card facts per table size (with what a score sheet may hold), the bots' levels,
and every refusal's code with its parameters.
"""

from __future__ import annotations

from typing import Any

from ..bots.levels import levels
from ..game import rules as rules_mod
from ..game.announcements import LEVEL, LIMITS, WORDS
from ..game.cards import DECK_RANKS, SUITS
from ..game.contracts import is_solo_like
from ..game.errors import error_codes
from ..game.summary import contracts_played
from ..game.tricks import specials_awarded
from ..table.draw import ROUNDS_PER_TABLE, TABLE_ROUNDS
from ..table.series import DEFAULT_ROUNDS, MAX_ROUNDS, default_rounds
from .guide import guide


def describe() -> dict[str, Any]:
    """The rules metadata: ``rules.describe()`` and the fields listed in the module doc."""
    info = rules_mod.describe()
    info["announcements"] = {
        "words": list(WORDS),  # in level order: re kontra no90 no60 no30 black
        "limits": list(LIMITS),
    }
    # an announcement's level (0 re/kontra, 1..4 the limits) indexes a view's deadlines
    info["announcement_levels"] = dict(LEVEL)
    info["cards"] = {
        "suits": SUITS,
        "ranks": "ATKQJ987",  # every rank any deck uses, in the notation's order
        "pattern": "^[CSHD][ATKQJ987]$",  # a card in the notation
    }
    # rounds a table may be set to, and its length unless a Pflichtsolo sets it
    info["limits"] = {"max_rounds": MAX_ROUNDS, "default_rounds": DEFAULT_ROUNDS}
    info["preset_info"] = {name: _preset_info(rules) for name, rules in rules_mod.PRESETS.items()}
    info["error_codes"] = error_codes()
    info.update(levels())  # the bots' levels people pick from: {"levels", "default_level"}
    # a tournament night: table rounds to choose from, rounds each table plays
    info["tournament"] = {"table_rounds": list(TABLE_ROUNDS), "rounds_per_table": ROUNDS_PER_TABLE}
    return info


def _preset_info(rules: rules_mod.Rules) -> dict[str, Any]:
    players = list(rules.players)
    return {
        **guide(rules.preset),  # name, description, primer: {"de", "en"} each
        # the ranks in play at each table size (eight players use two 32-card packs)
        "ranks": {str(n): DECK_RANKS[rules.deck_for(n)] for n in players},
        "hand_size": {str(n): rules.hand_size_for(n) for n in players},
        "default_rounds": default_rounds(rules),
        "sheet": _sheet_contracts(rules),
    }


def _sheet_contracts(rules: rules_mod.Rules) -> dict[str, list[dict[str, Any]]]:
    """Per table size, the contracts a score keeper may enter: whether one plays alone
    and which Sonderpunkte the game awards."""
    return {
        str(players): [
            {
                "contract": contract,
                "alone": is_solo_like(contract),
                "specials": list(specials_awarded(rules, contract)),
            }
            for contract in contracts_played(rules, players)
        ]
        for players in rules.players
    }


def rules_info(rules: rules_mod.Rules) -> dict[str, Any]:
    """One rule set (a preset or a variant of one) as the page lists a preset: every
    option's value and the facts ``preset_info`` gives (its preset's guide included)."""
    return {**rules_mod.option_values(rules), **_preset_info(rules)}
