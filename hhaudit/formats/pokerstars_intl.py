"""PokerStars hand histories written in the client's language instead of English.

Grammar: `grammars/pokerstars_intl.lark`. PokerStars writes a hand in the language of the
client that played it; the layout is the English one (`pokerstars.py`), only the words
change. Three languages are read, each known from real exports:

- Portuguese, PokerStars.com client (pt-BR): "Mão PokerStars #N: Torneio #T, $ 0.98+$ 0.12 USD
  Hold'em No Limit - Nível V (40/80) - 2025/07/22 10:10:49 ET", "Lugar 1: x (500 em fichas)",
  "x: coloca ante 10", "x: paga o small blind 10", "*** CARTAS DA MÃO ***", "x recebe [..]",
  "desiste / passa / iguala 80 / aposta 225 / aumenta 546 para 626 e está all-in",
  "Aposta não-igualada (546) voltou para x", "x recebeu 290 do pote", "*** SUMÁRIO ***",
  "Total pote 290 | comissão 0", "Mesa [..]". Streets stay "*** FLOP ***" etc.
- Portuguese, PokerStars.pt (pt-PT, EUR): "Mão #N da PokerStars:  Hold'em No Limit (0.01 €/0.02 €
  EUR) - 2026/08/28 22:45:01 UTC [2026/08/28 18:45:01 ET]", amounts with the euro sign after
  ("1.50 € em fichas"), "x: é small blind 0.01 €", "*** CARTAS HOLE ***", "sobe 0.21 € para
  0.28 €", "x: esconde a mão"; otherwise as pt-BR.
- Russian, PokerStars.com client: "Раздача PokerStars №N:  Холдем Безлимитный ($0.01/$0.02 USD)
  - 03.05.2026 18:47:49 EET [03.05.2026 11:47:49 ВВ]" (day first; ВВ is ET), "Стол 'x' 6-max
  Баттон на месте №1", "Место 1: x ($1.76 фишек)", "ставит малый/большой блайнд", "*** ЗАКРЫТЫЕ
  КАРТЫ ***", "Карты x [..]", "делает фолд / чек / колл $x / бет $x / рейз $by $to и олл-ин",
  "Неуравненная ставка ($x) возвращается игроку y", "*** ФЛОП / ТЕРН / РИВЕР ***",
  "*** ВСКРЫТИЕ КАРТ ***", "x: открывает [..]", "x получил $0.04 ( банк)", "*** ИТОГ ***",
  "Общий банк $0.04 | Доля $0" (Доля is the rake), "Борд [..]".

Each handler maps the localized words of its line to the English ones and hands the line's
fields, in the English order, to the PokerStars handler: the rules, amounts and pots are
read by the same code as English hands. The English reader is not touched: a localized file
is recognised by its first line (`start`), which no English header matches.

Not read, for want of a real example to read them from: side pots (the localized forms of
"Main pot" / "side pot-1"), play-money tables, and any other language (French, German,
Spanish, Italian...). A hand with such a line is a `parse_error` hand, never skipped.

Line kinds (pokerstars_intl, `grammars/pokerstars_intl.lark`; every line shape of the corpus's
files of this format is one of them):

- HEADER: `(Mão PokerStars #<hand_id>|Mão #<hand_id_pt> da PokerStars|Раздача PokerStars...`:
  read
- HAND_NUMBER: `*{3,} (# |№)N *{3,}`: ignored: changes nothing
- TABLE: `(Mesa|Стол) '<name>' (<max>-max )(Lugar #<button> é o botão|Баттон на месте №...`:
  read
- SEAT: `(Lugar|Место) <seat>: <player> (<stack> (em fichas|фишек))<note>`: read
- POST: `<player>: <what> <amount><all_in>`: read
- HOLE_CARDS: `*** (CARTAS DA MÃO|CARTAS HOLE|ЗАКРЫТЫЕ КАРТЫ) ***`: its place in the hand (no
  field read)
- DEALT: `<player> recebe [<cards>]( [<new>])`: read
- DEALT_RU: `Карты <player> [<cards>]( [<new>])`: read
- ACTION: `<player>: <act>( <a>( (para )<b>))<all_in>`: read
- UNCALLED: `(Aposta não-igualada|Неуравненная ставка) (<amount>) (voltou para|возвращаетс...`:
  read
- STREET: `*** <street> ***<cards>`: read
- SHOWDOWN: `*** (SHOW ?DOWN|ВСКРЫТИЕ КАРТ) ***`: read
- SHOW: `<player>: (mostra|открывает) [<cards>]( (<desc>))`: read
- MUCK: `<player>: esconde a mão`: read
- NO_SHOW: `<player>: (não mostra a mão|не показывает руку)`: read
- COLLECT: `<player> (recebeu|получил) <amount> (do pote|( банк))`: read
- SUMMARY: `*** (SUMÁRIO|ИТОГ) ***`: its place in the hand (no field read)
- TOTAL_POT: `(Total pote|Общий банк) <total> | (comissão|Доля) <rake>`: read
- BOARD: `(Mesa|Борд) [<cards>]`: read
- SUMMARY_SEAT: `(Lugar|Место) <seat>: <rest>`: read
- MISC: `(. está sem ligação|. está ligado|. voltou|. gastou o tempo( enquanto estava sem
  ligação)|.: está sit out|. abandona a mesa|. junta-se à mesa no lugar #N|. poderá jogar depois
  do botão|. покидает стол|. садится за стол на место №N|время на ход игрока . истекло)`:
  ignored: changes nothing
- EMAIL: `(Está a receber este email porque ...|Atenção: este email foi enviado ...|Se tiver
  interesse em saber ...|В этом письме содержится ...|Внимание! Это письмо ...|Если Вас
  интересует ...|(REEL Europe Ltd|Rational Entertainment Enterprises Limited), ...|Copyright ©
  d{4}-d{4}, Rational Intellectual Holdings Limited. ...)`: ignored: changes nothing
- any other line: kept unread, a PA04 warning naming it (as for PokerStars).
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

from ..model import Hand
from .base import Fields
from .pokerstars import PokerStarsFormat

_ACTS: Final = {
    "desiste": "folds", "passa": "checks", "iguala": "calls", "aposta": "bets",
    "aumenta": "raises", "sobe": "raises",
    "делает фолд": "folds", "делает чек": "checks", "делает колл": "calls",
    "делает бет": "bets", "делает рейз": "raises",
}
_POSTS: Final = {
    "coloca ante": "the ante",
    "paga o small blind": "small blind", "é small blind": "small blind",
    "paga o big blind": "big blind", "é big blind": "big blind",
    "ставит малый блайнд": "small blind", "ставит большой блайнд": "big blind",
}
_STREETS: Final = {"ФЛОП": "FLOP", "ТЕРН": "TURN", "РИВЕР": "RIVER"}

# Header words, localized -> English, so that pokerstars.py reads the game and stakes.
_HEADER_WORDS: Final = [
    (re.compile(r"\bTorneio #"), "Tournament #"),
    (re.compile(r"\bNível\b"), "Level"),
    (re.compile(r"Холдем Безлимитный"), "Hold'em No Limit"),
    (re.compile(r"\bВВ\b"), "ET"),  # Восточное время: the ET clock
]
# pt-PT "0.01 €" -> "€0.01"; from the start of a run of digits, points and commas only (a later
# start reads the same run to the same end): linear when searched
_EURO_AFTER: Final = re.compile(r"(?<![\d.,])([.,]*+)(\d[\d.,]*+) €")
_DAY_FIRST: Final = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b")  # ru "03.05.2026" -> "2026/05/03"


def english_header(rest: str) -> str:
    """A localized header's text after the hand number, in the words and date order of an
    English one."""
    for pattern, english in _HEADER_WORDS:
        rest = pattern.sub(english, rest)
    rest = _EURO_AFTER.sub(r"\1€\2", rest)
    return _DAY_FIRST.sub(r"\3/\2/\1", rest)


class PokerStarsIntlFormat(PokerStarsFormat):
    name = "pokerstars_intl"
    sites = ("PokerStars",)
    grammar = "pokerstars_intl"
    noise = re.compile(
        r"\*{3,} (?:# ?|№)\d+ \*{3,}"
        # the first line of a "hand history request" email, before the first hand
        r"|Transcrito .* requerido por .*|Выписка .* запрошена .*"
    )
    description = "PokerStars in Portuguese (pt-BR, PokerStars.pt) and Russian"
    start: ClassVar[re.Pattern[str]] = re.compile(
        r"\s*\ufeff?(?:Mão PokerStars #\d+: |Mão #\d+ da PokerStars: |Раздача PokerStars №\d+: )"
    )

    def on_HEADER(self, hand: Hand, f: Fields, line: int) -> None:
        hand_id = f[0] or f[1] or f[2] or ""
        super().on_HEADER(hand, ("PokerStars", hand_id, english_header(f[3] or "")), line)

    def on_TABLE(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_TABLE(hand, (f[0], f[1], None, f[2] or f[3]), line)

    def on_SEAT(self, hand: Hand, f: Fields, line: int) -> None:
        note = f[3] or ""
        # pt-BR "Lugar 4: x (1500 em fichas) está sit out"
        super().on_SEAT(hand, (f[0], f[1], f[2], None, "sitting out" if "sit out" in note else note), line)

    def on_POST(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_POST(hand, (f[0], _POSTS[f[1] or ""], f[2], f[3]), line)

    def on_DEALT_RU(self, hand: Hand, f: Fields, line: int) -> None:
        self.on_DEALT(hand, f, line)

    def on_ACTION(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_ACTION(hand, (f[0], _ACTS[f[1] or ""], f[2], f[3], None, f[4], None), line)

    def on_STREET(self, hand: Hand, f: Fields, line: int) -> None:
        street = f[0] or ""
        super().on_STREET(hand, (None, _STREETS.get(street, street), f[1]), line)

    def on_SHOWDOWN(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_SHOWDOWN(hand, (None,), line)

    def on_SHOW(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_SHOW(hand, (f[0], f[1], f[2], None), line)

    def on_MUCK(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_MUCK(hand, (f[0], None), line)

    def on_COLLECT(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_COLLECT(hand, (f[0], f[1], "pot", None), line)

    def on_TOTAL_POT(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_TOTAL_POT(hand, (f[0], "", f[1], ""), line)

    def on_BOARD(self, hand: Hand, f: Fields, line: int) -> None:
        super().on_BOARD(hand, (None, f[0]), line)


FORMATS = [PokerStarsIntlFormat()]
