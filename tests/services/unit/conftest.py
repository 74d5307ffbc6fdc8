"""The services on the in-memory unit of work: no app, no database.

Every test here runs with ``memory.FakeUnitOfWork`` installed (``uow``), and fails if it makes
an app context, opens a database session or connects an engine.
"""

from __future__ import annotations

from collections.abc import Iterator

import flask
import pytest
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from scorekeeper.models import Table
from scorekeeper.services import replays, unit_of_work

from .fakes import FakeUnitOfWork


def _refused(*args, **kwargs):
    raise AssertionError("a service on the fake unit of work touched the database")


@pytest.fixture
def no_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No database session may be made and no engine connected while the test runs."""
    monkeypatch.setattr(Session, "__init__", _refused)
    monkeypatch.setattr(Engine, "connect", _refused)
    assert not flask.has_app_context()
    yield
    assert not flask.has_app_context()


@pytest.fixture
def uow(no_database: None) -> Iterator[FakeUnitOfWork]:
    replays.forget()  # the worker's memory of replays is the process's: start it empty
    with unit_of_work.installed(FakeUnitOfWork()) as installed:
        assert isinstance(installed, FakeUnitOfWork)
        yield installed
    replays.forget()


@pytest.fixture
def table() -> Table:
    return Table(id=1, name="Kitchen table")
