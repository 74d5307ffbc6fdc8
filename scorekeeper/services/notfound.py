"""``NotFound``: what a service raises when the table has no such thing.

A module of its own, beneath every service, so that any service raises it without importing
``sessions`` (``livestream.hub`` does, and ``sessions`` imports the hub through ``changes``).
Everything that raises or catches it imports it from here.
"""

from __future__ import annotations


class NotFound(LookupError):
    """No such session, hand or player for this table."""


__all__ = ["NotFound"]
