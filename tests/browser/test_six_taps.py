"""One screen, six taps (issue 30): an ordinary hand of every preset, from its first choice
to Save, on a 390x844 phone.

What a tap is: a touch on the page. Each choice (a declarer, a bid chip, a trump, an
outcome, the last trick), each number field put in focus by a touch, and Save. Keys on the
phone's keyboard are typing, not taps: the digits of a figure, and the keyboard's Next
(Enter), which the form answers by moving the cursor to the next figure still empty
(``enterkeyhint="next"``). The last choice a hand needs puts the cursor in its first empty
figure, so that figure takes no tap either; a figure that follows from the others (the other
side's tricks, the last player's or team's take) is filled in.

Each hand is played by taps and typing only, counting the taps (at most 6), and the distance
from the top of the first choice to the bottom of Save is measured once the hand is filled in
and its live preview shown (at most 844 px, the phone's height, at 100% text). The standings
after Save are worked out by hand from docs/RULES.md in the comments, never copied from the
page. At 200% text the form may scroll: Save is still reached and the hand saves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from phone import Taps, chip, figures, saved_hand, start_session
from playwright.sync_api import Locator, Page, expect
from reflow import double_text

pytestmark = pytest.mark.browser

SCREEN = 844  # the phone's height in CSS px
MOST_TAPS = 6

FOUR = ["Ann", "Bob", "Cy", "Dee"]
SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]
EIGHT = [*SIX, "Gus", "Hal"]

# the first choice's top and Save's bottom, in CSS px from the top of the page
_SPAN = """() => {
  const form = document.getElementById('hand-form');
  const first = form.querySelector('fieldset, .meld, .takes, .tricks');
  const save = form.querySelector('button.save');
  return save.getBoundingClientRect().bottom - first.getBoundingClientRect().top;
}"""


@dataclass(frozen=True)
class Hand:
    """An ordinary hand of one preset: the players (the first dealer last named in
    ``dealer``), the choices tapped in order, the figures typed in the order the keyboard's
    Next reaches them, the choices tapped after the figures, and the standings expected."""

    system: str
    players: list[str]
    dealer: str
    choices: list[tuple[str, Callable[[Locator], Locator]]]
    figures: list[tuple[str, str]]  # (CSS selector of the field in the form, digits typed)
    expected: dict[str, str]
    filled: dict[str, str] = field(default_factory=dict)  # fields the form fills itself
    after: list[tuple[str, Callable[[Locator], Locator]]] = field(default_factory=list)


def _chip(legend: str, label: str) -> Callable[[Locator], Locator]:
    return lambda form: chip(form, legend, label)


def _suit(suit: str) -> Callable[[Locator], Locator]:
    return lambda form: form.locator(f"label.suit-{suit}")


def _last_trick(name: str) -> Callable[[Locator], Locator]:
    return lambda form: form.locator(".takes label.chip").filter(has_text=name)


def _side(first: str) -> str:
    """The side meld field of the team whose first seat is ``first`` (by its label)."""
    return f".side-meld:has(label:text-matches('^{first} &')) input"


def _own(name: str) -> str:
    return f'.meld[data-meld]:has(p.label:text-is("{name}\'s meld")) input.meld-text'


def _take(name: str) -> str:
    return f"label.take:has-text('{name}') input"


HANDS = [
    # Brooklyn (RULES 5): Ann deals, Dee sits out. Bob makes 350 in hearts: V = 2 from each of
    # Ann, Cy and Dee: Bob +6. No figures: "Made" says it.
    Hand(
        "brooklyn", FOUR, "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 350", _chip("Bid", "350")),
         ("trump ♥", _suit("H")), ("made", _chip("Outcome", "Made"))],
        [], {"Ann": "−2", "Bob": "+6", "Cy": "−2", "Dee": "−2"},
    ),
    # Brooklyn with a pot (RULES 5.8): Ann deals and sits out; everyone antes 5 units, the
    # pot holds 20. Bob makes 350 in hearts: one unit a full 50 bid, V = 7 from each of Ann,
    # Cy and Dee; under 400 the pot stays: Bob -5 + 21 = +16, the others -5 - 7 = -12.
    Hand(
        "brooklyn-pot", FOUR, "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 350", _chip("Bid", "350")),
         ("trump ♥", _suit("H")), ("made", _chip("Outcome", "Made"))],
        [], {"Ann": "−12", "Bob": "+16", "Cy": "−12", "Dee": "−12", "Pot": "20"},
    ),
    # Hoyle (RULES 5.4, 5.7): Ann deals and sits out. Bob makes 300 in hearts: V = 3 from
    # Ann, Cy and Dee; under 350 the kitty stays out: Bob +9.
    Hand(
        "hoyle", FOUR, "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 300", _chip("Bid", "300")),
         ("trump ♥", _suit("H")), ("made", _chip("Outcome", "Made"))],
        [], {"Ann": "−3", "Bob": "+9", "Cy": "−3", "Dee": "−3", "Kitty": "0"},
    ),
    # Bison (RULES 6.1): Bob bids 300 in spades; meld Ann 40, Bob 150, Cy 20; counters Ann 6,
    # Bob 14 and Cy the rest of 24, 4 (filled in); Bob takes the last trick (10). Bob
    # 150 + 140 + 10 = 300 >= 300: made, +300; Ann 40 + 60 = +100; Cy 20 + 40 = +60.
    Hand(
        "bison", ["Ann", "Bob", "Cy"], "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 300", _chip("Bid", "300")),
         ("trump ♠", _suit("S"))],
        [(_own("Ann"), "40"), (_own("Bob"), "150"), (_own("Cy"), "20"),
         (_take("Ann"), "6"), (_take("Bob"), "14")],
        {"Ann": "+100", "Bob": "+300", "Cy": "+60"},
        filled={_take("Cy"): "4"},
        after=[("last trick Bob", _last_trick("Bob"))],
    ),
    # Partnership (RULES 6.2): Ann & Cy against Bob & Dee. Bob bids 300 in hearts; Ann & Cy
    # meld 20, Bob & Dee 190; Bob & Dee take 150 (the other side 100). 190 + 150 = 340 >= 300:
    # Bob & Dee +340; Ann & Cy 20 + 100 = +120.
    Hand(
        "partnership", FOUR, "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 300", _chip("Bid", "300")),
         ("trump ♥", _suit("H"))],
        [(_side("Ann"), "20"), (_side("Bob"), "190"), ("input[name=tricks]", "150")],
        {"Ann & Cy": "+120", "Bob & Dee": "+340"},
    ),
    # Double-deck partnership (RULES 6.3, written without the trailing zero): N bids 65 in
    # spades; N & S meld 39 and take 31: 70 >= 65, +70; E & W meld 38 and take 19, under 20:
    # nothing.
    Hand(
        "double-deck", ["N", "E", "S", "W"], "W",
        [("declarer N", _chip("Declarer", "N")), ("bid 65", _chip("Bid", "65")),
         ("trump ♠", _suit("S"))],
        [(_side("N"), "39"), (_side("E"), "38"), ("input[name=tricks]", "31")],
        {"N & S": "+70", "E & W": "0"},
    ),
    # Six-handed (RULES 6.3): Bob bids 60 in spades; Ann & Cal & Eve meld 25, Bob & Dee & Fay
    # 42 and take 30: 72 >= 60, +72; the others take 20 (the rest of 50): 25 + 20 = +45.
    Hand(
        "six-handed", SIX, "Ann",
        [("declarer Bob", _chip("Declarer", "Bob")), ("bid 60", _chip("Bid", "60")),
         ("trump ♠", _suit("S"))],
        [(_side("Ann"), "25"), (_side("Bob"), "42"), ("input[name=tricks]", "30")],
        {"Ann & Cal & Eve": "+45", "Bob & Dee & Fay": "+72"},
    ),
    # Eight-handed (RULES 6.3): Cal bids 60 in spades; Ann's team melds 35 and takes 26:
    # 61 >= 60, +61; Bob's team takes 24 and melds 16, under the minimum of 20, which is not
    # on the board: +24.
    Hand(
        "eight-handed", EIGHT, "Ann",
        [("declarer Cal", _chip("Declarer", "Cal")), ("bid 60", _chip("Bid", "60")),
         ("trump ♠", _suit("S"))],
        [(_side("Ann"), "35"), (_side("Bob"), "16"), ("input[name=tricks]", "26")],
        {"Ann & Cal & Eve & Gus": "+61", "Bob & Dee & Fay & Hal": "+24"},
    ),
    # Two-handed (RULES 6.4): no bid; spades turned up. Ann melds 190 and takes 140, Bob
    # melds 150 and takes the rest of 250, 110 (filled in): Ann +330, Bob +260.
    Hand(
        "two-handed", ["Ann", "Bob"], "Bob",
        [("trump ♠", _suit("S"))],
        [(_own("Ann"), "190"), (_own("Bob"), "150"), (_take("Ann"), "140")],
        {"Ann": "+330", "Bob": "+260"},
        filled={_take("Bob"): "110"},
    ),
    # Four-handed cutthroat (RULES 6.4): meld 60, 150, 40, 20; tricks 80, 100, 70 and D the
    # rest of 250, 0 (filled in): A +140, B +250, C +110, D 20 melded without a trick: 0.
    Hand(
        "cutthroat", ["A", "B", "C", "D"], "D",
        [("trump ♠", _suit("S"))],
        [(_own("A"), "60"), (_own("B"), "150"), (_own("C"), "40"), (_own("D"), "20"),
         (_take("A"), "80"), (_take("B"), "100"), (_take("C"), "70")],
        {"A": "+140", "B": "+250", "C": "+110", "D": "0"},
        filled={_take("D"): "0"},
    ),
    # Six-handed, two packs (RULES 6.4 P1): 490 a hand. Ann & Cal & Eve meld 280 and take
    # 260: +540; Bob & Dee & Fay meld 430 and take the other 230: +660.
    Hand(
        "six-two-packs", SIX, "Fay",
        [("trump ♠", _suit("S"))],
        [(_side("Ann"), "280"), (_side("Bob"), "430"), ("input[name=tricks]", "260")],
        {"Ann & Cal & Eve": "+540", "Bob & Dee & Fay": "+660"},
    ),
    # Eight-handed, two packs (RULES 6.4 P2): Ann's team melds 340 and takes 280: +620; Bob's
    # melds 50 and takes the other 210: +260.
    Hand(
        "eight-two-packs", EIGHT, "Hal",
        [("trump ♥", _suit("H"))],
        [(_side("Ann"), "340"), (_side("Bob"), "50"), ("input[name=tricks]", "280")],
        {"Ann & Cal & Eve & Gus": "+620", "Bob & Dee & Fay & Hal": "+260"},
    ),
]  # fmt: skip


def play(page: Page, hand: Hand, taps: Taps) -> None:
    """Tap the choices, type the figures with Next between them, tap what follows them."""
    form = page.locator("#hand-form")
    for what, target in hand.choices:
        taps.tap(target(form), what)
    for n, (selector, digits) in enumerate(hand.figures):
        box = form.locator(selector)
        if n == 0 and not box.evaluate("el => el === document.activeElement"):
            taps.tap(box, f"the first figure, {digits}")  # put in focus by a touch
        expect(box).to_be_focused()
        page.keyboard.type(digits)
        if n + 1 < len(hand.figures):
            page.keyboard.press("Enter")  # the keyboard's Next: typing, not a tap
    for selector, value in hand.filled.items():
        expect(form.locator(selector)).to_have_value(value)
    for what, target in hand.after:
        taps.tap(target(form), what)
    expect(form.locator("#preview")).not_to_have_attribute("aria-busy", "true")


def save(page: Page, taps: Taps) -> None:
    with page.expect_navigation():
        taps.tap(page.locator("#hand-form").get_by_role("button", name="Save hand"), "save")
    saved_hand(page, 1)


@pytest.mark.parametrize("hand", [pytest.param(h, id=h.system) for h in HANDS])
def test_an_ordinary_hand_fits_one_screen_in_six_taps(live_server, browser_page, hand):
    page = browser_page
    start_session(page, live_server, hand.system, hand.players, hand.dealer)
    taps = Taps()
    play(page, hand, taps)
    span = page.evaluate(_SPAN)
    save(page, taps)
    assert figures(page) == hand.expected
    assert taps.count <= MOST_TAPS, taps.log
    assert span <= SCREEN, f"first choice to Save is {span:.0f} px, more than {SCREEN}"


@pytest.mark.parametrize("system", ["partnership", "double-deck"])
def test_at_200_percent_text_save_is_reached_and_the_hand_saves(live_server, browser_page, system):
    hand = next(h for h in HANDS if h.system == system)
    page = browser_page
    start_session(page, live_server, hand.system, hand.players, hand.dealer)
    double_text(page)
    taps = Taps()
    play(page, hand, taps)
    save_button = page.locator("#hand-form").get_by_role("button", name="Save hand")
    save_button.scroll_into_view_if_needed()
    expect(save_button).to_be_in_viewport()
    save(page, taps)
    assert figures(page) == hand.expected
