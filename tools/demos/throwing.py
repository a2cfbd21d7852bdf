"""Schmeißen: a hand thrown in, and what a solo does to it."""

from __future__ import annotations

from .spec import Scripted

SCRIPTED: dict[str, Scripted] = {
    "ohne-neunen_throw": Scripted(
        "special-games",
        (
            "Schmeißen",
            "Throwing in",
            "Fünf Könige: die Karten werden neu gegeben.",
            "Five kings: the cards are dealt again.",
        ),
        (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
    ),
    "ohne-neunen_throw_beaten_by_solo": Scripted(
        "special-games",
        (
            "Solo schlägt fünf Könige",
            "A solo beats five kings",
            "Ohne Neunen ist Schmeißen ein Vorbehalt: ein Solo geht vor.",
            "Without nines throwing is a reservation: a solo comes first.",
        ),
        (("reservation", {"what": "throw"}), ("contract", {"contract": "solo:queens"})),
    ),
    "lockhausen_throw_after_solo": Scripted(
        "special-games",
        (
            "Schmeißen nach Solo",
            "Throwing after a solo",
            "Fünf Könige werfen sofort, auch wenn ein Solo angesagt war.",
            "Five kings throw at once, even after a solo was declared.",
        ),
        (("reservation", {"what": "throw"}), ("result", {"contract": "redeal"})),
    ),
}
