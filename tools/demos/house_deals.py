"""House rules on whole deals: Bockrunden, and throwing in five nines."""

from __future__ import annotations

from .picks import first_with, has, played_as, strong_for
from .spec import Search

SEARCHES: list[Search] = [
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
        played_as("redeal"),
        (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
        declare=first_with(lambda s, seat: sum(c.rank == "9" for c in s.hands[seat]) >= 5, "throw"),
        options_needed=("throw_hands:nines",),
        seeds=range(1, 40000),
    ),
]
