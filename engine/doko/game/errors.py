"""Refusals as codes with parameters, and the one table of their English wording.

Every refusal the engine gives (an illegal action, a bad record, link, summary,
saved table or request) is a :class:`DokoError`: a stable kebab-case ``code``
and JSON-safe ``params`` (numbers, card and word strings, lists of them), so
the page can say it in its own language. ``str(err)`` is the English sentence
the command line prints, made from :data:`MESSAGES`.

A parameter named ``reason`` holds the refusal that caused this one (a record's
bad action carries the action's own refusal); ``to_json`` nests it as
``{"code", "params"}``.

Templates are ``str.format`` strings with three additions: ``!j`` prints a value
as JSON, ``!l`` joins a list with ", " ("none" when empty), and the format spec
``:verb`` names what a phase asks of the seat to act.
"""

from __future__ import annotations

import json
import string
from typing import Any

# What the seat to act does in each phase (for "it is seat N's turn to ...").
_PHASE_VERBS = {
    "reservations": "declare",
    "poverty": "answer the Trumpfabgabe",
    "poverty-return": "return cards",
    "play": "play",
}


class _Formatter(string.Formatter):
    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "j":
            return json.dumps(_plain(value))
        if conversion == "l":
            return ", ".join(map(str, value)) or "none"
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "verb":
            return _PHASE_VERBS[value]
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()

# code -> English template. Parameters the sentence does not show but the page may
# want are listed in EXTRA_PARAMS.
MESSAGES: dict[str, str] = {
    # -- actions (doko.game.state, doko.game.reservations, doko.game.announcements) ----------------
    "malformed-action": "malformed action {action!r} (expected SEAT:WHAT)",
    "seat-not-playing": "seat {seat} does not play in this deal",
    "game-over": "the game is over",
    "not-your-turn": "it is seat {seat}'s turn to {phase:verb}",
    "unknown-action": "unknown action {what!r}",
    "card-not-held": "seat {seat} does not hold {card}",
    "must-follow-suit": "seat {seat} must follow suit (holds {card})",
    "declare-solo-refused": (
        "a solo can only be declared with exactly one Kreuz-Dame before the other is played"
    ),
    "reservations-over": "the reservations are over: {what!r} is not an action of the play",
    "no-throw-when-vorgefuehrt": "seat {seat} is vorgeführt: nobody may throw in this deal",
    "announcement-before-play": "announcements start once the cards are being played",
    "announcement-before-partner": "no announcement before the Hochzeit has found its partner",
    "announcement-refused": "{word!r} is not allowed now",
    "no-announcements": "these rules have no announcements",
    "unknown-announcement": "unknown announcement {word!r}",
    "wrong-party-word": "the {party} party says {party!r}, not {word!r}",
    "already-announced": "{word!r} was already announced",
    "party-closed": "a late Gegenansage closed this party's announcements",
    "too-late": "too late for {word!r}",
    "late-gegenansage-alone": (
        "a late {party!r} (a Gegenansage) closes the party's announcements: "
        "it cannot carry {word!r}"
    ),
    "answer-poverty": "answer the Trumpfabgabe with accept or decline",
    "return-cards": "return the cards you were given",
    "return-format": "return the cards you were given: return:CARD,CARD,...",
    "return-count": "return exactly {count} cards",
    "return-not-held": "seat {seat} does not hold {card} to return",
    "vorgefuehrt-must-solo": "a player who is vorgeführt must declare a solo",
    "throw-refused": "throwing needs {kings} kings and rules that allow it",
    "throw-hand-refused": "throwing needs one of these hands: {hands!l}",
    "poverty-refused": "a Trumpfabgabe needs few enough trumps and rules that allow it",
    "wedding-refused": "a Hochzeit needs both Kreuz-Damen and a partner rule these rules offer",
    "unknown-solo": "these rules have no solo {kind!r}",
    "unknown-reservation": "unknown reservation {what!r}",
    "unknown-card": "unknown card {text!r}",
    "no-such-deck": "no deck of {size} cards (40, 48 or 64)",
    "unknown-contract-kind": "unknown contract kind {kind!r}",
    "game-not-finished": "the game is not finished",
    # -- game records (doko.game.notation) and the replay viewer (doko.page.explain) -----------
    "malformed-json": "malformed JSON: {detail} at line {line} column {column}",
    "record-not-object": "a record is a JSON object with rules, dealer, hands and actions",
    "record-rules": "rules: {reason}",
    "record-hands-not-strings": "hands must be a list of strings, one per seat",
    "record-players": "{players} hands, but these rules play with {allowed}",
    "record-dealer": "dealer must be a seat 0..{last}",
    "record-hands": "hands: {reason}",
    "record-owes": "owes_duty_solo must be a list of seats",
    "record-forced": "forced_solo must be a seat",
    "record-actions-not-strings": "actions must be a list of strings",
    "too-many-actions": "too many actions ({count})",
    "hand-size": "seat {seat} holds {held} cards, expected {expected}",
    "deck-card-extra": "the hands are not a {size}-card deck (too many: {card})",
    "deck-card-missing": "the hands are not a {size}-card deck (missing: {card})",
    "record-action": "action {index} {action!j}: {reason}",
    "replay-action": "action {index} {action!r}: {reason}",
    # -- share links (doko.page.links) ----------------------------------------------------
    "link-not-text": "a link payload must be text",
    "link-too-long": "the link is too long ({length} characters, at most {most})",
    "link-empty": "the link is empty",
    "link-version": "unknown link version {version!r} (this page reads {expected!r})",
    "link-not-base64": "the link holds characters that are not base64url",
    "link-bad-base64": "the link is not valid base64url",
    "link-not-canonical": "the link is damaged (not canonical base64url)",
    "link-cut-short": "the link is cut short",
    "link-checksum": "the link is damaged or cut short (checksum mismatch)",
    "link-flags": "unknown link flags {flags}",
    "link-too-large": "the link's content is too large or incomplete",
    "link-trailing-data": "the link has trailing data",
    "link-oversized-number": "the link holds an oversized number",
    "link-rules-too-long": "the link's rules are too long",
    "link-players": "{players} players, but {preset} plays with {allowed}",
    "link-dealer": "dealer {dealer} is not a seat",
    "link-owes": "the Pflichtsolo seats are not seats",
    "link-forced": "the vorgeführt seat is not a seat",
    "link-card-seat": "a card is dealt to seat {seat}",
    "link-action-after-end": "action {index} comes after the end of the game",
    "link-choice": "action {index}: choice {choice} is not one of the {count} legal actions",
    "link-illegal-game": "the link's game is not legal: {reason}",
    "link-damaged": "the link is damaged ({reason})",
    # -- notes on a replay (doko.page.notes) ---------------------------------------------
    "note-not-text": "a {what} must be text",
    "note-too-long": "a {what} is too long ({length} characters, at most {most})",
    "notes-not-object": "the notes are not a list of steps and texts",
    "notes-too-many": "too many notes ({count}, at most {most})",
    "note-step": "a note is on step {step}, but the game has {steps} steps",
    "notes-too-long": "the notes are too long for a link ({length} characters, at most {most})",
    "notes-damaged": "the notes in the link are damaged",
    "no-such-game": "the score sheet has no game {game}",
    # -- rules (doko.game.rules) ----------------------------------------------------------
    "unknown-preset": "unknown preset {preset!r} (one of {presets!l})",
    "rules-shape": 'rules must be a preset id or {{"preset": id, "options": {{...}}}}',
    "rules-options-shape": "rules options must be an object",
    "unknown-option": "unknown option {option!r}",
    "option-not-bool": "option {option}: expected true or false, got {value!r}",
    "option-not-int": "option {option}: expected a whole number, got {value!r}",
    "option-out-of-range": "option {option}: {value} is not within {low}..{high}",
    "option-not-text": "option {option}: expected text, got {value!r}",
    "option-not-list": "option {option}: expected a list, got {value!r}",
    "option-not-a-choice": "option {option}: {value!r} is not one of {choices}",
    "option-unknown-solo": "solos: unknown kind in {solos}",
    "option-solo-twice": "solos: a kind is listed twice",
    "option-unknown-wedding-rule": "wedding_rules: unknown rule in {rules}",
    "option-no-wedding-rule": "wedding_rules: name at least one partner rule",
    "option-unknown-special": "specials: unknown Sonderpunkt",
    "option-deadline-count": "deadlines: give five numbers (Re/Kontra .. schwarz)",
    "option-players": "players: 4 and optionally 5, 6, 8",
    "option-forty-cards-six-players": "players: 40 cards cannot be dealt to 6 players",
    "option-duty-solo-rounds": "duty_solo_rounds: must be >= 0",
    "option-wedding-tricks": "wedding_tricks: 0..12",
    "option-dulle-order": "dulle_order: a Dullen rule needs dullen on",
    "option-solo-leads": "solo_leads 'duty' needs duty_solo_rounds > 0",
    "option-card-deadlines": "deadlines: cards in hand must not increase",
    "option-trick-deadlines": "deadlines: tricks must not decrease",
    "option-needs-pigs": "{option}: needs pigs (Schweinchen) on",
    "option-unknown-throw-hand": "throw_hands: unknown hand in {hands}",
    "option-listed-twice": "{option}: an item is listed twice",
    "option-throw-hands-deck": "throw_hands: nines need a deck with nines, not {deck} cards",
    "option-no-throw-hand": "throw_hands: name at least one hand that may be thrown",
    # -- series (doko.table.series) --------------------------------------------------------
    "players-not-allowed": "{preset} is played by {allowed} players",
    "series-rounds-min": "a series has at least one round",
    "series-rounds-max": (
        "{preset}: at most {rounds} rounds, the rounds within which every player owes a Pflichtsolo"
    ),
    "first-dealer": "first dealer must be a seat 0..{last}",
    "series-over": "the series is over",
    "series-already-over": "the series is already over",
    "series-rules-mismatch": "the game is played by other rules than the series",
    "series-seats-mismatch": "the game has {seats} seats, the series {series_seats}",
    "series-dealer": "dealer is {dealer}, but seat {expected} deals now",
    "series-owes": "owes_duty_solo is {owes!j}, but {expected} still owe a Pflichtsolo",
    "series-forced": "forced_solo is {forced!j}, but seat {expected} is vorgeführt now",
    "series-forced-nobody": "forced_solo is {forced!j}, but nobody is vorgeführt now",
    "series-not-object": '"series" must be an object with rules, players, rounds, first_dealer',
    "series-rules": "series rules: {reason}",
    "series-number": "series {name} must be a whole number",
    "series-not-record": 'a series record is {{"series": {{...}}, "games": [...]}}',
    "series-games-list": "games must be a list of game records",
    "too-many-games": "too many games ({count})",
    "series-game": "game {index}: {reason}",
    "game-not-object": "a game record is a JSON object",
    # -- score keeper (doko.game.scoring) -------------------------------------------------
    "summary-not-object": "a game summary must be a JSON object",
    "summary-unknown-field": "unknown field {field!r} in the game summary",
    "summary-missing-field": "the game summary needs {field!r}",
    "summary-rules": "rules: {reason}",
    "summary-not-whole": "{field} must be a whole number, got {value!r}",
    "summary-players": "{preset} is played by {allowed!l} players, not {players}",
    "sitting-out-fixed-teams": "at {players} players nobody sits out: sitting_out must be null",
    "sitting-out-needed": "at 5 players the dealer sits out: give sitting_out",
    "sitting-out-four": "at 4 players nobody sits out: sitting_out must be null",
    "sitting-out-range": "sitting_out {seat} is not a seat 0..{last}",
    "re-not-list": "re must be a list of seats",
    "re-seat-range": "re seat {seat} is not a seat 0..{last}",
    "re-seat-sits-out": "seat {seat} sits out and cannot be in the re party",
    "re-seat-twice": "re names a seat twice",
    "contract-not-played": (
        "contract {contract!r} is not played under {preset} at {players} players "
        "(one of {allowed!l})"
    ),
    "team-a-seats": "at {players} players re names team A, the even seats {team}",
    "solo-one-seat": "a {contract} is played alone: re must name exactly one seat, got {re}",
    "two-re-seats": "a {contract} game has two re seats, got {re}",
    "eyes-range": "eyes_re must be 0..{most}, got {eyes}",
    "tricks-needed": "{party} has 0 Augen: give tricks to say whether it took one",
    "tricks-shape": 'tricks must be {{"re": N, "kontra": N}}',
    "tricks-sum": "tricks must be two counts summing to {total}, got {tricks}",
    "eyes-without-trick": "{party} has {eyes} Augen but no trick",
    "eyes-in-tricks": "{party} cannot have {eyes} Augen in {tricks} trick(s)",
    "announcements-shape": 'announcements must be {{"re": [...], "kontra": [...]}}',
    "announcements-list": "announcements of {party} must be a list of words",
    "unknown-party": "unknown party {party!r} (re or kontra)",
    "preset-without-announcements": "{preset} has no announcements (got {word!r})",
    "summary-unknown-announcement": "unknown announcement {word!r} (one of {words!l})",
    "party-cannot-announce": "the {party} party cannot announce {word!r}",
    "specials-not-list": "specials must be a list",
    "special-shape": 'each special must be {{"kind": KIND, "party": "re"|"kontra"}}',
    "special-party": "special {kind!r}: party must be re or kontra, got {party!r}",
    "special-not-awarded": (
        "special {kind!r} is not awarded in a {contract} game under {preset} (awarded: {awarded!l})"
    ),
    "special-no-trick": "special {kind!r}: {party} took no trick",
    "no-fox": "no fox in a {contract} game: the Karo-As is not trump there",
    "special-too-often": "special {kind!r} at most {most} times, got {count}",
    "karlchen-too-many": "only two Karlchen can be in the last trick",
    "karlchen-and-fox-last": "the last trick is won by a Karlchen or a fox, not both",
    "last-trick-specials-split": (
        "last-trick specials must all go to the party that won the last trick"
    ),
    # -- untrusted input before it is read (doko.game.untrusted) --------------------------
    "input-too-large": "input too large ({size} characters, at most {most})",
    "input-too-deep": "input nested deeper than {most} levels",
    "input-number-too-long": "input holds a number longer than {most} digits",
    "input-not-utf8": "input is not UTF-8 text",
    "json-not-finite": "{value} is not a JSON number",
    # -- the page's requests (doko.api, web/worker.js) and saved tables --------------
    "request-shape": "a request is an object {{id, type, payload}} whose type is a short text",
    "payload-not-json": "the request's payload cannot be written as JSON",
    "request-id": "a request's id is a whole number or a short text",
    "payload-not-object": "payload must be an object",
    "unknown-request": "unknown request {request!r}",
    "no-game": "no game is running",
    "rounds-range": "rounds must be 1..{most}",
    "not-whole-number": "{field} must be a whole number",
    "bots-per-seat": "bots must name one entry per seat",
    "bot-name": "a bot is named by a short string, or null for a person",
    "bad-bot": "{detail}",
    "unknown-level": "unknown level {level!r}",
    "action-not-string": "action must be a string like '0:HT'",
    "no-bot-to-act": "no bot is to act",
    "hint-not-your-turn": "it is not your turn",
    "game-running": "the current game is not finished",
    "nothing-to-undo": "there is no card of yours to take back",
    "saved-table": "saved table: {reason}",
    "saved-undo-from": "undo_from must be a whole number from 0 to {most}",
    "saved-table-malformed": "saved table: malformed ({error})",
    "saved-not-object": "a saved table is an object with series, loose, game, seat, bots",
    "saved-version": "version {version} is unknown",
    "saved-loose": "loose must be a list of at most {most} game records",
    "seat-range": "seat must be 0..{last}",
    "loose-game": "loose game {index}: {reason}",
    "loose-game-rules": "loose game {index} is played by other rules or seats",
    "loose-game-unfinished": "loose game {index} is not finished",
    "loose-without-series": "games before the series, but no series",
    "saved-rules-mismatch": "the current game is played by other rules or seats than the series",
    "saved-finished-off-sheet": "the current game is finished but not on the sheet",
    "series-over-game-running": "the series is over, but a game is still running",
    "game-not-record": "game must be a game record",
    "demo-too-large": "demo {name} is too large",
    "review-sits-out": "seat {seat} sits out this deal: it made no decisions",
    "review-budget": "the budget must be a whole number of milliseconds from 1 to {most}",
    "review-unfinished": "the deal is not finished",
    "review-index": "action {index!j} is not a decision of seat {seat}",
    "review-game": "there is no finished deal {game} on the sheet",
    "bench-games": "games must be a whole number from 1 to {most}",
    "bench-decisions": "decisions must map bot levels to counts",
    "bench-level": "unknown bot level {level!r}",
    "bench-decision-count": "decisions must be whole numbers from 1 to {most}",
    # -- tournaments (doko.table.draw, doko.table.tournament, doko.table.evening) --
    "tournament-seating": "{entrants} entrants cannot be seated at tables of 4 and 5",
    "tournament-entrants": "a tournament needs at least 4 entrants",
    "tournament-table-of-five": (
        "{entrants} entrants need a table of 5, which {preset} does not play"
    ),
    "tournament-rounds": "a tournament has 2 or 3 table rounds",
    "tournament-data": "the tournament's {field} is missing or malformed",
    "tournament-draw": "table round {round} is not the draw of seed {seed}",
    "tournament-sheet-kind": "this is not a table's tournament sheet",
    "tournament-sheet-other": "the sheet belongs to another tournament",
    "tournament-sheet-table": "table round {round!j} has no table {table!j}",
    "tournament-sheet-players": (
        "table {table} of table round {round} seats players {expected!l}, the sheet names {got!l}"
    ),
    "tournament-sheet-rules": "the sheet is kept by {got!r} rules, the tournament plays {preset}",
    "tournament-sheet-games": "table {table} plays {expected} games, the sheet has {got}",
    "tournament-sheet-game": "game {game}: {reason}",
    "tournament-sheet-game-table": "the game is not one of this table's {players} players",
    "tournament-sheet-sitting-out": (
        "at a table of 5 each seat sits out {expected} times (as dealer), "
        "seat {seat} sits out {got}"
    ),
    "tournament-sheet-duplicate": "this sheet of table {table}, table round {round} is already in",
    # -- Bockrunden (doko.game.rules, doko.game.bock, doko.table.series, doko.api) --
    "option-unknown-bock": "bock: unknown trigger {trigger!r} (triggers: {triggers!l})",
    "record-bock": "bock must be a whole number from 0 to {most}",
    "summary-bock": "bock must be a whole number from 0 to {most}",
    "summary-heart-trick": "heart_trick must be true or false",
    "bock-without-rules": "bock is {bock}, but these rules play without Bockrunden",
    "series-bock": "bock is {bock!j}, but this deal's bock level is {expected}",
    "bock-games": "games must be a list of game summaries (at most {most})",
    "bock-game": "game {index}: {reason}",
    "bock-game-rules": "its rules or table size differ from the sheet's",
    # -- entries of an imported file checked before one is stored (doko.api) ------------
    "import-entries": "entries must be a list of {{key, data}} (at most {most})",
    "import-entry": "{key}: {reason}",
    "import-game": "game {n} of the sheet: {reason}",
    "import-kind": "an entry of a kind this page does not keep",
    "import-shape": "the entry's {field} is missing or not what it should be",
    "import-variant": "variant {name!r}: {reason}",
    # -- anything else: a Python error's own text ------------------------------------
    "unexpected": "{detail}",
}

# Parameters a code carries beyond those its English sentence shows.
EXTRA_PARAMS: dict[str, tuple[str, ...]] = {
    "must-follow-suit": ("suit",),  # the led suit: "trump" or C S H D
    "declare-solo-refused": ("seat",),
    "announcement-before-play": ("seat", "word"),
    "announcement-before-partner": ("seat", "word"),
    "party-closed": ("party", "word"),
    # the deadline: system "cards" (at least ``deadline`` cards in hand) or "tricks"
    # (before trick ``deadline`` starts, counted from 1), and the word that was called
    "too-late": ("called", "system", "deadline"),
    "vorgefuehrt-must-solo": ("seat",),
    "answer-poverty": ("seat",),
    "return-cards": ("seat",),
    "return-format": ("seat",),
    "not-your-turn": ("actor",),
    "bad-bot": ("bot",),
    "option-unknown-bock": ("option",),
    # the option at fault, for a rules editor to show the refusal next to it (None:
    # the rules' shape, no single option)
    **{
        code: ("option",)
        for code in (
            "unknown-preset",
            "rules-shape",
            "rules-options-shape",
            "option-unknown-solo",
            "option-solo-twice",
            "option-unknown-wedding-rule",
            "option-no-wedding-rule",
            "option-unknown-special",
            "option-deadline-count",
            "option-players",
            "option-forty-cards-six-players",
            "option-duty-solo-rounds",
            "option-wedding-tricks",
            "option-dulle-order",
            "option-solo-leads",
            "option-card-deadlines",
            "option-trick-deadlines",
            "option-unknown-throw-hand",
            "option-throw-hands-deck",
            "option-no-throw-hand",
        )
    },
}


def param_names(code: str) -> list[str]:
    """The parameters of ``code``: those its sentence shows, then the extra ones."""
    shown = [field.split(".")[0].split("[")[0] for _, field, _, _ in _parse(MESSAGES[code])]
    names = list(dict.fromkeys(name for name in shown if name))
    return names + [p for p in EXTRA_PARAMS.get(code, ()) if p not in names]


def _parse(template: str) -> list[tuple[str, str, str, str | None]]:
    return [
        (literal, field, spec or "", conv)
        for literal, field, spec, conv in _FORMATTER.parse(template)
        if field is not None
    ]


def error_codes() -> dict[str, list[str]]:
    """Every code with its parameter names (the rules metadata hands these to the page)."""
    return {code: param_names(code) for code in MESSAGES}


def _plain(value: Any) -> Any:
    """``value`` as JSON data: tuples become lists, a nested refusal its ``to_json``."""
    if isinstance(value, DokoError):
        return value.to_json()
    if isinstance(value, tuple | list | frozenset | set):
        items = sorted(value) if isinstance(value, frozenset | set) else value
        return [_plain(v) for v in items]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class DokoError(ValueError):
    """A refusal: ``code``, ``params`` and the English sentence as ``str(err)``."""

    def __init__(self, code: str, /, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self._text: str | None = None

    def __str__(self) -> str:
        # worked out when asked: the rules make refusals they never show (a word
        # checked while listing the legal announcements)
        if self._text is None:
            self._text = _FORMATTER.format(MESSAGES[self.code], **self.params)
        return self._text

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (``match --jobs``) with its parameters, not only the code
        return (_rebuild, (type(self), self.code, self.params))

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}`` with JSON values (a ``reason`` nested the same way)."""
        return {"code": self.code, "params": _plain(self.params)}

    def reply(self) -> dict[str, Any]:
        """The api's answer to a refused request: the English sentence, code and params."""
        return {"error": str(self), **self.to_json()}


def _rebuild(cls: type[DokoError], code: str, params: dict[str, Any]) -> DokoError:
    return cls(code, **params)


def coded(err: BaseException) -> DokoError:
    """``err`` as a refusal: itself, or ``unexpected`` with its text."""
    if isinstance(err, DokoError):
        return err
    text = str(err).strip().splitlines()
    return DokoError("unexpected", detail=text[0][:200] if text else type(err).__name__)


class IllegalAction(DokoError):
    """An action the rules do not allow now; the code and message say why."""


class RecordError(DokoError):
    """A record that cannot be replayed; the message is one line for the user."""


class LinkError(DokoError):
    """A share link that cannot be opened; the message is one line."""


class RulesError(DokoError):
    """Rules (a preset id or options) that do not exist or do not fit together."""


class SeriesError(DokoError):
    """Settings or a game that do not fit the series; the message is one line."""


class SummaryError(DokoError):
    """A game summary the score keeper cannot score; the message is one line."""


class RequestError(DokoError):
    """A request of the page (or a saved table) that the api refuses."""


class InputError(DokoError):
    """Untrusted input refused before its content is read (size, nesting, JSON)."""


class TournamentError(DokoError):
    """Entrants or settings a tournament cannot be played with; one line."""
