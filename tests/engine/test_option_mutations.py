"""One direct test for each rules option whose effect no other engine test pinned.

Found by a mutation check of every option (its read in the engine replaced by the
default, or the opposite, then the engine tests run): each test here fails when its
option's effect is taken out. The deals are hand-built so that the option, and
nothing else, decides the asserted action, contract or score.

Options with no rule effect, so nothing to pin: ``preset`` (the id the options start
from; overrides and records name it) and ``tournament`` (a display setting, the page
hides the running Augen; the engine only passes it to the view, checked below).
``poverty``: the engine reads only "none" against the rest; "push" has no code of
its own (a Trumpfabgabe is offered round the table as with "ask").
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from doko import api
from doko.bots.compact import final_points, state_tricks
from doko.game.actions import parse
from doko.game.cards import Card, deal, deck, parse_cards
from doko.game.errors import DokoError, IllegalAction
from doko.game.outcome import result
from doko.game.reservations import may_throw, priority
from doko.game.rules import Rules, load_rules
from doko.game.scoring import score
from doko.game.state import GameState, apply, legal_for, new_game
from doko.game.summary import summary_from_json
from doko.game.tricks import specials_awarded
from doko.table.series import is_finished
from doko.table.tournament import play_table
from house_deals import HEALTHY as DEALER_0
from house_deals import play as play_tricks
from support import view_of


def rules(preset: str = "ddv", **options: Any) -> Rules:
    return load_rules({"preset": preset, "options": options})


def with_rest(mine: str, size: int = 48) -> list[tuple[Card, ...]]:
    """Seat 0 holds ``mine``; the rest of the deck goes to seats 1-3 in deck order."""
    own = parse_cards(mine)
    rest = deck(size)
    for card in own:
        rest.remove(card)
    n = len(own)
    return [own, tuple(rest[:n]), tuple(rest[n : 2 * n]), tuple(rest[2 * n :])]


def play(state: GameState, *actions: str) -> GameState:
    for action in actions:
        state = apply(state, parse(action))
    return state


# -- reservations ------------------------------------------------------------------


FOUR_KINGS = "CK CK SK SK CA CA CT CT SA SA ST HA"


def test_throw_kings_is_the_number_of_kings_a_thrown_hand_needs() -> None:
    """throw_kings: four kings are too few at the default five, enough at four."""
    hands = with_rest(FOUR_KINGS)
    at_five = new_game(rules(throw="reservation"), hands, 3)
    assert at_five.rules.throw_kings == 5
    assert not may_throw(at_five, hands[0])
    assert parse("0:throw") not in legal_for(at_five, 0)
    at_four = new_game(rules(throw="reservation", throw_kings=4), hands, 3)
    assert may_throw(at_four, hands[0])
    assert parse("0:throw") in legal_for(at_four, 0)


def test_without_duty_solo_rounds_an_owed_solo_is_an_ordinary_solo() -> None:
    """duty_solo_rounds 0: no Pflichtsolo, so a seat listed as owing one neither
    outranks an earlier seat's solo nor counts as a duty solo."""
    hands = deal(48, 4, 1)
    owing = frozenset({2})
    actions = ("0:solo:jacks", "1:healthy", "2:solo:queens", "3:healthy")
    duty = play(new_game(rules(), hands, 3, owes_duty_solo=owing), *actions)
    assert duty.contract == "solo:queens" and duty.declarer == 2 and duty.duty_solo
    assert priority(duty, 2, "solo:queens") == (5, 0)
    free_rules = rules(duty_solo_rounds=0, solo_leads="left")
    free = play(new_game(free_rules, hands, 3, owes_duty_solo=owing), *actions)
    assert free.contract == "solo:jacks" and free.declarer == 0 and not free.duty_solo
    assert priority(free, 2, "solo:queens") == (4, 0)


def test_poverty_max_trumps_is_the_most_trumps_a_trumpfabgabe_hand_holds() -> None:
    """poverty_max_trumps: four trumps are too many at the default three, not at four."""
    hands = with_rest("DA DK D9 DT CA CA CT CT SA SA ST ST")
    assert parse("0:poverty") not in legal_for(new_game(rules(poverty="ask"), hands, 3), 0)
    four = rules(poverty="ask", poverty_max_trumps=4)
    assert parse("0:poverty") in legal_for(new_game(four, hands, 3), 0)


def test_poverty_none_offers_no_trumpfabgabe() -> None:
    """poverty none: a hand with two trumps may not give them away."""
    hands = with_rest("DA DK CA CA CT CT SA SA ST ST HA HA")
    assert parse("0:poverty") not in legal_for(new_game(rules(), hands, 3), 0)
    assert parse("0:poverty") in legal_for(new_game(rules(poverty="ask"), hands, 3), 0)
    assert parse("0:poverty") in legal_for(new_game(rules(poverty="push"), hands, 3), 0)


WEDDING_HANDS = [  # seat 0 holds both Kreuz-Damen
    "CQ CQ HT DA DT DK D9 CA CT SA ST HA",
    "HT DA DT DK D9 CT SK ST HA HK HK H9",
    "SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ HJ",
    "DJ DJ CA CK CK C9 C9 SA SK S9 S9 H9",
]


def test_a_single_wedding_rule_is_the_rule_of_every_hochzeit() -> None:
    """wedding_rules ["fehl"]: the one word "wedding" names it, and a trump trick won
    by another seat finds no partner (it would under the default "foreign")."""
    hands = [parse_cards(h) for h in WEDDING_HANDS]
    declare = ("0:wedding", "1:healthy", "2:healthy", "3:healthy")
    trump_trick = ("0:DA", "1:HT", "2:SQ", "3:DJ")  # seat 1's Dulle wins
    fehl = play(new_game(rules(wedding_rules=["fehl"]), hands, 3), *declare)
    assert fehl.wedding_rule == "fehl"
    fehl = play(fehl, *trump_trick)
    assert fehl.partner is None and fehl.wedding_decided == 0
    foreign = play(new_game(rules(), hands, 3), *declare, *trump_trick)
    assert foreign.wedding_rule == "foreign"
    assert foreign.partner == 1 and foreign.re_party == (0, 1)


# -- announcements -----------------------------------------------------------------


HEALTHY = ("0:healthy", "1:healthy", "2:healthy", "3:healthy")  # dealer 3
GEGEN_HANDS = [
    "CQ HT DA DT DK D9 CA CT SA ST HA HK",
    "CQ HT DA DT DK D9 CA CT SA ST HA HK",
    "SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ HJ",
    "DJ DJ CK CK C9 C9 SK SK S9 S9 H9 H9",
]
HANDS = [parse_cards(h) for h in GEGEN_HANDS]  # Re: seats 0 and 1


def test_without_gegenansage_kontra_may_not_answer_after_its_deadline() -> None:
    """gegenansage off: once Re is said in time, Kontra with ten cards is too late;
    with it on (the ddv default) Kontra may still answer one card later."""
    moves = (
        *("0:healthy", "1:healthy", "2:healthy", "3:healthy"),
        *("0:HA", "1:HK", "2:SQ", "3:H9", "2:SQ", "3:DJ", "0:D9", "1:re", "1:D9"),
    )
    hands = [parse_cards(h) for h in GEGEN_HANDS]
    answering = play(new_game(rules(), hands, 3), *moves)
    assert parse("3:kontra") in legal_for(answering, 3)
    silent = play(new_game(rules(gegenansage=False), hands, 3), *moves)
    assert parse("3:kontra") not in legal_for(silent, 3)
    with pytest.raises(IllegalAction) as refusal:
        apply(silent, parse("3:kontra"))
    assert refusal.value.code == "too-late"


def test_under_trick_deadlines_a_limit_does_not_say_re() -> None:
    """announcements "tricks": keine 90 is said on its own (the party's Re is not
    implied, as it is when deadlines count cards)."""
    start = new_game(rules(announcements="tricks", deadlines=[2, 3, 4, 5, 6]), HANDS, 3)
    by_tricks = play(start, *HEALTHY, "0:no90")
    assert by_tricks.said == ((0, "no90"),) and by_tricks.re_words == ("no90",)
    by_cards = play(new_game(rules(), HANDS, 3), *HEALTHY, "0:no90")
    assert by_cards.said == ((0, "re"), (0, "no90"))


def test_a_late_announcement_is_refused_naming_the_rules_deadline() -> None:
    """deadlines: Re with ten cards is too late at the ddv's 11 cards, and at 12; the
    refusal names the deadline the rules set."""
    moves = (*HEALTHY, "0:HA", "1:HK", "2:SQ", "3:H9", "2:SQ", "3:DJ", "0:D9")
    for deadlines, named in (((11, 10, 9, 8, 7), 11), ((12, 10, 9, 8, 7), 12)):
        state = play(new_game(rules(deadlines=list(deadlines)), HANDS, 3), *moves)
        assert len(state.hands[0]) == 10
        with pytest.raises(IllegalAction) as refusal:
            apply(state, parse("0:re"))
        assert refusal.value.code == "too-late"
        assert refusal.value.params["deadline"] == named


# -- scoring -----------------------------------------------------------------------


def test_fixed_team_solo_factor_off_keeps_the_soloist_at_three_shares() -> None:
    """fixed_team_solo_factor: at eight players a won solo writes x7 for the soloist
    (one share per opponent), without the option x3 as at four."""
    deal_data = {"contract": "solo:clubs", "players": 8, "re": [3], "eyes_re": 130}
    seven = score(summary_from_json({"rules": "klassisch", **deal_data}))["points"]
    assert seven == [-1, -1, -1, 7, -1, -1, -1, -1]
    plain = {"preset": "klassisch", "options": {"fixed_team_solo_factor": False}}
    three = score(summary_from_json({"rules": plain, **deal_data}))["points"]
    assert three == [-1, -1, -1, 3, -1, -1, -1, -1]


# Re (seats 2 and 3) wins the last trick with both Kreuz-Buben; Kontra takes a
# Doppelkopf (DA DA DT DT) in trick 11. Re 73 Augen: Kontra won, gegen die Alten,
# keine 90 = 3, Doppelkopf 1, minus the Karlchen (once, or twice as a Doppelkarl).
DOPPELKARL_DEAL = [
    "CA CT CK C9",
    "C9 CK CT CA",
    "SA ST SK S9",
    "S9 SK ST SA",
    "HA HK H9 HK",
    "H9 HA D9 D9",
    "HT HT CQ CQ",
    "SQ SQ HQ HQ",
    "DQ DQ SJ SJ",
    "HJ HJ DJ DJ",
    "DA DA DT DT",
    "DK DK CJ CJ",
]

QUICK_KINDS = ["doppelkopf", "fox", "karlchen"]  # the compact scoring counts these itself
ENGINE_KINDS = ["doppelkopf", "karlchen", "dulle-caught"]  # ... and sends these to the engine


def test_doppelkarl_scores_two_karlchen_of_one_party_twice() -> None:
    """doppelkarl: both Kreuz-Buben of Re in a last trick Re wins are two Karlchen;
    without the option one. The searches' compact scoring (its quick path for the
    common Sonderpunkte, and the engine's for the others) agrees. A score sheet may
    enter two only with the option (Kontra 3 less two Karlchen)."""
    for doppelkarl, karlchen, points in ((False, 1, [3, 3, -3, -3]), (True, 2, [2, 2, -2, -2])):
        for kinds in (
            ["doppelkopf", "fox", "karlchen"],
            ["doppelkopf", "karlchen", "dulle-caught"],
        ):
            house = rules(doppelkarl=doppelkarl, specials=kinds)
            state, winners = play_tricks(house, DOPPELKARL_DEAL, DEALER_0)
            assert winners[-1] == 2
            outcome = result(state)
            assert outcome["specials"] == [
                {"kind": "doppelkopf", "party": "kontra"},
                *[{"kind": "karlchen", "party": "re"}] * karlchen,
            ]
            assert outcome["points"] == points
            assert final_points(state, state_tricks(state)) == points
    two = [{"kind": "karlchen", "party": "re"}] * 2
    sheet = {"contract": "normal", "re": [2, 3], "eyes_re": 73, "specials": two}
    allowed = {"preset": "ddv", "options": {"doppelkarl": True}}
    assert score(summary_from_json({"rules": allowed, **sheet}))["points"] == [1, 1, -1, -1]
    with pytest.raises(DokoError) as refusal:
        summary_from_json({"rules": "ddv", **sheet})
    assert refusal.value.code == "special-too-often"


def test_specials_in_solo_are_the_sonderpunkte_of_a_solo() -> None:
    """specials_in_solo: a solo awards these (ddv: none), a partner game ``specials``."""
    assert specials_awarded(rules(), "solo:diamonds") == ()
    fox = rules(specials_in_solo=["fox"])
    assert specials_awarded(fox, "solo:diamonds") == ("fox",)
    assert specials_awarded(fox, "normal") == fox.specials


# -- table settings ----------------------------------------------------------------


def test_the_tournament_setting_reaches_the_page_view() -> None:
    """tournament (display only: the page hides the running Augen): the view says so."""
    for preset, shown in (("berndt", True), ("ddv", False)):
        payload = {"rules": preset, "seed": 1, "bots": [None] * 4}
        view = view_of(json.loads(api.handle("new_game", json.dumps(payload))))
        assert view["tournament"] is shown


def test_a_bot_table_plays_no_more_rounds_than_the_pflichtsolo_window() -> None:
    """duty_solo_rounds: a bot tournament's table plays two rounds, or fewer where the
    Pflichtsolo must be played sooner (one round here: four deals at least)."""
    one = play_table(rules(duty_solo_rounds=1), 5, 4, "random")
    assert one.settings.rounds == 1 and is_finished(one)
    assert play_table(rules(), 5, 4, "random").settings.rounds == 2
