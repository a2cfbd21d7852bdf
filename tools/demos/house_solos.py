"""House rules on solos: the picture solos, and the soloist leading every solo."""

from __future__ import annotations

from doko.game.state import GameState

from .picks import anyone, first_with, has, played_as, strong_for
from .spec import Events, Search, Texts

# the DDV's solos; each picture solo demo adds one to them
SOLO_DDV = ["diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleshless"]

PICTURE_SOLOS: dict[str, Texts] = {
    "kings": (
        "Königssolo",
        "Kings solo",
        "Nur die Könige sind Trumpf.",
        "Only the kings are trump.",
    ),
    "queens-jacks": (
        "Damen-Buben-Solo",
        "Queens and jacks solo",
        "Damen und Buben sind Trumpf, sonst nichts.",
        "Queens and jacks are trump, nothing else.",
    ),
    "kings-queens": (
        "Könige-Damen-Solo",
        "Kings and queens solo",
        "Könige über Damen sind Trumpf.",
        "Kings over queens are trump.",
    ),
    "kings-jacks": (
        "Könige-Buben-Solo",
        "Kings and jacks solo",
        "Könige über Buben sind Trumpf.",
        "Kings over jacks are trump.",
    ),
    "koehler": (
        "Köhler",
        "Köhler",
        "Könige, Damen und Buben sind Trumpf.",
        "Kings, queens and jacks are trump.",
    ),
}


def soloist_leads(events: Events, state: GameState) -> bool:
    """A Lustsolo whose soloist leads, though he does not sit left of the dealer."""
    return (
        state.contract.startswith("solo:")
        and not state.duty_solo
        and state.declarer != state.next_seat(state.dealer)
        and has(events, "contract", leader=state.declarer)
    )


SEARCHES: list[Search] = [
    *[
        Search(
            f"house_solo_{kind}",
            "house",
            {"preset": "ddv", "options": {"solos": [*SOLO_DDV, kind]}},
            texts,
            played_as(f"solo:{kind}"),
            (("contract", {"contract": f"solo:{kind}"}),),
            declare=first_with(anyone, f"solo:{kind}"),
            options_needed=(f"solos:{kind}",),
        )
        for kind, texts in PICTURE_SOLOS.items()
    ],
    Search(
        "house_solo_leads",
        "house",
        {"preset": "ddv", "options": {"solo_leads": "soloist"}},
        (
            "Solist spielt aus",
            "The soloist leads",
            "Hausregel: in jedem Solo spielt der Solist selbst aus.",
            "House rule: in every solo the soloist leads.",
        ),
        soloist_leads,
        (("contract", {"contract": "solo:queens"}),),
        declare=first_with(strong_for("queens", 4), "solo:queens"),
        options_needed=("solo_leads:soloist",),
    ),
]
