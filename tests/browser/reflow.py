"""Reflow at 200% text (WCAG 1.4.4 and 1.4.10): make a page's text twice as big, and find the
words that are split across two lines, run out of the box they are written in or are cut off
by a box that hides what overflows it.

``double_text`` sets the root font size to 200% through the CSS object model, which the app's
Content-Security-Policy allows (an injected ``<style>`` it would refuse): the app's sizes are
in rem and em, so this is what a phone's "largest text" setting does to them.
"""

from __future__ import annotations

from playwright.sync_api import Page

_SPLIT_WORDS = """
() => {
  const split = [];
  const root = document.documentElement;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility({visibilityProperty: true})) continue;
    if (parent.closest('script, style, noscript, [aria-hidden=true]')) continue;
    for (const match of node.data.matchAll(/\\S+/g)) {
      const word = match[0];
      // a link's address or a token may break where it must; a hyphen or dash is a place to
      // break; a single symbol cannot be split
      if (word.length < 2 || /[-–—/:@.,;]/.test(word.slice(0, -1))) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const where = `"${word}" in <${parent.tagName.toLowerCase()}` +
        `${parent.className ? '.' + [...parent.classList].join('.') : ''}>`;
      if (new Set(rects.map(r => Math.round(r.top))).size > 1) split.push(`${where} is split`);
      let box = parent;
      while (box.parentElement && getComputedStyle(box).display === 'inline') {
        box = box.parentElement;
      }
      if (box.getBoundingClientRect().width <= 1) continue;  // visually hidden: 1 px on purpose
      const outside = (el) => {
        const b = el.getBoundingClientRect();
        return rects.some(r => r.right > b.right + 1 || r.left < b.left - 1);
      };
      // out of its box, or cut off by a box around it that hides what runs out; a box that
      // scrolls shows it all
      const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
      if (!scrolls(box) && outside(box)) split.push(`${where} runs out of its box`);
      for (let up = box.parentElement; up && up !== root; up = up.parentElement) {
        if (scrolls(up)) break;
        if (['hidden', 'clip'].includes(getComputedStyle(up).overflowX) && outside(up)) {
          split.push(`${where} is cut off`);
          break;
        }
      }
    }
  }
  return split;
}
"""


def double_text(page: Page) -> None:
    """Make the page's text 200% of its size, as a phone's text-size setting would."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")


def split_words(page: Page) -> list[str]:
    """The words shown broken across two lines, running out of their box or cut off (empty
    when none is)."""
    return page.evaluate(_SPLIT_WORDS)
