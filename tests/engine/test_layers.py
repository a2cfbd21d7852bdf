"""The engine's subpackages stack in layers: a module imports only its own layer and
the ones below, and no modules import each other in a circle.

``doko.game`` (the rules of one deal) < ``doko.bots`` < ``doko.table`` (many deals) <
``doko.page`` < the entry points in ``doko`` itself (``api``, ``cli``). Every import
counts: at module level, inside functions and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from test_imports import cycles

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "doko"
LAYERS = ("game", "bots", "table", "page", "")  # lowest first; "" is the package itself


def module_name(path: Path) -> str:
    """``game.state`` for engine/doko/game/state.py, ``api`` for engine/doko/api.py."""
    parts = path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The engine modules the module ``name`` imports, wherever in it."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
            elif node.module and node.module.split(".")[0] == "doko":
                base, node_module = [], node.module.split(".", 1)[1:]
                found |= _named(".".join(node_module), node.names, known)
                continue
            else:
                continue
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found |= _named(target, node.names, known)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("doko."):
                    found.add(alias.name.split(".", 1)[1])
    return (found & known) - {name}


def _named(target: str, names: list[ast.alias], known: set[str]) -> set[str]:
    """``from target import names``: the modules among the names, else ``target`` itself."""
    submodules = {f"{target}.{a.name}".lstrip(".") for a in names} & known
    return submodules or {target}


def layer(name: str) -> int:
    first = name.split(".")[0]
    return LAYERS.index(first if first in LAYERS else "")


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def test_the_walk_sees_the_imports() -> None:
    edges = graph()
    assert "game.state" in edges["api"]
    assert "game.cards" in edges["game.state"]
    assert "bots.strong" in edges["bots.botregistry"]  # imported on demand
    assert "game.rules" in edges["page.metadata"]


def test_every_module_sits_in_a_layer() -> None:
    top = {name for name in modules() if "." not in name}
    assert top == {"", "api", "cli", "__main__", *LAYERS[:-1]}  # the entry points only


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a module in a higher layer, as ``importer -> imported``."""
    return [
        f"{name} -> {target}"
        for name, targets in sorted(edges.items())
        for target in sorted(targets)
        if layer(target) > layer(name)
    ]


def test_no_module_imports_a_higher_layer() -> None:
    assert upward(graph()) == []


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


def test_the_layer_check_catches_an_upward_import() -> None:
    edges = {"game.state": {"game.cards", "bots.strong"}, "page.share": {"table.series"}}
    assert upward(edges) == ["game.state -> bots.strong"]
    assert upward({"table.series": {"api"}}) == ["table.series -> api"]
