"""The README and the pages under docs/: every relative link leads to a file that exists and,
when it names a heading (``page.md#heading``), to a heading of that page, as GitHub makes
its anchors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`]*`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *$", re.M)


def prose(text: str) -> str:
    """The page without its fenced code blocks, where no line is a heading or a link."""
    return FENCE.sub("", text)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: its words in lower case, joined by hyphens."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    return re.sub(r"[^\w\- ]", "", words).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor of ``page``; a heading met again gets ``-1``, ``-2``... as on GitHub."""
    found: set[str] = set()
    for heading in HEADING.findall(prose(page.read_text())):
        base = anchor(heading)
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


def relative_links(page: Path) -> list[str]:
    """The links of ``page`` (outside code) that point inside the repository."""
    text = INLINE_CODE.sub("", prose(page.read_text()))
    return [link for link in LINK.findall(text) if not re.match(r"^[a-z][a-z0-9+.-]*:", link)]


def test_the_anchor_of_a_heading_is_its_words_joined_by_hyphens() -> None:
    assert anchor("5. Chip games: `brooklyn`, `brooklyn-pot`, `hoyle`") == (
        "5-chip-games-brooklyn-brooklyn-pot-hoyle"
    )
    assert anchor("Each player's net") == "each-players-net"
    assert anchor("Creating a hand: Idempotency-Key") == "creating-a-hand-idempotency-key"


def test_the_docs_pages_are_linked_from_the_readme() -> None:
    readme_links = {link.partition("#")[0] for link in relative_links(ROOT / "README.md")}
    pages = {f"docs/{page.name}" for page in PAGES if page.parent.name == "docs"}
    assert pages <= readme_links


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_heading(page: Path) -> None:
    broken = []
    for link in relative_links(page):
        path, _, name = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no file {target.relative_to(ROOT)}")
        elif name and name not in anchors(target):
            broken.append(f"{link}: no heading #{name} in {target.relative_to(ROOT)}")
    assert broken == []
