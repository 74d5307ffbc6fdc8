"""What a well-laid-out report PDF keeps to, checked page by page from the text's positions.

``layout_faults`` lists what is wrong: a heading that ends a page, the hand log's head line
printed away from its heading or missing from a page of the log, a page left a third blank or more
though what follows would fit on it (a page before the log turned to landscape may be short:
the log cannot start on an upright page).
"""

from __future__ import annotations

import re

from pdftext import PageLines

# The report's headings (templates/reports/report.html): the sections' and each game's.
HEADING = re.compile(
    r"^(Final standings|Money|Settling up: the fewest payments|The (kitty|pot)|"
    r"Game and house rules|Games|The session|Hand log|Hands? 1( to \d+)?|"
    r"Game \d+: hands? \d+( to \d+)?)$"
)
LOG_HEAD = re.compile(r"^# Dealer ")
TOP, BOTTOM = 39.7, 45.4  # the page's margins in points (14 mm, 16 mm: report.css)
LEAST_FILL = 0.65  # a page but the last is filled at least this far down


def fill(page: PageLines) -> float:
    """How far down the page's text area its last line reaches, 0 to 1."""
    body = page.body()
    if not body:
        return 0.0
    return (body[-1][1] - TOP) / (page.height - TOP - BOTTOM)


def layout_faults(pages: list[PageLines]) -> list[str]:
    """Every way ``pages`` break the layout rules above; empty when they keep them."""
    faults = []
    log_started = False
    for number, page in enumerate(pages, start=1):
        texts = [text for _, _, text in page.body()]
        if texts and HEADING.match(texts[-1]):
            faults.append(f"page {number} ends with the heading {texts[-1]!r}")
        if "Hand log" in texts:
            log_started = True
            after = texts[texts.index("Hand log") :]
            if not any(LOG_HEAD.match(t) for t in after):
                faults.append(f"page {number}: the log's head line is not under 'Hand log'")
            if any(LOG_HEAD.match(t) for t in texts[: texts.index("Hand log")]):
                faults.append(f"page {number}: the log's head line prints above 'Hand log'")
        elif log_started and not any(LOG_HEAD.match(t) for t in texts[:3]):
            faults.append(f"page {number}: a page of the log without its head line on top")
        turns = number < len(pages) and pages[number].landscape and not page.landscape
        if number < len(pages) and not turns and fill(page) < LEAST_FILL:
            faults.append(f"page {number} is {fill(page):.0%} full, not the last")
    return faults
