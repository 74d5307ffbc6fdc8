"""Settle up with names of 1 and 40 characters at 320, 390 and 430 px, the 40 both as words and
as one single word: no name breaks inside a word, however long the line under it (chips and
the kitty share, what is carried from earlier sessions), and nothing sticks out of the
screen; the single word is drawn smaller to fit (templating.fit), never broken."""

from __future__ import annotations

import pytest
from phone import check_phone_page, phone_page, shoot
from reflow import split_words

from scorekeeper.services import sessions as session_service
from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import save_hand
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser

LONG = "Maximilian Alexander Konstantin von Berg"
WORD = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 letters, one word
NAMES = ["H", "Al", LONG, WORD, "Hal"]

# Every word of the page's text (split at spaces and hyphens, where a line may break) whose
# letters are drawn on more than one line: a word broken in two.
BROKEN_WORDS = """
() => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[^\\s\\-\\u2010]+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.top / 4)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}
"""


def _play(session_id: int, hands: int) -> None:
    """``hands`` Hoyle hands: the first player dealt in makes 350 in spades, then is set."""
    for number in range(hands):
        with unit_of_work():
            loaded = session_service.load_session(session_id, default_table())
            declarer = loaded.state.next_hand.active[number % 3]
            outcome = "set" if number % 2 else "made"
            entry = HandEntry(declarer=declarer.id, bid=350, trump="S", outcome=outcome)
            save_hand(loaded, entry)


@pytest.fixture
def session_id(app) -> int:
    """Hoyle with five: an ended session that leaves debts in the ledger, then an open one."""
    with app.app_context():
        with unit_of_work():
            first = session_service.create_session(default_table(), {"system": "hoyle"}, NAMES, 0)
        _play(first.id, 4)
        with unit_of_work():
            session_service.end_session(session_service.load_session(first.id, default_table()))
        with unit_of_work():
            second = session_service.create_session(default_table(), {"system": "hoyle"}, NAMES, 1)
        _play(second.id, 3)
        return second.id


@pytest.mark.parametrize("width", [320, 390, 430])
def test_names_of_one_to_forty_characters_keep_their_words_whole(
    live_server, browser, screenshots_dir, session_id, width
):
    with phone_page(browser, width) as page:
        for query in ["", "?ledger=1", "?ledger=1&view=direct"]:
            page.goto(f"{live_server}/s/{session_id}/settle{query}")
            assert page.get_by_text(LONG).count() > 0
            assert page.get_by_text(WORD).count() > 0
            assert page.get_by_text("H", exact=True).count() > 0
            assert page.locator(".net-carried").count() > 0 or not query
            check_phone_page(page, f"settle{query} at {width}")
            assert page.evaluate(BROKEN_WORDS) == [], f"settle{query} at {width} px"
            assert split_words(page) == [], f"settle{query} at {width} px"
            name = f"settle-names-{width}{query.replace('?', '-').replace('&', '-')}"
            shoot(page, screenshots_dir, name.replace("=", ""))
