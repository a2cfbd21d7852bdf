"""Random games on every preset with invariants, and mutated records refused cleanly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doko.bots.sim import play_game, play_randomly, simulate
from doko.game.actions import parse
from doko.game.cards import deal
from doko.game.notation import RecordError, record_of, replay
from doko.game.outcome import result
from doko.game.rules import PRESETS
from doko.game.state import (
    apply,
    cards_only_from_now,
    legal_actions,
    new_game,
    play_out,
    playable_cards,
)

GAMES = 2000
RECORD = json.loads(
    (Path(__file__).parents[1] / "records" / "ddv_normal_re_announced_lost.json").read_text()
)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_games_hold_invariants(preset: str) -> None:
    # uniform choices among all legal actions: solos, weddings, announcements, all of it
    report = simulate(PRESETS[preset], GAMES, seed=11, specs=["random"] * 4)
    assert report["games"] == GAMES


LARGER_TABLES = [
    (preset, players)
    for preset in sorted(PRESETS)
    for players in PRESETS[preset].players
    if players != 4
]


@pytest.mark.parametrize(("preset", "players"), LARGER_TABLES)
def test_larger_tables_hold_invariants(preset: str, players: int) -> None:
    # 5 players: the dealer sits out; 6 and 8: fixed teams by seat (klassisch)
    report = simulate(PRESETS[preset], GAMES, seed=12, specs=["random"] * players, players=players)
    assert report["games"] == GAMES and len(report["mean_points"]) == players


@pytest.mark.parametrize(("preset", "players"), [(p, 4) for p in sorted(PRESETS)] + LARGER_TABLES)
def test_playout_ends_where_stepping_ends(preset: str, players: int) -> None:
    # simulate's random seats finish a deal with play_out: the same choices, the same
    # final state (every field: hands, history, tricks, ...) as apply card by card
    rules, rng = PRESETS[preset], random.Random(21)
    fast_path_used = 0
    for game in range(300):
        hands = deal(rules.deck_for(players), players, rng.randrange(2**32), game % players)
        start = new_game(rules, hands, game % players)
        stepped = play_game(start, ["random"] * players, random.Random(game))
        assert play_randomly(start, random.Random(game)) == stepped
        state = start  # and with a pick that is not random: always the last playable card
        while not (state.is_over or cards_only_from_now(state)):
            state = apply(state, legal_actions(state)[0])
        if state.is_over:
            continue
        fast_path_used += 1
        ended = play_out(state, lambda cards: cards[-1])
        while not state.is_over:
            seat = state.to_act
            state = apply(state, parse(f"{seat}:{playable_cards(state, seat)[-1]}"))
        assert ended == state
    # klassisch may declare a solo with one Kreuz-Dame any time: never cards only
    assert fast_path_used > 100 or rules.solo_one_queen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_mixed_bots_reach_every_phase(preset: str) -> None:
    # standard seats say 'healthy' mostly, so normal games and weddings occur too
    seen: set[str] = set()
    simulate(
        PRESETS[preset],
        300,
        seed=3,
        specs=["standard", "random", "standard", "standard"],
        on_game=lambda state, outcome: seen.add(outcome["contract"]),
    )
    assert "normal" in seen


def test_replayed_random_games_round_trip() -> None:
    rng = random.Random(4)
    games: list[tuple[dict, dict]] = []  # type: ignore[type-arg]
    simulate(
        PRESETS["ohne-neunen"],
        50,
        seed=rng.randrange(1000),
        specs=["random"] * 4,
        on_game=lambda s, o: games.append((record_of(s), o)),
    )
    for rec, outcome in games:
        assert result(replay(json.loads(json.dumps(rec)))) == outcome


def _mutate(data: dict, how: int, where: int, text: str) -> dict:  # type: ignore[type-arg]
    data = json.loads(json.dumps(data))
    actions = data["actions"]
    i = where % len(actions)
    match how:
        case 0:
            actions[i] = text
        case 1:
            del actions[i]
        case 2:
            actions.insert(i, actions[(i * 7) % len(actions)])
        case 3:
            actions[i], actions[-1 - i] = actions[-1 - i], actions[i]
        case 4:
            data["hands"][where % 4] = text
        case 5:
            data["dealer"] = text
        case _:
            seat, _, what = actions[i].partition(":")
            actions[i] = f"{(int(seat) + 1) % 4}:{what}"
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(how=st.integers(0, 6), where=st.integers(0, 200), text=st.text(max_size=12))
def test_mutated_records_are_refused_cleanly(how: int, where: int, text: str) -> None:
    data = _mutate(RECORD, how, where, text)
    try:
        state = replay(data)
    except RecordError as err:
        message = str(err)
        assert message and "\n" not in message
        return
    # a mutation can stay legal (e.g. swapping two announcements); then it must score
    if state.is_over:
        assert sum(result(state)["points"]) == 0
