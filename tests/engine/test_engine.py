"""Cards, trump orders, trick winners, following suit, reservations, Hochzeit."""

from __future__ import annotations

import pytest

from doko.game.actions import parse
from doko.game.cards import Card, deal, deck, parse_cards, total_eyes
from doko.game.contracts import card_order
from doko.game.rules import PRESETS, load_rules
from doko.game.state import IllegalAction, apply, legal_for, new_game, playable_cards

DDV = PRESETS["ddv"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def test_card_text_round_trip() -> None:
    for card in set(deck(64)):
        assert Card.from_str(str(card)) == card
    with pytest.raises(ValueError, match="unknown card"):
        Card.from_str("XZ")


@pytest.mark.parametrize("size", [40, 48, 64])
def test_every_deck_holds_240_eyes(size: int) -> None:
    assert len(deck(size)) == size
    assert total_eyes(deck(size)) == 240


def test_seeded_deal_is_reproducible_and_complete() -> None:
    hands = deal(48, 4, seed=7)
    assert hands == deal(48, 4, seed=7)
    assert sorted(c for h in hands for c in h) == sorted(deck(48))
    five = deal(40, 5, seed=7, dealer=2)
    assert five[2] == () and all(len(h) == 10 for i, h in enumerate(five) if i != 2)


def test_ddv_trump_order() -> None:
    order = card_order("normal", DDV)
    assert [str(c) for c in order.trumps] == (
        ["HT", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "DA", "DT", "DK", "D9"]
    )
    assert order.follows[Card.from_str("HA")] == "H"


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("CA CA CK CT", 0),  # first of two equal cards wins
        ("CA D9 CK CT", 1),  # a trump takes a plain suit
        ("HT HT CQ DA", 0),  # ddv: the first Dulle beats the second
        ("SA HA HA SK", 0),  # a discard of another suit never wins
        ("DJ HJ SJ CJ", 3),
    ],
)
def test_trick_winner_ddv(trick: str, winner: int) -> None:
    assert card_order("normal", DDV).winner(cards(trick), last_trick=False) == winner


def test_second_dulle_wins_except_in_last_trick() -> None:
    order = card_order("normal", PRESETS["ohne-neunen"])
    assert order.winner(cards("HT CQ HT DA"), last_trick=False) == 2
    assert order.winner(cards("HT CQ HT DA"), last_trick=True) == 0
    # in a Damen-Solo the Dulle is a plain heart: no Dullen rule
    queens = card_order("queens", PRESETS["ohne-neunen"])
    assert queens.winner(cards("HT HT HK HA"), last_trick=False) == 3


def test_klassisch_without_tollen_ten_of_hearts_is_plain() -> None:
    order = card_order("normal", PRESETS["klassisch"])
    assert order.follows[Card.from_str("HT")] == "H"
    tollen = card_order("normal", load_rules({"preset": "klassisch", "options": {"dullen": True}}))
    assert tollen.trumps[0] == Card.from_str("HT")


def test_solo_orders() -> None:
    jacks = card_order("jacks", PRESETS["berndt"])
    assert [str(c) for c in jacks.trumps] == ["CJ", "SJ", "HJ", "DJ"]
    assert jacks.winner(cards("SA SQ ST SK"), last_trick=False) == 0
    assert jacks.winner(cards("SQ SK ST SA"), last_trick=False) == 3
    hearts = card_order("hearts", DDV)
    # the Dulle stays on top in a heart solo; then queens, jacks, HA HK H9
    assert [str(c) for c in hearts.trumps] == (
        ["HT", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "DJ", "HA", "HK", "H9"]
    )
    assert hearts.follows[Card.from_str("DA")] == "D"
    fleshless = card_order("fleshless", DDV)
    assert fleshless.trumps == ()


HANDS = [
    "CQ HT DA DT DK D9 CA CT SA ST HA HK",
    "CQ HT DA DT DK D9 CA CT SA ST HA HK",
    "SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ HJ",
    "DJ DJ CK CK C9 C9 SK SK S9 S9 H9 H9",
]


def scripted(rules_id: str = "ddv", hands: list[str] = HANDS, dealer: int = 3):  # type: ignore[no-untyped-def]
    return new_game(load_rules(rules_id), [parse_cards(h) for h in hands], dealer)


def play(state, *actions: str):  # type: ignore[no-untyped-def]
    for action in actions:
        state = apply(state, parse(action))
    return state


def test_follow_suit_trump_is_one_suit() -> None:
    state = play(scripted(), "0:healthy", "1:healthy", "2:healthy", "3:healthy")
    assert state.phase == "play" and state.to_act == 0
    state = apply(state, parse("0:HA"))
    # hearts led: seat 1 must play a plain heart; its HT is trump, not a heart
    assert sorted(str(c) for c in playable_cards(state, 1)) == ["HA", "HK"]
    with pytest.raises(IllegalAction, match=r"seat 1 must follow suit \(holds HA\)"):
        apply(state, parse("1:HT"))
    with pytest.raises(IllegalAction, match="turn"):
        apply(state, parse("2:SQ"))


def test_parties_by_club_queens() -> None:
    state = play(scripted(), "0:healthy", "1:healthy", "2:healthy", "3:healthy")
    assert state.contract == "normal"
    assert state.re_party == (0, 1)


def test_solo_outranks_wedding_and_equal_solos_go_to_first_seat() -> None:
    state = play(scripted(), "0:solo:jacks", "1:solo:queens", "2:healthy", "3:healthy")
    assert state.contract == "solo:jacks" and state.declarer == 0


def test_berndt_ranks_solos() -> None:
    start = new_game(PRESETS["berndt"], deal(40, 4, seed=1), 3)
    state = play(start, "0:solo:jacks", "1:solo:diamonds", "2:healthy", "3:healthy")
    assert state.contract == "solo:diamonds" and state.declarer == 1
    assert state.to_act == 0  # left of the dealer leads a solo in berndt


def test_duty_solo_leads_in_ddv() -> None:
    state = new_game(DDV, [parse_cards(h) for h in HANDS], 3, owes_duty_solo=frozenset({2}))
    state = play(state, "0:healthy", "1:healthy", "2:solo:queens", "3:healthy")
    assert state.duty_solo and state.to_act == 2


WEDDING_HANDS = [  # seat 0 holds both Kreuz-Damen
    "CQ CQ HT DA DT DK D9 CA CT SA ST HA",
    "HT DA DT DK D9 CT SK ST HA HK HK H9",
    "SQ SQ HQ HQ DQ DQ CJ CJ SJ SJ HJ HJ",
    "DJ DJ CA CK CK C9 C9 SA SK S9 S9 H9",
]


def test_wedding_finds_partner_in_first_foreign_trick() -> None:
    state = play(scripted("ddv", WEDDING_HANDS), "0:wedding", "1:healthy", "2:healthy", "3:healthy")
    assert state.contract == "wedding" and state.to_act == 0
    # seat 0 leads CA; seat 3 must follow clubs, seat 1 follows with CT,
    # seat 2 has no clubs and trumps with SQ: seat 2 wins and becomes the partner
    state = play(state, "0:CA", "1:CT", "2:SQ", "3:C9")
    assert state.partner == 2 and state.wedding_decided == 1
    assert state.re_party == (0, 2)


def test_no_announcement_before_the_wedding_is_decided() -> None:
    state = play(scripted("ddv", WEDDING_HANDS), "0:wedding", "1:healthy", "2:healthy", "3:healthy")
    with pytest.raises(IllegalAction, match="Hochzeit"):
        apply(state, parse("1:kontra"))


def test_throw_in_lockhausen_ends_the_deal() -> None:
    hands = [
        "CK CK SK SK HK CQ HT DA DT DJ",
        "HK DK DK CQ HT DA DT SQ SQ HQ",
        "HQ DQ DQ CJ CJ SJ SJ HJ HJ DJ",
        "CA CA CT CT SA SA ST ST HA HA",
    ]
    state = scripted("lockhausen", hands)
    assert parse("0:throw") in legal_for(state, 0)
    state = apply(state, parse("0:throw"))
    assert state.is_over and state.contract == "redeal"


def test_announcement_deadline_by_cards() -> None:
    state = play(scripted(), "0:healthy", "1:healthy", "2:healthy", "3:healthy")
    assert parse("2:kontra") in legal_for(state, 2)
    state = play(state, "0:HA", "1:HK", "2:SQ", "3:H9")  # seat 2 wins, leads
    state = play(state, "2:SQ", "3:DJ", "0:D9")  # seat 0 now holds 10 cards
    assert parse("0:re") not in legal_for(state, 0)  # Re needs 11 cards in ddv
    with pytest.raises(IllegalAction, match="too late"):
        apply(state, parse("0:re"))
    assert parse("1:re") in legal_for(state, 1)  # seat 1 still holds 11
    state = apply(state, parse("1:no90"))  # implies Re
    assert [w for _, w in state.said] == ["re", "no90"]


def test_gegenansage_one_card_later() -> None:
    state = play(scripted(), "0:healthy", "1:healthy", "2:healthy", "3:healthy")
    state = play(state, "0:HA", "1:HK", "2:SQ", "3:H9", "2:SQ", "3:DJ", "0:D9")
    state = apply(state, parse("1:re"))  # seat 1 has 11 cards: in time
    state = apply(state, parse("1:D9"))
    # seat 2 and 3 (Kontra) hold 10 cards: too late for Kontra, but Re needed 11
    # so Kontra may answer with one card fewer
    assert parse("3:kontra") in legal_for(state, 3)
    state = apply(state, parse("3:kontra"))
    assert "kontra" in state.frozen  # past its own deadline: no more announcements
    assert [a for a in legal_for(state, 3) if a.word in ("no90", "no60")] == []
