"""The installable app shell: the web app manifest, the service worker and the offline page.

- ``/manifest.webmanifest`` names the app, its start page and its icons, so a phone can add
  the table to its home screen and open it full screen.
- ``/sw.js`` is ``static/sw.js`` served from the root, so its scope is the whole app, with a
  first line naming what it keeps: the shell's files, the offline page and a version that
  changes whenever any of them does (a phone then installs the new worker and drops the old
  cache). ``no-cache``: the phone asks each time whether it changed.
- ``/offline`` is what a phone shows for a page it has never kept when the laptop cannot be
  reached; the service worker keeps a copy of it when it installs.

Nothing here reads the database: these answer the same at any table.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from ..web.templating import STATIC, VERSIONED_ASSETS, asset_version

bp = Blueprint("app_shell", __name__)

NAME = "Scorekeeper"
DESCRIPTION = (
    "Auction Pinochle scores for the card table: each hand's bid, meld and tricks, the running "
    "standings and who pays whom at the end of the night."
)
# The app's light look (static/app.css, :root): the page colour behind the splash screen and
# the bar. The pages' own <meta name="theme-color"> switch to the dark colours when the phone
# asks for them; a manifest has one colour of each.
BACKGROUND_COLOR = "#f6f3ec"
THEME_COLOR = "#f6f3ec"
ICONS = (  # file in static/, size, purpose
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
# Loaded with the pages (base.html, and table.js with the session page): kept by the service
# worker when it installs, both of the page's icons (a browser takes one). The pages use the
# phone's own fonts; only the printable report loads a font file, which the worker keeps the first
# time it is fetched, as any other static file. The home screen's icons (the touch icon, the
# manifest's PNGs) are fetched once, online, when the app is installed: they are not kept.
VERSIONED = VERSIONED_ASSETS  # asked for with ?v=<asset_version>
UNVERSIONED = ("icon.svg", "favicon.ico")
PAGES_CACHE = "scorekeeper-pages"
"""The cache of pages seen (kept across updates, so the last session page opens offline)."""
SHELL_TEMPLATES = ("base.html", "offline.html")
WORKER = STATIC / "sw.js"


def start_url() -> str:
    """Where the installed app opens: the table's home page (the one table's, today)."""
    return url_for("sessions.home")


@cache
def shell_version(static: Path, templates: Path) -> str:
    """A short hash of every static file and of the offline page's templates: any change
    makes a new service worker, which keeps the new files in a new cache."""
    digest = hashlib.sha1()
    files = sorted(p for p in static.rglob("*") if p.is_file())
    files += [templates / name for name in SHELL_TEMPLATES]
    for path in files:
        digest.update(str(path.relative_to(path.parents[1])).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


def worker_settings() -> dict[str, Any]:
    """What the service worker keeps and where things are, for its first line."""
    version = asset_version()
    root = request.script_root
    shell = [url_for("static", filename=name) + f"?v={version}" for name in VERSIONED]
    shell += [url_for("static", filename=name) for name in UNVERSIONED]
    shell.append(url_for("app_shell.offline"))
    return {
        "version": shell_version(STATIC, Path(current_app.template_folder or "templates")),
        "shell": shell,
        "offline": url_for("app_shell.offline"),
        "start": start_url(),
        "pages": PAGES_CACHE,
        "static": url_for("static", filename=""),
        "favicon": url_for("favicon"),
        "api": f"{root}/api/",
    }


@bp.get("/manifest.webmanifest")
def manifest() -> BaseResponse:
    """The web app manifest: name, start page, colours and icons, for adding to a home screen."""
    start = start_url()
    body = {
        "id": start,
        "name": NAME,
        "short_name": NAME,
        "description": DESCRIPTION,
        "lang": "en",
        "dir": "ltr",
        "start_url": start,
        "scope": f"{request.script_root}/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["games", "utilities"],
        "icons": [
            {
                "src": url_for("static", filename=name),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
    }
    response = Response(
        json.dumps(body, indent=2, ensure_ascii=False),
        mimetype="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/sw.js")
def service_worker() -> BaseResponse:
    """The service worker, from the root so that it looks after every page of the app."""
    settings = json.dumps(worker_settings(), separators=(",", ":"))
    source = f"const SHELL = {settings};\n" + WORKER.read_text(encoding="utf-8")
    response = Response(
        source,
        mimetype="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/offline")
def offline() -> str:
    """The page a phone shows, from its own copy, when the laptop cannot be reached."""
    return render_template("offline.html", pages_cache=PAGES_CACHE)
