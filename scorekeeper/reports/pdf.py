"""The report's PDF: WeasyPrint rendering and the locked-down URL fetcher it uses.

``render_pdf`` hands the report's HTML to WeasyPrint with ``StaticFetcher``, which reads the
app's own ``/static/`` files from disk and refuses everything else. The fonts (DejaVu Sans and
DejaVu Sans Mono) are the app's own copies, embedded in every PDF.
"""

from __future__ import annotations

import mimetypes
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint import HTML
from weasyprint.urls import URLFetcher, URLFetcherResponse

from ..services.sessions import LoadedSession
from ..web.templating import STATIC as STATIC_DIR
from .assemble import build_report
from .page import render_html

PAGE_SIZES = {"letter": "Letter", "a4": "A4"}
"""Page sizes by the name a setting or ``?size=`` may give (any case)."""

BASE_URL = "scorekeeper-report:/"
"""The document's base URL: not a scheme anything can fetch, so only ``/static/`` paths
(which stay relative to it) ever reach the fetcher as something it will read."""


def page_size(value: str | None, default: str = "Letter") -> str:
    """``Letter`` or ``A4`` from a setting or query value (unknown values give ``default``)."""
    return PAGE_SIZES.get((value or "").strip().lower(), default)


class FetchRefused(ValueError):
    """The report asked for something outside the app's own static files."""


_STATIC_PATH = re.compile(r"^/static/[A-Za-z0-9._/-]+$")
_ALLOWED_TYPES = {".css", ".svg", ".png", ".jpg", ".jpeg", ".ttf", ".otf", ".woff", ".woff2"}


class StaticFetcher(URLFetcher):
    """WeasyPrint's URL fetcher for reports: the app's ``/static/`` files from disk, nothing else.

    A URL is served only if it is exactly ``/static/<path>`` (no scheme, host, query or
    fragment), ``<path>`` has no ``..`` and resolves, symlinks followed, to a file inside
    ``scorekeeper/static/`` with a stylesheet, image or font extension. ``file:``, ``http:``,
    ``https:`` (the app's own host too), ``data:`` and anything else is refused; nothing goes
    over a network, so there is no redirect to follow. Every URL asked for is kept in
    ``requested`` and every refusal in ``refused``.
    """

    def __init__(self, static_dir: Path = STATIC_DIR) -> None:
        super().__init__(allowed_protocols=(), allow_redirects=False, fail_on_errors=False)
        self.static_dir = static_dir.resolve()
        self.requested: list[str] = []
        self.refused: list[str] = []

    def resolve(self, url: str) -> Path:
        """The file a URL stands for; raises ``FetchRefused`` for anything not served."""
        if not isinstance(url, str) or not _STATIC_PATH.match(url):
            raise FetchRefused(f"Only the app's /static/ files are fetched, not {url!r}.")
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or parts.query or parts.fragment:
            raise FetchRefused(f"Only the app's /static/ files are fetched, not {url!r}.")
        relative = unquote(parts.path).removeprefix("/static/")
        if any(part in ("", ".", "..") for part in relative.split("/")):
            raise FetchRefused(f"{url!r} is not a plain path under /static/.")
        path = (self.static_dir / relative).resolve()
        if not path.is_relative_to(self.static_dir) or not path.is_file():
            raise FetchRefused(f"{url!r} is not one of the app's static files.")
        if path.suffix.lower() not in _ALLOWED_TYPES:
            raise FetchRefused(f"{url!r} is not a stylesheet, image or font.")
        return path

    def fetch(self, url, headers=None):
        """Read a static file; anything else raises ``FetchRefused`` (WeasyPrint skips it)."""
        self.requested.append(url)
        try:
            path = self.resolve(url)
        except FetchRefused:
            self.refused.append(url)
            raise
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind}, 200)

    def open(self, url, data=None, timeout=None):
        """Never opened through urllib: every request goes through ``fetch``."""
        target = getattr(url, "full_url", url)
        return self.fetch(target)


def render_pdf(html: str, fetcher: StaticFetcher | None = None) -> bytes:
    """The PDF of a rendered report page."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=fetcher or StaticFetcher())
    return document.write_pdf()


def report_pdf(loaded: LoadedSession, size: str = "Letter") -> bytes:
    """Build, render and print a session's report."""
    return render_pdf(render_html(build_report(loaded, size), for_pdf=True))
