"""The ``strong`` bot: determinized search.

It samples worlds (full deals) consistent with everything its seat has seen —
void suits, where the Kreuz-Damen can and cannot be — and plays every
candidate card in each world, finishing the game with the standard policy. The
card with the best mean score for its seat wins. Each decision samples a
fixed number of worlds, so a match gives the same games on any machine; a
wall-clock cap stops the search early on a slow device. Every candidate is
evaluated on the same worlds, so the comparison stays fair when the cap cuts
the search short.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from .bots import choose_standard, play
from .cards import CQ, Card, deck, is_fixed_team
from .observation import Observation
from .outcome import result
from .state import GameState, apply, play_card, playable_cards

DEFAULT_WORLDS = 24
DEFAULT_BUDGET_S = 0.8  # well inside the page's 1 s per decision


def strong_bot(
    obs: Observation,
    rng: random.Random,
    budget_s: float = DEFAULT_BUDGET_S,
    worlds: int = DEFAULT_WORLDS,
) -> str:
    return choose_strong(obs, rng, budget_s, worlds)[0]


def choose_strong(
    obs: Observation,
    rng: random.Random,
    budget_s: float = DEFAULT_BUDGET_S,
    max_worlds: int = DEFAULT_WORLDS,
) -> tuple[str, str]:
    """The search bot's action and why; falls back to the standard policy off-turn."""
    cards = [a for a in obs.legal if _is_card(a)]
    if obs.phase != "play" or obs.to_act != obs.seat:
        return choose_standard(obs, rng)
    calls = announcement_candidates(obs)
    if len(cards) + len(calls) < 2:
        return choose_standard(obs, rng)
    default, _ = choose_standard(obs, rng)
    candidates = cards + calls
    deadline = time.perf_counter() + budget_s
    totals = dict.fromkeys(candidates, 0.0)
    worlds = 0
    while worlds < max_worlds and (worlds == 0 or time.perf_counter() < deadline):
        world = sample_world(obs, rng)
        for action in candidates:
            totals[action] += rollout(apply(world, action), obs.seat, rng)
        worlds += 1
    best = max(candidates, key=lambda a: (totals[a], a == default))
    mean = totals[best] / worlds
    return best, f"best of {len(candidates)} choices over {worlds} sampled deals ({mean:+.1f})"


def announcement_candidates(obs: Observation) -> list[str]:
    """The announcements worth weighing: the party's word, or its next Absage."""
    prefix = f"{obs.seat}:"
    words = [a[len(prefix) :] for a in obs.legal if not _is_card(a)]
    if obs.my_party in words:
        return [prefix + obs.my_party]
    limits = [w for w in ("no90", "no60", "no30", "black") if w in words]
    return [prefix + limits[0]] if limits else []


def _is_card(action: str) -> bool:
    what = action.partition(":")[2]
    return len(what) == 2 and what != "re"


def rollout(state: GameState, seat: int, rng: random.Random) -> float:
    """Finish a sampled deal with the standard card play; the points of ``seat``.

    Inside a sampled world every seat may see that world's parties: it is a
    guess of the real deal, not the real deal, so nothing leaks.
    """
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        cards = playable_cards(state, actor)
        card = cards[0] if len(cards) == 1 else play(rollout_view(state, actor), cards)[0]
        state = play_card(state, actor, card)
    return float(result(state)["points"][seat])


def rollout_view(state: GameState, seat: int) -> Observation:
    """A cheap observation for rollouts: the world's parties known, no legal list."""
    re = frozenset(state.re_party)
    return Observation(
        rules=state.rules,
        seat=seat,
        players=state.players,
        dealer=state.dealer,
        phase=state.phase,
        to_act=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        legal=(),
        contract=state.contract,
        declarer=state.declarer,
        declarations=state.declarations,
        tricks=state.tricks,
        trick=state.trick,
        said=state.said,
        known_re=re,
        known_kontra=frozenset(state.active) - re,
        order=state.order,
        my_party=state.party(seat),
        public=state,
    )


# -- sampling worlds --------------------------------------------------------------------


def voids(obs: Observation) -> dict[int, set[str]]:
    """Suits (trump = "T") each seat has shown it no longer holds."""
    follows = obs.order.follows
    out: dict[int, set[str]] = {s: set() for s in range(obs.players)}
    plays = [list(zip(t.seats, t.cards, strict=True)) for t in obs.tricks]
    if obs.trick:
        plays.append(list(obs.trick))
    for trick in plays:
        led = follows[trick[0][1]]
        for seat, card in trick[1:]:
            if follows[card] != led:
                out[seat].add(led)
    return out


def unseen_cards(obs: Observation) -> list[Card]:
    pool = Counter(
        deck(sum(obs.hand_sizes) + sum(len(t.cards) for t in obs.tricks) + len(obs.trick))
    )
    pool.subtract(obs.hand)
    for trick in obs.tricks:
        pool.subtract(trick.cards)
    pool.subtract(c for _, c in obs.trick)
    return [c for c, n in pool.items() for _ in range(max(n, 0))]


def queen_rules(obs: Observation) -> tuple[set[int], set[int]]:
    """Seats that must hold a Kreuz-Dame, and seats that cannot, in a normal game."""
    if obs.contract != "normal" or is_fixed_team(obs.players):
        return set(), set()
    played = {s for t in obs.tricks for s in t.played_by(CQ)}
    played |= {s for s, c in obs.trick if c == CQ}
    must = {s for s in obs.known_re if s != obs.seat and s not in played}
    cannot = set(obs.known_kontra) | played
    return must, cannot


def sample_world(obs: Observation, rng: random.Random, tries: int = 30) -> GameState:
    """A full state consistent with the observation (constraints relaxed if need be)."""
    others = [s for s in obs.public.active if s != obs.seat]
    need = {s: obs.hand_sizes[s] for s in others}
    void = voids(obs)
    must, cannot = queen_rules(obs)
    follows = obs.order.follows
    pool = unseen_cards(obs)
    for attempt in range(tries):
        strict = attempt < tries - 1
        hands = _deal_constrained(pool, need, void, must, cannot, follows, rng, strict)
        if hands is not None:
            return _world(obs, hands)
    raise AssertionError("unreachable: the last attempt ignores constraints")


def _deal_constrained(
    pool: list[Card],
    need: dict[int, int],
    void: dict[int, set[str]],
    must: set[int],
    cannot: set[int],
    follows: dict[Card, str],
    rng: random.Random,
    strict: bool,
) -> dict[int, list[Card]] | None:
    cards = pool[:]
    rng.shuffle(cards)
    hands: dict[int, list[Card]] = {s: [] for s in need}
    if strict:  # a seat known to be Re that has not shown its Alte holds one
        for seat in must:
            if CQ not in cards:
                return None
            cards.remove(CQ)
            hands[seat].append(CQ)
    # place the most constrained cards first so few deals dead-end
    cards.sort(key=lambda c: -sum(1 for s in need if follows[c] in void[s]))
    for card in cards:
        fits = [
            s
            for s in need
            if len(hands[s]) < need[s]
            and (not strict or (follows[card] not in void[s] and not (card == CQ and s in cannot)))
        ]
        if not fits:
            return None
        hands[rng.choice(fits)].append(card)
    return hands


def _world(obs: Observation, hands: dict[int, list[Card]]) -> GameState:
    public = obs.public
    full = tuple(obs.hand if s == obs.seat else tuple(hands.get(s, ())) for s in range(obs.players))
    played: dict[int, list[Card]] = {s: [] for s in range(obs.players)}
    for trick in obs.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            played[seat].append(card)
    for seat, card in obs.trick:
        played[seat].append(card)
    dealt = tuple(full[s] + tuple(played[s]) for s in range(obs.players))
    world = public._replace(hands=full, dealt=dealt)
    if public.contract == "normal" and not is_fixed_team(obs.players):
        # the parties follow from where this world put the Kreuz-Damen
        world = world._replace(re_party=tuple(s for s in public.active if CQ in dealt[s]))
    return world
