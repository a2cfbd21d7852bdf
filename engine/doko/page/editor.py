"""What the page's rules editor and rules page ask of the engine.

Two worker requests, merged into the handlers of :class:`doko.api.Session`:

- ``check_rules`` ``{rules}``: whether a rule set (a preset id or ``{"preset",
  "options"}``) is one the engine plays. Accepted: ``{"ok": true, "rules":
  RULES_JSON, "preset": ID, "differences": [{option, value, preset_value}], "info":
  {every option's value, and the facts the page keeps per preset}}``. Refused (an
  answer, not an error, since the editor checks every change): ``{"ok": false,
  "refusal": {code, params}, "option": NAME | null}``, ``option`` naming the option
  at fault so the editor can say it next to that option.
- ``rules_help`` ``{rules}``: what the rules page draws for that rule set: per
  contract kind the trumps highest first (:func:`doko.game.pigs.trump_display`),
  and worked scoring examples the engine scores itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game.contracts import solo_contract
from ..game.errors import DokoError, RulesError
from ..game.pigs import trump_display
from ..game.rules import PRESETS, Rules, applies, load_rules, option_values
from ..game.scoring import score
from ..game.summary import summary_from_json
from ..game.tricks import specials_awarded
from .metadata import rules_info

Handler = Callable[[dict[str, Any]], dict[str, Any]]

# Refusals that do not name their option yet: the option each is about.
_OPTION_OF_CODE = {
    "option-unknown-solo": "solos",
    "option-solo-twice": "solos",
    "option-unknown-wedding-rule": "wedding_rules",
    "option-no-wedding-rule": "wedding_rules",
    "option-unknown-special": "specials",
    "option-deadline-count": "deadlines",
    "option-players": "players",
    "option-forty-cards-six-players": "deck",
    "option-duty-solo-rounds": "duty_solo_rounds",
    "option-wedding-tricks": "wedding_tricks",
    "option-dulle-order": "dulle_order",
    "option-solo-leads": "solo_leads",
    "option-card-deadlines": "deadlines",
    "option-trick-deadlines": "deadlines",
}


def option_at_fault(error: DokoError) -> str | None:
    """The option a rules refusal is about, if it says (or its code tells)."""
    named = error.params.get("option")
    if isinstance(named, str):
        return named
    return _OPTION_OF_CODE.get(error.code)


def differences(rules: Rules) -> list[dict[str, Any]]:
    """Each option that differs from the preset: its value there and here; an option
    that means nothing under these rules (a Dullen order without Dullen) is left out."""
    base = option_values(PRESETS[rules.preset])
    return [
        {"option": name, "value": value, "preset_value": base[name]}
        for name, value in option_values(rules).items()
        if value != base[name] and applies(rules, name)
    ]


def check_rules(payload: dict[str, Any]) -> dict[str, Any]:
    try:
        rules = load_rules(payload.get("rules", "ddv"))
    except RulesError as error:
        return {"ok": False, "refusal": error.to_json(), "option": option_at_fault(error)}
    return {
        "ok": True,
        "rules": rules.to_json(),
        "preset": rules.preset,
        "differences": differences(rules),
        "info": rules_info(rules),
    }


def contract_kinds(rules: Rules) -> list[str]:
    """The contracts with their own card order: the normal game and each solo."""
    return ["normal", *rules.solos]


def rules_help(payload: dict[str, Any]) -> dict[str, Any]:
    rules = load_rules(payload.get("rules", "ddv"))
    return {
        "rules": rules.to_json(),
        "contracts": [
            {"kind": kind, "trumps": trump_display(rules, kind)} for kind in contract_kinds(rules)
        ],
        "examples": scoring_examples(rules),
    }


def scoring_examples(rules: Rules) -> list[dict[str, Any]]:
    """Three games at a table of four, scored by the engine under ``rules``: a normal
    game Re wins with an announcement and a Sonderpunkt, one Kontra wins against an
    announcement, and a won solo. A game these rules cannot have is left out."""
    awarded = specials_awarded(rules, "normal")
    specials = ["fox"] if "fox" in awarded else list(awarded[:1])
    said = rules.announcements != "none"
    games: list[dict[str, Any]] = [
        {
            "rules": rules.to_json(),
            "contract": "normal",
            "re": [0, 2],
            "eyes_re": 151,
            "announcements": {"re": ["re"] if said else [], "kontra": []},
            "specials": [{"kind": kind, "party": "re"} for kind in specials],
        },
        {
            "rules": rules.to_json(),
            "contract": "normal",
            "re": [0, 2],
            "eyes_re": 110,
            "announcements": {"re": ["re"] if said else [], "kontra": []},
            "specials": [],
        },
    ]
    if rules.solos:
        games.append(
            {
                "rules": rules.to_json(),
                "contract": solo_contract(rules.solos[0]),
                "re": [0],
                "eyes_re": 130,
                "announcements": {"re": [], "kontra": []},
                "specials": [],
            }
        )
    examples = []
    for game in games:
        try:
            result = score(summary_from_json(game))
        except DokoError:
            continue  # e.g. a Sonderpunkt that needs more than one game shows
        examples.append({"summary": game, "result": result})
    return examples


def handlers() -> dict[str, Handler]:
    return {"check_rules": check_rules, "rules_help": rules_help}
