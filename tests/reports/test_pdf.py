"""The report's PDF: its pages, paper, fonts and looks, and the URL fetcher that keeps
WeasyPrint to the app's own static files.
"""

from __future__ import annotations

import http.server
import io
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.request import Request

import pytest
import reportsessions as rs
import threadserver
from conftest import unavailable
from pdftext import page_lines, pages_text, pdf_of, text_of
from pypdf import PdfReader
from reportpages import layout_faults
from webhelpers import dispose, migrated_app

from scorekeeper.reports.assemble import build_report
from scorekeeper.reports.page import render_html
from scorekeeper.reports.pdf import FetchRefused, StaticFetcher, page_size, render_pdf
from scorekeeper.services.sessions import create_session, load_session
from scorekeeper.services.tables import default_table
from scorekeeper.web.templating import STATIC as STATIC_DIR


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
    thread = threadserver.start(server)
    try:
        yield server.server_port, hits
    finally:
        threadserver.stop(server, thread)


@pytest.fixture(scope="module")
def preset_pdfs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, bytes]]:
    """The report PDF of each preset's session, rendered once for the tests that only read it
    (on an app of the module's own)."""
    app = migrated_app(tmp_path_factory.mktemp("pdfs"))
    with app.test_request_context():
        yield {preset: pdf_of(build()) for preset, build in rs.BUILDERS.items()}
    dispose(app)


# -- pages, paper, fonts, looks -----------------------------------------------------------


@pytest.mark.parametrize("preset", list(rs.BUILDERS))
def test_every_preset_prints_with_its_headings_kept_with_what_follows(preset_pdfs, preset):
    """No heading ends a page, the hand log's head line is under its heading and on top of
    every page of the log, no page but the last is left a third blank (``test_pdf_pages.py``
    holds long sessions to the same)."""
    assert layout_faults(page_lines(preset_pdfs[preset])) == []


@pytest.mark.parametrize("preset", sorted(rs.BUILDERS))
def test_every_page_is_numbered_page_n_of_total(preset_pdfs, preset):
    pages = pages_text(preset_pdfs[preset])
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
    assert page_size("a4") == "A4"
    assert page_size(" LETTER ") == "Letter"
    assert page_size("legal", "A4") == "A4"
    assert page_size(None) == "Letter"


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
def test_the_first_page_is_not_blank(preset_pdfs, tmp_path, preset):
    from PIL import ImageStat

    image = _page_image(preset_pdfs[preset], tmp_path)
    stat = ImageStat.Stat(image)
    assert stat.stddev[0] > 20  # text on white, not a flat page
    dark = sum(image.histogram()[:128])
    assert dark > 0.005 * image.width * image.height


def test_the_hand_log_page_is_black_and_white_readable(ctx, tmp_path):
    """The log prints in greys only: its meaning is in signs and symbols, never in colour
    (the page is read from the "Hand log" heading down: the chart above it is in colour)."""
    pdf = pdf_of(rs.hoyle())
    number, top = next(
        (number, line[0])
        for number, page in enumerate(page_lines(pdf), start=1)
        for line in page.lines
        if line[2] == "Hand log"
    )
    image = _page_image(pdf, tmp_path, page=number).convert("RGB")
    image = image.crop((0, round(top * 50 / 72), image.width, image.height))  # 50 dpi
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
    report = build_report(load_session(row.id))
    html = render_html(report, for_pdf=True)
    assert "<img src=x>" not in html
    assert "&lt;img src=x&gt;" in html
    assert "<link rel=stylesheet href=/etc" not in html
    fetcher = StaticFetcher()
    text = " ".join(pages_text(render_pdf(html, fetcher)))
    for name in names:
        assert name in text
    assert hits == []
    assert all(url.startswith("/static/") for url in fetcher.requested)
    assert fetcher.refused == []


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
    fetcher = StaticFetcher()
    pdf = render_pdf(html, fetcher)
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
    fetcher = StaticFetcher()
    with pytest.raises(FetchRefused):
        fetcher.fetch(url)
    assert fetcher.refused == [url]


def test_the_fetcher_reads_static_files_from_disk():
    fetcher = StaticFetcher()
    response = fetcher.fetch("/static/report.css")
    assert response.read() == (STATIC_DIR / "report.css").read_bytes()
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
    fetcher = StaticFetcher(static)
    assert fetcher.fetch("/static/ok.css").read() == b"p { margin: 0 }"
    with pytest.raises(FetchRefused):
        fetcher.fetch("/static/out.css")


def test_the_fetcher_never_opens_a_url_through_urllib():
    """Redirects are never followed because nothing goes over the network at all."""
    fetcher = StaticFetcher()
    with pytest.raises(FetchRefused):
        fetcher.open(Request("http://127.0.0.1:9/static/report.css"))
    with pytest.raises(FetchRefused):
        fetcher("https://127.0.0.1:9/")
