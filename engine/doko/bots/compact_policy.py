"""The ``standard`` policy's card play on card ids, for the searches' rollouts.

``bots.playout`` finishes a sampled deal with the ``standard`` cards for every seat,
each seat knowing only what it would know in that deal. Asking ``bots.play`` for
every card builds an observation per card, which is most of a rollout's time.
``play_standard`` plays the same cards on card ids (``doko.bots.compact``): the rules of
thumb of ``bots.lead``, ``bots.follow``, ``bots.take``, ``bots.smear`` and
``bots.cheapest``, with each card's sort keys worked out once per card order. It keeps the
tricks as ids (``PlayedOut``), scored through ``doko.bots.compact`` (the engine's scoring,
remembered per outcome); the engine's state of the end is made only when asked for.
A test holds it to ``bots.play`` card for card on random positions of every preset.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game.cards import CARDS, CJ, CQ, DA, HT, card, is_fixed_team
from ..game.contracts import CardOrder
from ..game.gamestate import GameState
from ..game.observation import Known, own_party, parties_shown, rollout_parties, side_of
from ..game.state import play_card
from .compact import (
    CARD_ID,
    EYES_OF,
    HT_ID,
    CompactTrick,
    Tables,
    compact_ok,
    dulle_beats_dulle,
    final_points,
    kept_with,
    state_tricks,
    tables,
)

CQ_ID = CARD_ID[CQ]
VALUABLE = (HT, CQ, card("S", "Q"), CJ)  # trumps too good to smear or give: bots._valuable


class Keys(NamedTuple):
    """Per card id, the policy's sort keys under one card order (each a single int
    that orders as the policy's tuple key does)."""

    trump: list[bool]
    power: list[int]
    cheap: list[int]  # bots.cheapest: guarded (Fuchs, Karlchen), Augen, power (trumps last)
    fat: list[int]  # bots.smear and bots.take: Augen first, then the lower power
    plain_lead: list[int]  # bots.lead's cheap plain card: Augen, then power
    valuable: list[bool]
    high: list[bool]  # bots._is_high: one of the five highest trumps
    plain_ace: list[bool]


def keys(order: CardOrder) -> Keys:
    """The order's keys, worked out once and kept with the order."""
    return kept_with(order, "_policy_keys", _make_keys)


def _make_keys(order: CardOrder) -> Keys:
    valuable = {*VALUABLE, *order.tops}
    in_deck = [c in order.follows for c in CARDS]
    trump = [ok and order.is_trump(c) for c, ok in zip(CARDS, in_deck, strict=True)]
    power = [order.power[c] if ok else 0 for c, ok in zip(CARDS, in_deck, strict=True)]
    eyes = EYES_OF
    ids = range(len(CARDS))
    return Keys(
        trump=trump,
        power=power,
        cheap=[
            (100_000 if CARDS[i] in (DA, CJ) else 0)
            + eyes[i] * 1000
            + power[i]
            + (100 if trump[i] else 0)
            for i in ids
        ],
        fat=[eyes[i] * 1000 - power[i] for i in ids],
        plain_lead=[eyes[i] * 1000 + power[i] for i in ids],
        valuable=[c in valuable for c in CARDS],
        high=[trump[i] and power[i] >= len(order.trumps) - 4 for i in ids],
        plain_ace=[c.rank == "A" and not trump[i] for i, c in enumerate(CARDS)],
    )


class _Deal:
    """The rest of a deal on card ids, and what each seat knows of the parties. The
    trick in play keeps its winner so far, its led suit's ranks and its Augen as cards
    join it (what ``compact.trick_winner`` would find), so no card looks it over again."""

    def __init__(self, state: GameState) -> None:
        self.t: Tables = tables(state.order)
        self.k = keys(state.order)
        group = self.t.group
        self.hands = [[CARD_ID[c] for c in hand] for hand in state.hands]
        self.done = state_tricks(state)
        self.led = {group[CARD_ID[t.cards[0]]] for t in state.tricks}
        self.active = state.active
        self.after = [0] * state.players
        for i, s in enumerate(state.active):
            self.after[s] = state.active[(i + 1) % len(state.active)]
        self.said = state.said
        self.parties = [own_party(state, s) for s in range(state.players)]
        # in a normal game the Kreuz-Damen played show the parties; else they are set
        self.dynamic = state.contract == "normal" and not is_fixed_team(state.players)
        self.queens = [s for t in state.tricks for s in t.played_by(CQ)]
        self.queens += [s for s, c in state.trick if c == CQ]
        self.known: dict[int, Known] = {
            s: rollout_parties(state, s) for s in state.active if not self.dynamic
        }
        if self.dynamic:
            self._reveal()
        self._new_trick(last=not state.hands[state.to_act or 0][1:])
        for seat, played in state.trick:
            self._add(seat, CARD_ID[played])

    def _new_trick(self, last: bool) -> None:
        self.seats: list[int] = []  # the trick so far: who played
        self.cards: list[int] = []  # ... and what
        self.best = 0  # ... which of its cards wins it so far
        self.top = 0  # ... that card's rank in the led suit
        self.rank: list[int] = []  # ... the led suit's ranks
        self.eyes = 0  # ... and its Augen
        self.last = last  # the trick is the deal's last
        self.dulle_on_dulle = dulle_beats_dulle(self.t, last)

    def _add(self, seat: int, cid: int) -> None:
        cards = self.cards
        if not cards:
            self.rank = self.t.ranks[self.t.group[cid]]
            self.top = self.rank[cid]
        else:
            mine = self.rank[cid]
            if mine > self.top or (
                mine == self.top and cid == HT_ID == cards[self.best] and self.dulle_on_dulle
            ):
                self.best, self.top = len(cards), mine
        self.seats.append(seat)
        cards.append(cid)
        self.eyes += EYES_OF[cid]

    def _reveal(self) -> None:
        shown = parties_shown(self.queens, self.said, self.active)
        self.known = dict.fromkeys(self.active, shown)

    def sides(self, seat: int) -> tuple[frozenset[int], frozenset[int]]:
        re, kontra = self.known[seat]
        return (re, kontra) if self.parties[seat] == "re" else (kontra, re)

    def play(self, seat: int, cid: int) -> int | None:
        """``seat`` plays ``cid``; the seat to play next (None when the deal is over)."""
        hand = self.hands[seat]
        hand.remove(cid)
        self._add(seat, cid)
        if cid == CQ_ID and self.dynamic:
            self.queens.append(seat)
            self._reveal()
        seats, cards = self.seats, self.cards
        if len(cards) < len(self.active):
            return self.after[seat]
        winner = seats[self.best]
        self.led.add(self.t.group[cards[0]])
        self.done.append((tuple(seats), cards, winner))
        self._new_trick(last=len(hand) == 1)
        return None if not hand else winner


class PlayedOut(NamedTuple):
    """A deal played to its end on card ids: the state the compact play began from
    (its contract, parties and words score the deal) and every trick of the deal."""

    start: GameState
    tricks: list[CompactTrick]

    def points(self, start: GameState | None = None) -> list[int]:
        """Each seat's points, as ``outcome.result`` gives them; with ``start``, the
        same deal with other words said (``state.announce`` on ``self.start``)."""
        return final_points(self.start if start is None else start, self.tricks)

    def eyes(self, party: str) -> int:
        """The Augen ``party`` (``re`` or ``kontra``) took."""
        re = self.start.re_party
        return sum(
            sum([EYES_OF[c] for c in cards])
            for _, cards, winner in self.tricks
            if (winner in re) == (party == "re")
        )

    def state(self) -> GameState:
        """The finished deal as the engine's state: the cards played on from ``start``."""
        start = self.start
        played = [
            (seat, CARDS[c])
            for seats, cards, _ in self.tricks[len(start.tricks) :]
            for seat, c in zip(seats, cards, strict=True)
        ]
        state = start
        for seat, played_card in played[len(start.trick) :]:
            state = play_card(state, seat, played_card)
        return state


def play_standard(state: GameState) -> PlayedOut:
    """The rest of the deal as ``bots.playout`` plays it, every seat on the
    ``standard`` cards. Only for a state ``compact.compact_ok`` accepts, or one over."""
    if state.is_over:
        return PlayedOut(state, state_tricks(state))
    assert compact_ok(state)
    deal = _Deal(state)
    actor = state.to_act
    while actor is not None:
        actor = deal.play(actor, _choose(deal, actor))
    return PlayedOut(state, deal.done)


def play_standard_until(state: GameState, seat: int) -> GameState:
    """``state`` played on with the ``standard`` cards (as ``play_standard``) until
    ``seat`` is to act or the deal is over. Only for a state ``compact.compact_ok``
    accepts, or one over."""
    if state.is_over:
        return state
    assert compact_ok(state)
    deal = _Deal(state)
    actor = state.to_act
    while actor is not None and actor != seat:
        played = _choose(deal, actor)
        state = play_card(state, actor, CARDS[played])
        actor = deal.play(actor, played)
    return state


def _choose(deal: _Deal, seat: int) -> int:
    hand = deal.hands[seat]
    if not deal.cards:
        cards = list(dict.fromkeys(hand))
        return cards[0] if len(cards) == 1 else _lead(deal, seat, cards)
    # a card held twice may stay twice: following picks by keys alone, and of equal
    # cards either is the same card
    group = deal.t.group
    led = group[deal.cards[0]]
    same = [c for c in hand if group[c] == led] or hand
    return same[0] if len(same) == 1 else _follow(deal, seat, same)


def _lead(deal: _Deal, seat: int, cards: list[int]) -> int:
    k, group, hand = deal.k, deal.t.group, deal.hands[seat]
    aces = [c for c in cards if k.plain_ace[c] and group[c] not in deal.led]
    if aces:
        # the ace of the suit held shortest (bots.lead)
        return min(aces, key=lambda c: sum(1 for h in hand if group[h] == group[c]))
    trumps = [c for c in cards if k.trump[c]]
    if len(trumps) * 2 > len(cards) and deal.parties[seat] == "re":
        return max(trumps, key=k.power.__getitem__)
    plain = [c for c in cards if not k.trump[c]]
    if plain:
        return min(plain, key=k.plain_lead.__getitem__)
    return min(cards, key=k.cheap.__getitem__)


def _follow(deal: _Deal, seat: int, cards: list[int]) -> int:
    k = deal.k
    played = deal.cards
    n, active = len(played), len(deal.active)
    last_trick = deal.last
    best = deal.best
    # bots.follow: the seats holding cards, less one; in the last trick only those
    # still to play hold any
    am_last = n == (active - n if last_trick else active) - 1
    mine, theirs = deal.sides(seat)
    partner = side_of(seat, deal.seats[best], mine, theirs, active)
    if partner and (am_last or k.high[played[best]]):
        pool = [c for c in cards if not k.valuable[c]] or cards
        return max(pool, key=k.fat.__getitem__)  # smear
    rank, top = deal.rank, deal.top
    dulle = played[best] == HT_ID and deal.dulle_on_dulle
    winners = [c for c in cards if rank[c] > top or (dulle and c == HT_ID)]
    if winners and (am_last or deal.eyes >= 10 or not k.trump[winners[0]]):
        return _take(deal, winners, am_last)
    return min(cards, key=k.cheap.__getitem__)


def _take(deal: _Deal, winners: list[int], am_last: bool) -> int:
    k = deal.k
    if am_last:
        return min(winners, key=k.cheap.__getitem__)
    trumps = [c for c in winners if k.trump[c]]
    if not trumps:
        return winners[0]
    led = deal.t.group[deal.cards[0]]
    if led != 0 and led not in deal.led:
        fat = [c for c in trumps if not k.valuable[c] and EYES_OF[c] >= 10]
        if fat:
            return max(fat, key=k.fat.__getitem__)
    return min(trumps, key=k.power.__getitem__)
