"""Deals as small integers, for the searches' hot loops.

A card is its index in ``CARDS``; a finished trick is (seats in play order, card
ids, the winning seat). ``tables`` turns a card order into lists indexed by card id,
``final_points`` scores a deal from such tricks through ``doko.game.scoring`` (the same
rules as ``doko.game.outcome.result``), remembered per distinct outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from ..game.cards import CARDS, CJ, DA, DOPPELKOPF_EYES, EYES, HT
from ..game.contracts import CardOrder
from ..game.outcome import summary_of
from ..game.scoring import score
from ..game.state import GameState
from ..game.tricks import Trick, specials_awarded, trick_specials

CARD_ID = {card: i for i, card in enumerate(CARDS)}
EYES_OF = [EYES[card.rank] for card in CARDS]
DA_ID, CJ_ID, HT_ID = CARD_ID[DA], CARD_ID[CJ], CARD_ID[HT]

# a finished trick in compact form: seats in play order, card ids, the winning seat
CompactTrick = tuple[tuple[int, ...], list[int], int]


class Tables(NamedTuple):
    """A card order for ints: each card's group (0 trump, 1.. suits) and its rank in a
    trick led by each group (the order's ``led_ranks``)."""

    group: list[int]
    ranks: list[list[int]]
    second_dulle_wins: bool
    second_dulle_last: bool


def tables(order: CardOrder) -> Tables:
    """The order's tables, worked out once and kept with the order itself."""
    return kept_with(order, "_compact_tables", _make_tables)


Derived = TypeVar("Derived")


def kept_with(order: CardOrder, name: str, make: Callable[[CardOrder], Derived]) -> Derived:
    """``make(order)``, worked out once and kept on the order under ``name``: an order
    never changes, so neither does what is derived from it."""
    kept: Derived | None = order.__dict__.get(name)
    if kept is None:
        kept = make(order)
        object.__setattr__(order, name, kept)
    return kept


def _make_tables(order: CardOrder) -> Tables:
    names = list(dict.fromkeys(["T", *order.follows.values()]))
    group = [names.index(order.follows[c]) if c in order.follows else 0 for c in CARDS]
    ranks = [[order.led_ranks.get(g, {}).get(c, 0) for c in CARDS] for g in names]
    return Tables(group, ranks, order.dulle_second_wins, order.dulle_second_last)


def trick_winner(t: Tables, cards: list[int], last: bool) -> int:
    """Index (in play order) of the card that wins a complete trick of card ids: the
    highest in the led suit's ranks; of two equal cards the first, unless they are
    the Dullen and the second one wins (in the last trick only if the rules say so)."""
    rank = t.ranks[t.group[cards[0]]]
    best, top = 0, rank[cards[0]]
    for i in range(1, len(cards)):
        r = rank[cards[i]]
        if r > top:
            best, top = i, r
        elif r == top and cards[i] == HT_ID == cards[best] and dulle_beats_dulle(t, last):
            best = i
    return best


def dulle_beats_dulle(t: Tables, last: bool) -> bool:
    """Does a second Dulle take the trick from the first (in the last trick, ``last``)?"""
    return t.second_dulle_wins and (t.second_dulle_last or not last)


def compact_ok(state: GameState) -> bool:
    """Can the rest be played on the compact copy? (The order is fixed and a Hochzeit
    has found its partner, or never will.)"""
    if state.phase != "play" or state.order.unseen or state.order.locked:
        return False
    return not (state.contract == "wedding" and not state.wedding_decided)


def state_tricks(state: GameState) -> list[CompactTrick]:
    ids = CARD_ID
    return [(t.seats, [ids[c] for c in t.cards], t.winner) for t in state.tricks]


# -- scoring ---------------------------------------------------------------------------

QUICK_SPECIALS = frozenset({"doppelkopf", "fox", "karlchen"})


def final_points(state: GameState, tricks: list[CompactTrick]) -> list[int]:
    """Each seat's points for a deal ending in ``tricks`` (state: its contract, parties,
    words), through ``doko.game.scoring.score``, remembered per distinct outcome. One
    pass over the tricks: the Augen and tricks Re took, and the Sonderpunkte (the
    common kinds looked for only in a trick that could make one)."""
    re = state.re_party
    kinds = specials_awarded(state.rules, state.contract)
    every_trick = not QUICK_SPECIALS.issuperset(kinds)
    last = len(tricks) - 1
    eyes_re = tricks_re = 0
    found: list[tuple[str, str]] = []
    for i, trick in enumerate(tricks):
        cards = trick[1]
        taken = sum([EYES_OF[c] for c in cards])
        if trick[2] in re:
            tricks_re += 1
            eyes_re += taken
        if kinds and (
            every_trick
            or taken >= DOPPELKOPF_EYES
            or DA_ID in cards
            or (i == last and CJ_ID in cards)
        ):
            found += trick_found(state, kinds, trick, i == last)
    return outcome_points(state, eyes_re, tricks_re, len(tricks), tuple(sorted(found)))


def outcome_points(
    state: GameState,
    eyes_re: int,
    tricks_re: int,
    tricks_all: int,
    found: tuple[tuple[str, str], ...],
) -> list[int]:
    """Each seat's points for a deal of ``state``'s contract, parties and words that
    ended with these figures (``found``: its Sonderpunkte, sorted), remembered."""
    if state.contract == "redeal":
        return [0] * state.players
    key = (
        state.contract,
        state.players,  # five at the table: who sits out changes whose points are whose
        state.active,
        state.re_party,
        eyes_re,
        tricks_re,
        tricks_all - tricks_re,
        state.re_words,
        state.kontra_words,
        found,
        state.bock,
        state.declarer,
        state.partner,
        state.poverty_returned,
        state.duty_solo,
    )
    memory: dict[tuple[object, ...], list[int]] = state.rules.memo("uct-scores", _new_memory)
    points = memory.get(key)
    if points is None:
        if len(memory) > 200_000:
            memory.clear()
        summary = summary_of(
            state,
            eyes_re=eyes_re,
            tricks_re=tricks_re,
            tricks_kontra=tricks_all - tricks_re,
            specials=found,
        )
        points = memory[key] = list(score(summary)["points"])
    return points


def _new_memory(_rules: object) -> dict[tuple[object, ...], list[int]]:
    return {}


def trick_found(
    state: GameState, kinds: tuple[str, ...], trick: CompactTrick, last: bool
) -> list[tuple[str, str]]:
    """The Sonderpunkte one trick makes (``doko.game.tricks.trick_specials``), as (kind, party);
    the common kinds counted on the ids, the others through the engine."""
    seats, cards, winner = trick
    re = state.re_party
    order = state.order
    if not QUICK_SPECIALS.issuperset(kinds):
        party_of = {s: ("re" if s in re else "kontra") for s in state.active}
        full = Trick(seats, tuple(CARDS[c] for c in cards), winner, order.tops)
        items = trick_specials(full, order, party_of, kinds, state.rules.doppelkarl, last)
        return [(item.kind, item.party) for item in items]
    out: list[tuple[str, str]] = []
    won_by_re = winner in re
    party = "re" if won_by_re else "kontra"
    if "doppelkopf" in kinds and sum([EYES_OF[c] for c in cards]) >= DOPPELKOPF_EYES:
        out.append(("doppelkopf", party))
    if "fox" in kinds and DA_ID in cards and order.follows.get(DA) == "T" and DA not in order.tops:
        for seat, card in zip(seats, cards, strict=True):
            if card == DA_ID and (seat in re) != won_by_re:
                out.append(("fox", party))
    if last and "karlchen" in kinds and CJ_ID in cards and cards[seats.index(winner)] == CJ_ID:
        own = sum(
            1 for s, c in zip(seats, cards, strict=True) if c == CJ_ID and (s in re) == won_by_re
        )
        out += [("karlchen", party)] * (own if state.rules.doppelkarl else 1)
    return out
