"""The hand said in one line (issue 29), on a phone: a whole first hand of every registered game
typed into "Say or type the hand", Enter pressed, the form below filled as if tapped and the
preview in words, then Save hand and the standings after it.

Every expected figure is worked out by hand from ``docs/RULES.md``; the arithmetic and the
sections it follows are in the comment above each case, never copied from the app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from phone import chip, figures, follow, saved_hand, shoot, start_session
from playwright.sync_api import Page, expect

from scorekeeper.rules.game.variant import GAMES

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
EIGHT = [*SIX, "Gus", "Hal"]

READ = "Read: check the hand below, then save it."


@dataclass(frozen=True)
class Said:
    """A first hand of ``game`` said in one ``line`` at a table of ``players`` where
    ``dealer`` deals; ``preview`` are words the preview must show and ``after`` the
    standings figures once it is saved, each worked out by hand."""

    game: str
    players: list[str]
    dealer: str
    line: str
    preview: tuple[str, ...]
    after: dict[str, str]


HANDS = [
    # Brooklyn (RULES 5.2 to 5.6): Ann deals, Dee (her right) sits out but still pays. Bob
    # makes 350 in spades: schedule 350-390 pays 2 units (5.4), spades double (5.5): V = 4;
    # each opponent, Dee included, pays 4 (5.6): Bob +12, Ann, Cy, Dee -4 each (sum 0, 7).
    Said(
        "brooklyn", FOUR, "Ann", "Bob, three fifty in spades, made it",
        ("Bob makes 350", "4 chips from each player"),
        {"Ann": "−4", "Bob": "+12", "Cy": "−4", "Dee": "−4"},
    ),
    # Brooklyn with a pot (RULES 5.2, 5.4 to 5.6, 5.8): everyone antes 25c = 5 units before
    # the first hand: each -5, the pot 20. Ann deals and sits out (three-left-play). Cy makes
    # 300 in hearts: one unit per full 50 bid, 300 // 50 = 6; hearts do not triple in the
    # preset: V = 6 from each of Ann, Bob, Dee: Cy -5 + 18 = +13, the others -5 - 6 = -11;
    # 300 < 400 does not take the pot: 20 (sum 13 - 33 + 20 = 0).
    Said(
        "brooklyn-pot", FOUR, "Ann", "Cy three hundred in hearts, made it",
        ("Cy makes 300", "6 chips from each player"),
        {"Ann": "−11", "Bob": "−11", "Cy": "+13", "Dee": "−11", "Pot": "20"},
    ),
    # Hoyle (RULES 5.2, 5.4, 5.6, 5.7), three players, nobody sits out. Bob makes 350 in
    # clubs: schedule hoyle 350-390 pays 5, clubs no multiplier: V = 5. 350 reaches the
    # kitty threshold (350), so the kitty pays like one more opponent: Ann, Cy, kitty -5,
    # Bob +15. The kitty would be at -5: each of the 3 at the table pays it 5/3 rounded up,
    # 2: kitty -5 + 6 = 1; Ann and Cy -5 - 2 = -7, Bob 15 - 2 = +13 (sum -7 + 13 - 7 + 1 = 0).
    Said(
        "hoyle", ["Ann", "Bob", "Cy"], "Ann", "Bob bid 350 in clubs and made it",
        ("Bob makes 350", "5 chips from each player and the kitty"),
        {"Ann": "−7", "Bob": "+13", "Cy": "−7", "Kitty": "1"},
    ),
    # Bison (RULES 3.4, 6.1), counters: takes are counters, trick points 10 a counter and 10
    # for the last trick. Ann bids 300 in spades; meld Ann 150, Bob 40, Cy 20; counters 14 +
    # 6 + 4 = 24, Ann the last trick. Ann 150 + 140 + 10 = 300 >= 300, made: +300. Bob took
    # counters: 40 + 60 = +100; Cy: 20 + 40 = +60.
    Said(
        "bison", ["Ann", "Bob", "Cy"], "Cy",
        "Ann bid 300 in spades, made, Ann 150 meld, Bob 40 meld, Cy 20 meld, "
        "counters Ann 14 Bob 6 Cy 4, last trick Ann",
        ("Ann makes 300", "Ann +300", "Bob +100", "Cy +60"),
        {"Ann": "+300", "Bob": "+100", "Cy": "+60"},
    ),
    # Partnership (RULES 3.3, 6.2), Ann & Cy against Bob & Dee, counters, 250 a hand. Ann bids
    # 300 in spades; Ann & Cy meld 120 and take 190: 310 >= 300, made: +310. Bob & Dee meld
    # 60 and take 250 - 190 = 60, a trick point saves the meld: 60 + 60 = +120.
    Said(
        "partnership", FOUR, "Dee",
        "Ann 300 spades made, meld Ann and Cy 120, Bob and Dee 60, tricks 190",
        ("Ann makes 300", "Ann & Cy +310", "Bob & Dee +120"),
        {"Ann & Cy": "+310", "Bob & Dee": "+120"},
    ),
    # Double deck (RULES 3.5, 4.2, 6.3), written at scale 10, 50 a hand, the 20s. Ann bids 60
    # in hearts; Ann & Cy meld 35 (on the board, >= 20) and take 28 (>= 20, saved): 63 >= 60,
    # made: +63. Bob & Dee meld 24 (on the board) and take 50 - 28 = 22 (>= 20): +46.
    Said(
        "double-deck", FOUR, "Dee",
        "Ann sixty hearts made, meld Ann and Cy 35, Bob and Dee 24, tricks 28",
        ("Ann makes 60", "Ann & Cy +63", "Bob & Dee +46"),
        {"Ann & Cy": "+63", "Bob & Dee": "+46"},
    ),
    # Six-handed (RULES 4.2, 6.3), Ann, Cal, Eve against Bob, Dee, Fay; the double deck's
    # contract. Bob bids 65 in clubs (from 60 in fives); his team melds 40 and takes 29:
    # 69 >= 65, made: +69. Ann's team melds 22 (>= 20) and takes 50 - 29 = 21 (>= 20): +43.
    Said(
        "six-handed", SIX, "Ann",
        "Bob sixty five clubs made, meld Bob Dee and Fay 40, Ann Cal and Eve 22, tricks 29",
        ("Bob makes 65", "Ann & Cal & Eve +43", "Bob & Dee & Fay +69"),
        {"Ann & Cal & Eve": "+43", "Bob & Dee & Fay": "+69"},
    ),
    # Eight-handed (RULES 4.2, 6.3), Ann, Cal, Eve, Gus against Bob, Dee, Fay, Hal. Dee bids
    # 55 in spades (50 to 59 by ones); her team melds 30 and takes 27: 57 >= 55, made: +57.
    # Ann's team melds 18, under 20 and not on the board, and takes 50 - 27 = 23 (>= 20):
    # its tricks alone, +23.
    Said(
        "eight-handed", EIGHT, "Ann",
        "Dee fifty five spades made, meld Bob Dee Fay and Hal 30, "
        "Ann Cal Eve and Gus 18, tricks 27",
        ("Dee makes 55", "Ann & Cal & Eve & Gus +23", "Bob & Dee & Fay & Hal +57"),
        {"Ann & Cal & Eve & Gus": "+23", "Bob & Dee & Fay & Hal": "+57"},
    ),
    # Two-handed (RULES 3.1, 6.4, D1), classic, no bid: hearts turned. Ann melds 120 and takes
    # 130 in cards and the last trick: 140 trick points; Bob melds 80 and takes 110 (140 + 110
    # = 250). Ann 120 + 140 = +260, Bob 80 + 110 = +190.
    Said(
        "two-handed", ["Ann", "Bob"], "Bob",
        "hearts, Ann meld 120 took 130 and the last trick, Bob meld 80 took 110",
        ("Ann +260", "Bob +190"), {"Ann": "+260", "Bob": "+190"},
    ),
    # Cutthroat (RULES 3.1, 6.4, C1), classic, no bid: spades turned. Meld Ann 60, Bob 150,
    # Cy 40, Dee 20; cards Ann 60, Bob 100 and the last trick (110), Cy 80, Dee nothing (60 +
    # 110 + 80 = 250). Ann +120, Bob +260, Cy +120; Dee won no trick, her 20 is cancelled: 0.
    Said(
        "cutthroat", FOUR, "Dee",
        "spades, Ann meld 60 took 60, Bob meld 150 took 100 and the last trick, "
        "Cy meld 40 took 80, Dee meld 20 took 0",
        ("Ann +120", "Bob +260", "Cy +120"),
        {"Ann": "+120", "Bob": "+260", "Cy": "+120", "Dee": "0"},
    ),
    # Six-handed, two packs (RULES 1.1, 3.1, 6.4 P1): no bid, 490 a hand, the first seat's
    # team's tricks entered, a trick saves a team's meld. Fay turns up spades. Ann, Cal, Eve
    # meld 280 and take 260: +540; Bob, Dee, Fay meld 430 and take 490 - 260 = 230: +660.
    Said(
        "six-two-packs", SIX, "Fay",
        "spades, meld Ann Cal and Eve 280, Bob Dee and Fay 430, Ann Cal and Eve took 260",
        ("Ann & Cal & Eve +540", "Bob & Dee & Fay +660"),
        {"Ann & Cal & Eve": "+540", "Bob & Dee & Fay": "+660"},
    ),
    # Eight-handed, two packs (RULES 1.1, 3.1, 6.4 P2): Hal turns up hearts. Ann, Cal, Eve,
    # Gus meld 340 and take 280: +620; Bob, Dee, Fay, Hal meld 50 and take 490 - 280 = 210:
    # +260.
    Said(
        "eight-two-packs", EIGHT, "Hal",
        "hearts, meld Ann Cal Eve and Gus 340, Bob Dee Fay and Hal 50, "
        "Ann Cal Eve and Gus took 280",
        ("Ann & Cal & Eve & Gus +620", "Bob & Dee & Fay & Hal +260"),
        {"Ann & Cal & Eve & Gus": "+620", "Bob & Dee & Fay & Hal": "+260"},
    ),
]  # fmt: skip


def say(page: Page, line: str) -> None:
    """Type ``line`` into the line box and press Enter."""
    box = page.locator("#line")
    box.tap()
    box.fill(line)
    box.press("Enter")


def hand_form_state(page: Page) -> list[list[str]]:
    """What the hand form would post: its checked chips and typed fields, in order."""
    return page.evaluate(
        """() => [...new FormData(document.querySelector('#hand-form'))]
            .filter(([name, value]) => !/^(csrf_token|request_id|hand_number|version)$/
                                          .test(name) && value !== '')"""
    )


def save(page: Page) -> None:
    form = page.locator("#hand-form")
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")
    follow(page, form.get_by_role("button", name="Save hand"))
    saved_hand(page, 1)


def test_every_registered_game_has_a_hand_said_here():
    assert [hand.game for hand in HANDS] == list(GAMES)


@pytest.mark.parametrize("hand", [pytest.param(h, id=h.game) for h in HANDS])
def test_a_first_hand_said_in_one_line_fills_the_form_and_saves(
    live_server, browser_page, screenshots_dir, hand
):
    page = browser_page
    start_session(page, live_server, hand.game, hand.players, hand.dealer)
    say(page, hand.line)
    expect(page.locator("#line-read")).to_have_text(READ)
    preview = page.locator("#preview .preview-text")
    for words in hand.preview:
        expect(preview).to_contain_text(words)
    expect(preview).not_to_have_class(re.compile(r"\bbad\b"))
    if hand.game == "six-handed":
        shoot(page, screenshots_dir, "say-the-hand-six-handed-read")
    save(page)
    assert figures(page) == hand.after


def test_dictated_punctuation_reads_the_same_hand_as_plain_words(live_server, browser_page):
    page = browser_page
    url = start_session(page, live_server, "brooklyn", FOUR, "Ann")
    say(page, "Bob 350 spades made")
    expect(page.locator("#line-read")).to_have_text(READ)
    plain = hand_form_state(page)
    page.goto(url)  # a fresh form
    say(page, "Bob, 350, spades. Made.")
    expect(page.locator("#line-read")).to_have_text(READ)
    dictated = hand_form_state(page)
    assert dictated == plain
    form = page.locator("#hand-form")
    expect(chip(form, "Declarer", "Bob").locator("input")).to_be_checked()
    expect(chip(form, "Bid", "350").locator("input")).to_be_checked()
    expect(form.locator("label.suit-S input")).to_be_checked()
    expect(chip(form, "Outcome", "Made").locator("input")).to_be_checked()
    # RULES 5.4 to 5.6: 350 pays 2, spades double, V = 4 from each of Ann, Cy and Dee.
    save(page)
    assert figures(page) == {"Ann": "−4", "Bob": "+12", "Cy": "−4", "Dee": "−4"}


def test_a_figure_in_doubt_is_asked_left_empty_and_the_bid_focused(live_server, browser_page):
    page = browser_page
    start_session(page, live_server, "brooklyn", FOUR, "Ann")
    say(page, "Bob 350 made")
    notes = page.locator("#line-read")
    expect(notes.locator(".line-doubt")).to_have_text(
        "“350” could be bid or Bob's meld: tap the one it is."
    )
    expect(notes.locator(".line-missing")).to_have_text("Still to enter: the bid, trump.")
    expect(notes).not_to_contain_text(READ)
    form = page.locator("#hand-form")
    # what the line said plainly is in, the figure in doubt is nowhere
    expect(chip(form, "Declarer", "Bob").locator("input")).to_be_checked()
    expect(chip(form, "Outcome", "Made").locator("input")).to_be_checked()
    expect(form.locator("input[name=bid]:checked")).to_have_count(0)
    expect(form.locator("input[name=trump]:checked")).to_have_count(0)
    for box in form.locator("input.meld-text, input[name=bid_other], input[name=tricks]").all():
        expect(box).to_have_value("")
    # the first field still to enter is the bid: its first chip, Brooklyn's least bid, 300
    # (RULES 4.1), has the focus
    first_bid = form.locator("input[name=bid]").first
    expect(first_bid).to_have_value("300")
    expect(first_bid).to_be_focused()
