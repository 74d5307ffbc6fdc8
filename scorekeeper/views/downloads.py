"""A file the pages send to be saved (a PDF, a CSV, a session file), never shown or kept."""

from __future__ import annotations

from flask import Response


def download(body: str | bytes, mimetype: str, filename: str) -> Response:
    """``body`` as an attachment named ``filename``: never cached, taken only as its type."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
