"""The page says every engine refusal with the engine's own parameters: a translation
that names a parameter the engine does not send would show an empty gap."""

from __future__ import annotations

import re

from doko.game.errors import MESSAGES, param_names
from support import ROOT

FIELD = re.compile(r"\{(\w+)(?=[}|])")  # {name} or {n|one|more}, not a literal {a, b}


def page_texts(lang: str) -> dict[str, str]:
    text = (ROOT / f"web/lang/{lang}.js").read_text()
    return dict(re.findall(r'^\s*"err\.([a-z0-9-]+)":\s*"((?:[^"\\]|\\.)*)"', text, re.M))


def test_translations_name_only_the_engines_parameters() -> None:
    for lang in ("de", "en"):
        texts = page_texts(lang)
        gaps = []
        for code in MESSAGES:
            if code not in texts:
                continue
            sent = set(param_names(code))
            named = set(FIELD.findall(texts[code])) - {"n"}  # {n|a|b}: a plural of n
            if not named <= sent:
                gaps.append((code, sorted(named - sent)))
        assert gaps == [], (lang, gaps)
