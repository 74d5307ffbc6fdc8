"""The print view of a long session on a 390x844 phone, light and dark: the hand log scrolls
sideways in its own box, never the page; printed from Chromium, the log's head line is under
its heading and on top of each page of the log, as in the PDF. At 200% text and at 320 px the
tables of figures stack, nothing else scrolls sideways and no word splits, and every size of
text is twice as big at 200% (WCAG 1.4.4 and 1.4.10)."""

from __future__ import annotations

import pytest
from pdftext import page_lines
from phone import check_phone_page, layout_problems, phone_page, shoot
from reflow import double_text, split_words
from reportpages import LOG_HEAD
from settle_fixtures import Table, bison

from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser


@pytest.fixture
def session_id(app) -> int:
    """Hoyle with five, 60 hands: the first player dealt in makes 350 in spades or is set."""
    with app.app_context():
        with unit_of_work():
            names = ["Ann", "Bob", "Cal", "Dan", "Eve"]
            sid = create_session(default_table(), {"system": "hoyle"}, names, 0).id
        for number in range(60):
            with unit_of_work():
                loaded = load_session(sid)
                declarer = loaded.state.next_hand.active[number % 2]
                outcome = "set" if number % 3 == 2 else "made"
                save_hand(loaded, HandEntry(declarer=declarer.id, bid=350, trump="S",
                                            outcome=outcome))  # fmt: skip
        return sid


def test_the_print_view_fits_a_phone_and_prints_the_log_head_on_each_page(
    live_server, browser_page, screenshots_dir, session_id
):
    page = browser_page
    page.goto(f"{live_server}/s/{session_id}/print")
    check_phone_page(page, "print view")
    shoot(page, screenshots_dir, "print-view-60")
    shoot(page, screenshots_dir, "print-view-60-dark", dark=True)

    page.emulate_media(media="print")
    pdf = page.pdf(format="Letter", print_background=True)
    (screenshots_dir / "print-view-60.pdf").write_bytes(pdf)
    pages = [[text for _, _, text in p.lines] for p in page_lines(pdf)]
    start = next(n for n, texts in enumerate(pages) if "Hand log" in texts)
    heading = pages[start].index("Hand log")
    assert any(LOG_HEAD.match(text) for text in pages[start][heading:])
    assert not any(LOG_HEAD.match(text) for text in pages[start][:heading])
    for texts in pages[start + 1 :]:
        assert any(LOG_HEAD.match(text) for text in texts[:4]), texts[:4]


# The print view's text: headings, table heads, small print; each size as the browser draws it.
SIZES = """
() => Object.fromEntries(['h1', 'h2', 'h3', 'table.figures th', 'td.small', 'p.small', 'main p']
  .map(sel => [sel, parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)]))
"""


@pytest.fixture
def reports(app, session_id) -> dict[str, int]:
    """Hoyle with five (its kitty: a share column), and Bison with a game won and stakes."""
    with app.app_context(), unit_of_work():
        return {"hoyle-5": session_id, "bison": bison(Table(default_table()))}


@pytest.mark.parametrize(("width", "doubled"), [(390, True), (320, False)], ids=["200%", "320px"])
def test_at_200_percent_text_and_320_px_the_print_view_stacks_its_tables(
    live_server, browser, screenshots_dir, reports, width, doubled
):
    with phone_page(browser, width) as page:
        for name, session_id in reports.items():
            page.goto(f"{live_server}/s/{session_id}/print")
            normal = page.evaluate(SIZES)
            if doubled:
                double_text(page)
                assert page.evaluate(SIZES) == {sel: 2 * px for sel, px in normal.items()}
            problems = layout_problems(page) + split_words(page)
            assert problems == [], f"{name}: {problems}"
            heads = page.locator("#standings table.figures thead th")
            assert heads.first.evaluate("th => th.getBoundingClientRect().width") <= 1
            shoot(page, screenshots_dir, f"print-view-{name}-{'200' if doubled else width}")
