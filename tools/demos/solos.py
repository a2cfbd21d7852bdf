"""Solos: the kinds, Pflichtsolo and Vorgeführt, which of two solos counts."""

from __future__ import annotations

from doko.game.state import GameState

from .picks import has, trumps_in
from .spec import Scripted, Search


def two_solos(state: GameState) -> dict[int, str] | None:
    """The first seat in turn says a Bubensolo, the next one a Trumpf-Solo."""
    first = state.to_act
    assert first is not None
    second = state.next_seat(first)
    if trumps_in(state, second, "diamonds") < 7:
        return None
    return {first: "solo:jacks", second: "solo:diamonds"}


SCRIPTED: dict[str, Scripted] = {
    "ddv_duty_solo": Scripted(
        "special-games",
        (
            "Pflichtsolo",
            "Pflichtsolo",
            "Ein geschuldetes Solo: der Solist spielt selbst aus.",
            "An owed solo: the soloist leads.",
        ),
        (("duty-solo", {"leads": True}),),
    ),
    "ddv_solo_queens": Scripted(
        "special-games",
        ("Damensolo", "Queens solo", "Nur die Damen sind Trumpf.", "Only the queens are trump."),
        (("contract", {"contract": "solo:queens"}),),
    ),
    "ddv_solo_fleshless": Scripted(
        "special-games",
        (
            "Fleischloser",
            "Fleshless solo",
            "Kein Trumpf: jede Farbe für sich, Ass vor Zehn.",
            "No trumps at all: every suit on its own, ace over ten.",
        ),
        (("contract", {"contract": "solo:fleshless"}),),
    ),
    "ddv_solo_hearts": Scripted(
        "special-games",
        (
            "Farbsolo Herz",
            "Hearts solo",
            "Herz wird Trumpf statt Karo; die Dullen bleiben oben.",
            "Hearts become trump instead of diamonds; the Dullen stay on top.",
        ),
        (("contract", {"contract": "solo:hearts"}),),
    ),
    "berndt_solo_jacks": Scripted(
        "special-games",
        (
            "Bubensolo (Hobbyturnier)",
            "Jacks solo (Hobby tournament)",
            "Nur die Buben sind Trumpf; im Solo zählt nur der Doppelkopf.",
            "Only the jacks are trump; in a solo only a Doppelkopf counts.",
        ),
        (("contract", {"contract": "solo:jacks"}),),
    ),
    "klassisch_declare_solo_one_queen": Scripted(
        "special-games",
        (
            "Solo mit einer Alten",
            "Solo with one Queen of clubs",
            "Mit einer Kreuz-Dame wird während des Spiels ein Solo angesagt.",
            "With one Queen of clubs a solo is declared during play.",
        ),
        (("declare-solo", {}),),
    ),
    "klassisch_solo_spades": Scripted(
        "special-games",
        (
            "Farbsolo (Klassisch)",
            "Suit solo (Classic)",
            "Pik wird Trumpf unter Damen und Buben; Schneider zählt einen Punkt.",
            "Spades become trump below queens and jacks; Schneider scores a point.",
        ),
        (("contract", {"contract": "solo:spades"}),),
    ),
    "klassisch_solo_jacks": Scripted(
        "special-games",
        (
            "Großspiel",
            "Grand (jacks only)",
            "Nur die Buben sind Trumpf; die Damen gehen in ihre Farben zurück.",
            "Only the jacks are trump; the queens go back to their suits.",
        ),
        (("contract", {"contract": "solo:jacks"}), ("karlchen", {})),
    ),
}

SEARCHES: list[Search] = [
    Search(
        "lockhausen_solo_ranked",
        "special-games",
        "lockhausen",
        (
            "Welches Solo gilt?",
            "Which solo counts?",
            "Das Vereinsturnier ordnet die Soli: ein Trumpf-Solo geht vor ein Bubensolo.",
            "The Club tournament ranks the solos: a trump solo beats a jacks solo.",
        ),
        lambda events, state: (
            state.contract == "solo:diamonds" and has(events, "reservation", what="solo:jacks")
        ),
        (("reservation", {"what": "solo:jacks"}), ("contract", {"contract": "solo:diamonds"})),
        declare=two_solos,
    ),
    Search(
        "ddv_forced_solo",
        "special-games",
        "ddv",
        (
            "Vorgeführt",
            "Vorgeführt",
            "Wer kein Pflichtsolo gespielt hat, muss am Ende eines spielen und spielt aus.",
            "Whoever has not played a Pflichtsolo by the end must play one now, and leads.",
        ),
        lambda events, state: state.contract.startswith("solo:"),
        (("forced-solo", {}), ("duty-solo", {"forced": True, "leads": True})),
        forced_solo=2,
    ),
]
