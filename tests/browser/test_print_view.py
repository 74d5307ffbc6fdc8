"""The print view of a long session on a 390x844 phone, light and dark: the hand log scrolls
sideways in its own box, never the page; printed from Chromium, the log's head line is under
its heading and on top of each page of the log, as in the PDF."""

from __future__ import annotations

import pytest
from pdftext import page_lines
from phone import check_phone_page, shoot
from reportpages import LOG_HEAD

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
