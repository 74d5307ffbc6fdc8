"""A session's report as a PDF, and its text read back with pypdf (whitespace collapsed), or
line by line with where each line sits on its page (poppler's pdftotext)."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from dataclasses import dataclass
from html import unescape as html_unescape
from pathlib import Path

from pypdf import PdfReader

from scorekeeper.reports.pdf import report_pdf
from scorekeeper.services.sessions import load_session


def pdf_of(session_id: int, size: str = "Letter") -> bytes:
    """The report PDF of a stored session."""
    return report_pdf(load_session(session_id), size)


def pages_text(pdf: bytes) -> list[str]:
    """Each page's text, whitespace collapsed to single spaces."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def text_of(pdf: bytes) -> str:
    """The whole PDF's text, whitespace collapsed to single spaces."""
    return " ".join(pages_text(pdf))


@dataclass(frozen=True)
class PageLines:
    """One page's lines of text, top to bottom, with where each sits (PDF points from the top)."""

    width: float
    height: float
    lines: tuple[tuple[float, float, str], ...]  # (top, bottom, text)

    @property
    def landscape(self) -> bool:
        """True for a page turned on its side."""
        return self.width > self.height

    def body(self, footer: float = 40.0) -> tuple[tuple[float, float, str], ...]:
        """The lines above the footer (the page number and the running foot)."""
        return tuple(line for line in self.lines if line[1] < self.height - footer)


def page_lines(pdf: bytes) -> list[PageLines]:
    """Each page's lines as ``pdftotext -bbox`` (poppler) places its words."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "report.pdf"
        source.write_bytes(pdf)
        html = subprocess.run(
            ["pdftotext", "-bbox", str(source), "-"], check=True, capture_output=True, text=True
        ).stdout
    pages = []
    for size, words in _PAGE.findall(html):
        width, height = (float(x) for x in _SIZE.match(size).groups())  # type: ignore[union-attr]
        rows: dict[float, list[tuple[float, float, str]]] = {}
        for x, top, bottom, word in _WORD.findall(words):
            rows.setdefault(round(float(bottom), 0), []).append((float(x), float(top), word))
        lines = [
            (min(w[1] for w in row), bottom, " ".join(html_unescape(w[2]) for w in sorted(row)))
            for bottom, row in sorted(rows.items())
        ]
        pages.append(PageLines(width, height, tuple(lines)))
    return pages


_PAGE = re.compile(r"<page ([^>]*)>(.*?)</page>", re.S)
_SIZE = re.compile(r'width="([\d.]+)" height="([\d.]+)"')
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>'
)
