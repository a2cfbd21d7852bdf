"""The normal game: who plays with whom, following suit, which card wins, the score."""

from __future__ import annotations

from .picks import event, has, trick_why
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    "ddv_normal_re_won": Scripted(
        "basics",
        (
            "Normalspiel",
            "Normal game",
            "Die Kreuz-Damen spielen zusammen; Re gewinnt mit einer Ansage.",
            "The two Queens of clubs play together; Re wins with an announcement.",
        ),
        (("announce", {"word": "re"}), ("party-known", {"how": "queen"})),
    ),
    "ddv_120_120": Scripted(
        "basics",
        (
            "120 zu 120",
            "120 to 120",
            "Bei Gleichstand gewinnt Kontra.",
            "At a tie Kontra wins.",
        ),
        (("result", {"winner": "kontra"}),),
    ),
    "ohne-neunen_normal_second_dulle_wins": Scripted(
        "basics",
        (
            "Zweite Dulle sticht",
            "Second Dulle wins",
            "Fallen beide Herz-Zehnen in einen Stich, sticht die zweite.",
            "When both tens of hearts fall in one trick, the second wins.",
        ),
        (("trick", {"why": "dulle-second"}),),
    ),
    "ohne-neunen_normal_dullen_last_trick": Scripted(
        "basics",
        (
            "Dullen im letzten Stich",
            "Dullen in the last trick",
            "Im letzten Stich sticht die erste Dulle.",
            "In the last trick the first Dulle wins.",
        ),
        (("trick", {"why": "dulle-last"}),),
    ),
    "berndt_normal": Scripted(
        "basics",
        (
            "Berndt-Liste",
            "The Berndt sheet",
            "Zehn-Punkte-Liste: Gewinner schreiben Plus, Verlierer nichts.",
            "A ten-point sheet: the winners score, the losers write nothing.",
        ),
        (("result", {}),),
    ),
    "berndt_120_120": Scripted(
        "basics",
        (
            "120 zu 120 (Hobbyturnier)",
            "120 to 120 (Hobby tournament)",
            "Gleichstand auf der Berndt-Liste.",
            "A tie on the Berndt sheet.",
        ),
        (("result", {"winner": "kontra"}),),
    ),
    "klassisch_normal": Scripted(
        "basics",
        (
            "Klassisch ohne Dullen",
            "Classic, without Dullen",
            "Die Herz-Zehn ist eine gewöhnliche Herzkarte; Damen und Buben führen.",
            "The ten of hearts is a plain heart; queens and jacks lead the trumps.",
        ),
        (("result", {}),),
    ),
}

SEARCHES: list[Search] = [
    Search(
        "ddv_ruff",
        "basics",
        "ddv",
        (
            "Bedienen und Abstechen",
            "Following suit and trumping",
            "Wer die Farbe hat, muss bedienen; wer sie nicht hat, darf mit Trumpf stechen.",
            "Who holds the suit must follow; who does not may trump.",
        ),
        lambda events, state: (
            any(
                e["key"] == "trick" and e["params"]["why"] == "ruff" and e["params"]["trick"] == 1
                for e in events
            )
            and has(events, "follow")
            and has(events, "void", trump=True)
        ),
        (("follow", {}), ("void", {"trump": True}), ("trick", {"why": "ruff", "trick": 1})),
    ),
    Search(
        "ddv_equal_cards",
        "basics",
        "ddv",
        (
            "Zwei gleiche Karten",
            "Two equal cards",
            "Liegen zwei gleiche Karten im Stich, sticht die zuerst gespielte.",
            "When two equal cards fall in a trick, the one played first wins.",
        ),
        trick_why("equal-first"),
        (("trick", {"why": "equal-first"}),),
    ),
    Search(
        "ddv_dullen_first",
        "basics",
        "ddv",
        (
            "Erste Dulle sticht",
            "First Dulle wins",
            "DDV: fallen beide Herz-Zehnen in einen Stich, sticht die erste.",
            "DDV: when both tens of hearts fall in one trick, the first wins.",
        ),
        trick_why("dulle-first", last=False),
        (("trick", {"why": "dulle-first"}),),
    ),
    Search(
        "ddv_second_queen",
        "basics",
        "ddv",
        (
            "Die zweite Kreuz-Dame",
            "The second Queen of clubs",
            "Sind beide Kreuz-Damen gefallen, kennt jeder die Parteien.",
            "Once both Queens of clubs have fallen, everyone knows the parties.",
        ),
        event("party-known", how="second-queen"),
        (("party-known", {"how": "second-queen"}), ("party-known", {"how": "queen"})),
    ),
    Search(
        "klassisch_heart_ten_plain",
        "basics",
        "klassisch",
        (
            "Herz-Zehn ohne Dullen",
            "Ten of hearts without Dullen",
            "Klassisch ist die Herz-Zehn eine Herzkarte: das Herz-Ass sticht sie.",
            "In the classic game the ten of hearts is a plain heart: the ace beats it.",
        ),
        lambda events, state: any(
            e["key"] == "trick"
            and e["params"]["card"] == "HA"
            and any(
                c == "HT"
                for t in state.tricks[e["params"]["trick"] - 1 : e["params"]["trick"]]
                for c in map(str, t.cards)
            )
            for e in events
        ),
        (("trick", {"card": "HA", "why": "suit"}),),
    ),
    Search(
        "klassisch_schneider",
        "basics",
        "klassisch",
        (
            "Schneider (Klassisch)",
            "Schneider (Classic)",
            "Bleiben die Verlierer unter 60 Augen, gibt es einen Punkt mehr.",
            "When the losers stay below 60 trick points, the winners score one more.",
        ),
        lambda events, state: any(
            e["key"] == "result" and any(x["item"] == "schneider" for x in e["params"]["lines"])
            for e in events
        ),
        (("result", {}),),
    ),
]
