"""House rules on which card wins: Schweinchen, Superschweinchen, the Dullen."""

from __future__ import annotations

from .picks import event, trick_why, won_over
from .spec import Search

SEARCHES: list[Search] = [
    Search(
        "house_pigs",
        "house",
        {"preset": "ddv", "options": {"pigs": "both"}},
        (
            "Schweinchen",
            "Schweinchen",
            "Wer beide Karo-Asse hat, sticht mit ihnen sogar die Dullen.",
            "Whoever holds both aces of diamonds beats even the Dullen with them.",
        ),
        won_over("pig", "HT"),
        (("trick", {"why": "pig"}),),
        options_needed=("pigs",),
    ),
    Search(
        "house_pigs_second",
        "house",
        {"preset": "ddv", "options": {"pigs": "second"}},
        (
            "Schweinchen: erst das zweite",
            "Schweinchen: the second one",
            "Das erste Karo-Ass ist ein gewöhnlicher Fuchs, das zweite sticht alles.",
            "The first ace of diamonds is an ordinary fox, the second beats everything.",
        ),
        trick_why("pig"),
        (("trick", {"why": "pig"}),),
        options_needed=("pigs",),
    ),
    Search(
        "house_pigs_reveal",
        "house",
        {"preset": "ddv", "options": {"pigs": "both", "pigs_reveal": "reservation"}},
        (
            "Schweinchen vorher zeigen",
            "Schweinchen shown first",
            "Die Schweinchen werden vor der ersten Karte gezeigt.",
            "The Schweinchen are shown before the first card.",
        ),
        event("pigs-revealed"),
        (("pigs-revealed", {}),),
        options_needed=("pigs", "pigs_reveal"),
    ),
    Search(
        "house_superpigs",
        "house",
        {"preset": "ddv", "options": {"pigs": "both", "superpigs": True}},
        (
            "Superschweinchen",
            "Superschweinchen",
            "Beide Trumpf-Neunen in einer Hand stechen sogar die Schweinchen.",
            "Both trump nines in one hand beat even the pigs.",
        ),
        won_over("superpig", "HT"),
        (("trick", {"why": "superpig"}),),
        options_needed=("pigs", "superpigs"),
        seeds=range(1, 40000),
    ),
    Search(
        "house_dulle_second",
        "house",
        {"preset": "ddv", "options": {"dulle_order": "second"}},
        (
            "Zweite Dulle sticht immer",
            "The second Dulle always wins",
            "Hausregel: von zwei Dullen sticht die zweite, auch im letzten Stich.",
            "House rule: of two Dullen the second wins, in the last trick too.",
        ),
        trick_why("dulle-second", last=True),
        (("trick", {"why": "dulle-second", "last": True}),),
        options_needed=("dulle_order:second",),
        seeds=range(1, 40000),
    ),
    Search(
        "house_dulle_caught",
        "house",
        {
            "preset": "ddv",
            "options": {"specials": ["doppelkopf", "fox", "karlchen", "dulle-caught"]},
        },
        (
            "Dulle gefangen",
            "Dulle caught",
            "Hausregel: wer die Herz-Zehn der Gegner fängt, bekommt einen Punkt.",
            "House rule: catching the other party's ten of hearts scores a point.",
        ),
        event("dulle-caught"),
        (("dulle-caught", {}),),
        options_needed=("specials:dulle-caught",),
    ),
]
