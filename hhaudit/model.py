"""The normalised hand model: one `Hand` of metadata and an ordered list of events.

Every site format is turned into these records and nothing else; the replay, the rules, the
pot auditor and the table writers only ever see them. Amounts are integers in the smallest
unit of the hand (`Hand.scale` decimal places were printed by the site).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Final


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


class Limit(StrEnum):
    NO_LIMIT = "NL"
    POT_LIMIT = "PL"
    FIXED_LIMIT = "FL"


class Status(StrEnum):
    AUDITED = "audited"
    UNSUPPORTED_GAME = "unsupported_game"
    PARSE_ERROR = "parse_error"


class Post(StrEnum):
    """Kinds of forced bets."""

    SMALL_BLIND = "post_sb"
    BIG_BLIND = "post_bb"
    ANTE = "post_ante"
    STRADDLE = "post_straddle"
    DEAD = "post_dead"
    """A blind posted out of position (missed blinds): `live` part plays, `dead` part does not."""


class Act(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


class Category(StrEnum):
    """The closed set of finding categories (contract §3)."""

    PARSE = "parse"
    ACTION_ORDER = "action_order"
    ILLEGAL_ACTION = "illegal_action"
    BET_SIZE = "bet_size"
    MIN_RAISE = "min_raise"
    REOPEN = "reopen"
    STRING_BET = "string_bet"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"
    SIDE_POT = "side_pot"
    WINNER = "winner"
    ODD_CHIP = "odd_chip"
    ACCOUNTING = "accounting"
    SESSION = "session"
    """Between hands of one table (`hhaudit.sessions`)."""


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


# --------------------------------------------------------------------------- events
# Each event carries the 1-based source line it was read from. `seat` is the table seat
# number as the site printed it; `player` the name as printed. Events are not frozen: a
# frozen dataclass costs about ten times as much to build, and parsing builds one per line.
# Nothing changes an event after its format made it. The classes built per line or per action
# spell out `__init__` (init=False): compiled (see hatch_build.py), an explicit one runs as C,
# while the one the dataclass decorator would generate runs as Python.


@dataclass(slots=True, init=False)
class PostEvent:
    """A forced bet. `amount` is live (counts toward the street bet), `dead` is not."""

    line: int
    seat: int
    player: str
    kind: Post
    amount: int
    dead: int = 0
    all_in: bool = False

    def __init__(
        self,
        line: int,
        seat: int,
        player: str,
        kind: Post,
        amount: int,
        dead: int = 0,
        all_in: bool = False,
    ) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.kind = kind
        self.amount = amount
        self.dead = dead
        self.all_in = all_in


@dataclass(slots=True, init=False)
class ActionEvent:
    """A voluntary action as the log wrote it.

    Formats fill what their line states and leave the rest None; the replay derives the
    rest from the state:
    - `to`: the player's street total after a bet or raise ("raises 2 to 6" -> 6);
    - `amount`: the chips this action added to the pot ("calls 4" -> 4, "bets 10" -> 10,
      a raise written as the chips put in);
    - `by`: a raise written as the increment over the current bet ("raises by 4").
    For a raise, give exactly one of them.
    """

    line: int
    seat: int
    player: str
    act: Act
    amount: int | None = None
    to: int | None = None
    all_in: bool = False
    by: int | None = None

    def __init__(
        self,
        line: int,
        seat: int,
        player: str,
        act: Act,
        amount: int | None = None,
        to: int | None = None,
        all_in: bool = False,
        by: int | None = None,
    ) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.act = act
        self.amount = amount
        self.to = to
        self.all_in = all_in
        self.by = by


@dataclass(slots=True, init=False)
class StreetEvent:
    """A new street is dealt. `cards` are the new cards, `board` the whole board after it."""

    line: int
    street: Street
    cards: tuple[str, ...]
    board: tuple[str, ...]
    run: int = 0
    """0 for a single board; 1, 2, ... for run-it-twice boards."""

    def __init__(
        self,
        line: int,
        street: Street,
        cards: tuple[str, ...],
        board: tuple[str, ...],
        run: int = 0,
    ) -> None:
        self.line = line
        self.street = street
        self.cards = cards
        self.board = board
        self.run = run


@dataclass(slots=True, init=False)
class DealEvent:
    """Hole cards the log reveals at the deal ("Dealt to Hero [Ah Kd]")."""

    line: int
    seat: int
    player: str
    cards: tuple[str, ...]

    def __init__(self, line: int, seat: int, player: str, cards: tuple[str, ...]) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.cards = cards


@dataclass(slots=True, init=False)
class UncalledEvent:
    """The log returns an uncalled bet."""

    line: int
    seat: int
    player: str
    amount: int

    def __init__(self, line: int, seat: int, player: str, amount: int) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.amount = amount


@dataclass(slots=True, init=False)
class ShowEvent:
    """A player shows (or, with `muck`, mucks) at showdown; `cards` may be empty."""

    line: int
    seat: int
    player: str
    cards: tuple[str, ...]
    muck: bool = False
    run: int = 0

    def __init__(
        self,
        line: int,
        seat: int,
        player: str,
        cards: tuple[str, ...],
        muck: bool = False,
        run: int = 0,
    ) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.cards = cards
        self.muck = muck
        self.run = run


@dataclass(slots=True, init=False)
class CollectEvent:
    """The log pays a player. `pot` is 0 for the main pot, k for side pot k, None if the
    log does not say which pot; `run` is the board for run-it-twice (0 = single board);
    `half` is "high" or "low" where a Hi/Lo log says which half it pays ("wins the low
    pot", "Lo:"), None where it does not say (or the game does not split)."""

    line: int
    seat: int
    player: str
    amount: int
    pot: int | None = None
    run: int = 0
    half: str | None = None

    def __init__(
        self,
        line: int,
        seat: int,
        player: str,
        amount: int,
        pot: int | None = None,
        run: int = 0,
        half: str | None = None,
    ) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.amount = amount
        self.pot = pot
        self.run = run
        self.half = half


@dataclass(slots=True, init=False)
class FeeEvent:
    """Money that leaves or enters the pot outside the betting: a cash-out or insurance
    fee paid by a player, a jackpot drop, or room money added to the pot (negative)."""

    line: int
    kind: str
    amount: int
    seat: int | None = None
    player: str | None = None

    def __init__(
        self,
        line: int,
        kind: str,
        amount: int,
        seat: int | None = None,
        player: str | None = None,
    ) -> None:
        self.line = line
        self.kind = kind
        self.amount = amount
        self.seat = seat
        self.player = player


@dataclass(slots=True, init=False)
class ProtectionEvent:
    """A site's all-in protection: a seat that disconnected or timed out is kept in the hand
    for the chips it has put in, and acts no more; no chips move. It is all-in for the
    replay: the round goes on without it, and the pots past its chips are contested by the
    others (side pots follow). `kind` is what the site calls it: `disconnection` (PKR
    "granted disconnection protection", Everest "has been disconnected, and is allin",
    iPoker `sum="DP"`, WPN "is disconnected and ALL IN") or `timeout` (Absolute
    "All-In (Timeout)")."""

    line: int
    seat: int
    player: str
    kind: str

    def __init__(self, line: int, seat: int, player: str, kind: str) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.kind = kind


Event = (
    PostEvent
    | ActionEvent
    | StreetEvent
    | DealEvent
    | UncalledEvent
    | ShowEvent
    | CollectEvent
    | FeeEvent
    | ProtectionEvent
)


# --------------------------------------------------------------------------- hand


@dataclass(slots=True, init=False)
class Seat:
    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    line: int = 0
    added: int = 0
    """Chips the log says were brought to the table since the previous hand (a live
    `rebuy`, `addon` or `top up` line), already counted in `stack`."""

    def __init__(
        self,
        seat: int,
        player: str,
        stack: int,
        sitting_out: bool = False,
        line: int = 0,
        added: int = 0,
    ) -> None:
        self.seat = seat
        self.player = player
        self.stack = stack
        self.sitting_out = sitting_out
        self.line = line
        self.added = added


@dataclass(slots=True, init=False)
class Summary:
    """Figures from the summary block, as the log states them (None when absent)."""

    total_pot: int | None = None
    main_pot: int | None = None
    side_pots: list[int] = field(default_factory=list)
    rake: int | None = None
    jackpot: int | None = None
    boards: list[tuple[str, ...]] = field(default_factory=list)
    line: int = 0

    def __init__(
        self,
        total_pot: int | None = None,
        main_pot: int | None = None,
        side_pots: list[int] | None = None,
        rake: int | None = None,
        jackpot: int | None = None,
        boards: list[tuple[str, ...]] | None = None,
        line: int = 0,
    ) -> None:
        self.total_pot = total_pot
        self.main_pot = main_pot
        self.side_pots = [] if side_pots is None else side_pots
        self.rake = rake
        self.jackpot = jackpot
        self.boards = [] if boards is None else boards
        self.line = line


CARD_SOURCES: Final[tuple[str, ...]] = ("shown", "summary", "mucked", "dealt")
"""Where a seat's hole cards came from (`seats.cards_from`), the most telling first: a show
line at the showdown, the summary block (`showed [..]`, `mucked [..]`), a muck line that
names the cards, a dealt line (logs that show every seat's cards)."""


@dataclass(slots=True, init=False)
class Known:
    """One seat's hole cards as the log reveals them: the cards, where they came from (one of
    `CARD_SOURCES`), the line, and whether the hand was tabled (shown: it can win) or mucked
    (it cannot, TDA-2024 13)."""

    cards: tuple[str, ...]
    source: str
    line: int
    tabled: bool = False
    mucked: bool = False

    def __init__(self, cards: tuple[str, ...], source: str, line: int, tabled: bool = False,
                 mucked: bool = False) -> None:
        self.cards = cards
        self.source = source
        self.line = line
        self.tabled = tabled
        self.mucked = mucked


@dataclass(slots=True, frozen=True)
class UnknownLine:
    """A line of a hand that no line kind of its format reads (formats that say so, with
    `LineFormat.reads_unknown_lines`, keep it instead of failing the hand), or a line of a
    site feature the audit does not model (`reason`): a PA04 warning names it. `matters`: the line may carry what the audit needs (an action, an amount, a
    card), so the hand is not judged; otherwise (a notice, a chat line broken over two lines)
    it is judged without it."""

    line: int
    text: str
    matters: bool
    reason: str = ""
    """Why a line of a known kind is kept unread: a site feature the audit does not model
    yet (disconnect protection, ...); "" for a line no kind of the format reads."""


@dataclass(slots=True)
class ParseProblem:
    """Why a hand could not be read: the first line at fault, and the rule that reports it
    (PA01 a line the grammar cannot read, PA02 an error inside hhaudit, PA03 a value or a
    hand past hhaudit's limits)."""

    line: int
    column: int
    text: str
    message: str
    rule: str = "PA01"
    expected: str = ""
    """PA02 and PA03: what the finding says should be (`text` is what is)."""
    finer: int = 0
    """Decimals past the hand's scale the line's amount shows (0: another fault): the hand
    is read again at the finer scale (`parsing.read_hand`)."""
    incomplete: bool = False
    """The log itself lacks what every hand states, so no reader could read it: it stops
    before its end (cut off); it is a fragment (its first line is not one that starts a
    hand: a file begun inside a hand, or a header and summary only); a line of it is cut
    off and the next hand's first line run into it (files joined mid-line); the hand could
    end and a line that cannot follow comes (another hand run on without its first line);
    it lists no seats; an action names nobody the seat lines list (or a name two seats
    share); or the site wrote no history for it. Such a hand is not a complete log: the
    corpus coverage counts it apart from the hands a reader failed
    (`benchmarks/coverage.py`), and each one of the corpus is reviewed in
    `tests/reviewed/parse.tsv`."""


@dataclass(slots=True, init=False)
class Hand:
    site: str
    format: str
    hand_id: str
    source: str
    line: int
    game: str = "NLHE"
    """The game's code (`formats.common.game_code`): NLHE, PLHE, FLHE; NLO, PLO, FLO with
    the hole-card count past four (PLO5, PLO6) and `8` for Hi/Lo eight or better (PLO8,
    FLO8, PLO5-8)."""
    variant: str = "holdem"
    """`holdem` or `omaha` for the games audited; the site's own name otherwise."""
    limit: Limit = Limit.NO_LIMIT
    hole_cards: int = 2
    """Cards dealt to each player: 2 (Hold'em), 4, 5 or 6 (Omaha)."""
    hilo: bool = False
    """Split pots high and low (Omaha Hi/Lo, eight or better)."""
    kind: str = "cash"
    currency: str = ""
    scale: int = 0
    sb: int = 0
    bb: int = 0
    ante: int = 0
    small_bet: int = 0
    """Fixed limit: the small bet (pre-flop and flop); big bet is `big_bet`."""
    big_bet: int = 0
    cap: int = 0
    """Capped no-limit and pot-limit tables: the most a player may put in the hand (its
    blinds included); 0 = no cap. A player who has put it in is all-in for the betting."""
    started_at: datetime | None = None
    tz: str = ""
    table_name: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    tournament_id: str = ""
    dealer: str = ""
    """Live logs: the dealer of the hand (`dealer Maria` on the game or hand line)."""
    shift: str = ""
    """Live logs: the dealers' shift (`shift night`)."""
    room: str = ""
    """Live logs: the card room (`room "Casino Royal"` on the game line)."""
    seats: list[Seat] = field(default_factory=list)
    seat_numbers: dict[str, int] = field(default_factory=dict)
    """Player name -> seat, for the formats that fill it as they read the seats."""
    events: list[Event] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)
    status: Status = Status.AUDITED
    problem: ParseProblem | None = None
    end_line: int = 0
    implicit_uncalled: bool = False
    """True for formats that never write "uncalled bet returned" lines."""
    text: str = ""
    """The hand's raw text, kept for `hhaudit show` and error messages."""
    profile: str = ""
    """Rule profile the log asks for (live logs: `profile roberts-cash`); "" = the default."""
    live: list[object] = field(default_factory=list)
    """Live logs: what was said, each chip motion, rulings and out-of-turn actions
    (`hhaudit.engine.live_rules` records), judged by `live_rules.check_live`."""
    bomb_pot: int = 0
    """A bomb pot (rules.md 9e): the ante every player put in, no blinds and no pre-flop
    betting, the flop dealt at once (live logs: `bomb 20`); 0: not a bomb pot."""
    unknown_lines: list[UnknownLine] = field(default_factory=list)
    """Lines no line kind of the hand's format reads, kept rather than failing the hand by
    the formats that read so (`LineFormat.reads_unknown_lines`): each a PA04 warning."""
    chip: int = 0
    """The smallest chip in play, in the hand's units, when the log says it (a live game
    line's `chip 25`); 0: the profile's `chip` (TDA-2024 20 splits odd chips in it)."""
    odd_chip: str = ""
    """Who gets the odd chips, when the log says it (a live game line's `oddchip high-suit`):
    a value of the profile option `odd_chip`; "": the profile's."""
    fine: int = 0
    """Decimals added to the site's scale to read an amount finer than its unit (a tied pot
    paid `674.5` each): `scale` includes them, and the site's unit is 10**fine units."""
    revealed: dict[int, Known] = field(default_factory=dict)
    """Hole cards the log reveals outside its deal and show events (the summary block's
    `showed [..]` and `mucked [..]`, XML card elements), per seat: formats record them with
    `reveal`. The pot audit merges them with the events (`pots.known_cards`)."""
    abstained: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """What the audit does not judge in this hand, and why: (reason, rules) pairs (`abstain`)."""
    notes: list[str] = field(default_factory=list)
    """What the reader chose where the log states a figure two ways (one short sentence
    each: which figure the hand's own actions confirm, and what was done with the other)."""
    id_scope: str = ""
    """For formats whose ids are unique within an event (`identity.IdScope.EVENT`): what
    names that event, as the format read it (PHH: its event, day and table); "" = the file."""
    local_time: datetime | None = None
    """The hand's start as the log wrote it, a wall-clock time without a zone (naive), when
    the log names no zone: `zones.place` reads it in the site's zone (an option, else the
    site's documented default) and fills `started_at`."""

    def __init__(
        self,
        site: str,
        format: str,
        hand_id: str,
        source: str,
        line: int,
        game: str = "NLHE",
        variant: str = "holdem",
        limit: Limit = Limit.NO_LIMIT,
        kind: str = "cash",
        currency: str = "",
        scale: int = 0,
        sb: int = 0,
        bb: int = 0,
        ante: int = 0,
        small_bet: int = 0,
        big_bet: int = 0,
        started_at: datetime | None = None,
        tz: str = "",
        table_name: str = "",
        max_seats: int | None = None,
        button_seat: int | None = None,
        tournament_id: str = "",
        seats: list[Seat] | None = None,
        seat_numbers: dict[str, int] | None = None,
        events: list[Event] | None = None,
        summary: Summary | None = None,
        status: Status = Status.AUDITED,
        problem: ParseProblem | None = None,
        end_line: int = 0,
        implicit_uncalled: bool = False,
        text: str = "",
        profile: str = "",
        live: list[object] | None = None,
        revealed: dict[int, Known] | None = None,
        cap: int = 0,
        chip: int = 0,
        odd_chip: str = "",
        fine: int = 0,
        dealer: str = "",
        shift: str = "",
        room: str = "",
        hole_cards: int = 2,
        hilo: bool = False,
        bomb_pot: int = 0,
        abstained: list[tuple[str, tuple[str, ...]]] | None = None,
        notes: list[str] | None = None,
        unknown_lines: list[UnknownLine] | None = None,
        id_scope: str = "",
        local_time: datetime | None = None,
    ) -> None:
        self.site = site
        self.format = format
        self.hand_id = hand_id
        self.source = source
        self.line = line
        self.game = game
        self.variant = variant
        self.limit = limit
        self.kind = kind
        self.currency = currency
        self.scale = scale
        self.sb = sb
        self.bb = bb
        self.ante = ante
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.started_at = started_at
        self.tz = tz
        self.table_name = table_name
        self.max_seats = max_seats
        self.button_seat = button_seat
        self.tournament_id = tournament_id
        self.seats = [] if seats is None else seats
        self.seat_numbers = {} if seat_numbers is None else seat_numbers
        self.events = [] if events is None else events
        self.summary = Summary() if summary is None else summary
        self.status = status
        self.problem = problem
        self.end_line = end_line
        self.implicit_uncalled = implicit_uncalled
        self.text = text
        self.profile = profile
        self.live = [] if live is None else live
        self.revealed = {} if revealed is None else revealed
        self.chip = chip
        self.odd_chip = odd_chip
        self.fine = fine
        self.cap = cap
        self.dealer = dealer
        self.shift = shift
        self.room = room
        self.hole_cards = hole_cards
        self.bomb_pot = bomb_pot
        self.unknown_lines = [] if unknown_lines is None else unknown_lines
        self.id_scope = id_scope
        self.local_time = local_time
        self.hilo = hilo
        self.abstained = [] if abstained is None else abstained
        self.notes = [] if notes is None else notes

    def reveal(self, seat: int, cards: tuple[str, ...], source: str, line: int, *,
               tabled: bool = False, mucked: bool = False) -> None:
        """Record cards the log reveals for `seat` outside a deal or show event; the first
        record of a seat stays unless a later one was tabled and it was not."""
        if not cards:
            return
        old = self.revealed.get(seat)
        if old is None or (tabled and not old.tabled):
            self.revealed[seat] = Known(cards, source, line, tabled, mucked)

    def abstain(self, reason: str, rules: str | tuple[str, ...] = ("ALL",)) -> None:
        """Do not judge `rules` in this hand (codes, code prefixes, names or categories, as
        `--select` takes them; `ALL`: every rule), because the log shows something the audit
        does not model: `reason`, a short phrase ("disconnection protection: Player7 all-in
        for what he put in"), becomes one of the hand's `not_judged` reasons. Parse findings
        (PA) are never held back: a hand that cannot be read still says so.

        A format calls it when it reads a line it knows but the audit does not model (a
        site feature, an unknown line that can matter); the auditor calls it for what it
        finds itself. The rules abstain; the hand is still audited by every other rule."""
        codes = (rules,) if isinstance(rules, str) else tuple(rules)
        if (reason, codes) not in self.abstained:
            self.abstained.append((reason, codes))

    @property
    def not_judged(self) -> list[str]:
        """The `not_judged` reasons: each abstention as `reason (rules)`."""
        return [f"{reason} ({', '.join(codes)})" for reason, codes in self.abstained]

    def seat_of(self, player: str) -> int | None:
        if player in self.seat_numbers:
            return self.seat_numbers[player]
        for s in self.seats:
            if s.player == player:
                return s.seat
        return None
