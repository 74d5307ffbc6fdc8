"""pydantic's validation errors in the project's words: each wrong input's path in the request
and the rule it breaks, never pydantic's own phrasing ("Input should be", "Value error,",
"String should match pattern", "after validation"); and why a body is not JSON at all
(``unreadable``), never Python's ("Expecting ',' delimiter", "sys.set_int_max_str_digits").

Every error type pydantic can raise for the API's request schemas (body, query and headers)
has its sentence here, worded from the error's ``ctx`` (the bound, the choices); a type
without one says only that the value is not one the field takes. A value with several possible
types (a house rule's value) fails once per type: those are told once, as the kinds it may be.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from json import JSONDecodeError
from typing import Any

from pydantic_core import ErrorDetails

from ...web.jsontext import where_unreadable

_TAG = re.compile(r"^(bool|int|float|str|none|[a-z-]+\[.*\]|[a-z]+-[a-z-]+)$")
"""A part of pydantic's location that names a type it tried, not a field: ``int``,
``list[int]``, ``function-after[...]``, ``[key]``, ``constrained-str``..."""

_KINDS = {
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "none": "null",
    "list[int]": "a list of whole numbers",
    "list[list[int]]": "a list of lists of whole numbers",
}
"""A union's member, by the tag pydantic gives it, in words."""

_PATTERNS = {
    r"^[A-Za-z0-9_-]{1,64}$": "1 to 64 letters, digits, - or _",
}
"""A pattern a field must match, in words."""

_SENTENCES = {
    "missing": "Required: send it.",
    "extra_forbidden": "Not a field of this request: check its spelling, or leave it out.",
    "int_type": "Must be a whole number.",
    "int_parsing": "Must be a whole number.",
    "int_from_float": "Must be a whole number, without a fraction.",
    "int_parsing_size": "Must be a whole number of at most 19 digits.",
    "float_type": "Must be a number.",
    "float_parsing": "Must be a number.",
    "finite_number": "Must be a number (not NaN or infinity).",
    "bool_type": "Must be true or false.",
    "bool_parsing": "Must be true or false.",
    "string_type": "Must be text (a JSON string).",
    "string_unicode": "Must be text in UTF-8.",
    "string_sub_type": "Must be text (a JSON string).",
    "list_type": "Must be a list ([...]).",
    "tuple_type": "Must be a list ([...]).",
    "set_type": "Must be a list ([...]).",
    "dict_type": "Must be an object ({...}).",
    "model_type": "Must be an object ({...}).",
    "model_attributes_type": "Must be an object ({...}).",
    "dataclass_type": "Must be an object ({...}).",
    "none_required": "Must be null.",
    "json_invalid": "Must be valid JSON.",
    "json_type": "Must be JSON text.",
    "datetime_type": "Must be a date and time (ISO 8601).",
    "datetime_parsing": "Must be a date and time (ISO 8601).",
    "datetime_from_date_parsing": "Must be a date and time (ISO 8601).",
    "date_type": "Must be a date (YYYY-MM-DD).",
    "date_parsing": "Must be a date (YYYY-MM-DD).",
    "date_from_datetime_parsing": "Must be a date (YYYY-MM-DD).",
    "uuid_type": "Must be a UUID.",
    "uuid_parsing": "Must be a UUID.",
    "url_type": "Must be an address (URL).",
    "url_parsing": "Must be an address (URL).",
    "bytes_type": "Must be text (a JSON string).",
    "union_tag_invalid": "Is not one of the kinds this field takes.",
    "union_tag_not_found": "Must say which kind it is.",
    "recursion_loop": "Must not refer to itself.",
}
"""The sentence of each error type whose words need nothing from its ``ctx``."""


def _at_most(ctx: dict[str, Any], kind: str) -> str:
    """``string_too_long``, ``too_long``: the most characters or items."""
    most = ctx.get("max_length")
    noun = "character" if kind == "string_too_long" else "item"
    return f"Must have at most {most} {noun}{'' if most == 1 else 's'}."


def _at_least(ctx: dict[str, Any], kind: str) -> str:
    """``string_too_short``, ``too_short``: the fewest characters or items."""
    least = ctx.get("min_length")
    if kind == "string_too_short" and least == 1:
        return "Must not be empty."
    noun = "character" if kind == "string_too_short" else "item"
    return f"Must have at least {least} {noun}{'' if least == 1 else 's'}."


def _choices(ctx: dict[str, Any]) -> str:
    """``enum``, ``literal_error``: the values it may be."""
    return f"Must be one of {ctx.get('expected', 'the values the API document lists')}."


def _own(ctx: dict[str, Any]) -> str:
    """``value_error``, ``assertion_error``: the project's own check, its message as written
    (made a sentence by ``_placed``)."""
    return str(ctx.get("error", "")).strip() or "Is not valid."


def _as_sentence(text: str) -> str:
    """``text`` starting with a capital and ending with a full stop."""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _sentence(kind: str, ctx: dict[str, Any]) -> str:
    """The rule an input of error type ``kind`` breaks, as a sentence."""
    if kind in _SENTENCES:
        return _SENTENCES[kind]
    if kind in ("string_too_long", "too_long"):
        return _at_most(ctx, kind)
    if kind in ("string_too_short", "too_short"):
        return _at_least(ctx, kind)
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
        "multiple_of": ("a multiple of", "multiple_of"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"Must be {words} {ctx.get(key)}."
    if kind == "string_pattern_mismatch":
        shape = _PATTERNS.get(str(ctx.get("pattern")), "the form the API document gives")
        return f"Must be {shape}."
    if kind in ("enum", "literal_error"):
        return _choices(ctx)
    if kind in ("value_error", "assertion_error"):
        return _own(ctx)
    return "Is not a value this field takes (the API document says which)."


def _split(loc: Iterable[int | str]) -> tuple[str, str | None]:
    """The input's path (``melds.0.mode``) and, when pydantic tried one of several types, the
    first type's tag (``list[int]``)."""
    parts: list[str] = []
    for part in loc:
        if isinstance(part, str) and _TAG.match(part):
            return ".".join(parts), part
        parts.append(str(part))
    return ".".join(parts), None


def _placed(path: str, sentence: str, kind: str) -> tuple[str, str]:
    """A check of the whole body whose message names its field (``melds: ...``) is placed at
    that field."""
    if kind in ("value_error", "assertion_error"):
        found = re.match(r"^([a-z_][\w.]*): (.+)$", sentence)
        if found and path in ("", "body"):
            path, sentence = found.group(1), found.group(2)
        sentence = _as_sentence(sentence)
    return path or "body", sentence


def in_words(errors: Iterable[ErrorDetails]) -> Iterator[tuple[str, str]]:
    """Each wrong input's path and the rule it breaks, in the project's words; the types a
    value failed to be (a union's members) told once, as the kinds it may be."""
    tried: dict[str, list[str]] = {}
    told: list[tuple[str, str, str]] = []  # (path, sentence, type); "" for a union's kinds
    for item in errors:
        path, tag = _split(item["loc"])
        if tag is not None and tag != "[key]":
            if path not in tried:
                tried[path] = []
                told.append((path, "", ""))
            tried[path].append(tag)
            continue
        sentence = _sentence(item["type"], dict(item.get("ctx") or {}))
        if tag == "[key]":
            sentence = f"Not a name this takes: {sentence[0].lower()}{sentence[1:]}"
        told.append((path, sentence, item["type"]))
    for path, sentence, kind in told:
        if not kind:
            kinds = [_KINDS.get(t, "another kind of value") for t in dict.fromkeys(tried[path])]
            listed = ", ".join(kinds[:-1]) + " or " + kinds[-1] if len(kinds) > 1 else kinds[0]
            sentence = f"Must be {listed}."
        yield _placed(path, sentence, kind)


def unreadable(data: bytes) -> str:
    """Why a request body is not JSON, and where, in the project's words (``body: ...``)."""
    if not data.strip():
        return "body: empty; send the request as a JSON object."
    try:
        json.loads(data)
    except JSONDecodeError as error:
        return f"body: not valid JSON: {where_unreadable(error)}."
    except UnicodeDecodeError:
        return "body: not valid JSON: it is not text in UTF-8."
    except ValueError:  # a whole number past the 4,300 digits Python reads
        return "body: a number in it has more than 4300 digits; no field takes one that long."
    return "body: not valid JSON."
