"""The hand log's monospaced columns: names shortened, and a font size or page that fits."""

from __future__ import annotations

import re

import reportsessions as rs
from pdftext import text_of

from scorekeeper.reports.assemble import build_report
from scorekeeper.reports.page import render_html
from scorekeeper.reports.pdf import render_pdf
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table

# -- the log's columns ----------------------------------------------------------------------


def test_long_names_are_shortened_in_the_log_and_listed_in_full(ctx):
    names = ["Alexandra the Magnificent", "Alexandra the Merciful", "Bo"]
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer="Bo", bid=250, trump="C", outcome="made")
    report = build_report(load_session(row.id))
    labels = dict(report.log.shortened)
    assert set(labels) == {"Alexandra the Magnificent", "Alexandra the Merciful"}
    assert len(set(labels.values())) == 2  # still told apart
    assert all(len(label) <= 12 for label in labels.values())
    text = text_of(render_pdf(render_html(report, for_pdf=True)))
    assert "Names shortened in the log" in text
    assert "Alexandra the Magnificent" in text


def test_a_wide_log_gets_a_smaller_font_or_a_landscape_page(ctx):
    names = [f"Player {c}" for c in "ABCDEFGH"]  # 8 at a pot table: 9 holder columns
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer="Player B", bid=250, trump="C", outcome="made")
    report = build_report(load_session(row.id), "A4")
    widest = max(len(line) for line in report.log.head.split("\n"))
    assert report.log.width >= widest
    page_width = 842 if report.log.landscape else 595
    # the widest line fits between the margins at the chosen size
    assert report.log.width * 0.602 * report.log.font_pt <= page_width - 72
    text = text_of(render_pdf(render_html(report, for_pdf=True)))
    # the dealer and the four beyond the three to the dealer's left sit out, one per line
    assert "1 Player A Player A Player B 250 ♣ made" in text
    assert re.search(r"Player E[\s│]+Player F[\s│]+Player G[\s│]+Player H", text)
