"""How each preset introduces itself to players: a name, one line, and a short primer,
in German and English. The page's start screen and help read these from the rules
metadata (``describe()``), so no copy of them lives in the page.
"""

from __future__ import annotations

from typing import Any

Text = dict[str, str]

GUIDES: dict[str, dict[str, Text]] = {
    "ddv": {
        "name": {"de": "DDV-Turnier", "en": "DDV tournament"},
        "description": {
            "de": "Die Turnierregeln des Verbands: 48 Karten, Re und Kontra je 2, Pflichtsolo.",
            "en": (
                "The association's tournament rules: 48 cards, Re and Kontra worth 2, "
                "Pflichtsolo."
            ),
        },
        "primer": {
            "de": (
                "Gespielt wird mit 48 Karten, jeder bekommt 12. Die Herz-Zehn (Dulle) ist der "
                "höchste Trumpf, dann Damen, Buben und Karo. Wer die Kreuz-Damen hat, spielt Re, "
                "die anderen Kontra; wer 121 Augen holt, gewinnt.\n\n"
                "Re oder Kontra darfst du sagen, solange du noch mindestens 11 Karten hältst, "
                "jede weitere Absage eine Karte später. Jeder muss innerhalb der Runden ein "
                "Pflichtsolo spielen; Hochzeit heißt: beide Kreuz-Damen in einer Hand, der erste "
                "fremde Stich bestimmt den Partner. Sonderpunkte gibt es für Fuchs, Doppelkopf "
                "und Karlchen."
            ),
            "en": (
                "48 cards, 12 each. The ten of hearts (Dulle) is the top trump, then queens, "
                "jacks and diamonds. The holders of the queens of clubs are Re, the others "
                "Kontra; 121 trick points win.\n\n"
                "You may say Re or Kontra while you hold at least 11 cards, each further call "
                "one card later. Everyone owes one Pflichtsolo within the rounds; a Hochzeit is "
                "both queens of clubs in one hand, the first trick won by another player makes "
                "the partner. Sonderpunkte for Fuchs, Doppelkopf and Karlchen."
            ),
        },
    },
    "ohne-neunen": {
        "name": {"de": "Ohne Neunen", "en": "Without nines"},
        "description": {
            "de": "DDV mit 40 Karten: die zweite Dulle sticht, Trumpfabgabe, fünf Könige werfen.",
            "en": "DDV with 40 cards: the second Dulle wins, Trumpfabgabe, five kings redeal.",
        },
        "primer": {
            "de": (
                "Wie das DDV-Turnier, aber ohne die Neunen: 40 Karten, 10 für jeden, darum "
                "kommen die Fristen für Ansagen früher.\n\n"
                "Fallen beide Dullen in einen Stich, gewinnt die zweite – außer im letzten "
                "Stich. Wer höchstens drei Trümpfe hat, darf sie abgeben (Armut); wer fünf "
                "Könige hat, darf neu geben lassen."
            ),
            "en": (
                "Like the DDV tournament, without the nines: 40 cards, 10 each, so the "
                "announcement deadlines come earlier.\n\n"
                "When both Dullen fall in one trick the second wins, except in the last trick. "
                "A player with three trumps or fewer may give them away (Armut); five kings "
                "let a player ask for a new deal."
            ),
        },
    },
    "berndt": {
        "name": {"de": "Hobbyturnier", "en": "Hobby tournament"},
        "description": {
            "de": "Einfache Turnierregeln: 40 Karten, keine Ansagen, Punkte in Zehnerschritten.",
            "en": "Simple tournament rules: 40 cards, no announcements, points in steps of ten.",
        },
        "primer": {
            "de": (
                "Gemacht für Leute, die einmal im Jahr spielen: 40 Karten, keine Ansagen, "
                "drei Soli (Trumpf, Damen, Buben) und die Hochzeit mit dem ersten Fehlstich.\n\n"
                "Gewertet wird in Zehnern; wer gewinnt, bekommt nie Minuspunkte. Es gibt "
                "Sonderpunkte für Doppelkopf, Fuchs, Karlchen, Doppelkarl und den gefangenen "
                "Karlchen."
            ),
            "en": (
                "Made for people who play once a year: 40 cards, no announcements, three solos "
                "(trumps, queens, jacks) and the Hochzeit decided by the first plain-suit trick."
                "\n\nScores come in tens, and a winner is never written a minus. Sonderpunkte "
                "for Doppelkopf, Fuchs, Karlchen, Doppelkarl and a caught Karlchen."
            ),
        },
    },
    "lockhausen": {
        "name": {"de": "Vereinsturnier", "en": "Club tournament"},
        "description": {
            "de": "Vereinsregeln: 40 Karten, Fristen nach Stichen, Re/Kontra doppeln, Herzstich.",
            "en": "Club rules: 40 cards, deadlines by tricks, Re/Kontra double, Herzstich.",
        },
        "primer": {
            "de": (
                "40 Karten, 10 für jeden. Ansagen zählen nach Stichen: Re oder Kontra bis zum "
                "zweiten Stich, jede Absage einen Stich später; Re und Kontra verdoppeln das "
                "Spiel.\n\n"
                "Vorbehalte in dieser Reihenfolge: Solo, Trumpfabgabe, Hochzeit. Mit fünf "
                "Königen darf man werfen. Sonderpunkte auch für den Herzstich und den Fuchs "
                "im letzten Stich. Im Turnier spielen je Tisch zwei Runden."
            ),
            "en": (
                "40 cards, 10 each. Calls count in tricks: Re or Kontra until the second trick, "
                "each further call one trick later; Re and Kontra double the game.\n\n"
                "Reservations rank solo, Trumpfabgabe, Hochzeit. Five kings may throw the deal "
                "in. Sonderpunkte also for the Herzstich and a Fuchs in the last trick. At a "
                "tournament each table plays two rounds."
            ),
        },
    },
    "klassisch": {
        "name": {"de": "Klassisch", "en": "Classic"},
        "description": {
            "de": "Das alte Hausspiel: 48 Karten, keine Dullen, freie Solofarbe, 4 bis 8 Spieler.",
            "en": "The old house game: 48 cards, no Dullen, any solo suit, 4 to 8 players.",
        },
        "primer": {
            "de": (
                "Ohne Dullen: die Kreuz-Dame ist die höchste Karte. Ansagen gibt es nicht; "
                "gezählt werden Spiel, Schneider und Schwarz, dazu Fuchs und Karlchen.\n\n"
                "Der Solist wählt eine beliebige Trumpffarbe oder spielt Großspiel (nur Buben "
                "sind Trumpf); mit einer Kreuz-Dame darf man im Spiel noch ein Solo ansagen. "
                "Zu sechst und zu acht spielen feste Teams."
            ),
            "en": (
                "No Dullen: the queen of clubs is the highest card. There are no announcements; "
                "the score counts the game, Schneider and Schwarz, plus Fuchs and Karlchen.\n\n"
                "A soloist picks any trump suit or plays a Großspiel (only jacks are trump); a "
                "player with one queen of clubs may still declare a solo during play. Tables "
                "of six and eight play in fixed teams."
            ),
        },
    },
}


def guide(preset: str) -> dict[str, Any]:
    """Name, description and primer of a preset ({} for one without a guide)."""
    return dict(GUIDES.get(preset, {}))
