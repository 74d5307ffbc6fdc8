"""Paging of the API's lists: ``limit`` and an opaque ``cursor`` in the query string, the next
page's cursor in the body (``next_cursor``, null on the last page) and the next page's whole
address in a ``Link`` header (RFC 8288, ``rel="next"``).

A page starts after the sort key of the page before's last item (``services.keyset``), so a
list that grows while a client walks it neither repeats nor skips an item. The cursor is that
key signed with the app's secret for one list: the table and the list's address (a session's
hands are not another session's). A cursor changed by hand, cut short or taken from another
list does not verify and is refused, so a client never gets a page it did not ask for. A wrong
``limit`` or ``cursor`` is a 400 naming it (``problems.validation_problem``), not a 422: it is
the address of a page, not data sent to be saved.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from flask import Response, current_app, request, url_for
from flask_openapi3.types import ResponseDict
from itsdangerous import BadData, URLSafeSerializer
from pydantic import BaseModel, Field

from ...access import current_table
from ...services.keyset import Key, Page, Paged
from ..schemas.common import QueryParameters
from .codes import ProblemCode
from .conditional import tagged
from .headers import not_modified_answer, with_headers
from .problems import PAGE_PARAMETERS, Problem, field_problem

DEFAULT_LIMIT = 50
MAX_LIMIT = 200
MAX_CURSOR = 200
IN_PAGES = f"in pages of {DEFAULT_LIMIT} (up to {MAX_LIMIT} with limit)"
"""How a list is paged, as an operation's description says it."""


class PageQuery(QueryParameters):
    """Which page of a list: how many items, and where it starts."""

    limit: int = Field(
        DEFAULT_LIMIT,
        ge=1,
        le=MAX_LIMIT,
        description=f"How many items the page holds: 1 to {MAX_LIMIT}, {DEFAULT_LIMIT} when "
        "left out. Out of range or not a whole number: 400.",
    )
    cursor: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_CURSOR,
        description="Where the page starts: the next_cursor of the page before, as it came "
        "(or follow the Link header). Left out: the first page. Opaque; one changed or taken "
        "from another list is refused (400): start again from the first page.",
    )


PAGE_PARAMETERS.add(PageQuery.__name__)

NextCursor = Annotated[
    str | None,
    Field(
        description="The cursor of the next page (send it as 'cursor', with the same limit); "
        "null on the last page."
    ),
]


def paged_read(model: type[BaseModel]) -> ResponseDict:
    """The answers of a page of a list: 200 with ``model``, its ETag and the Link to the next
    page; 304 while unchanged; 400 for a wrong ``limit`` or ``cursor``."""
    return {
        200: with_headers(model, "ETag", "Link"),
        304: not_modified_answer("ETag"),
        400: Problem,
    }


REFUSED = (
    "Not a cursor of this list (changed, cut short, or from another list): send the "
    "next_cursor of the page before as it came, or leave cursor out to start from the first "
    "page."
)


def _signer(path: str | None = None) -> URLSafeSerializer:
    """Cursors of the list at ``path`` (the one this request reads when None): signed for the
    table and the list's address."""
    scope = f"{current_table().id}:{path or request.path}"
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=f"page-cursor:{scope}")


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _typed(value: Any, kind: type) -> Any:
    """A key's part read back as ``kind``; ValueError when it is not one."""
    if kind is datetime and isinstance(value, str):
        return datetime.fromisoformat(value)
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    raise ValueError(value)


def page_asked(query: PageQuery, *kinds: type) -> Page:
    """The page ``query`` asks for, its cursor a sort key whose parts are of ``kinds``; a 400
    problem at ``cursor`` when the cursor is not one this list gave."""
    if query.cursor is None:
        return Page(None, query.limit)
    try:
        parts = _signer().loads(query.cursor)
        if not isinstance(parts, list) or len(parts) != len(kinds):
            raise ValueError(parts)
        key = tuple(_typed(part, kind) for part, kind in zip(parts, kinds, strict=True))
    except (BadData, ValueError):
        raise field_problem(400, ProblemCode.INVALID_REQUEST, "cursor", REFUSED) from None
    return Page(key, query.limit)


def next_cursor(found: Paged[Any], path: str | None = None) -> str | None:
    """The cursor of the page after ``found`` (a page of the list this request reads, or of
    the one at ``path``), None when it is the last."""
    return None if found.next is None else _cursor(found.next, path)


def _cursor(key: Key, path: str | None) -> str:
    return str(_signer(path).dumps([_plain(part) for part in key]))


def listed(model: type[BaseModel], found: Paged[Any], query: PageQuery, **items: Any) -> Response:
    """The page ``found`` as ``model`` (its list as ``items``, with its ``next_cursor``):
    tagged like any read (304 while the page is unchanged) and, when a next page exists,
    linked to it with the same limit."""
    cursor = next_cursor(found)
    response = tagged(model(**items, next_cursor=cursor))
    if cursor is not None and response.status_code == 200:
        response.headers["Link"] = f'<{next_page(cursor, query.limit)}>; rel="next"'
    return response


def next_page(cursor: str, limit: int) -> str:
    """The whole address of the page ``cursor`` starts, in the list this request reads."""
    args = dict(request.view_args or {})
    return url_for(str(request.endpoint), **args, limit=limit, cursor=cursor, _external=True)


def rest_of(found: Paged[Any], endpoint: str) -> str | None:
    """The whole address of the page after ``found``, the first page (``DEFAULT_LIMIT``
    items) of the list ``endpoint`` serves, which takes no path ids; None when that is all."""
    cursor = next_cursor(found, url_for(endpoint))
    if cursor is None:
        return None
    return url_for(endpoint, limit=DEFAULT_LIMIT, cursor=cursor, _external=True)


FIRST_PAGE = Page(None, DEFAULT_LIMIT)
"""The first page of a list, as a read that embeds one (the ledger) shows it."""
