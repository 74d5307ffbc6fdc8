"""Helpers shared by the blueprints: the current table, loading a session, ids in URLs, where
a redirect may go, and how a form is shown again when its security token has expired."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from flask.typing import ResponseReturnValue
from werkzeug.routing import BaseConverter

from ..access import current_table
from ..limits import MAX_ID, has_control_characters
from ..services.sessions import LoadedSession, load_session

MAX_REDIRECT = 2000


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
    """``<id:session_id>``: a whole number from 1 to 2**63-1, anything else is a 404.

    The pattern itself stops at ``MAX_ID`` (no leading zero), so a number past 64 bits never
    reaches the database (which cannot hold it) and is never read by ``int()`` at length. A
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


def is_local_target(target: object) -> bool:
    """True when ``target`` is a path on this site that is safe to redirect to.

    Only a single leading ``/`` is allowed: no scheme (``javascript:``, ``https:``), no host,
    no ``//`` or ``/\\`` (browsers read both as another host), no backslash anywhere, no
    control character or space that a browser might drop, nothing longer than 2000 characters.
    """
    if not isinstance(target, str) or not target or len(target) > MAX_REDIRECT:
        return False
    if not target.startswith("/") or target.startswith("//"):
        return False
    if "\\" in target or has_control_characters(target) or any(ch.isspace() for ch in target):
        return False
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc


def local_target(target: object, fallback: str) -> str:
    """``target`` when it is a local path (see ``is_local_target``), otherwise ``fallback``."""
    return target if is_local_target(target) else fallback  # type: ignore[return-value]


def load_or_404(session_id: int) -> LoadedSession:
    """The session, replayed; one not this table's raises ``NotFound``, which the pages answer
    with their 404 page (``views/errors``), as they answer a hand the session does not have."""
    return load_session(session_id, current_table())


def reshown_when_stale(reshow: Callable[..., ResponseReturnValue]):
    """Mark a form's view: when its security token has expired (or the cookie holding it was
    lost), the one ``CSRFError`` handler (``views/errors.py``) calls
    ``reshow(message, **view_args)``, which shows the same form again with everything typed
    kept and ``message`` at its top, and saves nothing."""

    def mark(view):
        view.reshow_when_stale = reshow
        return view

    return mark
