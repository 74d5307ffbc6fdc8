"""Helpers for the browser tests: act like a thumb on a phone, read what the screen shows.

- ``check_phone_page`` fails the test if the page scrolls sideways, if anything sticks out of
  the screen, or if a visible tap target is smaller than 44x44 CSS px.
- ``shoot`` saves a full-page screenshot (optionally in the dark colour scheme) after checking
  the page.
- ``start_session`` starts a session (through the API, or ``by_taps`` on the new-session
  page); ``enter_hand``, ``type_team_hand``, ``standings``, ``edit_hand`` drive the app's
  pages by tapping, the way the table uses them.
- ``Taps`` counts taps, for the "a Brooklyn hand takes 6 taps or fewer" test.
- ``phone_page`` opens a page on a phone ``width`` px wide (844 high), closed after use.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

MIN_TARGET = 44  # CSS px, each way

# The selectors the issue names as tap targets. A radio or checkbox drawn by the browser is
# measured by its <label>: tapping anywhere on the label toggles it, so that is the target.
_LAYOUT_PROBLEMS = """
() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const problems = [];
  if (root.scrollWidth > width) {
    problems.push(`page scrolls sideways: scrollWidth ${root.scrollWidth} > ${width}`);
  }
  const describe = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = el.classList.length ? '.' + [...el.classList].join('.') : '';
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const shown = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  const scrolls = (el) => {
    for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || !shown(el)) continue;
    if ((box.right > width + 0.5 || box.left < -0.5) && !scrolls(el)) {
      problems.push(`${describe(el)} sticks out of the screen: ${Math.round(box.left)}..` +
        `${Math.round(box.right)} of ${width}`);
    }
  }
  const targets = 'a, button, input, select, label.chip span, summary';
  for (const el of document.body.querySelectorAll(targets)) {
    if (el.type === 'hidden' || !shown(el)) continue;
    let box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if ((el.type === 'radio' || el.type === 'checkbox') && el.closest('label')) {
      box = el.closest('label').getBoundingClientRect();
    }
    if (box.width < MIN_TARGET - 0.01 || box.height < MIN_TARGET - 0.01) {
      problems.push(`${describe(el)} is a ${box.width.toFixed(1)}x${box.height.toFixed(1)} ` +
        `tap target (at least MIN_TARGETxMIN_TARGET)`);
    }
  }
  return problems;
}
""".replace("MIN_TARGET", str(MIN_TARGET))


def layout_problems(page: Page) -> list[str]:
    """What is wrong with the page at phone size (empty when nothing is)."""
    return page.evaluate(_LAYOUT_PROBLEMS)


def check_phone_page(page: Page, name: str = "") -> None:
    """Fail if the page scrolls sideways, overflows, or has a tap target under 44x44 px."""
    problems = layout_problems(page)
    where = f"{name or page.url}"
    assert not problems, f"{where} is not phone-friendly:\n  " + "\n  ".join(problems)


def screenshots_wanted() -> bool:
    """True when the run is asked to save its screenshots (``SCREENSHOTS=1``), to be looked
    at; other runs check the pages the same and save no picture (6% of the browser tests'
    time went on them)."""
    return os.environ.get("SCREENSHOTS") == "1"


def picture(target: Page | Locator, path: Path, **options: Any) -> None:
    """Save a screenshot of a page or an element at ``path`` when they are wanted."""
    if screenshots_wanted():
        target.screenshot(path=path, **options)


def shoot(page: Page, folder: Path, name: str, *, dark: bool = False) -> Path:
    """Check the page, then save a full-page screenshot ``name.png`` (light or dark) when they
    are wanted (``screenshots_wanted``), one image pixel per CSS pixel: 390 wide, as the
    phone's screen is laid out (encoding the phone's 3x pixels took a fifth of the browser
    tests' time)."""
    if dark:
        page.emulate_media(color_scheme="dark")
    try:
        check_phone_page(page, f"{name} ({'dark' if dark else 'light'})")
        path = folder / f"{name}.png"
        if screenshots_wanted():
            page.evaluate("window.scrollTo(0, 0)")  # else the sticky bar is drawn mid-page
            page.screenshot(path=path, full_page=True, scale="css")
    finally:
        if dark:
            page.emulate_media(color_scheme="light")
    return path


def wait_until(page: Page, predicate: str, arg: object = None, timeout: float = 10.0) -> object:
    """Wait until ``predicate`` (a JavaScript expression or function of ``arg``) is truthy in
    the page, and give its value. Asked from here every 50 ms with ``page.evaluate``, never
    with ``wait_for_function``: its polling builds the predicate with ``eval`` in the page,
    which the app's Content-Security-Policy refuses (the wait then fails whenever the first
    check is false, as on a loaded machine). Not across a navigation: an evaluation the page
    leaves meanwhile may never answer."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(predicate, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"Not true within {timeout} s: {predicate}")
        page.wait_for_timeout(50)


# --- counting taps -----------------------------------------------------------------------


@dataclass
class Taps:
    """Taps a thumb makes, counted; ``tap`` taps a locator and counts one."""

    count: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, target: Locator, what: str = "") -> None:
        target.tap()
        self.count += 1
        self.log.append(what or str(target))


# --- driving the app ---------------------------------------------------------------------


def follow(page: Page, target: Locator) -> None:
    """Tap a link or a submit button and wait for the page it leads to."""
    with page.expect_navigation():
        target.tap()


def chip(scope: Page | Locator, legend: str, label: str) -> Locator:
    """The chip labelled ``label`` in the fieldset whose legend is ``legend``."""
    page = scope if isinstance(scope, Page) else scope.page
    group = scope.locator("fieldset").filter(has=page.locator(f"legend:text-is('{legend}')"))
    return group.locator("label.chip").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def start_session(
    page: Page,
    base: str,
    system: str,
    players: Sequence[str],
    first_dealer: str,
    *,
    from_roster: bool = False,
    screenshots: Path | None = None,
    by_taps: bool = False,
) -> str:
    """Start a session of ``system`` with ``players`` clockwise and ``first_dealer`` dealing
    first, and show its page; returns the session page's URL.

    By default the session is started as an integrator starts one (``POST /api/v1/sessions``
    from the page's own browser context, its cookies and all), then its page is opened: the
    tests about what follows save a second a test. ``by_taps`` (or ``from_roster``, or
    ``screenshots``) starts it on the new-session page, the way the table does: open it, pick
    the game, seat the players (typed, or with ``from_roster`` tapped from the roster chips),
    pick the first dealer.
    """
    if not (by_taps or from_roster or screenshots is not None):
        answer = page.request.post(
            f"{base}/api/v1/sessions",
            data={
                "system": system,
                "players": list(players),
                "first_dealer_seat": list(players).index(first_dealer),
            },
        )
        assert answer.status == 201, answer.text()
        page.goto(f"{base}/s/{answer.json()['id']}")
        expect(page.locator("#standings")).to_be_visible()
        return page.url
    page.goto(f"{base}/")
    follow(page, page.get_by_role("link", name="+ New session"))
    label = re.compile(
        rf"^\s*{re.escape(_SYSTEM_CHIPS[system])}\s*$"
    )  # not "Double-deck partnership"
    follow(page, page.locator("button.chip.choice", has_text=label))
    expect(page.locator("button.chip.choice.on")).to_have_text(_SYSTEM_CHIPS[system])
    for seat, name in enumerate(players):
        if from_roster:
            page.locator("[data-fill-seats] button", has_text=name).tap()
            expect(page.locator(f"input[name=seat-{seat}]")).to_have_value(name)
        else:
            box = page.locator(f"input[name=seat-{seat}]")
            box.tap()
            box.fill(name)
    page.locator(".seats li").nth(players.index(first_dealer)).locator("label.dealer-pick").tap()
    if screenshots is not None:
        shoot(page, screenshots, f"{system}-new-session")
    follow(page, page.get_by_role("button", name="Start the session"))
    expect(page.locator("#standings")).to_be_visible()
    return page.url


_SYSTEM_CHIPS = {
    "brooklyn": "Brooklyn (chips)",
    "brooklyn-pot": "Brooklyn with a pot",
    "hoyle": "Hoyle (chips and the kitty)",
    "bison": "Bison (points to 1500)",
    "partnership": "Partnership",
    "double-deck": "Double-deck partnership (to 500)",
    "six-handed": "Six-handed (double deck)",
    "eight-handed": "Eight-handed (double deck)",
    "two-handed": "Two-handed",
    "cutthroat": "Four-handed cutthroat",
    "six-two-packs": "Six-handed, two packs (96 cards)",
    "eight-two-packs": "Eight-handed, two packs (96 cards)",
}


def tap_bid(page: Page, bid: int) -> None:
    """Tap the quick pick for ``bid``, or step to it with the stepper when it has none."""
    form = page.locator("#hand-form")
    pick = chip(form, "Bid", str(bid))
    if pick.count():
        pick.tap()
        return
    value = form.locator(".step-value")
    for _ in range(40):
        shown = value.inner_text().strip()
        current = int(shown) if shown.isdigit() else None
        if current == bid:
            return
        form.locator(f".step[data-step='{1 if current is None or current < bid else -1}']").tap()
    raise AssertionError(f"the stepper never reached {bid} (shows {value.inner_text()})")


def enter_hand(
    page: Page,
    *,
    declarer: str,
    bid: int,
    trump: str | None = None,
    outcome: str | None = None,
    melds: Mapping[str, int | str] | None = None,
    tricks: int | None = None,
    takes: Mapping[str, int] | None = None,
    last_trick: str | None = None,
    save: bool = True,
    button: str = "Save hand",
) -> None:
    """Fill the hand form by tapping (typing only figures), then tap Save.

    ``melds`` maps a player's name (or ``"declarer"`` in chip games) to a number typed in
    Number mode. ``outcome`` is the chip's label (``"Made"``); None leaves "From meld and
    tricks". ``takes`` are Bison's counters per player, with ``last_trick``.
    """
    form = page.locator("#hand-form")
    chip(form, "Declarer", declarer).tap()
    tap_bid(page, bid)
    if trump is not None:
        form.locator(f"label.suit-{trump}").tap()
    chip(form, "Outcome", outcome or "From meld and tricks").tap()
    if melds or tricks is not None or takes:
        details = form.locator("details.details")
        if details.get_attribute("open") is None:
            details.locator("summary").tap()
        for who, meld in (melds or {}).items():
            box = _meld_box(page, who)
            by_player = form.locator("details.by-player")  # each player's meld, folded away
            if by_player.count() and by_player.get_attribute("open") is None:
                by_player.locator("summary").tap()
            box.locator("label.chip", has_text="Number").tap()
            box.locator("input.meld-text").fill(str(meld))
        if tricks is not None:
            form.locator("input[name=tricks]").fill(str(tricks))
        for who, taken in (takes or {}).items():
            form.locator("label.take", has_text=who).locator("input").fill(str(taken))
        if last_trick is not None:
            form.locator(".takes label.chip").filter(
                has_text=re.compile(rf"^\s*{re.escape(last_trick)}\s*$")
            ).tap()
    if save:
        # The live preview's answer moves the Save button down: tap it once that is shown.
        expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)
        follow(page, form.get_by_role("button", name=button))


def type_team_hand(
    page: Page, *, declarer: str, bid: int, trump: str, sides: Mapping[str, int], tricks: int
) -> None:
    """Tap and type a team hand without saving it: the declarer, the bid (``tap_bid``), trump,
    each side's meld as one figure (by the side's name, ``"N & S"``), the declaring side's
    tricks; then wait for the live preview."""
    form = page.locator("#hand-form")
    chip(form, "Declarer", declarer).tap()
    tap_bid(page, bid)
    form.locator(f"label.suit-{trump}").tap()
    for side, meld in sides.items():
        form.locator(f"input[aria-label='Meld of {side}']").fill(str(meld))
    form.locator("input[name=tricks]").fill(str(tricks))
    expect(form.locator("#preview[aria-busy=true]")).to_have_count(0)


def refused_brooklyn(page: Page, base: str) -> None:
    """A Brooklyn hand of Ann, Bob and Cy saved with Bob's bid of 340, which Brooklyn forbids
    (a bid ending in 40, RULES 4): the save is refused and the form shown again."""
    start_session(page, base, "brooklyn", ["Ann", "Bob", "Cy"], "Ann")
    form = page.locator("#hand-form")
    chip(form, "Declarer", "Bob").tap()
    form.locator("input[name=bid_other]").fill("340")
    chip(form, "Trump", "♥").tap()
    chip(form, "Outcome", "Made").tap()
    follow(page, form.get_by_role("button", name="Save hand"))


def _meld_box(page: Page, who: str) -> Locator:
    if who == "declarer":
        return page.locator("#hand-form .meld[data-meld=declarer]")
    return page.locator("#hand-form .meld").filter(
        has=page.locator(f'p.label:text-is("{who}\'s meld")')
    )


def saved_hand(page: Page, number: int) -> None:
    """Wait for the flash that says hand ``number`` was saved."""
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved")


@dataclass(frozen=True)
class Standing:
    figure: str
    money: str


def standings(page: Page) -> dict[str, Standing]:
    """The standings on the session page: name -> figure and money, as shown."""
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#standings .standing')].map(row => ({
            name: row.querySelector('.who').childNodes[0].textContent.trim(),
            figure: row.querySelector('.figure').textContent.trim(),
            money: (row.querySelector('.money') || {textContent: ''}).textContent.trim(),
        }))"""
    )
    return {row["name"]: Standing(row["figure"], row["money"]) for row in rows}


def figures(page: Page) -> dict[str, str]:
    """Just the standings figures: name -> figure as shown (``+2``, ``−6``, ``340``)."""
    return {name: s.figure for name, s in standings(page).items()}


def open_edit(page: Page, session_url: str, number: int) -> None:
    """From the session page, open hand ``number``'s correction page through All hands."""
    page.goto(session_url)
    follow(page, page.locator(".session-nav").get_by_role("link", name="All hands"))
    follow(page, page.locator(f"#hand-{number}").get_by_role("link", name="Edit"))
    expect(page.locator("h1")).to_have_text(f"Correct hand {number}")


@contextmanager
def phone_page(browser: Browser, width: int) -> Iterator[Page]:
    """A page on a touch phone ``width`` CSS px wide and 844 high, in a context of its own
    that is closed afterwards."""
    context = browser.new_context(
        viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        yield context.new_page()
    finally:
        context.close()
