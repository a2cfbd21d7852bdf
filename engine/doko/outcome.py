"""What a finished deal amounts to: its game summary and its scored result."""

from __future__ import annotations

from typing import Any

from .scoring import Summary, score
from .state import GameState, is_solo_like
from .tricks import specials, specials_for


def summarize(state: GameState) -> Summary:
    """The game summary (FORMATS.md) of a finished, scored deal."""
    re = state.re_seats()
    party_of = {s: ("re" if s in re else "kontra") for s in state.active}
    lone = state.contract in ("wedding-alone", "silent-wedding")
    kinds = specials_for(state.rules, is_solo_like(state.contract), lone)
    extra: dict[str, Any] = {}
    if state.contract == "poverty":
        extra["poverty"] = {
            "giver": state.declarer,
            "taker": state.partner,
            "trumps_returned": state.poverty_returned,
        }
    if state.duty_solo:
        extra["duty_solo"] = True
    return Summary(
        rules=state.rules,
        contract=state.contract,
        players=state.players,
        re=re,
        sitting_out=next((s for s in range(state.players) if not state.dealt[s]), None),
        eyes_re=sum(t.eyes for t in state.tricks if t.winner in re),
        tricks_re=sum(1 for t in state.tricks if t.winner in re),
        tricks_kontra=sum(1 for t in state.tricks if t.winner not in re),
        announcements={p: state.party_words(p) for p in ("re", "kontra")},
        specials=tuple(
            (item["kind"], item["party"])
            for item in specials(state.tricks, state.order, party_of, kinds, state.rules.doppelkarl)
        ),
        extra=extra,
    )


def result(state: GameState) -> dict[str, Any]:
    """The result JSON of a finished deal (FORMATS.md)."""
    if not state.is_over:
        raise ValueError("the game is not finished")
    if state.contract == "redeal":
        return {"contract": "redeal", "points": [0] * state.players}
    return score(summarize(state))
