"""Deal review: what each decision of one seat cost, judged from what that seat knew.

For every action of the chosen seat in a game record (reservation, Trumpfabgabe
answer or return, announcement, card) the review rebuilds the seat's
observation at that moment, asks the strongest bot (:mod:`doko.bots.strong`) what it
would have done from it, and estimates the expected points of the choice made
and of the bot's choice by playing both out on the same sampled deals (the
hands the seat could not see), so that the difference has little variance.
``loss = max(0, best - played)``. Once only cards are left to choose and few
enough of them, the true deal is also solved with every hand open: what the
best card would have made against best play.

A word said out of turn (any seat may announce at any time) is weighed against
saying nothing; ``best`` is then ``None`` when silence was worth more.

Each decision also says why (``why``): reasons as codes with parameters, read
off the same sampled deals played out (the decision's trick and who took it, the
Augen it gave the other party, a Sonderpunkt in it, the share of deals won, a word
said and lost), and the expected difference in the own party's Augen.

A review is the same on every run and every device: worlds and rollouts draw
from a generator seeded by the deal (a hash of the record), ``seed`` and the
action's index, and nothing is capped by the clock. The budget is an effort, not a
time: it sets the number of sampled deals (the default budget, the full count).

:func:`duplicate_step` replays the deal with the strongest bot in the reviewed
seat and every other seat played by the bot it had in the game, one decision
per call, so the page can compare the points "the same cards in stronger hands"
made.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from ..game.actions import Action, parse
from ..game.cards import CARDS
from ..game.errors import RecordError, RequestError, coded
from ..game.notation import parse_record, record_of
from ..game.observation import Observation, observe
from ..game.outcome import result
from ..game.state import GameState, apply, cards_only_from_now, play_card, playable_cards
from ..game.tricks import Trick, specials_awarded, trick_specials
from .botregistry import SEARCHERS, get_bot
from .bots import Effort, choose_standard
from .compact import EYES_OF
from .compact_policy import PlayedOut
from .solver import solve
from .strong import choose_strong, poverty_world, rollout
from .worlds import weighted_worlds

STRONGEST = "strong"  # the registry's strongest bot, the reviewer
DEFAULT_BUDGET_MS = 1500  # per decision; this budget buys the full counts below
MAX_BUDGET_MS = 60_000
DEFAULT_WORLDS = 32  # sampled deals both choices are played out on
BOT_WORLDS = 24  # the bot's own search (the table's top level samples more; a review stays quick)
FEWEST_WORLDS = 4  # however small the budget
DUPLICATE_WORLDS = 48  # the strongest bot's search when it replays the deal in the seat
# how clear a difference between the two choices must be to be given as a reason
TRICK_SHARE = 0.4  # of the sampled deals in which the own party took the trick
SPECIAL_SHARE = 0.4  # ... in which a Sonderpunkt of the trick went one way
GAME_SHARE = 0.25  # ... the own party won
GIVEN_EYES = 5  # Augen of the trick the other party took, on average
MISTAKE = 0.5  # expected points lost from which a decision counts as a mistake
LARGEST = 3  # mistakes marked as the deal's largest
SOLVE_CARDS = 8  # cards left in all hands below which a sampled world is solved
SOLVE_NODES = 2000
OPEN_CARDS = 12  # cards left in all hands below which the open deal is solved
OPEN_NODES = 30_000


class ReviewEffort(NamedTuple):
    """Sampled deals for weighing the two choices, and for the bot's own search."""

    worlds: int = DEFAULT_WORLDS
    bot_worlds: int = BOT_WORLDS


def effort_of(budget_ms: int, worlds: int = DEFAULT_WORLDS) -> ReviewEffort:
    """The effort a budget buys: the counts scale with it up to the full ones at the
    default budget (a count, not a clock, so every device gives the same review)."""
    share = min(1.0, budget_ms / DEFAULT_BUDGET_MS)

    def scaled(full: int) -> int:
        return max(min(full, FEWEST_WORLDS), round(full * share))

    return ReviewEffort(scaled(worlds), scaled(BOT_WORLDS))


def deal_seed(record: Any, seed: int) -> str:
    """The review's seed: the deal itself (a hash of its record) and ``seed``."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), default=str)
    return f"{hashlib.sha256(text.encode()).hexdigest()[:16]}:{seed}"


def decisions(record: Any, seat: int) -> tuple[GameState, list[Action], list[int]]:
    """The record's start, its actions (checked) and the indices of ``seat``'s own."""
    start, texts = parse_record(record)
    if not (isinstance(seat, int) and 0 <= seat < start.players):
        raise RequestError("seat-range", last=start.players - 1)
    if seat not in start.active:
        raise RequestError("review-sits-out", seat=seat)
    _, actions = _replay_checked(start, texts)
    return start, actions, [i for i, a in enumerate(actions) if a.seat == seat]


def _replay_checked(start: GameState, texts: list[str]) -> tuple[GameState, list[Action]]:
    """The state after a record's actions from ``start`` and the actions read, each
    checked (see ``_apply_checked``)."""
    state = start
    actions = []
    for index, text in enumerate(texts):
        state = _apply_checked(state, text, index)
        actions.append(state.history[-1])
    return state, actions


def _apply_checked(state: GameState, text: str, index: int) -> GameState:
    try:
        return apply(state, parse(text))
    except ValueError as err:
        raise RecordError("record-action", index=index, action=text, reason=coded(err)) from None


def state_before(start: GameState, actions: list[Action], index: int) -> GameState:
    state = start
    for action in actions[:index]:
        state = apply(state, action)
    return state


def review_record(
    record: Any,
    seat: int,
    budget_ms: int = DEFAULT_BUDGET_MS,
    seed: int = 0,
    worlds: int = DEFAULT_WORLDS,
) -> dict[str, Any]:
    """The whole review: ``{"seat", "decisions": [...], "total_loss", ...}``, the same
    on every run (without the time each decision took)."""
    effort = effort_of(check_budget(budget_ms), worlds)
    start, actions, indices = decisions(record, seat)
    key = deal_seed(record, seed)
    final = actual_eyes(start, actions, seat)
    state = start
    done = 0
    found = []
    for index in indices:
        for action in actions[done:index]:
            state = apply(state, action)
        done = index
        found.append(review_decision(state, actions[index], index, seat, key, effort, final))
        del found[-1]["ms"]
    return summarise(seat, found)


def actual_eyes(start: GameState, actions: list[Action], seat: int) -> int | None:
    """The Augen ``seat``'s party took in the deal as played (None: not finished, or
    thrown in)."""
    state = start
    for action in actions:
        state = apply(state, action)
    if not state.is_over:
        return None
    eyes = result(state).get("eyes")
    return None if eyes is None else int(eyes[state.party(seat)])


def check_budget(budget_ms: Any) -> int:
    if not (isinstance(budget_ms, int) and 1 <= budget_ms <= MAX_BUDGET_MS):
        raise RequestError("review-budget", most=MAX_BUDGET_MS)
    return budget_ms


def summarise(seat: int, found: list[dict[str, Any]]) -> dict[str, Any]:
    """The decisions with the largest mistakes marked, and the one-line summary's data."""
    mistakes = [d for d in found if d["loss"] >= MISTAKE]
    largest = sorted(mistakes, key=lambda d: (-d["loss"], d["index"]))[:LARGEST]
    marked = {d["index"] for d in largest}
    for d in found:
        d["mistake"] = d["loss"] >= MISTAKE
        d["largest"] = d["index"] in marked
    return {
        "seat": seat,
        "decisions": found,
        "total_loss": round(sum(d["loss"] for d in found), 2),
        "mistakes": len(mistakes),
        "largest": [d["index"] for d in largest],
        "threshold": MISTAKE,
    }


def review_decision(
    state: GameState,
    played: Action,
    index: int,
    seat: int,
    seed: str,
    effort: ReviewEffort,
    actual: int | None = None,
) -> dict[str, Any]:
    """One decision: the bot's choice from ``seat``'s view, what the choice made cost and
    why (``seed``: from :func:`deal_seed`; ``actual``: the Augen the seat's party took in
    the deal as played)."""
    obs = observe(state, seat)
    rng = random.Random(f"{seed}:{index}")
    start = time.perf_counter()
    own_turn = obs.to_act == seat
    best: Action | None = played
    if own_turn and len(obs.legal) > 1:
        best = choose_strong(obs, rng, Effort(effort.bot_worlds, math.inf))[0]
    out: dict[str, Any] = {
        "index": index,
        "played": str(played),
        "best": _text(best),
        "loss": 0.0,
    }
    candidates: list[Action | None] = [played] if own_turn else [played, None]
    if best != played:
        candidates.append(best)
    out["kind"] = _kind(state, played)
    if len(candidates) > 1:
        outcomes = _outcomes(obs, state, candidates, rng, effort.worlds)
        values = {a: sum(o.points for o in found) / len(found) for a, found in outcomes.items()}
        if not own_turn:
            best = played if values[played] >= values[None] else None
        loss = round(max(0.0, values[best] - values[played]), 2)
        out.update(
            best=_text(best),
            loss=loss,
            played_value=round(values[played], 2),
            best_value=round(values[best], 2),
            worlds=len(outcomes[played]),
        )
        if loss > 0:
            out["why"] = why(state, out["kind"], played, best, outcomes, actual)
    out.update(open_solution(state, seat, played))
    out["ms"] = round((time.perf_counter() - start) * 1000)
    return out


def _text(action: Action | None) -> str | None:
    return None if action is None else str(action)


def _kind(state: GameState, action: Action) -> str:
    if action.is_card:
        return "card"
    return {"play": "announcement", "reservations": "reservation"}.get(state.phase, "poverty")


class Outcome(NamedTuple):
    """One choice played out in one sampled deal, from the reviewed seat's side."""

    points: float  # the seat's points (solved near the end, else as played out)
    won: bool  # the seat scored above 0 as played out
    party: str  # the seat's party
    eyes: int  # the Augen its party took
    kept: bool  # the decision's trick went to the own party (cards only)
    given: int  # the Augen of that trick the other party took
    specials: tuple[tuple[str, bool], ...]  # that trick's Sonderpunkte: (kind, to the own party)


def _outcomes(
    obs: Observation,
    state: GameState,
    candidates: list[Action | None],
    rng: random.Random,
    count: int,
) -> dict[Action | None, list[Outcome]]:
    """Each candidate (None: nothing said) played out on the same sampled deals."""
    found: dict[Action | None, list[Outcome]] = {a: [] for a in candidates}
    trick_no = len(state.tricks)
    for world in _worlds(obs, rng, count):
        seed = rng.randrange(2**32)
        for action in candidates:
            after = world if action is None else apply(world, action)
            found[action].append(_outcome(after, obs.seat, trick_no, random.Random(seed)))
    return found


def _worlds(obs: Observation, rng: random.Random, count: int) -> list[GameState]:
    if obs.phase == "poverty":
        return [poverty_world(obs, rng) for _ in range(count)]
    return weighted_worlds(obs, rng, count)


def _outcome(state: GameState, seat: int, trick_no: int, rng: random.Random) -> Outcome:
    """``seat``'s side of a sampled deal played on with the ``standard`` policy (the
    points solved instead near the end)."""
    while state.phase not in ("play", "done"):
        actor = state.to_act
        assert actor is not None
        state = apply(state, choose_standard(observe(state, actor), rng)[0])
    if state.phase == "done":  # thrown in before any card
        points = float(result(state)["points"][seat])
        return Outcome(points, points > 0, state.party(seat), 0, False, 0, ())
    final = rollout(state)
    points = float(final.points()[seat])
    if sum(map(len, state.hands)) <= SOLVE_CARDS and cards_only_from_now(state):
        solved = solve(state, seat, SOLVE_NODES)
        if solved is not None:
            points = solved
    start = final.start
    party = start.party(seat)
    facts: tuple[bool, int, tuple[tuple[str, bool], ...]] = (False, 0, ())
    if trick_no < len(final.tricks):
        facts = _trick_facts(final, trick_no, party)
    return Outcome(points, final.points()[seat] > 0, party, final.eyes(party), *facts)


def _trick_facts(
    final: PlayedOut, trick_no: int, party: str
) -> tuple[bool, int, tuple[tuple[str, bool], ...]]:
    """Who of the trick ``trick_no`` took it, the Augen the other party got of it, its
    Sonderpunkte."""
    start = final.start
    seats, ids, winner = final.tricks[trick_no]
    kept = start.party(winner) == party
    given = 0 if kept else sum(EYES_OF[c] for c in ids)
    if start.pig_seat is not None or start.superpig_seat is not None:
        return kept, given, ()  # a Karo-As ranking as a Schweinchen is no Fuchs
    trick = Trick(tuple(seats), tuple(CARDS[c] for c in ids), winner)
    party_of = {s: start.party(s) for s in start.active}
    items = trick_specials(
        trick,
        start.order,
        party_of,
        specials_awarded(start.rules, start.contract),
        start.rules.doppelkarl,
        trick_no == len(final.tricks) - 1,
    )
    return kept, given, tuple((item.kind, item.party == party) for item in items)


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags)


def _pct(share: float) -> int:
    return round(100 * share)


def why(
    state: GameState,
    kind: str,
    played: Action,
    best: Action | None,
    outcomes: dict[Action | None, list[Outcome]],
    actual: int | None = None,
) -> dict[str, Any]:
    """Why the better choice was better, as far as the sampled deals show it clearly:
    ``{"eyes": the own party's expected Augen more with it, "reasons": [{code, ...}]}``.

    Codes: ``trick-kept`` (the better card took the trick for the own party more
    often), ``eyes-given`` (Augen of the trick handed to the other party),
    ``special-lost`` / ``special-missed`` (a Fuchs, Karlchen, Dulle or Doppelkopf of the
    trick went to the other party / would have gone to the own one), ``trump-for-fehl``
    (a trump where a Fehl card was the better one), ``word-lost`` (a word said that the
    own party mostly lost), ``word-missed`` (a word not said that mostly won),
    ``game-won`` (the own party won the deal more often with the better choice)."""
    mine, other = outcomes[played], outcomes[best]
    n = len(mine)
    party = Counter(o.party for o in mine).most_common(1)[0][0]
    opponents = "kontra" if party == "re" else "re"
    eyes = sum(o.eyes for o in other) / n - sum(o.eyes for o in mine) / n
    reasons: list[dict[str, Any]] = []
    won_mine, won_other = _share([o.won for o in mine]), _share([o.won for o in other])
    if played.card is not None and best is not None and best.card is not None:
        kept_mine, kept_other = _share([o.kept for o in mine]), _share([o.kept for o in other])
        if kept_other - kept_mine >= TRICK_SHARE:
            reasons.append(
                {
                    "code": "trick-kept",
                    "card": str(best),
                    "best": _pct(kept_other),
                    "played": _pct(kept_mine),
                }
            )
        given = sum(o.given for o in mine) / n - sum(o.given for o in other) / n
        if given >= GIVEN_EYES:
            reasons.append({"code": "eyes-given", "eyes": round(given), "party": opponents})
        kinds = sorted({k for o in [*mine, *other] for k, _ in o.specials})
        for special in kinds:

            def went(found: list[Outcome], own: bool, special: str = special) -> float:
                return _share([(special, own) in o.specials for o in found])

            if went(mine, False) - went(other, False) >= SPECIAL_SHARE:
                reasons.append({"code": "special-lost", "kind": special, "party": opponents})
            if went(other, True) - went(mine, True) >= SPECIAL_SHARE:
                reasons.append({"code": "special-missed", "kind": special, "card": str(best)})
        order = state.order
        if order.is_trump(played.card) and not order.is_trump(best.card):
            reasons.append({"code": "trump-for-fehl", "card": str(best)})
    elif kind == "announcement" and (best is None or best.card is not None) and won_mine <= 0.5:
        lost: dict[str, Any] = {
            "code": "word-lost",
            "word": str(played),
            "lost": _pct(1 - won_mine),
            "eyes": round(sum(o.eyes for o in mine) / n),
        }
        if actual is not None:
            lost["actual"] = actual
        reasons.append(lost)
    said = best is not None and best.card is None and best.word != played.word
    if said and kind in ("card", "announcement") and won_other > 0.5:
        assert best is not None
        reasons.append({"code": "word-missed", "word": str(best), "won": _pct(won_other)})
    if won_other - won_mine >= GAME_SHARE:
        reasons.append({"code": "game-won", "best": _pct(won_other), "played": _pct(won_mine)})
    return {"eyes": round(eyes, 1), "party": party, "reasons": reasons}


def open_solution(state: GameState, seat: int, played: Action) -> dict[str, Any]:
    """With every hand open: the best card against best play and what the played one lost
    (only once nothing but cards is left and few enough to solve)."""
    card = played.card
    if (
        card is None
        or state.phase != "play"
        or sum(map(len, state.hands)) > OPEN_CARDS
        or not cards_only_from_now(state)
    ):
        return {}
    values = {}
    for option in playable_cards(state, seat):
        value = solve(play_card(state, seat, option), seat, OPEN_NODES)
        if value is None:
            return {}
        values[option] = value
    best = max(values, key=lambda c: (values[c], c == card))
    return {"open_best": f"{seat}:{best}", "open_loss": round(values[best] - values[card], 2)}


# -- the same cards in stronger hands ---------------------------------------------------


def duplicate_step(record: Any, seat: int, bots: list[str | None], seed: int = 0) -> dict[str, Any]:
    """The next action of the deal replayed with the strongest bot in ``seat`` and each
    other seat's own bot (``None``: a person, played by the strongest bot too), or
    ``{"done": true, "points": [...]}`` once it is over. ``record`` holds the deal and the
    actions replayed so far."""
    start, texts = parse_record(record)
    state, actions = _replay_checked(start, texts)
    if state.is_over:
        return {"done": True, "points": result(state)["points"], "record": record_of(state)}
    if not (isinstance(bots, list) and len(bots) == state.players):
        raise RequestError("bots-per-seat")
    actor = state.to_act
    assert actor is not None
    own = bots[actor] if actor != seat and bots[actor] else None
    spec = str(own) if own else f"{STRONGEST}#{DUPLICATE_WORLDS}"
    try:
        bot = get_bot(_uncapped(spec))
    except ValueError as err:
        raise RequestError("bad-bot", detail=str(err), bot=str(spec)) from None
    obs = observe(state, actor)
    key = deal_seed({**record, "actions": []}, seed)
    return {"done": False, "action": str(bot(obs, random.Random(f"{key}:{len(actions)}")))}


def _uncapped(spec: str) -> str:
    """A search bot's spec without a clock cap, so the replay is the same on every run
    (its count of sampled deals alone bounds it)."""
    if spec.partition("#")[0].partition("@")[0] in SEARCHERS:
        return f"{spec.partition('@')[0]}@{MAX_BUDGET_MS}"
    return spec


def duplicate(
    record: Any,
    seat: int,
    bots: list[str | None],
    seed: int = 0,
    step: Callable[[Any, int, list[str | None], int], dict[str, Any]] = duplicate_step,
) -> dict[str, Any]:
    """The whole replay of :func:`duplicate_step`: the bot's points in ``seat`` and the
    points the record's player made there."""
    played = _finished(record)
    replayed = {**record, "actions": []}
    while True:
        answer = step(replayed, seat, bots, seed)
        if answer["done"]:
            return {
                "seat": seat,
                "bot_points": answer["points"][seat],
                "played_points": result(played)["points"][seat],
                "record": answer["record"],
            }
        replayed["actions"] = [*replayed["actions"], answer["action"]]


def _finished(record: Any) -> GameState:
    start, texts = parse_record(record)
    state, _ = _replay_checked(start, texts)
    if not state.is_over:
        raise RequestError("review-unfinished")
    return state
