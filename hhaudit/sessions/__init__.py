"""Table sessions: the hands of one table in time order, and the rules between them.

A mistake often shows only between hands: the button skipped a seat or went back, a player
who missed the blinds was dealt in without posting, chips appeared in a stack, a hand is
missing, the clock ran backwards. Each unit judges the sessions of the tables its part alone
holds and hands them over with the part's inputs (`handoff.py`); after every unit of a run is
written, `session_pass` (`passes.py`) takes those and groups the other hands into sessions
(`keys` and cuts in `passes.py`),
judges each pair of consecutive hands (`judge.py`; the plain hands, which can give nothing,
marked from the columns by `screen.py` and passed over) against the session rules (`rules.py`,
codes SE01...; then the live sessions of one room and date against each other, for a player
at two tables at once, SE07), and writes the `sessions` table, the session findings and the hands'
`session_id` and `session_seq`.

A session is:
- online: the hands of one site, kind, tournament and table name, in time order, across
  files; hands without a time or a table name are one session per file, in file order;
- live: the hands of one log file and table, in the order written;
cut where the table was idle for more than the profile's `session_gap` minutes (30 online,
240 live), where a cash game's game or stakes change, where a tournament's game changes
(its blinds rising do not cut it: the button keeps moving), and where two consecutive hands
share fewer than half the players of the smaller one (a fast-fold pool's next table, or a
table name used again).
"""

from __future__ import annotations

from . import rules

__all__ = ["rules"]
