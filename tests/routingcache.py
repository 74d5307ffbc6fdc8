"""The URL builders and patterns of Werkzeug's routing rules, made once per test process instead
of once per app (the suite makes an app for nearly every test).

Werkzeug 3.1 compiles two small Python functions for every rule of an app's URL map (to build
its URLs, ``Rule._compile_builder``): with about 120 rules, three quarters of the time
``create_app`` took (40 of 50 ms of CPU, measured on the 2-core development machine). The
function is made from the rule alone: its text, what ``_parse_rule`` read from it (the
trace), its defaults and whether unknown arguments go to the query string; it reaches the
rule's converters through the rule it is bound to when called. So an app's rule gets the
function made for an equal rule of an earlier app, the same code, and builds the same URLs.

Then reading each rule's text (``Rule.compile``: ``_parse_rule`` writes the pattern of each
part of the path, its weight and the trace) was most of what was left: an app took 12 ms of
CPU, and 2.7 ms with what was read shared too (measured on a 2-core machine, lightly
loaded; the rules, their patterns and the URLs built and matched were the same). What it
makes depends only on the rule's text, its host or subdomain, whether slashes are merged,
and the converter each variable names (a class of the map's, with its arguments, whose
``regex`` goes into the pattern); so an equal rule of a later app gets the parts and trace
read for the first one, and converters of its own, made by its own map as ``_parse_rule``
makes them.

Only for the Werkzeug minor version this was read against: another one makes its builders
and patterns as it always does (slower, never wrong).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from werkzeug.routing.rules import Rule

READ_AGAINST = "3.1."

_made: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}


@dataclass(frozen=True)
class _Read:
    """What ``Rule.compile`` read from a rule's text: its parts, its trace and the converter
    each variable names (variable, converter, arguments, keyword arguments)."""

    parts: tuple[Any, ...]
    trace: tuple[tuple[bool, str], ...]
    converters: tuple[tuple[str, str, tuple[Any, ...], tuple[tuple[str, Any], ...]], ...]


_read: dict[tuple[Any, ...], _Read] = {}


def _read_key(rule: Rule) -> tuple[Any, ...]:
    """Everything ``Rule.compile`` reads from the rule and its map (the defaults only go to
    the builders, which ``compile_builder`` keys by them)."""
    domain = rule.host if rule.map.host_matching else rule.subdomain
    return (
        type(rule),
        rule.rule,
        domain or "",
        bool(rule.merge_slashes),
        rule.map.host_matching,
        tuple(rule.map.converters.items()),
    )


def install() -> None:
    """Share the builders and patterns of equal rules between the apps of this process."""
    if not version("werkzeug").startswith(READ_AGAINST) or hasattr(Rule, "_builder_made_anew"):
        return
    made_anew = Rule._compile_builder
    compiled_anew = Rule.compile

    def compile_builder(self: Rule, append_unknown: bool = True) -> Callable[..., Any]:
        defaults = tuple(sorted((str(k), repr(v)) for k, v in (self.defaults or {}).items()))
        key = (self.rule, tuple(self._trace), defaults, append_unknown)
        if key not in _made:
            _made[key] = made_anew(self, append_unknown)
        return _made[key]

    def compile(self: Rule) -> None:
        key = _read_key(self)
        known = _read.get(key)
        if known is None:
            named: list[tuple[str, str, tuple[Any, ...], tuple[tuple[str, Any], ...]]] = []
            get_converter = self.get_converter

            def noting(variable: str, converter: str, args: Any, kwargs: Any) -> Any:
                named.append((variable, converter, tuple(args), tuple(kwargs.items())))
                return get_converter(variable, converter, args, kwargs)

            self.get_converter = noting  # type: ignore[method-assign]
            try:
                compiled_anew(self)
            finally:
                del self.get_converter
            _read[key] = _Read(tuple(self._parts), tuple(self._trace), tuple(named))
            return
        self._parts = list(known.parts)
        self._trace = list(known.trace)
        self._converters = {}
        for variable, converter, args, kwargs in known.converters:
            self._converters[variable] = self.get_converter(variable, converter, args, dict(kwargs))
            self.arguments.add(variable)
        self._build = self._compile_builder(False).__get__(self, None)
        self._build_unknown = self._compile_builder(True).__get__(self, None)

    Rule._builder_made_anew = made_anew  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]
    Rule.compile = compile  # type: ignore[method-assign]
