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

Worlds and rollouts draw from a generator seeded by ``seed`` and the action's
index, so a review is repeatable; the budget per decision is a wall-clock cap
(as for the bots) that only a slow device reaches before the world count.

:func:`duplicate_step` replays the deal with the strongest bot in the reviewed
seat and every other seat played by the bot it had in the game, one decision
per call, so the page can compare the points "the same cards in stronger hands"
made.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from ..game.actions import Action, parse
from ..game.errors import RecordError, RequestError, coded
from ..game.notation import parse_record, record_of
from ..game.observation import Observation, observe
from ..game.outcome import result
from ..game.state import GameState, apply, cards_only_from_now, play_card, playable_cards
from .botregistry import get_bot
from .bots import Effort
from .solver import solve
from .strong import choose_strong, finish, poverty_world
from .worlds import weighted_worlds

STRONGEST = "strong"  # the registry's strongest bot, the reviewer
DEFAULT_BUDGET_MS = 1500  # per decision: half for the bot's choice, half for weighing
MAX_BUDGET_MS = 60_000
DEFAULT_WORLDS = 32  # sampled deals both choices are played out on
BOT_WORLDS = 24  # the bot's own search (the table's top level samples more; a review stays quick)
MISTAKE = 0.5  # expected points lost from which a decision counts as a mistake
LARGEST = 3  # mistakes marked as the deal's largest
SOLVE_CARDS = 8  # cards left in all hands below which a sampled world is solved
SOLVE_NODES = 2000
OPEN_CARDS = 12  # cards left in all hands below which the open deal is solved
OPEN_NODES = 30_000


class ReviewEffort(NamedTuple):
    worlds: int = DEFAULT_WORLDS
    budget_s: float = DEFAULT_BUDGET_MS / 1000


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
    """The whole review: ``{"seat", "decisions": [...], "total_loss", ...}``."""
    effort = ReviewEffort(worlds, check_budget(budget_ms) / 1000)
    start, actions, indices = decisions(record, seat)
    state = start
    done = 0
    found = []
    for index in indices:
        for action in actions[done:index]:
            state = apply(state, action)
        done = index
        found.append(review_decision(state, actions[index], index, seat, seed, effort))
    return summarise(seat, found)


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
    state: GameState, played: Action, index: int, seat: int, seed: int, effort: ReviewEffort
) -> dict[str, Any]:
    """One decision: the bot's choice from ``seat``'s view and what the choice made cost."""
    obs = observe(state, seat)
    rng = random.Random(f"{seed}:{index}")
    start = time.perf_counter()
    own_turn = obs.to_act == seat
    best: Action | None = played
    if own_turn and len(obs.legal) > 1:
        half = Effort(BOT_WORLDS, effort.budget_s / 2)
        best = choose_strong(obs, rng, half)[0]
    out: dict[str, Any] = {
        "index": index,
        "played": str(played),
        "best": _text(best),
        "loss": 0.0,
    }
    candidates: list[Action | None] = [played] if own_turn else [played, None]
    if best != played:
        candidates.append(best)
    if len(candidates) > 1:
        deadline = time.perf_counter() + effort.budget_s / 2
        values, used = _values(obs, candidates, rng, effort.worlds, deadline)
        if not own_turn:
            best = played if values[played] >= values[None] else None
        out.update(
            best=_text(best),
            loss=round(max(0.0, values[best] - values[played]), 2),
            played_value=round(values[played], 2),
            best_value=round(values[best], 2),
            worlds=used,
        )
    out["kind"] = _kind(state, played)
    out.update(open_solution(state, seat, played))
    out["ms"] = round((time.perf_counter() - start) * 1000)
    return out


def _text(action: Action | None) -> str | None:
    return None if action is None else str(action)


def _kind(state: GameState, action: Action) -> str:
    if action.is_card:
        return "card"
    return {"play": "announcement", "reservations": "reservation"}.get(state.phase, "poverty")


def _values(
    obs: Observation,
    candidates: list[Action | None],
    rng: random.Random,
    count: int,
    deadline: float,
) -> tuple[dict[Action | None, float], int]:
    """Mean points of each candidate (None: nothing said) on the same sampled deals."""
    totals: dict[Action | None, float] = dict.fromkeys(candidates, 0.0)
    used = 0
    for world in _worlds(obs, rng, count):
        if used >= 2 and time.perf_counter() > deadline:
            break
        seed = rng.randrange(2**32)
        for action in candidates:
            after = world if action is None else apply(world, action)
            totals[action] += _value(after, obs.seat, random.Random(seed))
        used += 1
    return {a: v / used for a, v in totals.items()}, used


def _worlds(obs: Observation, rng: random.Random, count: int) -> list[GameState]:
    if obs.phase == "poverty":
        return [poverty_world(obs, rng) for _ in range(count)]
    return weighted_worlds(obs, rng, count)


def _value(state: GameState, seat: int, rng: random.Random) -> float:
    """``seat``'s points in a sampled deal: solved near the end, else played out."""
    if (
        state.phase == "play"
        and sum(map(len, state.hands)) <= SOLVE_CARDS
        and cards_only_from_now(state)
    ):
        value = solve(state, seat, SOLVE_NODES)
        if value is not None:
            return value
    return finish(state, seat, rng)


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
    spec = bots[actor] if actor != seat and bots[actor] else STRONGEST
    try:
        bot = get_bot(str(spec))
    except ValueError as err:
        raise RequestError("bad-bot", detail=str(err), bot=str(spec)) from None
    obs = observe(state, actor)
    return {"done": False, "action": str(bot(obs, random.Random(f"{seed}:{len(actions)}")))}


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
