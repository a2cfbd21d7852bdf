"""No hang, no traceback: the untrusted-JSON gate takes time in proportion to its input,
one size bound holds in the worker and on the command line, every path argument of
the command line is refused with one line (exit 2) when it cannot be read or written,
bot specs have caps, and worker requests (doko.api.handle) with hostile bot specs and
payloads are answered. Property tests draw whole command lines and requests."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clirun import doko
from doko import api, cli
from doko.bots import botregistry
from doko.game import untrusted
from untrusted_cases import FUZZ, ask, refused, run_cli

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests/records/ddv_normal_re_announced_lost.json"

# Texts a quadratic gate took minutes on (each is as long as the bound allows).
HOSTILE = {
    "escaped quotes": '\\"' * (untrusted.MAX_TEXT // 2),
    "open string": '"' + '\\"' * ((untrusted.MAX_TEXT - 1) // 2),
    "quoted brackets": '["' + '[\\"' * ((untrusted.MAX_TEXT - 2) // 3),
}


def one_line_exit_2(out: Any) -> str:
    assert out.returncode == 2, (out.returncode, out.stderr)
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    assert "Traceback" not in out.stderr
    return str(lines[0])


# -- the gate ---------------------------------------------------------------------------


@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_the_gate_refuses_a_megabyte_of_hostile_text_in_linear_time(shape: str) -> None:
    text = HOSTILE[shape]
    assert len(text) <= untrusted.MAX_TEXT
    start = time.perf_counter()
    with pytest.raises(untrusted.InputError) as info:
        untrusted.parse_json(text)
    # a scan from every quote took 0.3 s for 10 kB, 19 s for 80 kB: about an hour here
    assert time.perf_counter() - start < 5
    assert info.value.code == "malformed-json"


@pytest.mark.parametrize("command", ["replay", "score", "tournament-standings"])
def test_the_command_line_refuses_a_megabyte_of_escaped_quotes_with_exit_2(
    command: str, tmp_path: Path
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(HOSTILE["escaped quotes"])
    start = time.perf_counter()
    out = doko(command, str(path), timeout=60)
    assert "malformed JSON" in one_line_exit_2(out) or "not JSON" in out.stderr
    assert time.perf_counter() - start < 10  # Python's start-up included


def test_one_more_character_than_the_bound_is_too_large_everywhere() -> None:
    assert api.MAX_PAYLOAD == cli.MAX_INPUT == untrusted.MAX_TEXT
    code, _, err = run_cli("replay", "-", stdin=" " * (untrusted.MAX_TEXT + 1))
    assert code == 2 and "input too large" in err
    assert refused(ask("view", " " * (untrusted.MAX_TEXT + 1))) == "input-too-large"
    # the worker refuses the same size before the engine sees it: the build gives it
    # doko.game.untrusted.MAX_TEXT (read from the source, so no second copy of the figure)
    import build

    assert build.untrusted_bound() == untrusted.MAX_TEXT
    worker = (ROOT / "web/worker.js").read_text()
    assert re.search(r"const MAX_TEXT = BUILD\.maxText\b", worker)


# -- path arguments ---------------------------------------------------------------------


def bad_paths(tmp: Path) -> dict[str, str]:
    """What a path argument can be that cannot be used (we may run as root, so file
    modes are no test; a path below a plain file and /dev/full fail for root too)."""
    plain = tmp / "plain.txt"
    plain.write_text("{}")
    return {
        "a directory": str(tmp),
        "a missing directory": str(tmp / "missing" / "out.json"),
        "below a plain file": str(plain / "out.json"),
        "a full device": "/dev/full",
    }


OUTPUTS = [
    ["simulate", "--rules", "ddv", "--games", "3", "--records"],
    ["series", "--rules", "ddv", "--rounds", "1", "--record"],
]


@pytest.mark.parametrize("command", OUTPUTS, ids=["simulate --records", "series --record"])
def test_an_output_file_that_cannot_be_written_is_one_line_and_exit_2(
    command: list[str], tmp_path: Path
) -> None:
    for why, path in bad_paths(tmp_path).items():
        code, _, err = run_cli(*command, path)
        assert code == 2, (why, code, err)
        assert err.count("\n") == 1 and err.startswith(f"error: cannot write {path}"), (why, err)
    good = tmp_path / "out.json"
    code, _, err = run_cli(*command, str(good))
    assert code == 0, err
    assert good.read_text().strip()


@pytest.mark.parametrize("command", ["replay", "score", "tournament-standings"])
def test_an_input_file_that_cannot_be_read_is_one_line_and_exit_2(
    command: str, tmp_path: Path
) -> None:
    paths = bad_paths(tmp_path)
    del paths["a full device"]  # reads as empty: malformed JSON, exit 2 as well
    paths["a missing file"] = str(tmp_path / "none.json")
    for why, path in paths.items():
        code, _, err = run_cli(command, path)
        assert code == 2, (why, err)
        assert err.count("\n") == 1 and err.startswith(f"error: cannot read {path}"), (why, err)


def test_a_simulation_that_fills_the_disk_stops_with_one_line() -> None:
    # enough games that the records overflow the write buffer mid-run
    out = doko("simulate", "--rules", "ddv", "--games", "300", "--records", "/dev/full")
    assert "No space left" in one_line_exit_2(out)


# -- bot caps ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("strong#999999", "at most 1000 worlds after #"),
        ("strong-v1#1001", "at most 1000 worlds after #"),
        ("ismcts#100001", "at most 100000 iterations after #"),
        ("strong@600001", "at most 600000 milliseconds after @"),
        ("ismcts#5@" + "9" * 5000, "at most 600000 milliseconds after @"),
        ("strong#0", "must be a whole number above 0"),
        ("strong#²", "must be a whole number above 0"),
        ("strong#-3", "must be a whole number above 0"),
    ],
)
def test_bot_specs_beyond_their_caps_are_refused_with_the_reason(spec: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        botregistry.get_bot(spec)
    code, _, err = run_cli("simulate", "--rules", "ddv", "--games", "1", "--bots", spec)
    assert code == 2 and reason in err and err.count("\n") == 1
    if len(spec) <= 40:
        answer = ask("new_game", json.dumps({"rules": "ddv", "bots": [None, spec, spec, spec]}))
        assert refused(answer) == "bad-bot" and reason in answer["params"]["detail"]


def test_the_caps_themselves_are_allowed_and_documented() -> None:
    for spec in ("strong#1000@600000", "strong-v1#1000", "ismcts#100000@600000"):
        assert callable(botregistry.get_bot(spec))
    formats = (ROOT / "docs/formats.md").read_text()
    for unit, most in botregistry.CAPS.items():
        assert f"{most:,} {unit}" in formats, unit


# -- property tests ---------------------------------------------------------------------

WORDS = st.sampled_from(
    ["", "-", "0", "1", "2", "-1", "9" * 30, "ddv", "lockhausen", "x", "{", '{"preset": 1}', "\x00"]
)
BOTS = st.sampled_from(
    ["random", "standard", "beginner", "strong#999999", "ismcts#0", "strong#x", "#", "@", ""]
)
SMALL = st.integers(-2, 3).map(str)
OPTIONS = {
    "--rules": st.one_of(WORDS, st.sampled_from(["ddv", "klassisch", "turnier"])),
    "--games": SMALL,
    "--rounds": SMALL,
    "--players": st.one_of(SMALL, st.sampled_from(["5", "6", "8"])),
    "--seed": st.one_of(SMALL, WORDS),
    "--bots": st.one_of(BOTS, st.lists(BOTS, min_size=2, max_size=5).map(",".join)),
    "--bot": BOTS,
    "--entrants": st.one_of(SMALL, st.sampled_from(["4", "99999999"])),
    "--table-rounds": SMALL,
    "--jobs": st.sampled_from(["0", "1", "257", "x"]),
    "--json": st.none(),
    "--bogus": WORDS,
}
COMMANDS = ["rules", "replay", "score", "simulate", "match", "series", "tournament",
            "tournament-standings", "nothing", ""]  # fmt: skip


@st.composite
def command_lines(draw: Any, tmp: Path) -> list[str]:
    """A command, maybe a file argument, some options with odd values, in any order."""
    argv = [draw(st.sampled_from(COMMANDS))]
    paths = [*bad_paths(tmp).values(), str(RECORD), "-", str(tmp / "out.jsonl"), "\x00bad"]
    if draw(st.booleans()):
        argv.append(draw(st.sampled_from(paths)))
    for name in draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=5)):
        value = draw(OPTIONS[name])
        argv += [name] if value is None else [name, value]
    if draw(st.integers(0, 3)) == 0:
        argv += [draw(st.sampled_from(["--records", "--record"])), draw(st.sampled_from(paths))]
    return argv


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("argv")


@FUZZ
@given(data=st.data())
def test_any_command_line_exits_0_or_2_with_one_line(data: Any, scratch: Path) -> None:
    argv = data.draw(command_lines(scratch))
    code, out, err = run_cli(*argv, stdin=data.draw(st.sampled_from(["", "{", '\\"' * 500])))
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, err)
    else:
        assert err == "" and out, argv
    assert "Traceback" not in err


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KINDS = [
    k for k in api.SESSION.handlers if k != "bench"
]  # the benchmark plays as long as it is told


@FUZZ
@given(
    kind=st.one_of(st.sampled_from(KINDS), st.text(max_size=50)),
    payload=st.one_of(
        st.dictionaries(
            st.sampled_from(["rules", "seed", "players", "bots", "level", "record", "summary",
                             "table", "payload", "action", "seat", "tournament", "sheet"]),
            st.one_of(JSONISH, BOTS, st.lists(BOTS, min_size=4, max_size=4)),
            max_size=5,
        ).map(json.dumps),
        JSONISH.map(json.dumps),
        st.text(max_size=200),
        st.sampled_from(['\\"' * 5000, '"' + '\\"' * 5000, "[" * 5000]),
    ),
)  # fmt: skip
def test_any_worker_request_is_answered_with_a_result_or_a_coded_refusal(
    kind: str, payload: str
) -> None:
    start = time.perf_counter()
    answer = ask(kind, payload)  # checks a refusal's code and parameters
    assert isinstance(answer, dict)
    assert time.perf_counter() - start < 30, (kind, payload[:80])
