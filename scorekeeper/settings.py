"""Settings read as the values they are: how many proxies to trust (``PROXY_FIX_X_*``), how
many tables one address may start in an hour (``NEW_TABLES_PER_HOUR``) and how SQLite writes
a commit to disk (``SQLITE_SYNCHRONOUS``).

Read by ``create_app`` (``factory``) and by the hosted command's gunicorn line (``cli``),
which asks whether a proxy is in front; a module beneath both, so neither imports the other
for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def proxy_counts(config: Mapping[str, Any]) -> dict[str, int]:
    """The ``PROXY_FIX_X_*`` settings as ProxyFix's counts (``x_for``, ``x_proto``, ``x_host``);
    each a whole number from 0 (trust no proxy's header) up."""
    return {
        f"x_{name}": whole_number(
            config,
            f"PROXY_FIX_X_{name.upper()}",
            0,
            "a whole number of proxies (0 trusts none)",
            unset=0,
        )
        for name in ("for", "proto", "host")
    }


def new_tables_per_hour(config: Mapping[str, Any]) -> int:
    """The ``NEW_TABLES_PER_HOUR`` setting as a number: a whole number of at least 1."""
    return whole_number(config, "NEW_TABLES_PER_HOUR", 1, "a whole number of at least 1")


SYNCHRONOUS = ("FULL", "NORMAL", "OFF")
"""What SQLite's ``synchronous`` may be set to here: ``FULL`` (the default) waits for each
commit to reach the disk, so a hand saved survives the laptop losing power; ``OFF`` hands the
writing to the system, for a database thrown away afterwards (the tests')."""


def sqlite_synchronous(config: Mapping[str, Any]) -> str:
    """The ``SQLITE_SYNCHRONOUS`` setting: one of ``SYNCHRONOUS`` (``FULL`` when unset)."""
    value = str(config.get("SQLITE_SYNCHRONOUS") or "FULL").strip().upper()
    if value not in SYNCHRONOUS:
        raise ValueError(f"SQLITE_SYNCHRONOUS is one of {', '.join(SYNCHRONOUS)}, not {value}.")
    return value


def whole_number(
    config: Mapping[str, Any], key: str, least: int, rule: str, unset: int | None = None
) -> int:
    """The setting ``key`` (a number, or digits from the environment) as a whole number of at
    least ``least``; ``unset`` when it is empty or 0, if given; ``ValueError`` naming ``rule``
    otherwise."""
    value = config.get(key)
    if unset is not None and not value:
        return unset
    text = str(value).strip()
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or int(text) < least:
        raise ValueError(f"{key} must be {rule}, not {value!r}.")
    return int(text)
