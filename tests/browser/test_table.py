"""The phone at the table: the session page keeps the screen on, and meld tapped as cards shows
its total in each trump with the best marked (a 390x844 phone, headless Chromium).

Headless Chromium does not grant wake locks reliably, so ``navigator.wakeLock`` is replaced
before the page's scripts run by a fake that logs each request and release, and whether the
page is hidden is driven by the test (``document.hidden`` and ``visibilityState`` read a flag
the test sets before dispatching ``visibilitychange``, as the browser does when the phone
locks or another app comes to the front)."""

from __future__ import annotations

import pytest
from phone import chip, picture, shoot, start_session, wait_until
from playwright.sync_api import Locator, Page, expect
from webhelpers import new_session

pytestmark = pytest.mark.browser

FAKE_WAKE_LOCK = """
(() => {
  const fake = { log: [], hidden: false };
  window.__wake = fake;
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true, get() { return fake.hidden; } });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true, get() { return fake.hidden ? 'hidden' : 'visible'; } });
  const wakeLock = {
    request(type) {
      fake.log.push('request ' + type);
      const sentinel = new EventTarget();
      sentinel.type = type;
      sentinel.released = false;
      sentinel.release = () => {
        if (!sentinel.released) {
          sentinel.released = true;
          fake.log.push('release');
          sentinel.dispatchEvent(new Event('release'));
        }
        return Promise.resolve();
      };
      return Promise.resolve(sentinel);
    },
  };
  Object.defineProperty(Navigator.prototype, 'wakeLock', {
    configurable: true, get() { return wakeLock; } });
})();
"""

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock; delete navigator.wakeLock;"


def wake_log(page: Page, length: int) -> list[str]:
    """The fake's log once it has ``length`` entries (the lock is asked for asynchronously)."""
    wait_until(page, "n => window.__wake.log.length >= n", length)
    page.wait_for_timeout(100)  # nothing more arrives after it
    return page.evaluate("window.__wake.log")


def set_hidden(page: Page, hidden: bool) -> None:
    """The phone locks (or another app comes to the front), or the page is shown again."""
    page.evaluate(
        "h => { window.__wake.hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_the_screen_stays_on_while_the_session_page_is_shown(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.add_init_script(FAKE_WAKE_LOCK)
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    switch = page.locator("label[data-wake]")

    # The session page asks for the lock as it opens.
    expect(switch).to_be_visible()
    expect(switch).to_have_text("Screen stays on")
    expect(switch.locator("input")).to_be_checked()
    assert wake_log(page, 1) == ["request screen"]
    shoot(page, screenshots_dir, "table-screen-stays-on")

    # The phone locks: the lock is given back; unlocked: asked for again.
    set_hidden(page, True)
    assert wake_log(page, 2) == ["request screen", "release"]
    set_hidden(page, False)
    assert wake_log(page, 3) == ["request screen", "release", "request screen"]

    # Switched off: given back, and not asked for when the page comes back.
    switch.tap()
    expect(switch).to_have_text("Screen may sleep")
    expect(switch.locator("input")).not_to_be_checked()
    assert wake_log(page, 4)[3:] == ["release"]
    set_hidden(page, True)
    set_hidden(page, False)
    assert wake_log(page, 4) == ["request screen", "release", "request screen", "release"]

    # The phone remembers the choice: reopened, the page leaves the screen alone.
    page.reload()
    expect(switch).to_have_text("Screen may sleep")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__wake.log") == []

    # Switched on again: asked for at once.
    switch.tap()
    expect(switch).to_have_text("Screen stays on")
    assert wake_log(page, 1) == ["request screen"]


def test_without_the_wake_lock_api_there_is_no_switch(live_server, browser_page):
    page = browser_page
    page.add_init_script(NO_WAKE_LOCK)
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")

    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("label[data-wake]")).to_be_hidden()


# -- meld in each trump -----------------------------------------------------------------------


def tap_cards(box: Locator, cards: list[str]) -> None:
    """Switch a player's meld to Cards and tap each card (a card twice for both copies)."""
    box.locator("label.chip", has_text="Cards").tap()
    for card in cards:
        box.locator(f".card-grid button[data-card='{card}']").tap()


def hint(box: Locator) -> dict[str, str]:
    """The meld shown under each trump in ``box``: suit letter -> figure."""
    rows = box.locator(".trump-hint li")
    expect(rows).to_have_count(4)
    return {
        rows.nth(i).get_attribute("data-trump"): rows.nth(i).locator("b").inner_text()
        for i in range(4)
    }


def best(box: Locator) -> list[str]:
    """The trumps marked best in ``box``."""
    marked = box.locator(".trump-hint li.best")
    return [marked.nth(i).get_attribute("data-trump") for i in range(marked.count())]


def test_cards_tapped_show_the_meld_in_each_trump_and_the_best(
    live_server, browser_page, screenshots_dir
):
    page = browser_page
    page.add_init_script(FAKE_WAKE_LOCK)
    start_session(page, live_server, "brooklyn", ["Ann", "Bob", "Cy", "Dee"], "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    chip(form, "Bid", "350").tap()
    form.locator("details.details summary").tap()  # "Meld and tricks", folded in Brooklyn
    box = form.locator(".meld[data-meld=declarer]")
    expect(box).to_be_visible()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.url.endswith("/api/v1/meld") else None)

    # A run in spades, the other K and Q of spades, and K Q of hearts, tapped quickly.
    tap_cards(box, ["AS", "TS", "KS", "KS", "QS", "QS", "JS", "KH", "QH"])

    # Brooklyn's preset (RULES 2.1-2.3, no double bonus):
    # spades:   run 150 + royal marriage 40 (the second K Q) + marriage of hearts 20 = 210;
    # hearts:   royal marriage 40 + the K K Q Q of spades, a double marriage, 2 x 20 = 80;
    # diamonds: double marriage of spades 40 + marriage of hearts 20 = 60; clubs the same.
    expect(box.locator(".trump-hint-title")).to_have_text("Meld in each trump")
    assert hint(box) == {"S": "210", "H": "80", "D": "60", "C": "60"}
    assert best(box) == ["S"]
    expect(box.locator(".trump-hint li.best small")).to_have_text("best")
    # debounced: one request once the tapping stops (a slow machine may pause mid-way)
    assert 1 <= len(requests) <= 3, f"{len(requests)} meld requests for nine taps"
    box.scroll_into_view_if_needed()
    shoot(page, screenshots_dir, "table-trump-hint")
    shoot(page, screenshots_dir, "table-trump-hint-dark", dark=True)
    path = screenshots_dir / "table-trump-hint-box.png"
    picture(box, path)

    # A third tap on the Q of spades takes both copies back: no run, no royal marriage in
    # spades. Hearts: royal marriage 40; any other trump: marriage of hearts 20. Best: hearts.
    box.locator(".card-grid button[data-card='QS']").tap()
    expect(box.locator(".trump-hint li[data-trump=S] b")).to_have_text("20")
    assert hint(box) == {"S": "20", "H": "40", "D": "20", "C": "20"}
    assert best(box) == ["H"]

    # Nine cards more make 16: more than a hand holds here (RULES 2.6: 15 when three play).
    tap_cards(box, ["AH", "AH", "TH", "TH", "AD", "AD", "TD", "TD", "AC"])
    expect(box.locator(".trump-hint .bad")).to_have_text(
        "cards: 16 cards laid down, but a hand here holds at most 15."
    )
    expect(box.locator(".trump-hint li")).to_have_count(0)

    # Back to a number: the hint goes.
    box.locator("label.chip", has_text="Number").tap()
    expect(box.locator(".trump-hint")).to_be_hidden()


def test_at_scale_ten_the_hint_writes_figures_as_the_table_does(app, live_server, browser_page):
    sid = new_session(app.test_client(), "bison", ["Ann", "Bob", "Cy"], scale="10")
    page = browser_page
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(f"{live_server}/s/{sid}")
    form = page.locator("#hand-form")
    bob = form.locator(".meld").filter(has=page.locator('p.label:text-is("Bob\'s meld")'))
    ann = form.locator(".meld").filter(has=page.locator('p.label:text-is("Ann\'s meld")'))

    tap_cards(bob, ["QS", "QS", "JD", "JD", "AH", "TH", "KH", "QH", "JH"])
    tap_cards(ann, ["QS", "JD"])

    # Bison pays the double bonus: a double pinochle is 300. Hearts: run 150 + 300 = 450;
    # any other trump: marriage of hearts 20 + 300 = 320. At scale 10: 45 and 32.
    expect(bob.locator(".trump-hint li[data-trump=H] b")).to_have_text("45")
    assert hint(bob) == {"S": "32", "H": "45", "D": "32", "C": "32"}
    assert best(bob) == ["H"]
    # Ann's pinochle is 40 (4 as written) whatever the trump: nothing to choose.
    expect(ann.locator(".trump-hint-title")).to_have_text("Same meld in every trump")
    assert hint(ann) == {"S": "4", "H": "4", "D": "4", "C": "4"}
    assert best(ann) == []
    # Cy tapped nothing: no hint under Cy's meld.
    expect(form.locator(".meld .trump-hint:visible")).to_have_count(2)


def anns_meld(app, live_server: str, page: Page, game: str, players: list[str], **options):
    """Open a new team session's hand form and Ann's meld, below the sides' figures."""
    sid = new_session(app.test_client(), game, players, **options)
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(f"{live_server}/s/{sid}")
    form = page.locator("#hand-form")
    form.locator("details.by-player summary").tap()  # each player's meld, below the sides'
    return form.locator(".meld").filter(has=page.locator('p.label:text-is("Ann\'s meld")'))


def test_a_double_deck_grid_has_no_nines_and_taps_four_copies(app, live_server, browser_page):
    ann = anns_meld(app, live_server, browser_page, "double-deck", ["Ann", "Bob", "Cy", "Dee"])

    tap_cards(ann, ["QS", "QS", "QS", "JD", "JD", "JD", "KH", "QH"])

    # RULES 1.1: 20 cards a suit of five ranks, none of them a nine.
    expect(ann.locator(".card-grid button")).to_have_count(20)
    expect(ann.locator(".card-grid button[data-card='9S']")).to_have_count(0)
    expect(ann.locator(".card-grid button[data-card='QS']")).to_have_attribute("data-count", "3")
    expect(ann.locator(".meld-text")).to_have_value("QS QS QS KH QH JD JD JD")
    # RULES 2.9: triple pinochle 600; K Q of hearts a royal marriage, 40, in hearts and a
    # marriage, 20, elsewhere. The double-deck game writes them as published: 64 and 62.
    expect(ann.locator(".trump-hint li[data-trump=H] b")).to_have_text("64")
    assert hint(ann) == {"S": "62", "H": "64", "D": "62", "C": "62"}
    # A fourth tap holds all four copies; a fifth takes them back.
    ann.locator(".card-grid button[data-card='QS']").tap()
    expect(ann.locator(".card-grid button[data-card='QS']")).to_have_attribute("data-count", "4")
    ann.locator(".card-grid button[data-card='QS']").tap()
    expect(ann.locator(".card-grid button[data-card='QS']")).to_have_attribute("data-count", "0")
    expect(ann.locator(".meld-text")).to_have_value("KH QH JD JD JD")
    # No dix to name without nines.
    ann.locator("label.chip", has_text="Named melds").tap()
    expect(ann.locator(".claim-picks button", has_text="dix")).to_have_count(0)


def test_a_96_card_grid_shows_nines_and_taps_four_copies(
    app, live_server, browser_page, screenshots_dir
):
    six = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    page = browser_page
    ann = anns_meld(app, live_server, page, "six-handed", six, deck="double-nines")

    tap_cards(ann, ["KS", "KS", "QS", "QS", "9S", "9S", "9S", "9S"])

    # RULES 1.1: two packs with nines, 24 cards a suit of six ranks, four copies each.
    expect(ann.locator(".card-grid button")).to_have_count(24)
    expect(ann.locator(".card-grid button[data-card='9S']")).to_have_attribute("data-count", "4")
    expect(ann.locator(".meld-text")).to_have_value("KS KS QS QS 9S 9S 9S 9S")
    # RULES 2.11: in spades a double royal marriage 300 and four dix 40, 340; in any other
    # trump two marriages of spades, 40. Six-handed writes them at scale 10: 34 and 4.
    expect(ann.locator(".trump-hint li[data-trump=S] b")).to_have_text("34")
    assert hint(ann) == {"S": "34", "H": "4", "D": "4", "C": "4"}
    shoot(page, screenshots_dir, "nines-card-grid")
    # A fifth tap takes the four nines back.
    ann.locator(".card-grid button[data-card='9S']").tap()
    expect(ann.locator(".meld-text")).to_have_value("KS KS QS QS")
    # The dix can be named.
    ann.locator("label.chip", has_text="Named melds").tap()
    expect(ann.locator(".claim-picks button", has_text="dix")).to_have_count(1)
