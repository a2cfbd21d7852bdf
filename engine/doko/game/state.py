"""The frozen game state of one deal, its legal actions and how actions apply.

``new_game`` deals; ``legal_actions(state)`` lists every action any seat may
take now; ``apply(state, action)`` returns a new state or raises
:class:`IllegalAction` with the reason. States are immutable, so undo, replay
and search need nothing more. The legal lists and the history hold
:class:`doko.game.actions.Action` values (share links index the legal list); text from
a record, the page or the command line is parsed where it comes in.

Phases: ``reservations`` (each active seat once, from left of the dealer),
``poverty`` (the others accept or decline a Trumpfabgabe), ``poverty-return``
(the taker gives cards back), ``play`` and ``done``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import announcements as ann
from . import pigs
from . import reservations as res
from .actions import Action, word_kind
from .cards import CARDS, Card, deal
from .contracts import CardOrder, card_order
from .errors import IllegalAction as IllegalAction  # re-exported
from .gamestate import FIELD_INDEX, from_values, updated
from .gamestate import GameState as GameState  # re-exported
from .rules import Rules
from .tricks import Trick

# Fields a card changes: play_card sets them by position, the cheapest way to a new state.
_HANDS, _HISTORY, _PHASE, _TO_ACT, _TRICKS, _TRICK = (
    FIELD_INDEX[name] for name in ("hands", "history", "phase", "to_act", "tricks", "trick")
)

# -- construction ---------------------------------------------------------------


def new_game(
    rules: Rules,
    hands: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...],
    dealer: int = 0,
    owes_duty_solo: frozenset[int] = frozenset(),
    forced_solo: int | None = None,
    bock: int = 0,
) -> GameState:
    """A deal about to start with the reservations (``bock``: its Bockrunden level)."""
    dealt = tuple(map(tuple, hands))
    active = tuple([s for s, h in enumerate(dealt) if h])
    return GameState(
        rules=rules,
        dealer=dealer,
        dealt=dealt,
        hands=dealt,
        active=active,
        order=card_order("normal", rules, sum(map(len, dealt))),
        owes_duty_solo=frozenset(owes_duty_solo),
        forced_solo=forced_solo,
        to_act=forced_solo if forced_solo is not None else _seat_after(active, dealer),
        bock=bock,
    )


def _seat_after(active: tuple[int, ...], seat: int) -> int:
    """The next active seat clockwise after ``seat`` (GameState.next_seat, state-free)."""
    return next((s for s in active if s > seat), active[0])


def seeded_game(rules: Rules, seed: int, players: int = 4, dealer: int = 0) -> GameState:
    return new_game(rules, deal(rules.deck_for(players), players, seed, dealer), dealer)


# -- legal actions --------------------------------------------------------------


class Legal(list[Action]):
    """Legal actions of one state, in the engine's order (share links index it), and
    what ``apply(state, action, legal)`` needs to take one without checking it again:
    the state (held, so ``is`` cannot mistake another for it) and the cards the seat
    to act may play, each with its action. A list like any other to everybody else.
    Made by ``_legal``."""

    __slots__ = ("cards", "state")
    state: GameState | None
    cards: dict[Card, Action]


def _legal(state: GameState | None, actions: Iterable[Action], cards: dict[Card, Action]) -> Legal:
    # (no __init__ of its own: list's, in C, is the cheaper call for every listing)
    legal = Legal(actions)
    legal.state = state
    legal.cards = cards
    return legal


NOTHING = _legal(None, (), {})


def legal_actions(state: GameState) -> Legal:
    """Every action any seat may take now (cards only for the seat to act)."""
    if state.phase == "play":
        return _play_actions(state, state.active)
    # before the play only the seat to act has a choice
    return legal_for(state, state.to_act) if state.to_act is not None else _legal(state, (), {})


def legal_for(state: GameState, seat: int) -> Legal:
    """The actions ``seat`` may take now."""
    if state.phase == "play":
        return _play_actions(state, (seat,))
    if state.phase == "done" or seat != state.to_act:
        return _legal(state, (), {})
    if state.phase == "reservations":
        actions = [Action(seat, "reservation", None, w) for w in res.choices(state, seat)]
    elif state.phase == "poverty":
        actions = [Action(seat, "poverty-answer", None, w) for w in ("accept", "decline")]
    else:
        actions = [Action(seat, "poverty-return", None, w) for w in res.return_choices(state)]
    return _legal(state, actions, {})


# The action of every seat playing every card, made once: listing the moves makes none.
_CARD_ACTIONS = tuple({c: Action(seat, "card", c) for c in CARDS} for seat in range(8))


def _play_actions(state: GameState, seats: tuple[int, ...]) -> Legal:
    """Seat by seat: the cards of the seat to act, announcements, a declared solo."""
    to_act = state.to_act
    cards = _card_actions(state, to_act) if to_act in seats else {}
    calls = _calls(state)
    solo = state.rules.solo_one_queen
    if calls is None and not solo:
        return _legal(state, cards.values(), cards)  # most of a deal: nobody may say anything
    actions: list[Action] = []
    for seat in seats:
        if seat == to_act:
            actions += cards.values()
        if calls is not None:
            actions += calls[seat]
        if solo and res.may_declare_solo(state, seat):
            actions.append(Action(seat, "declare-solo", None, "declare-solo"))
    return _legal(state, actions, cards)


def _card_actions(state: GameState, seat: int | None) -> dict[Card, Action]:
    """playable_cards(state, seat), each with its action, in the same order."""
    assert seat is not None
    plays = _CARD_ACTIONS[seat]
    led = state.trick[0][1] if state.trick else None
    return {c: plays[c] for c in _may_play(state.hands[seat], state.order, led)}


def playable_cards(state: GameState, seat: int) -> list[Card]:
    """Distinct cards ``seat`` may play now (follow suit; trump is one suit)."""
    led = state.trick[0][1] if state.trick else None
    return list(dict.fromkeys(_may_play(state.hands[seat], state.order, led)))


def _may_play(hand: Sequence[Card], order: CardOrder, led: Card | None) -> Sequence[Card]:
    """The cards of ``hand`` that follow the suit of ``led`` (trump is one suit), or the
    whole hand if none does or nobody has led yet; copies included."""
    if led is not None:
        suit = order.members[order.follows[led]]
        same = [c for c in hand if c in suit]
        if same:
            return same
    return hand


FULL_SAY = len(ann.LIMITS) + 1  # the most words a party can say: its own and every limit


def _call_table(rules: Rules) -> ann.CallTable[Action]:
    return ann.CallTable(rules, _call)


def _call(seat: int, word: str) -> Action:
    return Action(seat, "call", None, word)


def _calls(state: GameState) -> ann.Calls[Action] | None:
    """Each seat's announcement actions in the play, or None if no seat has one."""
    rules = state.rules
    if state.contract == "wedding" and state.wedding_decided == 0:
        return None  # none before the Hochzeit is decided
    if _calls_over(state):  # (also: rules without announcements)
        return None
    shift = state.deadline_shift  # 0 before the Hochzeit is decided
    if rules.announcements == "cards":
        sizes = tuple(map(len, state.hands))
        started = 0  # cards deadlines ignore tricks
    else:
        sizes = (0,) * len(state.hands)  # trick deadlines ignore the cards in hand
        started = state.tricks_started
    table = rules.memo("call_table", _call_table)  # made once per rules object
    return table.calls(
        state.re_party, state.frozen, state.re_words, state.kontra_words, sizes, started, shift
    )


def _calls_over(state: GameState) -> bool:
    """No seat will say anything more in this deal: all said, or the last deadline passed.

    Once true it stays true (the Hochzeit's shift is fixed once decided, and only
    then are announcements open at all).
    """
    rules = state.rules
    if rules.announcements == "none":
        return True
    if len(state.re_words) == len(state.kontra_words) == FULL_SAY:
        return True  # (random games say everything early)
    shift = state.deadline_shift
    if rules.announcements == "cards":
        # a Gegenansage may come one card after the last deadline
        most = max(map(len, state.hands))
        return most < rules.deadlines[-1] - shift - rules.gegenansage
    return state.tricks_started >= rules.deadlines[-1] + shift


def cards_only_from_now(state: GameState) -> bool:
    """Is playing cards all anyone may do for the rest of the deal? (See ``play_out``.)"""
    if state.phase != "play" or state.rules.solo_one_queen:
        return False
    if state.order.locked or state.order.unseen:
        return False  # a Schweinchen still changes the order or shows its holder
    if state.contract == "wedding" and not state.wedding_decided:
        return False  # its partner may still be found, which opens announcements
    return _calls_over(state)


def play_out(state: GameState, pick: Callable[[list[Card]], Card]) -> GameState:
    """The deal played to the end, each card chosen by ``pick`` among the playable ones.

    Only for a state where ``cards_only_from_now`` holds. The final state is the one
    ``apply`` gives card by card (``pick`` sees the same lists, ``playable_cards``),
    but only that one is built: the fast end of a random playout (``simulate``).
    """
    order, active = state.order, state.active
    plays = _CARD_ACTIONS
    # each seat's turn order in a trick it leads
    turns = {seat: active[i:] + active[:i] for i, seat in enumerate(active)}
    hands = list(map(list, state.hands))
    history, tricks = list(state.history), list(state.tricks)
    seats = [seat for seat, _ in state.trick]  # the trick under way, if any
    cards = [card for _, card in state.trick]
    leader = seats[0] if seats else state.to_act
    assert leader is not None
    while True:
        for seat in turns[leader][len(seats) :]:
            hand = hands[seat]
            card = pick(list(dict.fromkeys(_may_play(hand, order, cards[0] if cards else None))))
            hand.remove(card)  # the first copy, as play_card does
            history.append(plays[seat][card])
            seats.append(seat)
            cards.append(card)
        last = not hand
        leader = seats[order.winner(cards, last)]
        tricks.append(Trick(tuple(seats), tuple(cards), leader, order.tops))
        if last:
            break
        seats, cards = [], []
    return updated(
        state,
        hands=tuple(map(tuple, hands)),
        history=tuple(history),
        tricks=tuple(tricks),
        trick=(),
        phase="done",
        to_act=None,
    )


# -- applying actions -----------------------------------------------------------


def apply(state: GameState, action: Action, legal: Legal = NOTHING) -> GameState:
    """The state after ``action``; raises IllegalAction with the reason.

    ``legal``, the list ``action`` was chosen from (``legal_actions`` or ``legal_for``
    of this state), spares checking it again: the fast path of random playouts.
    """
    card = action.card
    if legal.state is state and card in legal.cards and action.seat == state.to_act:
        assert card is not None  # a card just listed as legal: no checking
        return play_card(state, action.seat, card, state.history + (action,))
    seat = action.seat
    if seat >= state.players or not state.dealt[seat]:
        raise IllegalAction("seat-not-playing", seat=seat)
    if state.phase == "done":
        raise IllegalAction("game-over")
    # listed for a seat that plays in this deal (checked just above): legal
    listed = legal.state is state and action in legal
    if not (listed or is_legal(state, action)):
        raise refusal(state, seat, action.what)
    return _carry_out(state, action)


def _carry_out(state: GameState, action: Action) -> GameState:
    """The state after a legal action."""
    seat, what = action.seat, action.what
    if state.phase == "poverty-return":  # the history keeps the cards in one order
        action = Action(seat, "poverty-return", None, res.canonical_return(what))
    history = state.history + (action,)
    if action.kind == "call":
        return announce(state, seat, what, history)
    if action.card is not None:
        return play_card(state, seat, action.card, history)
    state = updated(state, history=history)
    if state.phase == "reservations":
        after = res.declare(state, seat, what)
    elif state.phase == "poverty":
        after = res.answer_poverty(state, seat, what)
    elif state.phase == "poverty-return":
        after = res.return_cards(state, seat, what)
    else:
        after = res.declare_one_queen_solo(state, seat)
    if after.phase == "play" and state.rules.pigs != "none":
        return pigs.begin(after)  # the contract is fixed (or changed): Schweinchen?
    return after


def is_legal(state: GameState, action: Action) -> bool:
    seat, card = action.seat, action.card
    if state.phase == "play" and card is not None:
        return seat == state.to_act and card in playable_cards(state, seat)
    if state.phase == "poverty-return":
        return seat == state.to_act and res.check_return(state, action.what) is None
    return action in legal_for(state, seat)


def announce(
    state: GameState, seat: int, word: str, history: tuple[Action, ...] | None = None
) -> GameState:
    """``seat`` says ``word``; ``history`` (from apply) replaces the state's in passing."""
    if seat in state.re_party:
        party, said, field = "re", state.re_words, "re_words"
    else:
        party, said, field = "kontra", state.kontra_words, "kontra_words"
    new = tuple([w for w in ann.implied(state.rules, party, word) if w not in said])
    changes: dict[str, Any] = {
        "said": state.said + tuple([(seat, w) for w in new]),
        field: said + new,
    }
    # only Re or Kontra may close the party: the moment is worth working out then
    if ann.level(word) == 0 and ann.closes_party(state.rules, word, said, state.moment(seat)):
        changes["frozen"] = state.frozen | {party}
    if history is not None:
        changes["history"] = history
    return updated(state, **changes)


def play_card(
    state: GameState, seat: int, card: Card, history: tuple[Action, ...] | None = None
) -> GameState:
    """``seat`` plays ``card``; ``history`` (from apply) replaces the state's in passing."""
    hands, hand = state.hands, state.hands[seat]
    order = state.order
    i = hand.index(card)
    values = list(state)  # the new state's fields, set by position: this runs for every card
    values[_HANDS] = hands = (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :])
    if history is not None:
        values[_HISTORY] = history
    trick = state.trick + ((seat, card),)
    active = state.active
    if len(trick) < len(active):
        values[_TRICK] = trick
        values[_TO_ACT] = active[(active.index(seat) + 1) % len(active)]  # next_seat(seat)
        if order.unseen and card in order.unseen:
            return pigs.after_card(from_values(values), card)
        return from_values(values)
    seats, cards = zip(*trick, strict=True)  # each in play order
    last = not hands[seat]
    winner = seats[order.winner(cards, last)]
    done = Trick(seats, cards, winner, order.tops)
    values[_TRICK] = ()
    values[_TRICKS] = state.tricks + (done,)
    values[_TO_ACT] = None if last else winner
    if last:
        values[_PHASE] = "done"
    after = from_values(values)
    if order.unseen and card in order.unseen:
        after = pigs.after_card(after, card)
    if order.locked and not order.locked.isdisjoint(cards):
        after = pigs.after_trick(after)  # the second copy now ranks on top
    if state.contract == "wedding":  # a Hochzeit may find its partner in this trick
        return res.after_trick(after, done)
    return after


# -- explaining refusals --------------------------------------------------------


def refusal(state: GameState, seat: int, what: str) -> IllegalAction:
    """Why ``seat`` may not do ``what`` now, as a coded refusal."""
    if what == "throw" and state.forced_solo not in (None, seat):
        return IllegalAction("no-throw-when-vorgefuehrt", seat=state.forced_solo)
    if state.phase != "play" and what in ann.WORDS:
        return IllegalAction("announcement-before-play", seat=seat, word=what)
    if state.phase in ("reservations", "poverty", "poverty-return"):
        if seat != state.to_act:
            return IllegalAction("not-your-turn", seat=state.to_act, phase=state.phase, actor=seat)
        return res.refusal(state, seat, what)
    if what in ann.WORDS:
        return announcement_refusal(state, seat, what)
    if what == "declare-solo":
        return IllegalAction("declare-solo-refused", seat=seat)
    if word_kind(what) == "reservation":
        return IllegalAction("reservations-over", what=what)
    try:
        card = Card.from_str(what)
    except ValueError:
        return IllegalAction("unknown-action", what=what)
    if seat != state.to_act:
        return IllegalAction("not-your-turn", seat=state.to_act, phase="play", actor=seat)
    if card not in state.hands[seat]:
        return IllegalAction("card-not-held", seat=seat, card=str(card))
    follows = state.order.follows
    led = follows[state.trick[0][1]]
    holding = next(c for c in state.hands[seat] if follows[c] == led)
    suit = "trump" if led == "T" else led
    return IllegalAction("must-follow-suit", seat=seat, card=str(holding), suit=suit)


def announcement_refusal(state: GameState, seat: int, word: str) -> IllegalAction:
    if state.contract == "wedding" and state.wedding_decided == 0:
        return IllegalAction("announcement-before-partner", seat=seat, word=word)
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
    return reason or IllegalAction("announcement-refused", word=word)
