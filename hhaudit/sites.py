"""One name per site: what a history calls its room ("Full Tilt Poker", "FullTilt", "Ongame
Network") mapped to the name hhaudit gives the site everywhere (`hands.site`, the report).
Names written by earlier versions of hhaudit are mapped too, for old datasets."""

from __future__ import annotations

import math
import re

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


FAST_FOLD = re.compile(r"zone ?poker|rush ?(?:and|&) ?cash|\brush\b|\bsnap\b|fast ?forward|\bzoom\b", re.IGNORECASE)
"""Fast-fold pools, by the table name the sites give them: Zone Poker (Bovada, iPoker),
Rush & Cash (GGPoker), Rush (Full Tilt), Snap (PartyPoker), Fast Forward (Microgaming),
Zoom (PokerStars). A player folds when they click, before their turn, and moves to a new
table at once: the log writes the fold where it was clicked, out of seat order."""

_FAST: dict[str, bool] = {}


def is_fast_fold(table_name: str) -> bool:
    """Whether a table is a fast-fold pool's (`FAST_FOLD`), from its name."""
    known = _FAST.get(table_name)
    if known is None:
        known = _FAST[table_name] = bool(table_name and FAST_FOLD.search(table_name))
    return known
