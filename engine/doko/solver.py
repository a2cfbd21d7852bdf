"""Exact play of a known deal's last tricks: alpha-beta over the remaining cards.

Inside one sampled world every hand is known, so the end of the deal is a
two-party game of perfect information: one party maximises the searching
seat's points, the other minimises them. Only for positions where nobody may
announce any more (the cards are all that is left to choose).
"""

from __future__ import annotations

from .cards import TOTAL_EYES
from .outcome import result
from .state import GameState, play_card, playable_cards

INF = float("inf")


def solve(
    state: GameState, seat: int, node_limit: int = 20000, eye_weight: float = 0.0
) -> float | None:
    """``seat``'s points with best play by both parties, or None past ``node_limit`` nodes.

    ``eye_weight`` adds that much per Auge its party takes over half of them (see
    ``worth``)."""
    budget = [node_limit]
    party = state.party(seat)
    value = _alphabeta(state, seat, party, -INF, INF, budget, eye_weight)
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
