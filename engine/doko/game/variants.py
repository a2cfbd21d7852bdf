"""Random valid house-rule variants: a preset with random house options on top.

For sweeps (``benchmarks/house_rules.py``) and the random-game tests: every variant
is a real ``Rules`` (``Rules.problem`` refuses nothing), drawn from a seeded
``random.Random`` so a failure names the seed that made it.
"""

from __future__ import annotations

import random
from typing import Any

from .rules import ALL_SOLO_KINDS, PRESETS, SPECIAL_KINDS, THROW_HANDS, Rules, load_rules


def _subset(rng: random.Random, items: tuple[str, ...], least: int = 0) -> list[str]:
    chosen = [item for item in items if rng.random() < 0.5]
    while len(chosen) < least:
        chosen.append(rng.choice([i for i in items if i not in chosen]))
    return chosen


def random_options(rng: random.Random, base: Rules) -> dict[str, Any]:
    """House options for ``base``, each drawn independently, then made consistent."""
    pigs = rng.choice(["none", "both", "second"])
    options: dict[str, Any] = {"pigs": pigs}
    if pigs != "none":
        options["pigs_reveal"] = rng.choice(["play", "reservation"])
        options["pigs_in_solo"] = rng.random() < 0.5
        options["superpigs"] = rng.random() < 0.5
    if base.dullen:
        options["dulle_order"] = rng.choice(["first", "second-except-last", "second"])
    options["solos"] = _subset(rng, ALL_SOLO_KINDS, least=1)
    options["solo_leads"] = rng.choice(
        ["left", "soloist"] + (["duty"] * (base.duty_solo_rounds > 0))
    )
    options["throw"] = rng.choice(["none", "immediate", "reservation"])
    hands = THROW_HANDS if base.deck == 48 else ("kings", "fox-highest")
    options["throw_hands"] = _subset(rng, hands, least=1)
    options["throw_kings"] = rng.randint(3, 6)
    options["throw_nines"] = rng.randint(3, 6)
    options["throw_nines_kings"] = rng.randint(5, 8)
    options["specials"] = _subset(rng, SPECIAL_KINDS)
    options["specials_in_solo"] = _subset(rng, SPECIAL_KINDS)
    if rng.random() < 0.5:
        options["poverty"] = rng.choice(["ask", "push"])
    return options


def random_rules(rng: random.Random, preset: str | None = None) -> Rules:
    """A random valid variant of ``preset`` (or of a random preset)."""
    base = PRESETS[preset or rng.choice(sorted(PRESETS))]
    return load_rules({"preset": base.preset, "options": random_options(rng, base)})


def everything_on(preset: str = "ddv") -> Rules:
    """Every house option switched on together (the ones a deck allows)."""
    base = PRESETS[preset]
    nines = base.deck == 48
    options: dict[str, Any] = {
        "pigs": "both",
        "pigs_reveal": "play",
        "pigs_in_solo": True,
        "superpigs": True,
        "solos": list(ALL_SOLO_KINDS),
        "solo_leads": "soloist",
        "throw": "reservation",
        "throw_hands": list(THROW_HANDS if nines else ("kings", "fox-highest")),
        "specials": list(SPECIAL_KINDS),
        "specials_in_solo": list(SPECIAL_KINDS),
        "poverty": "ask",
    }
    if base.dullen:
        options["dulle_order"] = "second"
    return load_rules({"preset": preset, "options": options})
