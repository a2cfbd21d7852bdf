"""Untrusted input at every entry point of the engine (the harness and its cases are in
``tests/untrusted_cases.py``): hostile records, summaries, evenings, saved tables, links
and requests are refused with a coded error or accepted as valid data; never a
traceback, a hang or a raw Python error.
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doko import api, cli
from doko.game import untrusted
from doko.game.errors import MESSAGES, DokoError, LinkError
from doko.game.notation import replay
from doko.game.rules import load_rules
from doko.page import links
from doko.table.evening import check_sheet
from untrusted_cases import (
    EVENING,
    FUZZ,
    OLD,
    RECORDS,
    ROOT,
    SAVES,
    SHEET,
    SUMMARIES,
    SUMMARY,
    VALUES,
    as_text,
    ask,
    assert_clean_cli,
    check_refusal,
    mutated,
    mutated_text,
    refused,
    run_cli,
)

# -- property tests ------------------------------------------------------------------


@FUZZ
@given(text=mutated_text(RECORDS))
def test_the_command_line_replays_or_refuses_mutated_records(text: str) -> None:
    assert_clean_cli("replay", "-", stdin=text)


@FUZZ
@given(text=mutated_text(SUMMARIES))
def test_the_command_line_scores_or_refuses_mutated_summaries(text: str) -> None:
    assert_clean_cli("score", "-", stdin=text)


@FUZZ
@given(text=mutated_text([EVENING, {"tournament": EVENING, "names": {}}]))
def test_the_command_line_ranks_or_refuses_mutated_evenings(text: str) -> None:
    assert_clean_cli("tournament-standings", "-", "--json", stdin=text)


@FUZZ
@given(text=mutated_text([save["series"] for save in SAVES if save["series"]]))
def test_the_command_line_replays_or_refuses_mutated_series(text: str) -> None:
    assert_clean_cli("replay", "-", stdin=text)


API_BASES: list[tuple[str, Any]] = [
    ("new_game", {"rules": "ddv", "seed": 1, "players": 4, "level": "standard", "rounds": 2}),
    ("new_game", {"rules": {"preset": "klassisch", "options": {"throw_kings": 4}}, "players": 6}),
    ("load_record", {"record": RECORDS[0], "seat": 1}),
    ("replay_record", {"record": RECORDS[5]}),
    ("encode_link", {"record": RECORDS[9]}),
    ("open_link", {"payload": OLD["links"][0]["link"]}),
    ("score", {"summary": SUMMARY}),
    ("tournament_draw", {"rules": "lockhausen", "seed": 3, "round": 1, "players": [1, 2, 3, 4]}),
    ("tournament_check_sheet", {"tournament": EVENING, "sheet": SHEET}),
    ("tournament_standings", {"tournament": EVENING}),
    *(("resume", {"table": save}) for save in SAVES),
]


@FUZZ
@given(st.data())
def test_the_api_answers_mutated_requests_cleanly(data: Any) -> None:
    kind, base = data.draw(st.sampled_from(API_BASES))
    if data.draw(st.integers(0, 9)) == 0:
        # any request but the engine's benchmark, which plays as many games as it is told
        kind = data.draw(
            st.sampled_from([k for k in api.SESSION.handlers if k != "bench"] + ["", "?"])
        )
    text = data.draw(mutated_text([base]))
    ask(kind, text)
    # whatever came before, the engine still deals and plays
    assert "legal" in ask("new_game", json.dumps({"rules": "ddv", "seed": 2}))
    assert "legal" in ask("act", json.dumps({"action": ask("view", "{}")["legal"][0]}))


@FUZZ
@given(st.data())
def test_the_api_resumes_or_refuses_mutated_saved_tables(data: Any) -> None:
    table = data.draw(mutated(SAVES))
    answer = ask("resume", json.dumps({"table": table}))
    if "error" not in answer:
        assert answer["legal"] is not None and "sheet" in answer


LINK = links.encode(RECORDS[3])
BODY = links._pack(*links.parse_record(RECORDS[3]))
AFTER_RULES = BODY[1 + BODY[0] :]  # the body behind its rules (a one-byte length)


def wrap(body: bytes, deflate: bool = False) -> str:
    """A link around ``body`` with a correct checksum: the decoder reads the body."""
    data = zlib.compress(body) if deflate else body
    raw = bytes([1 if deflate else 0]) + data
    raw += zlib.crc32(raw).to_bytes(4, "big")
    return links.VERSION + links.base64.urlsafe_b64encode(raw).decode().rstrip("=")


@st.composite
def mutated_links(draw: Any) -> str:
    how = draw(st.sampled_from(["text", "body", "body", "rules"]))
    if how == "text":  # a damaged link: the checksum should catch it
        text = list(LINK)
        for _ in range(draw(st.integers(1, 4))):
            text[draw(st.integers(0, len(text) - 1))] = draw(st.sampled_from("AZaz09-_+/=%"))
        return "".join(text)
    if how == "body":  # a crafted link: damage behind a correct checksum
        body = bytearray(BODY)
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(body) - 1))
            if draw(st.booleans()):
                body[at] = draw(st.integers(0, 255))
            else:
                body = body[:at] + body[at + draw(st.integers(1, 8)) :]
        return wrap(bytes(body), draw(st.booleans()))
    rules = as_text(draw(VALUES), draw(st.sampled_from([10, 1000, 2000]))).encode()[:4000]
    return wrap(links._varint(len(rules)) + rules + AFTER_RULES)


@FUZZ
@given(text=mutated_links())
def test_links_decode_to_a_record_or_refuse_with_a_link_error(text: str) -> None:
    try:
        record = links.decode(text)
    except LinkError as err:
        check_refusal(err.reply())
    else:
        replay(record)  # a record the link gives is a legal game


# -- explicit cases ------------------------------------------------------------------

NESTED = {depth: "[" * depth + "]" * depth for depth in (33, 1000, 3000)}


@pytest.mark.parametrize("depth", [1000, 3000])
@pytest.mark.parametrize("command", ["replay", "score", "tournament-standings"])
def test_deep_nesting_on_the_command_line_exits_2(command: str, depth: int) -> None:
    for text in (NESTED[depth], '{"a":' * depth + "1" + "}" * depth):
        code, _, err = run_cli(command, "-", stdin=text)
        assert code == 2 and err == "error: input nested deeper than 32 levels\n"
    nested_rules = '{"preset": "ddv", "options": ' + NESTED[depth] + "}"
    code, _, err = run_cli("simulate", "--rules", nested_rules, "--games", "1")
    assert code == 2 and len(err.splitlines()) == 1


def test_command_line_refusals_name_the_problem() -> None:
    record = dict(RECORDS[0])
    cases = {
        "null": "a record is a JSON object",
        "[]": "a record is a JSON object",
        '"x"': "malformed JSON: Expecting value at line 1 column 1",
        '{"rules": NaN}': "NaN is not a JSON number",
        '{"dealer": 1e999}': "1e999 is not a JSON number",
        '{"dealer": ' + "9" * 5000 + "}": "a number longer than 64 digits",
        json.dumps({**record, "dealer": 2**70}): "dealer must be a seat",
        json.dumps({**record, "hands": 5}): "hands must be a list of strings",
        json.dumps({**record, "actions": [1, 2]}): "actions must be a list of strings",
        '{"rules": "ddv"': "malformed JSON: Expecting ',' delimiter at line 1 column 16",
    }
    for text, message in cases.items():
        code, _, err = run_cli("replay", "-", stdin=text)
        assert code == 2 and message in err and len(err.splitlines()) == 1, (text, err)
    code, _, err = run_cli("replay", "-", stdin=" " * (cli.MAX_INPUT + 1))
    assert code == 2 and "input too large" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--rules", "ddv", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--rules", "ddv", "--games", "x"], "--games must be a whole number"),
        (["match", "--rules", "ddv", "--games", "-3", "--bots", "standard,random"], "--games"),
        (["match", "--rules", "ddv", "--games", "1", "--bots", "a,b", "--jobs", "0"], "--jobs"),
        (["tournament", "--rules", "lockhausen", "--entrants", str(10**9)], "at most 10000"),
        (
            ["simulate", "--games", "1", "--rules", '{"preset": "ddv", "options": {"x": 1e999}}'],
            "1e999 is not a JSON number",
        ),
    ],
)
def test_bad_counts_on_the_command_line_exit_2(args: list[str], message: str) -> None:
    code, out, err = run_cli(*args)
    assert code == 2 and message in err and len(err.splitlines()) == 1 and out == "", err


@pytest.mark.parametrize(
    ("options", "option", "value"),
    [
        ({"throw_kings": -1}, "throw_kings", -1),
        ({"duty_solo_rounds": 2**40}, "duty_solo_rounds", 2**40),
        ({"poverty_max_trumps": -1}, "poverty_max_trumps", -1),
        ({"wedding_tricks": 13}, "wedding_tricks", 13),
        ({"deadlines": [11, 10, 9, 8, -7]}, "deadlines", -7),
        ({"deadlines": [99, 10, 9, 8, 7]}, "deadlines", 99),
    ],
)
def test_options_out_of_their_declared_range_are_refused_everywhere(
    options: dict[str, Any], option: str, value: int
) -> None:
    rules = {"preset": "ddv", "options": options}
    with pytest.raises(DokoError) as info:
        load_rules(rules)
    assert info.value.code == "option-out-of-range"
    assert info.value.params["option"] == option and info.value.params["value"] == value
    # the same refusal from a record, a new table, a summary and the command line
    answer = ask("replay_record", json.dumps({"record": {**RECORDS[0], "rules": rules}}))
    assert answer["code"] == "record-rules"
    assert answer["params"]["reason"]["code"] == "option-out-of-range"
    assert ask("new_game", json.dumps({"rules": rules}))["code"] == "option-out-of-range"
    assert refused(ask("score", json.dumps({"summary": {**SUMMARY, "rules": rules}})))
    code, _, err = run_cli("replay", "-", stdin=json.dumps({**RECORDS[0], "rules": rules}))
    assert code == 2 and f"option {option}: {value} is not within" in err


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"deadlines": [11, "a", 9, 8, 7]}, "option-not-int"),
        ({"deadlines": [[1]] * 5}, "option-not-int"),
        ({"deadlines": [11.5, 10, 9, 8, 7]}, "option-not-int"),
        ({"players": [4, 4.0]}, "option-not-int"),
        ({"players": [4, True]}, "option-not-int"),
        ({"solos": [["queens"]]}, "option-not-text"),
        ({"specials": [None]}, "option-not-text"),
        ({"throw_kings": 2.0}, "option-not-int"),
    ],
)
def test_list_options_hold_values_of_their_type(options: dict[str, Any], code: str) -> None:
    with pytest.raises(DokoError) as info:
        load_rules({"preset": "ddv", "options": options})
    assert info.value.code == code


@pytest.mark.parametrize("depth", [1000, 3000])
def test_a_deeply_nested_request_is_answered(depth: int) -> None:
    for payload in (
        '{"record": ' + NESTED[depth] + "}",
        '{"table": ' + '{"a":' * depth + "1" + "}" * depth + "}",
        NESTED[depth],
    ):
        answer = ask("resume", payload)
        assert answer["code"] == "input-too-deep" and answer["params"] == {"most": 32}


def test_requests_of_the_wrong_shape_are_answered() -> None:
    assert refused(ask([], "{}")) == "request-shape"
    assert refused(ask(None, "{}")) == "request-shape"
    assert refused(ask("x" * 100, "{}")) == "request-shape"
    assert refused(ask("view", None)) == "payload-not-json"
    assert refused(ask("view", "null")) == "payload-not-object"
    assert refused(ask("view", "[]")) == "payload-not-object"
    assert refused(ask("nope", "{}")) == "unknown-request"
    assert refused(ask("view", " " * (api.MAX_PAYLOAD + 1))) == "input-too-large"
    assert refused(ask("view", '{"a": NaN}')) == "json-not-finite"
    assert refused(ask("view", '{"a": 1e400}')) == "json-not-finite"
    assert refused(ask("view", '{"a": ' + "1" * 100 + "}")) == "input-number-too-long"
    assert refused(ask("view", "{")) == "malformed-json"


@pytest.mark.parametrize(
    ("kind", "payload", "code"),
    [
        ("new_game", {"rules": None}, "rules-shape"),
        ("new_game", {"rules": "ddv", "seed": 1.5}, "not-whole-number"),
        ("new_game", {"rules": "ddv", "players": 2**70}, "players-not-allowed"),
        ("new_game", {"rules": "ddv", "rounds": 2**40}, "rounds-range"),
        ("new_game", {"rules": "ddv", "bots": [[], None, None, None]}, "bot-name"),
        ("load_record", {"record": None}, "record-not-object"),
        ("load_record", {"record": {**RECORDS[0], "dealer": -1}}, "record-dealer"),
        ("resume", {"table": None}, "saved-table"),
        ("resume", {"table": {"version": 2**70}}, "saved-table"),
        ("score", {"summary": {**SUMMARY, "eyes_re": 2**70}}, "eyes-range"),
        ("score", {"summary": {**SUMMARY, "re": [2**70, 1]}}, "re-seat-range"),
        (
            "tournament_draw",
            {"seed": 1, "round": 2**40, "players": [1, 2, 3, 4]},
            "tournament-rounds",
        ),
        ("tournament_standings", {"tournament": None}, "tournament-data"),
        ("tournament_check_sheet", {"tournament": EVENING, "sheet": []}, "tournament-sheet-kind"),
        ("open_link", {"payload": None}, "link-not-text"),
        ("open_link", {"payload": ["A"]}, "link-not-text"),
        ("act", {"action": 5}, "action-not-string"),
    ],
)
def test_wrong_types_and_huge_numbers_are_refused_with_codes(
    kind: str, payload: dict[str, Any], code: str
) -> None:
    ask("new_game", json.dumps({"rules": "ddv", "seed": 1}))
    assert refused(ask(kind, json.dumps(payload))) == code


@pytest.mark.parametrize("depth", [1000, 3000])
def test_a_link_with_deeply_nested_rules_is_a_link_error(depth: int) -> None:
    rules = NESTED[depth][:4000].encode()
    text = wrap(links._varint(len(rules)) + rules + AFTER_RULES, deflate=True)
    with pytest.raises(LinkError) as info:
        links.decode(text)
    assert info.value.code == "link-damaged"
    assert info.value.params["reason"].code == "input-too-deep"


def test_a_link_error_never_lets_a_python_error_through(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(data: bytes) -> dict[str, Any]:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(links, "_unpack", broken)
    with pytest.raises(LinkError) as info:
        links.decode(LINK)
    assert info.value.code == "link-damaged"


def test_the_depth_scan_skips_strings_and_stops_early() -> None:
    assert untrusted.nesting('{"a": "[[[[{{{{", "b": [[1]]}') == 3
    assert untrusted.nesting('["\\"[[[[", []]') == 2
    assert untrusted.nesting("[" * 10**6) == untrusted.MAX_DEPTH + 1
    assert untrusted.parse_json('{"x": "' + "9" * 200 + '"}') == {"x": "9" * 200}


def test_every_code_is_translated_in_both_languages() -> None:
    """The page says every refusal in its language (web/i18n.js errorText), the
    worker's own ones (web/worker.js) too."""
    worker = (ROOT / "web/worker.js").read_text()
    worker_codes = set(re.findall(r'refusal\("([a-z0-9-]+)"', worker)) | {"engine-failure"}
    assert worker_codes >= {"request-shape", "payload-not-json", "input-too-large"}
    for lang in ("de", "en"):
        text = (ROOT / f"web/lang/{lang}.js").read_text()
        keys = set(re.findall(r'"err\.([a-z0-9-]+)"\s*:', text))
        assert set(MESSAGES) | worker_codes <= keys, (lang, set(MESSAGES) - keys)
    assert worker_codes - {"engine-failure"} <= set(MESSAGES)  # the engine words them too


def test_a_sheet_check_refuses_a_deep_sheet_before_reading_it() -> None:
    deep: Any = "x"
    for _ in range(40):
        deep = [deep]
    answer = ask("tournament_check_sheet", json.dumps({"tournament": EVENING, "sheet": deep}))
    assert refused(answer) == "input-too-deep"
    assert len(check_sheet(EVENING, SHEET)["totals"]) == len(SHEET["players"])
