"""The build's and the benchmarks' modules import each other without cycles (build.py,
buildtools/, benchmarks/); the engine's are checked, layer by layer, in test_layers.

Every import counts: at module level, inside functions, and under
``TYPE_CHECKING`` (a cycle there is still two modules that need each other).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine" / "doko"
TOOL_PACKAGES = ("buildtools", "benchmarks")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every elementary cycle found by a depth-first walk (each reported once)."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(start: str, node: str, path: list[str]) -> None:
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                key = frozenset(path)
                if key not in seen:
                    seen.add(key)
                    found.append([*path, start])
            elif nxt not in path and nxt > start:  # each cycle from its smallest module
                walk(start, nxt, [*path, nxt])

    for start in sorted(edges):
        walk(start, start, [start])
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def tool_modules() -> dict[str, Path]:
    """build.py and the modules of buildtools/ and benchmarks/, by import name."""
    found = {"build": ROOT / "build.py"}
    for package in TOOL_PACKAGES:
        found.update({f"{package}.{p.stem}": p for p in (ROOT / package).glob("*.py")})
    return found


def tool_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            named = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            found.update(named & set(modules))
    return found


def test_no_import_cycles_in_the_build_and_the_benchmarks() -> None:
    modules = tool_modules()
    edges = {name: tool_imports(path, modules) - {name} for name, path in modules.items()}
    assert {"buildtools.site", "benchmarks.page_bench"} <= edges["build"]  # the walk sees them
    assert "buildtools.site" in edges["benchmarks.page_bench"]
    assert cycles(edges) == []


BOT_MODULES = {
    "doko.bots.bots",
    "doko.bots.botregistry",
    "doko.bots.strong",
    "doko.bots.search",
    "doko.bots.ismcts",
}
# What plays games with bots: the bot tournament and the matches.
PLAYING = {"doko.bots.sim", "doko.table.tournament", "doko.bots.bench"}


def loaded_by(module: str) -> set[str]:
    """The ``doko`` modules a fresh interpreter has loaded after importing ``module``."""
    code = f"import sys, {module}; print(' '.join(m for m in sys.modules if m.startswith('doko')))"
    env = {**os.environ, "PYTHONPATH": str(ENGINE.parent)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


def test_the_rules_metadata_loads_no_bot() -> None:
    loaded = loaded_by("doko.page.metadata")
    assert "doko.game.rules" in loaded
    assert loaded.isdisjoint(BOT_MODULES | PLAYING)


def test_the_api_loads_only_the_bots_it_serves() -> None:
    """The page's levels play ``standard``, ``beginner`` and ``strong`` (the review too);
    ``ismcts``, ``strong-v1`` and the bot tournament are loaded only when asked for."""
    loaded = loaded_by("doko.api")
    assert {"doko.bots.bots", "doko.bots.strong"} <= loaded
    assert loaded.isdisjoint({"doko.bots.ismcts", "doko.bots.search"} | PLAYING)
