"""The installable shell through the test client: the manifest, its icons, the service worker's
headers and what it keeps, the offline page, and the page head that links them.

The icons are read as PNG files here (header, and every pixel for the maskable one's safe
zone), not trusted from their names.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path

from webhelpers import parse, text_of

from scorekeeper.views.app_shell import shell_version
from scorekeeper.web.templating import asset_version

STATIC = Path(__file__).resolve().parents[2] / "scorekeeper" / "static"
CREAM = (0xF6, 0xF3, 0xEC)  # the spade: app.css's light --bg
GREEN = (0x1F, 0x6F, 0x4A)  # the tile: app.css's light --accent


# -- reading PNGs -------------------------------------------------------------------------------


def png_header(data: bytes) -> tuple[int, int, int, int]:
    """Width, height, bit depth and colour type from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    assert data[12:16] == b"IHDR"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, depth, colour


def png_pixels(data: bytes) -> list[list[tuple[int, ...]]]:
    """Every pixel of an 8-bit RGB or RGBA, non-interlaced PNG, rows of (r, g, b[, a])."""
    width, height, depth, colour = png_header(data)
    assert depth == 8 and colour in (2, 6), (depth, colour)
    channels = 3 if colour == 2 else 4
    offset, idat = 8, b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        if data[offset + 4 : offset + 8] == b"IDAT":
            idat += data[offset + 8 : offset + 8 + length]
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[list[tuple[int, ...]]] = []
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prior[i]
            c = prior[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        rows.append([tuple(line[x : x + channels]) for x in range(0, stride, channels)])
        prior = line
    return rows


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 3) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], colour, strict=True))


# -- the manifest -------------------------------------------------------------------------------


def manifest(client) -> dict:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    return json.loads(response.get_data(as_text=True))


def test_the_manifest_names_the_app_and_opens_the_table_full_screen(client):
    data = manifest(client)

    assert data["name"] == "Scorekeeper"
    assert data["short_name"] == "Scorekeeper"
    assert len(data["short_name"]) <= 12  # what a home screen shows under the icon
    assert "Pinochle" in data["description"]
    assert data["display"] == "standalone"
    assert data["start_url"] == "/"  # today's one table: its home page
    assert data["id"] == "/"
    assert data["scope"] == "/"
    assert data["lang"] == "en"


def test_the_manifest_colours_are_the_apps_light_page_colour(client):
    data = manifest(client)
    css = (STATIC / "app.css").read_text()
    light = re.search(r":root\s*{[^}]*--bg:\s*(#[0-9a-f]{6})", css)

    assert light is not None
    assert data["background_color"] == data["theme_color"] == "#f6f3ec" == light.group(1)


def test_the_manifest_lists_png_icons_of_192_and_512_and_a_maskable_512(client):
    icons = manifest(client)["icons"]

    assert [(i["sizes"], i["type"], i["purpose"]) for i in icons] == [
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
    ]
    for icon in icons:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == "image/png"
        size = int(icon["sizes"].split("x")[0])
        assert png_header(response.data)[:2] == (size, size), icon["src"]
        assert len(response.data) < 20_000, f"{icon['src']} is {len(response.data)} bytes"


def test_the_any_icons_have_transparent_rounded_corners_and_a_green_tile(client):
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512)):
        pixels = png_pixels((STATIC / name).read_bytes())

        assert pixels[0][0][3] == 0, f"{name}: the corner is drawn"  # alpha 0: cut off
        assert near(pixels[size // 2][size // 10], GREEN), name  # left edge, halfway down
        assert near(pixels[size // 2][size // 2], CREAM), name  # the spade's middle


def test_the_maskable_icon_fills_the_square_and_keeps_the_spade_in_the_safe_zone(client):
    """The safe zone is the centred circle of radius 40 % of the size: 204.8 px at 512."""
    pixels = png_pixels((STATIC / "icon-maskable-512.png").read_bytes())
    centre, safe = 255.5, 0.4 * 512

    for x, y in ((0, 0), (511, 0), (0, 511), (511, 511)):
        assert near(pixels[y][x], GREEN), (x, y)  # the corners are the tile, not transparent
    spade = [
        (x, y)
        for y, row in enumerate(pixels)
        for x, pixel in enumerate(row)
        if not near(pixel, GREEN, tolerance=40)
    ]
    assert len(spade) > 20_000  # the spade is there (about a third of the safe circle)
    farthest = max(((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 for x, y in spade)
    assert farthest < safe, f"the spade reaches {farthest:.0f} px from the centre"


# -- the service worker ---------------------------------------------------------------------------


def worker_settings(source: str) -> dict:
    first, _, _ = source.partition("\n")
    match = re.fullmatch(r"const SHELL = (\{.*\});", first)
    assert match, first
    return json.loads(match.group(1))


def test_the_service_worker_is_served_from_the_root_as_javascript_never_stale(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert (STATIC / "sw.js").read_text(encoding="utf-8") in response.get_data(as_text=True)
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_the_service_worker_keeps_every_file_a_page_loads_and_the_offline_page(client):
    settings = worker_settings(client.get("/sw.js").get_data(as_text=True))
    head = parse(client.get("/")).find("head")
    assert head is not None
    loaded = [el.get("src") for el in head.iter("script")]
    loaded += [
        el.get("href") for el in head.iter("link") if el.get("rel") in ("stylesheet", "icon")
    ]

    names = {url.split("?")[0].removeprefix("/static/") for url in loaded}
    assert {"app.css", "app.js", "shell.js", "icon.svg", "favicon.ico"} <= names
    assert set(loaded) <= set(settings["shell"])  # each as the page asks for it
    assert "/static/app.css?v=" + asset_version() in settings["shell"]
    assert "/offline" in settings["shell"] and settings["offline"] == "/offline"
    assert settings["start"] == "/"
    assert settings["api"] == "/api/"  # left alone: the live standings must see the laptop
    assert not any(url.startswith("/api/") for url in settings["shell"])


def test_the_worker_version_changes_when_any_static_file_or_the_offline_page_does(tmp_path):
    static, templates = tmp_path / "static", tmp_path / "templates"
    (static / "fonts").mkdir(parents=True)
    templates.mkdir()
    (static / "app.css").write_text("body { color: red }")
    (static / "fonts" / "f.ttf").write_bytes(b"font")
    (templates / "base.html").write_text("<main></main>")
    (templates / "offline.html").write_text("offline")
    first = shell_version(static, templates)

    (static / "fonts" / "f.ttf").write_bytes(b"font 2")
    shell_version.cache_clear()
    second = shell_version(static, templates)
    (templates / "offline.html").write_text("offline, reworded")
    shell_version.cache_clear()
    third = shell_version(static, templates)
    shell_version.cache_clear()

    assert len({first, second, third}) == 3
    assert shell_version(static, templates) == third  # the same files: the same version
    shell_version.cache_clear()


# -- the offline page and the head --------------------------------------------------------------


def test_the_offline_page_says_plainly_that_the_laptop_cannot_be_reached(client):
    response = client.get("/offline")
    tree = parse(response)

    assert response.status_code == 200
    assert text_of(tree.find(".//h1")) == "The laptop can't be reached"
    assert "on the table's Wi-Fi" in text_of(tree.find(".//main"))
    retry = next(a for a in tree.iter("a") if text_of(a) == "Try again")
    assert retry.get("href") == ""  # reloads the page that was asked for
    kept = tree.find(".//section[@data-kept-pages]")
    assert kept is not None and kept.get("data-kept-pages") == "scorekeeper-pages"


def test_every_page_links_the_manifest_the_worker_and_light_and_dark_theme_colours(client):
    head = parse(client.get("/")).find("head")
    assert head is not None
    metas = {
        el.get("media"): el.get("content")
        for el in head.iter("meta")
        if el.get("name") == "theme-color"
    }
    manifest_links = [el.get("href") for el in head.iter("link") if el.get("rel") == "manifest"]
    shell = next(el for el in head.iter("script") if "shell.js" in (el.get("src") or ""))

    assert manifest_links == ["/manifest.webmanifest"]
    assert metas == {
        "(prefers-color-scheme: light)": "#f6f3ec",
        "(prefers-color-scheme: dark)": "#14181f",
    }
    assert shell.get("defer") is not None
    assert shell.get("data-worker") == "/sw.js" and shell.get("data-scope") == "/"


def test_the_head_has_no_inline_script_and_asks_nothing_of_another_site(client):
    for path in ("/", "/offline"):
        head = parse(client.get(path)).find("head")
        assert head is not None
        for script in head.iter("script"):
            assert script.get("src"), f"{path}: an inline script"
            assert not (script.text or "").strip()
        for el in head.iter():
            for attribute in ("src", "href"):
                value = el.get(attribute) or ""
                assert not re.match(r"^(https?:)?//", value), f"{path}: {value}"
