"""Every demo, family by family.

The searches run in the order of SEARCHES, and each skips a deal an earlier demo
already shows: reordering them can change which deal a demo gets.
"""

from __future__ import annotations

from . import (
    announcements,
    basics,
    house_cards,
    house_deals,
    house_solos,
    poverty,
    solos,
    specials,
    tables,
    throwing,
    weddings,
)
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    **basics.SCRIPTED,
    **weddings.SCRIPTED,
    **solos.SCRIPTED,
    **poverty.SCRIPTED,
    **throwing.SCRIPTED,
    **announcements.SCRIPTED,
    **specials.SCRIPTED,
}

SEARCHES: list[Search] = [
    *basics.SEARCHES,
    *tables.SEARCHES,
    *weddings.SEARCHES,
    *solos.SEARCHES,
    *poverty.SEARCHES,
    *announcements.SEARCHES,
    *specials.SEARCHES,
    # house rules: options on top of a preset, written only where the engine has them
    *house_cards.SEARCHES,
    *house_solos.SEARCHES,
    *house_deals.SEARCHES,
]
