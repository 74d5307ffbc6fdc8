"""The URL builders of Werkzeug's routing rules, compiled once per test process instead of once
per app (the suite makes an app for nearly every test).

Werkzeug 3.1 compiles two small Python functions for every rule of an app's URL map (to build
its URLs, ``Rule._compile_builder``): with about 120 rules, three quarters of the time
``create_app`` takes (40 of 50 ms of CPU, measured on the 2-core development machine). The
function is made from the rule alone: its text, what ``_parse_rule`` read from it (the
trace), its defaults and whether unknown arguments go to the query string; it reaches the
rule's converters through the rule it is bound to when called. So an app's rule gets the
function made for an equal rule of an earlier app, the same code, and builds the same URLs.

Only for the Werkzeug minor version this was read against: another one makes its builders as
it always does (slower, never wrong).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import version
from typing import Any

from werkzeug.routing.rules import Rule

READ_AGAINST = "3.1."

_made: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}


def install() -> None:
    """Share the builders of equal rules between the apps of this process."""
    if not version("werkzeug").startswith(READ_AGAINST) or hasattr(Rule, "_builder_made_anew"):
        return
    made_anew = Rule._compile_builder

    def compile_builder(self: Rule, append_unknown: bool = True) -> Callable[..., Any]:
        defaults = tuple(sorted((str(k), repr(v)) for k, v in (self.defaults or {}).items()))
        key = (self.rule, tuple(self._trace), defaults, append_unknown)
        if key not in _made:
            _made[key] = made_anew(self, append_unknown)
        return _made[key]

    Rule._builder_made_anew = made_anew  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]
