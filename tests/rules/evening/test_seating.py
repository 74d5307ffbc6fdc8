"""Who deals, who is dealt in and who sits out; bidding order; partnership teams (RULES 1, 5, 6).

Seats are listed clockwise; the player to the dealer's left bids first. Expected seatings are
worked out from the rules by walking the table clockwise from the dealer.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.errors import OptionError, Part, SeatingError, option
from scorekeeper.rules.evening.seating import check_players, deals_ahead, dealt_in, next_clockwise
from scorekeeper.rules.evening.session import SessionSetup
from scorekeeper.rules.game.options import Options, SitOut
from scorekeeper.rules.hand.hands import HandContext
from scorekeeper.rules.holders import Team, name_key

NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
BROOKLYN = Options.preset("brooklyn")
POT_GAME = Options.preset("brooklyn-pot")
HOYLE = Options.preset("hoyle")


def seats(n: int) -> tuple[str, ...]:
    return NAMES[:n]


# -- Brooklyn --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "active"),
    [
        # clockwise from Ann's left: Bob, Cal, Dee, Ann; Dee is on Ann's right and sits out
        pytest.param("Ann", ("Bob", "Cal", "Ann"), id="Ann deals, Dee on her right sits out"),
        pytest.param("Bob", ("Cal", "Dee", "Bob"), id="Bob deals, Ann sits out"),
        pytest.param("Cal", ("Dee", "Ann", "Cal"), id="Cal deals, Bob sits out"),
        pytest.param("Dee", ("Ann", "Bob", "Dee"), id="Dee deals, Cal sits out"),
    ],
)
def test_brooklyn_four_players_the_dealers_right_sits_out(dealer, active):
    assert dealt_in(seats(4), dealer, BROOKLYN) == active


@pytest.mark.parametrize(
    ("dealer", "active"),
    [
        pytest.param("Ann", ("Bob", "Cal", "Dee"), id="Ann deals and sits out"),
        pytest.param("Cal", ("Dee", "Ann", "Bob"), id="Cal deals and sits out"),
    ],
)
def test_brooklyn_four_players_with_sit_out_dealer_the_dealer_sits_out(dealer, active):
    options = replace(BROOKLYN, sit_out=SitOut.DEALER)
    assert dealt_in(seats(4), dealer, options) == active


def test_brooklyn_three_players_everyone_plays_starting_at_the_dealers_left():
    assert dealt_in(seats(3), "Ann", BROOKLYN) == ("Bob", "Cal", "Ann")
    assert dealt_in(seats(3), "Cal", BROOKLYN) == ("Ann", "Bob", "Cal")


def test_brooklyn_seats_at_most_four():
    with pytest.raises(OptionError) as error:
        check_players(seats(5), BROOKLYN)
    assert error.value.where.part is Part.PLAYERS and "3 to 4" in error.value.rule


# -- Hoyle -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "active"),
    [
        pytest.param("Ann", ("Bob", "Cal", "Dee"), id="Ann deals and sits out"),
        pytest.param("Bob", ("Cal", "Dee", "Ann"), id="Bob deals and sits out"),
        pytest.param("Dee", ("Ann", "Bob", "Cal"), id="Dee deals and sits out"),
    ],
)
def test_hoyle_four_players_the_dealer_sits_out(dealer, active):
    assert dealt_in(seats(4), dealer, HOYLE) == active


@pytest.mark.parametrize(
    ("dealer", "active"),
    [
        # clockwise from Ann's left: Bob, Cal, Dee, Eve; Cal is second from her left
        pytest.param("Ann", ("Bob", "Dee", "Eve"), id="Ann deals; Ann and Cal sit out"),
        # from Cal's left: Dee, Eve, Ann, Bob; Eve is second from his left
        pytest.param("Cal", ("Dee", "Ann", "Bob"), id="Cal deals; Cal and Eve sit out"),
        # from Eve's left: Ann, Bob, Cal, Dee; Bob is second
        pytest.param("Eve", ("Ann", "Cal", "Dee"), id="Eve deals; Eve and Bob sit out"),
    ],
)
def test_hoyle_five_players_the_dealer_and_the_second_from_the_dealers_left_sit_out(dealer, active):
    assert dealt_in(seats(5), dealer, HOYLE) == active


def test_hoyle_three_players_all_play():
    assert dealt_in(seats(3), "Bob", HOYLE) == ("Cal", "Ann", "Bob")


def test_hoyle_seats_at_most_five():
    with pytest.raises(OptionError) as error:
        check_players(seats(6), HOYLE)
    assert error.value.where.part is Part.PLAYERS and "3 to 5" in error.value.rule


def test_a_sit_out_rule_for_four_refuses_five_players():
    options = replace(HOYLE, sit_out=SitOut.DEALER)
    with pytest.raises(OptionError) as error:
        check_players(seats(5), options)
    assert error.value.where == option("sit_out") and "at most 4" in error.value.rule


# -- Brooklyn with a pot ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_pot_game_the_three_to_the_dealers_left_play(n):
    # Ann deals: Bob, Cal and Dee play, whatever the number at the table.
    assert dealt_in(seats(n), "Ann", POT_GAME) == ("Bob", "Cal", "Dee")


@pytest.mark.parametrize(
    ("n", "dealer", "active"),
    [
        pytest.param(4, "Dee", ("Ann", "Bob", "Cal"), id="4 players Dee deals: wraps to Ann"),
        pytest.param(6, "Dee", ("Eve", "Fay", "Ann"), id="6 players Dee deals: Eve Fay Ann"),
        pytest.param(8, "Gus", ("Hal", "Ann", "Bob"), id="8 players Gus deals: Hal Ann Bob"),
        pytest.param(3, "Bob", ("Cal", "Ann", "Bob"), id="3 players: all play"),
    ],
)
def test_pot_game_the_players_wrap_round_the_table(n, dealer, active):
    assert dealt_in(seats(n), dealer, POT_GAME) == active


def test_pot_game_seats_up_to_eight():
    check_players(seats(8), POT_GAME)
    with pytest.raises(OptionError) as error:
        check_players((*seats(8), "Ida"), POT_GAME)
    assert error.value.where.part is Part.PLAYERS and "3 to 8" in error.value.rule


# -- cumulative games ------------------------------------------------------------------------------


def test_bison_three_play_from_the_dealers_left():
    assert dealt_in(seats(3), "Ann", Options.preset("bison")) == ("Bob", "Cal", "Ann")


def test_bison_needs_exactly_three():
    with pytest.raises(OptionError) as error:
        check_players(seats(4), Options.preset("bison"))
    assert error.value.where.part is Part.PLAYERS and "3 players, not 4" in error.value.rule


def test_partnership_all_four_play_from_the_dealers_left():
    assert dealt_in(seats(4), "Ann", Options.preset("partnership")) == (
        "Bob",
        "Cal",
        "Dee",
        "Ann",
    )


def test_partnership_teams_are_seats_one_and_three_against_two_and_four():
    ann_cal, bob_dee = Team(("Ann", "Cal")), Team(("Bob", "Dee"))
    assert str(ann_cal) == "Ann & Cal"
    setup = SessionSetup(Options.preset("partnership"), seats(4), "Ann")
    assert setup.teams == (ann_cal, bob_dee)
    assert setup.holders == (ann_cal, bob_dee)


def test_partnership_needs_four_players():
    with pytest.raises(OptionError) as error:
        SessionSetup(Options.preset("partnership"), seats(3), "Ann").check()
    assert error.value.where.part is Part.PLAYERS and "4" in error.value.rule


def test_other_systems_have_no_teams():
    setup = SessionSetup(HOYLE, seats(3), "Ann")
    assert setup.teams == ()
    assert setup.holders == seats(3)


# -- bidding order and the hand's context ----------------------------------------------------------


def test_bidding_order_is_clockwise_from_the_dealers_left():
    ctx = HandContext(seats(4), "Bob", dealt_in(seats(4), "Bob", HOYLE))
    assert ctx.active == ("Cal", "Dee", "Ann")
    assert ctx.first_bidder == "Cal"
    assert ctx.sitting_out == ("Bob",)


def test_first_bidder_skips_a_player_who_sits_out():
    # Five at Hoyle, Eve deals: Ann bids first (Bob, second from the left, sits out).
    ctx = HandContext(seats(5), "Eve", dealt_in(seats(5), "Eve", HOYLE))
    assert ctx.first_bidder == "Ann"
    assert ctx.sitting_out == ("Bob", "Eve")


# -- the deal passes clockwise ---------------------------------------------------------------------


def test_the_deal_passes_to_the_left():
    assert next_clockwise(seats(4), "Ann", seats(4)) == "Bob"
    assert next_clockwise(seats(4), "Dee", seats(4)) == "Ann"


def test_the_deal_skips_a_player_who_has_left():
    seated = ("Ann", "Cal", "Dee")  # Bob has left
    assert next_clockwise(seated, "Ann", seats(4)) == "Cal"
    # the dealer who leaves passes the deal on from their old seat
    assert next_clockwise(seated, "Bob", seats(4)) == "Cal"


# -- checking the players --------------------------------------------------------------------------


def test_a_name_seated_twice_is_refused_whatever_its_case():
    with pytest.raises(SeatingError) as error:
        check_players(("Ann", "Bob", "ann"), BROOKLYN)
    assert error.value.where.part is Part.PLAYERS and "seated twice" in error.value.rule


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        pytest.param("Ann", "ann", id="ascii folded"),
        pytest.param("ÉLODIE", "\u00e9lodie", id="a non-ascii capital folded"),
        pytest.param("Zo\u00eb", "zo\u00eb", id="a composed letter"),
        pytest.param("Zoe\u0308", "zo\u00eb", id="a decomposed letter composed"),
        pytest.param("  Ann   Lee ", "ann lee", id="spaces tidied"),
        pytest.param("STRASSE", "strasse", id="capitals"),
        pytest.param("Straße", "strasse", id="sharp s folded to ss"),
        pytest.param("ΣΊΣΥΦΟΣ", "σίσυφοσ", id="greek final sigma folded"),
    ],
)
def test_a_name_is_compared_composed_and_case_folded(typed, key):
    assert name_key(typed) == key


def test_a_name_typed_composed_and_decomposed_is_seated_twice():
    with pytest.raises(SeatingError) as error:
        check_players(("Zo\u00eb", "Bob", "Zoe\u0308"), BROOKLYN)
    assert error.value.where.seat == 2 and "seated twice" in error.value.rule


def test_a_blank_seat_is_refused():
    with pytest.raises(SeatingError) as error:
        check_players(("Ann", " ", "Cal"), BROOKLYN)
    assert error.value.where.part is Part.PLAYERS and "name" in error.value.rule


def test_too_few_players_are_refused():
    with pytest.raises(OptionError) as error:
        check_players(("Ann", "Bob"), HOYLE)
    assert error.value.where.part is Part.PLAYERS and "not 2" in error.value.rule


def test_the_first_dealer_must_be_at_the_table():
    with pytest.raises(SeatingError) as error:
        SessionSetup(HOYLE, seats(3), "Zed").check()
    assert error.value.where.part is Part.FIRST_DEALER


# -- the coming hands' seatings (the session page's hands waiting to be sent) -----------------


@pytest.mark.parametrize(
    ("seated", "order", "dealer", "options", "expected"),
    [
        pytest.param(
            seats(4), seats(4), "Ann", BROOKLYN,
            (("Ann", ("Bob", "Cal", "Ann")), ("Bob", ("Cal", "Dee", "Bob")),
             ("Cal", ("Dee", "Ann", "Cal")), ("Dee", ("Ann", "Bob", "Dee"))),
            id="four at Brooklyn: the one on the dealer's right sits out, once round",
        ),
        pytest.param(
            seats(4), seats(4), "Cal", BROOKLYN,
            (("Cal", ("Dee", "Ann", "Cal")), ("Dee", ("Ann", "Bob", "Dee")),
             ("Ann", ("Bob", "Cal", "Ann")), ("Bob", ("Cal", "Dee", "Bob"))),
            id="from the third dealer, round to the second",
        ),
        pytest.param(
            ("Ann", "Cal", "Dee"), seats(4), "Dee", BROOKLYN,
            (("Dee", ("Ann", "Cal", "Dee")), ("Ann", ("Cal", "Dee", "Ann")),
             ("Cal", ("Dee", "Ann", "Cal"))),
            id="Bob has left: three play, the deal skips his seat",
        ),
        pytest.param(
            seats(5), seats(5), "Ann",
            replace(BROOKLYN, sit_out=SitOut.DEALER_AND_SECOND_LEFT),
            (("Ann", ("Bob", "Dee", "Eve")), ("Bob", ("Cal", "Eve", "Ann")),
             ("Cal", ("Dee", "Ann", "Bob")), ("Dee", ("Eve", "Bob", "Cal")),
             ("Eve", ("Ann", "Cal", "Dee"))),
            id="five: the dealer and the second to the left sit out",
        ),
    ],
)  # fmt: skip
def test_deals_ahead_gives_each_coming_dealer_and_who_they_deal_in(
    seated, order, dealer, options, expected
):
    assert deals_ahead(seated, dealer, order, options) == expected
