"""Hochzeit: how the partner is found, or not, under each preset."""

from __future__ import annotations

from doko.game.cards import CQ

from .picks import first_with
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    "ddv_wedding_trick1": Scripted(
        "special-games",
        (
            "Hochzeit (erster Fremder)",
            "Hochzeit (first foreign trick)",
            "Wer den ersten Stich nicht dem Hochzeiter lässt, wird sein Partner.",
            "Whoever first wins a trick from the Hochzeit player becomes the partner.",
        ),
        (("wedding-partner", {"trick": 1}),),
    ),
    "ddv_wedding_alone": Scripted(
        "special-games",
        (
            "Hochzeit allein",
            "Hochzeit alone",
            "Drei Stiche ohne Partner: die Hochzeit spielt allein wie ein Solo.",
            "No partner within three tricks: the Hochzeit plays alone like a solo.",
        ),
        (("wedding-alone", {"trick": 3}),),
    ),
    "ddv_silent_wedding": Scripted(
        "special-games",
        (
            "Stille Hochzeit",
            "Silent Hochzeit",
            "Beide Kreuz-Damen, nichts gesagt: ein stilles Solo.",
            "Both Queens of clubs and not a word: a silent solo.",
        ),
        (("silent-wedding", {"seat": 1}), ("result", {"contract": "silent-wedding"})),
    ),
    "berndt_wedding_trick2": Scripted(
        "special-games",
        (
            "Hochzeit im zweiten Stich",
            "Hochzeit decided in trick two",
            "Der Partner findet sich erst im zweiten Stich.",
            "The partner is found in trick two.",
        ),
        (("wedding-partner", {"trick": 2}),),
    ),
    "lockhausen_wedding_fehl_trick2": Scripted(
        "special-games",
        (
            "Hochzeit: Fehlstich",
            "Hochzeit: plain-suit trick",
            "Partner wird, wer den ersten Fehlstich gewinnt.",
            "The partner is whoever wins the first plain-suit trick.",
        ),
        (("wedding-partner", {"rule": "fehl"}),),
    ),
    "lockhausen_wedding_trump_trick3": Scripted(
        "special-games",
        (
            "Hochzeit: Trumpfstich",
            "Hochzeit: trump trick",
            "Partner wird, wer den ersten Trumpfstich gewinnt.",
            "The partner is whoever wins the first trump trick.",
        ),
        (("wedding-partner", {"rule": "trump"}),),
    ),
    "lockhausen_wedding_first_trick1": Scripted(
        "special-games",
        (
            "Hochzeit: erster Stich",
            "Hochzeit: first trick",
            "Partner wird, wer den ersten Stich gewinnt.",
            "The partner is whoever wins the first trick.",
        ),
        (("wedding-partner", {"rule": "first"}),),
    ),
    "klassisch_wedding_card": Scripted(
        "special-games",
        (
            "Hochzeit mit Karte",
            "Hochzeit by a named card",
            "Partner wird, wer zuerst die genannte Karte spielt.",
            "The partner is whoever first plays the named card.",
        ),
        (("wedding-partner", {}),),
    ),
    "klassisch_wedding_foreign_trick1": Scripted(
        "special-games",
        (
            "Hochzeit (Klassisch)",
            "Hochzeit (Classic)",
            "Der erste fremde Stich entscheidet.",
            "The first foreign trick decides.",
        ),
        (("wedding-partner", {"trick": 1}),),
    ),
    "klassisch_wedding_foreign_trick3": Scripted(
        "special-games",
        (
            "Hochzeit ohne Frist",
            "Hochzeit without a limit",
            "Klassisch hat keine Drei-Stiche-Grenze: hier entscheidet der dritte Stich.",
            "Classic has no three-trick limit: here the third trick decides.",
        ),
        (("wedding-partner", {"trick": 3}),),
    ),
}

SEARCHES: list[Search] = [
    Search(
        "klassisch_wedding_late",
        "special-games",
        "klassisch",
        (
            "Hochzeit spät entschieden",
            "A Hochzeit decided late",
            "Klassisch sucht der Hochzeiter ohne Frist: der Partner kommt erst nach Stich 3.",
            "In the classic game the search has no limit: the partner comes after trick 3.",
        ),
        lambda events, state: any(
            e["key"] == "wedding-partner" and e["params"]["trick"] >= 4 for e in events
        ),
        (("reservation", {"what": "wedding:foreign"}),),
        declare=first_with(lambda s, seat: s.hands[seat].count(CQ) == 2, "wedding:foreign"),
        seeds=range(1, 20000),
    ),
]
