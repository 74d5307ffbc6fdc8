"""QR codes drawn by the server, and the address other phones should open.

A phone cannot open ``localhost``: when the page was reached that way, the LAN address that
``serve`` worked out (``PUBLIC_URL``) is used instead.
"""

from __future__ import annotations

import io

import segno
from flask import current_app, request

_LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")


def public_url(path: str) -> str:
    """The full address of ``path`` as another phone on the table's network can open it."""
    host = request.host.rsplit(":", 1)[0] if request.host.count(":") == 1 else request.host
    base = request.host_url
    if host in _LOCAL_HOSTS and current_app.config.get("PUBLIC_URL"):
        base = current_app.config["PUBLIC_URL"]
    return base.rstrip("/") + path


def svg(data: str, scale: int = 6) -> str:
    """An inline SVG QR code for ``data`` (dark modules on a light quiet zone)."""
    buffer = io.BytesIO()
    segno.make(data, error="m").save(
        buffer, kind="svg", scale=scale, border=3, xmldecl=False, svgns=True, nl=False,
        dark="#000", light="#fff", omitsize=True,  # a viewBox, so CSS can size it to the screen
    )  # fmt: skip
    return buffer.getvalue().decode()


def terminal(data: str) -> str:
    """A QR code for a terminal, drawn with block characters."""
    buffer = io.StringIO()
    segno.make(data, error="l").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()
