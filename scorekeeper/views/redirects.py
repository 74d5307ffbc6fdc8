"""Where a redirect may go: only a path on this site, never another host or a script."""

from __future__ import annotations

from urllib.parse import urlsplit

from ..limits import has_control_characters

MAX_REDIRECT = 2000


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
