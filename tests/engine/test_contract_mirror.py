"""The page's JSDoc mirror of the engine's contract (web/core/contract.js) names the same
keys as doko.page.contract, and its request table every request the engine answers."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from doko import api
from doko.game import bock, scoring
from doko.page import contract, plates

MIRROR = Path(__file__).resolve().parents[2] / "web" / "core" / "contract.js"
TYPEDEF = re.compile(r"@typedef \{Object\} (\w+)")
PROPERTY = re.compile(r"@property \{.*?\} \[?(\w+)\]?")


def mirrored() -> dict[str, set[str]]:
    """Each `@typedef {Object} Name` of the mirror with its `@property` names."""
    out: dict[str, set[str]] = {}
    current: set[str] | None = None
    for line in MIRROR.read_text(encoding="utf-8").splitlines():
        if (found := TYPEDEF.search(line)) is not None:
            current = out.setdefault(found.group(1), set())
        elif "@typedef" in line:
            current = None
        elif current is not None and (prop := PROPERTY.search(line)) is not None:
            current.add(prop.group(1))
    return out


def declared() -> dict[str, set[str]]:
    """Every shape of doko.page.contract, and the plates' (the view holds them)."""
    shapes = [
        value
        for value in vars(contract).values()
        if isinstance(value, type)
        and typing.is_typeddict(value)
        and value.__module__ == contract.__name__
    ]
    return {
        shape.__name__: set(typing.get_type_hints(shape))
        for shape in [*shapes, plates.Plate, plates.Tag, scoring.Reckoning, bock.BockStarted]
        if typing.get_type_hints(shape)  # TableOpened has no keys to mirror
    }


def test_every_declared_shape_is_mirrored_key_for_key() -> None:
    page = mirrored()
    for name, keys in declared().items():
        assert name in page, f"web/core/contract.js has no typedef {name}"
        assert page[name] == keys, f"{name}: page {sorted(page[name])} vs engine {sorted(keys)}"


def test_the_request_table_names_every_request_the_engine_answers() -> None:
    assert mirrored()["Requests"] == set(api.Session().handlers)


def test_the_mirror_check_sees_a_missing_key() -> None:
    """The parser reads what it should: the view's keys, the optional one included."""
    view = mirrored()["View"]
    assert {"known_parties", "bock_to_come", "public"} <= view
    assert "not_a_key" not in view
