"""What a demo is: its texts, the events it must show, and where its deal comes from."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from doko.game.state import GameState

Texts = tuple[str, str, str, str]  # title de, title en, line de, line en
Expect = tuple[str, dict[str, Any]]  # an event key and params it must carry
Events = list[dict[str, Any]]  # the narration of a replay (doko.explain)
Want = Callable[[Events, GameState], bool]  # picks a found deal by its replay
Declare = Callable[[GameState], dict[int, str] | None]  # scripted reservations by seat


@dataclass(frozen=True)
class Scripted:
    """A record of tests/records/scripted, shown as it is."""

    topic: str
    texts: Texts
    expects: tuple[Expect, ...] = ()
    moment: Expect | None = None  # the event the demo is about; else its first expect


@dataclass(frozen=True)
class Search:
    """A deal found by seed: ``want`` picks it from the replay's events."""

    id: str
    topic: str
    rules: Any
    texts: Texts
    want: Want
    expects: tuple[Expect, ...] = ()
    moment: Expect | None = None  # the event the demo is about; else its first expect
    players: int = 4
    declare: Declare | None = None  # reservations
    announce: str | None = None  # a word a Re seat says before its first card
    forced_solo: int | None = None
    seeds: Iterable[int] = range(1, 3000)
    options_needed: tuple[str, ...] = field(default=())
    # the contract the deal must have been played as, where no reservation is scripted
    contract: str | None = "normal"
    bock: int = 0  # the deal's bock level (a deal inside running Bockrunden)
