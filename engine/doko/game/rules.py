"""Rule presets as data.

Each preset is one frozen :class:`Rules` object. Every option carries a type, a
default (the value in ``Rules()``), the allowed values where they are a closed
set, and a one-line description; :func:`load_rules` builds a preset with
overrides and refuses unknown or inconsistent options with a reason.
Game logic reads options, never preset names.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .cards import playing_seats
from .errors import RulesError

T = TypeVar("T")

SOLO_KINDS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "fleshless")
# Picture solos a table may add (house rules): only the named ranks are trumps.
PICTURE_SOLOS = ("kings", "queens-jacks", "kings-queens", "kings-jacks", "koehler")
ALL_SOLO_KINDS = SOLO_KINDS + PICTURE_SOLOS
WEDDING_RULES = ("foreign", "fehl", "trump", "first", "card")
SPECIAL_KINDS = (
    "doppelkopf",
    "fox",
    "fox-last",
    "karlchen",
    "karlchen-caught",
    "heart-trick",
    "dulle-caught",
)
THROW_HANDS = ("kings", "nines", "nines-kings", "fox-highest")
NINES_HANDS = ("nines", "nines-kings")  # hands that need nines in the deck

# The groups an option is shown in (a rules editor's sections).
GROUPS = ("cards", "reservations", "announcements", "specials", "scoring", "bock", "table")


def needs(option: str, **condition: Any) -> dict[str, Any]:
    """One condition of an option's ``depends``: ``not=[values]`` or ``has=value``."""
    key, value = next(iter(condition.items()))
    return {"option": option, key.rstrip("_"): value}


PIGS_ON = needs("pigs", not_=["none"])
THROWING = needs("throw", not_=["none"])
# Bockrunden: what starts them (doko.game.bock works out the rounds)
BOCK_TRIGGERS = ("solo-lost", "tie", "re-kontra", "zero", "black", "heart-trick")
BOCK_ON = needs("bock", not_=[[]])


def opt(
    default: Any,
    description: str,
    choices: tuple[Any, ...] | None = None,
    span: tuple[int, int] | None = None,
    *,
    group: str,
    depends: tuple[dict[str, Any], ...] = (),
    items: tuple[str, ...] | None = None,
) -> Any:
    """An option: its default, what it means, and the values it may take (a choice
    list, or for a number, or each number of a list, the lowest and highest, both
    included); the group a rules editor shows it in, the conditions under which it
    applies (all must hold) and, for a list drawn from a closed set, its members."""
    return field(
        default=default,
        metadata={
            "description": description,
            "choices": choices,
            "span": span,
            "group": group,
            "depends": depends,
            "items": items,
        },
    )


@dataclass(frozen=True)
class Rules:
    preset: str = opt("ddv", "Preset these rules start from", group="table")
    players: tuple[int, ...] = opt((4, 5), "Table sizes the preset allows", group="table")
    deck: int = opt(48, "Cards in the deck (40 without nines, 48 with)", (40, 48), group="cards")
    # Trumps and tricks
    dullen: bool = opt(True, "Both Herz-Zehnen (Dullen) are the highest trumps", group="cards")
    dulle_order: str = opt(
        "first",
        "Which of two Dullen wins a trick: the first, the second except in the last "
        "trick, or always the second",
        ("first", "second-except-last", "second"),
        group="cards",
        depends=(needs("dullen", not_=[False]),),
    )
    # Schweinchen (house rules)
    pigs: str = opt(
        "none",
        "Schweinchen: a player holding both trump aces ranks them above every trump "
        "(both), or the second one played only (second)",
        ("none", "both", "second"),
        group="cards",
    )
    pigs_reveal: str = opt(
        "play",
        "When the table learns of Schweinchen: when the first is played, or before the "
        "first card (reservation)",
        ("play", "reservation"),
        group="cards",
        depends=(PIGS_ON,),
    )
    pigs_in_solo: bool = opt(
        False,
        "In a suit solo the two aces of the solo's suit are Schweinchen",
        group="cards",
        depends=(PIGS_ON,),
    )
    superpigs: bool = opt(
        False,
        "Superschweinchen: both trump nines (trump kings without nines) in one hand rank "
        "above the Schweinchen, in a deal that has Schweinchen",
        group="cards",
        depends=(PIGS_ON,),
    )
    # Reservations
    solos: tuple[str, ...] = opt(
        SOLO_KINDS, "Solo kinds that may be declared", group="reservations", items=ALL_SOLO_KINDS
    )
    solos_ranked: bool = opt(
        False,
        "Solos outrank each other in the listed order (else equal, seat order decides)",
        group="reservations",
    )
    solo_leads: str = opt(
        "duty",
        "Who leads a solo: always left of the dealer, the soloist in a Pflichtsolo, or "
        "always the soloist",
        ("left", "duty", "soloist"),
        group="reservations",
    )
    duty_solo_rounds: int = opt(
        5,
        "Rounds within which every player owes a Pflichtsolo (0: none)",
        span=(0, 20),
        group="reservations",
    )
    wedding_rules: tuple[str, ...] = opt(
        ("foreign",),
        "Partner rules a Hochzeit may name (foreign: first trick not won by "
        "the Hochzeiter; fehl/trump: first plain-suit/trump-led trick; first: the first "
        "trick; card: whoever first plays a named card)",
        group="reservations",
        items=WEDDING_RULES,
    )
    wedding_tricks: int = opt(
        3,
        "Tricks within which a Hochzeit must find its partner (0: any)",
        span=(0, 12),
        group="reservations",
    )
    wedding_deadline_shift: bool = opt(
        True,
        "Announcement deadlines move back by the tricks a Hochzeit took to decide",
        group="announcements",
        depends=(needs("announcements", not_=["none"]),),
    )
    throw: str = opt(
        "none",
        "Throwing in: none, throw at once before reservations (redeal), or a "
        "reservation below solos (redeal unless a solo is played)",
        ("none", "immediate", "reservation"),
        group="reservations",
    )
    throw_hands: tuple[str, ...] = opt(
        ("kings",),
        "Hands that may be thrown: kings (throw_kings kings), nines (throw_nines nines), "
        "nines-kings (throw_nines_kings nines and kings together), fox-highest (the "
        "highest trump is a Karo-As)",
        group="reservations",
        depends=(THROWING,),
        items=THROW_HANDS,
    )
    throw_kings: int = opt(
        5,
        "Kings needed to throw",
        span=(1, 8),
        group="reservations",
        depends=(needs("throw_hands", has="kings"), THROWING),
    )
    throw_nines: int = opt(
        5,
        "Nines needed to throw (48 cards)",
        span=(1, 8),
        group="reservations",
        depends=(needs("throw_hands", has="nines"), THROWING),
    )
    throw_nines_kings: int = opt(
        7,
        "Nines and kings together needed to throw (48 cards)",
        span=(1, 12),
        group="reservations",
        depends=(needs("throw_hands", has="nines-kings"), THROWING),
    )
    poverty: str = opt(
        "none",
        "Trumpfabgabe: none, ask the others in order, or push the trumps to the left",
        ("none", "ask", "push"),
        group="reservations",
    )
    poverty_max_trumps: int = opt(
        3,
        "Most trumps a Trumpfabgabe hand may hold",
        span=(0, 12),
        group="reservations",
        depends=(needs("poverty", not_=["none"]),),
    )
    poverty_counts_fox: bool = opt(
        True,
        "Karo-Asse count as trumps for the Trumpfabgabe limit",
        group="reservations",
        depends=(needs("poverty", not_=["none"]),),
    )
    solo_one_queen: bool = opt(
        False,
        "A player with one Kreuz-Dame may declare a solo until the other is played",
        group="reservations",
    )
    # Announcements
    gegenansage: bool = opt(
        True,
        "A party may answer an opposing announcement with Re/Kontra one card later",
        group="announcements",
        depends=(needs("announcements", not_=["none"]),),
    )
    announcements: str = opt(
        "cards",
        "Announcement deadlines: none, by trick, or by cards still in hand",
        ("none", "tricks", "cards"),
        group="announcements",
    )
    deadlines: tuple[int, ...] = opt(
        (11, 10, 9, 8, 7),
        "Deadlines for Re/Kontra, keine 90, 60, 30, schwarz: cards still "
        "in hand (cards) or the trick before whose first card it must be said (tricks)",
        span=(0, 12),
        group="announcements",
        depends=(needs("announcements", not_=["none"]),),
    )
    # Scoring
    scoring: str = opt(
        "ddv", "Scoring system", ("ddv", "lockhausen", "berndt", "klassisch"), group="scoring"
    )
    specials: tuple[str, ...] = opt(
        ("doppelkopf", "fox", "karlchen"),
        "Sonderpunkte awarded in partner games",
        group="specials",
        items=SPECIAL_KINDS,
    )
    specials_in_solo: tuple[str, ...] = opt(
        (), "Sonderpunkte awarded in solos", group="specials", items=SPECIAL_KINDS
    )
    doppelkarl: bool = opt(
        False,
        "Two Karlchen of one party in the last trick score twice (Doppelkarl)",
        group="specials",
    )
    specials_lone_wedding: bool = opt(
        False,
        "A silent or lone Hochzeit (scored as a solo) still awards partner-game Sonderpunkte",
        group="specials",
    )
    against_old_in_poverty: bool = opt(
        True,
        "Kontra gets the point 'gegen die Alten' when it beats a Trumpfabgabe",
        group="scoring",
        depends=(needs("poverty", not_=["none"]),),
    )
    unannounced_levels: bool = opt(
        False,
        "Levels reached without an announcement score a point each (lockhausen)",
        group="scoring",
    )
    fixed_team_solo_factor: bool = opt(
        True, "At 6 and 8 players a soloist scores x5 and x7 instead of x3", group="scoring"
    )
    sitting_out: str = opt(
        "zero",
        "What a dealer who sits out scores: 0, or what each Kontra player scores",
        ("zero", "kontra"),
        group="scoring",
        depends=(needs("players", has=5),),
    )
    tournament: bool = opt(
        False, "Tournament preset: no running Augen shown during play", group="table"
    )
    # Bockrunden
    bock: tuple[str, ...] = opt(
        (),
        "Deals that start Bockrunden (solo-lost, tie, re-kontra, zero, black, heart-trick)",
        group="bock",
        items=BOCK_TRIGGERS,
    )
    bock_rounds: int = opt(
        1, "Bockrunden each trigger adds", span=(1, 3), group="bock", depends=(BOCK_ON,)
    )
    bock_stack: str = opt(
        "queue",
        "Bockrunden that meet: queue (one after another) or double (overlapping rounds multiply)",
        ("queue", "double"),
        group="bock",
        depends=(BOCK_ON,),
    )

    def __post_init__(self) -> None:
        problem = self.problem()
        if problem:
            raise problem

    def __hash__(self) -> int:
        # cached look-ups key on the rules many times per deal: hash the options once
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        # string hashes differ between processes: a pickle never carries the cached
        # hash, nor the memo (tables worked out from the rules, made again on demand)
        return {k: v for k, v in self.__dict__.items() if k not in ("_hash", "_memo")}

    def memo(self, key: str, make: Callable[[Rules], T]) -> T:
        """``make(self)``, worked out once for these rules and kept with them: tables
        the hot path derives from the rules (state.py's call table). Options never
        change, so what is derived from them never does either."""
        memo: dict[str, Any] = self.__dict__.setdefault("_memo", {})
        found: T | None = memo.get(key)
        if found is None:
            found = memo[key] = make(self)
        return found

    def problem(self) -> RulesError | None:
        """The first inconsistency in these options, or None."""
        for f in dataclasses.fields(self):
            choices = f.metadata.get("choices")
            value = getattr(self, f.name)
            if choices and value not in choices:
                return RulesError(
                    "option-not-a-choice", option=f.name, value=value, choices=list(choices)
                )
            span = f.metadata.get("span")
            if not span:
                continue
            for number in value if isinstance(value, tuple) else (value,):
                if not span[0] <= number <= span[1]:
                    return RulesError(
                        "option-out-of-range",
                        option=f.name,
                        value=number,
                        low=span[0],
                        high=span[1],
                    )
        for check in (self._list_problem, self._combination_problem, self._house_problem):
            found = check()
            if found is not None:
                return found
        return None

    def _list_problem(self) -> RulesError | None:
        """A list option with a member outside its closed set, or listed twice."""
        checks: list[tuple[bool, str, dict[str, Any]]] = [
            (
                all(k in ALL_SOLO_KINDS for k in self.solos),
                "option-unknown-solo",
                {"option": "solos", "solos": self.solos},
            ),
            (len(set(self.solos)) == len(self.solos), "option-solo-twice", {"option": "solos"}),
            (
                all(r in WEDDING_RULES for r in self.wedding_rules),
                "option-unknown-wedding-rule",
                {"option": "wedding_rules", "rules": self.wedding_rules},
            ),
            (len(self.wedding_rules) >= 1, "option-no-wedding-rule", {"option": "wedding_rules"}),
            (
                all(k in SPECIAL_KINDS for k in self.specials),
                "option-unknown-special",
                {"option": "specials"},
            ),
            (
                all(k in SPECIAL_KINDS for k in self.specials_in_solo),
                "option-unknown-special",
                {"option": "specials_in_solo"},
            ),
            (
                all(h in THROW_HANDS for h in self.throw_hands),
                "option-unknown-throw-hand",
                {"option": "throw_hands", "hands": self.throw_hands},
            ),
            (
                len(set(self.throw_hands)) == len(self.throw_hands),
                "option-listed-twice",
                {"option": "throw_hands"},
            ),
            (len(self.deadlines) == 5, "option-deadline-count", {"option": "deadlines"}),
            *_bock_checks(self),
            (
                all(p in (4, 5, 6, 8) for p in self.players) and 4 in self.players,
                "option-players",
                {"option": "players"},
            ),
        ]
        return _first_failed(checks)

    def _combination_problem(self) -> RulesError | None:
        """Options that do not fit together (the rules before house rules)."""
        checks: list[tuple[bool, str, dict[str, Any]]] = [
            (
                not (6 in self.players and self.deck == 40),
                "option-forty-cards-six-players",
                {"option": "players"},
            ),
            (self.duty_solo_rounds >= 0, "option-duty-solo-rounds", {"option": "duty_solo_rounds"}),
            (0 <= self.wedding_tricks <= 12, "option-wedding-tricks", {"option": "wedding_tricks"}),
            (
                not (self.dulle_order != "first" and not self.dullen),
                "option-dulle-order",
                {"option": "dulle_order"},
            ),
            (
                not (self.solo_leads == "duty" and self.duty_solo_rounds == 0),
                "option-solo-leads",
                {"option": "solo_leads"},
            ),
            (
                self.announcements != "cards"
                or list(self.deadlines) == sorted(self.deadlines, reverse=True),
                "option-card-deadlines",
                {"option": "deadlines"},
            ),
            (
                self.announcements != "tricks" or list(self.deadlines) == sorted(self.deadlines),
                "option-trick-deadlines",
                {"option": "deadlines"},
            ),
        ]
        return _first_failed(checks)

    def _house_problem(self) -> RulesError | None:
        """House-rule options that need another option, or a deck with nines."""
        pigs_off = self.pigs == "none"
        checks: list[tuple[bool, str, dict[str, Any]]] = [
            (not (pigs_off and self.superpigs), "option-needs-pigs", {"option": "superpigs"}),
            (not (pigs_off and self.pigs_in_solo), "option-needs-pigs", {"option": "pigs_in_solo"}),
            (
                not (pigs_off and self.pigs_reveal != "play"),
                "option-needs-pigs",
                {"option": "pigs_reveal"},
            ),
            (
                self.deck != 40 or not any(h in NINES_HANDS for h in self.throw_hands),
                "option-throw-hands-deck",
                {"option": "throw_hands", "deck": self.deck},
            ),
            (
                self.throw == "none" or len(self.throw_hands) >= 1,
                "option-no-throw-hand",
                {"option": "throw_hands"},
            ),
        ]
        return _first_failed(checks)

    def hand_size_for(self, players: int) -> int:
        """Cards each active seat is dealt (and tricks in a deal) at a table of
        ``players``: a fifth player, the dealer, sits out; 6 and 8 share the deck."""
        return self.deck_for(players) // playing_seats(players)

    @property
    def hand_size(self) -> int:
        """Cards per hand at four (or five) players; ``hand_size_for`` at any table."""
        return self.hand_size_for(4)

    def deck_for(self, players: int) -> int:
        """Cards in play at a table: eight players use two 32-card packs."""
        return 64 if players == 8 else self.deck

    def replace(self, **changes: Any) -> Rules:
        return load_rules({"preset": self.preset, "options": {**self.overrides(), **changes}})

    def overrides(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset."""
        base = PRESETS[self.preset]
        return {
            f.name: _jsonable(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    def to_json(self) -> str | dict[str, Any]:
        """The ``rules`` field of a game record: the preset id, or id plus options."""
        changed = self.overrides()
        return self.preset if not changed else {"preset": self.preset, "options": changed}


def _bock_checks(rules: Rules) -> list[tuple[bool, str, dict[str, Any]]]:
    unknown = [t for t in rules.bock if t not in BOCK_TRIGGERS]
    trigger = unknown[0] if unknown else ""
    return [
        (
            not unknown,
            "option-unknown-bock",
            {"option": "bock", "trigger": trigger, "triggers": list(BOCK_TRIGGERS)},
        ),
        (len(set(rules.bock)) == len(rules.bock), "option-listed-twice", {"option": "bock"}),
    ]


def _first_failed(checks: list[tuple[bool, str, dict[str, Any]]]) -> RulesError | None:
    for ok, code, params in checks:
        if not ok:
            return RulesError(code, **params)
    return None


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


PRESETS: dict[str, Rules] = {
    "ddv": Rules(),
    "ohne-neunen": Rules(
        preset="ohne-neunen",
        deck=40,
        dulle_order="second-except-last",
        duty_solo_rounds=6,
        throw="reservation",
        poverty="push",
        deadlines=(9, 8, 7, 6, 5),
        against_old_in_poverty=False,
    ),
    "berndt": Rules(
        preset="berndt",
        deck=40,
        solos=("diamonds", "queens", "jacks"),
        solos_ranked=True,
        solo_leads="left",
        duty_solo_rounds=0,
        wedding_rules=("fehl",),
        announcements="none",
        deadlines=(0, 0, 0, 0, 0),
        scoring="berndt",
        specials=("doppelkopf", "fox", "karlchen", "karlchen-caught"),
        specials_in_solo=("doppelkopf",),
        specials_lone_wedding=True,
        doppelkarl=True,
        gegenansage=False,
        tournament=True,
    ),
    "lockhausen": Rules(
        preset="lockhausen",
        deck=40,
        solos=("diamonds", "queens", "jacks", "fleshless"),
        solos_ranked=True,
        solo_leads="left",
        duty_solo_rounds=0,
        wedding_rules=("fehl", "trump", "first"),
        throw="immediate",
        poverty="ask",
        poverty_counts_fox=False,
        announcements="tricks",
        deadlines=(2, 3, 4, 5, 6),
        gegenansage=False,
        scoring="lockhausen",
        specials=("heart-trick", "karlchen", "fox-last", "fox", "doppelkopf"),
        specials_in_solo=("heart-trick", "karlchen", "fox-last", "fox", "doppelkopf"),
        specials_lone_wedding=True,
        tournament=True,
    ),
    "klassisch": Rules(
        preset="klassisch",
        players=(4, 5, 6, 8),
        dullen=False,
        solos=("diamonds", "hearts", "spades", "clubs", "jacks"),
        solo_leads="left",
        duty_solo_rounds=0,
        wedding_rules=("foreign", "card"),
        wedding_tricks=0,
        wedding_deadline_shift=False,
        solo_one_queen=True,
        announcements="none",
        gegenansage=False,
        deadlines=(0, 0, 0, 0, 0),
        scoring="klassisch",
        specials=("fox", "karlchen"),
        specials_in_solo=("fox", "karlchen"),
        specials_lone_wedding=True,
        sitting_out="kontra",
    ),
}


def load_rules(spec: str | dict[str, Any] | Rules) -> Rules:
    """Rules from a preset id or ``{"preset": id, "options": {...}}``; raises ValueError."""
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        if spec not in PRESETS:
            raise RulesError("unknown-preset", option="preset", preset=spec, presets=list(PRESETS))
        return PRESETS[spec]
    if not isinstance(spec, dict) or not isinstance(spec.get("preset"), str):
        raise RulesError("rules-shape", option="preset")
    base = load_rules(spec["preset"])
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RulesError("rules-options-shape", option=None)
    names = {f.name: f for f in dataclasses.fields(Rules)}
    changes: dict[str, Any] = {}
    for name, value in options.items():
        if name not in names or name == "preset":
            raise RulesError("unknown-option", option=name)
        changes[name] = _coerce(name, value, getattr(base, name))
    # a Dullen order means nothing without Dullen: turning them off, a preset's order
    # (ohne-neunen's) left unsaid goes back to the neutral one instead of being refused
    if changes.get("dullen") is False and "dulle_order" not in changes:
        changes["dulle_order"] = Rules().dulle_order
    return dataclasses.replace(base, **changes)


_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}


def _coerce(name: str, value: Any, like: Any) -> Any:
    if isinstance(like, bool):
        if not isinstance(value, bool):
            raise RulesError("option-not-bool", option=name, value=value)
        return value
    # types only: Rules.problem checks the ranges and choices of every Rules made
    if isinstance(like, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError("option-not-int", option=name, value=value)
        return value
    if isinstance(like, str):
        if not isinstance(value, str):
            raise RulesError("option-not-text", option=name, value=value)
        return value
    if not isinstance(value, list | tuple):
        raise RulesError("option-not-list", option=name, value=value)
    # a list holds numbers (players, deadlines) or words (solos, specials ...)
    numbers = _FIELDS[name].type == "tuple[int, ...]"
    return tuple(_coerce(name, item, 0 if numbers else "") for item in value)


def describe() -> dict[str, Any]:
    """Presets and option metadata, as ``python -m doko rules --json`` prints them."""
    options = []
    for f in dataclasses.fields(Rules):
        default = f.default
        options.append(
            {
                "name": f.name,
                "type": type(default).__name__ if not isinstance(default, tuple) else "list",
                "default": _jsonable(default),
                "choices": list(f.metadata["choices"]) if f.metadata.get("choices") else None,
                "range": list(f.metadata["span"]) if f.metadata.get("span") else None,
                "description": f.metadata["description"],
                "group": f.metadata["group"],
                "depends": [dict(d) for d in f.metadata["depends"]],
                "items": list(f.metadata["items"]) if f.metadata.get("items") else None,
            }
        )
    presets = {name: option_values(r) for name, r in PRESETS.items()}
    return {"presets": presets, "options": options}


def applies(rules: Rules, name: str) -> bool:
    """Whether option ``name`` means anything under ``rules``: its ``depends`` hold."""
    for cond in _FIELDS[name].metadata["depends"]:
        value = _jsonable(getattr(rules, cond["option"]))
        if "has" in cond and cond["has"] not in value:
            return False
        if any(value == _jsonable(v) for v in cond.get("not", ())):
            return False
    return True


def option_values(rules: Rules) -> dict[str, Any]:
    """Every option of ``rules`` by name, as JSON values."""
    return {f.name: _jsonable(getattr(rules, f.name)) for f in dataclasses.fields(rules)}
