"""The session rules: what must hold between consecutive hands of one table.

They are registered in `hhaudit.engine.rules.RULES` like the betting rules (so `hhaudit rules`,
`--select` and `--ignore` know them), and applied by `hhaudit.sessions.judge` to each pair of
consecutive hands of a session. Codes are never reused: SE01...
"""

from __future__ import annotations

from ..engine.house_rules import RebuyPastLimit
from ..engine.rules import Rule, register
from ..model import Category, Severity


class SessionRule(Rule):
    """Base class of the rules judged between hands."""

    category = Category.SESSION
    standalone = True


@register
class ButtonMovement(SessionRule):
    """The button did not move as the button rule says.

    Bad: dead button, seats 1-6, button 1, small blind 2, big blind 3; seat 3 busts. Next
    hand the button is on seat 3 (the big blind's empty seat) or seat 4.
    Good: the button moves to seat 2 (where the small blind was), the small blind (seat 3,
    empty) is dead and seat 4 posts the big blind (TDA-2024 32; Robert's Blinds 1(b)). With a
    moving button (option `button_rule=moving`, Robert's 1(a)) the button goes to the next
    player dealt in; on sites (`forward`) to a seat after the last button, no further than
    the last big blind. Heads-up, the player who had the big blind gets the button (TDA-2024
    34-B: nobody posts the big blind twice in a row).
    """

    code = "SE01"
    name = "button-movement"
    citation = "TDA-2024 32, 34-B; Robert's Dead Button"
    default = False
    default_live = True
    default_reason = ("Online, a history holds only the hands the player was dealt into: every reviewed corpus "
                      "finding (16 of 93) is hands missing between two hands, not a button moved wrong; live, the"
                      " dealer moves the button, and a mistake is the log's.")


@register
class MissedBlindNotPosted(SessionRule):
    """A player who missed the big blind was dealt in without posting it.

    Bad: 2/5, the big blind passes seat 6 while the player sits out; back the next hand in
    a seat that is not the big blind, they are dealt in with no post.
    Good: they post 5 live and 2 dead, or wait until the big blind reaches them (Robert's
    Missed Blinds: the live part is the big blind, the small blind part is dead).
    Online the rule is a warning: sites let some players back in on their own terms.
    """

    code = "SE02"
    name = "missed-blind-not-posted"
    citation = "Robert's Missed Blinds"
    default = False
    default_live = True
    default_reason = ("Online, sites let players back in on their own terms and histories miss hands (the one "
                      "reviewed corpus finding is a missing hand); live, a missed blind not posted is the floor's"
                      " mistake.")


@register
class MissedBlindWrongPost(SessionRule):
    """A missed blind was posted with the wrong live and dead parts.

    Bad: 2/5, a player owing both blinds posts 7 live, or 2 live and 5 dead.
    Good: 5 live (it counts toward their bet) and 2 dead (it goes to the middle). A player
    who owed only the big blind posts 5 live.
    """

    code = "SE03"
    name = "missed-blind-wrong-post"
    citation = "Robert's Missed Blinds"
    default = False
    default_live = True
    default_reason = ("Online, the site's software takes missed blinds and histories miss hands; live, a missed "
                      "blind posted wrong is the floor's mistake.")


@register
class NewPlayerNotPosted(SessionRule):
    """A player new to the seat was dealt in without posting a big blind.

    Bad: a player sits down (or changes seats, which can dodge the big blind) and is dealt
    in at once, not in the big blind, without posting.
    Good: they post a big blind (live) to be dealt in at once, or wait for the big blind
    (Robert's New Players; changing seats to dodge a blind: TDA-2024 33).
    """

    code = "SE04"
    name = "new-player-not-posted"
    citation = "Robert's New Players; TDA-2024 33"
    default = False
    default_live = True
    default_reason = ("Online, every reviewed corpus finding (13 of 76) is hands missing or anonymised tables, "
                      "not a player dealt in free; live, a new player not posting is the floor's mistake.")


@register
class StackChanged(SessionRule):
    """A stack changed between two hands with no rebuy or top-up in the log.

    Bad: a player ends a hand with 1,500 and starts the next hand at the same table with
    2,000 (or 1,000), and the log says nothing of chips added or taken off.
    Good: 1,500 again, or 2,000 after a logged rebuy of 500. An error in live logs, a
    warning online (sites top up stacks without always writing it); not judged on tables
    that reset every stack each hand. In a tournament, the changes its structure explains
    are not findings (`judge.tournament_chips`): a player who ended with nothing starting
    again with chips (a rebuy or re-entry), the same gain for two or more players and no
    stack fallen (an add-on break), and a gain of a rebuy or add-on size seen so.
    """

    code = "SE05"
    name = "stack-changed"
    severity = Severity.WARNING
    citation = "Robert's Table Stakes"
    default = False
    default_live = True
    default_reason = ("Online, sites top stacks up between hands without writing it (4,724 corpus findings, most "
                      "cash stacks topped up to a round buy-in); live, chips that change unlogged between hands "
                      "are the dealer's mistake.")


@register
class HandOrder(SessionRule):
    """Hands out of order: a live hand number missing, or time and hand ids disagree.

    Bad: a live log numbers hands 12, 14 (13 is missing), or the clock goes back from one
    hand to the next; a site's hand ids go backwards while the time goes forward.
    Good: hands numbered one by one, times and ids in order.
    """

    code = "SE06"
    name = "hand-order"
    severity = Severity.INFO
    citation = "hand record integrity"
    default = False
    default_reason = ("A note on the record (hand ids and times out of order, live hand numbers skipped), not a "
                      "mistake at the table: its 92 corpus findings are hand ids out of time order.")


@register
class SeatedTwice(SessionRule):
    """A player seated twice at once: in two seats of a hand, or at two tables of one live
    session.

    Bad: "Alice" in seats 2 and 7 of one hand; Alice at table 1 and table 2 in the same
    minutes of a live log.
    Good: one seat, one table at a time (a player changing tables leaves the first).
    """

    code = "SE07"
    name = "seated-twice"
    citation = "Robert's One Player to a Hand"
    default_reason = "A player in two seats (or at two live tables) at once; no corpus finding."


SESSION_RULES = (ButtonMovement, MissedBlindNotPosted, MissedBlindWrongPost, NewPlayerNotPosted,
                 StackChanged, HandOrder, SeatedTwice, RebuyPastLimit)
"""The rules the session pass judges; SE08 (a house's rebuy limits, `hhaudit.engine.house_rules`)
also per hand, for the chips of one rebuy."""
