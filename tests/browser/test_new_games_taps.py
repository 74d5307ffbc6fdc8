"""An ordinary hand of each new game, counted in taps from the session page (issue 18: a
double-deck partnership hand in at most 6, each other new game in at most 8). Typing a figure
is one tap: the tap that puts the cursor in the field. The double deck takes 7 since issue 30:
its declarer-and-bid grid (declarer and bid in one tap) was 460 px tall, over a phone's screen
with the rest of the form, and it now asks a declarer and a bid as every other game does."""

from __future__ import annotations

import pytest
from phone import Taps, chip, figures, saved_hand, start_session
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
EIGHT = [*SIX, "Gus", "Hal"]


def type_in(taps: Taps, box: Locator, figure: int, what: str) -> None:
    """One tap into a figure's field, then the figure typed."""
    taps.tap(box, what)
    box.press_sequentially(str(figure))


def side_meld(page: Page, first: str) -> Locator:
    return page.locator(".side-meld").filter(has_text=f"{first} &").locator("input")


def last_hand(page: Page) -> Locator:
    """The newest line of the session page's last hands."""
    return page.locator(".recent .hand-line").first


def save(page: Page, taps: Taps) -> None:
    form = page.locator("#hand-form")
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    with page.expect_navigation():
        taps.tap(form.get_by_role("button", name="Save hand"), "save")
    saved_hand(page, 1)


def team_hand(
    page: Page, taps: Taps, declarer: str, bid: int, sides: dict[str, int], tricks: int,
    trump: str = "S",
) -> None:  # fmt: skip
    """A declarer chip and a bid chip (the bid typed in Other bid when no chip has it); trump,
    each side's meld, the declaring side's tricks, Save."""
    form = page.locator("#hand-form")
    taps.tap(chip(form, "Declarer", declarer), f"declarer {declarer}")
    on_chip = chip(form, "Bid", str(bid))
    if on_chip.count():
        taps.tap(on_chip, f"bid {bid}")
    else:
        type_in(taps, form.locator("input[name=bid_other]"), bid, f"bid {bid} typed in Other")
    taps.tap(form.locator(f"label.suit-{trump}"), f"trump {trump}")
    for first, meld in sides.items():
        type_in(taps, side_meld(page, first), meld, f"{first}'s side melds {meld}")
    type_in(taps, form.locator("input[name=tricks]"), tricks, f"tricks {tricks}")
    save(page, taps)


def test_a_double_deck_hand_takes_seven_taps(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "double-deck", ["N", "E", "S", "W"], "W")
    taps = Taps()
    # E1: N bids 65; N & S meld 39 and take 31; E & W meld 38 and take 19 (under 20).
    team_hand(page, taps, "N", 65, {"N": 39, "E": 38}, 31)
    assert figures(page) == {"N & S": "+70", "E & W": "0"}
    expect(last_hand(page)).to_contain_text("N makes 65")  # N, not S, declared
    assert taps.count == 7  # N, 65, trump, two sides' meld, tricks, save


def test_a_double_deck_bid_past_the_chips_takes_seven_taps_too(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "double-deck", ["N", "E", "S", "W"], "W")
    form = page.locator("#hand-form")
    taps = Taps()
    # E4 with a higher bid: N bids 90 in diamonds (the chips stop at 85: typed in Other bid);
    # N & S meld 48 and take all 50, 98 >= 90: +98; E & W meld 26 and take no trick: nothing.
    team_hand(page, taps, "N", 90, {"N": 48, "E": 26}, 50, trump="D")
    assert figures(page) == {"N & S": "+98", "E & W": "0"}
    expect(last_hand(page)).to_contain_text("N makes 90")
    assert taps.count == 7  # N, Other bid (90 typed), trump, two sides' meld, tricks, save
    expect(form.locator("input[name=declarer]:checked")).to_have_count(0)  # the next hand's
    expect(form.locator("input[name=bid_other]")).to_have_value("")


@pytest.mark.parametrize(
    ("system", "players", "sides", "expected"),
    [
        pytest.param(
            "six-handed", SIX, {"Ann": 25, "Bob": 42},
            {"Ann & Cal & Eve": "+45", "Bob & Dee & Fay": "+72"}, id="six-two-teams-of-three",
        ),
        pytest.param(
            "eight-handed", EIGHT, {"Ann": 35, "Bob": 16},
            {"Ann & Cal & Eve & Gus": "+61", "Bob & Dee & Fay & Hal": "+24"},
            id="eight-two-teams-of-four",
        ),
    ],
)  # fmt: skip
def test_six_and_eight_handed_hands_take_seven_taps(
    live_server, browser_page, system, players, sides, expected
):
    page = browser_page
    start_session(page, live_server, system, players, "Ann")
    taps = Taps()
    declarer = "Bob" if system == "six-handed" else "Cal"
    tricks = 30 if system == "six-handed" else 26
    team_hand(page, taps, declarer, 60, sides, tricks)
    assert figures(page) == expected
    expect(last_hand(page)).to_contain_text(f"{declarer} makes 60")
    assert taps.count == 7 <= 8  # declarer, bid, trump, two sides' meld, tricks, save


def test_a_two_handed_hand_takes_four_taps(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "two-handed", ["Ann", "Bob"], "Bob")
    form = page.locator("#hand-form")
    taps = Taps()
    # D1: Ann melds 190 and takes 140 (the last trick in it); Bob melds 150; his 110 fills in.
    type_in(taps, form.locator("[data-meld] input.meld-text").nth(0), 190, "Ann melds 190")
    type_in(taps, form.locator("[data-meld] input.meld-text").nth(1), 150, "Bob melds 150")
    type_in(taps, form.locator("input[name^=take-]").nth(0), 140, "Ann took 140")
    expect(form.locator("input[name^=take-]").nth(1)).to_have_value("110")
    save(page, taps)
    assert figures(page) == {"Ann": "+330", "Bob": "+260"}
    assert taps.count == 4


def test_a_four_handed_cutthroat_hand_takes_eight_taps(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "cutthroat", ["A", "B", "C", "D"], "D")
    form = page.locator("#hand-form")
    taps = Taps()
    # C1: meld 60, 150, 40, 20; tricks 80, 100 and 70; D took nothing (filled in: 0).
    melds = form.locator("[data-meld] input.meld-text")
    for n, meld in enumerate((60, 150, 40, 20)):
        type_in(taps, melds.nth(n), meld, f"meld {meld}")
    takes = form.locator("input[name^=take-]")
    for n, taken in enumerate((80, 100, 70)):
        type_in(taps, takes.nth(n), taken, f"took {taken}")
    expect(takes.nth(3)).to_have_value("0")
    save(page, taps)
    assert figures(page) == {"A": "+140", "B": "+250", "C": "+110", "D": "0"}
    assert taps.count == 8
