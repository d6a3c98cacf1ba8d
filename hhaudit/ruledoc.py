"""A rule's full documentation, as `hhaudit rule CODE` prints it: its summary, the bad and the
good example from its docstring, the profile options that change it, and what the rulebook
passages it cites say, written here so that the text stands alone (no file the user lacks).

The rulebooks: the Poker Tournament Directors Association's rules (TDA, 2024 edition),
Robert's Rules of Poker (Robert Ciaffone, the usual reference of card rooms' cash games),
and the WSOP tournament rules (WSOP-T). The passages are summarised in our own words."""

from __future__ import annotations

import re

BOOKS = {
    "TDA-2024": "Poker TDA rules, 2024 edition",
    "Robert's": "Robert's Rules of Poker",
    "WSOP-T": "WSOP tournament rules",
}

PASSAGES: dict[tuple[str, str], str] = {
    ("TDA-2024", "12"): "Cards speak: the best hand shown wins, whatever its owner says of it.",
    ("TDA-2024", "RP-11"): "Where one player pays the ante for the table, use the big blind ante, "
                           "big blind first: the blind is posted first and the ante is what is left "
                           "of it (1000/2000, BBA 2000: a big blind of 3000 posts 2000 and antes 1000).",
    ("TDA-2024", "13"): "A hand is tabled when all its hole cards are face up and readable; the "
                        "dealer cannot kill a properly tabled hand that obviously wins.",
    ("TDA-2024", "15"): "Uncalled bets: the part of a bet or raise nobody called goes back to "
                        "its owner and is not part of the pot (15-B).",
    ("TDA-2024", "16"): "An all-in player takes no further part in the betting; once a player "
                        "is all-in and every other player's betting is complete, all hands "
                        "still in are tabled face up and none may be mucked; pots are awarded "
                        "side pots first (Addendum 16).",
    ("TDA-2024", "17"): "Order of showing when nobody is all-in: the last aggressor of the "
                        "final betting round tables first; if that round had no bet, the "
                        "first seat still in left of the button (17-A).",
    ("TDA-2024", "20"): "Odd chips: break the odd chips down to the smallest denomination in "
                        "play; in board games, with two or more tied hands, the odd chip goes "
                        "to the first tied seat left of the button (20-A).",
    ("TDA-2024", "21"): "Each side pot is split separately: side pots are built from the "
                        "levels of the all-in players' contributions and never mixed.",
    ("TDA-2024", "34"): "Heads-up, the button posts the small blind and acts first before the "
                        "flop and last after it (34-B).",
    ("TDA-2024", "40"): "A bet is made by a verbal declaration, by pushing out chips, or both; "
                        "whichever comes first defines the bet.",
    ("TDA-2024", "41"): "Standard calls: saying \"call\", pushing out the exact call, one "
                        "silent oversized chip, or several chips that count as a call under 45.",
    ("TDA-2024", "42"): "In no-limit and pot-limit a raise is the full amount in one motion, "
                        "or the full amount stated first; \"raise\" then only the call's chips "
                        "is a minimum raise.",
    ("TDA-2024", "43"): "A bet is at least the big blind; a raise is at least the size of the "
                        "largest previous bet or raise of the round. 43-A, the 50% standard: "
                        "chips of 50% or more of a minimum raise (not all-in) oblige a full "
                        "minimum raise; less is a call unless \"raise\" was declared.",
    ("TDA-2024", "44"): "Facing a bet, one oversized chip is a call unless \"raise\" is said "
                        "before it lands; not facing a bet, it is a bet of its full value.",
    ("TDA-2024", "45"): "Several chips facing a bet, without a declaration, are a call when "
                        "every chip is needed to make the call (taking away one of the "
                        "smallest leaves less than the call); otherwise the 50% standard.",
    ("TDA-2024", "47"): "Reopening the betting: in no-limit and pot-limit, an all-in, or "
                        "several short all-ins together, of less than a full raise does not "
                        "reopen the betting to players who have already acted (47-A); in "
                        "limit, an all-in of at least half a bet does (47-B).",
    ("TDA-2024", "48"): "No cap on raises in no-limit or pot-limit; in limit, raises are "
                        "capped (a bet and three raises) until the event is heads-up.",
    ("TDA-2024", "49"): "The caller must find out the correct amount; a call commits the "
                        "caller to the correct amount even after a wrong count.",
    ("TDA-2024", "51"): "A declaration commits the player to the full action; an undercall "
                        "facing the opening bet (or heads-up) is a mandatory full call.",
    ("TDA-2024", "53"): "Action out of turn is backed up to the right player; it is binding "
                        "if the action facing the out-of-turn player has not changed by the "
                        "time it reaches them (53-A); a fold out of turn is always binding.",
    ("TDA-2024", "54"): "Pot limit: the largest raise is the pot after the raiser's call "
                        "(pot + bets + the call); before the flop the blinds count as full "
                        "blinds even when short.",
    ("TDA-2024", "55"): "A player who says \"raise\" when not facing a bet commits to a bet; "
                        "the round's betting follows the order of action.",
    ("TDA-2024", "56"): "String bets and raises are not allowed: a bet made in several "
                        "motions with a return to the stack counts only its first motion.",
    ("TDA-2024", "58"): "A fold, in turn or out of turn, is binding; a folded hand takes no "
                        "further part.",
    ("TDA-2024", "61"): "Chips pushed out silently may all count as part of the bet.",
    ("TDA-2024", "65"): "An uncalled bet is returned to its owner even when the hand is "
                        "won without a showdown (65-A).",
    ("Robert's", "Button & Blind"): "Betting starts left of the big blind before the flop and "
                                    "left of the button after it; each round ends when every "
                                    "player still in has acted and matched the bet; the "
                                    "blinds are posted by the two seats left of the button.",
    ("Robert's", "Betting & Raising"): "In limit, a bet and three raises (four bets) at most, "
                                       "except heads-up; bets and raises come in the game's "
                                       "fixed increments; in cash no-limit, after saying "
                                       "\"raise\" the chips may come in several trips.",
    ("Robert's", "Ties"): "Tied hands split the pot; the odd chip goes to the first tied hand "
                          "clockwise from the button; no player gets more than one odd chip.",
    ("Robert's", "Showdown"): "Cards speak: the best hand shown at the showdown wins the pot.",
    ("Robert's", "Showdown 7"): "The last player to bet or raise on the final round shows first; "
                                "with no bet, the first player left of the button; players in a "
                                "side pot show before a player all-in for the main pot only.",
    ("Robert's", "NL (straddle)"): "A straddle sets a new minimum bring-in and is not treated as a "
                                   "raise; which straddles a room allows is its own rule.",
    ("TDA-2024", "table stakes"): "Table stakes: a player bets only the chips in play in front "
                                  "of them; a player whose chips run out is all-in.",
    ("Robert's", ""): "A check or call out of turn may not then become a bet or raise (cash).",
    ("TDA-2024", "32"): "Tournament play uses a dead button (2026: 34).",
    ("TDA-2024", "33"): "A player who dodges a blind (by changing seats, or not posting when "
                        "due) is penalised.",
    ("Robert's", "Dead Button"): "Dead button: the big blind moves to the player who owes it; the "
                                 "small blind and the button are placed to fit, even on an empty "
                                 "seat. Moving button: the button always goes to the next player "
                                 "and the blinds follow. A room uses one (Blinds 1(a)-(b)).",
    ("Robert's", "Missed Blinds"): "A player who missed the blinds comes back by posting them "
                                   "(the big blind live, the small blind dead: it goes to the "
                                   "middle) or by waiting for the big blind.",
    ("Robert's", "New Players"): "A new player posts a big blind to be dealt in at once, never "
                                 "between the small blind and the button, or waits for the big "
                                 "blind; a player who changes seats does the same.",
    ("Robert's", "Table Stakes"): "Table stakes: only the chips on the table play, and they stay "
                                  "there: chips are added between hands (a rebuy, a top-up), "
                                  "never taken off while the player stays.",
    ("Robert's", "One Player to a Hand"): "One player to a hand: nobody plays two seats.",
    ("Robert's", "Irregularities 4"): "Two cards of the same rank and suit found in a deck: all "
                                      "action is void, and every chip in the pot goes back to "
                                      "the player who wagered it.",
    ("Robert's", "Dead Hands"): "A hand is dead if it does not hold the proper number of cards "
                                "for the game (Dead Hands 1(d)); a dead hand cannot win.",
    ("WSOP-T", "90"): "Verbal declarations in turn are binding; a bet is made by declaration "
                      "or by chips, as TDA 40.",
    ("WSOP-T", "103"): "A string bet is a bet made in several movements with a return to the "
                       "stack and no declaration first; only the first movement counts.",
    ("WSOP-T", "VIII NL(b)"): "No-limit: a bet is at least the big blind and a raise at least "
                              "the previous bet or raise.",
}

OTHER: dict[str, str] = {
    "the site's hand-history format": "Every line of a hand must be one the site's format "
                                      "writes, in an order it allows (each format's grammar, "
                                      "`hhaudit formats`); a line that cannot be read makes "
                                      "the hand a parse error, reported with its file and line.",
    "accounting invariant": "Chips are neither made nor lost: the pot is what the players put "
                            "in; what is paid out plus the rake and fees is the pot; each "
                            "player's end stack is the start stack less what went in plus what "
                            "came back.",
    "side-pot construction": "Pots are built by all-in levels: each all-in player's "
                             "contribution caps a pot that only the players who matched it "
                             "can win; chips of folded players fill the pots they reach.",
    "house rake policy": "The rake is the house's policy, not a rulebook's: it is taken from "
                         "the pot, never from an uncalled bet, and a rake above "
                         "`max_rake_share` of the pot is reported as suspicious.",
    "house rake rule in the log's game line": "A live log states its house's rake rule in its "
                                              "game line (a share of the pot with a cap); the "
                                              "rake the dealer took must follow it.",
    "the log's game line": "A live log states the game's "
                                                                 "structure in its game and level "
                                                                 "lines: the blinds, an ante from every "
                                                                 "player or a big-blind ante, a straddle "
                                                                 "the game requires and the house's kill "
                                                                 "blind; a hand's `bomb` line is its "
                                                                 "bomb pot, every player dealt in antes "
                                                                 "it (a house rule). Those are the posts "
                                                                 "the hand requires.",
    "house jackpot or promotion rule in the log's game line": "A live log states the house's jackpot or "
                                                              "promotion drop in its game line (so many "
                                                              "chips from every pot of at least so much); "
                                                              "the drop the dealer took must follow it.",
    "PokerStars Betting Structures: CAP games": "Capped games: a player's bets in one hand stop at "
                                                "the table's cap; a player who has put in the cap "
                                                "is all-in for the betting and keeps the rest of "
                                                "the stack.",
    "every hand accounted for": "Every hand read is in the dataset exactly once, whatever happened "
                                "to it: a hand hhaudit could not read or judge is kept as a parse "
                                "error with the reason, and the run goes on.",
    "hhaudit docs, Inputs: Limits": "hhaudit's limits on what one hand may hold: amounts of at "
                                    "most 10**12 units, seat numbers 0 to 1000, hands of at most "
                                    "20,000 lines and 4 MiB; past them the hand is a parse error, "
                                    "never a crash.",
    "one hand, one board": "A hand has one board: the cards its streets deal are the cards its "
                           "summary states (a summary may complete a board whose last streets "
                           "the log does not write); a summary with other cards is another "
                           "hand's, or damaged.",
    "one hand, one history": "A hand has one history: two copies of one "
                                                "hand (same site and number) must say the same "
                                                "thing; one that differs is an edited, damaged or "
                                                "tampered log, or two hands given one number.",
    "888poker CAP tables": "888poker's CAP tables work the same way: nobody puts more than the "
                           "cap into one hand.",
    "house rule (nl_raise_cap)": "A room's own rule, not a rulebook's: some clubs cap no-limit "
                                 "betting at a number of bets a round (bet, raise, re-raise, cap: "
                                 "four); past it players may only call or fold.",
    "house rule (straddles)": "A room's own rule: which straddles it allows (under the gun, the "
                              "button, any seat, straddles on straddles); rulebooks leave it to "
                              "the house.",
    "house rebuy limits": "A room's own rule: how many chips a player may add between hands in "
                          "one rebuy, add-on or top-up, and how many times in a session.",
        "hand record integrity": "A log's hands come in order: live hand numbers one by one, times "
                             "that do not go back, a site's hand ids that grow with the time.",
}
"""What citations outside the rulebooks mean."""

OPTIONS: dict[str, tuple[str, ...]] = {
    "AO01": ("infer_sitting_out",), "AO06": ("infer_sitting_out",),
    "RO01": ("fl_reopen_half_bet",), "PL01": ("pl_round_up",),
    "FL02": ("fl_cap", "fl_heads_up_uncapped", "fl_tournament_cap_heads_up"), "IA04": ("nl_raise_cap",),
    "AO07": ("showdown_order",), "AO08": ("allin_tabled",), "IA05": ("straddles",), "SE08": ("max_rebuy", "max_rebuys"),
    "OC01": ("odd_chip", "hilo_odd_chip", "run_odd_chip", "chip", "rake_from", "rake_split", "site_conventions"),
    "SP01": ("rake_from", "site_conventions"), "AC04": ("rake_from",), "AC05": ("max_rake_share",),
    "SB01": ("string_bet_multi_trip_after_raise",), "SB06": ("oot_binding",),
    "SE01": ("button_rule", "session_gap"), "SE02": ("missed_blinds", "session_gap"),
    "SE03": ("missed_blinds", "session_gap"), "SE04": ("missed_blinds", "session_gap"),
    "SE05": ("session_gap",), "SE06": ("session_gap",), "SE07": ("session_gap",),
}
"""The profile options that change what a rule finds (checked against `profiles` in the tests)."""


def load_all_rules() -> None:
    """Register every rule (betting, pot, live and session rules) without importing any format."""
    from .engine import house_rules, live_rules, rules  # noqa: F401
    from .sessions import rules as session_rules  # noqa: F401


_PART = re.compile(r"^(TDA-2024|Robert's|WSOP-T)\s*(.*)$")
_NOTE = re.compile(r"\s*\(([^)]*\s[^)]*)\)\s*$")  # a trailing remark in parentheses, "(cash: ...)"


def passages(citation: str) -> list[tuple[str, str]]:
    """The passages a citation like `TDA-2024 40, 43-A; Robert's Ties` names, each as
    (reference, what it says); "" where nothing is stored for it."""
    out: list[tuple[str, str]] = []
    for part in (p.strip() for p in citation.split(";")):
        m = _PART.match(part)
        if not m:
            out.append((part, OTHER.get(_NOTE.sub("", part), "")))
            continue
        book, rest = m.group(1), m.group(2)
        note = _NOTE.search(rest)
        rest = _NOTE.sub("", rest).strip() or (note.group(1) if note else "")
        items = [x.strip() for x in rest.split(",")] if book == "TDA-2024" else [rest]
        for item in items:
            keys = (item, item.split("-")[0], re.sub(r"\s+[\d-]+$", "", item), "")
            text = next((PASSAGES[(book, k)] for k in keys if (book, k) in PASSAGES), "")
            out.append((f"{BOOKS[book]} {item}".strip(), text))
    return out


def rule_doc(code: str) -> str:
    """The full documentation of one rule as plain text (KeyError for an unknown code)."""
    from ._native import docstring
    from .profiles import Profile

    load_all_rules()
    from .engine.rules import RULES, default_text, doc_parts

    rule = RULES[code.upper()]
    summary, body = doc_parts(docstring(rule))
    summary = summary or rule.name
    lines = [f"{rule.code} {rule.name}", "", summary, "",
             f"category {rule.category.value}, severity {rule.severity.value}"]
    if body:
        lines += ["", _examples(body)]
    opts = OPTIONS.get(rule.code, ())
    if opts:
        lines += ["", "Profile options that change it (--option NAME=VALUE):"]
        for name in opts:
            lines.append(f"  {name} (default {getattr(Profile('x'), name)!r}): {_option_doc(name)}")
    lines += ["", f"Rulebook: {rule.citation}"]
    for ref, text in passages(rule.citation):
        if text:
            lines.append(f"  {ref}: {text}")
    lines += ["", f"In the default set: {_default_line(default_text(rule))} {rule.default_reason}".rstrip()]
    return "\n".join(lines) + "\n"


def _default_line(default: str) -> str:
    """Whether the rule runs unless chosen, as `hhaudit rule` says it."""
    return {"yes": "yes (it runs unless --select or --ignore leaves it out).",
            "no": "no (run it with --extend-select or --select).",
            "live only": "live logs only (online: with --extend-select or --select).",
            "online only": "site histories only (live logs: with --extend-select or --select)."}[default]


def _examples(body: str) -> str:
    """The docstring's body as paragraphs: its prose, then `Bad:` and `Good:` each on a line."""
    flat = re.sub(r"\s*\n\s*", " ", body)
    return re.sub(r"\s*\b(Bad|Good):", lambda m: f"\n{m.group(1)}:", flat).strip()


def _option_doc(name: str) -> str:
    """An option's description: the docstring under its field in profiles.py."""
    import ast
    from pathlib import Path

    tree = ast.parse((Path(__file__).parent / "profiles.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Profile":
            body = node.body
            for i, stmt in enumerate(body[:-1]):
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                        and stmt.target.id == name:
                    nxt = body[i + 1]
                    if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
                        return " ".join(str(nxt.value.value).split())
    return ""
