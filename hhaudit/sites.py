"""One name per site: what a history calls its room ("Full Tilt Poker", "FullTilt", "Ongame
Network") mapped to the name hhaudit gives the site everywhere (`hands.site`, the report).
Names written by earlier versions of hhaudit are mapped too, for old datasets."""

from __future__ import annotations

import math

ALIASES: dict[str, str] = {
    "fulltilt": "Full Tilt",
    "full tilt poker": "Full Tilt",
    "absolute poker": "Absolute/UB",
    "ultimate bet": "Absolute/UB",
    "ongame network": "OnGame",
    "ongame": "OnGame",
    "ipoker network": "iPoker",
    "wpn/acr (old)": "WPN/ACR",
    "americas cardroom": "WPN/ACR",
    "winning poker network": "WPN/ACR",
    "party poker": "PartyPoker",
    "partypoker": "PartyPoker",
    "pokerstars": "PokerStars",
    "888poker": "888/Pacific",
    "pacific poker": "888/Pacific",
    "bovada": "Bovada/Ignition",
    "ignition": "Bovada/Ignition",
    "ggpoker": "GGPoker",
    "winamax": "Winamax",
}


def site_name(name: object) -> str:
    """The one name of a site ("" for none; an unknown name is kept as written)."""
    if name is None or (isinstance(name, float) and math.isnan(name)):
        return ""
    text = str(name).strip()
    return ALIASES.get(text.casefold(), text)
