"""Share links: round trips on random games, thousands of bad links, the size of one."""

from __future__ import annotations

import base64
import json
import os
import random
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from doko.bots import sim
from doko.game.notation import record_of, replay
from doko.game.outcome import result
from doko.game.rules import load_rules
from doko.game.state import new_game
from doko.page import links

ROOT = Path(__file__).resolve().parents[2]
PRESETS = ("ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch")
ROUND_TRIP_GAMES = int(os.environ.get("DOKO_LINK_GAMES", "10000"))


def _round_trips(job: tuple[str, int, int, int]) -> tuple[int, int]:
    """Simulate games and check encode -> decode -> encode on each; (games, max length)."""
    preset, players, games, seed = job
    longest = 0

    def check(state: Any, outcome: dict[str, Any]) -> None:
        nonlocal longest
        text = links.encode_state(state)
        record = links.decode(text)
        assert links.encode(record) == text
        if state.dealer == 0 and len(record["actions"]) % 7 == 0:  # a sample: replay costs
            assert result(replay(record))["points"] == outcome["points"]
        longest = max(longest, len(text))

    # random seats choose among every legal action: announcements, reservations, all
    sim.simulate(load_rules(preset), games, seed, ["random"] * players, players, on_game=check)
    return games, longest


@pytest.mark.slow
def test_round_trip_on_random_games() -> None:
    jobs = []
    per = ROUND_TRIP_GAMES // 10
    for i in range(10):
        preset = PRESETS[i % len(PRESETS)]
        players = {8: 8, 9: 6}.get(i, 5 if i == 5 else 4) if preset == "klassisch" else 4
        if i == 5:
            preset, players = "ddv", 5
        jobs.append((preset, players, per, 1000 + i))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        done = list(pool.map(_round_trips, jobs))
    seconds = time.perf_counter() - start
    total = sum(g for g, _ in done)
    assert total == per * 10
    print(
        f"\nlinks: {total} random games round-tripped in {seconds:.1f} s; "
        f"longest link {max(n for _, n in done)} characters"
    )


def _sample_states() -> list[Any]:
    states = []

    def keep(state: Any, outcome: dict[str, Any]) -> None:
        states.append(state)

    for preset in PRESETS:
        sim.simulate(load_rules(preset), 4, 7, ["standard"] * 4, on_game=keep)
    return states


def _raw(text: str) -> bytes:
    body = text[1:]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))


def _wrap_raw(raw: bytes) -> str:
    return "A" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _sealed(flags: int, data: bytes) -> str:
    """A link with a correct checksum around arbitrary content."""
    raw = bytes([flags]) + data
    return _wrap_raw(raw + zlib.crc32(raw).to_bytes(4, "big"))


def _body(start: Any, picks: list[int], count: int | None = None) -> bytes:
    rules = json.dumps(start.rules.to_json()).encode()
    out = bytearray(links._varint(len(rules)) + rules)
    out += bytes([start.players, start.dealer, 0, 255])
    out += links._pack_deal(start)
    out += links._varint(len(picks) if count is None else count)
    for p in picks:
        out += links._varint(p)
    return bytes(out)


def _picks(state: Any) -> tuple[Any, list[int]]:
    text = links.encode_state(state)
    raw = _raw(text)[:-4]
    data = zlib.decompress(raw[1:]) if raw[0] & 1 else raw[1:]
    start = new_game(state.rules, state.dealt, state.dealer)
    head = len(_body(start, []))
    reader = links._Reader(data[head - 1 :])
    count = reader.varint()
    return start, [reader.varint() for _ in range(count)]


def bad_links(rng: random.Random) -> list[str]:
    states = _sample_states()
    good = [links.encode_state(s) for s in states]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    bad: list[str] = []
    for _ in range(600):  # random text, any characters
        bad.append("".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(0, 300))))
    for _ in range(900):  # random base64url behind the right version letter
        bad.append("A" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 400))))
    for _ in range(1000):  # truncated
        text = rng.choice(good)
        bad.append(text[: rng.randrange(0, len(text))])
    for _ in range(1000):  # one character changed
        text = list(rng.choice(good))
        i = rng.randrange(len(text))
        text[i] = rng.choice([c for c in alphabet if c != text[i]])
        bad.append("".join(text))
    for _ in range(600):  # one bit flipped in the bytes
        raw = bytearray(_raw(rng.choice(good)))
        i = rng.randrange(len(raw) * 8)
        raw[i // 8] ^= 1 << (i % 8)
        bad.append(_wrap_raw(bytes(raw)))
    for _ in range(800):  # illegal moves and broken bodies with a valid checksum
        state = rng.choice(states)
        start, picks = _picks(state)
        kind = rng.randrange(6)
        if kind == 0:
            i = rng.randrange(len(picks))
            picks[i] = picks[i] + 60 + rng.randrange(300)
            bad.append(_sealed(0, _body(start, picks)))
        elif kind == 1:
            bad.append(_sealed(0, _body(start, picks + [0])))  # after the end of the game
        elif kind == 2:
            bad.append(_sealed(0, _body(start, picks, len(picks) + 3)))  # cut short
        elif kind == 3:
            bad.append(_sealed(0, _body(start, picks) + b"\x00"))  # trailing data
        elif kind == 4:
            body = bytearray(_body(start, picks))
            deal_at = len(_body(start, [])) - 1 - len(links._pack_deal(start))
            body[deal_at + rng.randrange(len(links._pack_deal(start)))] ^= 0x10
            bad.append(_sealed(0, bytes(body)))  # a card moved to another seat
        else:
            bad.append(_sealed(1, zlib.compress(_body(start, picks, 10**6))))
    for _ in range(100):  # huge
        bad.append("A" + "A" * rng.randrange(5000, 200_000))
    bomb = zlib.compress(b"\x00" * 5_000_000, 9)
    bad.append(_sealed(1, bomb))
    bad += ["", "A", "B" + good[0][1:], "0", "A====", None, 17]  # type: ignore[list-item]
    return bad


def test_bad_links_give_one_line_value_errors() -> None:
    rng = random.Random(20261122)
    bad = bad_links(rng)
    assert len(bad) >= 5000
    start = time.perf_counter()
    accepted = []
    for text in bad:
        try:
            links.decode(text)
        except ValueError as err:
            message = str(err)
            assert message and "\n" not in message and len(message) < 300, message
        else:
            accepted.append(text)
    assert accepted == []
    print(f"\nlinks: {len(bad)} bad links refused in {time.perf_counter() - start:.1f} s")


def test_decompression_bomb_is_refused_quickly() -> None:
    bomb = _sealed(1, zlib.compress(b"\x00" * 2_500_000, 9))
    assert len(bomb) < links.MAX_LINK
    start = time.perf_counter()
    with pytest.raises(ValueError, match="too large"):
        links.decode(bomb)
    assert time.perf_counter() - start < 1


def test_a_full_ddv_game_is_a_short_link() -> None:
    record = json.loads((ROOT / "tests/records/scripted/ddv_gegenansage.json").read_text())
    text = links.encode(record["record"])
    assert len(text) < 300
    again = links.decode(text)
    assert result(replay(again)) == result(replay(record["record"]))
    print(f"\nlinks: a full ddv game (54 actions) is {len(text)} characters")


def test_encode_refuses_an_illegal_record() -> None:
    record = json.loads(
        (ROOT / "tests/records/scripted/ddv_refused_re_with_10_cards.json").read_text()
    )["record"]
    with pytest.raises(ValueError, match="action 10"):
        links.encode(record)


def test_links_keep_rule_options_and_duty_solo() -> None:
    rules = load_rules({"preset": "ddv", "options": {"gegenansage": False}})
    state = sim.play_game(
        new_game(rules, sim.deal(48, 4, 3, 1), 1, frozenset({2})),
        ["standard"] * 4,
        random.Random(1),
    )
    record = record_of(state)
    again = links.decode(links.encode(record))
    assert again["rules"] == record["rules"]
    assert again["owes_duty_solo"] == [2]
    assert result(replay(again)) == result(state)
