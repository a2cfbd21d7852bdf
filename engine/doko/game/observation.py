"""What one seat may know: the only thing bots are given.

An :class:`Observation` carries the seat's own hand, everything played or said
in the open, and the parties as far as they have been revealed. It never holds
another seat's cards.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .cards import CQ, Card, is_fixed_team
from .contracts import CardOrder
from .gamestate import Contract, GameState, Phase, updated
from .pigs import hidden_from, seen_order
from .rules import Rules
from .state import NOTHING, Legal, legal_for
from .tricks import Trick

# the seats known to be Re and those known to be Kontra
Known = tuple[frozenset[int], frozenset[int]]


class Observation(NamedTuple):
    rules: Rules
    seat: int
    players: int
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[Action, ...]  # what the bots read
    contract: Contract
    declarer: int | None
    declarations: tuple[tuple[int, str], ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, Card], ...]
    said: tuple[tuple[int, str], ...]
    known_re: frozenset[int]
    known_kontra: frozenset[int]
    order: CardOrder
    my_party: str
    public: GameState  # the state with everything hidden from this seat removed
    # ``legal`` as listed for the state: ``apply(state, action, obs.listed)`` takes an
    # action chosen from it without checking it again
    listed: Legal = NOTHING

    @property
    def legal_cards(self) -> list[Card]:
        """The cards among the legal actions, in their order."""
        return [a.card for a in self.legal if a.card is not None]

    @property
    def legal_words(self) -> list[str]:
        """Every legal action but a card, as its word (``healthy``, ``re``, ``return:..``)."""
        return [a.word for a in self.legal if a.word is not None]

    def partner_known(self, seat: int) -> bool | None:
        """True if ``seat`` is on my side, False if against me, None if unknown.

        Beyond what the table knows, a seat that has found its partner counts the
        other two against it, as a player does: where the parties are not all public
        the game is (or looks like) a normal one of two pairs. Certain for a Re seat;
        a Kontra seat is wrong only in another seat's silent Hochzeit. (Rollouts ask
        this for every card followed, so it builds no sets.)
        """
        mine, theirs = (
            (self.known_re, self.known_kontra)
            if self.my_party == "re"
            else (self.known_kontra, self.known_re)
        )
        return side_of(self.seat, seat, mine, theirs, len(self.public.active))


def side_of(
    me: int, seat: int, mine: frozenset[int], theirs: frozenset[int], active: int
) -> bool | None:
    """``Observation.partner_known`` from the parts it reads: ``me``'s known side
    (``mine``, itself perhaps among them), the other side's known seats, and how
    many seats play."""
    if seat == me or seat in mine:
        return True
    if seat in theirs:
        return False
    partner_found = len(mine) - (me in mine) == 1
    return False if partner_found and active == 4 else None


def observe(state: GameState, seat: int) -> Observation:
    re, kontra = revealed_parties(state, seat)
    public = public_state(state, seat, re)
    listed = legal_for(state, seat)
    return _seat_view(
        state,
        seat,
        to_act=state.to_act,
        legal=tuple(listed),
        known=(re, kontra),
        my_party=own_party(state, seat),
        public=public,
        listed=listed,
    )


def world_view(world: GameState, seat: int, known: Known | None = None) -> Observation:
    """A cheap observation inside a sampled world, for rollouts: no legal list, and
    the parties as ``rollout_parties`` gives them (a caller that knows them already
    passes them as ``known``)."""
    return _seat_view(
        world,
        seat,
        to_act=seat,
        legal=(),
        known=rollout_parties(world, seat) if known is None else known,
        my_party=own_party(world, seat),
        public=world,
    )


def rollout_parties(world: GameState, seat: int) -> Known:
    """The parties as ``seat`` would know them in a sampled world: its own, and what
    the Kreuz-Damen played and the words said have shown (``revealed_parties``), so
    rollout seats do not smear onto partners they have not found yet. While a
    Hochzeit is open the other seats count on each other against the Hochzeiter:
    measured against the UCT sparring partner, seats that counted on nobody there
    judged the Hochzeit far worse (docs/sparring-uct.md). In a silent Hochzeit every
    seat knows the parties, as in a solo: good players see through one soon, and
    defenders who never did made the Hochzeiter's high words look safe."""
    if world.contract == "wedding" and not world.wedding_decided:
        re = frozenset(world.re_party)
        return re, frozenset(world.active) - re
    if world.contract == "silent-wedding":
        re = frozenset({world.declarer or 0})
        return re, frozenset(world.active) - re
    return revealed_parties(world, seat)


def _seat_view(
    state: GameState,
    seat: int,
    *,
    to_act: int | None,
    legal: tuple[Action, ...],
    known: Known,
    my_party: str,
    public: GameState,
    listed: Legal = NOTHING,
) -> Observation:
    return Observation(
        rules=state.rules,
        seat=seat,
        players=state.players,
        dealer=state.dealer,
        phase=state.phase,
        to_act=to_act,
        hand=state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        legal=legal,
        contract=public.contract,
        declarer=public.declarer,
        declarations=state.declarations,
        tricks=state.tricks,
        trick=state.trick,
        said=state.said,
        known_re=known[0],
        known_kontra=known[1],
        order=public.order,
        my_party=my_party,
        public=public,
        listed=listed,
    )


def public_state(state: GameState, seat: int, known_re: frozenset[int]) -> GameState:
    """``state`` as ``seat`` sees it: other hands, the deal and hidden parties removed."""
    hidden = tuple(h if s == seat else () for s, h in enumerate(state.hands))
    dealt = tuple(h if s == seat else () for s, h in enumerate(state.dealt))
    contract, declarer = public_contract(state, seat)
    public = updated(
        state,
        hands=hidden,
        dealt=dealt,
        history=(),
        re_party=tuple(sorted(known_re)),
        contract=contract,
        declarer=declarer,
    )
    if state.poverty_cards and seat not in (state.declarer, state.partner):
        public = updated(public, poverty_cards=())
    if state.pig_seat is not None:  # Schweinchen the seat does not know of stay hidden
        public = updated(public, order=seen_order(state, seat), **hidden_from(state, seat))
    return public


# A seat nobody sits in: what it knows is what every player at the table may know.
TABLE = -1


class PublicFacts(NamedTuple):
    """What the whole table may know at this moment: the one answer to "is it public?"
    for a pass-and-play cover, a hand-over screen and the plates drawn on them."""

    known_re: frozenset[int]
    known_kontra: frozenset[int]
    contract: Contract
    declarer: int | None
    pig_seat: int | None
    superpig_seat: int | None
    order: CardOrder


def public_facts(state: GameState) -> PublicFacts:
    """No party before it is shown (a silent Hochzeit looks normal, a Hochzeit's partner
    is unknown till found), no Schweinchen before it is shown, no card of any hand."""
    re, kontra = revealed_parties(state, TABLE)
    contract, declarer = public_contract(state)
    pigs = hidden_from(state, TABLE)
    return PublicFacts(
        known_re=re,
        known_kontra=kontra,
        contract=contract,
        declarer=declarer,
        pig_seat=pigs["pig_seat"],
        superpig_seat=pigs["superpig_seat"],
        order=seen_order(state, TABLE),
    )


def public_contract(state: GameState, seat: int | None = None) -> tuple[Contract, int | None]:
    """The contract and declarer as ``seat`` knows them (None: as everybody knows them).

    A silent Hochzeit looks like a normal game to all but its player until the
    deal is over.
    """
    hidden = state.contract == "silent-wedding" and seat != state.declarer
    if hidden and not state.is_over:
        return "normal", None
    return state.contract, state.declarer


def table_contract(state: GameState) -> tuple[Contract, int | None]:
    """The contract and declarer a table shows everyone: the public contract, and a
    silent Hochzeit as soon as its player has shown both Kreuz-Damen (then everybody
    can tell; a bot's observation keeps to ``public_contract``)."""
    if state.contract == "silent-wedding" and len(queens_played(state)) == 2:
        return state.contract, state.declarer
    return public_contract(state)


def queens_played(state: GameState) -> list[int]:
    """The seats that played a Kreuz-Dame so far, in order, one entry per card."""
    queens: list[int] = []
    for trick in state.tricks:
        if CQ in trick.cards:  # most tricks hold none: skip the search by seat
            queens.extend(trick.played_by(CQ))
    queens.extend(s for s, c in state.trick if c == CQ)
    return queens


def own_party(state: GameState, seat: int) -> str:
    """The party a seat knows itself to be in (a CQ holder knows it is Re)."""
    if state.contract == "normal" and not is_fixed_team(state.players):
        return "re" if CQ in state.dealt[seat] else "kontra"
    return state.party(seat)


def revealed_parties(state: GameState, seat: int) -> tuple[frozenset[int], frozenset[int]]:
    """Seats whose party is public knowledge (or known to ``seat`` itself)."""
    if state.contract != "normal" or is_fixed_team(state.players):
        if state.contract == "wedding" and not state.wedding_decided:
            return frozenset({state.declarer or 0}), frozenset()
        if state.contract == "silent-wedding" and seat != state.declarer:
            return _revealed_normal(state)  # nobody knows it is silent
        re = frozenset(state.re_party)
        return re, frozenset(state.active) - re
    return _revealed_normal(state)


def _revealed_normal(state: GameState) -> tuple[frozenset[int], frozenset[int]]:
    return parties_shown(queens_played(state), state.said, state.active)


def parties_shown(
    queens: list[int], said: tuple[tuple[int, str], ...], active: tuple[int, ...]
) -> tuple[frozenset[int], frozenset[int]]:
    """The parties a normal game has shown: the seats that played a Kreuz-Dame
    (``queens``, one entry per card) and those that said Re or Kontra."""
    re = set(queens)
    silent = len(queens) > len(re)  # one seat played both: a silent Hochzeit
    kontra: set[int] = set()
    for s, word in said:
        (re if word == "re" else kontra if word == "kontra" else set()).add(s)
    if len(re) == 2 or silent:  # both Alten known: the rest are Kontra
        kontra |= set(active) - re
    if len(kontra) == 2 and len(active) == 4:
        re |= set(active) - kontra
    return frozenset(re), frozenset(kontra)
