"""The session report: the PDF's figures for every preset, its pages, fonts and looks, and the
URL fetcher that keeps WeasyPrint to the app's own static files.

Sessions come from ``reportsessions`` (every figure worked out by hand in its docstring). The
PDF's text is read back with pypdf, whitespace collapsed, and searched for those figures.
"""

from __future__ import annotations

import http.server
import io
import re
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.request import Request

import pytest
import reportsessions as rs
from conftest import unavailable
from pypdf import PdfReader

from scorekeeper import reports
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table

# -- helpers ----------------------------------------------------------------------------------


@pytest.fixture
def ctx(app):
    """A request context: templates render ``url_for`` and the filters."""
    with app.test_request_context():
        yield app


def pdf_of(session_id: int, size: str = "Letter") -> bytes:
    return reports.report_pdf(load_session(session_id), size)


def pages_text(pdf: bytes) -> list[str]:
    """Each page's text, whitespace collapsed to single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def text_of(pdf: bytes) -> str:
    return " ".join(pages_text(pdf))


@pytest.fixture
def snoop() -> Iterator[tuple[int, list[str]]]:
    """A local web server that records every request it gets: (port, paths requested)."""
    hits: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            hits.append(self.path)
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port, hits
    finally:
        server.shutdown()
        server.server_close()


# -- figures for every preset -------------------------------------------------------------


def test_brooklyn_pdf_prints_standings_money_payments_and_the_hand_log(ctx):
    text = text_of(pdf_of(rs.brooklyn()))
    # Ann -4+2, Bob 12+2, Cal -4-6, Dan -4+2 units; x 10c
    for line in ("Ann −2 −$0.20", "Bob +14 +$1.40", "Cal −10 −$1.00", "Dan −2 −$0.20"):
        assert line in text
    # Bob is the only one owed: each debtor pays him
    for line in ("Ann pays Bob $0.20", "Cal pays Bob $1.00", "Dan pays Bob $0.20"):
        assert line in text
    assert "3 payments settle everything" in text
    # hand 1: Ann deals, Dan (her right) sits out, Bob makes 350 in spades: 2 x 2 = 4 each
    assert "1 Ann Dan Bob 350 ♠ made │ −4 −4 │ +12 +12 │ −4 −4 │ −4 −4" in text
    # hand 2: Bob deals, Ann sits out, Cal is set at 300 in hearts: 2 x 1 to each other
    assert "2 Bob Ann Cal 300 ♥ set │ +2 −2 │ +2 +14 │ −6 −10 │ +2 −2" in text


def test_brooklyn_pdf_prints_every_house_rule_in_words(ctx):
    text = text_of(pdf_of(rs.brooklyn()))
    assert "Preset: Brooklyn (chips)" in text
    for line in (
        "Double meld bonus Off",
        "Card values Classic (11-10-4-3-2)",
        "Minimum bid 300",
        "Forbidden bid endings 40, 90",
        "When everyone passes Dealer takeover at 250",
        "Who sits out The player to the dealer's right (4 players)",
        "Payment schedule Brooklyn: 1, 2, 4, 8, 16, 32",
        "Spades double On",
        "Hearts triple Off",
        "Set factor 2",
        "Stake per unit $0.10",
    ):
        assert line in text
    assert "*" not in text.split("Game and house rules")[1].split("The session")[0]


def test_brooklyn_pot_pdf_divides_the_pot_and_settles(ctx):
    text = text_of(pdf_of(rs.brooklyn_pot()))
    # pot 15 + 24 = 39 units = $1.95 at 5c; 13 each; Ann 19+13, Bob -77+13, Cal 19+13
    assert "The pot holds 39 units ($1.95)" in text
    assert "owns a share of 13 units ($0.65)" in text
    # each row: chips, with pot share, money
    for line in ("Ann +19 +32 +$1.60", "Bob −77 −64 −$3.20", "Cal +19 +32 +$1.60"):
        assert line in text
    assert "Bob pays Ann $1.60" in text
    assert "Bob pays Cal $1.60" in text
    # Bob's set at 330 in spades: 2 x (6 x 2) = 24 to each, the pot included; antes of 5 before
    assert "1 Ann Bob 330 ♠ set │ +24 +19 │ −72 −77 │ +24 +19 │ +24 39" in text
    assert "Ante $0.25" in text and "Pot taken at 400" in text


def test_hoyle_pdf_shows_the_kitty_its_undivided_units_and_the_payments(ctx):
    text = text_of(pdf_of(rs.hoyle()))
    for line in (
        # chips, with kitty share (0 each: see below), money
        "Ann −7 −7 −$0.70",
        "Bob +43 +43 +$4.30",
        "Cal −7 −7 −$0.70",
        "Dan −31 −31 −$3.10",
        # 2 units among 4 players: 0 each, 2 stay in the kitty
        "Kitty (undivided) +2 +$0.20",
    ):
        assert line in text
    assert "The kitty holds 2 units ($0.20)" in text
    assert "2 units ($0.20) cannot be divided evenly" in text
    # 5 holders owed or owing and no group of them adds to 0: 5 - 1 = 4 payments
    assert "4 payments settle everything" in text
    assert "puts $0.20 in the kitty" in text
    assert "Dan pays Bob $3.10" in text  # Dan's whole debt goes to the one big winner
    # hand 1: 10 from each opponent and the kitty; everyone chips in 3 for the kitty
    assert "1 Ann Ann Bob 350 ♠ 190 170 made │ −13 −13 │ +37 +37 │ −13 −13 │ −13 −13 │ +2 2" in (
        text
    )
    assert "2 Bob Bob Dan 300 ♥ set │ +6 −7 │ +6 +43 │ +6 −7 │ −18 −31 │ 0 2" in text
    assert "Kitty joins at 350" in text


def test_hoyle_pdf_logs_a_player_leaving(ctx):
    text = text_of(pdf_of(rs.hoyle(leave=True)))
    assert "Dan left the table after hand 2." in text
    assert "left after hand 2, cashed out" in text


def test_bison_pdf_prints_games_stakes_and_the_unfinished_game(ctx):
    text = text_of(pdf_of(rs.bison()))
    assert "Won by Bob: reached 500 with 590." in text
    assert "Final scores: Ann +380 · Bob +590 · Cal −240." in text
    assert "Sets: Cal 1 double." in text
    # Ann pays the $1.00 game stake; Cal $1.00 + a double set at 2 x $0.50
    assert "Stakes: Ann pays Bob $1.00; Cal pays Bob $2.00." in text
    assert "As a pot: $4.00, taken by Bob ($4.00)." in text
    # games won, and game 2 so far: Cal concedes 250, Ann and Bob add their meld
    for line in ("Ann 0 +20", "Bob 1 +40", "Cal 0 −250"):
        assert line in text
    for line in ("Ann −$1.00", "Bob +$3.00 won 1 game", "Cal −$2.00"):
        assert line in text
    assert "Ann pays Bob $1.00" in text and "Cal pays Bob $2.00" in text
    # each player's meld, trick points, change and running total
    assert "1 Ann Bob 250 ♠ made │ 40 80 +120 +120 │ 150 130 +280 +280 │ 20 40 +60 +60" in text
    assert "2 Bob Cal 300 ♥ set │ 0 0 0 +120 │ 60 140 +200 +480 │ 40 110 −300 −240" in text
    assert "3 Cal Ann 250 ♦ made │ 100 160 +260 +380 │ 20 90 +110 +590 │ 0 0 0 −240" in text
    assert "Game 1 won by Bob." in text
    assert "4 Bob Cal 250 conceded │ 20 +20 +20 │ 40 +40 +40 │ −250 −250" in text
    assert "Game to * 500" in text and "Set stake * $0.50" in text


def test_partnership_pdf_prints_team_scores_as_the_table_writes_them(ctx):
    text = text_of(pdf_of(rs.partnership()))
    assert "Teams: Ann & Cal against Bob & Dan." in text
    assert "Won by Ann & Cal: reached 50." in text
    assert "Final scores: Ann & Cal +71 · Bob & Dan +15." in text
    assert "Bob pays Ann $0.50" in text and "Dan pays Cal $0.50" in text
    # scale 10: points are shown divided by ten
    for line in ("Drop the trailing zero * Yes (25, 150)", "Minimum bid 25", "Game to * 50"):
        assert line in text
    assert "1 Ann Bob 25 ♣ made │ 2 10 +12 +12 │ 14 15 +29 +29" in text
    assert "2 Bob Cal 30 ♠ made │ 21 16 +37 +49 │ 2 9 +11 +40" in text
    assert "3 Cal Dan 25 ♥ set │ 2 20 +22 +71 │ 4 5 −25 +15" in text


# -- pages, paper, fonts, looks -----------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(rs.BUILDERS))
def test_every_page_is_numbered_page_n_of_total(ctx, preset):
    pages = pages_text(pdf_of(rs.BUILDERS[preset]()))
    assert len(pages) >= 2
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text


@pytest.mark.parametrize(("size", "points"), [("Letter", (612, 792)), ("A4", (595, 842))])
def test_the_page_size_is_letter_or_a4(ctx, size, points):
    reader = PdfReader(io.BytesIO(pdf_of(rs.hoyle(), size)))
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == points


def test_page_size_names_are_read_in_any_case_and_unknown_ones_fall_back():
    assert reports.page_size("a4") == "A4"
    assert reports.page_size(" LETTER ") == "Letter"
    assert reports.page_size("legal", "A4") == "A4"
    assert reports.page_size(None) == "Letter"


def test_fonts_are_embedded(ctx, tmp_path):
    if shutil.which("pdffonts") is None:
        unavailable("pdffonts is not installed (apt-get install poppler-utils)")
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf_of(rs.hoyle()))
    lines = subprocess.run(
        ["pdffonts", str(path)], check=True, capture_output=True, text=True
    ).stdout.splitlines()[2:]
    assert lines
    names = [line.split()[0] for line in lines]
    assert any("Report-Sans" in name for name in names)
    assert any("Report-Mono" in name for name in names)
    for line in lines:
        # columns: name type encoding emb sub uni object ID
        assert line.split()[-5] == "yes", line


def test_suits_print_as_symbols_with_no_letter_codes(ctx):
    text = text_of(pdf_of(rs.brooklyn()))
    assert "350 ♠" in text and "300 ♥" in text


def _page_image(pdf: bytes, tmp_path: Path, page: int = 1):
    from PIL import Image

    if shutil.which("pdftoppm") is None:
        unavailable("pdftoppm is not installed (apt-get install poppler-utils)")
    source = tmp_path / "report.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "50", "-f", str(page), "-l", str(page), "-png", str(source),
         str(tmp_path / "page")],
        check=True,
    )  # fmt: skip
    image_path = next(tmp_path.glob("page*.png"))
    return Image.open(image_path).convert("L")


@pytest.mark.parametrize("preset", sorted(rs.BUILDERS))
def test_the_first_page_is_not_blank(ctx, tmp_path, preset):
    from PIL import ImageStat

    image = _page_image(pdf_of(rs.BUILDERS[preset]()), tmp_path)
    stat = ImageStat.Stat(image)
    assert stat.stddev[0] > 20  # text on white, not a flat page
    dark = sum(image.histogram()[:128])
    assert dark > 0.005 * image.width * image.height


def test_the_hand_log_page_is_black_and_white_readable(ctx, tmp_path):
    """The log prints in greys only: its meaning is in signs and symbols, never in colour."""
    image = _page_image(pdf_of(rs.hoyle()), tmp_path, page=3).convert("RGB")
    colours = {pixel for _, pixel in image.getcolors(1 << 24) if len(set(pixel)) > 1}
    assert not colours


# -- hostile names and the URL fetcher ------------------------------------------------------


def test_a_name_made_of_html_prints_as_text_and_fetches_nothing(ctx, snoop):
    port, hits = snoop
    names = [
        "<img src=x>",
        f"<img src=http://127.0.0.1:{port}/n>",
        "<link rel=stylesheet href=/etc/x>",
    ]
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer=names[1], bid=250, trump="C", outcome="made")
    report = reports.build_report(load_session(row.id))
    html = reports.render_html(report, for_pdf=True)
    assert "<img src=x>" not in html
    assert "&lt;img src=x&gt;" in html
    assert "<link rel=stylesheet href=/etc" not in html
    fetcher = reports.StaticFetcher()
    text = " ".join(pages_text(reports.render_pdf(html, fetcher)))
    for name in names:
        assert name in text
    assert hits == []
    assert all(url.startswith("/static/") for url in fetcher.requested)
    assert fetcher.refused == []


def test_the_chart_escapes_names(ctx):
    row = create_session(
        default_table(), {"system": "brooklyn-pot"}, ["<b>Ann</b>", "Bob", "Cal"], 0
    )
    rs._add(row.id, declarer="Bob", bid=250, trump="C", outcome="made")
    report = reports.build_report(load_session(row.id))
    chart = str(report.games[0].chart)
    assert "<b>" not in chart and "&lt;b&gt;Ann&lt;/b&gt;" in chart


def test_a_crafted_stylesheet_fetches_no_file_and_no_network_address(ctx, snoop):
    port, hits = snoop
    html = f"""<!doctype html><html><head>
    <link rel="stylesheet" href="http://127.0.0.1:{port}/own-host.css">
    <link rel="stylesheet" href="https://127.0.0.1:{port}/tls.css">
    <link rel="stylesheet" href="file:///etc/passwd">
    <style>
      @import url("http://127.0.0.1:{port}/import.css");
      @import url("//127.0.0.1:{port}/scheme-relative.css");
      body {{ background: url("/static/../../../../etc/passwd"); }}
      h1 {{ background: url("/static/%2e%2e/%2e%2e/etc/passwd"); }}
      p {{ background: url("data:image/png;base64,iVBORw0KGgo="); }}
      @font-face {{ font-family: X; src: local("DejaVu Sans"); }}
    </style></head><body>
    <h1 style="font-family: X">Hello</h1><p>text</p>
    <img src="http://127.0.0.1:{port}/img.png"><img src="file:///etc/hostname">
    <img src="/static/report.css?x=1">
    </body></html>"""
    fetcher = reports.StaticFetcher()
    pdf = reports.render_pdf(html, fetcher)
    assert pdf.startswith(b"%PDF")
    assert hits == []
    assert fetcher.requested  # WeasyPrint did ask; every ask was refused
    assert set(fetcher.requested) == set(fetcher.refused)
    refused = " ".join(fetcher.refused)
    for fragment in ("own-host.css", "tls.css", "file:///etc/passwd", "import.css", "img.png",
                     "/etc/hostname", "data:image/png", "%2e%2e", "x=1"):  # fmt: skip
        assert fragment in refused


REFUSED_URLS = [
    "file:///etc/passwd",
    "file:///work/main/scorekeeper/static/report.css",
    "http://127.0.0.1:5000/static/report.css",
    "https://example.com/static/report.css",
    "//example.com/static/report.css",
    "data:text/css,body{color:red}",
    "ftp://example.com/x.css",
    "/etc/passwd",
    "static/report.css",
    "/static/",
    "/static/fonts",
    "/static/../scorekeeper/models.py",
    "/static/fonts/../report.css",
    "/static/%2e%2e/models.py",
    "/static/report.css?v=1",
    "/static/report.css#x",
    "/static//report.css",
    "/static/./report.css",
    "/static/app.js",
    "/static/missing.css",
    "/static/report.css\x00.png",
    "\\static\\report.css",
]


@pytest.mark.parametrize("url", REFUSED_URLS)
def test_the_fetcher_refuses_anything_but_a_static_file(url):
    fetcher = reports.StaticFetcher()
    with pytest.raises(reports.FetchRefused):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_the_fetcher_reads_static_files_from_disk():
    fetcher = reports.StaticFetcher()
    response = fetcher.fetch("/static/report.css")
    assert response.read() == (reports.STATIC_DIR / "report.css").read_bytes()
    assert response.content_type == "text/css"
    font = fetcher.fetch("/static/fonts/DejaVuSans.ttf")
    assert font.read()[:4] == b"\x00\x01\x00\x00"  # a TrueType font
    assert fetcher.refused == []


def test_the_fetcher_does_not_follow_a_link_out_of_the_static_folder(tmp_path):
    static = tmp_path / "static"
    static.mkdir()
    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }")
    (static / "out.css").symlink_to(secret)
    (static / "ok.css").write_text("p { margin: 0 }")
    fetcher = reports.StaticFetcher(static)
    assert fetcher.fetch("/static/ok.css").read() == b"p { margin: 0 }"
    with pytest.raises(reports.FetchRefused):
        fetcher.fetch("/static/out.css")


def test_the_fetcher_never_opens_a_url_through_urllib():
    """Redirects are never followed because nothing goes over the network at all."""
    fetcher = reports.StaticFetcher()
    with pytest.raises(reports.FetchRefused):
        fetcher.open(Request("http://127.0.0.1:9/static/report.css"))
    with pytest.raises(reports.FetchRefused):
        fetcher("https://127.0.0.1:9/")


# -- the log's columns ----------------------------------------------------------------------


def test_long_names_are_shortened_in_the_log_and_listed_in_full(ctx):
    names = ["Alexandra the Magnificent", "Alexandra the Merciful", "Bo"]
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer="Bo", bid=250, trump="C", outcome="made")
    report = reports.build_report(load_session(row.id))
    labels = dict(report.log.shortened)
    assert set(labels) == {"Alexandra the Magnificent", "Alexandra the Merciful"}
    assert len(set(labels.values())) == 2  # still told apart
    assert all(len(label) <= 12 for label in labels.values())
    text = text_of(reports.render_pdf(reports.render_html(report, for_pdf=True)))
    assert "Names shortened in the log" in text
    assert "Alexandra the Magnificent" in text


def test_a_wide_log_gets_a_smaller_font_or_a_landscape_page(ctx):
    names = [f"Player {c}" for c in "ABCDEFGH"]  # 8 at a pot table: 9 holder columns
    row = create_session(default_table(), {"system": "brooklyn-pot"}, names, 0)
    rs._add(row.id, declarer="Player B", bid=250, trump="C", outcome="made")
    report = reports.build_report(load_session(row.id), "A4")
    widest = max(len(line) for line in report.log.head.split("\n"))
    assert report.log.width >= widest
    page_width = 842 if report.log.landscape else 595
    # the widest line fits between the margins at the chosen size
    assert report.log.width * 0.602 * report.log.font_pt <= page_width - 72
    text = text_of(reports.render_pdf(reports.render_html(report, for_pdf=True)))
    # the dealer and the four beyond the three to the dealer's left sit out, one per line
    assert "1 Player A Player A Player B 250 ♣ made" in text
    assert re.search(r"Player E[\s│]+Player F[\s│]+Player G[\s│]+Player H", text)
