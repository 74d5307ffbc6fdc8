"""Team hands with two packs with nines, auction on (RULES 2.11, 6.2): six in two teams of
three and eight in two teams of four, scored by the partnership contract.

``nines.SIX`` and ``nines.EIGHT`` are partnership's preset (RULES 6.2: the other side keeps
its meld when it took a trick point; a set costs the bid) dealt from the 96 cards with the
classic count, 490 a hand. The figures are worked out by hand in each comment.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from nines import EIGHT, SIX

from scorekeeper.rules.errors import MeldError, TrickError
from scorekeeper.rules.evening.session import SessionSetup, replay
from scorekeeper.rules.game.options import CardValues
from scorekeeper.rules.hand.hands import HandContext, HandInput, MeldCards, MeldNumber, score_hand
from scorekeeper.rules.holders import Team
from scorekeeper.rules.pack.cards import Hand, Suit
from scorekeeper.rules.pack.deck import Deck
from scorekeeper.rules.pack.tricks import SideTricks, check_side_points, check_sides

SIX_SEATS = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay")
EIGHT_SEATS = (*SIX_SEATS, "Gus", "Hal")
ACE, BDF = Team(("Ann", "Cal", "Eve")), Team(("Bob", "Dee", "Fay"))
ACEG, BDFH = Team(("Ann", "Cal", "Eve", "Gus")), Team(("Bob", "Dee", "Fay", "Hal"))
# Bob's cards, clubs trump: K K Q Q of clubs with one A, 10 and J, a double royal marriage
# 300 (not run and royal marriage, 190), and a dix 10: 310.
BOB = MeldCards(Hand.parse("KC KC QC QC AC TC JC 9C", deck=Deck.NINES))


def context(seats: tuple[str, ...], teams: tuple[Team, ...]) -> HandContext:
    dealer = seats[-1]
    return HandContext(seats, dealer, seats, teams)


@pytest.mark.parametrize(
    ("options", "players"),
    [pytest.param(SIX, 6, id="six in two teams of three"), pytest.param(EIGHT, 8, id="eight")],
)
def test_partnership_from_two_packs_with_nines_is_a_composition_the_engine_accepts(
    options, players
):
    options.validate(players)  # what the tests below play is a session a table could start


@pytest.mark.parametrize(
    ("bid", "changes"),
    [
        # Bob, Dee, Fay: 310 + 150 (Dee's run) + 40 (Fay's pinochle) = 500 meld, 270 in tricks:
        # 770. Ann, Cal, Eve: 100 + 20 + 0 = 120 meld, 490 - 270 = 220 in tricks: 340.
        pytest.param(600, {BDF: 770, ACE: 340}, id="bid 600 made: 770, the others 340"),
        pytest.param(800, {BDF: -800, ACE: 340}, id="bid 800 set: 770 short, -800"),
    ],
)
def test_six_in_two_teams_of_three_score_a_96_card_hand(bid, changes):
    entry = HandInput(
        declarer="Bob",
        bid=bid,
        trump=Suit.CLUBS,
        meld=(
            ("Bob", BOB),
            ("Dee", MeldNumber(150)),
            ("Fay", MeldNumber(40)),
            ("Ann", MeldNumber(100)),
            ("Cal", MeldNumber(20)),
        ),
        tricks=SideTricks(270),
    )
    result = score_hand(entry, context(SIX_SEATS, (ACE, BDF)), SIX)
    assert dict(result.changes) == changes


def test_eight_in_two_teams_of_four_score_a_96_card_hand():
    # Cal bids 500 in diamonds: Ann 100, Cal 40, Eve 300, Gus 0 = 440 meld, 100 in tricks:
    # 540, made. Bob 80, Hal 10: 90 meld, 390 in tricks: 480.
    entry = HandInput(
        declarer="Cal",
        bid=500,
        trump=Suit.DIAMONDS,
        meld=tuple(
            (p, MeldNumber(m))
            for p, m in {"Ann": 100, "Cal": 40, "Eve": 300, "Bob": 80, "Hal": 10}.items()
        ),
        tricks=SideTricks(100),
    )
    result = score_hand(entry, context(EIGHT_SEATS, (ACEG, BDFH)), EIGHT)
    assert dict(result.changes) == {ACEG: 540, BDFH: 480}


@pytest.mark.parametrize(
    ("ours", "theirs", "message"),
    [
        pytest.param(270, 230, "Tricks must add up to 490: 270 + 230 = 500.", id="500 is too many"),
        pytest.param(
            489, 1, "No side can take exactly 489 in tricks: no cards count 1 (the smallest "
            "card is a jack, 2).", id="489 leaves 1",
        ),
    ],
)  # fmt: skip
def test_the_sides_tricks_add_up_to_490(ours, theirs, message):
    with pytest.raises(TrickError) as caught:
        check_sides(ours, theirs, SIX)
    assert caught.value.rule == message


def test_a_96_card_meld_too_big_for_one_hand_is_refused_in_a_team_hand():
    # 16 aces (3000) do not fit in the 12 cards each of eight players holds.
    entry = HandInput(
        declarer="Cal",
        bid=500,
        trump=Suit.DIAMONDS,
        meld=(("Cal", MeldNumber(3000)),),
        tricks=SideTricks(100),
    )
    with pytest.raises(MeldError) as caught:
        score_hand(entry, context(EIGHT_SEATS, (ACEG, BDFH)), EIGHT)
    assert caught.value.rule == "Meld 3000 is more than any hand can show here (at most 2400)."


def test_a_six_handed_96_card_session_replays_to_its_totals():
    # The two hands above in turn: bid 600 made (Bob, Dee, Fay +770; Ann, Cal, Eve +340),
    # then bid 800 set (-800; +340): Bob's team -30, Ann's team 680.
    setup = SessionSetup(SIX, SIX_SEATS, "Fay")
    hands = [
        HandInput(
            declarer="Bob",
            bid=bid,
            trump=Suit.CLUBS,
            meld=(("Bob", BOB), ("Dee", MeldNumber(150)), ("Fay", MeldNumber(40)),
                  ("Ann", MeldNumber(100)), ("Cal", MeldNumber(20))),
            tricks=SideTricks(270),
        )
        for bid in (600, 800)
    ]  # fmt: skip
    state = replay(setup, hands)
    assert dict(state.balances) == {ACE: 680, BDF: -30}


@pytest.mark.parametrize(
    ("values", "points", "taken"),
    [
        pytest.param("classic", 490, True, id="classic: all 480 in cards and the last trick"),
        pytest.param("classic", 2, True, id="classic: one jack"),
        pytest.param("simple", 485, True, id="simple: all but a king or queen (5)"),
        pytest.param("simple", 487, False, id="simple: only multiples of 5"),
        pytest.param("counters", 490, True, id="counters: 48 x 10 + 10"),
        pytest.param("counters", 485, False, id="counters: only multiples of 10"),
    ],
)
def test_every_counting_scheme_reaches_490_with_the_96_cards(values, points, taken):
    options = replace(SIX, card_values=CardValues(values))
    if taken:
        check_side_points(points, options)
    else:
        with pytest.raises(TrickError):
            check_side_points(points, options)
