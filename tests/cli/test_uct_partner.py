"""The UCT sparring partner of the benchmarks: legal whole deals, repeatable for a seed,
rollouts scored as the engine scores them, and its match script's report."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from doko.bots import compact
from doko.bots.botregistry import get_bot
from doko.bots.bots import standard_bot
from doko.bots.sim import check_invariants
from doko.game.actions import parse
from doko.game.cards import CARDS, CQ, Card, deal
from doko.game.observation import observe
from doko.game.outcome import result
from doko.game.rules import Rules, load_rules
from doko.game.state import GameState, apply, legal_for, new_game, seeded_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import uct_partner  # noqa: E402  (a benchmark module, found through the path above)

NO_SOLOS = load_rules({"preset": "ddv", "options": {"solos": []}})


def wedding_hands(seed: int) -> list[tuple[Card, ...]]:
    """A deal with both Kreuz-Damen moved into seat 0's hand."""
    hands = [list(h) for h in deal(48, 4, seed, 0)]
    for seat in (1, 2, 3):
        while CQ in hands[seat]:
            give = next(c for c in hands[0] if c != CQ)
            hands[0].remove(give)
            hands[seat].remove(CQ)
            hands[0].append(CQ)
            hands[seat].append(give)
    return [tuple(h) for h in hands]


def play(state: GameState, seed: int) -> GameState:
    """The partner on seats 0 and 2 at a tiny rollout count, ``standard`` on 1 and 3."""
    partner = uct_partner.make_bot("uct#24/3")
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        obs = observe(state, seat)
        action = (partner if seat % 2 == 0 else standard_bot)(obs, rng)
        assert action in obs.legal
        state = apply(state, action)
    return state


CASES = {
    "ddv without solos": lambda: seeded_game(NO_SOLOS, 11),
    "ddv Hochzeit": lambda: new_game(NO_SOLOS, wedding_hands(4)),
    "ddv with solos": lambda: seeded_game(load_rules("ddv"), 12),
    "ohne-neunen (Armut, throwing)": lambda: seeded_game(load_rules("ohne-neunen"), 13),
    "lockhausen (trick deadlines)": lambda: seeded_game(load_rules("lockhausen"), 14),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_partner_plays_a_whole_deal_legally_and_repeatably(case: str) -> None:
    first = play(CASES[case](), seed=5)
    check_invariants(first, result(first))
    assert play(CASES[case](), seed=5).history == first.history
    if case == "ddv Hochzeit":  # seat 0 held both Alten: a Hochzeit, open or silent
        assert first.dealt[0].count(CQ) == 2
        assert first.contract in ("wedding", "silent-wedding", "wedding-alone")


@pytest.mark.parametrize("preset", ["ddv", "lockhausen", "berndt", "klassisch", "ohne-neunen"])
def test_rollouts_score_as_the_engine_scores(preset: str) -> None:
    rules = load_rules(preset)
    rng = random.Random(7)
    compared = 0
    for seed in range(60):
        state = seeded_game(rules, seed)
        for _ in range(rng.randrange(30)):  # a random point of the deal, words said at random
            if state.is_over:
                break
            state = uct_partner.engine_step(state, rng) if rng.random() < 0.8 else said(state, rng)
        while not state.is_over and not compact.compact_ok(state):
            state = uct_partner.engine_step(state, rng)
        if state.is_over:
            continue
        tricks = uct_partner.playout(state, random.Random(seed))
        replayed = state
        for seats, cards, winner in tricks:
            for seat, card in list(zip(seats, cards, strict=True))[len(replayed.trick) :]:
                replayed = apply(replayed, parse(f"{seat}:{CARDS[card]}"))
            assert replayed.tricks[-1].winner == winner
        assert replayed.is_over
        points = compact.final_points(state, compact.state_tricks(state) + tricks)
        assert points == result(replayed)["points"]
        compared += 1
    assert compared >= 30


def said(state: GameState, rng: random.Random) -> GameState:
    """An announcement of the seat to act if it has one, else a random legal action."""
    seat = state.to_act
    assert seat is not None
    legal = legal_for(state, seat)
    calls = [a for a in legal if a.kind == "call"]
    return apply(state, rng.choice(calls or legal), legal)


def test_spec_parsing() -> None:
    assert uct_partner.parse_spec("uct") == uct_partner.Settings(1000, 10)
    assert uct_partner.parse_spec("uct#10000/20")[:2] == (10000, 20)
    for bad in ("uct#0", "uct#1e3", "uct#10/x", "ismcts#10"):
        with pytest.raises(ValueError):
            uct_partner.parse_spec(bad)


def test_match_script_reports_deal_kinds() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "uct_match.py"),
         "--bots", "uct#12/2,standard", "--games", "2", "--json"],
        text=True, capture_output=True, env=env, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["all"]["deals"] == 2
    assert sum(report[k]["deals"] for k in ("normal", "wedding", "other")) == 2
    assert report["bots"] == ["uct#12/2", "standard"] and report["solos"] == "off"


def test_rules_without_solos_offer_none() -> None:
    rules: Rules = NO_SOLOS
    state = seeded_game(rules, 3)
    assert not [a for a in legal_for(state, state.to_act or 0) if "solo" in a]


def test_deals_skipped_as_even_come_out_even_when_played() -> None:
    import uct_match  # (a benchmark module, found through the path above)

    deals = range(3, 27)
    specs = ("standard", "random")
    played = [one for _, one in uct_match.run(NO_SOLOS, deals, 1, specs, 1)]
    counted = [one for _, one in uct_match.run(NO_SOLOS, deals, 1, specs, 1, skip_even=True)]
    skipped = [i for i, (_, halves, _) in enumerate(counted) if halves[0].get("skipped")]
    assert 4 <= len(skipped) < len(deals)  # about a third of the normal games
    assert all(played[i][0] == 0 for i in skipped)
    assert [m for m, _, _ in counted] == [m for m, _, _ in played]


def test_hochzeit_only_plays_the_hochzeit_deals_and_no_other() -> None:
    import uct_match

    deals = range(0, 40)
    specs = ("standard", "random")
    every = {
        game: uct_match.deal_kind(halves)
        for game, (_, halves, _) in uct_match.run(NO_SOLOS, deals, 1, specs, 1)
    }
    only = [
        (game, uct_match.deal_kind(halves))
        for game, (_, halves, _) in uct_match.run(NO_SOLOS, deals, 1, specs, 1, hochzeit_only=True)
    ]
    assert only and all(kind == "wedding" for _, kind in only), only
    assert [g for g, _ in only] == [g for g, kind in every.items() if kind == "wedding"]


def test_our_solos_only_keeps_every_deal_with_a_solo_of_the_first_bot() -> None:
    import uct_match

    solos = load_rules("ddv")
    deals = range(0, 40)
    specs = ("strong#2", "standard")  # the search declares a solo on a few hands

    def ours(halves: list[dict[str, object]]) -> bool:
        return any(str(h["contract"]).startswith("solo:") and h["declarer_side"] == 0
                   for h in halves)  # fmt: skip

    played = uct_match.run(solos, deals, 1, specs, 1)
    every = {game: ours(halves) for game, (_, halves, _) in played}
    only = [g for g, _ in uct_match.run(solos, deals, 1, specs, 1, our_solos_only=True)]
    # declared is not always played (another seat's solo may come first), so at least these
    assert any(every.values())
    assert {g for g, solo in every.items() if solo} <= set(only)
    assert 0 < len(only) < len(deals)


def test_paired_comparison_counts_each_shared_deal_once(tmp_path: Path) -> None:
    import paired  # (a benchmark module, found through the path above)

    def write(name: str, margins: dict[int, tuple[float, str]]) -> str:
        path = tmp_path / name
        lines = [json.dumps({"game": g, "margin": m, "kind": k}) for g, (m, k) in margins.items()]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return str(path)

    base = write("base.jsonl", {0: (1.0, "normal"), 1: (-2.0, "wedding"), 2: (0.0, "normal")})
    changed = write("changed.jsonl", {1: (1.0, "wedding"), 2: (3.0, "normal"), 5: (9.0, "normal")})
    report = paired.compare(paired.read_deals(base), paired.read_deals(changed))
    gain = report["gain"]
    assert gain["all"]["deals"] == 2 and gain["all"]["mean"] == 3.0
    assert gain["normal"]["mean"] == 3.0 and gain["wedding"]["mean"] == 3.0
    assert report["changed_deals"] == 2
    assert report["base"]["all"]["mean"] == -1.0 and report["changed"]["all"]["mean"] == 2.0
    assert report["base"]["wedding"]["mean"] == -2.0 and report["changed"]["normal"]["mean"] == 3.0


def pig_hands(seed: int) -> list[tuple[Card, ...]]:
    """A deal with both Karo-Asse moved into seat 0's hand."""
    fox = Card.from_str("DA")
    hands = [list(h) for h in deal(48, 4, seed, 0)]
    for seat in (1, 2, 3):
        while fox in hands[seat]:
            give = next(c for c in hands[0] if c != fox)
            hands[0].remove(give)
            hands[seat].remove(fox)
            hands[0].append(fox)
            hands[seat].append(give)
    return [tuple(h) for h in hands]


def test_the_blind_bot_sees_no_schweinchen_and_no_bock_and_plays_legally() -> None:
    import blind  # (a benchmark module, found through the path above)

    blind.register()
    rules = load_rules({"preset": "ddv", "options": {"pigs": "both", "bock": ["tie"]}})
    state = new_game(rules, pig_hands(5), 0, bock=1)
    bots = [get_bot("blind-standard"), get_bot("standard")]
    rng = random.Random(5)
    fox = Card.from_str("DA")
    looked = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        obs = observe(state, seat)
        if obs.phase == "play" and seat == 0 and fox in obs.hand:
            looked += 1
            seen = blind.blind_view(obs)
            # the pigs are on top for the seat holding them, a Fuchs to the blind view
            assert fox in obs.order.tops and fox not in seen.order.tops
            assert seen.order.power[fox] < seen.order.power[Card.from_str("CQ")]
            assert seen.public.bock == 0 and seen.rules.pigs == "none" and obs.public.bock == 1
        action = bots[seat % 2](obs, rng)
        assert action in obs.legal
        state = apply(state, action)
    assert looked > 0 and len(state.tricks) == 12 and state.bock == 1
