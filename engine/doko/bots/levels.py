"""The page's opponent levels: which bot spec each level plays, weakest first.

Data only (no bot is imported here), so the rules metadata can list the levels
without loading the search bots; :mod:`doko.bots.botregistry` makes the bots.
"""

from __future__ import annotations

from typing import Any

from ..game.errors import RequestError

# The page's levels, weakest first, with their German names (the page translates
# by id; the names are for the command line and the benchmarks' tables). The
# default is quick on a phone yet searches.
PLAYER_LEVELS = (
    {"id": "beginner", "name": "Anfänger", "bot": "beginner"},
    {"id": "standard", "name": "Mittel", "bot": "standard"},
    {"id": "advanced", "name": "Fortgeschritten", "bot": "strong#40"},
    {"id": "strong", "name": "Stark", "bot": "strong"},
)
DEFAULT_LEVEL = "advanced"


def levels() -> dict[str, Any]:
    """The levels for the rules metadata: ``{"levels": [...], "default_level": id}``."""
    return {"levels": [dict(level) for level in PLAYER_LEVELS], "default_level": DEFAULT_LEVEL}


def level_bot(level: Any) -> str:
    """The bot spec of a player level id (the default level for None)."""
    wanted = DEFAULT_LEVEL if level is None else level
    for entry in PLAYER_LEVELS:
        if entry["id"] == wanted:
            return entry["bot"]
    raise RequestError("unknown-level", level=str(wanted)[:40])
