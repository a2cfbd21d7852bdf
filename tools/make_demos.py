"""Write engine/doko/demos/*.json: curated demo games, one per special rule.

Most come from tests/records/scripted (records checked by an independent
checker); two are found by simulation (seeded, so the output is stable).
Run: PYTHONPATH=engine python tools/make_demos.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from doko.cards import HT, deal
from doko.notation import record_of
from doko.outcome import result
from doko.rules import load_rules
from doko.sim import play_game
from doko.state import new_game

ROOT = Path(__file__).resolve().parent.parent
SCRIPTED = ROOT / "tests" / "records" / "scripted"
OUT = ROOT / "engine" / "doko" / "demos"

# id: (title de, title en, description de, description en)
FROM_SCRIPTED = {
    "ddv_normal_re_won": (
        "Normalspiel",
        "Normal game",
        "Die Kreuz-Damen spielen zusammen; Re gewinnt mit einer Ansage.",
        "The two Queens of clubs play together; Re wins with an announcement.",
    ),
    "ddv_wedding_trick1": (
        "Hochzeit (erster Fremder)",
        "Wedding (first foreign trick)",
        "Wer den ersten Stich nicht dem Hochzeiter lässt, wird sein Partner.",
        "Whoever first wins a trick from the bride becomes the partner.",
    ),
    "ddv_wedding_alone": (
        "Hochzeit allein",
        "Wedding alone",
        "Drei Stiche ohne Partner: die Hochzeit spielt allein wie ein Solo.",
        "No partner within three tricks: the wedding plays alone like a solo.",
    ),
    "ddv_silent_wedding": (
        "Stille Hochzeit",
        "Silent wedding",
        "Beide Kreuz-Damen, nichts gesagt: ein stilles Solo.",
        "Both Queens of clubs and not a word: a silent solo.",
    ),
    "ddv_gegenansage": (
        "Gegenansage",
        "Counter-announcement",
        "Kontra antwortet auf Re noch eine Karte nach der Frist.",
        "Kontra answers Re one card after its own deadline.",
    ),
    "ddv_120_120": (
        "120 zu 120",
        "120 to 120",
        "Bei Gleichstand gewinnt Kontra.",
        "At a tie Kontra wins.",
    ),
    "ddv_nobody_wins": (
        "Niemand gewinnt",
        "Nobody wins",
        "Beide Parteien verfehlen ihre Ansage: keiner gewinnt.",
        "Both parties miss what they announced: nobody wins.",
    ),
    "ddv_duty_solo": (
        "Pflichtsolo",
        "Duty solo",
        "Ein geschuldetes Solo: der Solist spielt selbst aus.",
        "An owed solo: the soloist leads.",
    ),
    "ddv_solo_queens": (
        "Damensolo",
        "Queens solo",
        "Nur die Damen sind Trumpf.",
        "Only the queens are trump.",
    ),
    "ohne-neunen_poverty_taken": (
        "Armut (Trumpfabgabe)",
        "Poverty (trump hand-over)",
        "Wenige Trümpfe werden abgegeben; der Partner gibt Karten zurück.",
        "A trump-poor hand passes its trumps; the taker gives cards back.",
    ),
    "ohne-neunen_poverty_refused": (
        "Armut abgelehnt",
        "Poverty refused",
        "Niemand nimmt die Armut an: neu geben.",
        "Nobody takes the poverty: redeal.",
    ),
    "ohne-neunen_throw": (
        "Schmeißen",
        "Throwing in",
        "Fünf Könige: die Karten werden neu gegeben.",
        "Five kings: the cards are dealt again.",
    ),
    "ohne-neunen_normal_second_dulle_wins": (
        "Zweite Dulle sticht",
        "Second Dulle wins",
        "Fallen beide Herz-Zehnen in einen Stich, sticht die zweite.",
        "When both tens of hearts fall in one trick, the second wins.",
    ),
    "ohne-neunen_normal_dullen_last_trick": (
        "Dullen im letzten Stich",
        "Dullen in the last trick",
        "Im letzten Stich sticht die erste Dulle.",
        "In the last trick the first Dulle wins.",
    ),
    "berndt_normal": (
        "Berndt-Liste",
        "The berndt sheet",
        "Zehn-Punkte-Liste: Gewinner schreiben Plus, Verlierer nichts.",
        "A ten-point sheet: the winners score, the losers write nothing.",
    ),
    "berndt_120_120": (
        "120 zu 120 (Berndt)",
        "120 to 120 (berndt)",
        "Gleichstand auf der Berndt-Liste.",
        "A tie on the berndt sheet.",
    ),
    "berndt_wedding_trick2": (
        "Hochzeit im zweiten Stich",
        "Wedding decided in trick two",
        "Der Partner findet sich erst im zweiten Stich.",
        "The partner is found in trick two.",
    ),
    "lockhausen_wedding_fehl_trick2": (
        "Hochzeit: Fehlstich",
        "Wedding: plain-suit trick",
        "Partner wird, wer den ersten Fehlstich gewinnt.",
        "The partner is whoever wins the first plain-suit trick.",
    ),
    "lockhausen_wedding_trump_trick3": (
        "Hochzeit: Trumpfstich",
        "Wedding: trump trick",
        "Partner wird, wer den ersten Trumpfstich gewinnt.",
        "The partner is whoever wins the first trump trick.",
    ),
    "lockhausen_wedding_first_trick1": (
        "Hochzeit: erster Stich",
        "Wedding: first trick",
        "Partner wird, wer den ersten Stich gewinnt.",
        "The partner is whoever wins the first trick.",
    ),
    "lockhausen_poverty_taken": (
        "Trumpfabgabe (Lockhausen)",
        "Trump hand-over (lockhausen)",
        "Die Trümpfe wandern; der Übernehmer gibt zurück.",
        "The trumps change hands; the taker gives cards back.",
    ),
    "lockhausen_throw_after_solo": (
        "Schmeißen nach Solo",
        "Throwing after a solo",
        "Fünf Könige werfen sofort, auch wenn ein Solo angesagt war.",
        "Five kings throw at once, even after a solo was declared.",
    ),
    "lockhausen_nobody_wins": (
        "Niemand gewinnt (Lockhausen)",
        "Nobody wins (lockhausen)",
        "Beide Seiten verfehlen ihr Ziel.",
        "Both sides miss their goal.",
    ),
    "lockhausen_normal_re_no90_won": (
        "Verdoppelnde Ansagen",
        "Doubling announcements",
        "Re und Keine 90 verdoppeln den Wert.",
        "Re and no 90 double the value.",
    ),
    "klassisch_wedding_card": (
        "Hochzeit mit Karte",
        "Wedding by a named card",
        "Partner wird, wer zuerst die genannte Karte spielt.",
        "The partner is whoever first plays the named card.",
    ),
    "klassisch_declare_solo_one_queen": (
        "Solo mit einer Alten",
        "Solo with one old queen",
        "Mit einer Kreuz-Dame wird während des Spiels ein Solo angesagt.",
        "With one Queen of clubs a solo is declared during play.",
    ),
    "klassisch_wedding_foreign_trick1": (
        "Hochzeit (klassisch)",
        "Wedding (classic)",
        "Der erste fremde Stich entscheidet.",
        "The first foreign trick decides.",
    ),
}


def scripted() -> None:
    for name, (tde, ten, dde, den) in FROM_SCRIPTED.items():
        data = json.loads((SCRIPTED / f"{name}.json").read_text())
        preset = name.split("_")[0]
        write(
            name,
            preset,
            (tde, ten, dde, den),
            data["record"],
            f"tests/records/scripted/{name}.json",
        )


def write(
    name: str, preset: str, texts: tuple[str, str, str, str], record: dict, source: str
) -> None:
    from doko.notation import replay

    state = replay(record)
    demo = {
        "preset": preset,
        "title": {"de": texts[0], "en": texts[1]},
        "description": {"de": texts[2], "en": texts[3]},
        "source": source,
        "record": record,
        "expected_points": result(state)["points"],
    }
    (OUT / f"{name}.json").write_text(json.dumps(demo, ensure_ascii=False, indent=1) + "\n")


def dullen_first() -> None:
    rules = load_rules("ddv")
    for seed in range(1, 5000):
        state = play_game(
            new_game(rules, deal(48, 4, seed, 3), 3), ["standard"] * 4, random.Random(seed)
        )
        if state.contract == "normal" and any(t.cards.count(HT) == 2 for t in state.tricks[:-1]):
            write(
                "ddv_dullen_first",
                "ddv",
                (
                    "Erste Dulle sticht",
                    "First Dulle wins",
                    "DDV: fallen beide Herz-Zehnen in einen Stich, sticht die erste.",
                    "DDV: when both tens of hearts fall in one trick, the first wins.",
                ),
                record_of(state),
                f"simulated, standard bots, seed {seed}",
            )
            return
    raise SystemExit("no deal with both Dullen in one trick")


def six_players() -> None:
    rules = load_rules("klassisch")
    for seed in range(1, 500):
        state = play_game(
            new_game(rules, deal(48, 6, seed, 5), 5), ["standard"] * 6, random.Random(seed)
        )
        if state.contract == "normal":
            write(
                "klassisch_six_fixed_teams",
                "klassisch",
                (
                    "Sechs Spieler, feste Teams",
                    "Six players, fixed teams",
                    "Gerade gegen ungerade Plätze, ohne Re und Kontra durch Damen.",
                    "Even seats against odd seats; the queens decide nothing.",
                ),
                record_of(state),
                f"simulated, standard bots, seed {seed}",
            )
            return
    raise SystemExit("no normal six-player deal")


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    scripted()
    dullen_first()
    six_players()
    print(len(list(OUT.glob("*.json"))), "demos")
