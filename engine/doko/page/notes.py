"""Notes on a replay: a player's own demo, carried in the link beside the game.

A replay link ``#/replay/<payload>`` may carry ``?notes=<text>``: a short title
and notes, each attached to a step of the replay. ``encode_notes`` and
``decode_notes`` are the print/parse pair; the text is the version letter
``N`` followed by base64url (no padding) of the deflated JSON
``{"title": str, "notes": [[step, text], ...]}``. The game's own payload is
untouched, so every older link opens as before, and a link with notes opens
in a page that ignores them.

Notes are plain text: the engine bounds them (a note at most
:data:`MAX_NOTE` characters, :data:`MAX_NOTES` notes, the encoded text at
most :data:`MAX_NOTES_LINK` characters), drops control characters other than
line breaks, and the page only ever shows them as text. A note beyond its
step count is refused when the game is known (``steps``).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from ..game.errors import LinkError
from ..game.untrusted import inflate, parse_json

VERSION = "N"
MAX_NOTE = 280  # characters of one note
MAX_TITLE = 80
MAX_NOTES = 40
MAX_NOTES_LINK = 4096  # characters of the encoded notes after the version
MAX_INFLATED = 32_768
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def clean(text: Any, most: int, what: str) -> str:
    """A note's or title's text: a string, control characters dropped, trimmed,
    at most ``most`` characters (longer is refused, never cut silently)."""
    if not isinstance(text, str):
        raise LinkError("note-not-text", what=what)
    kept: str = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n")).strip()
    if len(kept) > most:
        raise LinkError("note-too-long", what=what, length=len(kept), most=most)
    return kept


def check_notes(data: Any, steps: int | None = None) -> dict[str, Any]:
    """``{"title": str, "notes": [{"step": int, "text": str}, ...]}`` from a page's
    or a link's notes, checked and sorted by step; raises LinkError."""
    if not isinstance(data, dict):
        raise LinkError("notes-not-object")
    title = clean(data.get("title", ""), MAX_TITLE, "title")
    items = data.get("notes", [])
    if not isinstance(items, list):
        raise LinkError("notes-not-object")
    if len(items) > MAX_NOTES:
        raise LinkError("notes-too-many", count=len(items), most=MAX_NOTES)
    notes: dict[int, str] = {}
    for item in items:
        step, text = _note_parts(item)
        if steps is not None and not 0 <= step < steps:
            raise LinkError("note-step", step=step, steps=steps)
        text = clean(text, MAX_NOTE, "note")
        if text:
            notes[step] = text  # one note per step: the later one counts
    return {"title": title, "notes": [{"step": s, "text": notes[s]} for s in sorted(notes)]}


def _note_parts(item: Any) -> tuple[int, Any]:
    if isinstance(item, dict):
        step, text = item.get("step"), item.get("text")
    elif isinstance(item, list) and len(item) == 2:
        step, text = item
    else:
        raise LinkError("notes-not-object")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < 10_000:
        raise LinkError("note-step", step=step if isinstance(step, int) else -1, steps=-1)
    return step, text


def encode_notes(data: Any, steps: int | None = None) -> str:
    """The link text of checked notes; raises LinkError if they do not fit."""
    checked = check_notes(data, steps)
    body = json.dumps(
        {"title": checked["title"], "notes": [[n["step"], n["text"]] for n in checked["notes"]]},
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()
    text = base64.urlsafe_b64encode(zlib.compress(body, 9)).decode("ascii").rstrip("=")
    if len(text) > MAX_NOTES_LINK:
        raise LinkError("notes-too-long", length=len(text), most=MAX_NOTES_LINK)
    return VERSION + text


def decode_notes(text: Any, steps: int | None = None) -> dict[str, Any]:
    """The notes a link carries; raises LinkError with a one-line reason."""
    if not isinstance(text, str) or not text:
        raise LinkError("notes-damaged")
    if len(text) > MAX_NOTES_LINK + 1:
        raise LinkError("notes-too-long", length=len(text), most=MAX_NOTES_LINK)
    if text[0] != VERSION or not _ALPHABET.fullmatch(text[1:]):
        raise LinkError("notes-damaged")
    try:
        raw = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
        opened = inflate(raw, MAX_INFLATED)
        if opened is None:
            raise LinkError("notes-damaged")
        body = opened[0]
    except (binascii.Error, zlib.error):
        raise LinkError("notes-damaged") from None
    try:
        data = parse_json(body, MAX_INFLATED)
    except ValueError:
        raise LinkError("notes-damaged") from None
    return check_notes(data, steps)
