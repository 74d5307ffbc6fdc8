"""axe-core in the browser tests: run it on a page and read its violations.

axe-core 4.14.1 (MPL-2.0, ``vendor/axe-core-LICENSE``) is kept here as ``vendor/axe.min.js``,
the same build the accessibility audit used. It is added to a page as an init script of the
browser context, which the page's Content-Security-Policy does not govern, so the app's policy
stays as strict as it is.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

AXE = Path(__file__).parent / "vendor" / "axe.min.js"

_RUN = """
async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\\s+/g, ' ')),
  }));
}
"""


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def add_axe(context: BrowserContext) -> None:
    """Make axe-core available on every page the context opens."""
    context.add_init_script(_source())


def violations(page: Page) -> list[str]:
    """Every axe-core violation on the page, of any impact, one line per element."""
    found = page.evaluate(_RUN)
    return [
        f"{v['id']} ({v['impact']}): {v['help']}\n      {node}"
        for v in found
        for node in v["nodes"]
    ]
