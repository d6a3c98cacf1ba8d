"""Every format module writes down the line kinds its site writes (a "Line kinds" section of
its docstring: each kind, its shape, and what the reader does with it), and every line-based
reader keeps a line of no kind it knows as a PA04 warning naming it instead of dropping the
hand as a parse error: a notice inserted in the middle of a real hand of the format
leaves the hand audited, and the warning names the line."""

from __future__ import annotations

import ast
import io
import pkgutil
import re
from pathlib import Path

import pytest
from conftest_corpus import corpus

import hhaudit
import hhaudit.formats
from hhaudit.formats.base import LineFormat
from hhaudit.reading import iter_text, lines_of_text

REPO = Path(__file__).resolve().parents[1]
MODULES = sorted(m.name for m in pkgutil.iter_modules(hhaudit.formats.__path__) if not m.name.startswith("_")
                 and m.name not in {"base", "common", "live"}) + ["live.reader"]


def line_kinds_section(name: str) -> str:
    """The module's "Line kinds" section, or the docs page's its docstring names (the docstring
    as written in the source: a compiled module keeps none at run time)."""
    source = REPO / "hhaudit" / "formats" / (name.replace(".", "/") + ".py")
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    for heading in ("Line kinds", "Fields"):  # "Fields": the JSON and TOML formats
        if heading in doc:
            return doc[doc.index(heading):]
    for page in re.findall(r"docs/formats/[\w.-]+\.md", doc):
        text = (REPO / page).read_text(encoding="utf-8")
        if "## Line kinds" in text:
            return text[text.index("## Line kinds"):]
    return ""


@pytest.mark.parametrize("name", MODULES)
def test_the_module_docstring_lists_its_line_kinds(name: str) -> None:
    section = line_kinds_section(name)
    assert section, f"{name}: no 'Line kinds' section in its docstring or in the docs page it names"
    # a list, not a mention: at least a few entries, one a line ("- kind" or "| kind |")
    assert sum(1 for line in section.splitlines() if line.lstrip().startswith(("- ", "| "))) >= 3, name


# One audited hand of each line-based format in the corpus: (file, first line of the hand).
FIRST_HANDS = {
    "absolute": "cash/Absolute/Flop/IHH20090610 Chile Way - Hold'em No Limit $0.02(Real Money) Table 9339866.txt",
    "betfair": "cash/Betfair/Flop/PLO-6max-USD-0.05-0.10-200909.All.in.river.splitpot.txt",
    "betonline": "cash/BetOnline/Flop/NLHE-10max-0.01-0.02-201604.zero.ante.txt",
    "bovada": "cash/Bovada/Flop/FLHE-6max-USD - $30-$60 - 201512.new.blinds.txt",
    "cake": "cash/Cake/Flop/LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt",
    "enet": "cash/Enet/Flop/NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt",
    "entraction": "cash/Entraction/Flop/LHE-HU-EUR-10-20-201103.txt",
    "everleaf": "cash/Everleaf/Flop/FLO8-10max-USD-0.50-1.00-201003.HU.on.10max.txt",
    "fulltilt": "cash/FTP/Flop/5-Card-PLO-6max-play-5-10-201305.txt",
    "ggpoker": "cash/GGPoker/Flop/PLO-6max-USD-0.5-1.00-202006.txt",
    "kingsclub": "cash/KingsClub/Flop/5-Card-PLO-USD-5-10-202010.txt",
    "ongame": "cash/OnGame/Flop/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt",
    "pacific": "cash/PacificPoker/Flop/888-FHE-USD-5-10-201203.all.in.blind.txt",
    "partypoker": "cash/PartyPoker/Flop/LHE-6max-USD-15-30-201104.live.second.sb.txt",
    "pkr": "cash/PKR/Flop/NLHE-10max-USD-0.02-0.04-201206.txt",
    "pokerstars": "cash/Stars/Flop/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt",
    "pt_everest": "cash/PokerTracker/Flop/NLHE-USD-0.50-1.00-201101.Everest.txt",
    "pt_ipoker": "cash/PokerTracker/Flop/NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt",
    "pt_merge": "cash/PokerTracker/Flop/NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt",
    "pt_microgaming": "cash/PokerTracker/Flop/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt",
    "swc": "cash/SealsWithClubs/Flop/LHE-6max-mBTC-2.00-4.00-201305.txt",
    "unibet": "cash/Unibet/Flop/NLHE-EUR-0.05-0.10-202104.Banzi.txt",
    "winamax": "cash/Winamax/Flop/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt",
    "wpn": "cash/Winning/Flop/LHE-2max-USD-2.00-4.00-201608.HH00000000 G0.txt",
    "wpn2019": "cash/Winning/Flop/5Card-PLO-4max-USD-10-20-202311.Reshuffle.txt",
}
ROOT = "ChazDazzle/fpdb-chaz/pyfpdb/regression-test-files/"
NOTICE = "The room closes for maintenance soon"


def test_every_line_format_is_in_the_table() -> None:
    line_formats = {f.name for f in hhaudit.formats.FORMATS.values() if isinstance(f, LineFormat)} - {"live", "phh", "pokerstars_intl"}
    # live: a dealer's log, its own test (tests/test_live*.py); pokerstars_intl: the PokerStars
    # reader with translated words, no corpus file
    assert line_formats == set(FIRST_HANDS)


@pytest.mark.parametrize("name", sorted(FIRST_HANDS))
def test_an_unknown_notice_is_a_warning_naming_it(name: str) -> None:
    path = corpus() / ROOT / FIRST_HANDS[name]
    with open(path, "rb") as fh:
        lines = lines_of_text("".join(iter_text(fh)))
    first = hhaudit.audit(io.StringIO("\n".join(lines) + "\n"), format=name)
    hand = first.hands[first.hands["status"] == "audited"].iloc[0]
    start, end = int(hand["line"]), int(hand["end_line"])
    body = lines[start - 1:end]
    middle = len(body) // 2
    text = "\n".join([*body[:middle], NOTICE, *body[middle:]]) + "\n"
    r = hhaudit.audit(io.StringIO(text), format=name, extend_select=["PA04"])
    assert r.hands["status"].tolist() == ["audited"], r.findings[["rule", "message"]].values.tolist()
    named = r.findings[r.findings["rule"] == "PA04"]
    assert named["actual"].tolist() == [NOTICE]
    assert named["line"].tolist() == [middle + 1]


@pytest.mark.parametrize("name", sorted(FIRST_HANDS))
def test_an_unknown_line_naming_a_player_makes_the_rules_abstain(name: str) -> None:
    # it may be an action in a wording the reader does not know: named, and the hand not judged
    path = corpus() / ROOT / FIRST_HANDS[name]
    with open(path, "rb") as fh:
        lines = lines_of_text("".join(iter_text(fh)))
    first = hhaudit.audit(io.StringIO("\n".join(lines) + "\n"), format=name)
    hand = first.hands[first.hands["status"] == "audited"].iloc[0]
    player = first.seats[first.seats["hand_id"] == hand["hand_id"]]["player"].iloc[0]
    start, end = int(hand["line"]), int(hand["end_line"])
    body = lines[start - 1:end]
    middle = len(body) // 2
    odd = f"{player} taps the table twice"
    text = "\n".join([*body[:middle], odd, *body[middle:]]) + "\n"
    r = hhaudit.audit(io.StringIO(text), format=name, extend_select=["PA04"])
    assert r.hands["status"].tolist() == ["audited"]
    named = r.findings[r.findings["rule"] == "PA04"]
    assert named["actual"].tolist() == [odd]
    assert "not judged" in named["message"].iloc[0]
