"""The report as an HTML page: the print view, and the source of the PDF."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import render_template

from .assemble import Report

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"


def stylesheet_version() -> str:
    """A short hash of the report's stylesheets, so a browser fetches them again after an update."""
    digest = hashlib.sha1()
    for name in ("report.css", "report-screen.css"):
        digest.update((STATIC_DIR / name).read_bytes())
    return digest.hexdigest()[:10]


def render_html(report: Report, *, for_pdf: bool, **links: str) -> str:
    """The report page; ``for_pdf`` leaves out the on-screen links and links the stylesheet by
    the bare ``/static/`` path the PDF's fetcher serves."""
    return render_template(
        "reports/report.html",
        report=report,
        for_pdf=for_pdf,
        stylesheet_version="" if for_pdf else stylesheet_version(),
        **links,
    )
