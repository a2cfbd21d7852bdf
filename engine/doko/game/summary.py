"""Reading a Game summary: :func:`summary_from_json` checks what an outside tool or
a score keeper writes (docs/formats.md "Game summary") and makes the
:class:`~doko.game.scoring.Summary` that :func:`doko.game.scoring.score` scores. Every
problem is a coded :class:`~doko.game.errors.SummaryError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .announcements import LIMITS, WORDS
from .bock import MAX_LEVEL
from .cards import DA, DOPPELKOPF_EYES, TOTAL_EYES, dealer_sits_out, is_fixed_team, playing_seats
from .contracts import LONE_WEDDINGS, card_order, is_solo_like, order_kind, solo_contract
from .errors import SummaryError, coded
from .rules import Rules, load_rules
from .scoring import PARTIES, TEAM_NAMES, Summary, rename_parties
from .tricks import specials_awarded


def complete_announcements(rules: Rules, party: str, words: Iterable[str]) -> tuple[str, ...]:
    """``party``'s announcements with the levels they imply, in level order."""
    if party not in PARTIES:
        raise SummaryError("unknown-party", party=party)
    words = list(words)
    if rules.announcements == "none" and words:
        raise SummaryError("preset-without-announcements", preset=rules.preset, word=words[0])
    made: set[str] = set()
    for word in words:
        if word not in WORDS:
            raise SummaryError("summary-unknown-announcement", word=word, words=list(WORDS))
        if word in PARTIES and word != party:
            raise SummaryError("party-cannot-announce", party=party, word=word)
        made.add(word)
        if word in LIMITS:
            made.update(LIMITS[: LIMITS.index(word)])
            if rules.announcements == "cards":
                made.add(party)
    return tuple(w for w in (party, *LIMITS) if w in made)


SUMMARY_FIELDS = (
    "rules",
    "contract",
    "players",
    "re",
    "sitting_out",
    "eyes_re",
    "tricks",
    "announcements",
    "specials",
)
EXTRA_FIELDS = ("poverty", "duty_solo")
BOCK_FIELDS = ("bock", "heart_trick")  # Bockrunden: the deal's level, a Herz-only trick


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SummaryError("summary-not-whole", field=what, value=value)
    return value


def contracts_played(rules: Rules, players: int) -> list[str]:
    """The contracts a summary may name under ``rules`` at a table of ``players``."""
    if is_fixed_team(players):  # fixed teams: no Hochzeit, no Trumpfabgabe
        return ["normal", *(solo_contract(kind) for kind in rules.solos)]
    names = ["normal", "wedding", *LONE_WEDDINGS]
    if rules.poverty != "none":
        names.append("poverty")
    return names + [solo_contract(kind) for kind in rules.solos]


def _read_rules(data: Any) -> Rules:
    try:
        return load_rules(data)
    except (TypeError, ValueError) as error:
        raise SummaryError("summary-rules", reason=coded(error)) from None


def _read_seats(data: Mapping[str, Any], rules: Rules) -> tuple[int, int | None, tuple[int, ...]]:
    sitting_out = data.get("sitting_out")
    if sitting_out is not None:
        sitting_out = _int(sitting_out, "sitting_out")
    default_players = 4 if sitting_out is None else 5
    players = _int(data.get("players", default_players), "players")
    if players not in rules.players:
        raise SummaryError(
            "summary-players", preset=rules.preset, allowed=list(rules.players), players=players
        )
    if is_fixed_team(players) and sitting_out is not None:
        raise SummaryError("sitting-out-fixed-teams", players=players)
    if dealer_sits_out(players) and sitting_out is None:
        raise SummaryError("sitting-out-needed")
    if players == 4 and sitting_out is not None:
        raise SummaryError("sitting-out-four")
    if sitting_out is not None and not 0 <= sitting_out < players:
        raise SummaryError("sitting-out-range", seat=sitting_out, last=players - 1)
    seats = data.get("re")
    if not isinstance(seats, list):
        raise SummaryError("re-not-list")
    re = tuple(_int(s, "a seat in re") for s in seats)
    for seat in re:
        if not 0 <= seat < players:
            raise SummaryError("re-seat-range", seat=seat, last=players - 1)
        if seat == sitting_out:
            raise SummaryError("re-seat-sits-out", seat=seat)
    if len(set(re)) != len(re):
        raise SummaryError("re-seat-twice")
    return players, sitting_out, re


def _check_party_size(contract: str, re: tuple[int, ...], players: int) -> None:
    if is_fixed_team(players) and not is_solo_like(contract):
        team_a = list(range(0, players, 2))
        if sorted(re) != team_a:
            raise SummaryError("team-a-seats", players=players, team=team_a)
        return
    if is_solo_like(contract):
        if len(re) != 1:
            raise SummaryError("solo-one-seat", contract=contract, re=list(re))
    elif len(re) != 2:
        raise SummaryError("two-re-seats", contract=contract, re=list(re))


def _read_tricks(
    data: Mapping[str, Any],
    rules: Rules,
    eyes_re: int,
    players: int,
) -> tuple[int | None, int | None]:
    active = playing_seats(players)
    per_game = rules.deck_for(players) // active
    raw = data.get("tricks")
    eyes_of = {"re": eyes_re, "kontra": TOTAL_EYES - eyes_re}
    if raw is None:
        for party in PARTIES:
            if eyes_of[party] == 0:
                raise SummaryError("tricks-needed", party=party)
        return (None, None)
    if not isinstance(raw, dict) or set(raw) != set(PARTIES):
        raise SummaryError("tricks-shape")
    counts = {p: _int(raw[p], f"tricks of {p}") for p in PARTIES}
    if any(n < 0 for n in counts.values()) or sum(counts.values()) != per_game:
        raise SummaryError("tricks-sum", total=per_game, tricks=raw)
    least_card = _least_eyes(rules.deck_for(players))
    for party in PARTIES:
        if counts[party] == 0 and eyes_of[party] > 0:
            raise SummaryError("eyes-without-trick", party=party, eyes=eyes_of[party])
        if eyes_of[party] < active * least_card * counts[party]:
            raise SummaryError(
                "eyes-in-tricks", party=party, eyes=eyes_of[party], tricks=counts[party]
            )
    return (counts["re"], counts["kontra"])


def _least_eyes(deck: int) -> int:
    return 0 if deck != 40 else 2  # a jack is the lowest card without nines


def _read_announcements(data: Mapping[str, Any], rules: Rules) -> dict[str, tuple[str, ...]]:
    raw = data.get("announcements", {})
    if not isinstance(raw, dict) or not set(raw) <= set(PARTIES):
        raise SummaryError("announcements-shape")
    result = {}
    for party in PARTIES:
        words = raw.get(party, [])
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise SummaryError("announcements-list", party=party)
        result[party] = complete_announcements(rules, party, words)
    return result


def _read_specials(
    data: Mapping[str, Any],
    rules: Rules,
    contract: str,
    tricks: dict[str, bool],
) -> tuple[tuple[str, str], ...]:
    raw = data.get("specials", [])
    if not isinstance(raw, list):
        raise SummaryError("specials-not-list")
    kinds = specials_awarded(rules, contract)
    items: list[tuple[str, str]] = []
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"kind", "party"}:
            raise SummaryError("special-shape")
        kind, party = item["kind"], item["party"]
        if party not in PARTIES:
            raise SummaryError("special-party", kind=kind, party=party)
        if kind not in kinds:
            raise SummaryError(
                "special-not-awarded",
                kind=kind,
                contract=contract,
                preset=rules.preset,
                awarded=list(kinds),
            )
        if not tricks[party]:
            raise SummaryError("special-no-trick", kind=kind, party=party)
        items.append((kind, party))
    _check_special_counts(items, rules, contract)
    return tuple(items)


def _check_special_counts(items: list[tuple[str, str]], rules: Rules, contract: str) -> None:
    count = Counter(kind for kind, _ in items)
    fox_is_trump = card_order(order_kind(contract), rules).follows[DA] == "T"
    if count["fox"] + count["fox-last"] and not fox_is_trump:
        raise SummaryError("no-fox", contract=contract)
    most = {
        "fox": 2,
        "fox-last": 1,
        # a Doppelkarl needs two partners: also the three opponents of a soloist
        "karlchen": 2 if rules.doppelkarl else 1,
        "karlchen-caught": 2,
        "dulle-caught": 2,
        "doppelkopf": TOTAL_EYES // DOPPELKOPF_EYES,
    }
    for kind, limit in most.items():
        if count[kind] > limit:
            raise SummaryError("special-too-often", kind=kind, most=limit, count=count[kind])
    if count["karlchen"] + count["karlchen-caught"] > 2:
        raise SummaryError("karlchen-too-many")
    if count["karlchen"] and count["fox-last"]:
        raise SummaryError("karlchen-and-fox-last")
    last = {party for kind, party in items if kind in ("karlchen", "karlchen-caught", "fox-last")}
    if len(last) > 1:
        raise SummaryError("last-trick-specials-split")


def _from_team_names(data: dict[str, Any]) -> dict[str, Any]:
    """Accept A/B (fixed teams) wherever a party is named: A is re, B is kontra."""
    back = {v: k for k, v in TEAM_NAMES.items()}
    return {
        k: rename_parties(v, back) if k in ("tricks", "announcements", "specials") else v
        for k, v in data.items()
    }


def summary_from_json(data: Any) -> Summary:
    """Read and check a Game summary (docs/formats.md); ValueError names the problem."""
    if not isinstance(data, dict):
        raise SummaryError("summary-not-object")
    unknown = sorted(set(data) - set(SUMMARY_FIELDS) - set(EXTRA_FIELDS) - set(BOCK_FIELDS))
    if unknown:
        raise SummaryError("summary-unknown-field", field=unknown[0])
    for name in ("rules", "contract", "re", "eyes_re"):
        if name not in data:
            raise SummaryError("summary-missing-field", field=name)
    rules = _read_rules(data["rules"])
    data = _from_team_names(data)
    contract = data["contract"]
    players, sitting_out, re = _read_seats(data, rules)
    allowed = contracts_played(rules, players)
    if contract not in allowed:
        raise SummaryError(
            "contract-not-played",
            contract=contract,
            preset=rules.preset,
            players=players,
            allowed=allowed,
        )
    _check_party_size(contract, re, players)
    eyes_re = _int(data["eyes_re"], "eyes_re")
    if not 0 <= eyes_re <= TOTAL_EYES:
        raise SummaryError("eyes-range", most=TOTAL_EYES, eyes=eyes_re)
    tricks_re, tricks_kontra = _read_tricks(data, rules, eyes_re, players)
    took_trick = {
        "re": tricks_re > 0 if tricks_re is not None else eyes_re > 0,
        "kontra": tricks_kontra > 0 if tricks_kontra is not None else eyes_re < TOTAL_EYES,
    }
    return Summary(
        rules=rules,
        contract=contract,
        players=players,
        re=re,
        sitting_out=sitting_out,
        eyes_re=eyes_re,
        tricks_re=tricks_re,
        tricks_kontra=tricks_kontra,
        announcements=_read_announcements(data, rules),
        specials=_read_specials(data, rules, contract, took_trick),
        extra={k: data[k] for k in EXTRA_FIELDS if k in data} | _heart_trick(data),
        bock=_read_bock(data, rules),
    )


def _read_bock(data: Mapping[str, Any], rules: Rules) -> int:
    bock = data.get("bock", 0)
    if isinstance(bock, bool) or not isinstance(bock, int) or not 0 <= bock <= MAX_LEVEL:
        raise SummaryError("summary-bock", most=MAX_LEVEL)
    if bock and not rules.bock:
        raise SummaryError("bock-without-rules", bock=bock)
    return bock


def _heart_trick(data: Mapping[str, Any]) -> dict[str, Any]:
    """A trick of plain Herz only (a Bockrunden trigger a summary cannot show otherwise)."""
    value = data.get("heart_trick", False)
    if not isinstance(value, bool):
        raise SummaryError("summary-heart-trick")
    return {"heart_trick": True} if value else {}
