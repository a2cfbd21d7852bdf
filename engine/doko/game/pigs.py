"""Schweinchen and Superschweinchen: which cards of one deal rank above every trump.

A house rule, off in every preset. Once the contract is fixed (after a Trumpfabgabe's
exchange too) ``begin`` looks for a seat holding both trump aces (the Schweinchen)
and, with ``superpigs``, a seat holding both trump nines (kings without nines). The
deal's card order (``GameState.order``) then ranks them on top: at once with
``pigs: "both"``, after the first copy has been played with ``"second"``. The order
carries the cards whose first play changes it (``locked``: unlocks the second copy;
``unseen``: shows the table who holds them), so the play only looks here when such a
card is played. Every derived order is cached by ``contracts.card_order``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import DA, DECK_RANKS, Card, card
from .contracts import CardOrder, card_order, order_kind, solo_contract, trump_suit
from .tricks import played_by_seat

if TYPE_CHECKING:
    from .gamestate import GameState
    from .rules import Rules
    from .tricks import Trick


def pig_cards(rules: Rules, contract: str, size: int) -> tuple[Card | None, Card | None]:
    """The Schweinchen card and the Superschweinchen card of a contract (None: none).

    In the normal game and its relatives the Karo-As; in a suit solo, with
    ``pigs_in_solo``, the solo suit's ace; never in picture solos or Fleischlos.
    """
    if rules.pigs == "none":
        return None, None
    kind = order_kind(contract)
    suit = trump_suit(kind)
    if suit is None or (kind != "normal" and not rules.pigs_in_solo):
        return None, None
    pig = card(suit, "A")
    low = "9" if "9" in DECK_RANKS[size] else "K"
    return pig, card(suit, low) if rules.superpigs else None


def start_hands(state: GameState) -> list[list[Card]]:
    """Each seat's cards as the play began: in hand now, or played since."""
    played = played_by_seat(state.tricks, state.trick, len(state.hands))
    return [list(hand) + cards for hand, cards in zip(state.hands, played, strict=True)]


def holder(hands: list[list[Card]], wanted: Card | None) -> int | None:
    """The seat holding both copies of ``wanted``, or None."""
    if wanted is None:
        return None
    return next((s for s, h in enumerate(hands) if h.count(wanted) == 2), None)


def _deck_size(state: GameState) -> int:
    # from the rules, not the dealt hands: a seat's public state hides the others'
    return state.rules.deck_for(state.players)


def begin(state: GameState) -> GameState:
    """The state as the play begins (or the contract changes in play): who holds
    Schweinchen, whether the table sees them now, and the deal's card order."""
    pig, superpig = pig_cards(state.rules, state.contract, _deck_size(state))
    hands = start_hands(state)
    pig_seat = holder(hands, pig)
    superpig_seat = holder(hands, superpig) if pig_seat is not None else None
    now = len(state.history)
    show_now = state.rules.pigs_reveal == "reservation"
    pigs_shown, superpigs_shown = state.pigs_shown, state.superpigs_shown
    if show_now:
        pigs_shown = now if pig_seat is not None and pigs_shown < 0 else pigs_shown
        superpigs_shown = (
            now if superpig_seat is not None and superpigs_shown < 0 else (superpigs_shown)
        )
    state = state.updated(
        pig_seat=pig_seat,
        superpig_seat=superpig_seat,
        pigs_shown=pigs_shown if pig_seat is not None else -1,
        superpigs_shown=superpigs_shown if superpig_seat is not None else -1,
    )
    return state.updated(order=order_for(state))


def _top_cards(state: GameState) -> list[tuple[Card, int, int]]:
    """(card, holder, shown) of the Superschweinchen and Schweinchen in force, highest first."""
    pig, superpig = pig_cards(state.rules, state.contract, _deck_size(state))
    found = []
    if superpig is not None and state.superpig_seat is not None:
        found.append((superpig, state.superpig_seat, state.superpigs_shown))
    if pig is not None and state.pig_seat is not None:
        found.append((pig, state.pig_seat, state.pigs_shown))
    return found


def played_in_tricks(state: GameState, wanted: Card) -> int:
    """Copies of ``wanted`` in completed tricks."""
    return sum(t.cards.count(wanted) for t in state.tricks)


def order_for(state: GameState, seat: int | None = None) -> CardOrder:
    """The deal's card order; for ``seat``, only with the Schweinchen it knows of
    (its own, or shown to the table)."""
    rules = state.rules
    kind = order_kind(state.contract)
    tops: list[Card] = []
    locked: set[Card] = set()
    unseen: set[Card] = set()
    for top, owner, shown in _top_cards(state):
        if seat is not None and owner != seat and shown < 0:
            continue  # this seat does not know of them
        if rules.pigs == "both" or played_in_tricks(state, top):
            tops.append(top)
        else:
            locked.add(top)
        if shown < 0:
            unseen.add(top)
    return card_order(
        kind, rules, _deck_size(state), tuple(tops), frozenset(locked), frozenset(unseen)
    )


def seen_order(state: GameState, seat: int) -> CardOrder:
    """The card order as ``seat`` knows it (the deal's order when nothing is hidden)."""
    if state.pig_seat is None or (
        state.pigs_shown >= 0 and (state.superpig_seat is None or state.superpigs_shown >= 0)
    ):
        return state.order
    return order_for(state, seat)


def after_card(state: GameState, played: Card) -> GameState:
    """A card of ``order.unseen`` was just played: the table now knows its holder."""
    pig, superpig = pig_cards(state.rules, state.contract, _deck_size(state))
    now = len(state.history)
    if played == pig and state.pigs_shown < 0:
        state = state.updated(pigs_shown=now)
    if played == superpig and state.superpigs_shown < 0:
        state = state.updated(superpigs_shown=now)
    return state.updated(order=order_for(state))


def after_trick(state: GameState) -> GameState:
    """A trick held a locked Schweinchen (``"second"``): the other copy now ranks on top."""
    return state.updated(order=order_for(state))


def hidden_from(state: GameState, seat: int) -> dict[str, int | None]:
    """The Schweinchen fields as ``seat`` knows them (for its public state)."""
    return {
        "pig_seat": state.pig_seat if state.pigs_shown >= 0 or state.pig_seat == seat else None,
        "superpig_seat": state.superpig_seat
        if state.superpigs_shown >= 0 or state.superpig_seat == seat
        else None,
    }


def settle(world: GameState, public: GameState) -> GameState:
    """A sampled world's Schweinchen: those the seat knows of as known; the others
    where the world's hands put them (none if the table would have seen them already)."""
    if world.rules.pigs == "none" or world.phase not in ("play", "done"):
        return world
    pig, superpig = pig_cards(world.rules, world.contract, _deck_size(world))
    hands = start_hands(world)
    told = world.rules.pigs_reveal == "reservation"  # shown before the first card
    pig_seat = public.pig_seat
    if pig_seat is None and not told:
        pig_seat = holder(hands, pig)
    superpig_seat = public.superpig_seat
    if superpig_seat is None and not told and pig_seat is not None:
        superpig_seat = holder(hands, superpig)
    world = world.updated(
        pig_seat=pig_seat,
        superpig_seat=superpig_seat,
        pigs_shown=public.pigs_shown if pig_seat is not None else -1,
        superpigs_shown=public.superpigs_shown if superpig_seat is not None else -1,
    )
    return world.updated(order=order_for(world))


def known_holdings(public: GameState) -> list[tuple[int, Card]]:
    """Cards a seat is known to hold still: the unplayed copies of shown Schweinchen."""
    out: list[tuple[int, Card]] = []
    pig, superpig = pig_cards(public.rules, public.contract, _deck_size(public))
    for wanted, seat in ((pig, public.pig_seat), (superpig, public.superpig_seat)):
        if wanted is None or seat is None:
            continue
        played = sum(t.cards.count(wanted) for t in public.tricks)
        played += sum(1 for _, c in public.trick if c == wanted)
        out += [(seat, wanted)] * max(0, 2 - played)
    return out


def counts_for_poverty(rules: Rules, hand: tuple[Card, ...]) -> bool:
    """With Schweinchen on, a hand holding both Karo-Asse counts them as trumps."""
    return rules.pigs != "none" and hand.count(DA) == 2


def pig_kind(trick: Trick, won_by: Card) -> str | None:
    """ "pig" or "superpig" if ``won_by`` won ``trick`` ranking as one, else None."""
    if won_by not in trick.tops:
        return None
    return "superpig" if won_by.rank != "A" else "pig"


def trump_display(rules: Rules, kind: str) -> list[str]:
    """The trumps of a contract kind (``normal`` or a solo kind) highest first, as the
    rules page shows them: with Schweinchen on, the Schweinchen and Superschweinchen on
    top, as they rank once one player holds both copies."""
    contract = "normal" if kind == "normal" else solo_contract(kind)
    pig, superpig = pig_cards(rules, contract, rules.deck)
    tops = tuple(c for c in (superpig, pig) if c is not None)
    return [str(c) for c in card_order(kind, rules, None, tops).trumps]
