"""The engine's modules import each other without cycles, and so do the build's and the
benchmarks' (build.py, buildtools/, benchmarks/).

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

# Pairs another change is taking apart; listed here so the rest is checked now.
KNOWN_CYCLES: set[frozenset[str]] = set()


def imports_of(path: Path) -> set[str]:
    """The ``doko`` modules ``path`` imports (by module name inside the package)."""
    modules = {p.stem for p in ENGINE.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:  # from .x import y
                found.add(node.module.split(".")[0])
            elif node.level == 1:  # from . import x
                found.update(a.name for a in node.names if a.name in modules)
            elif node.module and node.module.startswith("doko."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("doko."))
    return found & modules - {path.stem}


def graph() -> dict[str, set[str]]:
    return {p.stem: imports_of(p) for p in ENGINE.glob("*.py")}


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


def test_no_import_cycles_in_the_engine() -> None:
    edges = graph()
    assert "state" in edges["api"]  # the walk sees the imports at all
    bad = [c for c in cycles(edges) if frozenset(c) not in KNOWN_CYCLES]
    assert bad == []


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


BOT_MODULES = {"doko.bots", "doko.botregistry", "doko.strong", "doko.search", "doko.ismcts"}
# What plays games with bots: the bot tournament and the matches.
PLAYING = {"doko.sim", "doko.tournament", "doko.bench"}


def loaded_by(module: str) -> set[str]:
    """The ``doko`` modules a fresh interpreter has loaded after importing ``module``."""
    code = f"import sys, {module}; print(' '.join(m for m in sys.modules if m.startswith('doko')))"
    env = {**os.environ, "PYTHONPATH": str(ENGINE.parent)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


def test_the_rules_metadata_loads_no_bot() -> None:
    loaded = loaded_by("doko.metadata")
    assert "doko.rules" in loaded
    assert loaded.isdisjoint(BOT_MODULES | PLAYING)


def test_the_api_loads_only_the_bots_it_serves() -> None:
    """The page's levels play ``standard``, ``beginner`` and ``strong`` (the review too);
    ``ismcts``, ``strong-v1`` and the bot tournament are loaded only when asked for."""
    loaded = loaded_by("doko.api")
    assert {"doko.bots", "doko.strong"} <= loaded
    assert loaded.isdisjoint({"doko.ismcts", "doko.search"} | PLAYING)
