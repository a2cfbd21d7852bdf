"""The frozen game state of one deal, its legal actions and how actions apply.

``new_game`` deals; ``legal_actions(state)`` lists every action any seat may
take now; ``apply(state, action)`` returns a new state or raises
:class:`IllegalAction` with the reason. States are immutable, so undo, replay
and search need nothing more. Actions are strings ``SEAT:WHAT`` (FORMATS.md).

Phases: ``reservations`` (each active seat once, from left of the dealer),
``poverty`` (the others accept or decline a Trumpfabgabe), ``poverty-return``
(the taker gives cards back), ``play`` and ``done``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import announcements as ann
from . import reservations as res
from .cards import Card, deal
from .contracts import CardOrder, card_order
from .rules import Rules
from .tricks import Trick


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class GameState(NamedTuple):
    rules: Rules
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]  # hands as dealt (the record keeps these)
    hands: tuple[tuple[Card, ...], ...]  # hands now
    active: tuple[int, ...]  # seats holding cards in this deal (a sitting-out dealer not)
    order: CardOrder  # the contract's card order (normal until a solo is declared)
    owes_duty_solo: frozenset[int] = frozenset()
    forced_solo: int | None = None
    history: tuple[str, ...] = ()
    phase: str = "reservations"
    to_act: int | None = None  # the seat whose turn it is (None when done)
    declarations: tuple[tuple[int, str], ...] = ()
    contract: str = "normal"  # normal wedding silent-wedding wedding-alone poverty solo:K redeal
    declarer: int | None = None  # soloist, Hochzeiter or poverty giver
    partner: int | None = None  # wedding partner or poverty taker
    wedding_rule: str | None = None
    wedding_decided: int = 0  # trick (1-based) that decided the Hochzeit; 0 while open
    duty_solo: bool = False
    poverty_cards: tuple[Card, ...] = ()
    poverty_returned: int = -1  # trumps among the returned cards
    tricks: tuple[Trick, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()  # the trick being played
    said: tuple[tuple[int, str], ...] = ()  # announcements, implied words included
    re_party: tuple[int, ...] = ()  # Re as far as the rules have decided it
    re_words: tuple[str, ...] = ()  # what each party has announced, in order
    kontra_words: tuple[str, ...] = ()
    frozen: frozenset[str] = frozenset()  # parties closed by a late Gegenansage
    one_queen_solo: bool = False  # klassisch: solo declared with one Kreuz-Dame

    # -- derived facts -------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.dealt)

    def next_seat(self, seat: int) -> int:
        seat = (seat + 1) % self.players
        while seat not in self.active:
            seat = (seat + 1) % self.players
        return seat

    def re_seats(self) -> tuple[int, ...]:
        """The Re party as the rules define it (some of it may still be hidden)."""
        return self.re_party

    def party(self, seat: int) -> str:
        return "re" if seat in self.re_party else "kontra"

    def party_words(self, party: str) -> tuple[str, ...]:
        return self.re_words if party == "re" else self.kontra_words

    def moment(self, seat: int) -> ann.Moment:
        return ann.Moment(len(self.hands[seat]), self.tricks_started, self.deadline_shift)

    @property
    def tricks_started(self) -> int:
        return len(self.tricks) + (1 if self.trick else 0)

    @property
    def deadline_shift(self) -> int:
        """Tricks a Hochzeit took to decide, minus one, where the rules shift deadlines."""
        if self.wedding_decided and self.rules.wedding_deadline_shift:
            return self.wedding_decided - 1
        return 0

    @property
    def is_over(self) -> bool:
        return self.phase == "done"


_FIELD_INDEX = {name: i for i, name in enumerate(GameState._fields)}


def updated(state: GameState, **changes: Any) -> GameState:
    """``state._replace(**changes)`` at a third of the cost: it runs for every card."""
    values = list(state)
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return GameState._make(values)


def is_solo_like(contract: str) -> bool:
    return contract.startswith("solo:") or contract in ("wedding-alone", "silent-wedding")


# -- construction ---------------------------------------------------------------


def new_game(
    rules: Rules,
    hands: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...],
    dealer: int = 0,
    owes_duty_solo: frozenset[int] = frozenset(),
    forced_solo: int | None = None,
) -> GameState:
    """A deal about to start with the reservations."""
    dealt = tuple(tuple(h) for h in hands)
    state = GameState(
        rules=rules,
        dealer=dealer,
        dealt=dealt,
        hands=dealt,
        active=tuple(s for s, h in enumerate(dealt) if h),
        order=card_order("normal", rules, sum(len(h) for h in dealt)),
        owes_duty_solo=frozenset(owes_duty_solo),
        forced_solo=forced_solo,
    )
    return state._replace(
        to_act=forced_solo if forced_solo is not None else state.next_seat(dealer)
    )


def seeded_game(rules: Rules, seed: int, players: int = 4, dealer: int = 0) -> GameState:
    return new_game(rules, deal(rules.deck_for(players), players, seed, dealer), dealer)


# -- legal actions --------------------------------------------------------------


def legal_actions(state: GameState) -> list[str]:
    """Every action any seat may take now (cards only for the seat to act)."""
    if state.phase == "play":
        return _play_actions(state, state.active)
    # before the play only the seat to act has a choice
    return legal_for(state, state.to_act) if state.to_act is not None else []


def legal_for(state: GameState, seat: int) -> list[str]:
    """The actions ``seat`` may take now."""
    if state.phase == "play":
        return _play_actions(state, (seat,))
    if state.phase == "done" or seat != state.to_act:
        return []
    prefix = f"{seat}:"
    if state.phase == "reservations":
        return [prefix + w for w in res.choices(state, seat)]
    if state.phase == "poverty":
        return [prefix + "accept", prefix + "decline"]
    return [prefix + w for w in res.return_choices(state)]


# The last state whose play actions were listed, and those actions: apply usually
# comes next with one of them and then need not check it again. (The state is
# held, so ``is`` cannot mistake a new state for it.)
_last_listed: tuple[GameState | None, tuple[str, ...]] = (None, ())


def _was_listed(state: GameState, action: str) -> bool:
    listed_state, actions = _last_listed
    return listed_state is state and action in actions


def _play_actions(state: GameState, seats: tuple[int, ...]) -> list[str]:
    """Seat by seat: the cards of the seat to act, announcements, a declared solo."""
    global _last_listed
    actions: list[str] = []
    calls = announcement_actions(state)
    solo = state.rules.solo_one_queen
    for seat in seats:
        if seat == state.to_act:
            prefix = f"{seat}:"
            actions += [prefix + c.suit + c.rank for c in playable_cards(state, seat)]
        actions += calls[seat]
        if solo and res.may_declare_solo(state, seat):
            actions.append(f"{seat}:declare-solo")
    _last_listed = (state, tuple(actions))
    return actions


def playable_cards(state: GameState, seat: int) -> list[Card]:
    """Distinct cards ``seat`` may play now (follow suit; trump is one suit)."""
    hand = state.hands[seat]
    if state.trick:
        follows = state.order.follows
        led = follows[state.trick[0][1]]
        same = [c for c in hand if follows[c] == led]
        if same:
            hand = tuple(same)
    return list(dict.fromkeys(hand))


def announcement_actions(state: GameState) -> tuple[tuple[str, ...], ...]:
    """Each seat's announcement actions now, indexed by seat."""
    if (
        state.phase != "play"
        or state.rules.announcements == "none"
        or (state.contract == "wedding" and state.wedding_decided == 0)
    ):
        return ((),) * state.players  # none before the Hochzeit is decided either
    if state.rules.announcements == "cards":
        sizes = tuple(map(len, state.hands))
    else:  # trick deadlines ignore the cards in hand: one cache entry for every size
        sizes = (0,) * state.players
    return ann.actions_by_seat(
        state.rules,
        state.re_party,
        state.frozen,
        (state.re_words, state.kontra_words),
        sizes,
        state.tricks_started,
        state.deadline_shift,
    )


# -- applying actions -----------------------------------------------------------


def parse_action(state: GameState, action: str) -> tuple[int, str]:
    seat_text, sep, what = action.partition(":")
    if not sep or not seat_text.isdigit():
        raise IllegalAction(f"malformed action {action!r} (expected SEAT:WHAT)")
    seat = int(seat_text)
    if seat >= state.players or not state.dealt[seat]:
        raise IllegalAction(f"seat {seat} does not play in this deal")
    return seat, what


def apply(state: GameState, action: str) -> GameState:
    """The state after ``action``; raises IllegalAction with the reason."""
    seat, what = parse_action(state, action)
    if state.phase == "done":
        raise IllegalAction("the game is over")
    if not (_was_listed(state, action) or is_legal(state, seat, what)):
        raise IllegalAction(explain_refusal(state, seat, what))
    if state.phase == "poverty-return":
        action = f"{seat}:{res.canonical_return(what)}"
    history = state.history + (action,)
    if state.phase == "play" and what not in ann.WORDS and what != "declare-solo":
        return play_card(state, seat, Card.from_str(what), history)
    state = updated(state, history=history)
    if state.phase == "reservations":
        return res.declare(state, seat, what)
    if state.phase == "poverty":
        return res.answer_poverty(state, seat, what)
    if state.phase == "poverty-return":
        return res.return_cards(state, seat, what)
    if what == "declare-solo":
        return res.declare_one_queen_solo(state, seat)
    return announce(state, seat, what)


def is_legal(state: GameState, seat: int, what: str) -> bool:
    if state.phase == "play" and len(what) == 2 and what not in ann.WORDS:
        if seat != state.to_act:
            return False
        try:
            card = Card.from_str(what)
        except ValueError:
            return False
        return card in playable_cards(state, seat)
    if state.phase == "poverty-return":
        return seat == state.to_act and res.check_return(state, what) is None
    return f"{seat}:{what}" in legal_for(state, seat)


def announce(state: GameState, seat: int, word: str) -> GameState:
    party = state.party(seat)
    said = state.party_words(party)
    frozen = state.frozen
    if ann.closes_party(state.rules, word, said, state.moment(seat)):
        frozen = frozen | {party}
    new = tuple(w for w in ann.implied(state.rules, party, word) if w not in said)
    re_words, kontra_words = state.re_words, state.kontra_words
    if party == "re":
        re_words = said + new
    else:
        kontra_words = said + new
    return updated(
        state,
        said=state.said + tuple((seat, w) for w in new),
        frozen=frozen,
        re_words=re_words,
        kontra_words=kontra_words,
    )


def play_card(
    state: GameState, seat: int, card: Card, history: tuple[str, ...] | None = None
) -> GameState:
    """``seat`` plays ``card``; ``history`` (from apply) replaces the state's in passing."""
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1 :]
    trick = state.trick + ((seat, card),)
    history = state.history if history is None else history
    if len(trick) < len(state.active):
        return updated(
            state, history=history, hands=hands, trick=trick, to_act=state.next_seat(seat)
        )
    seats = tuple(s for s, _ in trick)
    cards = tuple(c for _, c in trick)
    last = not hands[seat]
    winner = seats[state.order.winner(cards, last)]
    done = Trick(seats, cards, winner)
    state = updated(
        state,
        history=history,
        hands=hands,
        trick=(),
        tricks=state.tricks + (done,),
        to_act=winner,
    )
    state = res.after_trick(state, done)
    if last:
        state = updated(state, phase="done", to_act=None)
    return state


# -- explaining refusals --------------------------------------------------------


def explain_refusal(state: GameState, seat: int, what: str) -> str:
    """One sentence saying why ``seat`` may not do ``what`` now."""
    if state.phase != "play" and what in ann.WORDS:
        return "announcements start once the cards are being played"
    if state.phase in ("reservations", "poverty", "poverty-return"):
        if seat != state.to_act:
            return f"it is seat {state.to_act}'s turn to {_phase_verb(state.phase)}"
        return res.explain(state, seat, what)
    if what in ann.WORDS:
        return explain_announcement(state, seat, what)
    if what == "declare-solo":
        return "a solo can only be declared with exactly one Kreuz-Dame before the other is played"
    try:
        card = Card.from_str(what)
    except ValueError:
        return f"unknown action {what!r}"
    if seat != state.to_act:
        return f"it is seat {state.to_act}'s turn to play"
    if card not in state.hands[seat]:
        return f"seat {seat} does not hold {card}"
    follows = state.order.follows
    led = follows[state.trick[0][1]]
    holding = next(c for c in state.hands[seat] if follows[c] == led)
    return f"seat {seat} must follow suit (holds {holding})"


def explain_announcement(state: GameState, seat: int, word: str) -> str:
    if state.contract == "wedding" and state.wedding_decided == 0:
        return "no announcement before the Hochzeit has found its partner"
    party = state.party(seat)
    other = "kontra" if party == "re" else "re"
    reason = ann.check(
        state.rules,
        party,
        word,
        state.party_words(party),
        state.party_words(other),
        party in state.frozen,
        state.moment(seat),
    )
    return reason or f"{word!r} is not allowed now"


def _phase_verb(phase: str) -> str:
    return {
        "reservations": "declare",
        "poverty": "answer the Trumpfabgabe",
        "poverty-return": "return cards",
    }[phase]
