"""Ids in URLs: the ``<id:...>`` converter, which matches only the ids a row can have; and
``form_post``, a form's address that a GET leads back to the page showing the form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, current_app, redirect, url_for
from werkzeug.routing import BaseConverter

from ..limits import MAX_ID

V = TypeVar("V", bound=Callable[..., Any])


def _at_most(limit: int) -> str:
    """A regular expression matching exactly the whole numbers 1 to ``limit``, written without
    a leading zero: fewer digits than ``limit``, or as many and not above it digit by digit."""
    digits = str(limit)
    options = [digits]
    if len(digits) > 1:
        options.append(f"[1-9][0-9]{{0,{len(digits) - 2}}}")
    for place, digit in enumerate(digits):
        low = 1 if place == 0 else 0
        if int(digit) > low:
            rest = len(digits) - place - 1
            options.append(f"{digits[:place]}[{low}-{int(digit) - 1}][0-9]{{{rest}}}")
    return "(?:" + "|".join(options) + ")"


class IdConverter(BaseConverter):
    """``<id:session_id>``: a whole number from 1 to ``MAX_ID`` (2**31-1), anything else is a 404.

    The pattern itself stops at ``MAX_ID`` (no leading zero), so a number past the id
    columns' range never reaches the database (PostgreSQL would refuse it with "integer out of
    range", a 500) and is never read by ``int()`` at length. A
    bound checked after matching would not do: Werkzeug would then answer another method's
    rule for the same path with 405 instead of 404.
    """

    regex = _at_most(MAX_ID)

    def to_python(self, value: str) -> int:
        """The id as an int."""
        return int(value)

    def to_url(self, value: int) -> str:
        """The id as the URL writes it."""
        return str(int(value))


def _back_to(endpoint: str, anchor: str, found: Callable[..., object] | None, **args: Any):
    """A redirect to ``endpoint`` with the arguments of this address its own rule takes, once
    ``found`` has checked that what the address names is this table's (else its 404)."""
    if found is not None:
        found(**args)
    takes = {name for rule in current_app.url_map.iter_rules(endpoint) for name in rule.arguments}
    kept = {name: value for name, value in args.items() if name in takes}
    return redirect(url_for(endpoint, **kept) + anchor)


def form_post(
    bp: Blueprint,
    rule: str,
    shown_at: str,
    anchor: str = "",
    found: Callable[..., object] | None = None,
) -> Callable[[V], V]:
    """``bp.post(rule)``, and a GET of that address (a tab restored after a refused save, a
    copied link) redirected to ``shown_at``, the page that shows the form posting there; for
    an address naming a row, ``found`` (given the address's ids) raises the 404 of one that is
    not the table's, as the form's own view would. Put it above the view's access marks: a
    view open to all leads back open to all."""

    def register(view: V) -> V:
        def back(**args: Any):
            return _back_to(shown_at, anchor, found, **args)

        back.__name__ = back.__qualname__ = f"{view.__name__}_opened"
        back.__doc__ = f"A GET of the address ``{view.__name__}`` takes a form at: its page."
        if getattr(view, "open_to_all", False):  # the page it leads to decides who sees it
            back.open_to_all = True  # type: ignore[attr-defined]
        bp.add_url_rule(rule, back.__name__, back, methods=["GET"])
        return bp.post(rule)(view)

    return register
