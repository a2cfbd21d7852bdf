"""Bots that ignore the house rules Schweinchen and Bock, to measure what knowing them is worth.

``blind-SPEC`` (for instance ``blind-strong#40@60000``) is the bot ``SPEC`` given each
observation as if the table played without Schweinchen, Superschweinchen and Bock: the
rules without them, the deal's card order without the pigs on top, the deal's Bock level
0. Its sampled deals then play the Karo-Asse as Füchse and score the deal undoubled. Its
choices stay legal in the real game (the rules change which card wins a trick, never
which cards may be played or words said). ``register()`` makes the spec known to
``doko.bots.botregistry.get_bot``; ``uct_match.py`` calls it, so

    python3 benchmarks/uct_match.py --bots blind-strong#40@60000,uct#1000 \
        --options '{"pigs": "both"}' --games 300 --deals-out blind.jsonl

paired (``paired.py``) with the same run of ``strong#40@60000`` gives the gain of knowing
the rule against an opponent that knows it.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots import botregistry
from doko.bots.bots import Bot
from doko.game.actions import Action
from doko.game.contracts import card_order, order_kind
from doko.game.observation import Observation
from doko.game.rules import Rules

PREFIX = "blind-"


def without_house_rules(rules: Rules) -> Rules:
    """``rules`` with Schweinchen, Superschweinchen and Bock switched off."""
    return dataclasses.replace(
        rules, pigs="none", superpigs=False, pigs_in_solo=False, pigs_reveal="play", bock=()
    )


def blind_view(obs: Observation) -> Observation:
    """What the seat would see at a table that plays without those house rules."""
    rules = without_house_rules(obs.rules)
    order = card_order(order_kind(obs.contract), rules, rules.deck_for(obs.players))
    public = obs.public.updated(
        rules=rules,
        order=order,
        pig_seat=None,
        superpig_seat=None,
        pigs_shown=-1,
        superpigs_shown=-1,
        bock=0,
    )
    return obs._replace(rules=rules, order=order, public=public)


def make_bot(spec: str) -> Bot:
    inner = botregistry.get_bot(spec[len(PREFIX) :])

    def bot(obs: Observation, rng: random.Random) -> Action:
        return inner(blind_view(obs), rng)

    return bot


def register() -> None:
    """Let ``get_bot`` build ``blind-`` specs for every level ``SEARCHERS`` knows."""
    for level in (*botregistry.SEARCHERS, "standard"):
        botregistry.EXTERNAL[PREFIX + level] = make_bot
