"""Keyset paging: the items after the last one a client saw, in a fixed order.

A page starts after the *sort key* of the previous page's last item (a session's creation
time and id, a hand's stored place), never at an offset: an item added or removed while a
client walks the list moves no other item across a page's edge, so nothing is seen twice or
missed. ``page_of`` pages a query (the database does the work: one row more than the page
holds tells whether a next page exists); ``page_of_list`` a list already worked out in that
order (a session's replayed hands, the ledger's lists, which are derived from every row
anyway).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlalchemy import ColumnElement, Select, and_, or_

from ..extensions import db

T = TypeVar("T")
U = TypeVar("U")
Key = tuple[Any, ...]


@dataclass(frozen=True)
class Page:
    """Which page of a list: the sort key of the previous page's last item (None: the first
    page) and how many items a page holds."""

    after: Key | None
    limit: int


@dataclass(frozen=True)
class Paged(Generic[T]):
    """One page of a list, and the sort key its next page starts after (None: the last)."""

    items: list[T]
    next: Key | None

    def map(self, shown: Callable[[T], U]) -> Paged[U]:
        """The same page, each item as ``shown`` makes it."""
        return Paged([shown(item) for item in self.items], self.next)


def _cut(found: list[T], page: Page, key: Callable[[T], Key]) -> Paged[T]:
    """The page of ``found`` (at most ``page.limit`` + 1 items after the key)."""
    if len(found) <= page.limit:
        return Paged(found, None)
    items = found[: page.limit]
    return Paged(items, key(items[-1]))


def _beyond(columns: Sequence[Any], key: Key, descending: bool) -> ColumnElement[bool]:
    """A row comes after ``key`` in the order of ``columns`` (a row value comparison,
    written out so that SQLite and PostgreSQL read it alike)."""
    first, *rest = columns
    past = first < key[0] if descending else first > key[0]
    if not rest:
        return past
    return or_(past, and_(first == key[0], _beyond(rest, key[1:], descending)))


def keyset(query: Select, columns: Sequence[Any], page: Page | None, descending: bool) -> Select:
    """``query`` in the order of ``columns`` (all descending or all ascending; the last one
    unique), from the row after ``page.after``, at most ``page.limit`` + 1 rows; every row
    when ``page`` is None."""
    query = query.order_by(*(c.desc() if descending else c.asc() for c in columns))
    if page is None:
        return query
    if page.after is not None:
        query = query.where(_beyond(columns, page.after, descending))
    return query.limit(page.limit + 1)


def page_of(query: Select, columns: Sequence[Any], page: Page, descending: bool) -> Paged[Any]:
    """The page of the entities ``query`` selects, in the order of ``columns`` (attributes of
    the entity, the last one unique): one query."""
    rows = list(db.session.scalars(keyset(query, columns, page, descending)))
    return _cut(rows, page, lambda row: tuple(getattr(row, c.key) for c in columns))


def page_of_list(
    items: Iterable[T], key: Callable[[T], Key], page: Page, descending: bool
) -> Paged[T]:
    """The page of ``items``, a list already worked out in the order of ``key``."""
    after = page.after
    found: list[T] = []
    for item in items:
        if after is None or (key(item) < after if descending else key(item) > after):
            found.append(item)
            if len(found) > page.limit:
                break
    return _cut(found, page, key)
