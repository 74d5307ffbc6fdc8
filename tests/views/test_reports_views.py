"""The report's pages and downloads as a phone gets them: print view, PDF, CSV, JSON, import.

Sessions come from ``reportsessions`` (worked by hand there).
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
import reportsessions as rs
from pypdf import PdfReader
from sqlalchemy import func, select
from webhelpers import page_text, parse, text_of

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.services.sessions import create_session, end_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work


@pytest.fixture
def make(app):
    def build(builder, *args):
        with app.app_context(), unit_of_work():
            return builder(*args)

    return build


def session_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameSession))


def table_rows(page) -> list[str]:
    """Every table row of the page, its cells' text joined by spaces."""
    return [
        " ".join(text_of(cell) for cell in row if cell.tag in ("td", "th")).strip()
        for row in parse(page).iter("tr")
    ]


def pdf_size(body: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(body)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


# -- the print view ---------------------------------------------------------------------------


def test_the_print_view_shows_the_report_with_links_to_the_downloads(client, make):
    sid = make(rs.hoyle)
    page = client.get(f"/s/{sid}/print")
    assert page.status_code == 200
    text = page_text(page)
    assert "Hoyle (chips and the kitty)" in text
    rows = table_rows(page)
    assert "Player Chips With kitty share Money Note" in rows
    # the undivided kitty is no player's chips, so its Chips cell is empty
    kitty = "Left in the kitty  +2 +$0.20 2 chips don't split 4 ways: they stay for next time"
    assert kitty in rows
    # 2 chips among 4 players: none each (reportsessions), so chips and with share agree
    assert "Bob +43 +43 +$4.30" in rows
    assert "Dan pays Bob $3.10" in text
    links = {a.get("href") for a in parse(page).iter("a")}
    assert {
        f"/s/{sid}/report.pdf?size=letter",
        f"/s/{sid}/print?size=a4",
        f"/s/{sid}/hands.csv",
        f"/s/{sid}/session.json",
        f"/s/{sid}",
    } <= links
    html = page.get_data(as_text=True)
    assert "/static/paper-letter.css?v=" in html  # the paper size, a stylesheet of its own
    assert "/static/report.css?v=" in html and "/static/report-screen.css?v=" in html


def test_the_print_view_takes_a4_from_the_query(client, make):
    sid = make(rs.brooklyn)
    html = client.get(f"/s/{sid}/print?size=a4").get_data(as_text=True)
    assert "/static/paper-a4.css?v=" in html and "paper-letter.css" not in html
    assert f'href="/s/{sid}/report.pdf?size=a4"' in html


def test_a_name_made_of_html_is_shown_as_text_in_the_print_view(client, app):
    with app.app_context(), unit_of_work():
        names = ['<img src=x onerror="alert(1)">', "<script>x()</script>", "Cy"]
        row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
        rs._add(row.id, declarer="<script>x()</script>", bid=250, trump="C", outcome="made")
        sid = row.id
    html = client.get(f"/s/{sid}/print").get_data(as_text=True)
    assert "<img src=x" not in html and "<script>x()" not in html
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in html
    assert "&lt;script&gt;x()&lt;/script&gt;" in html


# -- downloads --------------------------------------------------------------------------------


def test_the_pdf_downloads_as_an_attachment_on_letter_paper(client, make):
    sid = make(rs.bison)
    response = client.get(f"/s/{sid}/report.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert re.fullmatch(
        rf'attachment; filename="scorekeeper-\d{{4}}-\d\d-\d\d-bison-session-{sid}\.pdf"',
        disposition,
    )
    assert response.data.startswith(b"%PDF")
    assert pdf_size(response.data) == (612, 792)


def test_the_pdf_is_a4_when_asked_in_the_query(client, make):
    sid = make(rs.brooklyn)
    assert pdf_size(client.get(f"/s/{sid}/report.pdf?size=A4").data) == (595, 842)


def test_the_pdf_page_size_setting_is_the_default_and_the_query_overrides_it(app, client, make):
    sid = make(rs.brooklyn)
    app.config["PDF_PAGE_SIZE"] = "A4"
    assert pdf_size(client.get(f"/s/{sid}/report.pdf").data) == (595, 842)
    assert pdf_size(client.get(f"/s/{sid}/report.pdf?size=letter").data) == (612, 792)


def test_the_csv_downloads_with_the_hand_log(client, make):
    sid = make(rs.brooklyn)
    response = client.get(f"/s/{sid}/hands.csv")
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].endswith(f'-brooklyn-session-{sid}.csv"')
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:3] == ["hand", "game", "dealer"]
    # hand 2: Cal set at 300 in hearts pays 2 to each; totals Ann -2, Bob 14, Cal -10, Dan -2
    assert rows[2][-8:] == ["2", "-2", "2", "14", "-6", "-10", "2", "-2"]


def test_the_json_downloads_the_whole_session(client, make):
    sid = make(rs.partnership)
    response = client.get(f"/s/{sid}/session.json")
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].endswith(f'-partnership-session-{sid}.json"')
    data = json.loads(response.data)
    assert data["version"] == 2
    assert len(data["events"]) == 3


@pytest.mark.parametrize("path", ["print", "report.pdf", "hands.csv", "session.json"])
def test_an_unknown_session_is_not_found(client, path):
    assert client.get(f"/s/999/{path}").status_code == 404


# -- import -----------------------------------------------------------------------------------


def test_the_import_page_offers_a_file_and_a_text_box(client):
    page = client.get("/sessions/import")
    assert page.status_code == 200
    tree = parse(page)
    form = next(f for f in tree.iter("form") if f.get("action") == "/sessions/import")
    assert form.get("enctype") == "multipart/form-data"
    names = {el.get("name") for el in form.iter() if el.get("name")}
    assert {"file", "text", "csrf_token"} <= names


def test_pasting_an_export_recreates_the_session(app, client, make):
    sid = make(rs.hoyle)
    exported = client.get(f"/s/{sid}/session.json").get_data(as_text=True)
    response = client.post("/sessions/import", data={"text": exported})
    assert response.status_code == 302
    new_id = int(re.search(r"/s/(\d+)$", response.headers["Location"]).group(1))
    assert new_id != sid
    page = client.get(response.headers["Location"])
    assert "Session imported: Ann, Bob, Cal, Dan; 2 hands." in page_text(page)
    # the same figures: Bob +43 units is +$4.30 (reportsessions.hoyle)
    assert "Bob +43 +43 +$4.30" in table_rows(client.get(f"/s/{new_id}/print"))


def test_uploading_an_export_recreates_the_session(client, make):
    sid = make(rs.bison)
    exported = client.get(f"/s/{sid}/session.json").data
    response = client.post(
        "/sessions/import",
        data={"file": (io.BytesIO(exported), "session.json"), "text": ""},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    new = response.headers["Location"]
    assert "Won by Bob. Bob reached 500 first, with 590." in page_text(client.get(new + "/print"))


def test_a_bad_file_is_refused_next_to_the_field_keeping_what_was_pasted(app, client, make):
    make(rs.brooklyn)
    before = session_count(app)
    response = client.post("/sessions/import", data={"text": '{"format": "nope"}'})
    assert response.status_code == 422
    tree = parse(response)
    error = next(p for p in tree.iter("p") if "error" in (p.get("class") or ""))
    assert "not a Scorekeeper session file" in "".join(error.itertext())
    textarea = next(tree.iter("textarea"))
    assert "".join(textarea.itertext()) == '{"format": "nope"}'
    assert session_count(app) == before


def test_a_file_breaking_a_rule_is_refused_and_nothing_is_saved(app, client, make):
    sid = make(rs.brooklyn)
    data = json.loads(client.get(f"/s/{sid}/session.json").data)
    data["events"][0]["entry"]["bid"] = 390  # Brooklyn forbids bids ending in 90
    before = session_count(app)
    response = client.post("/sessions/import", data={"text": json.dumps(data)})
    assert response.status_code == 422
    assert "Hand 1:" in page_text(response)
    assert session_count(app) == before


def test_a_hand_of_the_wrong_shape_is_refused_naming_the_event_and_the_field(app, client, make):
    sid = make(rs.brooklyn)
    data = json.loads(client.get(f"/s/{sid}/session.json").data)
    data["events"][1]["entry"]["trump"] = "hearts"  # the API's letters: S, H, D or C
    before = session_count(app)
    response = client.post("/sessions/import", data={"text": json.dumps(data)})
    assert response.status_code == 422
    assert 'Event 2: trump must be S, H, D or C, not "hearts".' in page_text(response)
    assert session_count(app) == before


# -- links ------------------------------------------------------------------------------------


def test_the_history_page_links_to_print_and_export(client, make):
    sid = make(rs.brooklyn)
    links = {
        a.get("href"): "".join(a.itertext())
        for a in parse(client.get(f"/s/{sid}/history")).iter("a")
    }
    assert links[f"/s/{sid}/print"] == "Print / PDF"
    assert links[f"/s/{sid}/session.json"] == "Export"


def test_the_home_page_links_to_the_import(client):
    links = {a.get("href"): "".join(a.itertext()) for a in parse(client.get("/")).iter("a")}
    assert links["/sessions/import"] == "Import a session"


def test_an_import_page_left_open_too_long_keeps_the_text_and_asks_again(app, client, make):
    sid = make(rs.brooklyn)
    exported = client.get(f"/s/{sid}/session.json").get_data(as_text=True)
    app.config["WTF_CSRF_ENABLED"] = True
    before = session_count(app)
    stale = client.post("/sessions/import", data={"text": exported, "csrf_token": "old"})
    assert stale.status_code == 422
    assert "This page was open a long time" in page_text(stale)
    assert "".join(next(parse(stale).iter("textarea")).itertext()) == exported
    assert session_count(app) == before
    token = next(
        el.get("value") for el in parse(stale).iter("input") if el.get("name") == "csrf_token"
    )
    fresh = client.post("/sessions/import", data={"text": exported, "csrf_token": token})
    assert fresh.status_code == 302
    assert session_count(app) == before + 1


# -- the report's words ------------------------------------------------------------------------


def heading(page) -> str:
    return text_of(next(parse(page).iter("h1")))


def h2s(page) -> list[str]:
    return [text_of(h) for h in parse(page).iter("h2")]


def test_a_report_is_headed_pinochle_for_a_table_that_never_named_itself(client, make):
    sid = make(rs.brooklyn)
    page = client.get(f"/s/{sid}/print")
    assert heading(page) == "Pinochle"
    assert "Our table" not in page_text(page)
    pdf = client.get(f"/s/{sid}/report.pdf")
    first = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Pinochle" in first and "Our table" not in first
    assert "Pinochle · Brooklyn (chips) · " in first  # each page's foot, the name first


def test_a_report_is_headed_by_the_name_the_table_gave_itself(client, make, app):
    sid = make(rs.brooklyn)
    with app.app_context(), unit_of_work():
        default_table().name = "Friday Club"
    page = client.get(f"/s/{sid}/print")
    assert heading(page) == "Friday Club"
    first = PdfReader(io.BytesIO(client.get(f"/s/{sid}/report.pdf").data)).pages[0]
    assert "Friday Club" in first.extract_text()


def test_only_an_ended_session_has_final_standings(client, make, app):
    sid = make(rs.brooklyn)
    open_page = client.get(f"/s/{sid}/print")
    assert "Standings so far" in h2s(open_page) and "Final standings" not in h2s(open_page)
    with app.app_context(), unit_of_work():
        end_session(load_session(sid))
    ended = client.get(f"/s/{sid}/print")
    assert "Final standings" in h2s(ended) and "Standings so far" not in h2s(ended)


def test_a_two_pack_report_lists_only_the_house_rules_that_change_something(client, make):
    sid = make(rs.six_two_packs)
    rules = [row for row in table_rows(client.get(f"/s/{sid}/print")) if row]
    labels = " | ".join(rules)
    # 96 cards have their own meld table and the preset has no bidding
    gone = ("Arounds with a double deck", "Double roundhouse", "Double trump marriage",
            "Minimum bid", "Bid step", "Both teams past the target", "NPA meld values")  # fmt: skip
    assert [label for label in gone if label in labels] == []
    assert "Bidding Off" in rules
    assert "Deck Two packs with nines (96 cards)" in rules
    assert "Game to 1000" in rules
    assert "Meld to be on the board Every meld counts" in rules
