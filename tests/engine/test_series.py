"""Series at one table: dealer rotation, redeals, Pflichtsolo, vorführen, records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from clirun import doko
from doko.bots.sim import play_game
from doko.game.actions import parse
from doko.game.cards import CQ, Card, deck
from doko.game.rules import PRESETS, load_rules
from doko.game.state import GameState, apply, legal_actions, new_game
from doko.table.series import (
    Series,
    SeriesError,
    Settings,
    current_deal,
    is_finished,
    record_game,
    replay_series,
    series_record,
    sheet,
    start_game,
    start_series,
    totals,
)

ROOT = Path(__file__).resolve().parents[2]
DDV = PRESETS["ddv"]


# -- helpers -----------------------------------------------------------------------


def play_out(state: GameState, seed: int = 0) -> GameState:
    """Finish a deal with random bots (reservations already made, or bots make them)."""
    return play_game(state, ["random"] * state.players, random.Random(seed))


def declare(state: GameState, words: dict[int, str]) -> GameState:
    """Make every reservation: ``words`` per seat, ``healthy`` for the rest."""
    while state.phase == "reservations":
        seat = state.to_act
        assert seat is not None
        state = apply(state, parse(f"{seat}:{words.get(seat, 'healthy')}"))
    return state


def scripted(
    series: Series, words: dict[int, str], hands: list[tuple[Card, ...]] | None = None
) -> Series:
    """Play the next deal with these reservations (others healthy) and record it."""
    start = current_deal(series)
    state = new_game(
        series.settings.rules,
        hands or start.hands,
        start.dealer,
        start.owes_duty_solo,
        start.forced_solo,
    )
    return record_game(series, play_out(declare(state, words), start.number))


def hands_giving(
    rules_deck: int, players: int, dealer: int, wanted: dict[int, list[Card]]
) -> list[tuple[Card, ...]]:
    """A deal in which each seat of ``wanted`` holds those cards; the rest in deck order."""
    rest = deck(rules_deck)
    for cards in wanted.values():
        for card in cards:
            rest.remove(card)
    active = [s for s in range(players) if not (players == 5 and s == dealer)]
    per_seat = rules_deck // len(active)
    hands: list[tuple[Card, ...]] = [() for _ in range(players)]
    for seat in active:
        mine = list(wanted.get(seat, []))
        while len(mine) < per_seat:
            mine.append(rest.pop())
        hands[seat] = tuple(mine)
    return hands


def play_series(series: Series, bots: str = "random", seed: int = 0) -> Series:
    rng = random.Random(seed)
    while not is_finished(series):
        specs = [bots] * series.settings.players
        series = record_game(series, play_game(start_game(series), specs, rng))
    return series


def dealers(series: Series) -> list[int]:
    return [row["dealer"] for row in sheet(series)]


# -- rotation ----------------------------------------------------------------------


def test_dealer_rotates_left_over_a_round_at_four() -> None:
    # berndt has no throw, no Trumpfabgabe and no Pflichtsolo: every deal passes on
    series = play_series(start_series(Settings(PRESETS["berndt"], 4, 2, first_dealer=2)))
    assert dealers(series) == [2, 3, 0, 1, 2, 3, 0, 1]
    assert len(sheet(series)) == 8
    assert totals(series) == [sum(r["points"][s] for r in sheet(series)) for s in range(4)]


def test_dealer_sits_out_at_five_and_scores_zero_in_berndt() -> None:
    series = play_series(start_series(Settings(PRESETS["berndt"], 5, 1)), "standard")
    assert dealers(series) == [0, 1, 2, 3, 4]
    for game, row in zip(series.games, sheet(series), strict=True):
        assert game.dealt[row["dealer"]] == ()
        assert row["points"][row["dealer"]] == 0


def test_dealer_sitting_out_scores_like_kontra_in_klassisch() -> None:
    series = play_series(start_series(Settings(PRESETS["klassisch"], 5, 1)), "standard", 3)
    assert dealers(series) == [0, 1, 2, 3, 4]
    for row in sheet(series):
        kontra = [s for s in row["parties"]["kontra"] if s != row["dealer"]]
        assert row["points"][row["dealer"]] == row["points"][kontra[0]]
    assert any(row["points"][row["dealer"]] for row in sheet(series))


def test_running_totals_on_every_row() -> None:
    series = play_series(start_series(Settings(PRESETS["lockhausen"], 4, 1, seed=5)))
    running = [0, 0, 0, 0]
    for row in sheet(series):
        running = [t + p for t, p in zip(running, row["points"], strict=True)]
        assert row["totals"] == running
        assert "lines" in row


# -- redeals -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["lockhausen", "ohne-neunen"])
def test_throw_keeps_the_dealer(preset: str) -> None:
    rules = PRESETS[preset]
    series = start_series(Settings(rules, 4, 1, first_dealer=1))
    kings = [Card(s, "K") for s in "CSHD"] + [Card("C", "K")]
    hands = hands_giving(40, 4, 1, {3: kings})
    series = scripted(series, {3: "throw"}, hands)
    row = sheet(series)[0]
    assert row["contract"] == "redeal" and row["points"] == [0, 0, 0, 0]
    assert row["lines"] == []
    assert current_deal(series).dealer == 1 and series.passed == 0
    series = scripted(series, {})  # an ordinary deal passes the deal on
    assert current_deal(series).dealer == 2 and series.passed == 1


def test_poverty_nobody_takes_keeps_the_dealer() -> None:
    rules = PRESETS["lockhausen"]
    series = start_series(Settings(rules, 4, 1))
    plain = [c for c in deck(40) if c.rank in "ATK" and c.suit != "D" and c != Card("H", "T")]
    state = new_game(rules, hands_giving(40, 4, 0, {1: plain[:10]}), 0)
    state = declare(state, {1: "poverty"})
    assert state.phase == "poverty"
    for seat in (2, 3, 0):
        state = apply(state, parse(f"{seat}:decline"))
    series = record_game(series, state)
    assert sheet(series)[0]["contract"] == "redeal"
    assert current_deal(series).dealer == 0 and series.passed == 0


# -- Pflichtsolo -------------------------------------------------------------------


def test_duty_solo_discharges_and_the_same_dealer_deals_again() -> None:
    series = start_series(Settings(DDV, 4, 1))
    assert current_deal(series).owes_duty_solo == {0, 1, 2, 3}
    series = scripted(series, {2: "solo:queens"})
    row = sheet(series)[0]
    assert row["duty_solo"] is True and row["contract"] == "solo:queens"
    nxt = current_deal(series)
    assert nxt.dealer == 0 and nxt.owes_duty_solo == {0, 1, 3} and series.passed == 0
    # seat 2 owes nothing now: its next solo is a Lustsolo and the deal passes
    series = scripted(series, {2: "solo:jacks"})
    row = sheet(series)[1]
    assert row["duty_solo"] is False and row["contract"] == "solo:jacks"
    assert current_deal(series).dealer == 1 and series.passed == 1
    assert current_deal(series).owes_duty_solo == {0, 1, 3}


def test_duty_solo_leads_and_record_carries_the_debts() -> None:
    series = scripted(start_series(Settings(DDV, 4, 1)), {3: "solo:hearts"})
    game = series.games[0]
    assert game.tricks[0].seats[0] == 3  # the Pflichtsolo player leads
    assert series_record(series)["games"][0]["owes_duty_solo"] == [0, 1, 2, 3]


def test_silent_wedding_does_not_discharge() -> None:
    series = start_series(Settings(DDV, 4, 1))
    hands = hands_giving(48, 4, 0, {1: [CQ, CQ]})
    series = scripted(series, {}, hands)
    row = sheet(series)[0]
    assert row["contract"] == "silent-wedding" and row["duty_solo"] is False
    assert current_deal(series).owes_duty_solo == {0, 1, 2, 3}
    assert current_deal(series).dealer == 1


def test_vorfuehren_after_the_rounds_in_seat_order() -> None:
    series = scripted(start_series(Settings(DDV, 4, 1)), {2: "solo:queens"})
    for _ in range(4):  # one round without solos
        series = scripted(series, {})
    assert dealers(series) == [0, 0, 1, 2, 3]
    assert series.vorfuehren == (0, 1, 3)
    for forced, dealer in ((0, 3), (1, 0), (3, 2)):
        start = current_deal(series)
        assert (start.forced_solo, start.dealer) == (forced, dealer)
        state = start_game(series)
        assert state.to_act == forced
        assert [str(a) for a in legal_actions(state)] == [f"{forced}:solo:{k}" for k in DDV.solos]
        state = apply(state, parse(f"{forced}:solo:clubs"))
        assert state.duty_solo and state.phase == "play" and state.to_act == forced
        series = record_game(series, play_out(state))
    assert is_finished(series)
    assert [r["forced_solo"] for r in sheet(series)] == [None] * 5 + [0, 1, 3]
    assert series.owes == frozenset()
    with pytest.raises(SeriesError, match="over"):
        current_deal(series)


def test_vorfuehren_at_five_the_dealer_sits_out() -> None:
    series = start_series(Settings(DDV, 5, 1, first_dealer=3))
    for _ in range(5):
        series = scripted(series, {})
    assert dealers(series) == [3, 4, 0, 1, 2]
    start = current_deal(series)
    assert (start.forced_solo, start.dealer) == (0, 4)
    assert start.hands[4] == () and all(start.hands[s] for s in range(4))


def test_rounds_beyond_the_duty_window_are_refused() -> None:
    with pytest.raises(SeriesError, match="at most 5 rounds"):
        start_series(Settings(DDV, 4, 6))
    with pytest.raises(SeriesError, match="played by"):
        start_series(Settings(DDV, 6, 1))


def test_record_game_refuses_a_deal_that_does_not_fit() -> None:
    series = start_series(Settings(DDV, 4, 1))
    start = current_deal(series)
    unfinished = new_game(DDV, start.hands, 0, start.owes_duty_solo)
    with pytest.raises(SeriesError, match="not finished"):
        record_game(series, unfinished)
    wrong = play_out(new_game(DDV, start.hands, 1, start.owes_duty_solo))
    with pytest.raises(SeriesError, match="dealer is 1, but seat 0 deals now"):
        record_game(series, wrong)
    no_debts = play_out(new_game(DDV, start.hands, 0))
    with pytest.raises(SeriesError, match="owes_duty_solo"):
        record_game(series, no_debts)


# -- records -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def ddv_series() -> Series:
    series = scripted(start_series(Settings(DDV, 4, 1, seed=9)), {1: "solo:spades"})
    for _ in range(4):
        series = scripted(series, {})
    return play_series(series)  # the vorführen deals


def test_series_record_round_trips(ddv_series: Series) -> None:
    data = json.loads(json.dumps(series_record(ddv_series)))
    again = replay_series(data)
    assert sheet(again) == sheet(ddv_series)
    assert totals(again) == totals(ddv_series)
    assert is_finished(again)


@pytest.mark.parametrize(
    ("game", "field", "value", "message"),
    [
        (3, "dealer", 3, "game 3: dealer is 3, but seat 2 deals now"),
        (
            2,
            "owes_duty_solo",
            [0, 1, 2, 3],
            "game 2: owes_duty_solo is [0, 1, 2, 3], but [0, 2, 3]",
        ),
        (5, "forced_solo", 2, "game 5: forced_solo is 2, but seat 0 is vorgeführt now"),
        (1, "forced_solo", 1, "game 1: forced_solo is 1, but nobody is vorgeführt now"),
    ],
)
def test_tampered_series_record_is_refused(
    ddv_series: Series, game: int, field: str, value: object, message: str
) -> None:
    data = series_record(ddv_series)
    data["games"][game][field] = value
    with pytest.raises(SeriesError) as err:
        replay_series(data)
    assert str(err.value).startswith(message)


def test_extra_game_after_the_end_is_refused(ddv_series: Series) -> None:
    data = series_record(ddv_series)
    data["games"].append(data["games"][-1])
    with pytest.raises(SeriesError, match=r"game 8: the series is already over"):
        replay_series(data)


def test_bad_action_inside_a_series_names_game_and_action(ddv_series: Series) -> None:
    data = series_record(ddv_series)
    data["games"][2]["actions"][0] = "0:healthy"  # dealer 1: seat 2 declares first
    with pytest.raises(SeriesError, match=r'^game 2: action 0 "0:healthy": '):
        replay_series(data)


# -- command line --------------------------------------------------------------------


def test_cli_series_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "series.json"
    out = doko(
        "series",
        "--rules",
        "ohne-neunen",
        "--players",
        "5",
        "--rounds",
        "1",
        "--seed",
        "4",
        "--bots",
        "standard",
        "--json",
        "--record",
        str(path),
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["players"] == 5 and len(report["sheet"]) == report["games"]
    replayed = doko("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    data = json.loads(replayed.stdout)
    assert data["totals"] == report["totals"]
    assert [r["points"] for r in data["sheet"]] == [r["points"] for r in report["sheet"]]


def test_cli_replay_refuses_a_tampered_series(ddv_series: Series) -> None:
    data = series_record(ddv_series)
    data["games"][3]["dealer"] = 0
    out = doko("replay", "-", stdin=json.dumps(data))
    assert out.returncode == 2
    assert out.stderr.strip() == "error: game 3: dealer is 0, but seat 2 deals now"


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "ddv", "--players", "6", "--rounds", "1"],
        ["--rules", "ddv", "--players", "four", "--rounds", "1"],
        ["--rules", "ddv", "--rounds", "0"],
        ["--rules", "nope", "--rounds", "1"],
        ["--rules", "ddv", "--rounds", "1", "--bots", "a,b"],
    ],
)
def test_cli_series_bad_input_is_one_line(args: list[str]) -> None:
    out = doko("series", *args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_load_rules_object_in_series_header() -> None:
    rules = load_rules({"preset": "ddv", "options": {"duty_solo_rounds": 1}})
    series = play_series(start_series(Settings(rules, 4, 1)))
    again = replay_series(json.dumps(series_record(series)))
    assert totals(again) == totals(series)
