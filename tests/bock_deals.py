"""Bockrunden deals shared by the engine's and the page's Bock tests."""

from __future__ import annotations

from typing import Any

from doko.game.actions import parse
from doko.game.rules import Rules, load_rules
from doko.game.state import GameState, apply, legal_actions


def bock_rules(triggers: list[str], **options: Any) -> Rules:
    return load_rules({"preset": "ddv", "options": {"bock": triggers, **options}})


def play_cards(state: GameState, words: dict[int, str]) -> GameState:
    """Finish a deal: the given reservations (others healthy), then every seat plays its
    first legal card and announces nothing."""
    while not state.is_over:
        if state.phase == "reservations":
            seat = state.to_act
            state = apply(state, parse(f"{seat}:{words.get(seat or 0, 'healthy')}"))
        else:
            state = apply(state, next(a for a in legal_actions(state) if a.is_card))
    return state
