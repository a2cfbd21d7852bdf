"""Armut: the trumps handed over, taken or refused."""

from __future__ import annotations

from doko.game.state import GameState

from .picks import first_with, played_as, trumps_in
from .spec import Scripted, Search


def poverty_with_fox(state: GameState, seat: int) -> bool:
    """Four trumps counting the Karo-Ass, three without it: only Lockhausen allows it."""
    from doko.game.cards import DA

    hand = state.hands[seat]
    return DA in hand and trumps_in(state, seat, "normal") == 4


SCRIPTED: dict[str, Scripted] = {
    "ohne-neunen_poverty_taken": Scripted(
        "special-games",
        (
            "Armut (Trumpfabgabe)",
            "Armut (Trumpfabgabe)",
            "Wenige Trümpfe werden abgegeben; der Partner gibt Karten zurück.",
            "A trump-poor hand passes its trumps; the taker gives cards back.",
        ),
        (("poverty-accept", {}), ("poverty-return", {})),
    ),
    "ohne-neunen_poverty_lost": Scripted(
        "special-games",
        (
            "Armut verloren",
            "Armut lost",
            "Ohne Neunen gibt es gegen eine Armut keinen Punkt „gegen die Alten“.",
            "Without nines there is no point 'gegen die Alten' when an Armut loses.",
        ),
        (("poverty-return", {}), ("result", {"winner": "kontra"})),
        moment=("result", {"winner": "kontra"}),
    ),
    "ohne-neunen_poverty_refused": Scripted(
        "special-games",
        (
            "Armut abgelehnt",
            "Armut refused",
            "Niemand nimmt die Armut an: neu geben.",
            "Nobody takes the Armut: redeal.",
        ),
        (("poverty-decline", {}), ("result", {"contract": "redeal"})),
    ),
    "lockhausen_poverty_taken": Scripted(
        "special-games",
        (
            "Trumpfabgabe (Vereinsturnier)",
            "Trumpfabgabe (Club tournament)",
            "Die Trümpfe wandern; der Übernehmer gibt zurück.",
            "The trumps change hands; the taker gives cards back.",
        ),
        (("poverty-accept", {}), ("poverty-return", {})),
    ),
}

SEARCHES: list[Search] = [
    Search(
        "lockhausen_poverty_fox",
        "special-games",
        "lockhausen",
        (
            "Trumpfabgabe mit Fuchs",
            "Trumpfabgabe with the fox",
            "Das Vereinsturnier zählt den Karo-Ass nicht mit: vier Trümpfe samt Fuchs dürfen "
            "abgeben.",
            "The Club tournament does not count the fox: four trumps with the fox may be "
            "handed over.",
        ),
        played_as("poverty"),
        (("reservation", {"what": "poverty"}), ("poverty-accept", {})),
        declare=first_with(poverty_with_fox, "poverty"),
    ),
]
