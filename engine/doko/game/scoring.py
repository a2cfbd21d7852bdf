"""Scoring a finished game: from a game summary to the result and sheet entry.

A :class:`Summary` holds what a score keeper needs to know about a finished
game (who was Re, Augen, tricks, announcements, Sonderpunkte). :func:`score`
turns it into the Result JSON of docs/formats.md (:mod:`doko.game.summary` reads and
checks a Game summary as an outside tool or a score keeper writes it).

Each scoring system is one function returning an :class:`_Outcome`: the
winner, the itemised ``lines`` and what one seat of each party writes on the
sheet. A line ``{"item": ..., "party": P, "points": n}`` credits ``n`` points
to party ``P``; the value of a game for a party is the sum of its lines minus
the sum of the other party's lines. Items:

``won``
    The game was won (``berndt``: Re's "keine 120" level when Re lost).
``against-the-old``
    Kontra beat a Re party of two (``ddv``, ``lockhausen``).
``re-announced``, ``kontra-announced``
    Re or Kontra was said (``ddv``: 2 points for the winner).
``no90-announced`` .. ``black-announced``
    A limit was announced (1 point for the winner; ``by`` names who said it).
``no90``, ``no60``, ``no30``, ``black``
    The other party stayed below 90/60/30 Augen or took no trick.
``schneider``
    ``klassisch``: the losers have fewer than 60 Augen.
``120-against-no90``, ``90-against-no60``, ``60-against-no30``, ``30-against-black``
    ``ddv``: a party reached these Augen against the other party's limit.
``no90-reached`` .. ``black-reached``
    ``lockhausen``: the winners announced this limit and reached it.
``no90-missed`` .. ``black-missed``
    ``lockhausen``: a limit announced by the other party (``by``) that failed;
    it counts for the party credited as if it had been reached.
``doubled-re``, ``doubled-kontra``
    ``lockhausen``: Re or Contra was said, doubling everything above; the line
    adds the amount by which the value grew (``factor`` is 2).
``doppelkopf``, ``fox``, ``fox-last``, ``karlchen``, ``karlchen-caught``, ``heart-trick``
    One line per Sonderpunkt, credited to the party that made it.
``bock``
    A bock deal (``summary.bock`` = k > 0): the last line; every seat's entry, solo
    factor included, is multiplied by ``factor`` = 2**k, and the line adds what the
    doubling adds to the value (doko.game.bock).

In a solo (and a Hochzeit scored as one) the soloist writes three times what
one seat of the Re party would write. A dealer who sits out writes 0, or what
one Kontra seat writes when ``rules.sitting_out`` is ``"kontra"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from .announcements import LIMITS
from .bock import bock_line
from .bock import factor as bock_factor
from .cards import HALF_EYES, TOTAL_EYES, WIN_EYES, is_fixed_team
from .contracts import is_solo_like
from .rules import Rules

PARTIES = ("re", "kontra")
# Augen a party must stay below for a limit to be reached (black: no trick at all).
LIMIT_EYES = {"no90": 90, "no60": 60, "no30": 30}
# ddv: Augen a party needs against a limit of the other party, for one point.
AGAINST_LIMIT = {"no90": HALF_EYES, "no60": 90, "no30": 60, "black": 30}
AGAINST_ITEM = {limit: f"{need}-against-{limit}" for limit, need in AGAINST_LIMIT.items()}

Line = dict[str, Any]


@dataclass(frozen=True)
class Summary:
    """What the score keeper knows about a finished game (see module docs)."""

    rules: Rules
    contract: str
    players: int
    re: tuple[int, ...]
    sitting_out: int | None
    eyes_re: int
    tricks_re: int | None
    tricks_kontra: int | None
    announcements: dict[str, tuple[str, ...]]
    specials: tuple[tuple[str, str], ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    bock: int = 0  # Bockrunden: the deal's points are doubled this many times


@dataclass
class _Outcome:
    winner: str  # "re", "kontra" or "none"
    lines: list[Line]
    re_each: int  # sheet entry of one Re seat (a soloist writes it times the solo factor)
    kontra_each: int  # sheet entry of one Kontra seat


# ---------------------------------------------------------------------------
# Facts about a summary


def other(party: str) -> str:
    return "kontra" if party == "re" else "re"


def parties(summary: Summary) -> dict[str, list[int]]:
    """The seats of each party; a dealer who sits out belongs to none."""
    active = [s for s in range(summary.players) if s != summary.sitting_out]
    return {
        "re": sorted(summary.re),
        "kontra": [s for s in active if s not in summary.re],
    }


def eyes(summary: Summary, party: str) -> int:
    return summary.eyes_re if party == "re" else TOTAL_EYES - summary.eyes_re


def eyes_winner(summary: Summary) -> str:
    """The party that won on Augen alone: Re with more than half, else Kontra."""
    return "re" if summary.eyes_re >= WIN_EYES else "kontra"


def has_trick(summary: Summary, party: str) -> bool:
    tricks = summary.tricks_re if party == "re" else summary.tricks_kontra
    if tricks is None:
        return eyes(summary, party) > 0
    return tricks > 0


def below(summary: Summary, party: str, limit: str) -> bool:
    """Did ``party`` stay below the limit (fewer Augen, or no trick for black)?"""
    if limit == "black":
        return not has_trick(summary, party)
    return eyes(summary, party) < LIMIT_EYES[limit]


def limits_of(summary: Summary, party: str) -> list[str]:
    """The limits ``party`` announced, lowest first (the last is its goal)."""
    words = summary.announcements.get(party, ())
    return [limit for limit in LIMITS if limit in words]


def said(summary: Summary, party: str) -> bool:
    """Did ``party`` say Re (Re party) or Kontra (Kontra party)?"""
    return party in summary.announcements.get(party, ())


def against_the_old_allowed(summary: Summary) -> bool:
    """May Kontra earn the point for beating a Re party of two in this contract?"""
    if summary.contract == "poverty":
        return summary.rules.against_old_in_poverty
    return summary.contract in ("normal", "wedding")


def solo_factor(summary: Summary) -> int:
    """How many times a soloist writes one Re seat's entry: one per opponent."""
    if is_fixed_team(summary.players) and summary.rules.fixed_team_solo_factor:
        return summary.players - 1
    return 3


def is_team_game(summary: Summary) -> bool:
    """A fixed-team table (6 or 8 players) playing teams, not a solo."""
    return is_fixed_team(summary.players) and not is_solo_like(summary.contract)


TEAM_NAMES = {"re": "A", "kontra": "B"}


def rename_parties(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with every party name (as a key or a string) replaced per ``names``."""
    if isinstance(value, dict):
        return {names.get(k, k): rename_parties(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [rename_parties(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def _team_names(result: dict[str, Any]) -> dict[str, Any]:
    """Rename re/kontra to the teams A (even seats) and B (odd seats)."""
    named = ("parties", "eyes", "tricks", "winner", "announcements", "specials", "lines")
    return {k: rename_parties(v, TEAM_NAMES) if k in named else v for k, v in result.items()}


def line(item: str, party: str, points: int = 1, **more: Any) -> Line:
    return {"item": item, "party": party, "points": points, **more}


def special_lines(summary: Summary) -> list[Line]:
    return [line(kind, party) for kind, party in summary.specials]


def net(lines: list[Line], party: str) -> int:
    """Sum of ``party``'s lines minus the other party's lines."""
    return sum(x["points"] if x["party"] == party else -x["points"] for x in lines)


def zero_sum(value_re: int, winner: str, lines: list[Line]) -> _Outcome:
    return _Outcome(winner, lines, value_re, -value_re)


# ---------------------------------------------------------------------------
# ddv and ohne-neunen


def need(scoring: str, announcements: Mapping[str, Iterable[str]], party: str) -> tuple[str, int]:
    """What ``party`` needs to reach its goal, given what both parties announced:
    ``("eyes", n)`` (at least n Augen), ``("trick", 1)`` (at least one trick) or
    ``("all", 0)`` (every trick: the other party takes none).

    A party's own highest limit is its goal; otherwise the other party's highest
    limit lowers its need (90/60/30 Augen, one trick); otherwise Re needs 121 and
    Kontra 120, the other way round when under ``ddv`` scoring only Kontra was said.
    The replay narration tells the goals with the same function the score uses.
    """
    opponent = other(party)
    own = [w for w in LIMITS if w in announcements.get(party, ())]
    if own:
        return ("all", 0) if own[-1] == "black" else ("eyes", TOTAL_EYES + 1 - LIMIT_EYES[own[-1]])
    theirs = [w for w in LIMITS if w in announcements.get(opponent, ())]
    if theirs:
        return ("trick", 1) if theirs[-1] == "black" else ("eyes", LIMIT_EYES[theirs[-1]])
    said_re = "re" in announcements.get("re", ())
    only_kontra_said = (
        scoring == "ddv" and "kontra" in announcements.get("kontra", ()) and not said_re
    )
    return ("eyes", WIN_EYES if (party == "re") != only_kontra_said else HALF_EYES)


def _ddv_goal_reached(summary: Summary, party: str) -> bool:
    """Did ``party`` reach its goal under the DDV tournament rules?"""
    kind, least = need("ddv", summary.announcements, party)
    if kind == "all":
        return not has_trick(summary, other(party))
    if kind == "trick":
        return has_trick(summary, party)
    return eyes(summary, party) >= least


def _ddv_own_party_lines(summary: Summary, party: str, loser_below: bool) -> list[Line]:
    """The points a party earns for itself, whoever won."""
    opponent = other(party)
    own_eyes = eyes(summary, party)
    lines: list[Line] = []
    for limit in reversed(limits_of(summary, opponent)):
        if own_eyes >= AGAINST_LIMIT[limit]:
            lines.append(line(AGAINST_ITEM[limit], party))
    if loser_below:
        lines += [line(limit, party) for limit in LIMITS if below(summary, opponent, limit)]
    return lines


def score_ddv(summary: Summary) -> _Outcome:
    """DDV points table: winners' points, own-party points, Sonderpunkte netted.

    With a winner, the points "for the winning party" and the levels the losers
    stayed below go to the winner; the points a party earns for itself (Augen
    against a limit, Sonderpunkte) go to whoever earned them. When nobody
    reaches its goal only the latter count, and each party is credited for the
    levels the other stayed below.
    """
    reached = {p: _ddv_goal_reached(summary, p) for p in PARTIES}
    winner = "re" if reached["re"] else "kontra" if reached["kontra"] else "none"
    lines: list[Line] = []
    if winner != "none":
        lines.append(line("won", winner))
        if winner == "kontra" and against_the_old_allowed(summary):
            lines.append(line("against-the-old", winner))
        for party in PARTIES:
            if said(summary, party):
                lines.append(line(f"{party}-announced", winner, 2))
        for party in PARTIES:
            for limit in limits_of(summary, party):
                lines.append(line(f"{limit}-announced", winner, by=party))
        lines += _ddv_own_party_lines(summary, winner, loser_below=True)
        lines += _ddv_own_party_lines(summary, other(winner), loser_below=False)
    else:
        for party in PARTIES:
            lines += _ddv_own_party_lines(summary, party, loser_below=True)
    lines += special_lines(summary)
    return zero_sum(net(lines, "re"), winner, lines)


# ---------------------------------------------------------------------------
# lockhausen


def _lockhausen_winner(summary: Summary) -> str:
    reached = {}
    for party in PARTIES:
        limits = limits_of(summary, party)
        reached[party] = below(summary, other(party), limits[-1]) if limits else None
    if reached["re"] is None and reached["kontra"] is None:
        return eyes_winner(summary)
    for party in PARTIES:
        if reached[party]:
            return party
    if reached["re"] is None:
        return "re"  # only Kontra announced limits, and missed
    if reached["kontra"] is None:
        return "kontra"
    return "none"


def _missed_lines(summary: Summary, announcer: str, credited: str, only_missed: bool) -> list[Line]:
    """Each limit ``announcer`` said (that failed) counts 1 + 1 for ``credited``."""
    lines: list[Line] = []
    for limit in limits_of(summary, announcer):
        if only_missed and below(summary, credited, limit):
            continue
        lines.append(line(f"{limit}-announced", credited, by=announcer))
        lines.append(line(f"{limit}-missed", credited, by=announcer))
    return lines


def _doubled(lines: list[Line], word: str, winner: str) -> Line:
    value = net(lines, "re")
    party = "re" if value > 0 or (value == 0 and winner != "kontra") else "kontra"
    return line(f"doubled-{word}", party, abs(value), factor=2)


def score_lockhausen(summary: Summary) -> _Outcome:
    """Limits 1 + 1 each, doubled per Re/Contra said, then Sonderpunkte undoubled."""
    winner = _lockhausen_winner(summary)
    lines: list[Line] = []
    if winner != "none":
        loser = other(winner)
        lines.append(line("won", winner))
        if winner == "kontra" and against_the_old_allowed(summary):
            lines.append(line("against-the-old", winner))
        own = limits_of(summary, winner)
        for limit in own:
            lines.append(line(f"{limit}-announced", winner, by=winner))
            lines.append(line(f"{limit}-reached", winner))
        lines += _missed_lines(summary, loser, winner, only_missed=False)
        if summary.rules.unannounced_levels:
            for limit in LIMITS:
                if limit not in own and below(summary, loser, limit):
                    lines.append(line(limit, winner))
    else:
        for party in PARTIES:
            lines += _missed_lines(summary, other(party), party, only_missed=True)
    for party in PARTIES:
        if said(summary, party):
            lines.append(_doubled(lines, party, winner))
    lines += special_lines(summary)
    return zero_sum(net(lines, "re"), winner, lines)


# ---------------------------------------------------------------------------
# berndt


BERNDT_SCALE = 10  # Berndt: the sheet writes ten times the value


def score_berndt(summary: Summary) -> _Outcome:
    """Value V from Re's side; winners write 10 V, losers 0 unless Re lost."""
    winner = eyes_winner(summary)
    loser = other(winner)
    lines = [line("won", winner)]
    lines += [line(limit, winner) for limit in LIMITS if below(summary, loser, limit)]
    lines += special_lines(summary)
    value = net(lines, "re")
    if value > 0:
        return _Outcome(winner, lines, BERNDT_SCALE * value, 0)
    if value < 0:
        re_each = BERNDT_SCALE * value if winner == "kontra" else 0
        return _Outcome(winner, lines, re_each, -BERNDT_SCALE * value)
    return _Outcome(winner, lines, 0, 0)


# ---------------------------------------------------------------------------
# klassisch


def score_klassisch(summary: Summary) -> _Outcome:
    """1 for the game, Schneider, Schwarz, Sonderpunkte netted."""
    winner = eyes_winner(summary)
    loser = other(winner)
    lines = [line("won", winner)]
    if eyes(summary, loser) < 60:
        lines.append(line("schneider", winner))
    if not has_trick(summary, loser):
        lines.append(line("black", winner))
    lines += special_lines(summary)
    return zero_sum(net(lines, "re"), winner, lines)


def goal(summary: Summary, party: str) -> dict[str, Any]:
    """What ``party`` had to make to win, as data the page words: ``eyes`` (Augen
    needed) or ``tricks`` (``all``: the other party takes none; ``one``: one trick
    of its own), and ``why``: ``base`` (no limit said), ``only-kontra-said`` (ddv:
    Kontra said and Re did not), ``own-LIMIT`` (this party announced the limit) or
    ``their-LIMIT`` (the other party did)."""
    opponent = other(party)
    kind, least = need(summary.rules.scoring, summary.announcements, party)
    own = limits_of(summary, party)
    theirs = limits_of(summary, opponent)
    only_kontra = (
        summary.rules.scoring == "ddv" and said(summary, "kontra") and not said(summary, "re")
    )
    why = (
        f"own-{own[-1]}"
        if own
        else f"their-{theirs[-1]}"
        if theirs
        else "only-kontra-said"
        if only_kontra
        else "base"
    )
    if kind == "all":
        return {"tricks": "all", "why": why}
    if kind == "trick":
        return {"tricks": "one", "why": why}
    return {"eyes": least, "why": why}


def goals(summary: Summary) -> dict[str, dict[str, Any]]:
    """Each party's goal (see :func:`goal`), named A/B at a fixed-team table."""
    found = {party: goal(summary, party) for party in PARTIES}
    if is_team_game(summary):
        return {TEAM_NAMES[p]: g for p, g in found.items()}
    return found


SYSTEMS = {
    "ddv": score_ddv,
    "lockhausen": score_lockhausen,
    "berndt": score_berndt,
    "klassisch": score_klassisch,
}
# the sheet's own multiplier on a deal's value, by scoring system (1 where none is listed)
SCALES = {"berndt": BERNDT_SCALE}


class Reckoning(TypedDict):
    """How a deal's lines become the sheet's entries, as a scorer says it aloud: the
    lines add up to ``value`` for ``party``; that times ``scale``, the solo factor (the
    soloist's entry only) and the Bock factor is what each seat writes."""

    value: int  # the lines netted: what they give the party ahead (0: none or cancelled)
    party: str | None  # the party the value counts for (re/kontra, A/B), None at 0
    scale: int  # the scoring's own multiplier on the value (10 under Berndt, else 1)
    solo_factor: int  # a soloist writes the value this many times (1: no solo)
    bock_factor: int  # every entry doubled per Bock level (1: no Bock)
    cancelled: bool  # there were lines, but Re's and Kontra's cancel out: all write 0


def reckoning(summary: Summary) -> Reckoning:
    """The steps from the lines to the sheet: the value, the solo and the Bock factor."""
    if is_team_game(summary) and summary.eyes_re == HALF_EYES:
        outcome = _Outcome("draw", [], 0, 0)
    else:
        outcome = SYSTEMS[summary.rules.scoring](summary)
    value = net(outcome.lines, "re")
    party = "re" if value > 0 else "kontra" if value < 0 else None
    if party is not None and is_team_game(summary):
        party = TEAM_NAMES[party]
    return {
        "value": abs(value),
        "party": party,
        "scale": SCALES.get(summary.rules.scoring, 1),
        "solo_factor": solo_factor(summary) if is_solo_like(summary.contract) else 1,
        "bock_factor": bock_factor(summary.bock) if summary.bock else 1,
        "cancelled": bool(outcome.lines) and value == 0,
    }


def score(summary: Summary) -> dict[str, Any]:
    """The Result JSON (docs/formats.md) of a finished game, plus ``summary.extra``."""
    if is_team_game(summary) and summary.eyes_re == HALF_EYES:
        outcome = _Outcome("draw", [], 0, 0)  # 120:120 between fixed teams
    else:
        outcome = SYSTEMS[summary.rules.scoring](summary)
    factor = solo_factor(summary) if is_solo_like(summary.contract) else 1
    sitting = outcome.kontra_each if summary.rules.sitting_out == "kontra" else 0
    points = []
    for seat in range(summary.players):
        if seat == summary.sitting_out:
            points.append(sitting)
        elif seat in summary.re:
            points.append(outcome.re_each * factor)
        else:
            points.append(outcome.kontra_each)
    lines, bock = outcome.lines, {}
    if summary.bock:  # after everything else, the solo factor included
        points = [p * bock_factor(summary.bock) for p in points]
        lines, bock = [*lines, bock_line(lines, summary.bock)], {"bock": summary.bock}
    result = {
        "contract": summary.contract,
        "parties": parties(summary),
        "eyes": {p: eyes(summary, p) for p in PARTIES},
        "tricks": {"re": summary.tricks_re, "kontra": summary.tricks_kontra},
        "winner": outcome.winner,
        "announcements": {p: list(summary.announcements.get(p, ())) for p in PARTIES},
        "specials": [{"kind": kind, "party": party} for kind, party in summary.specials],
        "lines": lines,
        "points": points,
        **summary.extra,
        **bock,
    }
    return _team_names(result) if is_team_game(summary) else result
