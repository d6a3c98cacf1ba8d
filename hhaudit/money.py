"""Exact amounts: text as sites print it to integers in the smallest unit.

>>> parse_amount("$1,234.50", 2)
123450
>>> parse_amount("1 480", 0)
1480
>>> parse_amount("368,55", 2, decimal=",")
36855
>>> parse_amount("€0.5", 2)
50
"""

from __future__ import annotations

import re
from typing import Final

CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "Rs.": "INR"}
_NUMBER: Final = re.compile(r"[0-9](?:[0-9.,'\u00a0\u202f ]*[0-9])?")
"""The number in an amount: ASCII digits only (`\\d` would take Arabic-Indic or full-width
digits, which no site prints in an amount)."""
_OTHER_DIGIT: Final = re.compile(r"\d")
"""A digit (of any script) outside the number: `$1e400`, `$2\u0660\u0660` are not amounts."""


class AmountError(ValueError):
    """Text that is not an amount, or has more decimals than the hand's scale."""


class FinerAmount(AmountError):
    """An amount with more decimals than the scale it was read at (`collected 674.5` in a
    hand of whole chips): `decimals` it shows, `scale` it was read at. The hand is read
    again at the finer scale (`formats.base.LineFormat`)."""

    def __init__(self, message: str, decimals: int, scale: int) -> None:
        super().__init__(message)
        self.decimals = decimals
        self.scale = scale


_PARSED: Final[dict[str, dict[int, dict[str, int]]]] = {}
"""parse_amount's answers per decimal mark and scale: text -> units."""
_PARSED_MAX: Final = 8192
"""Answers kept per decimal mark and scale; the cache starts again empty when full."""


def parse_amount(text: str, scale: int, *, decimal: str = ".") -> int:
    """Parse a printed amount into an integer count of 10**-scale units (cached: the same
    few amounts recur on every line of a session; an error is raised again each time).
    The cache is plain dictionaries: compiled, a call is then a direct call and three
    look-ups (a functools cache builds and hashes a key tuple at every call)."""
    scale += _FINER[0]
    by_scale = _PARSED.get(decimal)
    if by_scale is None:
        by_scale = _PARSED[decimal] = {}
    cache = by_scale.get(scale)
    if cache is None:
        cache = by_scale[scale] = {}
    value = cache.get(text)
    if value is None:
        value = _parse(text, scale, decimal=decimal)
        if len(cache) >= _PARSED_MAX:
            cache.clear()
        cache[text] = value
    return value


_FINER: Final[list[int]] = [0]
"""Decimals `parse_amount` adds to every scale it is given while a hand is read again at a
finer scale (`reading_finer`); 0 otherwise."""


def finer() -> int:
    """Decimals every amount is read with past its format's scale just now (`reading_finer`);
    the XML formats' own amount parser (`formats._xml.amount`) adds them too."""
    return _FINER[0]


class reading_finer:
    """`with reading_finer(1):` every amount is read with one more decimal than its format
    asks for: a hand with an amount finer than its unit (`collected 674.5` at a table of
    whole chips) is read again so, and its `scale` grown by as much afterwards."""

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals

    def __enter__(self) -> None:
        _FINER[0] = self.decimals

    def __exit__(self, *exc: object) -> None:
        _FINER[0] = 0


def _parse(text: str, scale: int, *, decimal: str = ".") -> int:
    """Parse a printed amount into an integer count of 10**-scale units.

    Currency symbols and codes are ignored; thousands separators (`,` `'` spaces) are
    dropped; `decimal` names the decimal mark. More decimals than `scale` is an error: it
    would lose money.
    """
    s = text.strip()
    if not s:
        raise AmountError("empty amount")
    negative = False
    if not ("0" <= s[0] <= "9") or not ("0" <= s[-1] <= "9"):
        m = _NUMBER.search(s)
        if m is None:
            raise AmountError(f"not an amount: {text!r}")
        if _OTHER_DIGIT.search(s, m.end()) or _OTHER_DIGIT.search(s, 0, m.start()):
            raise AmountError(f"not an amount: {text!r}")
        negative = s[: m.start()].rstrip().endswith("-")
        s = m.group(0)
    if decimal == ".":
        if "," in s or "'" in s or " " in s or "\u00a0" in s or "\u202f" in s:
            s = s.replace(",", "").replace("'", "").replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
        whole, _dot, frac = s.partition(".")
    else:
        s = s.replace(".", "").replace("'", "").replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
        whole, _dot, frac = s.partition(",")
    if not whole:
        whole = "0"
    if not (whole.isascii() and whole.isdigit()) or (frac and not (frac.isascii() and frac.isdigit())):
        raise AmountError(f"not an amount: {text!r}")
    if len(frac) > scale:
        if frac[scale:].strip("0"):
            raise FinerAmount(f"{text!r} has more than {scale} decimal places", len(frac.rstrip("0")), scale)
        frac = frac[:scale]
    value: int = int(whole) * 10**scale + (int(frac.ljust(scale, "0")) if scale else 0)
    return -value if negative else value


def decimals_in(text: str, *, decimal: str = ".") -> int:
    """How many decimal places a printed amount shows ("$0.05" -> 2, "1,500" -> 0)."""
    i = text.rfind(decimal)
    if i < 0:
        return 0
    n = 0
    for ch in text[i + 1 :]:
        if not ch.isdigit():
            break
        n += 1
    return n


def to_text(amount: int, scale: int) -> str:
    """Integer units back to the printed form, for messages ("5600", "0.25")."""
    if scale == 0:
        return str(amount)
    sign = "-" if amount < 0 else ""
    q, r = divmod(abs(amount), 10**scale)
    return f"{sign}{q}.{r:0{scale}d}"


def currency_of(text: str) -> str:
    """Currency code for a symbol or code found in text ("$" -> "USD"), or ""."""
    for code in ("USD", "EUR", "GBP", "INR", "CNY", "CAD", "SEK", "CHF"):
        if code in text:
            return code
    for sym, code in CURRENCY_SYMBOLS.items():
        if sym in text:
            return code
    return ""
