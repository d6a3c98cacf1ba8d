"""Live-game logs (docs/live-format.md): `reader` reads a session's hands, `table` carries
the seats, stacks and button from one hand to the next."""

from .reader import FORMATS, LiveFormat, amount, chips_of

__all__ = ["FORMATS", "LiveFormat", "amount", "chips_of"]
