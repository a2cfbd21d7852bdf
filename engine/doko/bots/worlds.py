"""Sampling worlds: full deals consistent with what one seat has seen.

A world gives every hidden hand cards from the unseen pool so that each seat
still follows the suits it has shown, the Kreuz-Damen sit where the
announcements and the play allow, and a declared Hochzeit holds its Alten.
``weighted_worlds`` then prefers the worlds in which the others' declarations
and announcements were likely: a soloist rarely declares on few trumps.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import partial

from ..game import pigs
from ..game.cards import CQ, Card, deck, is_fixed_team
from ..game.contracts import WEDDINGS, card_order, is_solo
from ..game.observation import Observation
from ..game.state import GameState
from ..game.tricks import played_by_seat


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
    re_with_me = obs.my_party == "re"
    side = {s: obs.partner_known(s) for s in obs.public.active if s != obs.seat}
    must = {s for s, mine in side.items() if mine is re_with_me and s not in played}
    cannot = {s for s, mine in side.items() if mine is (not re_with_me)} | played
    return must, cannot


def sample_world(
    obs: Observation,
    rng: random.Random,
    tries: int = 30,
    weddings: bool = False,
    silent: float = 1.0,
) -> GameState:
    """A full state consistent with the observation (constraints relaxed if need be).

    With ``weddings`` a Hochzeit's declarer holds its unplayed Kreuz-Damen. A world
    in which what looks like a normal game is another seat's silent Hochzeit (both
    Kreuz-Damen in one hand) is kept with probability ``silent``: a seat holding
    no Kreuz-Dame would otherwise meet one in nearly a third of its worlds, where
    players holding both Alten mostly declare the Hochzeit.
    """
    others = [s for s in obs.public.active if s != obs.seat]
    need = {s: obs.hand_sizes[s] for s in others}
    void = voids(obs)
    seats, cannot = queen_rules(obs)
    must = [(s, CQ) for s in sorted(seats)]
    if weddings:
        must += [(s, CQ) for s in wedding_queens(obs)]
    # a seat shown to hold Schweinchen holds their unplayed copies
    must += [(s, c) for s, c in pigs.known_holdings(obs.public) if s != obs.seat]
    follows = obs.order.follows
    pool = unseen_cards(obs)
    for attempt in range(tries):
        strict = attempt < tries - 1
        hands = _deal_constrained(pool, need, void, must, cannot, follows, rng, strict)
        if hands is None:
            continue
        world = _world(obs, hands)
        if strict and silent < 1 and _silent_wedding(obs, world) and rng.random() >= silent:
            continue
        return world
    raise AssertionError("unreachable: the last attempt ignores constraints")


def _silent_wedding(obs: Observation, world: GameState) -> bool:
    """Is ``world`` another seat's silent Hochzeit where the seat sees a normal game?"""
    return obs.contract == "normal" and len(world.re_party) == 1 and obs.seat not in world.re_party


def wedding_queens(obs: Observation) -> list[int]:
    """The Hochzeit's declarer once for each Kreuz-Dame it still holds unseen."""
    declarer = obs.declarer
    if obs.contract not in WEDDINGS or declarer is None or declarer == obs.seat:
        return []
    played = sum(1 for t in obs.tricks for s in t.played_by(CQ) if s == declarer)
    played += sum(1 for s, c in obs.trick if c == CQ and s == declarer)
    return [declarer] * max(0, 2 - played)


def _deal_constrained(
    pool: list[Card],
    need: dict[int, int],
    void: dict[int, set[str]],
    must: list[tuple[int, Card]],
    cannot: set[int],
    follows: dict[Card, str],
    rng: random.Random,
    strict: bool,
) -> dict[int, list[Card]] | None:
    cards = pool[:]
    rng.shuffle(cards)
    hands: dict[int, list[Card]] = {s: [] for s in need}
    if strict:  # a seat known to be Re that has not shown its Alte holds one (and so on)
        for seat, wanted in must:
            if wanted not in cards or seat not in hands or len(hands[seat]) >= need[seat]:
                return None
            cards.remove(wanted)
            hands[seat].append(wanted)
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
    played = played_by_seat(obs.tricks, obs.trick, obs.players)
    dealt = tuple(full[s] + tuple(played[s]) for s in range(obs.players))
    world = public._replace(hands=full, dealt=dealt)
    if public.contract == "normal" and not is_fixed_team(obs.players):
        # the parties follow from where this world put the Kreuz-Damen
        world = world._replace(re_party=tuple(s for s in public.active if CQ in dealt[s]))
    return pigs.settle(world, public)


# -- weighting by what the others said -------------------------------------------------


def weighted_worlds(obs: Observation, rng: random.Random, count: int) -> list[GameState]:
    """``count`` worlds drawn from a larger sample in proportion to their likelihood.

    Worlds are resampled, not weighted in the mean: the search then spends its
    rollouts on the likely deals only. With nothing said that tells about a hand,
    every weight is one and this is plain sampling.
    """
    draw = (
        solo_world
        if _solo_by_other(obs)
        else partial(sample_world, weddings=True, silent=SILENT_WEDDING_ODDS)
    )
    if not _tells(obs):
        return [draw(obs, rng) for _ in range(count)]
    pool = [draw(obs, rng) for _ in range(count * OVERSAMPLE)]
    weights = [world_weight(obs, w) for w in pool]
    if sum(weights) <= 0:
        return pool[:count]
    return _systematic(pool, weights, count, rng)


OVERSAMPLE = 3  # worlds sampled for each one kept
# Worlds in which a normal-looking game is another seat's silent Hochzeit are kept
# this often: both Alten in one hand are mostly declared (in matches against the
# UCT partner 5 of 132 such hands were played silently).
SILENT_WEDDING_ODDS = 0.1


def _systematic(
    pool: list[GameState], weights: list[float], count: int, rng: random.Random
) -> list[GameState]:
    """Systematic resampling: low variance, and every likely world stays in."""
    total = sum(weights)
    step = total / count
    point = rng.random() * step
    out: list[GameState] = []
    acc = 0.0
    for world, weight in zip(pool, weights, strict=True):
        acc += weight
        while point < acc and len(out) < count:
            out.append(world)
            point += step
    while len(out) < count:  # rounding at the very end
        out.append(pool[-1])
    return out


def _solo_by_other(obs: Observation) -> bool:
    return is_solo(obs.contract) and obs.declarer not in (None, obs.seat)


def _tells(obs: Observation) -> bool:
    """Did anybody else declare or say something that ``world_weight`` weighs?"""
    if _solo_by_other(obs) and obs.contract == "solo:fleshless":
        return True  # (the other solos draw the soloist's trumps in ``solo_world``)
    return any(w in ("re", "kontra") and s != obs.seat for s, w in obs.said)


def world_weight(obs: Observation, world: GameState) -> float:
    """How likely the others' declarations and words are with this world's hands."""
    weight = 1.0
    declarer = obs.declarer
    if obs.contract == "solo:fleshless" and declarer is not None and declarer != obs.seat:
        weight *= solo_hand_likelihood(obs, world.dealt[declarer], "fleshless")
    if obs.contract in ("normal", "silent-wedding") and not is_fixed_team(obs.players):
        # whoever said Re or Kontra before the play told much: it holds a good hand
        early = {s for s, w in obs.said if w in ("re", "kontra")} - {obs.seat}
        for seat in early:
            weight *= _announcer_likelihood(obs, world.dealt[seat])
    return weight


def solo_hand_likelihood(obs: Observation, hand: tuple[Card, ...], kind: str) -> float:
    """A soloist's hand: many of the solo's trumps (or aces in a Fleischlos), rarely few.

    A logistic curve centred well above a fair share: people declare on strong
    hands, a few on marginal ones.
    """
    deck_size = obs.rules.deck_for(obs.players)
    order = card_order(kind, obs.rules, deck_size)
    if kind == "fleshless":
        strength = sum(1.0 if c.rank == "A" else 0.5 if c.rank == "T" else 0.0 for c in hand)
        share = deck_size / 6 / obs.players * 1.5  # aces and half the tens
    else:
        strength = float(sum(1 for c in hand if order.is_trump(c)))
        share = sum(1 for c in deck(deck_size) if order.is_trump(c)) / len(obs.public.active)
    return _solo_curve(strength, share)


def _solo_curve(strength: float, share: float) -> float:
    """Likelihood of a solo declared on ``strength`` trumps where a fair share is ``share``.

    Centred well above the share (further above for the few trumps of a Damen- or
    Buben-Solo): people declare on strong hands, a few on marginal ones.
    """
    centre = share * (1.45 if share > 4 else 2.1)
    scale = max(0.4, share / 10)
    return 0.01 + _logistic((strength - centre) / scale)


def solo_world(obs: Observation, rng: random.Random, tries: int = 20) -> GameState:
    """A world for a solo declared by another seat: its trumps drawn as the declaration says.

    The soloist's count of trumps is drawn first, from the odds of a random hand
    times the likelihood of declaring on it (counting the trumps it has already
    played); then its trumps, the high ones preferred; then its other cards and
    the other hands, suits shown void respected.
    """
    declarer = obs.declarer
    assert declarer is not None
    order = obs.order
    follows = order.follows
    void = voids(obs)
    pool = unseen_cards(obs)
    trumps = [c for c in pool if order.is_trump(c)]
    plain = [c for c in pool if not order.is_trump(c) and follows[c] not in void[declarer]]
    size = obs.hand_sizes[declarer]
    played = sum(
        1
        for t in obs.tricks
        for s, c in zip(t.seats, t.cards, strict=True)
        if s == declarer and order.is_trump(c)
    ) + sum(1 for s, c in obs.trick if s == declarer and order.is_trump(c))
    deck_size = obs.rules.deck_for(obs.players)
    share = sum(1 for c in deck(deck_size) if order.is_trump(c)) / len(obs.public.active)
    top = 0 if "T" in void[declarer] else min(size, len(trumps))
    odds = [
        math.comb(len(trumps), k) * math.comb(len(plain), size - k) * _solo_curve(k + played, share)
        for k in range(top + 1)
    ]
    if sum(odds) <= 0:
        return sample_world(obs, rng)
    others = {s: obs.hand_sizes[s] for s in obs.public.active if s not in (obs.seat, declarer)}
    for _ in range(tries):
        k = rng.choices(range(top + 1), weights=odds)[0]
        hand = _high_biased(trumps, k, order.power, rng) + rng.sample(plain, size - k)
        rest = pool[:]
        for card in hand:
            rest.remove(card)
        hands = _deal_constrained(rest, others, void, [], set(), follows, rng, True)
        if hands is not None:
            hands[declarer] = hand
            return _world(obs, hands)
    return sample_world(obs, rng)


def _announcer_likelihood(obs: Observation, hand: tuple[Card, ...]) -> float:
    trumps = sum(1 for c in hand if obs.order.is_trump(c))
    share = len(hand) / 2  # about half the cards of a normal game are trumps
    return 0.2 + _logistic(trumps - share - 0.5)


def _high_biased(
    cards: list[Card], k: int, power: dict[Card, int], rng: random.Random
) -> list[Card]:
    """``k`` of ``cards`` drawn without replacement, the high ones up to four times as likely.

    A solo is declared on high trumps, not merely many: the Alten and Dullen count.
    """
    top = max((power[c] for c in cards), default=1) or 1
    keyed = [(rng.random() ** (1.0 / (1.0 + 3.0 * power[c] / top)), c) for c in cards]
    keyed.sort(key=lambda item: -item[0])
    return [c for _, c in keyed[:k]]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
