"""Sonderpunkte: fox, Karlchen, Doppelkopf and the presets' own, in solos too."""

from __future__ import annotations

from .picks import event
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    "berndt_silent_wedding": Scripted(
        "specials",
        (
            "Stille Hochzeit mit Sonderpunkt",
            "Silent Hochzeit with a Sonderpunkt",
            "Das Hobbyturnier wertet eine stille Hochzeit wie ein Solo, mit allen Sonderpunkten.",
            "The Hobby tournament scores a silent Hochzeit like a solo, with every Sonderpunkt.",
        ),
        (("fox", {}), ("result", {"contract": "silent-wedding"})),
    ),
    "lockhausen_solo_fleshless": Scripted(
        "specials",
        (
            "Sonderpunkte im Solo (Vereinsturnier)",
            "Sonderpunkte in a solo (Club tournament)",
            "Das Vereinsturnier zählt Sonderpunkte auch im Solo, dreifach für den Solisten.",
            "The Club tournament counts Sonderpunkte in solos too, three times for the soloist.",
        ),
        (("contract", {"contract": "solo:fleshless"}), ("heart-trick", {})),
        moment=("heart-trick", {}),
    ),
    "klassisch_silent_solo": Scripted(
        "specials",
        (
            "Stilles Solo mit Fuchs",
            "Silent solo with a fox",
            "Klassisch zählt den Fuchs auch im stillen Solo – für beide Seiten.",
            "Classic counts the fox in a silent solo too – for either side.",
        ),
        (("fox", {"party": "re"}), ("fox", {"party": "kontra"})),
        moment=("fox", {"party": "kontra"}),  # the first of the two
    ),
}

SEARCHES: list[Search] = [
    Search(
        "ddv_fox",
        "specials",
        "ddv",
        (
            "Fuchs gefangen",
            "Fox caught",
            "Wer den Karo-Ass der Gegenpartei fängt, bekommt einen Sonderpunkt.",
            "Catching the other party's ace of diamonds scores a Sonderpunkt.",
        ),
        event("fox"),
        (("fox", {}),),
    ),
    Search(
        "ddv_karlchen",
        "specials",
        "ddv",
        (
            "Karlchen",
            "Karlchen",
            "Gewinnt der Kreuz-Bube den letzten Stich, gibt es einen Sonderpunkt.",
            "When the jack of clubs wins the last trick, that is a Sonderpunkt.",
        ),
        event("karlchen"),
        (("karlchen", {}),),
    ),
    Search(
        "ddv_doppelkopf",
        "specials",
        "ddv",
        (
            "Doppelkopf",
            "Doppelkopf",
            "Ein Stich mit 40 Augen oder mehr ist einen Sonderpunkt wert.",
            "A trick of 40 trick points or more is worth a Sonderpunkt.",
        ),
        event("doppelkopf"),
        (("doppelkopf", {}),),
    ),
    Search(
        "lockhausen_heart_trick",
        "specials",
        "lockhausen",
        (
            "Herzstich",
            "Herzstich",
            "Vereinsturnier: ein Stich nur aus Herzkarten bringt einen Sonderpunkt.",
            "Club tournament: a trick of hearts only scores a Sonderpunkt.",
        ),
        event("heart-trick"),
        (("heart-trick", {}),),
    ),
    Search(
        "lockhausen_fox_last",
        "specials",
        "lockhausen",
        (
            "Fuchs im letzten Stich",
            "Fox takes the last trick",
            "Vereinsturnier: gewinnt ein Karo-Ass den letzten Stich, gibt es einen Punkt.",
            "Club tournament: an ace of diamonds winning the last trick scores a point.",
        ),
        event("fox-last"),
        (("fox-last", {}),),
        seeds=range(1, 20000),
    ),
    Search(
        "berndt_karlchen_caught",
        "specials",
        "berndt",
        (
            "Karlchen gefangen",
            "Karlchen caught",
            "Hobbyturnier: wer im letzten Stich den Kreuz-Buben der Gegner fängt, punktet.",
            "Hobby tournament: catching the other side's jack of clubs in the last trick "
            "scores a point.",
        ),
        event("karlchen-caught"),
        (("karlchen-caught", {}),),
        seeds=range(1, 20000),
    ),
    Search(
        "berndt_doppelkarl",
        "specials",
        "berndt",
        (
            "Doppelkarl",
            "Doppelkarl",
            "Hobbyturnier: beide Kreuz-Buben einer Partei im letzten Stich zählen doppelt.",
            "Hobby tournament: both jacks of clubs of one party in the last trick count twice.",
        ),
        event("karlchen", points=2),
        (("karlchen", {"points": 2}),),
        seeds=range(1, 40000),
    ),
]
