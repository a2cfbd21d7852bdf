"""What each seat's name plate says, as the table may know it.

One function for every table the page draws: the live table, a pass-and-play cover, a
guest's table and the replay viewer's frames. The page draws the tags it is given and
derives none of them, so a plate cannot say more (or less) in one place than another.

A plate's tags, each word once:
- ``party`` (``re``/``kontra``) once the party is public, unless the seat said it aloud
  (its call says it then); at a fixed-team table's normal game ``team`` (``A``/``B``);
  none while an Armut is offered or in a deal thrown in;
- ``forced-solo`` for the seat that must play its Pflichtsolo now;
- ``pigs`` / ``superpigs`` once the table has seen them;
- ``declaration``: while reservations are said every seat's word, afterwards only the
  one that counts (the soloist's, the Hochzeit's, the Armut's, a throw);
- ``declined`` (word ``poverty``) for each seat that declined an Armut, while the Armut
  is offered and its cards change hands, and on a deal thrown in because nobody took it;
- ``call``: every announcement of the seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypedDict

from ..game.cards import is_fixed_team
from ..game.observation import public_contract, public_facts
from ..game.state import GameState

TagKind = Literal[
    "party", "team", "forced-solo", "pigs", "superpigs", "declaration", "declined", "call"
]


class Tag(TypedDict):
    kind: TagKind
    word: str  # re, kontra, A, B, a reservation word or an announcement; "" if none


class Plate(TypedDict):
    seat: int
    tags: list[Tag]


class Known(TypedDict):
    """What the table knows at this moment: public parties and shown Schweinchen."""

    re: frozenset[int]
    kontra: frozenset[int]
    pigs: int | None
    superpigs: int | None


def table_knows(state: GameState) -> Known:
    """What every player at the table knows: the public facts while the deal runs
    (doko.game.observation.public_facts), everything once it is over."""
    if state.is_over:
        re = frozenset(state.re_party)
        return {
            "re": re,
            "kontra": frozenset(state.active) - re,
            "pigs": state.pig_seat,
            "superpigs": state.superpig_seat,
        }
    facts = public_facts(state)
    return {
        "re": facts.known_re,
        "kontra": facts.known_kontra,
        "pigs": facts.pig_seat,
        "superpigs": facts.superpig_seat,
    }


def plates(state: GameState, known: Known) -> list[Plate]:
    """Every seat's plate at ``state`` as a table knowing ``known`` sees it."""
    return [
        {"seat": seat, "tags": _unique(_tags(state, known, seat))} for seat in range(state.players)
    ]


def parties_shown(state: GameState, known: Known) -> tuple[frozenset[int], frozenset[int]]:
    """The parties a plate may show: none while an Armut is offered (nobody has taken it
    yet) and none in a deal thrown in (nobody played for a party)."""
    if state.contract == "redeal" or state.phase == "poverty":
        return frozenset(), frozenset()
    return known["re"], known["kontra"]


def _tags(state: GameState, known: Known, seat: int) -> Iterable[Tag]:
    re, kontra = parties_shown(state, known)
    party = "re" if seat in re else "kontra" if seat in kontra else None
    said = [w for s, w in state.said if s == seat]
    if party is not None and is_fixed_team(state.players) and state.contract == "normal":
        yield {"kind": "team", "word": "A" if party == "re" else "B"}
    elif party is not None and party not in said:
        yield {"kind": "party", "word": party}
    if state.forced_solo == seat:
        yield {"kind": "forced-solo", "word": ""}
    if known["pigs"] == seat:
        yield {"kind": "pigs", "word": ""}
    if known["superpigs"] == seat:
        yield {"kind": "superpigs", "word": ""}
    for who, what in state.declarations:
        if who == seat and _declaration_shown(state, who, what):
            yield {"kind": "declaration", "word": what}
    if _declined_shown(state) and any(
        a.seat == seat and a.kind == "poverty-answer" and a.word == "decline" for a in state.history
    ):
        yield {"kind": "declined", "word": "poverty"}
    for word in said:
        yield {"kind": "call", "word": word}


def _declined_shown(state: GameState) -> bool:
    """Who declined the Armut matters while it is offered and handed over, and when
    nobody took it; once the deal is played, the parties say the rest."""
    return state.phase in ("poverty", "poverty-return") or (
        state.contract == "redeal" and any(w == "poverty" for _, w in state.declarations)
    )


def _declaration_shown(state: GameState, seat: int, what: str) -> bool:
    if state.phase == "reservations":
        return True
    if what == "healthy":
        return False
    _, declarer = public_contract(state)  # a silent Hochzeit has none till the deal ends
    return seat == declarer or what == "throw" or state.contract == "redeal"


def _unique(tags: Iterable[Tag]) -> list[Tag]:
    out: list[Tag] = []
    for tag in tags:
        if tag not in out:
            out.append(tag)
    return out
