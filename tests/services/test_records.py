"""Players' records counted from replayed sessions (issue 21), every figure worked out by hand
from the sessions' own worked comments (tests/settle_fixtures.py, tests/reportsessions.py) and
docs/RULES.md; what each figure counts is said in services/record_tally.py."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import reportsessions as rs
from settle_fixtures import Table, bison, brooklyn, hoyle_with_leaver, partnership

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.services.history import player as records
from scorekeeper.services.history.player import DateRange, table_record
from scorekeeper.services.notfound import NotFound
from scorekeeper.services.tables import default_table


@pytest.fixture
def table(app):
    with app.app_context():
        yield Table(default_table())


def build(table: Table, name: str) -> int:
    """One of the worked sessions by name: the settle-up ones take the table."""
    settle = {"brooklyn": brooklyn, "hoyle": hoyle_with_leaver, "bison": bison}
    settle["partnership"] = partnership
    if name in settle:
        return settle[name](table)
    return {
        "double-deck": rs.double_deck,
        "two-handed": rs.two_handed,
        "partnership-no-bid": rs.partnership_no_bid,
        "six-handed": rs.six_handed,
        "eight-handed": rs.eight_handed,
        "summed-bids": rs.summed_bids,
        "cutthroat": rs.cutthroat,
        "eight-two-packs": rs.eight_two_packs,
    }[name]()


def of(name: str):
    """A player's record by name over every session of the table."""
    counted = table_record(default_table())
    (found,) = [r for r in counted.players if r.player.name == name]
    return found


def only_kind(record):
    (kind,) = record.kinds.values()
    return kind


# Brooklyn: Bob makes 350 hearts, Cal is set at 300 spades. Hoyle: Ann set at 350 clubs
# while Dee sits out, Cal leaves, Bob set at 350 hearts. Bison: Bob set at 300 spades (260 in
# meld and tricks), Cal concedes 250 hearts, Ann makes 400 hearts. Partnership: Ann makes 300
# spades, Cal 300 hearts. Double deck: N makes 65 spades, E is set at 60 hearts.
# Two-handed and partnership without a bid: nobody declares.
HANDS = [
    # session, player, (hands played, declared, made, set, conceded)
    pytest.param("brooklyn", "Bob", (2, 1, 1, 0, 0), id="brooklyn-maker"),
    pytest.param("brooklyn", "Cal", (2, 1, 0, 1, 0), id="brooklyn-set"),
    pytest.param("brooklyn", "Ann", (2, 0, 0, 0, 0), id="brooklyn-never-declared"),
    pytest.param("hoyle", "Cal", (1, 0, 0, 0, 0), id="hoyle-left-after-one"),
    pytest.param("hoyle", "Dee", (1, 0, 0, 0, 0), id="hoyle-sat-out-one"),
    pytest.param("hoyle", "Ann", (2, 1, 0, 1, 0), id="hoyle-set"),
    pytest.param("bison", "Bob", (3, 1, 0, 1, 0), id="bison-set-by-figures"),
    pytest.param("bison", "Cal", (3, 1, 0, 0, 1), id="bison-conceded"),
    pytest.param("bison", "Ann", (3, 1, 1, 0, 0), id="bison-made"),
    pytest.param("partnership", "Cal", (2, 1, 1, 0, 0), id="partner-made"),
    pytest.param("double-deck", "E", (2, 1, 0, 1, 0), id="double-deck-set"),
    pytest.param("two-handed", "Ann", (2, 0, 0, 0, 0), id="no-bid-played-not-declared"),
    pytest.param("partnership-no-bid", "W", (3, 0, 0, 0, 0), id="misdeal-played-not-declared"),
    # Six-handed, three teams of two: Bob makes 60 clubs. Eight-handed, teams of four: Cal
    # makes 60 diamonds. Summed bids: N declares both hands, makes 65 and is set at 70; E & W's
    # own contracts are not hands E or W declared.
    pytest.param("six-handed", "Bob", (1, 1, 1, 0, 0), id="teams-of-two-in-three"),
    pytest.param("eight-handed", "Cal", (1, 1, 1, 0, 0), id="teams-of-four"),
    pytest.param("summed-bids", "N", (2, 2, 1, 1, 0), id="summed-bids-declarer"),
    pytest.param("summed-bids", "E", (2, 0, 0, 0, 0), id="summed-bids-other-contract"),
    pytest.param("cutthroat", "D", (1, 0, 0, 0, 0), id="cutthroat-no-bid"),
    pytest.param("eight-two-packs", "Hal", (1, 0, 0, 0, 0), id="eight-two-packs-no-bid"),
]


@pytest.mark.parametrize(("session", "name", "expected"), HANDS)
def test_hands_played_and_declared_made_set_and_conceded(table, session, name, expected):
    build(table, session)

    record = of(name)

    declared = record.declared
    got = (record.hands_played, declared.declared, declared.made, declared.set, declared.conceded)
    assert got == expected


AVERAGES = [
    # session, player, (average meld, average tricks) as the table writes them
    # Bison: Ann melds 20, 40, 190 = 250 over 3; takes 50 and 210 (hand 2 conceded: no tricks).
    pytest.param("bison", "Ann", (83.3, 130.0), id="bison-blank-meld-is-none"),
    # Bob melds 100, 20, nothing = 120 over 3; takes 160 and 30.
    pytest.param("bison", "Bob", (40.0, 95.0), id="bison-declarer-set"),
    # Cal melds nothing in three hands; takes 40 and 10.
    pytest.param("bison", "Cal", (0.0, 25.0), id="bison-no-meld"),
    # Partnership: Ann melds 150 and 20; her team takes 200 and 190.
    pytest.param("partnership", "Ann", (85.0, 195.0), id="partnership-team-tricks"),
    pytest.param("partnership", "Dee", (0.0, 55.0), id="partnership-defender"),
    # Double deck, written in tens: N's side meld 390 and his own 140 = 530 over 2 (26.5);
    # N & S take 310 and 160 (23.5).
    pytest.param("double-deck", "N", (26.5, 23.5), id="double-deck-written-in-tens"),
    # E: side meld 380, then 220 = 600 over 2 (30); E & W take 190, 340 (26.5).
    pytest.param("double-deck", "E", (30.0, 26.5), id="double-deck-side-meld"),
    # Two-handed: Ann melds 190 and 100, takes 140 and 150.
    pytest.param("two-handed", "Ann", (145.0, 145.0), id="two-handed"),
    # Without a bid, the misdeal is neither melded nor taken: N melds 100 and 20; N & S take
    # 250 and 130. E melds 160 in cards, then E & W's 100 as one figure under E.
    pytest.param("partnership-no-bid", "N", (60.0, 190.0), id="team-no-bid"),
    pytest.param("partnership-no-bid", "E", (130.0, 60.0), id="team-no-bid-side-meld"),
    # Six-handed, written in tens: Bob's side meld 42 under his name, his team's 24 in tricks;
    # Eve melded nothing herself.
    pytest.param("six-handed", "Bob", (42.0, 24.0), id="six-handed-side-meld"),
    pytest.param("six-handed", "Eve", (0.0, 24.0), id="six-handed-partner"),
    # Cutthroat: D melds 20 and takes nothing. Eight on two packs: Hal melds 10, his team of
    # four takes 240.
    pytest.param("cutthroat", "D", (20.0, 0.0), id="cutthroat-took-nothing"),
    pytest.param("eight-two-packs", "Hal", (10.0, 240.0), id="team-of-four-no-bid"),
    # Brooklyn: bids entered as made or set with no figures: nothing to average.
    pytest.param("brooklyn", "Bob", (None, None), id="chip-no-figures"),
]


@pytest.mark.parametrize(("session", "name", "expected"), AVERAGES)
def test_meld_and_tricks_on_average_as_the_table_writes_them(table, session, name, expected):
    build(table, session)

    kind = only_kind(of(name))

    assert (kind.average_meld, kind.average_tricks) == expected


def test_a_chip_declarers_meld_and_side_tricks_are_counted_where_entered(table):
    # Brooklyn: Bob bids 350 hearts, melds 150, his side takes 200: made. Ann and Cal meld
    # nothing in a chip game (only the declarer melds).
    sid = table.start("brooklyn", "Ann Bob Cal")
    table.hand(sid, None, "Bob", 350, "H", melds={"Bob": 150}, tricks=200)

    bob, ann = only_kind(of("Bob")), only_kind(of("Ann"))

    assert (bob.average_meld, bob.average_tricks, bob.meld_hands) == (150.0, 200.0, 1)
    assert (ann.average_meld, ann.average_tricks) == (None, None)


def test_bids_are_counted_by_range_of_fifty_and_by_trump(table):
    # Brooklyn: Bob makes 350 hearts (range 350-399); Cal set at 300 spades (300-349).
    # Then Bob makes 360 hearts and is set at 380 clubs; Ann makes 420 diamonds.
    sid = brooklyn(table)
    table.hand(sid, "made", "Bob", 360, "H")
    table.hand(sid, "set", "Bob", 380, "C")
    table.hand(sid, "made", "Ann", 420, "D")

    bob = only_kind(of("Bob"))

    ranges = {bob.kind.range_text(start): (d.declared, d.made) for start, d in bob.by_range.items()}
    assert ranges == {"350–399": (3, 2)}
    trumps = {suit: (d.declared, d.made) for suit, d in bob.by_trump.items()}
    assert trumps == {"H": (2, 2), "C": (1, 0)}
    assert bob.biggest_written == 360  # 380 was set
    assert bob.declared.made_percent == 66  # 2 of 3, rounded down
    assert only_kind(of("Ann")).biggest_written == 420


def test_a_double_deck_range_is_written_in_tens(table):
    build(table, "double-deck")

    n, e = only_kind(of("N")), only_kind(of("E"))

    assert [n.kind.range_text(s) for s in n.by_range] == ["65–69"]
    assert [e.kind.range_text(s) for s in e.by_range] == ["60–64"]
    assert (n.biggest_written, e.biggest_written) == (65, None)
    assert (n.kind.slug, n.kind.label) == ("double-deck", "Double-deck partnership (to 500)")


def test_a_game_written_in_tens_is_a_kind_of_its_own(table):
    # Bison at scale 10 beside bison in full points: their bids never share a range.
    bison(table)
    sid = table.start("bison", "Ann Bob Cal", scale=10)
    table.hand(sid, "conceded", "Ann", 25, "H")

    kinds = {k.slug: k.label for k in of("Ann").kinds}

    assert kinds == {
        "bison": "Bison (points to 1500)",
        "bison-scale-10": "Bison (points to 1500), written in 10s",
    }


MONEY = [
    # session, player, (net cents, sessions won, games played, games won)
    pytest.param("brooklyn", "Bob", (80, 1, 0, 0), id="brooklyn-top-net"),
    pytest.param("brooklyn", "Ann", (20, 0, 0, 0), id="brooklyn-up-not-top"),
    pytest.param("brooklyn", "Cal", (-100, 0, 0, 0), id="brooklyn-down"),
    # Hoyle: Dee +2.60 tops Cal's +1.20, with his kitty share when he left.
    pytest.param("hoyle", "Dee", (260, 1, 0, 0), id="hoyle-kitty-shares"),
    pytest.param("hoyle", "Cal", (120, 0, 0, 0), id="hoyle-leaver"),
    # Bison: Ann wins the game, $4 from Bob and $3 from Cal.
    pytest.param("bison", "Ann", (700, 0, 1, 1), id="bison-winner"),
    pytest.param("bison", "Bob", (-400, 0, 1, 0), id="bison-double-set"),
    # Partnership: Ann & Cal win the game; each loser pays one winner $1.
    pytest.param("partnership", "Cal", (100, 0, 1, 1), id="partnership-winners"),
    pytest.param("partnership", "Dee", (-100, 0, 1, 0), id="partnership-losers"),
    pytest.param("two-handed", "Ann", (0, 0, 0, 0), id="no-stake-no-game-over"),
]


@pytest.mark.parametrize(("session", "name", "expected"), MONEY)
def test_money_sessions_won_and_games_won(table, session, name, expected):
    build(table, session)

    record = of(name)

    assert (
        record.net_cents,
        record.sessions_won,
        record.games_played,
        record.games_won,
    ) == expected


def test_teams_of_three_or_four_are_one_partnership(table):
    build(table, "eight-handed")

    pairs = {p.name: p for p in table_record(default_table()).record.partnerships.values()}

    assert set(pairs) == {"Ann & Cal & Eve & Gus", "Bob & Dee & Fay & Hal"}
    makers = pairs["Ann & Cal & Eve & Gus"]
    assert (makers.hands_played, makers.declared.declared, makers.declared.made) == (1, 1, 1)


def test_partners_are_counted_together(table):
    build(table, "partnership")
    build(table, "double-deck")

    pairs = {p.name: p for p in table_record(default_table()).record.partnerships.values()}

    ann_cal = pairs["Ann & Cal"]
    assert (ann_cal.hands_played, ann_cal.declared.made, ann_cal.games_won) == (2, 2, 1)
    bob_dee = pairs["Bob & Dee"]
    assert (bob_dee.declared.declared, bob_dee.games_played, bob_dee.games_won) == (0, 1, 0)
    # Double deck: W & E (seats 1 and 3) set once, N & S made once; no game finished.
    assert (pairs["W & E"].declared.set, pairs["N & S"].declared.made) == (1, 1)
    assert pairs["N & S"].games_played == 0


HEAD_TO_HEAD = [
    # session, (declarer, defender) -> (hands, made, set, conceded)
    pytest.param(
        "brooklyn",
        {("Bob", "Ann"): (1, 1, 0, 0), ("Cal", "Bob"): (1, 0, 1, 0)},
        id="each-for-themselves",
    ),
    # Hoyle: Dee sat out Ann's set hand, so Ann was never set while Dee defended.
    pytest.param(
        "hoyle",
        {("Ann", "Cal"): (1, 0, 1, 0), ("Ann", "Dee"): None, ("Bob", "Dee"): (1, 0, 1, 0)},
        id="sat-out-did-not-defend",
    ),
    # Partnership: partners never defend against each other.
    pytest.param(
        "partnership",
        {("Ann", "Bob"): (1, 1, 0, 0), ("Ann", "Cal"): None},
        id="partners-not-opponents",
    ),
    pytest.param("bison", {("Cal", "Ann"): (1, 0, 0, 1)}, id="conceded"),
]


HEAD_TO_HEAD += [
    # Six-handed: Bob's partner Eve never defends his bid; the four others do.
    pytest.param(
        "six-handed",
        {("Bob", "Ann"): (1, 1, 0, 0), ("Bob", "Fay"): (1, 1, 0, 0), ("Bob", "Eve"): None},
        id="three-teams",
    ),
    # Eight-handed: Cal's three partners never defend; Hal, of the other four, does.
    pytest.param(
        "eight-handed", {("Cal", "Hal"): (1, 1, 0, 0), ("Cal", "Gus"): None}, id="teams-of-four"
    ),
]


@pytest.mark.parametrize(("session", "expected"), HEAD_TO_HEAD)
def test_head_to_head_counts_declarers_bids_while_each_other_player_defended(
    table, session, expected
):
    build(table, session)

    counted = table_record(default_table()).record.head_to_head
    by_name = {(d.name, x.name): h.hands for (d, x), h in counted.items()}

    for pair, figures in expected.items():
        hands = by_name.get(pair)
        got = None if hands is None else (hands.declared, hands.made, hands.set, hands.conceded)
        assert got == figures, pair


def test_a_date_range_counts_only_the_sessions_started_within_it(table):
    old = brooklyn(table)
    build(table, "bison")
    db.session.get(GameSession, old).created_at -= timedelta(days=40)
    db.session.flush()
    today = date.today()

    recent = table_record(default_table(), DateRange(start=today - timedelta(days=1)))
    early = table_record(default_table(), DateRange(end=today - timedelta(days=30)))

    assert recent.session_count == 1
    assert recent.player(next(p.id for p in recent.roster if p.name == "Bob")).net_cents == -400
    assert early.session_count == 1
    assert early.player(next(p.id for p in early.roster if p.name == "Bob")).net_cents == 80


@pytest.mark.parametrize(
    ("start", "end", "backwards"),
    [
        pytest.param(date(2026, 11, 21), date(2026, 11, 20), True, id="ends-the-day-before"),
        pytest.param(date(2026, 11, 21), date(2026, 11, 21), False, id="one-day"),
        pytest.param(date(2026, 11, 21), None, False, id="open-end"),
        pytest.param(None, date(2026, 11, 20), False, id="open-start"),
    ],
)
def test_a_range_is_backwards_only_when_it_ends_before_it_starts(start, end, backwards):
    assert DateRange(start, end).backwards is backwards


def test_every_player_on_the_roster_has_a_record_and_a_stranger_none(table):
    brooklyn(table)
    counted = table_record(default_table(), DateRange(end=date(2000, 1, 1)))

    ann = next(p for p in counted.roster if p.name == "Ann")
    assert counted.player(ann.id).hands_played == 0
    with pytest.raises(NotFound):
        counted.player(999)


def test_a_record_is_remembered_until_a_session_changes(table):
    sid = brooklyn(table)
    first = table_record(default_table())
    assert table_record(default_table()) is first

    table.hand(sid, "made", "Ann", 300, "D")

    again = table_record(default_table())
    assert again is not first
    assert of("Ann").declared.made == 1


@pytest.fixture(autouse=True)
def _fresh_memory():
    records.forget()
    yield
    records.forget()
