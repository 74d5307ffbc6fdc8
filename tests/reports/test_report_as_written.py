"""The session report as the table writes and reads it (issue 30, item 10 and "every result
says why"): house rules' figures without the trailing zero where the game drops it, a corrected
hand marked in the hand log, and a hand whose figures did not all count followed by its words.

tests/reportsessions.py ``double_deck``: written without the trailing zero (a hand's tricks
50). Hand 1: N bids 65, N & S 39 + 31 = 70, made. Hand 2: E bids 60, E & W 22 + 34 = 56 < 60,
set; N & S's 14 meld is under the 20 minimum and their 16 in tricks under the 20 that saves
it: nothing.
"""

from __future__ import annotations

import reportsessions as rs
from naming import ids_by_name
from pdftext import pdf_of, text_of

from scorekeeper.reports.assemble import build_report
from scorekeeper.services.entries import HandEntry, MeldText
from scorekeeper.services.hands import edit_hand
from scorekeeper.services.sessions import load_session
from scorekeeper.services.unit_of_work import unit_of_work


def test_the_house_rules_meld_figures_are_written_without_the_trailing_zero(ctx):
    rules = text_of(pdf_of(rs.double_deck())).split("Game and house rules")[1]
    # full points 350, the arounds' 100/1000/1500/2000 and the roundhouse's 1600, at scale 10
    for line in (
        "Roundhouse with a run 35",
        "Arounds with a double deck Pagat: aces 10, 100, 150, 200",
        "Double roundhouse 160, its parts",
    ):
        assert line in rules
    assert "1600" not in rules and "1500" not in rules


def test_a_corrected_hand_is_marked_in_the_hand_log(ctx):
    session = rs.double_deck()
    loaded = load_session(session)
    ids = ids_by_name(loaded)
    # Hand 1 corrected: N & S took 33, not 31 (39 + 33 = 72 >= 65, still made).
    entry = HandEntry(
        declarer=ids["N"], bid=65, trump="S", tricks=33,
        melds={ids["N"]: MeldText("side", "39"), ids["E"]: MeldText("side", "38")},
    )  # fmt: skip
    with unit_of_work():
        edit_hand(loaded, 1, entry)

    report = build_report(load_session(session))
    hands = [row.text for row in report.log.rows if row.kind == "hand"]
    assert "(corrected)" in hands[0] and "(corrected)" not in hands[1]
    assert text_of(pdf_of(session)).count("(corrected)") == 1


def test_the_hand_log_says_why_a_figure_did_not_count(ctx):
    report = build_report(load_session(rs.double_deck()))
    why = [row.text for row in report.log.rows if row.kind == "why"]
    # hand 1 counted every figure of the bidders; E & W took 19 < 20: nothing, said why
    assert why == [
        "Hand 1: N makes 65 with 39 meld and 31 in tricks: W & E 0, N & S +70 (W & E: took "
        "under 20 in tricks, so nothing scores).",
        "Hand 2: E is set at 60 with 22 meld and 34 in tricks (56 in all, short of the 60 bid): "
        "W & E −60, N & S 0 (N & S: took under 20 in tricks, so nothing scores).",
    ]
    text = text_of(pdf_of(rs.double_deck()))
    assert "(56 in all, short of the 60 bid)" in text
