"""The API's pages for people: ``/api/v1/docs``, the OpenAPI document shown with Swagger UI,
all from the app; and ``/api/v1/problems``, what each problem code means and what a client
does about it (each problem's ``type`` is its anchor there, ``codes``).

Swagger UI's built files (``swagger-ui-bundle.js``, ``swagger-ui.css``) are the ones the
``flask-openapi3-swagger`` package ships; they are served from that package's folder, so
nothing large is committed and no page asks a CDN for anything. The page has no inline script
or style (``static/api-docs.js`` starts Swagger UI), so it works under a Content-Security-Policy
of ``script-src 'self'; style-src 'self'``. A plain Flask blueprint, not an ``APIBlueprint``:
the pages are not operations of the document they describe.
"""

from __future__ import annotations

import functools
from importlib import metadata, resources
from pathlib import Path

from flask import Blueprint, render_template, send_from_directory

from ..web.templating import asset_version
from .protocol.blueprint import PREFIX
from .protocol.codes import EXPLAINED, PROBLEMS_PAGE

SWAGGER_PACKAGE = "flask_openapi3_swagger"
ASSET_MAX_AGE = 7 * 86400  # seconds; the URLs carry the package's version, so an update shows

bp = Blueprint("api_docs", __name__, url_prefix=PREFIX)


@functools.cache
def swagger_folder() -> Path:
    """The folder of Swagger UI's built files inside the installed flask-openapi3-swagger."""
    return Path(str(resources.files(SWAGGER_PACKAGE) / "templates" / "swagger"))


@functools.cache
def swagger_version() -> str:
    """The installed flask-openapi3-swagger's version (its Swagger UI's), to version URLs."""
    return metadata.version("flask-openapi3-swagger")


@functools.cache
def own_version() -> str:
    """A short hash of the page's own script and stylesheet."""
    return asset_version(("api-docs.js", "api-docs.css"))


@bp.get("/docs")
def docs():
    """The API's documentation page: Swagger UI reading ``/api/v1/openapi.json``."""
    return render_template(
        "api/docs.html",
        swagger_version=swagger_version(),
        own_version=own_version(),
    )


def _swagger_file(path: str):
    """A file of the package's Swagger UI build, by its path in that folder."""
    return send_from_directory(swagger_folder(), path, max_age=ASSET_MAX_AGE)


# Two fixed routes, not one taking a file name: only these two files of the package are served.
@bp.get("/docs/swagger-ui.css")
def swagger_css():
    """Swagger UI's stylesheet."""
    return _swagger_file("css/swagger-ui.css")


@bp.get("/docs/swagger-ui-bundle.js")
def swagger_js():
    """Swagger UI's script (React and Swagger UI in one file)."""
    return _swagger_file("js/swagger-ui-bundle.js")


@bp.get(PROBLEMS_PAGE.removeprefix(PREFIX))
def problems():
    """Every problem code: its status, what it means and what a client does, each at its
    code's anchor (``/api/v1/problems#stale-hand``)."""
    return render_template("api/problems.html", explained=EXPLAINED.items())
