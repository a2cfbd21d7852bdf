"""What a finished deal amounts to: its game summary and its scored result."""

from __future__ import annotations

from typing import Any

from .cards import total_eyes
from .errors import DokoError
from .scoring import Summary, goals, score
from .state import GameState
from .tricks import specials, specials_awarded


def summarize(state: GameState) -> Summary:
    """The game summary (docs/formats.md) of a finished, scored deal."""
    re = state.re_party
    party_of = {s: ("re" if s in re else "kontra") for s in state.active}
    won = [t for t in state.tricks if t.winner in re]  # by Re
    kinds = specials_awarded(state.rules, state.contract)
    found = specials(state.tricks, state.order, party_of, kinds, state.rules.doppelkarl)
    heart_trick = "heart-trick" in state.rules.bock and any(
        all(state.order.follows[c] == "H" for c in t.cards) for t in state.tricks
    )
    return summary_of(
        state,
        eyes_re=total_eyes([c for t in won for c in t.cards]),
        tricks_re=len(won),
        tricks_kontra=len(state.tricks) - len(won),
        specials=tuple([(item["kind"], item["party"]) for item in found]),
        heart_trick=heart_trick,
    )


def summary_of(
    state: GameState,
    *,
    eyes_re: int,
    tricks_re: int,
    tricks_kontra: int,
    specials: tuple[tuple[str, str], ...],
    heart_trick: bool = False,
) -> Summary:
    """The summary of ``state``'s contract, parties and words with the card play's
    figures given (a search's rollout counts them on its own deal)."""
    extra: dict[str, Any] = {}
    if state.contract == "poverty":
        extra["poverty"] = {
            "giver": state.declarer,
            "taker": state.partner,
            "trumps_returned": state.poverty_returned,
        }
    if state.duty_solo:
        extra["duty_solo"] = True
    if heart_trick:
        extra["heart_trick"] = True  # starts Bockrunden (doko.game.bock)
    return Summary(
        rules=state.rules,
        contract=state.contract,
        players=state.players,
        re=state.re_party,
        sitting_out=_sitting_out(state),
        eyes_re=eyes_re,
        tricks_re=tricks_re,
        tricks_kontra=tricks_kontra,
        announcements={"re": state.re_words, "kontra": state.kontra_words},
        specials=specials,
        extra=extra,
        bock=state.bock,
    )


def _sitting_out(state: GameState) -> int | None:
    if len(state.active) == state.players:
        return None  # every seat plays
    return next(s for s in range(state.players) if not state.dealt[s])


def result(state: GameState) -> dict[str, Any]:
    """The result JSON of a finished deal (docs/formats.md)."""
    if not state.is_over:
        raise DokoError("game-not-finished")
    if state.contract == "redeal":
        return {"contract": "redeal", "points": [0] * state.players}
    return {**score(summarize(state)), **pigs_shown(state)}


def pigs_shown(state: GameState) -> dict[str, Any]:
    """Optional fields of a deal with Schweinchen: who held them and after how many
    actions the table learned it (-1: never shown), for Superschweinchen too."""
    out: dict[str, Any] = {}
    if state.pig_seat is not None:
        out["pigs"] = {"seat": state.pig_seat, "shown": state.pigs_shown}
    if state.superpig_seat is not None:
        out["superpigs"] = {"seat": state.superpig_seat, "shown": state.superpigs_shown}
    return out


def goals_of(state: GameState) -> dict[str, dict[str, Any]] | None:
    """What each party needed to win (doko.game.scoring.goal) once the deal is over; None
    while it runs and for a deal thrown in (nobody played for anything)."""
    if not state.is_over or state.contract == "redeal":
        return None
    return goals(summarize(state))
