"""The one gate for untrusted input: share links, saved tables, imported files,
tournament sheets, the worker's requests and the command line's files.

JSON text is checked before it is parsed, since ``json.loads`` recurses once per
level: a document nested a few thousand deep raises ``RecursionError`` in CPython
and, in the page's worker, can exhaust the WebAssembly stack before Python sees it.
So ``parse_json`` first bounds the text's size, how deep its brackets nest (a scan
that skips strings) and how long its numbers are (``int()`` refuses more than 4,300
digits with a bare ``ValueError`` and is slow well before that), then parses,
refusing the non-JSON constants ``NaN`` and ``Infinity`` and numbers that overflow
to them (the page's ``JSON.parse`` could not read them back).

Every refusal is an :class:`~doko.game.errors.InputError` (a coded
:class:`~doko.game.errors.DokoError`). Values are then checked by the module that reads
them (records, summaries, rules options, ...), with ``is_whole`` for numbers.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from typing import Any, TypeGuard

from .errors import InputError

MAX_DEPTH = 32  # nesting levels; the deepest real document (a tournament export) has 8
MAX_DIGITS = 64  # digits of one number; seeds and counts need far fewer
# characters of any untrusted JSON text: a worker request's payload (doko.api, and the
# worker's own check before the engine, given it by the build) and a command-line file
MAX_TEXT = 1_000_000

# a JSON string (escapes included), or an unclosed one up to the end of the text: a match
# from every quote, so a text that never closes its string is passed over once. (Were
# the closing quote required, the search would rescan the rest of the text from each
# of its quotes: quadratic, minutes for 80 kB of escaped quotes.)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def is_whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (``true`` is not one, though Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def nesting(text: str) -> int:
    """How deeply the brackets of JSON ``text`` nest, outside strings; counting stops
    just past MAX_DEPTH. An unclosed string runs to the end of the text, as it does for
    ``json.loads``, which refuses it without looking inside; linear in the text's size."""
    return _nesting(_STRING.sub("", text))


def _nesting(bare: str) -> int:
    """``nesting`` of a text whose strings are taken out already."""
    depth = deepest = 0
    for bracket in _NOT_BRACKET.sub("", bare):
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def check_text(text: str, most: int = MAX_TEXT) -> None:
    """Refuse JSON text that is too long, nests too deep or holds an oversized number."""
    if len(text) > most:
        raise InputError("input-too-large", size=len(text), most=most)
    bare = _STRING.sub("", text)
    if _nesting(bare) > MAX_DEPTH:
        raise InputError("input-too-deep", most=MAX_DEPTH)
    if _LONG_NUMBER.search(bare):
        raise InputError("input-number-too-long", most=MAX_DIGITS)


def parse_json(text: str | bytes, most: int = MAX_TEXT) -> Any:
    """The value of JSON ``text`` once ``check_text`` has passed it; refuses malformed
    JSON with its line and column."""
    if isinstance(text, bytes):
        if len(text) > most:
            raise InputError("input-too-large", size=len(text), most=most)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("input-not-utf8") from None
    check_text(text, most)
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_float)
    except json.JSONDecodeError as err:
        raise InputError(
            "malformed-json", detail=err.msg, line=err.lineno, column=err.colno
        ) from None
    except RecursionError:  # check_text bounds the depth; this stays a refusal regardless
        raise InputError("input-too-deep", most=MAX_DEPTH) from None


def _constant(name: str) -> Any:
    raise InputError("json-not-finite", value=name)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError("json-not-finite", value=text[:MAX_DIGITS])
    return value


def inflate(data: bytes, most: int) -> tuple[bytes, bytes] | None:
    """A zlib stream opened, at most ``most`` bytes of it: (body, what follows the
    stream's end), or None if it is longer or ends early. Raises zlib.error for bytes
    that are no zlib stream. The one bounded way the links open what they carry."""
    inflater = zlib.decompressobj()
    body = inflater.decompress(data, most)
    if inflater.unconsumed_tail or not inflater.eof:
        return None
    return body, inflater.unused_data
