"""Python's JSON reader's messages in the project's words: what a text that is not JSON lacks,
and where ("a comma was expected at line 2, column 20"), for the API's bodies and the session
files alike, never Python's own phrasing ("Expecting ',' delimiter").
"""

from __future__ import annotations

from json import JSONDecodeError

_JSON_WORDS = {
    "Expecting value": "a value was expected (a number, a string in double quotes, true, "
    "false, null, a list or an object)",
    "Expecting ',' delimiter": "a comma was expected",
    "Expecting ':' delimiter": "a colon was expected",
    "Expecting property name enclosed in double quotes": "a name in double quotes was expected",
    "Unterminated string starting at": "a string is not closed",
    "Invalid control character at": "a string holds a control character (escape it: \\n, \\t)",
    "Invalid \\escape": "a string holds a backslash escape that JSON does not have",
    "Invalid \\uXXXX escape": "a \\u escape needs 4 hexadecimal digits",
    "Extra data": "something follows the JSON value",
}
"""Each message of Python's JSON reader, in the project's words."""


def where_unreadable(error: JSONDecodeError) -> str:
    """What the text lacks and where, in words: "a comma was expected at line 2, column 20"."""
    words = _JSON_WORDS.get(error.msg, "it cannot be read")
    return f"{words} at line {error.lineno}, column {error.colno}"
