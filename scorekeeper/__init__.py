"""Scorekeeper: keeps score of Auction Pinochle at the card table.

``create_app`` (the application factory, in ``scorekeeper.factory``) is found here by
``flask --app scorekeeper ...`` and ``python -m scorekeeper ...``. It is imported lazily so
that ``import scorekeeper.rules`` loads the pure rules engine and nothing of the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the lazy names are, for type checkers
    from .factory import MIGRATIONS_DIR as MIGRATIONS_DIR
    from .factory import ROOT as ROOT
    from .factory import TEMPLATES_DIR as TEMPLATES_DIR
    from .factory import create_app as create_app
    from .factory import normalise_database_url as normalise_database_url

_LAZY = ("create_app", "normalise_database_url", "ROOT", "TEMPLATES_DIR", "MIGRATIONS_DIR")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import factory

        return getattr(factory, name)
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
