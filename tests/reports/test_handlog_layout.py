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
from scorekeeper.reports.handlog_layout import (
    LOG_MAX_PT,
    LOG_MIN_PT,
    LogLayout,
    column_widths,
    display_width,
    entry_cells,
    log_columns,
    short_names,
)
from scorekeeper.reports.page import render_html
from scorekeeper.reports.pdf import render_pdf
from scorekeeper.rules.game.variant import BISON, BROOKLYN
from scorekeeper.services.exports.handlog import hand_log
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.web.templating import STATIC as STATIC_DIR

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


def test_a_team_of_four_is_headed_by_every_members_first_letters(ctx):
    report = build_report(load_session(rs.eight_handed()))
    head = report.log.head
    # "Ann & Cal & Eve & Gus" is too long to head its columns; each member keeps three letters.
    assert "Ann·Cal·Eve·Gus" in head and "Bob·Dee·Fay·Hal" in head
    assert "…" not in head


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


# -- the layout's steps: columns, cells, widths, lines ------------------------------------------

LONG = "🂡 Queen of spades 🃏 the longest name ok!"  # 40 characters, the joker two columns wide


@pytest.mark.parametrize(
    ("name", "width", "label"),
    [
        # the ace of spades card takes one column, so 11 characters and the ellipsis fit 12
        pytest.param(LONG, 12, "🂡 Queen of …", id="40 characters in a player's 12"),
        pytest.param(LONG, 14, "🂡 Queen of sp…", id="40 characters in a holder's 14"),
        # each character two columns: 5 of them and the ellipsis take 11 of the 12
        pytest.param("東京の太郎さん東京の太郎さん", 12, "東京の太郎…", id="wide characters"),
        pytest.param("Ann", 12, "Ann", id="a short name stays whole"),
    ],
)
def test_a_name_is_cut_to_its_columns_ending_in_an_ellipsis(name, width, label):
    assert short_names([name], width) == {name: label}
    assert display_width(label) <= width


@pytest.mark.parametrize(
    ("builder", "facts", "figures"),
    [
        # three at Brooklyn: nobody sits out, so no "Out" column; the pot has figures too
        pytest.param(
            rs.brooklyn_pot,
            ["#", "Dealer", "Declarer", "Bid", "Tr", "Meld", "Tricks", "Result"],
            ("+/−", "total"),
            id="chip game, nobody out",
        ),
        pytest.param(
            rs.hoyle,
            ["#", "Dealer", "Out", "Declarer", "Bid", "Tr", "Meld", "Tricks", "Result"],
            ("+/−", "total"),
            id="chip game, the dealer out",
        ),
        # a score game shows each holder's meld and tricks under their name, not as facts
        pytest.param(
            rs.bison,
            ["#", "Dealer", "Declarer", "Bid", "Tr", "Result"],
            ("meld", "trk", "+/−", "total"),
            id="score game",
        ),
    ],
)
def test_a_log_has_the_columns_its_game_fills(ctx, builder, facts, figures):
    loaded = load_session(builder())
    columns = log_columns(loaded, hand_log(loaded))
    assert [column.header for column in columns.facts] == facts
    assert columns.figures == figures


def test_a_takeover_and_a_renege_are_noted_under_the_result(ctx):
    row = create_session(default_table(), {"system": "brooklyn"}, ["Ann", "Bob", "Cal"], 0)
    rs._add(row.id, declarer="Ann", bid=250, trump="C", outcome="made", takeover=True)
    takeover = entry_cells(hand_log(load_session(row.id))[0], {}, BROOKLYN.present.holder_columns)
    assert takeover.facts["result"] == ["made", "(takeover)"]
    assert takeover.height == 2
    assert takeover.fact_line("dealer", 1) == ""  # one-line facts are blank below

    loaded = load_session(rs.bison())
    reneger = loaded.setup.players[2]  # Cal
    entry = dataclasses.replace(hand_log(loaded)[0], outcome="renege", reneger=reneger)
    cells = entry_cells(entry, {reneger: "Cal"}, BISON.present.holder_columns)
    assert cells.facts["result"] == ["renege", "by Cal"]
    # Bison hand 1 (tests/reportsessions.py): Ann melds 40 and takes 80 in tricks, +120
    assert cells.figures[0] == ["40", "80", "+120", "+120"]


def test_a_holder_named_wider_than_the_figures_widens_only_its_own_total(ctx):
    loaded = load_session(rs.brooklyn(("Ann", "Bob", "Cal", LONG)))
    columns = log_columns(loaded, entries := hand_log(loaded))
    labels = short_names(columns.holders, 14)
    label = short_names(list(loaded.setup.players))
    cells = [entry_cells(entry, label, columns.under_holders) for entry in entries]
    widths = column_widths(columns, cells, labels)
    ann, bob, cal, long = columns.holders
    # "+/−" is 3 columns and "total" 5, wider than any figure (−10 at most); the long name's
    # label takes 14 columns, 5 more than "+/− total", so its total column is 5 + 5 = 10 wide
    assert widths.figures == {ann: [3, 5], bob: [3, 5], cal: [3, 5], long: [3, 10]}
    assert widths.holder(long) == 14
    # the "Out" column fits the 12-column label of the long name (out in hand 1)
    assert widths.facts == {
        "#": 1, "dealer": 6, "out": 12, "declarer": 8, "bid": 3, "trump": 2, "meld": 4,
        "tricks": 6, "result": 6,
    }  # fmt: skip
    layout = LogLayout(columns, widths)
    assert layout.head(labels).split("\n")[0].endswith("│ 🂡 Queen of sp…")


def test_a_cumulative_log_notes_where_each_game_starts_and_ends(ctx):
    table = build_report(load_session(rs.bison())).log
    notes = [row.text if row.kind == "note" else row.kind for row in table.rows]
    # Bison (tests/reportsessions.py): Bob wins game 1 after hand 3; hand 4 starts game 2.
    # Hand 2 (Cal set at 300, Ann without a counter) and hand 3 (Cal without a counter) have
    # figures that did not count: their words follow them, saying why (issue 30).
    assert notes == [
        "Game 1", "hand", "hand", "why", "hand", "why", "Game 1 won by Bob.", "Game 2", "hand",
    ]  # fmt: skip


def test_every_other_hand_is_shaded_and_the_words_under_a_hand_share_its_shade(ctx):
    table = build_report(load_session(rs.bison())).log
    shades = [(row.kind, row.shaded) for row in table.rows if row.kind != "note"]
    # Bison's four hands (tests/reportsessions.py): hands 2 and 4 shaded; the words under hands
    # 2 and 3 shaded as their hand is, so no later hand's shade moves
    assert shades == [
        ("hand", False), ("hand", True), ("why", True), ("hand", False), ("why", False),
        ("hand", True),
    ]  # fmt: skip


def test_under_summed_bids_the_bid_column_gives_each_teams_contract_and_its_bids(ctx, tmp_path):
    # reportsessions.summed_bids: hand 1 N & S 65 (N 40 + S 25), W & E 30 (E 30); hand 2
    # N & S 70 (N 45 + S 25), W & E 50 (W 20 + E 30).
    loaded = load_session(rs.summed_bids())
    entries = hand_log(loaded)
    label = {p: str(p) for p in loaded.setup.players}
    columns = log_columns(loaded, entries)
    cells = [entry_cells(entry, label, columns.under_holders) for entry in entries]
    assert [c.facts["bid"] for c in cells] == [
        ["65 N 40+S 25", "30 E 30"],
        ["70 N 45+S 25", "50 W 20+E 30"],
    ]
    pdf = render_pdf(render_html(build_report(loaded), for_pdf=True))
    (tmp_path / "summed.pdf").write_bytes(pdf)
    text = text_of(pdf)
    for line in ("65 N 40+S 25", "30 E 30", "70 N 45+S 25", "50 W 20+E 30"):
        assert line in text
