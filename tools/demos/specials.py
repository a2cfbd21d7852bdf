"""Sonderpunkte: fox, Karlchen, Doppelkopf and the presets' own, in solos too."""

from __future__ import annotations

from .picks import event
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    "berndt_silent_wedding": Scripted(
        "specials",
        (
            "Stille Hochzeit mit Sonderpunkt",
            "Silent wedding with a bonus point",
            "Berndt wertet eine stille Hochzeit wie ein Solo, mit allen Sonderpunkten.",
            "Berndt scores a silent wedding like a solo, with every bonus point.",
        ),
        (("fox", {}), ("result", {"contract": "silent-wedding"})),
    ),
    "lockhausen_solo_fleshless": Scripted(
        "specials",
        (
            "Sonderpunkte im Solo (Lockhausen)",
            "Bonus points in a solo (lockhausen)",
            "Lockhausen zählt Sonderpunkte auch im Solo, dreifach für den Solisten.",
            "Lockhausen counts bonus points in solos too, three times for the soloist.",
        ),
        (("contract", {"contract": "solo:fleshless"}), ("heart-trick", {})),
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
            "Catching the other party's ace of diamonds scores a bonus point.",
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
            "When the jack of clubs wins the last trick, that is a bonus point.",
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
            "A trick of 40 trick points or more is worth a bonus point.",
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
            "Heart trick",
            "Lockhausen: ein Stich nur aus Herzkarten bringt einen Sonderpunkt.",
            "Lockhausen: a trick of hearts only scores a bonus point.",
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
            "Lockhausen: gewinnt ein Karo-Ass den letzten Stich, gibt es einen Punkt.",
            "Lockhausen: an ace of diamonds winning the last trick scores a point.",
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
            "Berndt: wer im letzten Stich den Kreuz-Buben der Gegner fängt, punktet.",
            "Berndt: catching the other side's jack of clubs in the last trick scores a point.",
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
            "Double Karlchen",
            "Berndt: beide Kreuz-Buben einer Partei im letzten Stich zählen doppelt.",
            "Berndt: both jacks of clubs of one party in the last trick count twice.",
        ),
        event("karlchen", points=2),
        (("karlchen", {"points": 2}),),
        seeds=range(1, 40000),
    ),
]
