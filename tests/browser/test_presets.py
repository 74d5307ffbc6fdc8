"""Each preset played on a phone: start a session, tap in hands, read the standings, correct.

Every figure asserted here is worked out by hand from ``docs/RULES.md``; the arithmetic
is in the comments. Each page visited is checked for sideways scrolling, overflow and tap
targets under 44 px (``phone.check_phone_page``) and saved as a screenshot.
"""

from __future__ import annotations

import time

import pytest
from conftest import PHONE
from phone import (
    chip,
    enter_hand,
    figures,
    follow,
    open_edit,
    saved_hand,
    shoot,
    standings,
    start_session,
    type_team_hand,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def tour(page: Page, base: str, session_url: str, name: str, folder, *, leave: bool) -> None:
    """Visit and screenshot every main page of a session (each one checked at phone size)."""
    page.goto(session_url)
    shoot(page, folder, f"{name}-session-light")
    shoot(page, folder, f"{name}-session-dark", dark=True)
    follow(page, page.locator(".session-nav").get_by_role("link", name="All hands"))
    shoot(page, folder, f"{name}-history")
    shoot(page, folder, f"{name}-history-dark", dark=True)
    follow(page, page.locator("#hand-1").get_by_role("link", name="Edit"))
    shoot(page, folder, f"{name}-edit")
    page.goto(session_url)
    follow(page, page.locator(".session-nav").get_by_role("link", name="Share"))
    expect(page.locator(".qr svg")).to_be_visible()
    shoot(page, folder, f"{name}-share")
    if leave:
        page.goto(session_url)
        follow(page, page.locator(".session-nav").get_by_role("link", name="Someone leaves"))
        shoot(page, folder, f"{name}-leave")
    page.goto(f"{base}/")
    shoot(page, folder, f"{name}-home")
    follow(page, page.get_by_role("link", name="Players", exact=True))
    shoot(page, folder, f"{name}-players")
    follow(page, page.locator("table.stats tbody a").first)
    shoot(page, folder, f"{name}-player")
    shoot(page, folder, f"{name}-player-dark", dark=True)


def _row(*totals: int, fund: int | None = None) -> list[str]:
    """The cells of a history table's running-totals row: each player's balance as a signed
    figure (+14, −86, 0), then the kitty's or pot's holding as a plain amount."""
    cells = [f"+{t}" if t > 0 else f"\u2212{-t}" if t < 0 else "0" for t in totals]
    return cells + ([] if fund is None else [str(fund)])


def add_to_roster(page: Page, base: str, names: list[str]) -> None:
    """Add players on the Players page, as a table does before its first session."""
    page.goto(f"{base}/players/")
    for name in names:
        page.locator("#name").tap()
        page.locator("#name").fill(name)
        follow(page, page.get_by_role("button", name="Add"))
        expect(page.locator(".flash")).to_contain_text(f"{name} joins the roster")


# --- Brooklyn ------------------------------------------------------------------------------


def test_brooklyn_four_players_by_taps_with_a_set_a_concession_and_a_correction(
    live_server, browser_page, screenshots_dir
):
    """Brooklyn, 4 players (Ann, Bob, Cy, Dee clockwise), Ann deals first.

    Sitting out: the player to the dealer's right. Schedule 300-330: 1, 350-380: 2,
    400-430: 4, 450-480: 8. Spades double. A set pays 2V, a concession the bare schedule value.
    Stake 10 cents.
    """
    page = browser_page
    add_to_roster(page, live_server, ["Ann", "Bob", "Cy", "Dee"])
    url = start_session(
        page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann",
        from_roster=True, screenshots=screenshots_dir,
    )  # fmt: skip
    expect(page.locator("#next-hand")).to_contain_text("Ann deals, Dee sits out")

    # Hand 1, Ann deals, Dee (Ann's right) sits out. Bob makes 350 in hearts: V = 2;
    # Ann, Cy and Dee (sitting out, still an opponent) pay 2 each: Bob +6.
    enter_hand(page, declarer="Bob", bid=350, trump="H", outcome="Made")
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}
    expect(page.locator("#next-hand")).to_contain_text("Bob deals, Ann sits out")

    # Hand 2, Bob deals, Ann sits out. Cy is set at 300 in spades: V = 1 x 2 = 2, the set
    # pays 2V = 4 to each of Ann, Bob, Dee: Cy -12.
    # Ann -2+4 = +2, Bob 6+4 = +10, Cy -2-12 = -14, Dee -2+4 = +2 (sum 0).
    enter_hand(page, declarer="Cy", bid=300, trump="S", outcome="Set")
    saved_hand(page, 2)
    assert figures(page) == {"Ann": "+2", "Bob": "+10", "Cy": "−14", "Dee": "+2"}

    # Hand 3, Cy deals, Bob sits out. Dee concedes 400 in hearts: the voluntary set pays the
    # schedule value 4 to each opponent, no trump multiplier: Dee -12.
    # Ann 2+4 = +6, Bob 10+4 = +14, Cy -14+4 = -10, Dee 2-12 = -10.
    enter_hand(page, declarer="Dee", bid=400, trump="H", outcome="Conceded")
    saved_hand(page, 3)
    assert figures(page) == {"Ann": "+6", "Bob": "+14", "Cy": "−10", "Dee": "−10"}

    # Hand 4, Dee deals, Cy sits out. Ann bids 450 in clubs, melds 200 and takes 250 in
    # tricks: 450 >= 450, made (worked out from meld and tricks). V = 8: Ann +24.
    # Ann 6+24 = +30, Bob 14-8 = +6, Cy -10-8 = -18, Dee -10-8 = -18.
    enter_hand(page, declarer="Ann", bid=450, trump="C", melds={"declarer": 200}, tricks=250)
    saved_hand(page, 4)
    assert figures(page) == {"Ann": "+30", "Bob": "+6", "Cy": "−18", "Dee": "−18"}
    # Money at 10 cents a unit.
    money = {name: s.money for name, s in standings(page).items()}
    assert money == {"Ann": "+$3.00", "Bob": "+$0.60", "Cy": "−$1.80", "Dee": "−$1.80"}

    tour(page, live_server, url, "brooklyn", screenshots_dir, leave=True)

    # Correct hand 1: Bob's bid was 400, not 350. V = 4: Bob +12, the others -4 each, i.e.
    # Bob +6 and the others -2 more than before, carried into every later total:
    # Ann 30-2 = +28, Bob 6+6 = +12, Cy -18-2 = -20, Dee -18-2 = -20.
    open_edit(page, url, 1)
    chip(page.locator("#hand-form"), "Bid", "400").tap()
    follow(page, page.get_by_role("button", name="Save correction"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    # The history's running totals after hand 4 (Ann, Bob, Cy, Dee) moved too.
    expect(page.locator("#hand-4 tr.running td")).to_have_text(_row(28, 12, -20, -20))
    page.goto(url)
    assert figures(page) == {"Ann": "+28", "Bob": "+12", "Cy": "−20", "Dee": "−20"}


# --- Brooklyn with a pot -------------------------------------------------------------------


def test_brooklyn_pot_antes_pays_the_pot_on_a_set_and_a_big_bid_takes_it(
    live_server, browser_page, screenshots_dir
):
    """Brooklyn with a pot, 4 players (Ann, Bob, Cy, Dee), Ann deals first.

    The three players to the dealer's left play, so the dealer sits out. Schedule "pot": one
    unit per full 50 points bid, a unit being the 5-cent stake (330 -> 6 units = 30c). Spades
    double. Everyone antes 25c = 5 units at the start and again after the pot is won. A set
    or conceded declarer pays the pot like one more opponent; making 400 or more takes it.
    """
    page = browser_page
    url = start_session(
        page, live_server, "brooklyn-pot", ["Ann", "Bob", "Cy", "Dee"], "Ann",
        screenshots=screenshots_dir,
    )  # fmt: skip
    # The ante: each player -5, the pot 4 x 5 = 20.
    assert figures(page) == {"Ann": "−5", "Bob": "−5", "Cy": "−5", "Dee": "−5", "Pot": "20"}

    # Hand 1, Ann deals and sits out. Bob is set at 330 in spades (RULES' worked check):
    # V = 6 x 2 = 12, the set pays 2V = 24 units ($1.20) to Ann, Cy, Dee and the pot:
    # Bob -5-96 = -101; Ann, Cy, Dee -5+24 = +19; pot 20+24 = 44 (sum 0).
    enter_hand(page, declarer="Bob", bid=330, trump="S", outcome="Set")
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "+19", "Bob": "−101", "Cy": "+19", "Dee": "+19", "Pot": "44"}

    # Hand 2, Bob deals. Cy concedes 300 in diamonds: the single set pays V = 6 (no
    # multiplier for diamonds) to each player and to the pot: Cy 19-24 = -5;
    # Ann 19+6 = +25, Bob -101+6 = -95, Dee 19+6 = +25, pot 44+6 = 50.
    enter_hand(page, declarer="Cy", bid=300, trump="D", outcome="Conceded")
    saved_hand(page, 2)
    assert figures(page) == {"Ann": "+25", "Bob": "−95", "Cy": "−5", "Dee": "+25", "Pot": "50"}

    # Hand 3, Cy deals. Dee makes 420 in hearts (no quick pick: the stepper gets there):
    # 8 units from each of Ann, Bob, Cy, and 420 >= 400 takes the pot of 50; then everyone
    # antes 5 again and the pot holds 20. Ann 25-8-5 = +12, Bob -95-8-5 = -108,
    # Cy -5-8-5 = -18, Dee 25+24+50-5 = +94, pot 20 (sum 0).
    enter_hand(page, declarer="Dee", bid=420, trump="H", outcome="Made")
    saved_hand(page, 3)
    assert figures(page) == {"Ann": "+12", "Bob": "−108", "Cy": "−18", "Dee": "+94", "Pot": "20"}

    # Hand 4, Dee deals. Ann makes 350 in clubs: 7 units from each of the other three:
    # Ann 12+21 = +33, Bob -115, Cy -25, Dee +87; pot 20 (350 < 400).
    enter_hand(page, declarer="Ann", bid=350, trump="C", outcome="Made")
    saved_hand(page, 4)
    assert figures(page) == {"Ann": "+33", "Bob": "−115", "Cy": "−25", "Dee": "+87", "Pot": "20"}
    money = {name: s.money for name, s in standings(page).items()}
    # x 5 cents: 33 -> $1.65, 115 -> $5.75, 25 -> $1.25, 87 -> $4.35, pot 20 -> $1.00.
    assert money == {
        "Ann": "+$1.65", "Bob": "−$5.75", "Cy": "−$1.25", "Dee": "+$4.35", "Pot": "$1.00"
    }  # fmt: skip

    tour(page, live_server, url, "brooklyn-pot", screenshots_dir, leave=True)

    # Correct hand 1: Bob bid 350, not 330. V = 7 x 2 = 14, 2V = 28 to each of 3 players and
    # the pot: Bob -5-112 = -117; Ann, Cy, Dee -5+28 = 23; pot 20+28 = 48.
    # Hand 2: Cy -24: Ann 29, Bob -111, Cy -1, Dee 29, pot 54.
    # Hand 3: Dee takes the bigger pot: Ann 29-13 = 16, Bob -111-13 = -124, Cy -1-13 = -14,
    # Dee 29+24+54-5 = 102, pot 20. Hand 4: Ann 16+21 = 37, Bob -131, Cy -21, Dee 95.
    open_edit(page, url, 1)
    chip(page.locator("#hand-form"), "Bid", "350").tap()
    follow(page, page.get_by_role("button", name="Save correction"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    expect(page.locator("#hand-3 tr.running td")).to_have_text(_row(16, -124, -14, 102, fund=20))
    page.goto(url)
    assert figures(page) == {"Ann": "+37", "Bob": "−131", "Cy": "−21", "Dee": "+95", "Pot": "20"}


# --- Hoyle ---------------------------------------------------------------------------------


def test_hoyle_kitty_joins_from_350_and_a_correction_moves_every_later_total(
    live_server, browser_page, screenshots_dir
):
    """Hoyle, 4 players (Ann, Bob, Cy, Dee), Ann deals first; the dealer sits out.

    Schedule 300-340: 3, 350-390: 5, 400-440: 10. Spades double. From a bid of 350 the kitty
    pays and collects like one more opponent. A set pays 2V; a single bete (conceded) the bare
    schedule value.
    """
    page = browser_page
    url = start_session(
        page, live_server, "hoyle", ["Ann", "Bob", "Cy", "Dee"], "Ann",
        screenshots=screenshots_dir,
    )  # fmt: skip
    expect(page.locator("#next-hand")).to_contain_text("Ann deals and sits out")

    # Hand 1, Ann deals and sits out. Bob makes 300 in hearts: V = 3 from Ann, Cy, Dee
    # (300 < 350: the kitty stays out). Bob +9, the others -3.
    enter_hand(page, declarer="Bob", bid=300, trump="H", outcome="Made")
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "−3", "Bob": "+9", "Cy": "−3", "Dee": "−3", "Kitty": "0"}

    # Hand 2, Bob deals. Cy is set at 350 in spades: V = 5 x 2 = 10, 2V = 20 to Ann, Bob, Dee
    # and the kitty: Cy -3-80 = -83; Ann 17, Bob 29, Dee 17, kitty 20 (sum 0).
    enter_hand(page, declarer="Cy", bid=350, trump="S", outcome="Set")
    saved_hand(page, 2)
    assert figures(page) == {"Ann": "+17", "Bob": "+29", "Cy": "−83", "Dee": "+17", "Kitty": "20"}

    # Hand 3, Cy deals. Dee concedes 400 in hearts (single bete): 10 to each of Ann, Bob, Cy
    # and the kitty, no multiplier: Dee 17-40 = -23; Ann 27, Bob 39, Cy -73, kitty 30.
    enter_hand(page, declarer="Dee", bid=400, trump="H", outcome="Conceded")
    saved_hand(page, 3)
    assert figures(page) == {"Ann": "+27", "Bob": "+39", "Cy": "−73", "Dee": "−23", "Kitty": "30"}

    # Hand 4, Dee deals. Ann makes 400 in clubs: 10 from Bob, Cy, Dee and the kitty:
    # Ann 27+40 = +67, Bob 29, Cy -83, Dee -33, kitty 20 (sum 0).
    enter_hand(page, declarer="Ann", bid=400, trump="C", outcome="Made")
    saved_hand(page, 4)
    assert figures(page) == {"Ann": "+67", "Bob": "+29", "Cy": "−83", "Dee": "−33", "Kitty": "20"}
    assert standings(page)["Kitty"].money == "$2.00"  # 20 units x 10 cents

    tour(page, live_server, url, "hoyle", screenshots_dir, leave=True)

    # Correct hand 1: trump was spades, not hearts. V = 3 x 2 = 6: Bob +18, the others -6,
    # i.e. Bob +9 and each other player -3 more, in every later total:
    # Ann 67-3 = +64, Bob 29+9 = +38, Cy -83-3 = -86, Dee -33-3 = -36, kitty 20.
    open_edit(page, url, 1)
    page.locator("#hand-form label.suit-S").tap()
    follow(page, page.get_by_role("button", name="Save correction"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    # After hand 2: Ann 17-3 = 14, Bob 29+9 = 38, Cy -83-3 = -86, Dee 17-3 = 14, kitty 20.
    expect(page.locator("#hand-2 tr.running td")).to_have_text(_row(14, 38, -86, 14, fund=20))
    page.goto(url)
    assert figures(page) == {"Ann": "+64", "Bob": "+38", "Cy": "−86", "Dee": "−36", "Kitty": "20"}


# --- Bison ---------------------------------------------------------------------------------


def test_bison_counters_per_player_decide_who_scores_and_a_correction_rescores(
    live_server, browser_page, screenshots_dir
):
    """Bison, 3 players (Ann, Bob, Cy), Ann deals first; everyone melds.

    Counters (A, 10, K) are worth 10 each, 24 in the deck, plus 10 for the last trick.
    Made: the declarer adds meld + tricks; set or conceded: the declarer loses the bid. An
    opponent adds meld + tricks only with at least one counter; after a concession each
    opponent adds just their meld. Game to 1500.
    """
    page = browser_page
    url = start_session(
        page, live_server, "bison", ["Ann", "Bob", "Cy"], "Ann", screenshots=screenshots_dir
    )

    # Hand 1: Bob bids 300 in spades. Meld Bob 150, Ann 40, Cy 20. Counters Bob 14, Ann 6,
    # Cy 4 (24); Bob takes the last trick. Bob 150+140+10 = 300 >= 300: made, +300.
    # Ann 40+60 = +100, Cy 20+40 = +60.
    enter_hand(
        page, declarer="Bob", bid=300, trump="S",
        melds={"Bob": 150, "Ann": 40, "Cy": 20},
        takes={"Ann": 6, "Bob": 14, "Cy": 4}, last_trick="Bob",
    )  # fmt: skip
    saved_hand(page, 1)
    assert figures(page) == {"Ann": "+100", "Bob": "+300", "Cy": "+60"}

    # Hand 2: Cy bids 350 in hearts and is set: meld 190 + 10 counters = 290 < 350: -350.
    # Ann: no meld, 14 counters + last trick = 150. Bob melded 80 but took no counter:
    # nothing. Ann 250, Bob 300, Cy 60-350 = -290.
    enter_hand(
        page, declarer="Cy", bid=350, trump="H", outcome="Set",
        melds={"Cy": 190, "Bob": 80},
        takes={"Ann": 14, "Bob": 0, "Cy": 10}, last_trick="Ann",
    )  # fmt: skip
    saved_hand(page, 2)
    assert figures(page) == {"Ann": "+250", "Bob": "+300", "Cy": "−290"}

    # Hand 3: Ann concedes 300 in diamonds after the meld: Ann -300 = -50; the opponents add
    # their meld, no counter needed: Bob +40 = 340, Cy +60 = -230.
    enter_hand(
        page, declarer="Ann", bid=300, trump="D", outcome="Conceded",
        melds={"Ann": 100, "Bob": 40, "Cy": 60},
    )  # fmt: skip
    saved_hand(page, 3)
    assert figures(page) == {"Ann": "−50", "Bob": "+340", "Cy": "−230"}

    # Hand 4: Bob bids 250 in clubs: meld 120 + 13 counters = 250 >= 250, made: 340+250 = 590.
    # Ann meld 20 + 6 counters = 80: -50+80 = 30. Cy 5 counters + last trick = 60: -170.
    enter_hand(
        page, declarer="Bob", bid=250, trump="C",
        melds={"Bob": 120, "Ann": 20},
        takes={"Ann": 6, "Bob": 13, "Cy": 5}, last_trick="Cy",
    )  # fmt: skip
    saved_hand(page, 4)
    assert figures(page) == {"Ann": "+30", "Bob": "+590", "Cy": "−170"}

    tour(page, live_server, url, "bison", screenshots_dir, leave=False)

    # Correct hand 2: Bob took 1 counter, Ann 13. Bob now scores 80+10 = 90; Ann 130+10 = 140
    # (10 less); Cy is still set. Ann 30-10 = 20, Bob 590+90 = 680, Cy -170.
    open_edit(page, url, 2)
    page.locator("label.take", has_text="Ann").locator("input").fill("13")
    page.locator("label.take", has_text="Bob").locator("input").fill("1")
    follow(page, page.get_by_role("button", name="Save correction"))
    expect(page.locator(".flash")).to_contain_text("Hand 2 corrected")
    # After hand 3: Ann -50-10 = -60, Bob 340+90 = 430, Cy -230.
    expect(page.locator("#hand-3 tr.running td")).to_have_text(_row(-60, 430, -230))
    page.goto(url)
    assert figures(page) == {"Ann": "+20", "Bob": "+680", "Cy": "−170"}


# --- Partnership ---------------------------------------------------------------------------


def test_partnership_team_scores_from_meld_and_tricks_and_a_correction_rescores(
    live_server, browser_page, screenshots_dir
):
    """Partnership, Ann, Bob, Cy, Dee clockwise: Ann & Cy against Bob & Dee; Ann deals.

    Team meld = both partners' meld; tricks are the bidding team's counters (the other side
    gets the rest of 250). Made: the bidding team adds meld + tricks; set: it loses the bid.
    The other team adds meld + tricks only if it took a trick point. Conceded: the bidding
    team loses the bid and the other team adds its meld.
    """
    page = browser_page
    url = start_session(
        page, live_server, "partnership", ["Ann", "Bob", "Cy", "Dee"], "Ann",
        screenshots=screenshots_dir,
    )  # fmt: skip
    ac, bd = "Ann & Cy", "Bob & Dee"

    # Hand 1: Bob bids 300 in hearts. Meld Bob 150 + Dee 40 = 190; tricks 150 (other side
    # 100). 190+150 = 340 >= 300: Bob & Dee +340. Ann & Cy: meld 20 + 100 = +120.
    enter_hand(
        page, declarer="Bob", bid=300, trump="H",
        melds={"Bob": 150, "Dee": 40, "Ann": 20}, tricks=150,
    )  # fmt: skip
    saved_hand(page, 1)
    assert figures(page) == {ac: "+120", bd: "+340"}

    # Hand 2: Cy bids 350 in spades and is set: meld 100 + 80 = 180, tricks 160: 340 < 350:
    # Ann & Cy -350 = -230. Bob & Dee: meld 40 + 90 = +130 = 470.
    enter_hand(
        page, declarer="Cy", bid=350, trump="S", outcome="Set",
        melds={"Cy": 100, "Ann": 80, "Bob": 40}, tricks=160,
    )  # fmt: skip
    saved_hand(page, 2)
    assert figures(page) == {ac: "−230", bd: "+470"}

    # Hand 3: Dee concedes 300 in diamonds: Bob & Dee 470-300 = 170; Ann & Cy add their meld
    # 40 + 40 = 80: -150.
    enter_hand(
        page, declarer="Dee", bid=300, trump="D", outcome="Conceded",
        melds={"Dee": 60, "Bob": 20, "Ann": 40, "Cy": 40},
    )  # fmt: skip
    saved_hand(page, 3)
    assert figures(page) == {ac: "−150", bd: "+170"}

    # Hand 4: Ann bids 250 in clubs and takes every trick point (250, the other side 0):
    # meld 150 + 20 + 250 = 420: -150+420 = 270. Bob & Dee took no trick: their 60 meld is
    # lost, 170.
    enter_hand(
        page, declarer="Ann", bid=250, trump="C",
        melds={"Ann": 150, "Cy": 20, "Bob": 40, "Dee": 20}, tricks=250,
    )  # fmt: skip
    saved_hand(page, 4)
    assert figures(page) == {ac: "+270", bd: "+170"}

    tour(page, live_server, url, "partnership", screenshots_dir, leave=False)

    # Correct hand 1: Bob & Dee took 180, not 150 (the other side 70). Bob & Dee 190+180 = 370
    # (+30); Ann & Cy 20+70 = 90 (-30). Later: Ann & Cy 270-30 = 240, Bob & Dee 170+30 = 200.
    open_edit(page, url, 1)
    page.locator("#hand-form input[name=tricks]").fill("180")
    follow(page, page.get_by_role("button", name="Save correction"))
    expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
    # After hand 2: Ann & Cy 90-350 = -260, Bob & Dee 370+130 = 500.
    expect(page.locator("#hand-2 tr.running td")).to_have_text(_row(-260, 500))
    # Hand 1's own line: every column is one team, in seat order, whoever bid.
    hand_1 = page.locator("#hand-1 table.changes tr")
    expect(hand_1.nth(0).locator("th")).to_have_text([ac, bd])
    expect(hand_1.nth(1).locator("td")).to_have_text(["+90", "+370"])
    expect(hand_1.nth(2).locator("td")).to_have_text(["+90", "+370"])
    page.goto(url)
    assert figures(page) == {ac: "+240", bd: "+200"}


# --- Double-deck partnership ---------------------------------------------------------------


def test_double_deck_a_correction_shows_the_hands_declarer_and_bid_and_saves_another(
    live_server, browser_page
):
    """Double deck, N E S W clockwise (N & S against E & W), W deals; figures as tables write
    them (RULES 6.3). E1 with S declaring: 65 in spades; N & S meld 39 and take 31, 70 >= 65:
    +70; E & W meld 38 and take 19, under 20: nothing. Corrected to N declaring: the same
    figures, the hand's line naming N."""
    page = browser_page
    url = start_session(page, live_server, "double-deck", ["N", "E", "S", "W"], "W")
    form = page.locator("#hand-form")
    sides = {"N & S": 39, "E & W": 38}
    type_team_hand(page, declarer="S", bid=65, trump="S", sides=sides, tricks=31)
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    assert figures(page) == {"N & S": "+70", "E & W": "0"}

    open_edit(page, url, 1)
    expect(chip(form, "Declarer", "S").locator("input")).to_be_checked()
    expect(chip(form, "Bid", "65").locator("input")).to_be_checked()
    chip(form, "Declarer", "N").tap()
    expect(form.locator(".preview-text")).to_contain_text("N makes 65")
    follow(page, form.get_by_role("button", name="Save correction"))
    expect(page.locator("#hand-1")).to_contain_text("N makes 65 with 39 meld and 31 in tricks")
    page.goto(url)
    assert figures(page) == {"N & S": "+70", "E & W": "0"}


# --- the hand form: preview, meld helpers, several phones, no JavaScript ----------------------


def test_the_preview_says_what_the_hand_will_do_before_it_is_saved(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    # Bob bids 350 in hearts, melds 190 and takes 170: 360 >= 350, made; V = 2 from each of
    # Ann, Cy and Dee.
    enter_hand(
        page, declarer="Bob", bid=350, trump="H", melds={"declarer": 190}, tricks=170, save=False
    )
    expect(page.locator("#preview")).to_contain_text(
        "Bob makes 350 with 190 meld and 170 in tricks: collects 2 chips from each player"
    )
    expect(page.locator("[data-other-side]")).to_have_text("Other side: 80")  # 250 - 170
    assert figures(page) == {"Ann": "0", "Bob": "0", "Cy": "0", "Dee": "0"}  # nothing saved


def test_the_live_preview_shows_each_broken_rule_under_its_field(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    enter_hand(
        page, declarer="Bob", bid=350, trump="H", melds={"declarer": 35}, tricks=260, save=False
    )
    form = page.locator("#hand-form")
    expect(form.locator(".meld .live-error")).to_have_text(
        "Meld 35 is impossible: every meld is worth a multiple of 10."
    )
    expect(form.locator(".tricks .live-error")).to_have_text(
        "Trick points run from 0 to 250; 260 is outside."
    )
    # The rules broken are gone from under the fields once the figures are put right.
    form.locator("input.meld-text").fill("190")
    form.locator("input[name=tricks]").fill("170")
    expect(page.locator("#preview")).to_contain_text("Bob makes 350")
    expect(form.locator(".live-error")).to_have_count(0)


def test_the_card_grid_writes_the_cards_and_shows_the_meld_breakdown(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "350").tap()
    form.locator("label.suit-S").tap()
    form.locator("details.details summary").tap()
    form.locator("input[name=tricks]").fill("170")
    meld = form.locator(".meld[data-meld=declarer]")
    meld.locator("label.chip", has_text="Cards").tap()
    grid = meld.locator(".card-grid")
    expect(grid.locator("button")).to_have_count(24)
    # A run in spades with the second K and Q: each tapped card counts 1, tapped again 2.
    for card in ("AS", "TS", "KS", "KS", "QS", "QS", "JS"):
        grid.locator(f"button[data-card={card}]").tap()
    expect(meld.locator("input.meld-text")).to_have_value("AS TS KS KS QS QS JS")
    expect(grid.locator("button[data-card=KS]")).to_have_attribute("data-count", "2")
    # Run 150 + royal marriage 40 (the second K and Q of trump) = 190.
    breakdown = meld.locator("[data-breakdown]")
    expect(breakdown).to_contain_text("run 150")
    expect(breakdown).to_contain_text("royal marriage 40")
    # 190 + 170 = 360 >= 350: made; V = 2 x 2 (spades) = 4 from each player.
    expect(page.locator("#preview")).to_contain_text(
        "Bob makes 350 with 190 meld and 170 in tricks: collects 4 chips from each player"
    )
    shoot(page, screenshots_dir, "brooklyn-card-grid")
    # Taps go 0, 1, 2, 0: two more taps on J♠ (held once) take it back out.
    grid.locator("button[data-card=JS]").tap()
    expect(grid.locator("button[data-card=JS]")).to_have_attribute("data-count", "2")
    grid.locator("button[data-card=JS]").tap()
    expect(grid.locator("button[data-card=JS]")).to_have_attribute("data-count", "0")
    expect(meld.locator("input.meld-text")).to_have_value("AS TS KS KS QS QS")


def test_named_meld_chips_write_the_claims_and_show_the_breakdown(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "350").tap()
    form.locator("label.suit-H").tap()
    form.locator("details.details summary").tap()
    form.locator("input[name=tricks]").fill("170")
    meld = form.locator(".meld[data-meld=declarer]")
    meld.locator("label.chip", has_text="Named melds").tap()
    expect(meld.locator(".card-grid")).to_be_hidden()
    meld.locator(".claim-picks button", has_text="+ run").tap()
    meld.locator(".claim-picks button", has_text="+ pinochle").tap()
    expect(meld.locator("input.meld-text")).to_have_value("run, pinochle")
    # Run in hearts 150 + pinochle 40 = 190.
    expect(meld.locator("[data-breakdown]")).to_contain_text("run 150")
    expect(meld.locator("[data-breakdown]")).to_contain_text("pinochle 40")
    expect(page.locator("#preview")).to_contain_text(
        "Bob makes 350 with 190 meld and 170 in tricks"
    )
    shoot(page, screenshots_dir, "brooklyn-named-melds")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)
    # Made (190 + 170 = 360 >= 350): V = 2, Bob +6.
    assert figures(page) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}


def test_a_hand_saved_on_one_phone_shows_on_another_within_five_seconds(
    live_server, browser, browser_page
):
    first = browser_page
    url = start_session(first, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    other_context = browser.new_context(**PHONE)
    try:
        second = other_context.new_page()
        second.goto(url)
        assert figures(second)["Bob"] == "0"
        # Bob makes 350 in hearts: V = 2 from each of Ann, Cy, Dee: Bob +6, the others -2.
        enter_hand(first, declarer="Bob", bid=350, trump="H", outcome="Made")
        saved_hand(first, 1)
        saved_at = time.monotonic()
        expect(second.locator("#standings .standing").nth(1).locator(".figure")).to_have_text(
            "+6", timeout=5000
        )
        assert time.monotonic() - saved_at <= 5
        assert figures(second) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}
        expect(second.locator("#next-hand")).to_contain_text("Bob deals")
    finally:
        other_context.close()


def test_without_javascript_hands_are_entered_with_plain_form_posts(
    live_server, browser, screenshots_dir
):
    context = browser.new_context(**PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        url = start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
        form = page.locator("#hand-form")
        expect(form.locator(".stepper")).to_be_hidden()  # the stepper needs the script
        # A forbidden bid ending is refused next to the bid, and what was tapped is kept.
        chip(form, "Declarer", "Bob").tap()
        form.locator("input[name=bid_other]").fill("340")
        form.locator("label.suit-H").tap()
        chip(form, "Outcome", "Made").tap()
        follow(page, form.get_by_role("button", name="Save hand"))
        bid_box = page.locator("#hand-form fieldset.field").filter(
            has=page.locator("legend:text-is('Bid')")
        )
        expect(bid_box.locator(".error")).to_contain_text("40")
        assert page.locator("#hand-form input[name=declarer]:checked").count() == 1
        expect(page.locator("#hand-form input[name=bid_other]")).to_have_value("340")
        expect(page.locator("#hand-form input[name=trump][value=H]")).to_be_checked()
        shoot(page, screenshots_dir, "nojs-refused-bid")
        # The server's preview, then the save.
        page.locator("#hand-form input[name=bid_other]").fill("")
        chip(page.locator("#hand-form"), "Bid", "350").tap()
        follow(page, page.get_by_role("button", name="Preview"))
        expect(page.locator("#preview")).to_contain_text(
            "Bob makes 350: collects 2 chips from each player"
        )
        follow(page, page.get_by_role("button", name="Save hand"))
        saved_hand(page, 1)
        # V = 2 from each of Ann, Cy, Dee: Bob +6.
        assert figures(page) == {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"}
        shoot(page, screenshots_dir, "nojs-session")
        assert page.url.startswith(url)
    finally:
        context.close()
