"""The hostile-input harness shared by the engine's and the command line's robustness
tests: mutated records, summaries, evenings and saves, and clean-refusal checks.

Untrusted input (doko.game.untrusted) at every entry point of the engine: hostile records,
summaries, tournament evenings, saved tables, links and requests are refused with a
coded error, or accepted as valid data; never a traceback, a hang or a raw Python error.

The command line (``doko.cli.main``) answers exit 0 or exit 2 with one ``error:`` line;
the api (``doko.api.handle``, what the worker calls) answers JSON the page can parse,
a refusal with a known code and its parameters; ``doko.page.links.decode`` gives a record or
a ``LinkError``. The property tests mutate valid inputs (values, then the JSON text) and
are derandomized, so each run tries the same cases.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from doko import api, cli
from doko.game.errors import MESSAGES, param_names
from doko.game.rules import Rules
from support import view_of
from tourney_data import sheet, summaries

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("DOKO_FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

DEMOS = sorted((ROOT / "engine/doko/demos").glob("*.json"))
RECORDS = [json.loads(p.read_text())["record"] for p in DEMOS]
OLD = json.loads((ROOT / "tests/data/old_links_and_saves.json").read_text())
SAVES = [case["table"] for case in OLD["saves"]]
SUMMARY = {
    "rules": "ddv",
    "contract": "wedding",
    "re": [1, 2],
    "sitting_out": None,
    "eyes_re": 96,
    "tricks": {"re": 4, "kontra": 8},
    "announcements": {"re": [], "kontra": ["kontra"]},
    "specials": [{"kind": "fox", "party": "kontra"}, {"kind": "karlchen", "party": "re"}],
}
SUMMARIES = [SUMMARY, *summaries("lockhausen", 5, 1)[:3], *summaries("ddv", 4, 2)[:2]]


def _evening() -> dict[str, Any]:
    players = list(range(1, 10))
    tour: dict[str, Any] = {
        "id": "t-x",
        "rules": "lockhausen",
        "table_rounds": 2,
        "seed": 7,
        "entrants": [{"id": p, "name": f"P{p}"} for p in players],
        "rounds": [],
    }
    tables = json.loads(
        api.handle(
            "tournament_draw",
            json.dumps({"rules": "lockhausen", "seed": 7, "round": 1, "players": players}),
        )
    )["tables"]
    tour["rounds"].append({"round": 1, "tables": tables, "sheets": [None] * len(tables)})
    tour["rounds"][0]["sheets"][0] = sheet(tour, 1, 1, seed=3)
    return tour


EVENING = _evening()
SHEET = sheet(EVENING, 1, 2, seed=4)
DEEP = "@@deep@@"  # a marker, replaced in the JSON text by brackets nested deeply


# -- hostile JSON values and their mutations ----------------------------------------

KEYS = [
    "rules", "preset", "options", "dealer", "hands", "actions", "seat", "bots", "series",
    "games", "table", "version", "loose", "game", "record", "payload", "summary", "re",
    "eyes_re", "tricks", "announcements", "specials", "tournament", "sheet", "round",
    "players", "seed", "rounds", "throw_kings", "duty_solo_rounds", "poverty_max_trumps",
    "deadlines", "solos", "owes_duty_solo", "forced_solo", "first_dealer", "contract",
]  # fmt: skip
WORDS = [
    "ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch", "0:HT", "1:healthy",
    "2:solo:queens", "CQ", "DA", "re", "kontra", "no90", "normal", "wedding", "fox",
    "doko-table-sheet", "t-x", "A", DEEP,
]  # fmt: skip
NUMBERS = [0, 1, -1, 2, 4, 5, 8, 12, 240, 241, 2**31, 2**40, 2**53, -(2**63), 10**30]
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(NUMBERS),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
VALUES = st.recursive(
    LEAVES,
    lambda kids: (
        st.lists(kids, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), kids, max_size=5)
    ),
    max_leaves=12,
)
# rules with options of any value, out of range or of the wrong type most of the time
OPTION_VALUES = st.one_of(
    st.sampled_from(NUMBERS),
    st.lists(st.sampled_from([*NUMBERS, "a", None, True, 1.5, [1]]), max_size=6),
    VALUES,
)
RULES = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(["ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch"]),
        "options": st.dictionaries(
            st.sampled_from([f.name for f in dataclasses.fields(Rules)]), OPTION_VALUES, max_size=3
        ),
    }
)
HOSTILE = st.one_of(VALUES, VALUES, RULES, st.just(DEEP))


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _changed(value: Any, path: tuple[Any, ...], change: Any) -> Any:
    """``value`` with the item at ``path`` passed through ``change`` (copies on the way)."""
    if not path:
        return change(value)
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _changed(value[head], rest, change)}
    out = list(value)
    out[head] = _changed(value[head], rest, change)
    return out


@st.composite
def mutated(draw: Any, bases: list[Any]) -> Any:
    """A valid input with one to three of its items replaced, dropped, doubled or added."""
    value = draw(st.sampled_from(bases))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_places(value))))
        how = draw(st.sampled_from(["replace", "replace", "drop", "double", "add"]))
        if how == "replace" or not path:
            new = draw(RULES if path and path[-1] == "rules" else HOSTILE)
            value = _changed(value, path, lambda _old, new=new: new)
        elif how == "drop":
            value = _changed(value, path[:-1], lambda box, key=path[-1]: _without(box, key))
        elif how == "double":
            value = _changed(value, path[:-1], lambda box, key=path[-1]: _doubled(box, key))
        else:
            key, new = draw(st.sampled_from(KEYS)), draw(HOSTILE)
            value = _changed(value, path[:-1], lambda box, key=key, new=new: _added(box, key, new))
    return value


def _without(box: Any, key: Any) -> Any:
    if isinstance(box, dict):
        return {k: v for k, v in box.items() if k != key}
    return box[:key] + box[key + 1 :]


def _doubled(box: Any, key: Any) -> Any:
    if isinstance(box, dict):
        return box
    return box[: key + 1] + box[key:]


def _added(box: Any, key: str, new: Any) -> Any:
    return {**box, key: new} if isinstance(box, dict) else [*box, new]


def as_text(value: Any, depth: int = 1000) -> str:
    """JSON text of ``value``, each DEEP marker replaced by ``depth`` nested lists."""
    return json.dumps(value).replace(json.dumps(DEEP), "[" * depth + "]" * depth)


@st.composite
def mutated_text(draw: Any, bases: list[Any]) -> str:
    """A mutated value's JSON, sometimes damaged as text too (cut, a character in or out)."""
    text = as_text(draw(mutated(bases)), draw(st.sampled_from([40, 1000, 3000])))
    how = draw(st.sampled_from(["keep", "keep", "cut", "insert", "delete"]))
    at = draw(st.integers(0, len(text)))
    if how == "cut":
        return text[:at]
    if how == "insert":
        return text[:at] + draw(st.sampled_from(list('[]{}",:-0eE\\') + ["9" * 80])) + text[at:]
    if how == "delete":
        return text[:at] + text[at + 1 :]
    return text


# -- the entry points and what a clean answer is ------------------------------------


def run_cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``python -m doko ARGS`` in this process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    code: Any = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            cli.main(list(args))
    except SystemExit as exit_:
        code = exit_.code
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def assert_clean_cli(*args: str, stdin: str = "") -> int:
    code, out, err = run_cli(*args, stdin=stdin)
    if code == 0:
        assert err == ""
        json.loads(out)  # every command here prints JSON
    else:
        assert code == 2, (code, err)
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), err
        assert "Traceback" not in err and out == ""
    assert isinstance(code, int)
    return code


def _no_constant(name: str) -> Any:
    raise AssertionError(f"{name} in an answer")


def check_refusal(answer: dict[str, Any]) -> None:
    """A coded refusal: a known code (not a Python error's text), exactly its
    parameters, JSON values, a nested reason alike."""
    assert answer["code"] in MESSAGES and answer["code"] != "unexpected", answer
    assert set(answer["params"]) == set(param_names(answer["code"])), answer
    reason = answer["params"].get("reason")
    if isinstance(reason, dict):
        check_refusal(reason)


def ask(kind: Any, payload_text: Any) -> dict[str, Any]:
    """The api's answer, checked: JSON the page's JSON.parse reads, a clean refusal."""
    text = api.handle(kind, payload_text)
    answer: dict[str, Any] = json.loads(text, parse_constant=_no_constant)
    if "error" in answer and "code" in answer:
        check_refusal(answer)
    view: dict[str, Any] = view_of(answer)
    return view


def refused(answer: dict[str, Any]) -> str:
    assert "error" in answer, answer
    code: str = answer["code"]
    return code
