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
async (rules) => {
  const only = rules ? {runOnly: {type: 'rule', values: rules}} : {};
  const result = await axe.run(document, {resultTypes: ['violations'], ...only});
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


COLOUR_RULES = ("color-contrast", "link-in-text-block")
"""The axe-core rules a page's colours decide: all that can change when only the colour
scheme does (light or dark), the page's structure, names and roles staying the same."""


def violations(page: Page, rules: tuple[str, ...] | None = None) -> list[str]:
    """Every axe-core violation on the page (of ``rules`` only, when given), of any impact,
    one line per element."""
    found = page.evaluate(_RUN, list(rules) if rules else None)
    return [
        f"{v['id']} ({v['impact']}): {v['help']}\n      {node}"
        for v in found
        for node in v["nodes"]
    ]
