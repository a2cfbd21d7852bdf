"""What the whole table may know (a pass-and-play cover, a hand-over screen): the
engine's public view shows no hand, no choice, and no party or Schweinchen before the
table has seen it, however much the seat it is turned to knows."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.game.cards import CQ
from doko.game.observation import public_facts
from doko.game.state import legal_for


def call(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload)))
    assert "error" not in answer, answer
    return answer


def seed_where_one_seat_holds_both_queens() -> tuple[int, int]:
    for seed in range(200):
        call("new_game", {"rules": "ddv", "seed": seed, "bots": [None] * 4})
        hands = api.SESSION.table().state.hands
        for seat, hand in enumerate(hands):
            if list(hand).count(CQ) == 2:
                return seed, seat
    raise AssertionError("no deal with both Kreuz-Damen in one hand")


def play_healthy_until(stop: Any) -> None:
    """Everyone says gesund, then each seat plays its first legal card until ``stop()``."""
    while not stop():
        state = api.SESSION.table().state
        seat = state.to_act
        assert seat is not None
        legal = legal_for(state, seat)
        word = f"{seat}:healthy" if f"{seat}:healthy" in map(str, legal) else str(legal[0])
        call("act", {"action": word})


def test_a_silent_hochzeit_shows_no_party_to_the_table() -> None:
    seed, holder = seed_where_one_seat_holds_both_queens()
    call("new_game", {"rules": "ddv", "seed": seed, "bots": [None] * 4})
    seen_public_parties = []
    while not api.SESSION.table().state.is_over:
        state = api.SESSION.table().state
        queens_out = sum(tr.cards.count(CQ) for tr in state.tricks) + [
            c for _, c in state.trick
        ].count(CQ)
        own = call("view", {"seat": holder})
        cover = call("view", {"seat": holder, "public": True})
        assert cover["hand"] == [] and cover["legal"] == [] and cover["received"] == []
        # a normal game to the table until the second Kreuz-Dame shows the stille Hochzeit
        shown = "silent-wedding" if queens_out == 2 else "normal"
        assert cover["contract"] == shown or state.is_over
        if state.phase == "play" and queens_out < 2:
            # the holder knows the game is silent and the others are Kontra: the table not
            assert own["known_parties"]["re"] == [holder]
            assert len(own["known_parties"]["kontra"]) == 3
            assert cover["known_parties"]["kontra"] == []
            assert cover["known_parties"]["re"] in ([], [holder])
        seen_public_parties.append(cover["known_parties"])
        moves = len(state.history)
        play_healthy_until(lambda moves=moves: len(api.SESSION.table().state.history) > moves)
    assert any(p["kontra"] for p in seen_public_parties[-3:])  # both queens out: all known


def test_a_hochzeit_before_its_partner_shows_only_the_declarer() -> None:
    for seed in range(300):
        call("new_game", {"rules": "ddv", "seed": seed, "bots": [None] * 4})
        state = api.SESSION.table().state
        holder = next((s for s, h in enumerate(state.hands) if list(h).count(CQ) == 2), None)
        if holder is None:
            continue
        play_healthy_until(lambda holder=holder: api.SESSION.table().state.to_act == holder)
        legal = [str(a) for a in legal_for(api.SESSION.table().state, holder)]
        if f"{holder}:wedding" not in legal:
            continue
        call("act", {"action": f"{holder}:wedding"})
        play_healthy_until(lambda: api.SESSION.table().state.phase == "play")
        facts = public_facts(api.SESSION.table().state)
        assert not api.SESSION.table().state.wedding_decided
        assert facts.known_re == frozenset({holder}) and facts.known_kontra == frozenset()
        for seat in range(4):
            cover = call("view", {"seat": seat, "public": True})
            assert cover["known_parties"] == {"re": [holder], "kontra": []}
        return
    raise AssertionError("no Hochzeit found")
