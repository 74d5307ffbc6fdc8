"""The report PDF's pages, read back line by line (``reportpages.layout_faults``): no heading
ends a page, the hand log's head line is printed under its heading and on top of every page
of the log, and no page but the last is left a third blank when what follows would fit.

Long sessions of 7, 60 and 200 hands (the widest chip table, Hoyle with five and Brooklyn
with a pot with eight players, the log turned to landscape; Bison with its games and their
charts). Every preset's small session is held to the same in ``test_pdf.py``, which renders
their PDFs once for all its tests.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
import reportsessions as rs
from pdftext import page_lines, pdf_of
from reportpages import layout_faults
from webhelpers import dispose, migrated_app

from scorekeeper.services.entries import HandEntry
from scorekeeper.services.hands import save_hand
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

NAMES = ("Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")
BISON_HANDS = (  # each made or set as the figures say (RULES 6.2): repeated in turn
    {"declarer": "Bob", "bid": 250, "trump": "S", "melds": {"Bob": "150", "Ann": "40"},
     "takes": {"Bob": 12, "Ann": 8, "Cal": 4}, "last_trick": "Bob"},
    {"declarer": "Cal", "bid": 300, "trump": "H", "melds": {"Cal": "40", "Bob": "60"},
     "takes": {"Cal": 10, "Bob": 14, "Ann": 0}, "last_trick": "Cal"},
)  # fmt: skip


def _chip_session(system: str, players: int, hands: int) -> int:
    """A chip game of ``hands`` hands, each won or set in turn by the first player dealt in."""
    with unit_of_work():
        session_id = create_session(default_table(), {"system": system}, NAMES[:players], 0).id
    for number in range(hands):
        with unit_of_work():
            loaded = load_session(session_id)
            declarer = loaded.state.next_hand.active[number % 2]
            outcome = "set" if number % 3 == 2 else "made"
            entry = HandEntry(declarer=declarer.id, bid=350, trump="SHDC"[number % 4],
                              outcome=outcome)  # fmt: skip
            save_hand(loaded, entry)
    return session_id


def _bison_session(hands: int) -> int:
    """Bison of ``hands`` hands, the two hands of ``BISON_HANDS`` in turn."""
    with unit_of_work():
        session_id = create_session(default_table(), {"system": "bison"}, NAMES[:3], 0).id
    for _, fields in zip(range(hands), itertools.cycle(BISON_HANDS), strict=False):
        with unit_of_work():
            rs._add(session_id, **{k: dict(v) if isinstance(v, dict) else v
                                   for k, v in fields.items()})  # fmt: skip
    return session_id


LONG = {
    **{f"hoyle-5-{n}": (lambda n=n: _chip_session("hoyle", 5, n)) for n in (7, 60, 200)},
    **{f"brooklyn-pot-8-{n}": (lambda n=n: _chip_session("brooklyn-pot", 8, n)) for n in (7, 60)},
    **{f"bison-{n}": (lambda n=n: _bison_session(n)) for n in (7, 60, 200)},
}


@pytest.fixture(scope="module")
def app_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    app = migrated_app(tmp_path_factory.mktemp("pages"))
    with app.test_request_context():
        yield
    dispose(app)


@pytest.mark.parametrize("session", list(LONG))
def test_long_logs_repeat_their_head_and_leave_no_page_mostly_blank(app_context, session):
    pages = page_lines(pdf_of(LONG[session]()))
    assert layout_faults(pages) == []
    assert len(pages) >= 2
