"""Amounts at any precision the log writes: an amount finer than the hand's unit is read at
that precision (the hand's scale grows for that hand, every amount rescaled so that money
stays exact integers), never a parse error; a payment of a fraction of the smallest chip in
play is an odd-chip finding with the expected whole-chip split (TDA-2024 20: odd chips are
never broken below the smallest chip).

The hand: button on seat 7 (Cal), blinds 50/100 on Ann (seat 2) and Ben (seat 5); Cal
raises to 449, both call: a 1,347 pot. Ann and Ben tie with the ace-high straight, so the
1,347 splits 674 to Ann (the first tied seat left of the button) and 673 to Ben.
"""

from __future__ import annotations

from builders import audit_text, line_of, stars

SEATS = {2: ("Ann", 5000), 5: ("Ben", 5000), 7: ("Cal", 5000)}
CHECKS = "Ann: checks\nBen: checks\nCal: checks\n"
BODY = ("Ann: posts small blind 50\nBen: posts big blind 100\n*** HOLE CARDS ***\n"
        "Cal: raises 349 to 449\nAnn: calls 399\nBen: calls 349\n"
        "*** FLOP *** [As Ks Qd]\n" + CHECKS + "*** TURN *** [As Ks Qd] [Jh]\n" + CHECKS
        + "*** RIVER *** [As Ks Qd Jh] [2c]\n" + CHECKS + "*** SHOW DOWN ***\n"
        "Ann: shows [Tc 3d] (a straight, Ten to Ace)\nBen: shows [Td 4c] (a straight, Ten to Ace)\n"
        "Cal: shows [9h 9c] (a pair of Nines)\nAnn collected {ann} from pot\nBen collected {ben} from pot\n")


def hand(ann: str, ben: str, seats: dict[int, tuple[str, int | str]] | None = None) -> str:
    return stars(BODY.format(ann=ann, ben=ben), seats=seats or SEATS, button=7,  # type: ignore[arg-type]
                 summary="Total pot 1347 | Rake 0")


def test_half_chips_paid_to_a_tie_are_read_and_reported() -> None:
    text = hand("673.5", "673.5")
    out = audit_text(text)
    assert out.hand.status.value == "audited"
    # one decimal more: 1,347 chips are 13,470 tenths, Ann and Ben each paid 6,735
    assert (out.hand.scale, out.hand.fine) == (1, 1)
    assert out.pots[0].amount == 13470 and out.pots[0].paid == [6735, 6735]
    (f,) = out.findings
    assert (f.rule, f.category) == ("OC01", "odd_chip")
    assert (f.expected, f.actual) == ("expected Ann 674.0; Ben 673.0", "log paid Ann 673.5; Ben 673.5")
    assert f.message == "paid a fraction of the smallest chip in play (1.0): odd chips are not broken"
    assert f.line == line_of(text, "Ann collected")
    assert out.pots[0].expected == [6740, 6730] and out.pots[0].ok is False


def test_whole_chips_read_at_the_finer_scale_are_clean() -> None:
    # a stack written with a decimal (5000.5) makes the hand finer; the pot paid in whole
    # chips as the rules say gives nothing
    seats = {2: ("Ann", "5000.5"), 5: ("Ben", 5000), 7: ("Cal", 5000)}
    out = audit_text(hand("674", "673", seats))
    assert (out.hand.scale, out.hand.fine) == (1, 1)
    assert out.findings == [] and [p.ok for p in out.pots] == [True]
    assert out.hand.seats[0].stack == 50005


def test_a_tenth_of_a_cent_in_a_cash_hand() -> None:
    text = stars(BODY.format(ann="$6.735", ben="$6.735").replace(" 50\n", " $0.50\n").replace(" 100\n", " $1\n")
                 .replace("349 to 449", "$3.49 to $4.49").replace("calls 399", "calls $3.99").replace("calls 349", "calls $3.49"),
                 seats={2: ("Ann", "$50"), 5: ("Ben", "$50"), 7: ("Cal", "$50")}, button=7, blinds=("$0.50", "$1"),  # type: ignore[dict-item,arg-type]
                 summary="Total pot $13.47 | Rake $0")
    out = audit_text(text.replace("(Play Money) ", ""))
    # cents and a tenth: 13.47 is 13,470 thousandths, split 6.740 / 6.730
    assert (out.hand.scale, out.hand.fine) == (3, 1)
    (f,) = out.findings
    assert (f.rule, f.expected, f.actual) == ("OC01", "expected Ann 6.740; Ben 6.730", "log paid Ann 6.735; Ben 6.735")


def test_too_fine_is_still_a_parse_error() -> None:
    # five decimals past the unit: no site writes that (parsing.MAX_FINER is 4)
    from hhaudit.parsing import parse

    (h,) = list(parse(hand("673.50001", "673.49999")))
    assert h.status.value == "parse_error" and h.problem is not None
    assert "more than" in h.problem.message


# The same hand in two XML formats, play money (whole chips): the XML readers have their own
# amount parser (formats._xml.amount), stakes included, so the hand read again at one more
# decimal has its blinds rescaled with everything else (50/100 become 500/1,000 tenths).
IPOKER = """<session sessioncode="1">
  <general>
    <mode>play</mode>
    <gametype>Holdem NL 50/100</gametype>
    <tablename>Test table</tablename>
    <startdate>2024-05-01 12:00:00</startdate>
    <currency>EUR</currency>
    <nickname>Ann</nickname>
  </general>
  <game gamecode="1001">
    <general>
      <startdate>2024-05-01 12:00:00</startdate>
      <players>
        <player seat="2" name="Ann" chips="5000" dealer="0" win="{ann}" bet="449" />
        <player seat="5" name="Ben" chips="5000" dealer="0" win="{ben}" bet="449" />
        <player seat="7" name="Cal" chips="5000" dealer="1" win="0" bet="449" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Ann" type="1" sum="50" />
      <action no="2" player="Ben" type="2" sum="100" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">C10 D3</cards>
      <cards type="Pocket" player="Ben">D10 C4</cards>
      <cards type="Pocket" player="Cal">H9 C9</cards>
      <action no="3" player="Cal" type="23" sum="449" />
      <action no="4" player="Ann" type="3" sum="399" />
      <action no="5" player="Ben" type="3" sum="349" />
    </round>
    <round no="2">
      <cards type="Flop" player="">SA SK DQ</cards>
      <action no="6" player="Ann" type="4" sum="0" />
      <action no="7" player="Ben" type="4" sum="0" />
      <action no="8" player="Cal" type="4" sum="0" />
    </round>
    <round no="3">
      <cards type="Turn" player="">HJ</cards>
      <action no="9" player="Ann" type="4" sum="0" />
      <action no="10" player="Ben" type="4" sum="0" />
      <action no="11" player="Cal" type="4" sum="0" />
    </round>
    <round no="4">
      <cards type="River" player="">C2</cards>
      <action no="12" player="Ann" type="4" sum="0" />
      <action no="13" player="Ben" type="4" sum="0" />
      <action no="14" player="Cal" type="4" sum="0" />
    </round>
  </game>
</session>
"""

MERGE = """<description type="Holdem" stakes="No Limit (50/100)"/>
<game id="2002-1" starttime="20240501120000" numholecards="2" gametype="2" realmoney="false" data="20240501|Test table (2002)|2002|2002-1|false">
	<players dealer="7">
		<player seat="2" nickname="Ann" balance="5000" dealtin="true" />
		<player seat="5" nickname="Ben" balance="5000" dealtin="true" />
		<player seat="7" nickname="Cal" balance="5000" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="2" amount="50"/>
		<event sequence="2" type="BIG_BLIND" player="5" amount="100"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="RAISE" player="7" amount="449"/>
		<event sequence="4" type="CALL" player="2" amount="399"/>
		<event sequence="5" type="CALL" player="5" amount="349"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="6" type="CHECK" player="2"/>
		<event sequence="7" type="CHECK" player="5"/>
		<event sequence="8" type="CHECK" player="7"/>
		<cards type="COMMUNITY" cards="As,Ks,Qd"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="9" type="CHECK" player="2"/>
		<event sequence="10" type="CHECK" player="5"/>
		<event sequence="11" type="CHECK" player="7"/>
		<cards type="COMMUNITY" cards="As,Ks,Qd,Jh"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<event sequence="12" type="CHECK" player="2"/>
		<event sequence="13" type="CHECK" player="5"/>
		<event sequence="14" type="CHECK" player="7"/>
		<cards type="COMMUNITY" cards="As,Ks,Qd,Jh,2c"/>
	</round>
	<round id="SHOWDOWN" sequence="6">
		<event sequence="15" type="SHOW" player="2"/>
		<event sequence="16" type="SHOW" player="5"/>
		<event sequence="17" type="SHOW" player="7"/>
		<cards type="SHOWN" cards="Tc,3d" player="2"/>
		<cards type="SHOWN" cards="Td,4c" player="5"/>
		<cards type="SHOWN" cards="9h,9c" player="7"/>
	</round>
	<round id="END_OF_GAME" sequence="7">
		<winner amount="{ann}" uncalled="false" potnumber="1" player="2" hand="Ace High Straight" pottype="n"/>
		<winner amount="{ben}" uncalled="false" potnumber="1" player="5" hand="Ace High Straight" pottype="n"/>
	</round>
</game>
"""


def check_half_chips(template: str, fmt: str) -> None:
    text = template.format(ann="673.5", ben="673.5")
    out = audit_text(text)
    assert (out.hand.format, out.hand.status.value) == (fmt, "audited")
    # one decimal more: the 50/100 blinds are 500/1,000 tenths, the 1,347 pot 13,470, each
    # winner paid 6,735; Ann (seat 2, first left of the button on 7) is owed the odd chip
    assert (out.hand.scale, out.hand.fine) == (1, 1)
    assert (out.hand.sb, out.hand.bb) == (500, 1000)
    assert [s.stack for s in out.hand.seats] == [50000, 50000, 50000]
    assert out.pots[0].amount == 13470 and out.pots[0].paid == [6735, 6735]
    (f,) = out.findings
    assert (f.rule, f.category) == ("OC01", "odd_chip")
    assert (f.expected, f.actual) == ("expected Ann 674.0; Ben 673.0", "log paid Ann 673.5; Ben 673.5")
    assert out.pots[0].expected == [6740, 6730] and out.pots[0].ok is False


def test_half_chips_in_an_ipoker_hand() -> None:
    check_half_chips(IPOKER, "ipoker")


def test_half_chips_in_a_merge_hand() -> None:
    check_half_chips(MERGE, "merge_xml")


def test_whole_chips_in_xml_hands_are_clean_at_their_own_scale() -> None:
    # 674/673 as the rules say: no second reading, no finding
    for template, fmt in ((IPOKER, "ipoker"), (MERGE, "merge_xml")):
        out = audit_text(template.format(ann="674", ben="673"))
        assert (out.hand.format, out.hand.scale, out.hand.fine) == (fmt, 0, 0)
        assert (out.hand.sb, out.hand.bb) == (50, 100)
        assert out.findings == [] and [p.ok for p in out.pots] == [True]


def test_a_lone_mark_and_three_digits_by_the_formats_layout() -> None:
    from hhaudit.formats._xml import amount, decimals, plain_amount

    # iPoker groups thousands ("1,500" and, in its Italian tournaments, "1.500" chips), but
    # no grouped number starts with 0: "0.025" is 25 thousandths, not 25
    assert amount("1,500", 0) == 1500 and amount("1.500", 0) == 1500
    assert amount("0.025", 3) == 25 and decimals("0.025") == 3
    assert amount("$1234.500", 3) == 1234500  # a group before a separator has 3 digits at most
    # Merge, Boss, Microgaming and Everest write plain digits and a decimal point ("1500.00")
    assert plain_amount("6.735", 3) == 6735 and plain_amount("1.500", 1) == 15
