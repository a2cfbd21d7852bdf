"""Exact play of a known deal's last tricks: alpha-beta over the remaining cards.

Inside one sampled world every hand is known, so the end of the deal is a
two-party game of perfect information: one party maximises the searching
seat's points, the other minimises them. Only for positions where nobody may
announce any more (the cards are all that is left to choose).

Where the deal fits ``doko.bots.compact`` (all but Schweinchen still hidden or locked) the search
runs on card ids; the search over game states plays the rest and is the
reference the tests hold the faster one to.
"""

from __future__ import annotations

from ..game.cards import CARDS, TOTAL_EYES
from ..game.outcome import result
from ..game.state import GameState, play_card, playable_cards
from ..game.tricks import specials_awarded
from .compact import (
    CARD_ID,
    EYES_OF,
    CompactTrick,
    compact_ok,
    outcome_points,
    state_tricks,
    tables,
    trick_found,
    trick_winner,
)

INF = float("inf")


def solve(
    state: GameState, seat: int, node_limit: int = 20000, eye_weight: float = 0.0
) -> float | None:
    """``seat``'s points with best play by both parties, or None past ``node_limit`` nodes.

    ``eye_weight`` adds that much per Auge its party takes over half of them (see
    ``worth``)."""
    budget = [node_limit]
    if compact_ok(state):
        value = _solve_compact(state, seat, budget, eye_weight)
    else:
        value = _alphabeta(state, seat, state.party(seat), -INF, INF, budget, eye_weight)
    return None if budget[0] < 0 else value


def worth(state: GameState, seat: int, eye_weight: float = 0.0) -> float:
    """``seat``'s points in a finished deal, plus ``eye_weight`` per Auge its party took
    over half of them: a tie-break between lines that score the same."""
    out = result(state)
    points = float(out["points"][seat])
    if not eye_weight or "eyes" not in out:
        return points
    return points + eye_weight * (float(out["eyes"][state.party(seat)]) - TOTAL_EYES / 2)


def _alphabeta(
    state: GameState,
    seat: int,
    party: str,
    alpha: float,
    beta: float,
    budget: list[int],
    eye_weight: float,
) -> float:
    if state.is_over:
        return worth(state, seat, eye_weight)
    budget[0] -= 1
    if budget[0] < 0:
        return 0.0  # the caller discards the value
    actor = state.to_act
    assert actor is not None
    cards = playable_cards(state, actor)
    # high cards first: the trick-taking line is usually the best, so cut-offs come early
    cards.sort(key=lambda c: -state.order.led_ranks[state.order.follows[c]][c] - c.eyes)
    maximise = state.party(actor) == party
    best = -INF if maximise else INF
    for card in cards:
        value = _alphabeta(
            play_card(state, actor, card), seat, party, alpha, beta, budget, eye_weight
        )
        if maximise:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _solve_compact(state: GameState, seat: int, budget: list[int], eye_weight: float) -> float:
    """``_alphabeta`` on card ids: the same tree in the same order (so the same
    nodes are counted against the budget and the same value comes out), without a
    new game state for every card. A leaf is scored from the tricks before the
    search, counted once, and the tricks searched, each trick's Sonderpunkte
    remembered."""
    t = tables(state.order)
    group = t.group
    ids = CARD_ID
    first = [-t.ranks[group[c]][c] - EYES_OF[c] for c in range(len(CARDS))]  # move order
    hands = [[ids[c] for c in hand] for hand in state.hands]
    re = frozenset(state.re_party)
    ours = [(s in re) == (seat in re) for s in range(state.players)]
    active = state.active
    after = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    kinds = specials_awarded(state.rules, state.contract)
    before = state_tricks(state)
    base_found = [item for trick in before for item in trick_found(state, kinds, trick, False)]
    base_re = [sum(EYES_OF[c] for c in cards) for _, cards, w in before if w in re]
    eyes = sum(EYES_OF[ids[c]] for trick in state.tricks for c in trick.cards)
    eyes += sum(EYES_OF[ids[c]] for hand in state.hands for c in hand)
    eyes += sum(EYES_OF[ids[c]] for _, c in state.trick)
    solved: list[tuple[CompactTrick, list[tuple[str, str]]]] = []
    found_in: dict[tuple[tuple[int, ...], tuple[int, ...], bool], list[tuple[str, str]]] = {}

    def leaf() -> float:
        eyes_re = sum(base_re)
        tricks_re = len(base_re)
        found = base_found[:]
        for (_, cards, winner), items in solved:
            if winner in re:
                eyes_re += sum([EYES_OF[c] for c in cards])
                tricks_re += 1
            found += items
        tricks_all = len(before) + len(solved)
        points = outcome_points(state, eyes_re, tricks_re, tricks_all, tuple(sorted(found)))
        value = float(points[seat])
        if not eye_weight:
            return value
        own = eyes_re if seat in re else eyes - eyes_re
        return value + eye_weight * (own - TOTAL_EYES / 2)

    def close(seats: list[int], cards: list[int], last: bool) -> int:
        """Record the complete trick; its winner."""
        winner = seats[trick_winner(t, cards, last)]
        trick = (tuple(seats), list(cards), winner)
        key = (trick[0], tuple(cards), last)
        items = found_in.get(key)
        if items is None:
            items = found_in[key] = trick_found(state, kinds, trick, last) if kinds else []
        solved.append((trick, items))
        return winner

    def node(actor: int, seats: list[int], cards: list[int], alpha: float, beta: float) -> float:
        if not cards and not hands[actor]:
            return leaf()
        budget[0] -= 1
        if budget[0] < 0:
            return 0.0  # the caller discards the value
        hand = hands[actor]
        led = group[cards[0]] if cards else -1
        options = [c for c in hand if group[c] == led] or hand
        options = sorted(dict.fromkeys(options), key=first.__getitem__)
        maximise = ours[actor]
        best = -INF if maximise else INF
        for card in options:
            i = hand.index(card)
            del hand[i]
            seats.append(actor)
            cards.append(card)
            if len(cards) == len(active):
                winner = close(seats, cards, not hand)
                value = node(winner, [], [], alpha, beta)
                solved.pop()
            else:
                value = node(after[actor], seats, cards, alpha, beta)
            seats.pop()
            cards.pop()
            hand.insert(i, card)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    actor = state.to_act
    assert actor is not None
    return node(actor, [s for s, _ in state.trick], [ids[c] for _, c in state.trick], -INF, INF)
