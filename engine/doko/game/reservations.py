"""Reservations (Vorbehalte) and the contract they make.

Every active seat declares once, from left of the dealer: ``healthy`` or its
reservation. The highest reservation wins (Pflichtsolo, solo, five kings,
Trumpfabgabe, Hochzeit); equal ones go to the first seat. This module also
runs the Trumpfabgabe exchange and decides a Hochzeit's partner.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import (
    is_return,
    is_wedding,
    return_word,
    returned_cards,
    solo_word,
    wedding_rule,
    wedding_word,
)
from .cards import CQ, DA, Card, is_fixed_team
from .contracts import card_order, solo_kind
from .errors import DokoError, IllegalAction
from .pigs import counts_for_poverty

if TYPE_CHECKING:
    from .gamestate import GameState
    from .tricks import Trick


# -- what a seat may declare -------------------------------------------------------


def choices(state: GameState, seat: int) -> list[str]:
    rules = state.rules
    solos = solo_words(rules.solos)
    if state.forced_solo is not None:
        return list(solos)  # vorgeführt: only a solo, no throwing
    hand = state.dealt[seat]
    words = ["healthy"]
    if rules.throw != "none" and may_throw(state, hand):
        words.append("throw")
    if hand.count(CQ) == 2 and not is_fixed_team(state.players):
        words += wedding_words(state, seat)
    if rules.poverty != "none" and _may_give_trumps(state, hand):
        words.append("poverty")
    return [*words, *solos]


@cache
def solo_words(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """``solo:KIND`` for each kind."""
    return tuple(solo_word(k) for k in kinds)


def wedding_words(state: GameState, seat: int) -> list[str]:
    rules = state.rules
    named = [r for r in rules.wedding_rules if r != "card"]
    if len(rules.wedding_rules) == 1 and named:
        return ["wedding"]
    words = [wedding_word(r) for r in named]
    if "card" in rules.wedding_rules:
        hand = state.dealt[seat]
        cards = dict.fromkeys(c for h in state.dealt for c in h)
        words += [wedding_word(str(c)) for c in cards if c != CQ and hand.count(c) < 2]
    return words


def _kings(hand: tuple[Card, ...]) -> int:
    return sum(1 for c in hand if c.rank == "K")


def _nines(hand: tuple[Card, ...]) -> int:
    return sum(1 for c in hand if c.rank == "9")


def may_throw(state: GameState, hand: tuple[Card, ...]) -> bool:
    """Does ``hand`` qualify for one of the hands ``throw_hands`` lets a player throw?"""
    rules = state.rules
    tests = {
        "kings": lambda: _kings(hand) >= rules.throw_kings,
        "nines": lambda: _nines(hand) >= rules.throw_nines,
        "nines-kings": lambda: _nines(hand) + _kings(hand) >= rules.throw_nines_kings,
        "fox-highest": lambda: _highest_trump(state, hand) == DA,
    }
    return any(tests[kind]() for kind in rules.throw_hands)


def _highest_trump(state: GameState, hand: tuple[Card, ...]) -> Card | None:
    order = state.order  # the normal order while reservations are made
    trumps = [c for c in hand if order.follows[c] == "T"]
    return max(trumps, key=order.power.__getitem__, default=None)


def _may_give_trumps(state: GameState, hand: tuple[Card, ...]) -> bool:
    # fixed teams (6 and 8 seats) play by seat: a Trumpfabgabe's pair would break them
    if is_fixed_team(state.players):
        return False
    return poverty_trumps(state, hand) <= state.rules.poverty_max_trumps


def poverty_trumps(state: GameState, hand: tuple[Card, ...]) -> int:
    """Trumps that count for the Trumpfabgabe limit."""
    follows = state.order.follows  # still the normal order while reservations are made
    trumps = [c for c in hand if follows[c] == "T"]
    if state.rules.poverty_counts_fox or counts_for_poverty(state.rules, hand):
        return len(trumps)
    return len(trumps) - trumps.count(DA)


def _deck_size(state: GameState) -> int:
    return sum(len(h) for h in state.dealt)


def refusal(state: GameState, seat: int, what: str) -> IllegalAction:
    """Why the seat to act may not do ``what`` before the play."""
    if state.phase == "poverty":
        return IllegalAction("answer-poverty", seat=seat)
    if state.phase == "poverty-return":
        return check_return(state, what) or IllegalAction("return-cards", seat=seat)
    if state.forced_solo is not None:
        return IllegalAction("vorgefuehrt-must-solo", seat=seat)
    if what == "throw" and state.rules.throw_hands != ("kings",):
        return IllegalAction("throw-hand-refused", hands=list(state.rules.throw_hands))
    if what == "throw":
        return IllegalAction("throw-refused", kings=state.rules.throw_kings)
    if what == "poverty":
        return IllegalAction("poverty-refused")
    if is_wedding(what):
        return IllegalAction("wedding-refused")
    kind = solo_kind(what)
    if kind is not None:
        return IllegalAction("unknown-solo", kind=kind)
    return IllegalAction("unknown-reservation", what=what)


# -- declaring and resolving -----------------------------------------------------------


def declare(state: GameState, seat: int, what: str) -> GameState:
    declarations = state.declarations + ((seat, what),)
    if what == "throw" and state.rules.throw == "immediate":
        return state.updated(
            declarations=declarations, contract="redeal", phase="done", to_act=None
        )
    if state.forced_solo is not None or len(declarations) == len(state.active):
        return resolve(state.updated(declarations=declarations))
    return state.updated(declarations=declarations, to_act=state.next_seat(seat))


def priority(state: GameState, seat: int, what: str) -> tuple[int, int]:
    rules = state.rules
    kind = solo_kind(what)
    if kind is not None:
        rank = -rules.solos.index(kind) if rules.solos_ranked else 0
        duty = rules.duty_solo_rounds > 0 and is_duty(state, seat)
        return (5 if duty else 4, rank)
    return (_PRIORITY.get(what, 1 if is_wedding(what) else 0), 0)


def _soloist_leads(solo_leads: str, duty: bool) -> bool:
    return solo_leads == "soloist" or (duty and solo_leads == "duty")


_PRIORITY = {"throw": 3, "poverty": 2}  # of the reservations that are not solos or weddings


def is_duty(state: GameState, seat: int) -> bool:
    return seat == state.forced_solo or seat in state.owes_duty_solo


def resolve(state: GameState) -> GameState:
    seat, what = max(state.declarations, key=lambda d: priority(state, *d))
    left = state.next_seat(state.dealer)
    kind = solo_kind(what)
    if kind is not None:
        duty = state.rules.duty_solo_rounds > 0 and is_duty(state, seat)
        leads = seat if _soloist_leads(state.rules.solo_leads, duty) else left
        order = card_order(kind, state.rules, _deck_size(state))
        return state.updated(
            contract=what,
            order=order,
            declarer=seat,
            re_party=(seat,),
            duty_solo=duty,
            phase="play",
            to_act=leads,
        )
    if what == "throw":
        return state.updated(contract="redeal", phase="done", to_act=None)
    if what == "poverty":
        return state.updated(
            contract="poverty", declarer=seat, phase="poverty", to_act=state.next_seat(seat)
        )
    if is_wedding(what):
        rule = wedding_rule(what) or state.rules.wedding_rules[0]
        return state.updated(
            contract="wedding",
            declarer=seat,
            re_party=(seat,),
            wedding_rule=rule,
            phase="play",
            to_act=left,
        )
    if is_fixed_team(state.players):  # teams by seat; who holds the Alten does not matter
        team_a = tuple(s for s in state.active if s % 2 == 0)
        return state.updated(contract="normal", re_party=team_a, phase="play", to_act=left)
    both = [s for s in state.active if state.dealt[s].count(CQ) == 2]
    if both:
        return state.updated(
            contract="silent-wedding",
            declarer=both[0],
            re_party=(both[0],),
            phase="play",
            to_act=left,
        )
    re = tuple(s for s in state.active if CQ in state.dealt[s])
    return state.updated(contract="normal", re_party=re, phase="play", to_act=left)


# -- Trumpfabgabe ----------------------------------------------------------------------


def answer_poverty(state: GameState, seat: int, what: str) -> GameState:
    giver = state.declarer
    assert giver is not None
    if what == "decline":
        nxt = state.next_seat(seat)
        if nxt == giver:  # everybody declined: the same dealer deals again
            return state.updated(contract="redeal", phase="done", to_act=None)
        return state.updated(to_act=nxt)
    order = state.order  # the normal order: a Trumpfabgabe is no solo
    given = tuple(c for c in state.hands[giver] if order.follows[c] == "T")
    hands = list(state.hands)
    hands[giver] = tuple(c for c in hands[giver] if order.follows[c] != "T")
    hands[seat] = hands[seat] + given
    return state.updated(
        hands=tuple(hands),
        partner=seat,
        re_party=(giver, seat),
        poverty_cards=given,
        phase="poverty-return",
        to_act=seat,
    )


def return_choices(state: GameState) -> list[str]:
    """Every distinct set of cards the taker may give back."""
    assert state.to_act is not None
    hand = sorted(state.hands[state.to_act])
    picks = dict.fromkeys(combinations(hand, len(state.poverty_cards)))
    return [return_word(pick) for pick in picks]


def check_return(state: GameState, what: str) -> IllegalAction | None:
    """Why ``what`` is not a set of cards the taker may give back, or None."""
    seat = state.to_act
    assert seat is not None
    if not is_return(what):
        return IllegalAction("return-format", seat=seat)
    try:
        cards = returned_cards(what)
    except DokoError as err:  # an unknown card
        return IllegalAction(err.code, **err.params)
    if len(cards) != len(state.poverty_cards):
        return IllegalAction("return-count", count=len(state.poverty_cards))
    hand = list(state.hands[seat])
    for card in cards:
        if card not in hand:
            return IllegalAction("return-not-held", seat=seat, card=str(card))
        hand.remove(card)
    return None


def return_cards(state: GameState, seat: int, what: str) -> GameState:
    cards = returned_cards(what)
    giver = state.declarer
    assert giver is not None
    hands = list(state.hands)
    taker = list(hands[seat])
    for card in cards:
        taker.remove(card)
    hands[seat] = tuple(taker)
    hands[giver] = hands[giver] + tuple(cards)
    trumps = sum(1 for c in cards if state.order.follows[c] == "T")
    return state.updated(
        hands=tuple(hands),
        poverty_returned=trumps,
        phase="play",
        to_act=state.next_seat(state.dealer),
    )


def canonical_return(what: str) -> str:
    """``return:`` cards in sorted order, so any order of the same cards is accepted."""
    return return_word(returned_cards(what))


# -- during play ---------------------------------------------------------------------


def after_trick(state: GameState, trick: Trick) -> GameState:
    """Decide a Hochzeit's partner once a trick is complete."""
    if state.contract != "wedding" or state.wedding_decided:
        return state
    number = len(state.tricks)
    groom = state.declarer
    partner = _wedding_partner(state, trick, groom)
    if partner is not None:
        assert groom is not None
        return state.updated(partner=partner, re_party=(groom, partner), wedding_decided=number)
    last = not any(state.hands)
    window = state.rules.wedding_tricks or state.rules.hand_size_for(state.players)
    if number >= window or last:
        return state.updated(contract="wedding-alone", wedding_decided=number)
    return state


def _wedding_partner(state: GameState, trick: Trick, groom: int | None) -> int | None:
    rule = state.wedding_rule or "foreign"
    if rule not in ("foreign", "first", "fehl", "trump"):
        named = Card.from_str(rule)
        others = [s for s in trick.played_by(named) if s != groom]
        return others[0] if others else None
    if trick.winner == groom:
        return None
    led_trump = state.order.follows[trick.cards[0]] == "T"
    if (rule == "fehl" and led_trump) or (rule == "trump" and not led_trump):
        return None
    return trick.winner


def may_declare_solo(state: GameState, seat: int) -> bool:
    """klassisch: one Kreuz-Dame may still become a solo until the other is played."""
    if not state.rules.solo_one_queen or state.contract != "normal" or state.phase != "play":
        return False
    if is_fixed_team(state.players):
        return False
    if state.dealt[seat].count(CQ) != 1:
        return False
    return not any(CQ in t.cards and any(s != seat for s in t.played_by(CQ)) for t in state.tricks)


def declare_one_queen_solo(state: GameState, seat: int) -> GameState:
    order = card_order("diamonds", state.rules, _deck_size(state))
    return state.updated(
        contract="solo:diamonds", order=order, declarer=seat, re_party=(seat,), one_queen_solo=True
    )
