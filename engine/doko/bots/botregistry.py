"""Bots by name: the one place that knows every bot module.

A spec names a bot and, for the search bots, its effort:

* ``random``, ``beginner``, ``standard``: the policies of :mod:`doko.bots.bots`;
* ``strong#W@MS``: the search bot of :mod:`doko.bots.strong` with W sampled deals
  per decision and a cap of MS milliseconds (both optional);
* ``strong-v1#W@MS``: the earlier search bot (:mod:`doko.bots.search`), which
  searches card play only and announces like ``standard`` rolls out;
* ``ismcts#N@MS``: information-set Monte Carlo tree search with N iterations
  per decision (:mod:`doko.bots.ismcts`), a reference opponent unlike the others.

Counts are capped (``CAPS``): at most 1,000 sampled deals for ``strong`` and
``strong-v1``, 100,000 iterations for ``ismcts`` and 600,000 ms (ten minutes) per
decision; a spec beyond a cap is refused with the reason, as is any count that is
not a whole number above 0 written in digits 0-9.

The search bots' modules are imported when a spec first asks for one: a program
that plays only ``standard`` (the page's hint, a quick match) loads none of them.
The levels the page offers people are in :mod:`doko.bots.levels`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from ..game.actions import Action
from ..game.observation import Observation
from .bots import Bot, Effort, beginner_bot, random_bot, standard_bot

LEVELS = ("random", "beginner", "standard", "strong", "strong-v1", "ismcts")

# The most a spec may ask for, per unit: far above what any benchmark plays (strong#24,
# ismcts#400, @60000), far below a decision that would never end.
CAPS = {"worlds": 1000, "iterations": 100_000, "milliseconds": 600_000}

# Bots that live outside the engine (the benchmarks' sparring partners), by level:
# each makes its bot from the whole spec. Only benchmark scripts add to it.
EXTERNAL: dict[str, Callable[[str], Bot]] = {}


def action_only(
    choose: Callable[[Observation, random.Random, Effort], tuple[Action, str]],
) -> Callable[[Effort], Bot]:
    """Bots of a chooser that also gives its reason, one per effort."""

    def make(effort: Effort) -> Bot:
        def bot(obs: Observation, rng: random.Random) -> Action:
            return choose(obs, rng, effort)[0]

        return bot

    return make


def get_bot(spec: str) -> Bot:
    """The bot a spec names; raises ValueError with the reason."""
    level, _, budget = spec.partition("@")
    level, _, count = level.partition("#")
    if level in EXTERNAL:
        return EXTERNAL[level](spec)
    if level in SEARCHERS:
        make, default, unit = _searcher(level)
        ms = _count(spec, budget, "milliseconds", "@")
        wanted = _count(spec, count, unit, "#")
        return make(
            Effort(
                wanted or default.samples,
                ms / 1000 if ms else default.budget_s,
            )
        )
    if budget or count:
        raise ValueError(f"bot {spec!r}: only {', '.join(SEARCHERS)} take # or @")
    bots: dict[str, Bot] = {
        "random": random_bot,
        "beginner": beginner_bot,
        "standard": standard_bot,
    }
    if spec not in bots:
        raise ValueError(f"unknown bot {spec!r} (one of {', '.join(LEVELS)})")
    return bots[spec]


SEARCHERS = ("strong", "strong-v1", "ismcts")  # the bots that take # and @


def _searcher(level: str) -> tuple[Callable[[Effort], Bot], Effort, str]:
    """How to make a search bot of ``level`` for an effort, its default effort, and
    what its count counts. Imported here, on first use (see the module's doc)."""
    if level == "strong":
        from . import strong

        return action_only(strong.choose_strong), strong.DEFAULT_EFFORT, "worlds"
    if level == "strong-v1":
        from . import search

        return action_only(search.choose_strong), search.DEFAULT_EFFORT, "worlds"
    from . import ismcts

    def make(effort: Effort) -> Bot:
        return partial(ismcts.ismcts_bot, effort=effort)

    return make, ismcts.DEFAULT_EFFORT, "iterations"


def _count(spec: str, text: str, unit: str, mark: str) -> int:
    """The count after ``#`` or ``@`` in a spec (0 if none), within ``CAPS[unit]``."""
    if not text:
        return 0
    most = CAPS[unit]
    digits = text.lstrip("0")
    if not (text.isascii() and text.isdigit() and digits):
        raise ValueError(
            f"bot {spec[:40]!r}: the {unit} after {mark} must be a whole number above 0"
        )
    if len(digits) > len(str(most)) or int(digits) > most:
        raise ValueError(f"bot {spec[:40]!r}: at most {most} {unit} after {mark}")
    return int(text)
