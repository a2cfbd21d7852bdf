"""The seeded search: deals played by the standard bots until one shows what a demo wants."""

from __future__ import annotations

import json
import random
from typing import Any

from doko.bots.botregistry import get_bot
from doko.game.actions import parse
from doko.game.cards import deal
from doko.game.errors import DokoError
from doko.game.notation import record_of, replay
from doko.game.observation import observe
from doko.game.rules import load_rules
from doko.game.state import GameState, apply, legal_actions, new_game

from .picks import events_of
from .spec import Search

USED: set[str] = set()  # every deal a demo shows: no two demos show the same game


def play(state: GameState, rng: random.Random, script: dict[int, str] | None) -> GameState | None:
    """The standard bots play the deal; ``script`` gives some seats' reservations."""
    bot = get_bot("standard")
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if state.phase == "reservations" and script is not None:
            action = parse(f"{seat}:{script.get(seat, 'healthy')}")
            if action not in legal_actions(state):
                return None
            state = apply(state, action)
            continue
        obs = observe(state, seat)
        state = apply(state, bot(obs, rng), obs.listed)
    return state


def with_word(state: GameState, word: str) -> dict[str, Any] | None:
    """The deal's record with ``word`` said by the first Re seat to play a card,
    just before that card; None if the rules refuse it there."""
    record = record_of(state)
    actions = list(record["actions"])
    re_seats = set(state.re_party)
    for index, action in enumerate(actions):
        seat_text, _, what = action.partition(":")
        if int(seat_text) in re_seats and len(what) == 2 and what[0] in "CSHD":
            actions.insert(index, f"{seat_text}:{word}")
            break
    changed = {**record, "actions": actions}
    try:
        replay(changed)
    except (DokoError, ValueError):
        return None
    return changed


def search(spec: Search) -> tuple[dict[str, Any], str] | None:
    """The first seed whose deal ``spec`` wants, as a record and a line on where it came from."""
    rules = load_rules(spec.rules)
    size = rules.deck_for(spec.players)
    for seed in spec.seeds:
        dealer = seed % spec.players
        if spec.forced_solo is not None:  # the dealer sits right of the vorgeführt seat
            dealer = (spec.forced_solo - 1) % spec.players
        hands = deal(size, spec.players, seed, dealer)
        if spec.bock:
            start = new_game(rules, hands, dealer, forced_solo=spec.forced_solo, bock=spec.bock)
        else:
            start = new_game(rules, hands, dealer, forced_solo=spec.forced_solo)
        script = spec.declare(start) if spec.declare else None
        if spec.declare and script is None:
            continue
        state = play(start, random.Random(seed), script)
        if state is None:
            continue
        record = record_of(state)
        if spec.announce:
            found = with_word(state, spec.announce)
            if found is None:
                continue
            record = found
            state = replay(record)
        scripted = spec.declare is not None or spec.forced_solo is not None
        if spec.contract and not scripted and state.contract != spec.contract:
            continue
        key = json.dumps(record["hands"])
        if key in USED:
            continue
        if spec.want(events_of(record), state):
            USED.add(key)
            return record, f"found by seed {seed}: dealer {dealer}, standard bots" + (
                f", reservations {script}" if script else ""
            ) + (f", {spec.announce!r} added" if spec.announce else "")
    return None
