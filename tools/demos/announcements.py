"""Ansagen: Re and Kontra, their deadlines, the lower goals and who wins then."""

from __future__ import annotations

from .picks import has
from .spec import Scripted, Search

SCRIPTED: dict[str, Scripted] = {
    "ddv_wedding_trick2_re_at_10_cards": Scripted(
        "announcements",
        (
            "Hochzeit verschiebt die Fristen",
            "A Hochzeit moves the deadlines",
            "Der Partner findet sich im zweiten Stich: Re darf noch mit 10 Karten gesagt werden.",
            "The partner is found in trick two: Re may still be said with 10 cards.",
        ),
        (
            ("wedding-partner", {"trick": 2}),
            ("announce", {"word": "re", "cards": 10, "deadline": 10}),
        ),
    ),
    "ddv_gegenansage": Scripted(
        "announcements",
        (
            "Gegenansage",
            "Counter-announcement",
            "Kontra antwortet auf Re noch eine Karte nach der Frist.",
            "Kontra answers Re one card after its own deadline.",
        ),
        (("announce", {"word": "kontra", "late": True}), ("goals", {})),
    ),
    "ohne-neunen_gegenansage": Scripted(
        "announcements",
        (
            "Gegenansage ohne Neunen",
            "Counter-announcement without nines",
            "Ohne Neunen gelten kürzere Fristen: Re mit 9 Karten, die Antwort mit 8.",
            "Without nines the deadlines are shorter: Re with 9 cards, the reply with 8.",
        ),
        (("announce", {"word": "kontra", "late": True}),),
    ),
    "ddv_120_120_only_kontra": Scripted(
        "announcements",
        (
            "Nur Kontra gesagt",
            "Only Kontra said",
            "Hat nur Kontra angesagt, reichen Re 120 Augen: Re gewinnt das 120 zu 120.",
            "When only Kontra was said, 120 is enough for Re: Re wins the 120 to 120.",
        ),
        (("goals", {"re": {"kind": "eyes", "need": 120}}), ("result", {"winner": "re"})),
        moment=("result", {"winner": "re"}),
    ),
    "ddv_nobody_wins": Scripted(
        "announcements",
        (
            "Niemand gewinnt",
            "Nobody wins",
            "Beide Parteien verfehlen ihre Ansage: keiner gewinnt.",
            "Both parties miss what they announced: nobody wins.",
        ),
        (("result", {"winner": "none"}),),
    ),
    "lockhausen_wedding_trick2_re_before_trick3": Scripted(
        "announcements",
        (
            "Hochzeit und Stich-Fristen",
            "Hochzeit and trick deadlines",
            "Entscheidet sich die Hochzeit im zweiten Stich, bleibt Re bis vor Stich 3 offen.",
            "When the Hochzeit is decided in trick two, Re stays open until trick three.",
        ),
        (("announce", {"word": "re", "system": "tricks", "deadline": 3}),),
    ),
    "lockhausen_nobody_wins": Scripted(
        "announcements",
        (
            "Niemand gewinnt (Vereinsturnier)",
            "Nobody wins (Club tournament)",
            "Beide Seiten verfehlen ihr Ziel.",
            "Both sides miss their goal.",
        ),
        (("result", {"winner": "none"}),),
    ),
    "lockhausen_normal_re_no90_won": Scripted(
        "announcements",
        (
            "Verdoppelnde Ansagen",
            "Doubling announcements",
            "Re und Keine 90 verdoppeln den Wert.",
            "Re and no 90 double the value.",
        ),
        (("doubles", {"word": "re"}), ("goals", {"re": {"kind": "eyes", "need": 151}})),
    ),
}

SEARCHES: list[Search] = [
    Search(
        "ddv_no90",
        "announcements",
        "ddv",
        (
            "Keine 90",
            "No 90",
            "Mit „keine 90“ braucht Re 151 Augen; Kontra reichen 90.",
            "With 'no 90' Re needs 151 trick points; 90 are enough for Kontra.",
        ),
        lambda events, state: state.contract == "normal" and has(events, "result", winner="re"),
        (
            ("announce", {"word": "no90", "party": "re"}),
            (
                "goals",
                {"re": {"kind": "eyes", "need": 151}, "kontra": {"kind": "eyes", "need": 90}},
            ),
        ),
        announce="no90",
    ),
    Search(
        "ohne-neunen_no60",
        "announcements",
        "ohne-neunen",
        (
            "Keine 60 ohne Neunen",
            "No 60 without nines",
            "Ohne Neunen endet „keine 60“ bei 7 Karten; Re braucht dann 181 Augen.",
            "Without nines 'no 60' ends at 7 cards; Re then needs 181 trick points.",
        ),
        lambda events, state: has(events, "result", winner="re"),
        (("announce", {"word": "no60"}), ("goals", {"re": {"kind": "eyes", "need": 181}})),
        announce="no60",
    ),
]
