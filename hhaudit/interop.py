"""Hands to other libraries: `to_pokerkit(hand)` gives a pokerkit `HandHistory`.

The hand goes through the PHH writer (`hhaudit.convert.phh`) and pokerkit's own PHH reader, so
what pokerkit replays is exactly the PHH file `hhaudit convert --to phh` writes. The reverse
(pokerkit or any PHH file into hhaudit) is the PHH reader: `hhaudit.parse("hands.phhs")`.
"""

from __future__ import annotations

from typing import Any

from .model import Hand


def to_pokerkit(hand: Hand) -> Any:
    """The hand as a `pokerkit.HandHistory` (iterate it for pokerkit's states).

    Raises ImportError when pokerkit is not installed, and `hhaudit.convert.Unexpressible`
    (a ValueError-like message saying why) when PHH cannot state the hand. Pot-limit hands
    are written with the variant code `PT`, which pokerkit does not know."""
    try:
        import pokerkit
    except ImportError as exc:
        raise ImportError("hhaudit.to_pokerkit needs pokerkit: pip install pokerkit") from exc
    from .convert import hand_text
    from .pipeline.options import HandAuditor, Options

    text = hand_text("phh", hand, HandAuditor(Options()).audit(hand))
    (history,) = pokerkit.HandHistory.loads_all(text)
    return history
