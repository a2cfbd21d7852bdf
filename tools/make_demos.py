"""Write engine/doko/demos/*.json: rules demos, one per rule worth showing.

Each demo is a finished deal with a topic (basics, special-games,
announcements, specials, house), titles and one line in German and English,
and ``expects``: the narration events (doko.explain) the demo is about, which
tests/test_demos.py checks on every run. Demos come from three sources:

- records of tests/records/scripted (games checked by an independent checker);
- a seeded search: deals dealt by seed, played by the standard bots, with a
  reservation scripted where the demo needs one, kept when the replay shows
  the wanted event (the first seed that does, so the output is stable);
- a found deal with an announcement added: the same cards played, the word said
  before the announcer's first card, replayed through the rules again.

Every demo is replayed by the engine before it is written. House-rule demos
need the options of the house rules; while the engine lacks an option, its
demos are reported as missing and not written (never faked).

Run: PYTHONPATH=engine python tools/make_demos.py [--only ID ...]
     PYTHONPATH=engine python tools/make_demos.py --stats  (demos per topic, narration share)
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doko.bots.botregistry import get_bot
from doko.game.actions import parse
from doko.game.cards import CQ, deal
from doko.game.errors import DokoError
from doko.game.notation import record_of, replay
from doko.game.observation import observe
from doko.game.outcome import result
from doko.game.rules import load_rules
from doko.game.state import GameState, apply, legal_actions, new_game
from doko.page.explain import walk

ROOT = Path(__file__).resolve().parent.parent
SCRIPTED = ROOT / "tests" / "records" / "scripted"
OUT = ROOT / "engine" / "doko" / "demos"

Texts = tuple[str, str, str, str]  # title de, title en, line de, line en
Expect = tuple[str, dict[str, Any]]  # an event key and params it must carry


@dataclass(frozen=True)
class Scripted:
    topic: str
    texts: Texts
    expects: tuple[Expect, ...] = ()


@dataclass(frozen=True)
class Search:
    """A deal found by seed: ``want`` picks it from the replay's events."""

    id: str
    topic: str
    rules: Any
    texts: Texts
    want: Callable[[list[dict[str, Any]], GameState], bool]
    expects: tuple[Expect, ...] = ()
    players: int = 4
    declare: Callable[[GameState], dict[int, str] | None] | None = None  # reservations
    announce: str | None = None  # a word a Re seat says before its first card
    forced_solo: int | None = None
    seeds: Iterable[int] = range(1, 3000)
    options_needed: tuple[str, ...] = field(default=())
    # the contract the deal must have been played as, where no reservation is scripted
    contract: str | None = "normal"
    bock: int = 0  # the deal's bock level (a deal inside running Bockrunden)


# -- helpers for the searches --------------------------------------------------------


def events_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    return list(walk(record)["events"])


def has(events: list[dict[str, Any]], key: str, **params: Any) -> bool:
    return any(
        e["key"] == key and all(e["params"].get(k) == v for k, v in params.items()) for e in events
    )


def trick_why(
    why: str, last: bool | None = None
) -> Callable[[list[dict[str, Any]], GameState], bool]:
    def want(events: list[dict[str, Any]], state: GameState) -> bool:
        return any(
            e["key"] == "trick"
            and e["params"]["why"] == why
            and (last is None or e["params"]["last"] == last)
            for e in events
        )

    return want


def won_over(why: str, card: str) -> Callable[[list[dict[str, Any]], GameState], bool]:
    """A trick won by the rule ``why`` although ``card`` (e.g. a Dulle) was in it."""

    def want(events: list[dict[str, Any]], state: GameState) -> bool:
        return any(
            e["key"] == "trick"
            and e["params"]["why"] == why
            and card in map(str, state.tricks[e["params"]["trick"] - 1].cards)
            for e in events
        )

    return want


def event(key: str, **params: Any) -> Callable[[list[dict[str, Any]], GameState], bool]:
    return lambda events, state: has(events, key, **params)


def first_with(
    test: Callable[[GameState, int], bool], what: str
) -> Callable[[GameState], dict[int, str] | None]:
    """Reservations: the first seat (in turn) whose hand passes ``test`` declares ``what``."""

    def pick(state: GameState) -> dict[int, str] | None:
        seat = state.to_act
        for _ in state.active:
            assert seat is not None
            if test(state, seat):
                return {seat: what}
            seat = state.next_seat(seat)
        return None

    return pick


def anyone(state: GameState, seat: int) -> bool:
    return True


def trumps_in(state: GameState, seat: int, kind: str) -> int:
    from doko.game.contracts import card_order

    order = card_order(kind, state.rules, state.rules.deck_for(state.players))
    return sum(order.follows[c] == "T" for c in state.hands[seat])


def strong_for(kind: str, least: int) -> Callable[[GameState, int], bool]:
    return lambda state, seat: trumps_in(state, seat, kind) >= least


def play(state: GameState, rng: random.Random, script: dict[int, str] | None) -> GameState | None:
    """The standard bots play the deal; ``script`` gives some seats' reservations."""
    bot = get_bot("standard")
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if state.phase == "reservations" and script is not None:
            action = parse(f"{seat}:{script.get(seat, 'healthy')}")
            if action not in legal_actions(state):
                return None
            state = apply(state, action)
            continue
        obs = observe(state, seat)
        state = apply(state, bot(obs, rng), obs.listed)
    return state


def with_word(state: GameState, word: str) -> dict[str, Any] | None:
    """The deal's record with ``word`` said by the first Re seat to play a card,
    just before that card; None if the rules refuse it there."""
    record = record_of(state)
    actions = list(record["actions"])
    re_seats = set(state.re_party)
    for index, action in enumerate(actions):
        seat_text, _, what = action.partition(":")
        if int(seat_text) in re_seats and len(what) == 2 and what[0] in "CSHD":
            actions.insert(index, f"{seat_text}:{word}")
            break
    changed = {**record, "actions": actions}
    try:
        replay(changed)
    except (DokoError, ValueError):
        return None
    return changed


USED: set[str] = set()  # every deal a demo shows: no two demos show the same game


def search(spec: Search) -> tuple[dict[str, Any], str] | None:
    rules = load_rules(spec.rules)
    size = rules.deck_for(spec.players)
    for seed in spec.seeds:
        dealer = seed % spec.players
        if spec.forced_solo is not None:  # the dealer sits right of the vorgeführt seat
            dealer = (spec.forced_solo - 1) % spec.players
        hands = deal(size, spec.players, seed, dealer)
        if spec.bock:
            start = new_game(rules, hands, dealer, forced_solo=spec.forced_solo, bock=spec.bock)
        else:
            start = new_game(rules, hands, dealer, forced_solo=spec.forced_solo)
        script = spec.declare(start) if spec.declare else None
        if spec.declare and script is None:
            continue
        state = play(start, random.Random(seed), script)
        if state is None:
            continue
        record = record_of(state)
        if spec.announce:
            found = with_word(state, spec.announce)
            if found is None:
                continue
            record = found
            state = replay(record)
        scripted = spec.declare is not None or spec.forced_solo is not None
        if spec.contract and not scripted and state.contract != spec.contract:
            continue
        key = json.dumps(record["hands"])
        if key in USED:
            continue
        if spec.want(events_of(record), state):
            USED.add(key)
            return record, f"found by seed {seed}: dealer {dealer}, standard bots" + (
                f", reservations {script}" if script else ""
            ) + (f", {spec.announce!r} added" if spec.announce else "")
    return None


# -- the demos -----------------------------------------------------------------------

SCRIPTED_DEMOS: dict[str, Scripted] = {
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
    "ddv_wedding_trick1": Scripted(
        "special-games",
        (
            "Hochzeit (erster Fremder)",
            "Wedding (first foreign trick)",
            "Wer den ersten Stich nicht dem Hochzeiter lässt, wird sein Partner.",
            "Whoever first wins a trick from the bride becomes the partner.",
        ),
        (("wedding-partner", {"trick": 1}),),
    ),
    "ddv_wedding_alone": Scripted(
        "special-games",
        (
            "Hochzeit allein",
            "Wedding alone",
            "Drei Stiche ohne Partner: die Hochzeit spielt allein wie ein Solo.",
            "No partner within three tricks: the wedding plays alone like a solo.",
        ),
        (("wedding-alone", {"trick": 3}),),
    ),
    "ddv_wedding_trick2_re_at_10_cards": Scripted(
        "announcements",
        (
            "Hochzeit verschiebt die Fristen",
            "A wedding moves the deadlines",
            "Der Partner findet sich im zweiten Stich: Re darf noch mit 10 Karten gesagt werden.",
            "The partner is found in trick two: Re may still be said with 10 cards.",
        ),
        (
            ("wedding-partner", {"trick": 2}),
            ("announce", {"word": "re", "cards": 10, "deadline": 10}),
        ),
    ),
    "ddv_silent_wedding": Scripted(
        "special-games",
        (
            "Stille Hochzeit",
            "Silent wedding",
            "Beide Kreuz-Damen, nichts gesagt: ein stilles Solo.",
            "Both Queens of clubs and not a word: a silent solo.",
        ),
        (("result", {"contract": "silent-wedding"}),),
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
    "ddv_120_120_only_kontra": Scripted(
        "announcements",
        (
            "Nur Kontra gesagt",
            "Only Kontra said",
            "Hat nur Kontra angesagt, reichen Re 120 Augen: Re gewinnt das 120 zu 120.",
            "When only Kontra was said, 120 is enough for Re: Re wins the 120 to 120.",
        ),
        (("goals", {"re": {"kind": "eyes", "need": 120}}), ("result", {"winner": "re"})),
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
    "ddv_duty_solo": Scripted(
        "special-games",
        (
            "Pflichtsolo",
            "Duty solo",
            "Ein geschuldetes Solo: der Solist spielt selbst aus.",
            "An owed solo: the soloist leads.",
        ),
        (("duty-solo", {"leads": True}),),
    ),
    "ddv_solo_queens": Scripted(
        "special-games",
        ("Damensolo", "Queens solo", "Nur die Damen sind Trumpf.", "Only the queens are trump."),
        (("contract", {"contract": "solo:queens"}),),
    ),
    "ddv_solo_fleshless": Scripted(
        "special-games",
        (
            "Fleischloser",
            "Fleshless solo",
            "Kein Trumpf: jede Farbe für sich, Ass vor Zehn.",
            "No trumps at all: every suit on its own, ace over ten.",
        ),
        (("contract", {"contract": "solo:fleshless"}),),
    ),
    "ddv_solo_hearts": Scripted(
        "special-games",
        (
            "Farbsolo Herz",
            "Hearts solo",
            "Herz wird Trumpf statt Karo; die Dullen bleiben oben.",
            "Hearts become trump instead of diamonds; the Dullen stay on top.",
        ),
        (("contract", {"contract": "solo:hearts"}),),
    ),
    "ohne-neunen_poverty_taken": Scripted(
        "special-games",
        (
            "Armut (Trumpfabgabe)",
            "Poverty (trump hand-over)",
            "Wenige Trümpfe werden abgegeben; der Partner gibt Karten zurück.",
            "A trump-poor hand passes its trumps; the taker gives cards back.",
        ),
        (("poverty-accept", {}), ("poverty-return", {})),
    ),
    "ohne-neunen_poverty_lost": Scripted(
        "special-games",
        (
            "Armut verloren",
            "Poverty lost",
            "Ohne Neunen gibt es gegen eine Armut keinen Punkt „gegen die Alten“.",
            "Without nines there is no point 'against the old' when a poverty loses.",
        ),
        (("poverty-return", {}), ("result", {"winner": "kontra"})),
    ),
    "ohne-neunen_poverty_refused": Scripted(
        "special-games",
        (
            "Armut abgelehnt",
            "Poverty refused",
            "Niemand nimmt die Armut an: neu geben.",
            "Nobody takes the poverty: redeal.",
        ),
        (("poverty-decline", {}), ("result", {"contract": "redeal"})),
    ),
    "ohne-neunen_throw": Scripted(
        "special-games",
        (
            "Schmeißen",
            "Throwing in",
            "Fünf Könige: die Karten werden neu gegeben.",
            "Five kings: the cards are dealt again.",
        ),
        (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
    ),
    "ohne-neunen_throw_beaten_by_solo": Scripted(
        "special-games",
        (
            "Solo schlägt fünf Könige",
            "A solo beats five kings",
            "Ohne Neunen ist Schmeißen ein Vorbehalt: ein Solo geht vor.",
            "Without nines throwing is a reservation: a solo comes first.",
        ),
        (("reservation", {"what": "throw"}), ("contract", {"contract": "solo:queens"})),
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
            "The berndt sheet",
            "Zehn-Punkte-Liste: Gewinner schreiben Plus, Verlierer nichts.",
            "A ten-point sheet: the winners score, the losers write nothing.",
        ),
        (("result", {}),),
    ),
    "berndt_120_120": Scripted(
        "basics",
        (
            "120 zu 120 (Berndt)",
            "120 to 120 (berndt)",
            "Gleichstand auf der Berndt-Liste.",
            "A tie on the berndt sheet.",
        ),
        (("result", {"winner": "kontra"}),),
    ),
    "berndt_wedding_trick2": Scripted(
        "special-games",
        (
            "Hochzeit im zweiten Stich",
            "Wedding decided in trick two",
            "Der Partner findet sich erst im zweiten Stich.",
            "The partner is found in trick two.",
        ),
        (("wedding-partner", {"trick": 2}),),
    ),
    "berndt_solo_jacks": Scripted(
        "special-games",
        (
            "Bubensolo (Berndt)",
            "Jacks solo (berndt)",
            "Nur die Buben sind Trumpf; im Solo zählt nur der Doppelkopf.",
            "Only the jacks are trump; in a solo only a Doppelkopf counts.",
        ),
        (("contract", {"contract": "solo:jacks"}),),
    ),
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
    "lockhausen_wedding_fehl_trick2": Scripted(
        "special-games",
        (
            "Hochzeit: Fehlstich",
            "Wedding: plain-suit trick",
            "Partner wird, wer den ersten Fehlstich gewinnt.",
            "The partner is whoever wins the first plain-suit trick.",
        ),
        (("wedding-partner", {"rule": "fehl"}),),
    ),
    "lockhausen_wedding_trump_trick3": Scripted(
        "special-games",
        (
            "Hochzeit: Trumpfstich",
            "Wedding: trump trick",
            "Partner wird, wer den ersten Trumpfstich gewinnt.",
            "The partner is whoever wins the first trump trick.",
        ),
        (("wedding-partner", {"rule": "trump"}),),
    ),
    "lockhausen_wedding_first_trick1": Scripted(
        "special-games",
        (
            "Hochzeit: erster Stich",
            "Wedding: first trick",
            "Partner wird, wer den ersten Stich gewinnt.",
            "The partner is whoever wins the first trick.",
        ),
        (("wedding-partner", {"rule": "first"}),),
    ),
    "lockhausen_wedding_trick2_re_before_trick3": Scripted(
        "announcements",
        (
            "Hochzeit und Stich-Fristen",
            "Wedding and trick deadlines",
            "Entscheidet sich die Hochzeit im zweiten Stich, bleibt Re bis vor Stich 3 offen.",
            "When the wedding is decided in trick two, Re stays open until trick three.",
        ),
        (("announce", {"word": "re", "system": "tricks", "deadline": 3}),),
    ),
    "lockhausen_poverty_taken": Scripted(
        "special-games",
        (
            "Trumpfabgabe (Lockhausen)",
            "Trump hand-over (lockhausen)",
            "Die Trümpfe wandern; der Übernehmer gibt zurück.",
            "The trumps change hands; the taker gives cards back.",
        ),
        (("poverty-accept", {}), ("poverty-return", {})),
    ),
    "lockhausen_throw_after_solo": Scripted(
        "special-games",
        (
            "Schmeißen nach Solo",
            "Throwing after a solo",
            "Fünf Könige werfen sofort, auch wenn ein Solo angesagt war.",
            "Five kings throw at once, even after a solo was declared.",
        ),
        (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
    ),
    "lockhausen_nobody_wins": Scripted(
        "announcements",
        (
            "Niemand gewinnt (Lockhausen)",
            "Nobody wins (lockhausen)",
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
    "klassisch_wedding_card": Scripted(
        "special-games",
        (
            "Hochzeit mit Karte",
            "Wedding by a named card",
            "Partner wird, wer zuerst die genannte Karte spielt.",
            "The partner is whoever first plays the named card.",
        ),
        (("wedding-partner", {}),),
    ),
    "klassisch_declare_solo_one_queen": Scripted(
        "special-games",
        (
            "Solo mit einer Alten",
            "Solo with one old queen",
            "Mit einer Kreuz-Dame wird während des Spiels ein Solo angesagt.",
            "With one Queen of clubs a solo is declared during play.",
        ),
        (("declare-solo", {}),),
    ),
    "klassisch_wedding_foreign_trick1": Scripted(
        "special-games",
        (
            "Hochzeit (klassisch)",
            "Wedding (classic)",
            "Der erste fremde Stich entscheidet.",
            "The first foreign trick decides.",
        ),
        (("wedding-partner", {"trick": 1}),),
    ),
    "klassisch_wedding_foreign_trick3": Scripted(
        "special-games",
        (
            "Hochzeit ohne Frist",
            "Wedding without a limit",
            "Klassisch hat keine Drei-Stiche-Grenze: hier entscheidet der dritte Stich.",
            "Classic has no three-trick limit: here the third trick decides.",
        ),
        (("wedding-partner", {"trick": 3}),),
    ),
    "klassisch_solo_spades": Scripted(
        "special-games",
        (
            "Farbsolo (klassisch)",
            "Suit solo (classic)",
            "Pik wird Trumpf unter Damen und Buben; Schneider zählt einen Punkt.",
            "Spades become trump below queens and jacks; Schneider scores a point.",
        ),
        (("contract", {"contract": "solo:spades"}),),
    ),
    "klassisch_solo_jacks": Scripted(
        "special-games",
        (
            "Großspiel",
            "Grand (jacks only)",
            "Nur die Buben sind Trumpf; die Damen gehen in ihre Farben zurück.",
            "Only the jacks are trump; the queens go back to their suits.",
        ),
        (("contract", {"contract": "solo:jacks"}), ("karlchen", {})),
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


def _searches() -> list[Search]:
    return [
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
                    e["key"] == "trick"
                    and e["params"]["why"] == "ruff"
                    and e["params"]["trick"] == 1
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
                "Schneider (klassisch)",
                "Schneider (classic)",
                "Bleiben die Verlierer unter 60 Augen, gibt es einen Punkt mehr.",
                "When the losers stay below 60 trick points, the winners score one more.",
            ),
            lambda events, state: any(
                e["key"] == "result" and any(x["item"] == "schneider" for x in e["params"]["lines"])
                for e in events
            ),
            (("result", {}),),
        ),
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
            lambda events, state: state.contract == "normal",
            (("deal", {"players": 5}),),
            players=5,
        ),
        Search(
            "klassisch_five_players",
            "basics",
            "klassisch",
            (
                "Fünf am Tisch (klassisch)",
                "Five at the table (classic)",
                "Der aussetzende Geber schreibt, was jeder Kontra-Spieler schreibt.",
                "The dealer who sits out scores what each Kontra player scores.",
            ),
            lambda events, state: state.contract == "normal",
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
            lambda events, state: state.contract == "normal",
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
            lambda events, state: state.contract == "normal",
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
            lambda events, state: state.contract == "solo:diamonds",
            (("contract", {"contract": "solo:diamonds"}), ("deal", {"players": 6})),
            players=6,
            declare=first_with(strong_for("diamonds", 6), "solo:diamonds"),
        ),
        Search(
            "klassisch_wedding_late",
            "special-games",
            "klassisch",
            (
                "Hochzeit spät entschieden",
                "A wedding decided late",
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
        Search(
            "lockhausen_solo_ranked",
            "special-games",
            "lockhausen",
            (
                "Welches Solo gilt?",
                "Which solo counts?",
                "Lockhausen ordnet die Soli: ein Trumpf-Solo geht vor ein Bubensolo.",
                "Lockhausen ranks the solos: a trump solo beats a jacks solo.",
            ),
            lambda events, state: (
                state.contract == "solo:diamonds" and has(events, "reservation", what="solo:jacks")
            ),
            (("reservation", {"what": "solo:jacks"}), ("contract", {"contract": "solo:diamonds"})),
            declare=two_solos,
        ),
        Search(
            "ddv_forced_solo",
            "special-games",
            "ddv",
            (
                "Vorgeführt",
                "Vorgeführt (forced solo)",
                "Wer kein Pflichtsolo gespielt hat, muss am Ende eines spielen und spielt aus.",
                "Whoever has not played a duty solo by the end must play one now, and leads.",
            ),
            lambda events, state: state.contract.startswith("solo:"),
            (("forced-solo", {}), ("duty-solo", {"forced": True, "leads": True})),
            forced_solo=2,
        ),
        Search(
            "lockhausen_poverty_fox",
            "special-games",
            "lockhausen",
            (
                "Trumpfabgabe mit Fuchs",
                "Trump hand-over with the fox",
                "Lockhausen zählt den Karo-Ass nicht mit: vier Trümpfe samt Fuchs dürfen abgeben.",
                "Lockhausen does not count the fox: four trumps with the fox may be handed over.",
            ),
            lambda events, state: state.contract == "poverty",
            (("reservation", {"what": "poverty"}), ("poverty-accept", {})),
            declare=first_with(poverty_with_fox, "poverty"),
        ),
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


def soloist_leads(events: list[dict[str, Any]], state: GameState) -> bool:
    """A Lustsolo whose soloist leads, though he does not sit left of the dealer."""
    return (
        state.contract.startswith("solo:")
        and not state.duty_solo
        and state.declarer != state.next_seat(state.dealer)
        and has(events, "contract", leader=state.declarer)
    )


def poverty_with_fox(state: GameState, seat: int) -> bool:
    """Four trumps counting the Karo-Ass, three without it: only Lockhausen allows it."""
    from doko.game.cards import DA

    hand = state.hands[seat]
    return DA in hand and trumps_in(state, seat, "normal") == 4


def two_solos(state: GameState) -> dict[int, str] | None:
    """The first seat in turn says a Bubensolo, the next one a Trumpf-Solo."""
    first = state.to_act
    assert first is not None
    second = state.next_seat(first)
    if trumps_in(state, second, "diamonds") < 7:
        return None
    return {first: "solo:jacks", second: "solo:diamonds"}


HOUSE_SEARCHES: list[Search] = []  # house rules: see house_demos() below


def house_demos() -> list[Search]:
    """Demos of the house rules (options added on top of a preset).

    Each names the options it needs; while the engine does not know one of them,
    the demo is reported as missing.
    """
    return [
        Search(
            "house_pigs",
            "house",
            {"preset": "ddv", "options": {"pigs": "both"}},
            (
                "Schweinchen",
                "Schweinchen (pigs)",
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
                "The pigs are shown before the first card.",
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
        *[
            Search(
                f"house_solo_{kind}",
                "house",
                {"preset": "ddv", "options": {"solos": [*SOLO_DDV, kind]}},
                texts,
                lambda events, state, kind=kind: state.contract == f"solo:{kind}",
                (("contract", {"contract": f"solo:{kind}"}),),
                declare=first_with(anyone, f"solo:{kind}"),
                options_needed=(f"solos:{kind}",),
            )
            for kind, texts in PICTURE_SOLOS.items()
        ],
        Search(
            "house_solo_leads",
            "house",
            {"preset": "ddv", "options": {"solo_leads": "soloist"}},
            (
                "Solist spielt aus",
                "The soloist leads",
                "Hausregel: in jedem Solo spielt der Solist selbst aus.",
                "House rule: in every solo the soloist leads.",
            ),
            soloist_leads,
            (("contract", {"contract": "solo:queens"}),),
            declare=first_with(strong_for("queens", 4), "solo:queens"),
            options_needed=("solo_leads:soloist",),
        ),
        Search(
            "house_bock_trigger",
            "house",
            {"preset": "ddv", "options": {"bock": ["solo-lost", "tie"]}},
            (
                "Bockrunde ausgelöst",
                "A Bockrunde starts",
                "Ein verlorenes Solo startet eine Bockrunde: vier Spiele zählen nun doppelt.",
                "A lost solo starts a Bockrunde: the next four deals count double.",
            ),
            lambda events, state: has(events, "bock-trigger"),
            (("bock-trigger", {"triggers": ["solo-lost"], "deals": 4}),),
            declare=first_with(strong_for("queens", 3), "solo:queens"),
            options_needed=("bock:solo-lost",),
        ),
        Search(
            "house_bock_deal",
            "house",
            {"preset": "ddv", "options": {"bock": ["solo-lost", "tie"]}},
            (
                "Bockspiel",
                "A bock deal",
                "In einer Bockrunde zählt jedes Spiel doppelt – nach allem anderen.",
                "Inside a Bockrunde every deal counts double – after everything else.",
            ),
            lambda events, state: has(events, "result"),
            (("bock", {"level": 1, "factor": 2}),),
            bock=1,
            options_needed=("bock:solo-lost",),
        ),
        Search(
            "house_bock_double",
            "house",
            {"preset": "ddv", "options": {"bock": ["solo-lost", "tie"], "bock_stack": "double"}},
            (
                "Doppelbock",
                "Double bock",
                "Überlappen sich zwei Bockrunden, zählt das Spiel vierfach.",
                "Where two Bockrunden overlap, the deal counts four times.",
            ),
            lambda events, state: has(events, "result"),
            (("bock", {"level": 2, "factor": 4}),),
            bock=2,
            options_needed=("bock:solo-lost", "bock_stack:double"),
        ),
        Search(
            "house_throw_nines",
            "house",
            {"preset": "ddv", "options": {"throw": "reservation", "throw_hands": ["nines"]}},
            (
                "Schmeißen mit fünf Neunen",
                "Throwing with five nines",
                "Hausregel: wer fünf Neunen hat, darf die Karten zurückgeben.",
                "House rule: a hand with five nines may be thrown in.",
            ),
            lambda events, state: state.contract == "redeal",
            (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
            declare=first_with(
                lambda s, seat: sum(c.rank == "9" for c in s.hands[seat]) >= 5, "throw"
            ),
            options_needed=("throw_hands:nines",),
            seeds=range(1, 40000),
        ),
    ]


SOLO_DDV = ["diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleshless"]
PICTURE_SOLOS: dict[str, Texts] = {
    "kings": (
        "Königssolo",
        "Kings solo",
        "Nur die Könige sind Trumpf.",
        "Only the kings are trump.",
    ),
    "queens-jacks": (
        "Damen-Buben-Solo",
        "Queens and jacks solo",
        "Damen und Buben sind Trumpf, sonst nichts.",
        "Queens and jacks are trump, nothing else.",
    ),
    "kings-queens": (
        "Könige-Damen-Solo",
        "Kings and queens solo",
        "Könige über Damen sind Trumpf.",
        "Kings over queens are trump.",
    ),
    "kings-jacks": (
        "Könige-Buben-Solo",
        "Kings and jacks solo",
        "Könige über Buben sind Trumpf.",
        "Kings over jacks are trump.",
    ),
    "koehler": (
        "Köhler",
        "Köhler",
        "Könige, Damen und Buben sind Trumpf.",
        "Kings, queens and jacks are trump.",
    ),
}


def engine_knows(needed: tuple[str, ...]) -> bool:
    """Does this engine know the house-rule options (``name`` or ``name:value``)?"""
    from doko.game.rules import PRESETS

    base = PRESETS["ddv"]
    for item in needed:
        name, _, value = item.partition(":")
        if not hasattr(base, name):
            return False
        if value:
            try:
                if name in ("solos", "specials", "throw_hands", "bock"):
                    load_rules({"preset": "ddv", "options": {name: [value]}})
                else:
                    load_rules({"preset": "ddv", "options": {name: value}})
            except (DokoError, ValueError):
                return False
    return True


# -- writing -------------------------------------------------------------------------


def write(
    name: str,
    topic: str,
    texts: Texts,
    record: dict[str, Any],
    source: str,
    expects: tuple[Expect, ...],
) -> None:
    state = replay(record)
    missing = [
        (key, params) for key, params in expects if not has(events_of(record), key, **params)
    ]
    if missing:
        raise SystemExit(f"{name}: the replay lacks {missing}")
    demo = {
        "preset": state.rules.preset,
        "topic": topic,
        "title": {"de": texts[0], "en": texts[1]},
        "description": {"de": texts[2], "en": texts[3]},
        "source": source,
        "expects": [{"key": k, "params": p} for k, p in expects],
        "record": record,
        "expected_points": result(state)["points"],
    }
    (OUT / f"{name}.json").write_text(json.dumps(demo, ensure_ascii=False, indent=1) + "\n")


def stats() -> None:
    """Demos per topic, and how many steps say more than who played what."""
    from collections import Counter

    from doko.page.explain import PLAIN_KEYS

    topics: Counter[str] = Counter()
    steps = plain = ruled = 0
    for path in sorted(OUT.glob("*.json")):
        demo = json.loads(path.read_text())
        topics[demo["topic"]] += 1
        viewer = walk(demo["record"])
        for step in range(len(viewer["frames"])):
            told = [e for e in viewer["events"] if e["step"] == step]
            steps += 1
            plain += all(e["key"] in PLAIN_KEYS for e in told)
            ruled += any(e["rule"] for e in told)
    print("demos per topic:", dict(topics), "total", sum(topics.values()))
    print(
        f"steps {steps}: more than 'X plays Y' {steps - plain} ({(steps - plain) / steps:.1%}),"
        f" a rule moment (autoplay stops) {ruled} ({ruled / steps:.1%})"
    )


def main(only: list[str]) -> int:
    OUT.mkdir(exist_ok=True)
    missing: list[str] = []
    for name, demo in SCRIPTED_DEMOS.items():
        if only and name not in only:
            continue
        data = json.loads((SCRIPTED / f"{name}.json").read_text())
        USED.add(json.dumps(data["record"]["hands"]))
        write(
            name,
            demo.topic,
            demo.texts,
            data["record"],
            f"tests/records/scripted/{name}.json",
            demo.expects,
        )
    for spec in [*_searches(), *house_demos()]:
        if only and spec.id not in only:
            continue
        if spec.options_needed and not engine_knows(spec.options_needed):
            missing.append(f"{spec.id} (the engine lacks {', '.join(spec.options_needed)})")
            continue
        found = search(spec)
        if found is None:
            missing.append(f"{spec.id} (no deal found)")
            continue
        record, source = found
        write(spec.id, spec.topic, spec.texts, record, source, spec.expects)
    print(len(list(OUT.glob("*.json"))), "demos")
    for line in missing:
        print("missing:", line, file=sys.stderr)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--stats"]:
        stats()
        raise SystemExit(0)
    raise SystemExit(main(sys.argv[2:] if sys.argv[1:2] == ["--only"] else []))
