"""A session's report as a PDF, and its text read back with pypdf (whitespace collapsed)."""

from __future__ import annotations

import io

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
