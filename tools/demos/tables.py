"""Five, six and eight at the table, and a solo at six (all found by seed)."""

from __future__ import annotations

from .picks import first_with, played_as, strong_for
from .spec import Search

SEARCHES: list[Search] = [
    Search(
        "ddv_five_players",
        "basics",
        "ddv",
        (
            "Fünf am Tisch",
            "Five at the table",
            "Zu fünft setzt der Geber aus und schreibt null.",
            "With five players the dealer sits out and scores nothing.",
        ),
        played_as("normal"),
        (("deal", {"players": 5}),),
        players=5,
    ),
    Search(
        "klassisch_five_players",
        "basics",
        "klassisch",
        (
            "Fünf am Tisch (Klassisch)",
            "Five at the table (Classic)",
            "Der aussetzende Geber schreibt, was jeder Kontra-Spieler schreibt.",
            "The dealer who sits out scores what each Kontra player scores.",
        ),
        played_as("normal"),
        (("deal", {"players": 5}),),
        players=5,
    ),
    Search(
        "klassisch_eight_players",
        "basics",
        "klassisch",
        (
            "Acht Spieler",
            "Eight players",
            "Zwei Pakete zu 32 Karten, feste Teams: gerade gegen ungerade Plätze.",
            "Two packs of 32 cards, fixed teams: even seats against odd seats.",
        ),
        played_as("normal"),
        (("deal", {"players": 8, "cards": 8}),),
        players=8,
    ),
    Search(
        "klassisch_six_fixed_teams",
        "basics",
        "klassisch",
        (
            "Sechs Spieler, feste Teams",
            "Six players, fixed teams",
            "Gerade gegen ungerade Plätze, ohne Re und Kontra durch Damen.",
            "Even seats against odd seats; the queens decide nothing.",
        ),
        played_as("normal"),
        (("deal", {"players": 6}),),
        players=6,
    ),
    Search(
        "klassisch_six_solo",
        "special-games",
        "klassisch",
        (
            "Solo zu sechst",
            "A solo at six players",
            "Zu sechst zahlt jeder der fünf Gegner: der Solist schreibt das Fünffache.",
            "At six players all five opponents pay: the soloist scores five times.",
        ),
        played_as("solo:diamonds"),
        (("contract", {"contract": "solo:diamonds"}), ("deal", {"players": 6})),
        players=6,
        declare=first_with(strong_for("diamonds", 6), "solo:diamonds"),
    ),
]
