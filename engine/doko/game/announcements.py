"""Announcements (Ansagen): Re/Kontra and the Absagen keine 90/60/30 and schwarz.

Level 0 is Re/Kontra, levels 1..4 the Absagen. Two deadline systems exist:
``cards`` (a level needs at least N cards still in the announcer's hand) and
``tricks`` (a level must be said before the first card of trick N). A Hochzeit
decided in trick k moves every deadline back by k-1 tricks (one card each).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

from .errors import IllegalAction
from .rules import Rules

LIMITS = ("no90", "no60", "no30", "black")
WORDS = ("re", "kontra", *LIMITS)


LEVEL = {"re": 0, "kontra": 0, **{w: i + 1 for i, w in enumerate(LIMITS)}}


def level(word: str) -> int:
    return LEVEL[word]


class Moment(NamedTuple):
    """When an announcement is made, as far as the deadlines care."""

    cards_in_hand: int  # of the announcing seat
    tricks_started: int  # tricks whose first card has been played
    shift: int  # tricks a Hochzeit took to decide, minus one


def in_time(rules: Rules, lvl: int, at: Moment, bonus_cards: int = 0) -> bool:
    """Is level ``lvl`` still in time at ``at``? ``bonus_cards`` widens a cards deadline."""
    deadline = rules.deadlines[lvl]
    if rules.announcements == "cards":
        return at.cards_in_hand >= deadline - at.shift - bonus_cards
    if rules.announcements == "tricks":
        return at.tricks_started < deadline + at.shift
    return False


def any_in_time(rules: Rules, at: Moment) -> bool:
    """Could any announcement still be in time (a Gegenansage included)?"""
    return in_time(rules, len(LIMITS), at, bonus_cards=1 if rules.gegenansage else 0)


def implied(rules: Rules, party: str, word: str) -> list[str]:
    """The words one announcement makes, lowest level first (itself last)."""
    lvl = level(word)
    if lvl == 0:
        return [word]
    lower = list(LIMITS[: lvl - 1])
    if rules.announcements == "cards":
        return [party, *lower, word]  # the party's own word is its name
    return [*lower, word]


def check(
    rules: Rules,
    party: str,
    word: str,
    said: tuple[str, ...],
    opponents_said: tuple[str, ...],
    frozen: bool,
    at: Moment,
) -> IllegalAction | None:
    """Why ``word`` may not be announced now by a member of ``party``, or None if it may.

    ``said``/``opponents_said`` are the words each party has made so far;
    ``frozen`` marks a party whose late Gegenansage closed its announcements.
    """
    if rules.announcements == "none":
        return IllegalAction("no-announcements")
    if word not in WORDS:
        return IllegalAction("unknown-announcement", word=word)
    if level(word) == 0 and word != party:
        return IllegalAction("wrong-party-word", party=party, word=word)
    if word in said:
        return IllegalAction("already-announced", word=word)
    if frozen:
        return IllegalAction("party-closed", party=party, word=word)
    if rules.announcements == "tricks":
        # a limit carries its lower limits whatever their deadline
        return None if in_time(rules, level(word), at) else too_late(rules, word, word, at)
    for w in implied(rules, party, word):
        if w in said:
            continue
        if in_time(rules, level(w), at):
            continue
        if level(w) == 0 and gegenansage_in_time(rules, opponents_said, at):
            # a late Gegenansage closes the party's announcements (docs/formats.md):
            # it is said on its own, never together with a limit
            if w == word:
                continue
            return IllegalAction("late-gegenansage-alone", party=w, word=word)
        return too_late(rules, w, word, at)
    return None


def too_late(rules: Rules, word: str, called: str, at: Moment) -> IllegalAction:
    """The refusal of ``word`` (implied by ``called``) after its deadline, which it names:
    the fewest cards in hand, or the trick (from 1) before whose first card it is due."""
    if rules.announcements == "cards":
        deadline = rules.deadlines[level(word)] - at.shift
    else:
        deadline = rules.deadlines[level(word)] + at.shift
    return IllegalAction(
        "too-late", word=word, called=called, system=rules.announcements, deadline=deadline
    )


def gegenansage_in_time(rules: Rules, opponents_said: tuple[str, ...], at: Moment) -> bool:
    """May Re/Kontra still be said in reply to the opponents' announcements?"""
    if not rules.gegenansage or not opponents_said:
        return False
    highest = max(level(w) for w in opponents_said)
    return in_time(rules, highest, at, bonus_cards=1)


def choices(
    rules: Rules, party: str, said: tuple[str, ...], opponents_said: tuple[str, ...], at: Moment
) -> list[str]:
    """The words a member of an open ``party`` may announce at ``at``, lowest level first."""
    if not any_in_time(rules, at):
        return []
    words = []
    for word in (party, *LIMITS):
        if check(rules, party, word, said, opponents_said, False, at) is None:
            words.append(word)
        elif word not in said and rules.announcements == "cards" and word != party:
            break  # cards deadlines only tighten: no higher level can be in time
    return words


A = TypeVar("A")  # an announcement action as the table's ``spell`` makes it

# announcement actions, indexed by seat
Calls = tuple[tuple[A, ...], ...]


class CallTable(Generic[A]):
    """Every seat's announcement actions under one rule set, remembered by situation.

    Legal actions need them after every card, and the same few situations recur
    in every deal: each is worked out once, and so is each seat's share of it.
    ``spell(seat, word)`` makes an action (doko.game.state passes the Action type's maker:
    this module sits below doko.game.actions, which reads its words).
    """

    LIMIT = 1 << 14  # situations remembered; more start the memory afresh

    def __init__(self, rules: Rules, spell: Callable[[int, str], A]) -> None:
        self.rules = rules
        self.spell = spell
        self._by_situation: dict[tuple[Any, ...], Calls[A] | None] = {}
        self._by_seat: dict[tuple[Any, ...], tuple[A, ...]] = {}

    def calls(
        self,
        re_party: tuple[int, ...],
        frozen: frozenset[str],
        re_words: tuple[str, ...],
        kontra_words: tuple[str, ...],
        hand_sizes: tuple[int, ...],
        tricks_started: int,
        shift: int,
    ) -> Calls[A] | None:
        """Each seat's actions (a seat per hand size), or None if no seat has one."""
        key = (re_party, frozen, re_words, kontra_words, hand_sizes, tricks_started, shift)
        try:
            return self._by_situation[key]
        except KeyError:
            pass
        by_seat = []
        for seat, cards in enumerate(hand_sizes):
            party = "re" if seat in re_party else "kontra"
            said, theirs = (re_words, kontra_words) if party == "re" else (kontra_words, re_words)
            at = (cards, tricks_started, shift)
            by_seat.append(() if party in frozen else self._seat(seat, party, said, theirs, at))
        found = tuple(by_seat) if any(by_seat) else None
        _remember(self._by_situation, key, found, self.LIMIT)
        return found

    def _seat(
        self,
        seat: int,
        party: str,
        said: tuple[str, ...],
        theirs: tuple[str, ...],
        at: tuple[int, int, int],
    ) -> tuple[A, ...]:
        key = (seat, party, said, theirs, at)
        found = self._by_seat.get(key)
        if found is None:
            words = choices(self.rules, party, said, theirs, Moment(*at))
            found = tuple([self.spell(seat, w) for w in words])
            _remember(self._by_seat, key, found, self.LIMIT)
        return found


def _remember(memory: dict[Any, Any], key: Any, value: Any, limit: int) -> None:
    if len(memory) >= limit:
        memory.clear()
    memory[key] = value


def closes_party(rules: Rules, word: str, said: tuple[str, ...], at: Moment) -> bool:
    """Does saying ``word`` now close the party's announcements (a late Gegenansage)?"""
    return (
        rules.announcements == "cards"
        and level(word) == 0
        and word not in said
        and not in_time(rules, 0, at)
    )
