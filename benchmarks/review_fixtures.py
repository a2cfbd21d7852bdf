"""Writes the deals with one blunder that tests/engine/test_review.py reviews.

Every seat but the reviewed one plays the ``standard`` policy; the reviewed seat
plays what the review's own bot would choose at each decision (the same seed per
decision), except once: the blunder. So the review should find nothing to fault
but that decision. Run: ``PYTHONPATH=engine python3 benchmarks/review_fixtures.py``
(it searches seeds for a deal where the blunder is clear and writes the files).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

from doko.bots.bots import Effort, choose_standard
from doko.bots.review import BOT_WORLDS, MISTAKE, review_record
from doko.bots.strong import choose_strong
from doko.game.actions import Action
from doko.game.cards import HT
from doko.game.notation import record_of
from doko.game.observation import Observation, observe
from doko.game.rules import load_rules
from doko.game.state import GameState, apply, play_card, seeded_game

OUT = Path(__file__).resolve().parent.parent / "tests" / "records" / "review"
SEAT = 0
SEED = 7  # the review's seed

Blunder = Callable[[GameState, Observation, int], Action | None]


def play(deal_seed: int, blunder: Blunder) -> tuple[dict[str, object], int | None]:
    state = seeded_game(load_rules("ddv"), deal_seed)
    done: int | None = None
    while not state.is_over:
        index = len(state.history)
        actor = state.to_act
        assert actor is not None
        obs = observe(state, actor)
        if actor != SEAT:
            action = choose_standard(obs, random.Random(index))[0]
        else:
            action = blunder(state, obs, index) if done is None else None
            if action is not None:
                done = index
            elif len(obs.legal) > 1:
                action = choose_strong(
                    obs, random.Random(f"{SEED}:{index}"), Effort(BOT_WORLDS, 60)
                )[0]
            else:
                action = obs.legal[0]
        state = apply(state, action)
    return record_of(state), done


def dulle_on_their_trick(state: GameState, obs: Observation, index: int) -> Action | None:
    """The Dulle thrown as the last card onto a trick the other party takes anyway."""
    if obs.phase != "play" or len(state.trick) != len(state.active) - 1:
        return None
    dulle = Action.playing(SEAT, HT)
    if dulle not in obs.legal or sum(1 for a in obs.legal if a.is_card) < 2:
        return None
    after = play_card(state, SEAT, HT)
    taker = after.tricks[-1].winner
    return dulle if after.party(taker) != after.party(SEAT) else None


def lost_absage(state: GameState, obs: Observation, index: int) -> Action | None:
    """Keine 60 said at the first chance with a hand that cannot make it."""
    word = Action.saying(SEAT, "no60")
    return word if word in obs.legal and obs.to_act == SEAT else None


def find(name: str, blunder: Blunder, seeds: range) -> None:
    for deal_seed in seeds:
        record, at = play(deal_seed, blunder)
        if at is None:
            continue
        review = review_record(record, SEAT, 60_000, SEED)
        losses = {d["index"]: d["loss"] for d in review["decisions"]}
        others = max((v for i, v in losses.items() if i != at), default=0.0)
        print(name, deal_seed, at, losses[at], others, file=sys.stderr)
        if losses[at] >= 4 * MISTAKE and others < MISTAKE:
            path = OUT / f"{name}.json"
            path.write_text(
                json.dumps({"seat": SEAT, "seed": SEED, "blunder": at, "record": record}) + "\n"
            )
            print(f"wrote {path}: deal {deal_seed}, action {at} loses {losses[at]}")
            return
    print(f"{name}: no deal found", file=sys.stderr)


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__).parse_args()  # --help says what it writes
    find("lost-absage", lost_absage, range(1, 60))
    find("dulle-thrown", dulle_on_their_trick, range(1, 200))
