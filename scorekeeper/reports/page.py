"""The report as an HTML page: the print view, and the source of the PDF."""

from __future__ import annotations

import functools

from flask import render_template

from ..web.templating import asset_version
from .assemble import Report


@functools.cache
def stylesheet_version() -> str:
    """A short hash of the report's stylesheets (worked out once per process), so a browser
    fetches them again after an update."""
    return asset_version(("report.css", "report-screen.css", "paper-letter.css", "paper-a4.css"))


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
