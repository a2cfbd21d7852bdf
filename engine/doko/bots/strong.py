"""The ``strong`` bot: determinized search for every decision of a deal.

Each decision samples worlds (full deals) consistent with what its seat has
seen, weighted by what the others declared and said (``worlds``), and plays
each choice out in every world:

* cards: every playable card, finished with the ``standard`` policy for all
  seats, or solved exactly (alpha-beta) once only three tricks are left; the
  Augen a card keeps break ties between cards that score the same. The clearly
  worse cards stop being played as the worlds show them behind. In the first
  ``DEEP_WORLDS`` worlds of a search of ``DEEP_FROM`` or more the search looks
  further: when the seat follows in a trick, the seats still to play in it answer
  with their best card in that world (each of their cards tried and played out),
  not with the policy's, so a card must hold up against the replies a good player
  finds; otherwise the seat's own next card is its best one in that world, not the
  policy's, so a card is judged by what the seat can make of it (each costs a few
  rollouts);
* announcements: the same played-out deals (more of them for a quick level)
  scored with and without the word, under the preset's own scoring. A word is
  said only if it gains and the party wins in nearly every world, both by a
  margin of error (a few sampled deals must not carry a word on luck); keine 90
  and higher need Augen to spare; defenders against a solo need more, and a
  word that stays open after this trick needs more than one whose deadline is
  now (waiting shows more cards);
* reservations and the Trumpfabgabe: each allowed choice played out from the
  reservations on, against playing a normal game, on at most ``CHOICE_ROLLOUTS``
  played-out deals in all (they come before the first card); choices clearly behind
  drop out early, leaving the deals to the close ones.

Every choice is scored on the same worlds with the same rollouts, so
differences come from the choice, not the luck of the sample. A fixed world
count makes a match reproducible; the wall-clock cap only protects slow devices.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import NamedTuple, TypeVar

from ..game import announcements as ann
from ..game.actions import Action, is_wedding, returned_cards
from ..game.bock import factor as bock_factor
from ..game.cards import DA, TOTAL_EYES, WIN_EYES, Card
from ..game.contracts import card_order, is_solo, is_solo_like, solo_kind
from ..game.observation import Observation, observe, world_view
from ..game.outcome import result
from ..game.scoring import LIMIT_EYES
from ..game.state import (
    GameState,
    announce,
    apply,
    cards_only_from_now,
    legal_for,
    play_card,
    playable_cards,
)
from .bots import Effort, cheapest, cheapest_first, choose_standard, play, played_out
from .compact import compact_ok
from .compact_policy import PlayedOut, play_standard_until
from .solver import solve
from .worlds import sample_world, unseen_cards, weighted_worlds

# 128 deals: at 64 a card's pick lost a third more to the sampling's noise; 256 deals
# with answers in 32 of them (twice the time) measured no better against the UCT
# sparring partner (docs/sparring-uct.md)
DEFAULT_EFFORT = Effort(128, 0.9)
SOLVE_CARDS = 11  # cards left in all hands (after ours) from which on worlds are solved
SOLVE_NODES = 2000  # past this the solver gives up and the world is rolled out
PRUNE_AFTER = 4  # worlds every card is played in; then only the best KEEP go on
KEEP = 4
# Worlds of a decision searched deeper: the seats after a follower answer with their
# best cards, and a seat that leads (or plays last) picks its own next card as the
# best in the world; later worlds play on with the policy's (each costs a few
# rollouts). Only a search of DEEP_FROM worlds or more looks deeper: a quicker one
# would spend most of its time on it (at 16 worlds the answers alone cost 2.6 times
# the time at p95); at the default level's 40 both together gained against the UCT
# sparring partner (docs/sparring-uct.md)
DEEP_WORLDS = 16
DEEP_FROM = 40
# Points per Auge of the seat's party over half, in a card's value: cards that score
# the same in a world are told apart by the Augen they keep (a margin that bad luck
# elsewhere does not wipe out); far too small to outweigh a point.
EYE_WEIGHT = 0.01


class WordBars(NamedTuple):
    """What a word must clear: the points it gains per game (one standard error
    low) and the share of deals the party wins with it said."""

    margin: float
    win: float


CAREFUL_WORDS = WordBars(0.25, 0.75)
# Judged on many sampled deals a word may be said on thinner odds: with 64 deals these
# bars gained against the UCT sparring partner at 10,000 rollouts; with 16 (and the
# 1,000-rollout partner) they lost a little; in Hochzeit deals they lost at the top
# level too, so a Hochzeit keeps the careful bars (docs/sparring-uct.md)
BOLD_WORDS = WordBars(0.0, 0.6)
BOLD_FROM = 48  # sampled deals behind the card from which on words use BOLD_WORDS
DEFENDER_WIN = 0.92  # the same against a solo: the soloist's hand is the least known
DEFENDER_CUSHION = 40  # Augen over the bar defenders must take in those worlds: the
# rollouts play the soloist's hand worse than a good soloist does
WAIT_EXTRA = 0.1  # more certainty asked while the word may still be said later
# Deals a word is judged on at the least: a quick level's own deals are few, and they
# flatter the card that was chosen as best on them (fresh deals do not)
WORD_WORLDS = 32
WORD_Z = 1.0  # standard errors a word's gain and win share must clear their bars by
LIMIT_CUSHION = 15  # Augen over the bar a keine 90 (and higher) must take in the deals
SOLO_MARGIN = 0.6  # points a solo must beat the normal game by (rollouts flatter it)
# A Fleischlos more so: its defence (finding the soloist's short suit) is what the
# rollout policy plays worst.
KIND_MARGIN = {"fleshless": 2.5}
DUTY_BONUS = 1.5  # a Pflichtsolo owed is best played on a hand that suits it
# A reservation, an answer to an Armut or the cards given back are weighed on at most
# this many played-out deals in all, whatever the level: the bots' reservations come
# before the first card, and must answer within a tenth of a second in the page.
CHOICE_ROLLOUTS = 48
RACE_ROUND = 6  # deals between looks at the race
RACE_Z = 2.0  # standard errors a choice may trail the best by and stay in the race

Choice = TypeVar("Choice", str, Card)


def choose_strong(
    obs: Observation,
    rng: random.Random,
    effort: Effort = DEFAULT_EFFORT,
) -> tuple[Action, str]:
    """The search bot's action and a short reason for it."""
    # one draw of the caller's generator per decision, however many the search takes:
    # the other seats' random choices stay the same when the search changes
    rng = random.Random(rng.getrandbits(64))
    worlds, deadline = effort.samples, time.perf_counter() + effort.budget_s
    if obs.to_act != obs.seat:
        return choose_standard(obs, rng)
    if obs.phase == "reservations":
        return choose_reservation(obs, rng, worlds, deadline)
    if obs.phase == "poverty":
        return choose_poverty_answer(obs, rng, worlds, deadline)
    if obs.phase == "poverty-return":
        return choose_poverty_return(obs, rng, worlds, deadline)
    if obs.phase == "play":
        return choose_play(obs, rng, worlds, deadline)
    return choose_standard(obs, rng)


# -- card play and announcements -------------------------------------------------------


def choose_play(
    obs: Observation, rng: random.Random, count: int, deadline: float
) -> tuple[Action, str]:
    cards = obs.legal_cards
    words = [w for w in obs.legal_words if w in ann.WORDS]
    if len(cards) == 1 and not words:
        return Action.playing(obs.seat, cards[0]), "the only legal card"
    default = play(obs, cards)[0]
    sample = weighted_worlds(obs, rng, count)
    deep_worlds = DEEP_WORLDS if count >= DEEP_FROM else 0
    valued = value_cards(obs.seat, cards, default, sample, deep_worlds, deadline)
    used = valued.used
    best = valued.best(default)
    if words:
        said = choose_announcement(obs, rng, sample[:used], best, valued.finals[best], words)
        if said is not None:
            word, why = said
            return Action.saying(obs.seat, word), why
    mean = valued.totals[best] / used
    why = f"best of {len(cards)} cards over {used} sampled deals ({mean:+.1f})"
    return Action.playing(obs.seat, best), why


class CardValues(NamedTuple):
    """Cards valued on sampled deals: each card's summed value, its played-out deals
    (None where a deal was solved), the cards still in the running after pruning and
    the number of deals used."""

    totals: dict[Card, float]
    finals: dict[Card, list[PlayedOut | None]]
    alive: list[Card]
    used: int

    def best(self, default: Card) -> Card:
        """The card in the running with the highest total; a tie goes to ``default``
        (the policy's card)."""
        return max(self.alive, key=lambda c: (self.totals[c], c == default))


def value_cards(
    seat: int,
    cards: list[Card],
    default: Card,
    worlds: Iterable[GameState],
    deep_worlds: int = 0,
    deadline: float = math.inf,
    prune: bool = True,
) -> CardValues:
    """Plays each of ``seat``'s ``cards`` in each world, until the worlds run out or
    the deadline passes (after two worlds at the least). The first ``deep_worlds``
    are searched deeper (``_value_after``).

    With ``prune`` only the best ``KEEP`` cards go on after ``PRUNE_AFTER`` worlds (a
    tie kept for ``default``, the policy's card), and once the deep worlds are done,
    every ``RACE_ROUND`` worlds a card that trails the best by ``RACE_Z`` standard
    errors of their difference drops out: the later worlds go to the close cards."""
    values: dict[Card, list[float]] = {c: [] for c in cards}
    finals: dict[Card, list[PlayedOut | None]] = {c: [] for c in cards}
    used = 0
    alive = list(cards)
    for world in worlds:
        if used >= 2 and time.perf_counter() > deadline:
            break
        if prune and used == PRUNE_AFTER and len(alive) > KEEP:
            # the clearly worse cards need no more worlds: spend them on the close ones
            alive = sorted(alive, key=lambda c: (-sum(values[c]), c != default))[:KEEP]
        deep = used < deep_worlds
        for card in alive:
            value, final = _value_after(world, seat, card, len(cards) > 1, deep)
            values[card].append(value)
            finals[card].append(final)
        used += 1
        if prune and _race_due(used, deep_worlds) and len(alive) > 1:
            alive = _still_racing(alive, values, lambda card: 0.0)
    totals = {c: sum(v) for c, v in values.items()}
    return CardValues(totals, finals, alive, used)


def _race_due(used: int, deep_worlds: int) -> bool:
    """Is it time to drop the cards clearly behind? Every ``RACE_ROUND`` worlds once
    the deep worlds (and the pruning) are done."""
    start = max(deep_worlds, PRUNE_AFTER)
    return used > start and (used - start) % RACE_ROUND == 0


def _value_after(
    world: GameState, seat: int, card: Card, compare: bool, deep: bool
) -> tuple[float, PlayedOut | None]:
    """``seat``'s points after playing ``card`` in ``world``, and the played-out deal.

    Near the end the world is solved exactly (no final deal is kept then). With
    ``deep`` the seats after a follower answer with their best cards, and elsewhere
    the seat's own next card is its best in the world. With one card to choose only
    the played-out deal matters, for the announcements.
    """
    state = play_card(world, seat, card)
    if compare and _solvable(state):
        stakes = stake(state)
        value = solve(state, seat, SOLVE_NODES, EYE_WEIGHT * stakes)
        if value is not None:
            return value / stakes, None
    if not (deep and compare):
        final = rollout(state)
    elif _answers_due(state):
        final = answered(state)
    else:
        final = looked_ahead(state, seat)
    return value_of(final, seat), final


def _answers_due(state: GameState) -> bool:
    """Do seats still play into a trick the searching seat followed in, with the
    parties settled? (A lead is looked ahead instead: answering it costs ten times
    the rollouts.)"""
    return len(state.trick) > 1 and not _wedding_open(state)


def answered(state: GameState) -> PlayedOut:
    """The deal played out after each seat still to play in this trick picks, in
    turn, its card that plays out best for its own party (the later seats of the
    trick on the ``standard`` cards while it chooses)."""
    final: PlayedOut | None = None
    while state.trick and not state.is_over:
        actor = state.to_act
        assert actor is not None
        cards = distinct_cards(state, actor, playable_cards(state, actor))
        if len(cards) == 1:
            state, final = play_card(state, actor, cards[0]), None
            continue
        tried = [(after, rollout(after)) for after in (play_card(state, actor, c) for c in cards)]
        state, final = max(tried, key=lambda pair: value_of(pair[1], actor))
    return final if final is not None else rollout(state)


# Cards with more to them than their rank and Augen: Karlchen, Dulle, Fuchs
EXTRAS = frozenset(Card.from_str(c) for c in ("CJ", "HT", "DA"))


def looked_ahead(state: GameState, seat: int) -> PlayedOut:
    """The deal played on as a rollout plays it up to ``seat``'s next card, then
    finished after each of its cards in turn: the one that plays out best for it.

    The seat plans its next card knowing this world, as a search of the world's own
    tree would (the UCT sparring partner's kind of look ahead), on the rollouts'
    judgement after that."""
    while not state.is_over and state.to_act != seat and not compact_ok(state):
        state = _rollout_step(state)
    if compact_ok(state):  # the same cards, on card ids
        state = play_standard_until(state, seat)
    if state.is_over:
        return rollout(state)
    cards = distinct_cards(state, seat, playable_cards(state, seat))
    tried = [rollout(play_card(state, seat, c)) for c in cards]
    return max(tried, key=lambda final: value_of(final, seat))


def distinct_cards(state: GameState, seat: int, cards: list[Card]) -> list[Card]:
    """``cards`` without those that play exactly like another of them in this world:
    the same suit (or trump) and Augen, with no card of another hand or of the trick
    ranking between the two or level with either (of equal cards the first wins). The
    highest stands for each such run."""
    order = state.order
    extras = EXTRAS | set(order.tops) | order.locked
    others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
    others += [c for _, c in state.trick]

    def same(low: Card, high: Card) -> bool:
        group = order.follows[high]
        return (
            order.follows[low] == group
            and low.eyes == high.eyes
            and not {low, high} & extras
            and not any(
                order.follows[c] == group
                and order.power[low] <= order.power[c] <= order.power[high]
                for c in others
            )
        )

    out: list[Card] = []
    for card in sorted(set(cards), key=lambda c: (order.follows[c], order.power[c])):
        if out and same(out[-1], card):
            out[-1] = card
        else:
            out.append(card)
    return out


def rollout(state: GameState) -> PlayedOut:
    """The deal finished with the ``standard`` cards, but while a Hochzeit is open
    every other seat tries to win the trick that would decide it, and gives a seat
    that wins it instead as little as it can.

    Joining a Hochzeit pays on average, and real players fight for that trick; the
    standard policy lets a trick of few Augen go, so without this a seat would lead
    a low trump and expect to keep the trick that makes it the partner.
    """
    while _wedding_open(state) and not state.is_over:
        state = _rollout_step(state)
    return played_out(state)


def _wedding_open(state: GameState) -> bool:
    return state.contract == "wedding" and not state.wedding_decided


def _rollout_step(state: GameState) -> GameState:
    """``state`` after the card a rollout plays for the seat to act: the policy's, but
    while a Hochzeit is open one that fights for the deciding trick (``_claim_wedding``)."""
    actor = state.to_act
    assert actor is not None
    return play_card(state, actor, _rollout_card(state, actor))


def _rollout_card(state: GameState, actor: int) -> Card:
    cards = playable_cards(state, actor)
    if len(cards) == 1:
        return cards[0]
    claimed = _claim_wedding(state, actor, cards) if _wedding_open(state) else None
    return claimed if claimed is not None else play(world_view(state, actor), cards)[0]


def value_of(final: PlayedOut, seat: int) -> float:
    """``seat``'s points in a played-out deal (in the plain deal's points: ``stake``)
    and ``EYE_WEIGHT`` per Auge its party took over half (as ``solver.worth`` values
    a finished state)."""
    party = final.start.party(seat)
    points = final.points()[seat] / stake(final.start)
    return points + EYE_WEIGHT * (final.eyes(party) - TOTAL_EYES / 2)


def stake(state: GameState) -> float:
    """What a Bock deal multiplies every point by. The search weighs each deal in the
    plain deal's points: doubled stakes double gains and losses alike, and must not
    make a word or a solo clear its margins more easily (measured: no gain)."""
    return float(bock_factor(state.bock))


def _claim_wedding(state: GameState, seat: int, cards: list[Card]) -> Card | None:
    """``seat``'s card in a trick that may decide the open Hochzeit: one that takes it
    (the cheapest if it plays last, else the strongest); if it cannot, and another
    seat than the Hochzeiter holds the trick, the cheapest card (that seat is about
    to become the Hochzeiter's partner); else None, the policy's card."""
    if seat == state.declarer or not state.trick:
        return None
    rule = state.wedding_rule or "foreign"
    led_trump = state.order.follows[state.trick[0][1]] == "T"
    if rule not in ("foreign", "first", "fehl", "trump"):
        return None  # the partner is whoever plays a named card
    if (rule == "fehl" and led_trump) or (rule == "trump" and not led_trump):
        return None
    played = [c for _, c in state.trick]
    last_trick = sum(map(len, state.hands)) == len(state.active) - len(played)
    winners = [c for c in cards if state.order.winner([*played, c], last_trick) == len(played)]
    if not winners:
        holder = state.trick[state.order.winner(played, last_trick)][0]
        if holder != state.declarer:
            # the seat taking it becomes the Hochzeiter's partner: give it nothing
            return cheapest(world_view(state, seat), cards)
        return None
    power = state.order.power
    if len(played) == len(state.active) - 1:
        return min(winners, key=lambda c: (power[c], c.eyes))
    return max(winners, key=lambda c: (state.order.is_trump(c), power[c]))


def _solvable(state: GameState) -> bool:
    return sum(map(len, state.hands)) <= SOLVE_CARDS and cards_only_from_now(state)


def choose_announcement(
    obs: Observation,
    rng: random.Random,
    sample: list[GameState],
    card: Card,
    finals: list[PlayedOut | None],
    words: list[str],
) -> tuple[str, str] | None:
    """The word worth saying now, judged on the deals as played out after ``card``.

    A word must clear its bars by a margin of error, not by its mean alone: on a few
    sampled deals a high word that happens to come off in all of them would
    otherwise be said on noise. Words that pass on the card's own deals are judged
    again on at least ``WORD_WORLDS`` deals before one is said.
    """
    deals = [
        final if final is not None else rollout(play_card(world, obs.seat, card))
        for world, final in zip(sample, finals, strict=True)
    ]
    bold = len(deals) >= BOLD_FROM and obs.contract != "wedding"
    bars = BOLD_WORDS if bold else CAREFUL_WORDS
    if len(deals) < WORD_WORLDS:
        if _best_word(obs, sample[0], card, deals, words, bars, 0.0) is None:
            return None
        extra = weighted_worlds(obs, rng, WORD_WORLDS - len(deals))
        deals += [rollout(play_card(world, obs.seat, card)) for world in extra]
    return _best_word(obs, sample[0], card, deals, words, bars, WORD_Z)


def _best_word(
    obs: Observation,
    world: GameState,
    card: Card,
    deals: list[PlayedOut],
    words: list[str],
    bars: WordBars,
    z: float,
) -> tuple[str, str] | None:
    """The word whose gain, ``z`` standard errors below its mean, is largest among
    those that pass; None if none does.

    A word passes if that cautious gain beats the bars' margin and the party wins
    often enough with it said: in a share of the deals that reaches the bar (higher
    for defenders against a solo, and while the word may still be said after this
    trick, as waiting shows more cards). For keine 90 and higher the share counts
    only deals won with ``LIMIT_CUSHION`` Augen to spare and is taken ``z`` errors
    low (Wilson's bound): a failed one costs many times what it gains, and the
    rollouts' opponents defend more kindly than real ones.
    """
    defends = _defends_solo(obs)
    before = [final.points()[obs.seat] for final in deals]
    passing: list[tuple[float, str, float, float]] = []
    for word in words:
        limit = ann.level(word) > 0
        cushion = DEFENDER_CUSHION if defends else LIMIT_CUSHION if limit else 0
        gains, wins = _word_outcomes(deals, before, obs.seat, word, cushion)
        mean, low = _mean_and_low(gains, z)
        if low > bars.margin:
            passing.append((low, word, mean, _wilson_low(wins, len(deals), z if limit else 0.0)))
    for _low, word, mean, share in sorted(passing, reverse=True):
        need = DEFENDER_WIN if defends else bars.win
        if _open_later(world, obs.seat, card, word):
            need = min(0.97, need + WAIT_EXTRA)
        if share >= need:
            return word, f"{word} pays in the sampled deals ({mean:+.1f}, won {share:.0%})"
    return None


def _word_outcomes(
    deals: list[PlayedOut], before: list[int], seat: int, word: str, cushion: int
) -> tuple[list[float], int]:
    """Points gained by saying ``word`` in each deal (``before``: the seat's points in
    it without the word), and the number of deals won with it said by at least
    ``cushion`` Augen more than the word needs."""
    gains = []
    won = 0
    for final, points in zip(deals, before, strict=True):
        said = announce(final.start, seat, word)
        after = final.points(said)[seat]
        gains.append((after - points) / stake(final.start))
        party = said.party(seat)
        won += after > 0 and final.eyes(party) >= min(TOTAL_EYES, NEEDS[word] + cushion)
    return gains, won


def _mean_and_low(values: list[float], z: float) -> tuple[float, float]:
    """The mean, and the mean ``z`` standard errors lower."""
    n = len(values)
    mean = sum(values) / n
    if n < 2 or z == 0:
        return mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, mean - z * math.sqrt(var / n)


def _wilson_low(wins: int, n: int, z: float) -> float:
    """Wilson's lower bound of a share of ``wins`` in ``n`` at ``z`` standard errors."""
    if z == 0:
        return wins / n
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n)


# Augen a party needs after saying a word, before the cushion (Schwarz: every trick)
NEEDS = {
    "re": WIN_EYES,
    "kontra": WIN_EYES,
    **{limit: TOTAL_EYES + 1 - below for limit, below in LIMIT_EYES.items()},
    "black": TOTAL_EYES,
}


def _defends_solo(obs: Observation) -> bool:
    return is_solo_like(obs.contract) and obs.seat != obs.declarer


def _open_later(world: GameState, seat: int, card: Card, word: str) -> bool:
    """May ``seat`` still say ``word`` when it next plays (after this trick)?"""
    state = play_card(world, seat, card)
    while state.trick and not state.is_over:
        actor = state.to_act
        assert actor is not None
        cards = playable_cards(state, actor)
        state = play_card(state, actor, play(world_view(state, actor), cards)[0])
    return not state.is_over and Action.saying(seat, word) in legal_for(state, seat)


# -- reservations and the Trumpfabgabe ---------------------------------------------------


def choose_reservation(
    obs: Observation, rng: random.Random, count: int, deadline: float
) -> tuple[Action, str]:
    """Each plausible reservation played out on sampled deals against a normal game."""
    words = obs.legal_words
    forced = all(is_solo(w) for w in words)
    candidates = _reservation_candidates(obs, words, forced)
    if len(candidates) == 1:
        return Action.saying(obs.seat, candidates[0]), "no reservation worth weighing"
    owes = obs.seat in obs.public.owes_duty_solo and obs.rules.duty_solo_rounds > 0

    def handicap(word: str) -> float:
        kind = solo_kind(word)
        if kind is None or forced:
            return 0.0
        return -KIND_MARGIN.get(kind, SOLO_MARGIN) + (DUTY_BONUS if owes else 0.0)

    means = _evaluate(obs, rng, candidates, count, deadline, handicap=handicap)
    best = max(means, key=lambda w: (means[w] + handicap(w), w == "healthy"))
    return Action.saying(obs.seat, best), f"{best} plays best on sampled deals ({means[best]:+.1f})"


def _reservation_candidates(obs: Observation, words: list[str], forced: bool) -> list[str]:
    """The legal reservations worth playing out: one Hochzeit, the solos that might do."""
    out: list[str] = []
    for word in words:
        kind = solo_kind(word)
        if is_wedding(word):
            if not any(is_wedding(w) for w in out):
                out.append(word)
        elif kind is not None:
            if forced or solo_promise(obs, kind) >= 0:
                out.append(word)
        else:
            out.append(word)
    if forced and len(out) > 3:  # the three most promising solos are enough to compare
        out = sorted(out, key=lambda w: -solo_promise(obs, solo_kind(w) or ""))[:3]
    return out


def solo_promise(obs: Observation, kind: str) -> float:
    """A quick screen: how far the hand is above the least a solo of ``kind`` needs.

    Trumps and half the plain aces, as a multiple of a fair share of the solo's
    trumps, against what a solo asks for (well above one share; a Damen- or
    Buben-Solo, with few trumps in the deck, far more). A Fleischlos counts aces
    and half the tens. Most hands fall short of every solo and are not played out.
    """
    deck_size = obs.rules.deck_for(obs.players)
    order = card_order(kind, obs.rules, deck_size)
    hand = obs.hand
    aces = sum(1 for c in hand if c.rank == "A" and not order.is_trump(c))
    if kind == "fleshless":
        return aces + 0.5 * sum(1 for c in hand if c.rank == "T") - 0.45 * len(hand)
    trumps = sum(1 for c in hand if order.is_trump(c))
    distinct = sum(1 for c in obs.order.follows if order.is_trump(c))
    fair = distinct * 2 / len(obs.public.active)
    need = 1.45 if distinct > 6 else 2.75
    return (trumps + 0.5 * aces) / fair - need


def choose_poverty_answer(
    obs: Observation, rng: random.Random, count: int, deadline: float
) -> tuple[Action, str]:
    words = obs.legal_words
    means = _evaluate(obs, rng, words, count, deadline, poverty_world)
    best = max(means, key=lambda w: (means[w], w == "decline"))
    return Action.saying(obs.seat, best), f"{best} plays best on sampled deals ({means[best]:+.1f})"


RETURN_CANDIDATES = 6  # sets of cards to give back that are played out


def choose_poverty_return(
    obs: Observation, rng: random.Random, count: int, deadline: float
) -> tuple[Action, str]:
    """The cards to give back after taking an Armut, played out on sampled deals.

    Only a few sets are weighed: those made of the cheapest plain cards, and those
    that empty a plain suit (a void lets the taker trump in later)."""
    candidates = _return_candidates(obs)
    if len(candidates) == 1:
        return Action.saying(obs.seat, candidates[0]), "the only sensible cards to give back"
    means = _evaluate(obs, rng, candidates, count, deadline)
    best = max(means, key=lambda w: (means[w], w == candidates[0]))
    given = ",".join(map(str, returned_cards(best)))
    why = f"giving back {given} plays best on sampled deals ({means[best]:+.1f})"
    return Action.saying(obs.seat, best), why


def _return_candidates(obs: Observation) -> list[str]:
    """Legal sets to give back, the standard pick first: cheapest plain cards, and
    sets that leave a plain suit empty."""
    legal = {_card_key(a.returned): a.what for a in obs.legal}
    standard = choose_standard(obs, random.Random(0))[0].what
    size = len(returned_cards(standard))
    by_cost = cheapest_first(obs)
    picks: list[tuple[Card, ...]] = list(combinations(by_cost[: size + 2], size))
    for suit in sorted({obs.order.follows[c] for c in obs.hand} - {"T"}):
        in_suit = [c for c in by_cost if obs.order.follows[c] == suit]
        if len(in_suit) <= size:
            rest = [c for c in by_cost if c not in in_suit][: size - len(in_suit)]
            picks.append(tuple(in_suit + rest))
    words = [legal.get(_card_key(returned_cards(standard)), standard)]
    for pick in picks:
        word = legal.get(_card_key(pick))
        if word is not None and word not in words:
            words.append(word)
    return words[:RETURN_CANDIDATES]


def _card_key(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _evaluate(
    obs: Observation,
    rng: random.Random,
    words: list[str],
    count: int,
    deadline: float,
    make_world: Callable[[Observation, random.Random], GameState] = sample_world,
    handicap: Callable[[str], float] = lambda word: 0.0,
    rollouts: int = CHOICE_ROLLOUTS,
    race_every: int = RACE_ROUND,
) -> dict[str, float]:
    """Mean points of the words still in the race, played out from here on the same
    sampled deals (at most ``count``, and ``rollouts`` played-out deals in all).

    Every ``race_every`` deals a word whose mean (plus its ``handicap``) trails the
    best by ``RACE_Z`` standard errors of their difference drops out, so the close
    choices get the deals the clear ones do not need."""
    values: dict[str, list[float]] = {word: [] for word in words}
    alive = list(words)
    played = 0
    while len(values[alive[0]]) < count and played + len(alive) <= rollouts:
        if len(values[alive[0]]) >= 2 and time.perf_counter() > deadline:
            break
        world = make_world(obs, rng)
        seed = rng.randrange(2**32)
        for word in alive:
            state = apply(world, Action.saying(obs.seat, word))
            values[word].append(finish(state, obs.seat, random.Random(seed)))
        played += len(alive)
        if len(alive) > 1 and len(values[alive[0]]) % race_every == 0:
            alive = _still_racing(alive, values, handicap)
    return {w: sum(values[w]) / len(values[w]) for w in alive}


def _still_racing(
    alive: list[Choice], values: dict[Choice, list[float]], handicap: Callable[[Choice], float]
) -> list[Choice]:
    """The choices (words or cards) not clearly behind the best on the deals played
    so far."""
    n = len(values[alive[0]])
    lead = max(alive, key=lambda w: sum(values[w]) / n + handicap(w))
    out = []
    for word in alive:
        diffs = [a - b for a, b in zip(values[lead], values[word], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if word == lead or mean + handicap(lead) - handicap(word) <= RACE_Z * spread:
            out.append(word)
    return out


def finish(state: GameState, seat: int, rng: random.Random) -> float:
    """``seat``'s points (in the plain deal's, ``stake``) once every seat plays on with
    the ``standard`` policy."""
    while state.phase not in ("play", "done"):
        actor = state.to_act
        assert actor is not None
        state = apply(state, choose_standard(observe(state, actor), rng)[0])
    if state.phase == "play":
        return rollout(state).points()[seat] / stake(state)
    return float(result(state)["points"][seat]) / stake(state)


def poverty_world(obs: Observation, rng: random.Random) -> GameState:
    """A deal in which the Trumpfabgabe's giver holds few enough trumps to have declared it.

    The number of counted trumps follows the odds of a random hand given that
    limit; the rest of the deal is random.
    """
    giver = obs.declarer
    assert giver is not None
    rules = obs.rules
    pool = unseen_cards(obs)
    rng.shuffle(pool)

    def counted(card: Card) -> bool:
        return obs.order.is_trump(card) and (rules.poverty_counts_fox or card != DA)

    trumps = [c for c in pool if counted(c)]
    others = [c for c in pool if not counted(c)]
    size = obs.hand_sizes[giver]
    limit = min(rules.poverty_max_trumps, len(trumps), size)
    odds = [math.comb(len(trumps), k) * math.comb(len(others), size - k) for k in range(limit + 1)]
    k = rng.choices(range(limit + 1), weights=odds)[0] if sum(odds) else 0
    hand = trumps[:k] + others[: size - k]
    rest = trumps[k:] + others[size - k :]
    rng.shuffle(rest)
    hands: dict[int, list[Card]] = {giver: hand}
    for seat in obs.public.active:
        if seat not in (giver, obs.seat):
            hands[seat] = rest[: obs.hand_sizes[seat]]
            rest = rest[obs.hand_sizes[seat] :]
    full = tuple(obs.hand if s == obs.seat else tuple(hands.get(s, ())) for s in range(obs.players))
    return obs.public._replace(hands=full, dealt=full)
