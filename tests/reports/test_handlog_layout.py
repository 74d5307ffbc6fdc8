"""The hand log's monospaced columns: names shortened, and a font size or page that fits."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
import reportsessions as rs
from pdftext import text_of
from pypdf import PdfReader

from scorekeeper.reports.assemble import build_report
from scorekeeper.reports.handlog_layout import LOG_MAX_PT, LOG_MIN_PT
from scorekeeper.reports.page import render_html
from scorekeeper.reports.pdf import render_pdf
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.templating import STATIC as STATIC_DIR

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


# -- the log's page and font size, from the stylesheets (the report has no inline style) ------


def test_every_log_font_size_the_layout_can_choose_has_its_class_in_report_css():
    css = (STATIC_DIR / "report.css").read_text()
    assert (LOG_MIN_PT, LOG_MAX_PT) == (4.0, 8.0)
    for tenths in range(40, 81):  # 4.0pt to 8.0pt, a tenth at a time
        rule = f".log-pt-{tenths} {{ font-size: {tenths // 10}.{tenths % 10}pt; }}"
        assert rule in css


def test_the_log_font_class_names_the_size_in_tenths_of_a_point(ctx):
    report = build_report(load_session(rs.hoyle()), "Letter")
    table = dataclasses.replace(report.log, font_pt=7.2)
    assert table.font_class == "log-pt-72"
    assert dataclasses.replace(report.log, font_pt=4.0).font_class == "log-pt-40"
    assert dataclasses.replace(report.log, font_pt=8.0).font_class == "log-pt-80"


@pytest.mark.parametrize(("size", "portrait"), [("Letter", (612, 792)), ("A4", (595, 842))])
def test_a_log_too_wide_for_the_page_prints_on_turned_pages_of_the_same_paper(ctx, size, portrait):
    names = [f"{first} the Tall" for first in ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus")]
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer="Bob the Tall", bid=250, trump="C", outcome="made")
    report = build_report(load_session(row.id), size)
    assert report.log.landscape  # 7 players and the pot: 8 holders' columns do not fit upright
    html = render_html(report, for_pdf=True)
    assert f'<section class="log {report.log.font_class}" id="log">' in html

    reader = PdfReader(io.BytesIO(render_pdf(html)))
    sizes = [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages
    ]
    log_from = next(i for i, p in enumerate(reader.pages) if "Hand log" in p.extract_text())
    assert log_from >= 1
    assert sizes[:log_from] == [portrait] * log_from  # the figures upright
    assert sizes[log_from:] == [portrait[::-1]] * (len(sizes) - log_from)  # the log turned
