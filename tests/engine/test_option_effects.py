"""Options whose effect only a rare deal shows, each checked where it acts: every test
here fails when its option's effect is taken out of the engine."""

from __future__ import annotations

from typing import Any

from doko.game.cards import Card, deal
from doko.game.gamestate import GameState, updated
from doko.game.reservations import may_throw, priority
from doko.game.rules import load_rules
from doko.game.state import new_game
from doko.game.tricks import specials_awarded


def state_of(preset: str, **options: Any) -> GameState:
    rules = load_rules({"preset": preset, "options": options} if options else preset)
    return new_game(rules, deal(rules.deck, 4, 1))


def hand(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


# four nines and three kings, the rest high trumps
NINES_KINGS = hand("C9 S9 H9 D9 CK SK HK CQ SQ HQ DQ CJ")


def test_throw_nines_kings_counts_nines_and_kings_together() -> None:
    at_seven = state_of("klassisch", throw="reservation", throw_hands=["nines-kings"])
    assert at_seven.rules.throw_nines_kings == 7
    assert may_throw(at_seven, NINES_KINGS)  # 4 + 3 = 7
    assert not may_throw(at_seven, hand("C9 S9 H9 D9 CK SK HA CQ SQ HQ DQ CJ"))  # 4 + 2
    at_eight = state_of(
        "klassisch", throw="reservation", throw_hands=["nines-kings"], throw_nines_kings=8
    )
    assert not may_throw(at_eight, NINES_KINGS)


def test_ranked_solos_outrank_each_other_and_unranked_ones_do_not() -> None:
    ranked = state_of("berndt")
    assert ranked.rules.solos_ranked
    first, last = ranked.rules.solos[0], ranked.rules.solos[-1]
    assert priority(ranked, 0, f"solo:{first}") > priority(ranked, 0, f"solo:{last}")
    unranked = state_of("berndt", solos_ranked=False)
    assert priority(unranked, 0, f"solo:{first}") == priority(unranked, 0, f"solo:{last}")


def test_a_late_hochzeit_moves_the_deadlines_only_where_the_rules_say() -> None:
    shifting = updated(state_of("ddv"), wedding_decided=3)
    assert shifting.rules.wedding_deadline_shift
    assert shifting.deadline_shift == 2  # decided in the third trick: two tricks later
    fixed = updated(state_of("ddv", wedding_deadline_shift=False), wedding_decided=3)
    assert fixed.deadline_shift == 0


def test_a_hochzeit_without_partner_awards_sonderpunkte_only_where_the_rules_say() -> None:
    awarding = load_rules("berndt")
    assert awarding.specials_lone_wedding and awarding.specials != awarding.specials_in_solo
    assert specials_awarded(awarding, "wedding-alone") == awarding.specials
    plain = load_rules({"preset": "berndt", "options": {"specials_lone_wedding": False}})
    assert specials_awarded(plain, "wedding-alone") == plain.specials_in_solo
