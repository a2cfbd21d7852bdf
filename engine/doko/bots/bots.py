"""Bots. Each gets an :class:`Observation` and returns one legal action.

``random`` picks uniformly (for testing). ``standard`` plays by the rules of
thumb good players teach: cash aces early (the shortest suit's first), take a
trick with the lowest trump that wins it (a fresh plain suit with the Fuchs), smear
Augen onto a partner's trick, keep the Fuchs out of enemy tricks, pull trumps when
strong, and announce with a strong hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from ..game.actions import Action, is_wedding, return_word, solo_word
from ..game.cards import CJ, CQ, DA, HT, Card
from ..game.contracts import PICTURE_RANKS, SUIT_OF_SOLO, is_solo, solo_kind
from ..game.gamestate import GameState
from ..game.observation import Observation, world_view
from ..game.state import play_card, playable_cards
from .compact import compact_ok
from .compact_policy import PlayedOut, play_standard

Bot = Callable[[Observation, random.Random], Action]


class Effort(NamedTuple):
    """How hard a search bot thinks: sampled deals (or iterations) per decision, and a
    wall-clock cap for slow devices. Matches fix the count so they replay anywhere."""

    samples: int
    budget_s: float


def random_bot(obs: Observation, rng: random.Random) -> Action:
    return rng.choice(obs.legal)


def standard_bot(obs: Observation, rng: random.Random) -> Action:
    return choose_standard(obs, rng)[0]


def choose_standard(obs: Observation, rng: random.Random) -> tuple[Action, str]:
    """The standard bot's action and a short reason for it (the page's hint)."""
    seat = obs.seat
    words = obs.legal_words
    if obs.phase == "reservations":
        return Action.saying(seat, reservation(obs, words)), "reservation by hand strength"
    if obs.phase == "poverty":
        take = trump_count(obs) >= 7 and "accept" in words
        return Action.saying(seat, "accept" if take else "decline"), "accept with many trumps"
    if obs.phase == "poverty-return":
        return Action.saying(seat, poverty_return(obs)), "give back the cheapest plain cards"
    word = announcement(obs, words)
    if word:
        return Action.saying(seat, word), "strong hand: announce"
    card, why = play(obs, obs.legal_cards)
    return Action.playing(seat, card), why


# -- reservations ----------------------------------------------------------------------


def trump_count(obs: Observation) -> int:
    return sum(1 for c in obs.hand if obs.order.is_trump(c))


def reservation(obs: Observation, words: list[str]) -> str:
    hand = obs.hand
    if "throw" in words:
        return "throw"
    queens = sum(1 for c in hand if c.rank == "Q")
    jacks = sum(1 for c in hand if c.rank == "J")
    aces = sum(1 for c in hand if c.rank == "A")
    size = len(hand)
    solo_words = [w for w in words if solo_kind(w) is not None]
    strong = {
        "solo:queens": queens >= size // 2 and aces >= 2,
        "solo:jacks": jacks >= size // 2 and aces >= 2,
    }
    for word, ok in strong.items():
        if ok and word in solo_words:
            return word
    picture = _strong_picture_solo(hand, solo_words)
    if picture:
        return picture
    top = sum(1 for c in hand if c in (HT, CQ, Card("S", "Q")))
    if trump_count(obs) >= size * 3 // 4 and top >= 4 and "solo:diamonds" in solo_words:
        return "solo:diamonds"
    if solo_words and len(solo_words) == len(words):  # vorgeführt: must play a solo
        return max(solo_words, key=lambda w: _solo_strength(hand, w))
    weddings = [w for w in words if is_wedding(w)]
    if weddings:
        return weddings[0]
    if "poverty" in words:
        return "poverty"
    return "healthy"


# Trumps a picture solo of one, two or three ranks wants in hand (with two aces).
_PICTURE_NEED = {1: 5, 2: 8, 3: 10}
_NEW_PICTURE_SOLOS = ("koehler", "kings-queens", "kings-jacks", "queens-jacks", "kings")


def _strong_picture_solo(hand: tuple[Card, ...], solo_words: list[str]) -> str | None:
    """A picture solo of the house rules when the hand holds many of its ranks and
    two aces to cash: a Königssolo on five kings, a Köhler on ten pictures."""
    aces = sum(1 for c in hand if c.rank == "A")
    if aces < 2:
        return None
    for kind in _NEW_PICTURE_SOLOS:
        ranks, word = PICTURE_RANKS[kind], solo_word(kind)
        if word in solo_words:
            held = sum(1 for c in hand if c.rank in ranks)
            need = _PICTURE_NEED[len(ranks)] - (1 if len(hand) < 12 else 0)
            if held >= need:
                return word
    return None


def _solo_strength(hand: tuple[Card, ...], word: str) -> int:
    kind = solo_kind(word) or ""
    ranks = PICTURE_RANKS.get(kind)
    if ranks:
        per_card = 4 - len(ranks)  # the fewer ranks are trump, the more each one counts
        held = sum(per_card for c in hand if c.rank in ranks)
        return held + sum(1 for c in hand if c.rank == "A")
    suit = SUIT_OF_SOLO.get(kind)
    return sum(2 for c in hand if c.rank in "QJ" or c.suit == suit or c == HT) + (
        sum(1 for c in hand if c.rank == "A")
    )


def poverty_return(obs: Observation, by_name: bool = False) -> str:
    """The cheapest cards to give back after taking an Armut, as the ``return:`` word
    (``by_name``: see ``cheapest_first``)."""
    given = len(obs.hand) - obs.rules.hand_size
    return return_word(cheapest_first(obs, by_name)[:given])


def cheapest_first(obs: Observation, by_name: bool = True) -> list[Card]:
    """The hand, cheapest to give away first: plain before trump, few Augen first; equal
    ones by name, or in hand order with ``by_name=False`` (the standard bot's way since
    its first version: changing it would change its games)."""
    if by_name:
        return sorted(obs.hand, key=lambda c: (obs.order.is_trump(c), c.eyes, str(c)))
    return sorted(obs.hand, key=lambda c: (obs.order.is_trump(c), c.eyes))


# -- announcements -----------------------------------------------------------------------


def announcement(obs: Observation, words: list[str]) -> str | None:
    if obs.my_party not in words:
        return None
    if is_solo(obs.contract) and obs.seat != obs.declarer:
        return None
    top = sum(1 for c in obs.hand if c in (HT, CQ))
    strong = trump_count(obs) >= obs.rules.hand_size * 7 // 12 and top >= 2
    if obs.seat == obs.declarer and is_solo(obs.contract):
        strong = trump_count(obs) >= len(obs.hand) * 3 // 4
    return obs.my_party if strong and len(obs.hand) == obs.rules.hand_size else None


# -- card play -------------------------------------------------------------------------------


def play(obs: Observation, cards: list[Card]) -> tuple[Card, str]:
    if len(cards) == 1:
        return cards[0], "the only legal card"
    if not obs.trick:
        return lead(obs, cards)
    return follow(obs, cards)


def lead(obs: Observation, cards: list[Card]) -> tuple[Card, str]:
    order = obs.order
    aces = [
        c
        for c in cards
        if c.rank == "A" and not order.is_trump(c) and not _led_before(obs, order.follows[c])
    ]
    if aces:
        # the ace of the suit held shortest: the others hold more of it, so it goes through
        return min(aces, key=lambda c: _suit_length(obs, c)), "cash an ace while the suit is fresh"
    trumps = [c for c in cards if order.is_trump(c)]
    if len(trumps) * 2 > len(cards) and obs.my_party == "re":
        return max(trumps, key=order.power.__getitem__), "pull trumps with a strong hand"
    plain = [c for c in cards if not order.is_trump(c)]
    if plain:
        return min(plain, key=lambda c: (c.eyes, order.power[c])), "lead a cheap plain card"
    return cheapest(obs, cards), "lead a low trump"


def follow(obs: Observation, cards: list[Card]) -> tuple[Card, str]:
    order = obs.order
    played = [c for _, c in obs.trick]
    last_trick = len(obs.hand) == 1
    best = order.winner(played, last_trick)
    best_seat = obs.trick[best][0]
    am_last = len(obs.trick) == sum(1 for n in obs.hand_sizes if n) - 1
    if obs.partner_known(best_seat) and (am_last or _is_high(obs, played[best])):
        return smear(obs, cards), "smear Augen onto the partner's trick"
    winners = [c for c in cards if order.winner([*played, c], last_trick) == len(played)]
    eyes = sum(c.eyes for c in played)
    if winners and (am_last or eyes >= 10 or not order.is_trump(winners[0])):
        return take(obs, winners, am_last), "take the trick"
    return cheapest(obs, cards), "give as little as possible"


def take(obs: Observation, winners: list[Card], am_last: bool) -> Card:
    """The card to take the trick with. Last in the trick, the cheapest; with others
    still to play, the lowest trump that wins it now, but the Fuchs or a Karo-Zehn in
    a plain suit's first round (the others most likely still follow, so the Augen come
    home); following a plain suit, the first winner."""
    if am_last:
        return cheapest(obs, winners)
    order = obs.order
    trumps = [c for c in winners if order.is_trump(c)]
    if not trumps:
        return winners[0]
    led = order.follows[obs.trick[0][1]]
    if led != "T" and not _led_before(obs, led):
        keep = _valuable(obs)
        fat = [c for c in trumps if c not in keep and c.eyes >= 10]
        if fat:
            return max(fat, key=lambda c: (c.eyes, -order.power[c]))
    return min(trumps, key=order.power.__getitem__)


def _led_before(obs: Observation, suit: str) -> bool:
    """Has an earlier trick been led in ``suit`` (a plain suit, or "T")?"""
    return any(obs.order.follows[t.cards[0]] == suit for t in obs.tricks)


def _suit_length(obs: Observation, card: Card) -> int:
    suit = obs.order.follows[card]
    return sum(1 for c in obs.hand if obs.order.follows[c] == suit)


def _valuable(obs: Observation) -> set[Card]:
    """Trumps too good to give away: Dulle, the black queens, Karlchen; Schweinchen
    and the like outrank them all."""
    return {HT, CQ, Card("S", "Q"), CJ, *obs.order.tops}


def _is_high(obs: Observation, card: Card) -> bool:
    order = obs.order
    return order.is_trump(card) and order.power[card] >= len(order.trumps) - 4


def smear(obs: Observation, cards: list[Card]) -> Card:
    """The fattest card that is not a valuable trump."""
    order = obs.order
    keep = _valuable(obs)
    pool = [c for c in cards if c not in keep] or cards
    return max(pool, key=lambda c: (c.eyes, -order.power[c]))


def cheapest(obs: Observation, cards: list[Card]) -> Card:
    """The card that costs least: few Augen, low power; keep the Fuchs and Karlchen home."""
    order = obs.order

    def cost(c: Card) -> tuple[int, int, int]:
        guarded = 1 if c in (DA, CJ) else 0
        return (guarded, c.eyes, order.power[c] + (100 if order.is_trump(c) else 0))

    return min(cards, key=cost)


def beginner_bot(obs: Observation, rng: random.Random) -> Action:
    """The standard policy with lapses: a random legal card one play in three."""
    cards = [a for a in obs.legal if a.is_card]
    if obs.phase == "play" and cards and rng.random() < 1 / 3:
        return rng.choice(cards)
    return standard_bot(obs, rng)


def playout(state: GameState) -> GameState:
    """The deal finished by every seat playing the ``standard`` cards (no words said)."""
    return played_out(state).state()


def played_out(state: GameState) -> PlayedOut:
    """``playout`` with the tricks on card ids, for the searches.

    Each seat knows the parties as a real one would in that world (``world_view``).
    Once the rest fits the compact copy (no open Hochzeit, no Schweinchen to come),
    ``compact_policy`` chooses the same cards on card ids, much faster.
    """
    while not state.is_over and not compact_ok(state):
        actor = state.to_act
        assert actor is not None
        card = play(world_view(state, actor), playable_cards(state, actor))[0]
        state = play_card(state, actor, card)
    return play_standard(state)
