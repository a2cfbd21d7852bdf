"""What the page and outside tools read about the engine: ``describe()``.

``python -m doko rules --json`` and the worker's ``rules`` request print it.
It is :func:`doko.rules.describe` (presets and options, docs/formats.md) plus
fields the page would otherwise copy from the engine: the announcement words
and their levels, the card notation per preset and table size, the series
lengths, every refusal's code with its parameters, and per preset a one-line
description and a short primer in German and English.
"""

from __future__ import annotations

from typing import Any

from . import rules as rules_mod
from .announcements import LEVEL, LIMITS, WORDS
from .cards import DECK_RANKS, SUITS
from .errors import error_codes
from .series import MAX_ROUNDS, default_rounds

# One line per preset, for the start screen (the project's own words).
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "ddv": {
        "de": "Turnierregeln des Doppelkopf-Verbands: 48 Karten, Ansagen nach Kartenzahl, "
        "Pflichtsolo.",
        "en": "The German Doppelkopf league's tournament rules: 48 cards, announcements "
        "timed by cards in hand, a compulsory solo.",
    },
    "ohne-neunen": {
        "de": "Wie die Turnierregeln, aber ohne Neunen: 40 Karten, die zweite Dulle sticht, "
        "Fünf Könige und Trumpfabgabe.",
        "en": "Tournament rules without the nines: 40 cards, the second Dulle wins, "
        "five kings and passing trumps allowed.",
    },
    "berndt": {
        "de": "Einfache Hobbyturnier-Regeln: 40 Karten, keine Ansagen, Punkte in Zehnerschritten.",
        "en": "Simple hobby-tournament rules: 40 cards, no announcements, scores in tens.",
    },
    "lockhausen": {
        "de": "Vereinsturnier: 40 Karten, Schmeißen mit fünf Königen, Ansagen nach Stichen, "
        "Re und Kontra verdoppeln.",
        "en": "A club tournament: 40 cards, throw in with five kings, announcements timed by "
        "tricks, Re and Kontra double the score.",
    },
    "klassisch": {
        "de": "Das klassische Spiel: 48 Karten, keine Dullen, freie Trumpffarbe im Solo, "
        "auch zu sechst und zu acht.",
        "en": "The classic game: 48 cards, no Dullen, the soloist picks any trump suit; "
        "also for six and eight players.",
    },
}

# A short primer per preset, reachable from the page's help (the project's own words).
PRIMERS: dict[str, dict[str, str]] = {
    "ddv": {
        "de": "Vier spielen mit 48 Karten, je zwölf. Wer die beiden Kreuz-Damen hat, bildet "
        "die Re-Partei, die anderen sind Kontra; Re braucht 121 Augen. Trumpf sind die "
        "Herz-Zehnen, alle Damen und Buben und die Karo-Karten; Farbe muss bedient werden. "
        "Re, Kontra und Absagen (keine 90, 60, 30, schwarz) sind nur möglich, solange man "
        "noch genug Karten auf der Hand hat, und bringen Extrapunkte. Jeder muss in fünf "
        "Runden ein Pflichtsolo spielen.",
        "en": "Four players, 48 cards, twelve each. Whoever holds the two queens of clubs "
        "forms the Re party, the others are Kontra; Re needs 121 points. Trumps are the "
        "ten of hearts, all queens and jacks and the diamonds; you must follow suit. "
        "Re, Kontra and the limits (no 90, 60, 30, black) may be called only while you still "
        "hold enough cards, and each adds points. Everyone owes one solo within five rounds.",
    },
    "ohne-neunen": {
        "de": "Gespielt wie die Turnierregeln, nur ohne Neunen: 40 Karten, zehn Stiche, die "
        "Ansagefristen liegen zwei Karten tiefer. Fällt die zweite Herz-Zehn, schlägt sie "
        "die erste, außer im letzten Stich. Wer fünf Könige hat, darf neu geben lassen; wer "
        "kaum Trumpf hat, kann ihn an einen Mitspieler abgeben, der Karten zurückgibt. Das "
        "Pflichtsolo ist innerhalb von sechs Runden fällig.",
        "en": "Played like the tournament rules, only without nines: 40 cards, ten tricks, "
        "and the announcement deadlines two cards lower. When both tens of hearts fall, the "
        "second beats the first except in the last trick. A player with five kings may ask "
        "for a new deal; one with hardly any trumps may pass them to a partner, who returns "
        "as many cards. The compulsory solo is due within six rounds.",
    },
    "berndt": {
        "de": "40 Karten ohne Neunen, vier Spieler mit je zehn. Die Kreuz-Damen entscheiden "
        "über die Parteien; es gibt keine Ansagen, nur die Augen zählen. Möglich sind eine "
        "Hochzeit und drei Soli (Trumpf, Damen, Buben). Sonderpunkte gibt es für Doppelkopf, "
        "gefangene Füchse und den Karlchen im letzten Stich, auch für einen gefangenen "
        "Karlchen. Aufgeschrieben wird in Zehnerschritten, und nur die Seite, die gewinnt.",
        "en": "40 cards without nines, four players with ten each. The queens of clubs decide "
        "the parties; there are no announcements, only the points taken count. A marriage "
        "and three solos (trumps, queens, jacks) are possible. Extra points go for a "
        "Doppelkopf, a caught fox and a jack of clubs winning the last trick, and for "
        "catching one. The sheet counts in tens and only ever credits the side that gained.",
    },
    "lockhausen": {
        "de": "40 Karten ohne Neunen, vier Spieler. Mit fünf Königen wird sofort neu gegeben. "
        "Eine Hochzeit wählt, welcher Stich den Partner bestimmt; wer wenig Trumpf hat, "
        "kann ihn abgeben. Ansagen sind nur bis zu einem bestimmten Stich erlaubt, und Re "
        "oder Kontra verdoppeln den Spielwert. Sonderpunkte gibt es auch für einen reinen "
        "Herzstich und einen Fuchs im letzten Stich, sogar im Solo.",
        "en": "40 cards without nines, four players. Five kings end the deal at once. A "
        "marriage chooses which trick finds its partner; a player short of trumps may pass "
        "them on. Announcements are allowed only up to a given trick, and Re or Kontra "
        "doubles the game's value. Extra points also go for a trick of hearts only and for "
        "a fox winning the last trick, even in a solo.",
    },
    "klassisch": {
        "de": "Das alte Spiel mit 48 Karten: die Kreuz-Dame ist die höchste Karte, Dullen gibt "
        "es nur als Option. Ansagen gibt es nicht; gewertet werden Spiel, Schneider und "
        "Schwarz, dazu Fuchs und Karlchen. Im Solo wählt man jede Farbe als Trumpf oder nur "
        "die Buben; mit einer einzigen Kreuz-Dame darf man noch während des Spiels ein Solo "
        "ansagen. Zu sechst und zu acht spielen feste Teams.",
        "en": "The old game with 48 cards: the queen of clubs is the highest card, the tens of "
        "hearts rank high only as an option. There are no announcements; scoring is game, "
        "Schneider and black, plus fox and Karlchen. A soloist picks any suit as trumps or "
        "plays jacks only; a player with a single queen of clubs may still declare a solo "
        "during play. Six and eight players play in fixed teams.",
    },
}


def describe() -> dict[str, Any]:
    """The rules metadata: ``rules.describe()`` and the fields listed in the module doc."""
    info = rules_mod.describe()
    info["announcements"] = {
        "words": list(WORDS),  # in level order: re kontra no90 no60 no30 black
        "limits": list(LIMITS),
        "level": dict(LEVEL),  # 0 for re/kontra, 1..4 for the limits
    }
    info["cards"] = {
        "suits": SUITS,
        "ranks": "ATKQJ987",  # every rank any deck uses, in the notation's order
        "pattern": "^[CSHD][ATKQJ987]$",  # a card in the notation
    }
    info["series"] = {"max_rounds": MAX_ROUNDS}
    info["preset_info"] = {name: _preset_info(rules) for name, rules in rules_mod.PRESETS.items()}
    info["error_codes"] = error_codes()
    return info


def _preset_info(rules: rules_mod.Rules) -> dict[str, Any]:
    players = list(rules.players)
    return {
        "description": DESCRIPTIONS[rules.preset],
        "primer": PRIMERS[rules.preset],
        # the ranks in play at each table size (eight players use two 32-card packs)
        "ranks": {str(n): DECK_RANKS[rules.deck_for(n)] for n in players},
        "hand_size": {str(n): rules.hand_size_for(n) for n in players},
        "default_rounds": default_rounds(rules),
    }
