"""Draw the installed app's PNG icons from ``scorekeeper/static/icon.svg`` with headless Chromium.

    .venv/bin/python script/make_icons.py

Writes, beside the SVG:
- ``icon-192.png`` and ``icon-512.png`` (manifest purpose "any"): the SVG as it is, its
  rounded corners transparent;
- ``icon-maskable-512.png`` (purpose "maskable"): the green fills the whole square (the phone
  cuts its own shape) and the spade is drawn at 80 %, so all of it lies inside the safe zone,
  the centred circle of 40 % of the size in radius (the spade reaches 24.4 of the SVG's 64
  units from the centre: 24.4 x 0.8 x 8 = 156 px of the 204.8 px allowed at 512).

The PNGs are committed; run this again only when ``icon.svg`` changes. Chromium is Debian's
(``CHROMIUM_EXECUTABLE`` overrides ``/usr/bin/chromium``), driven by Playwright, as in the
browser tests. The PNGs are re-compressed here (zlib level 9) to keep them small.
"""

from __future__ import annotations

import base64
import os
import re
import struct
import zlib
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "scorekeeper" / "static"
CHROMIUM = os.environ.get("CHROMIUM_EXECUTABLE", "/usr/bin/chromium")
MASKABLE_SCALE = 0.8


def maskable_svg(svg: str) -> str:
    """The icon with square corners (the whole tile green) and the spade scaled about the centre."""
    svg = re.sub(r'\s+rx="[^"]*"', "", svg, count=1)
    path = re.search(r"<path\b[^>]*/>", svg)
    assert path is not None, "icon.svg has no <path/>: the spade"
    group = (
        f'<g transform="translate(32 32) scale({MASKABLE_SCALE}) translate(-32 -32)">'
        f"{path.group(0)}</g>"
    )
    return svg[: path.start()] + group + svg[path.end() :]


def render(page, svg: str, size: int) -> bytes:
    """The SVG drawn at ``size`` x ``size`` CSS px (scale 1), transparent where it draws nothing."""
    data = base64.b64encode(svg.encode()).decode()
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        "<!doctype html><style>html,body{margin:0;background:transparent}"
        "img{display:block}</style>"
        f'<img src="data:image/svg+xml;base64,{data}" width="{size}" height="{size}">'
    )
    page.wait_for_function("document.images[0].complete")
    return page.screenshot(
        omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size}
    )


def recompress(png: bytes) -> bytes:
    """The same PNG with its image data joined and deflated at level 9, other chunks dropped."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, offset, header, data = [], 8, b"", b""
    while offset < len(png):
        (length,) = struct.unpack(">I", png[offset : offset + 4])
        kind = png[offset + 4 : offset + 8]
        body = png[offset + 8 : offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        chunks.append(kind)
    raw = zlib.decompress(data)

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    return (
        png[:8]
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    svg = (STATIC / "icon.svg").read_text()
    wanted = {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        "icon-maskable-512.png": (maskable_svg(svg), 512),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        for name, (source, size) in wanted.items():
            png = recompress(render(page, source, size))
            (STATIC / name).write_bytes(png)
            print(f"{name}: {size}x{size}, {len(png):,} bytes")
        browser.close()


if __name__ == "__main__":
    main()
