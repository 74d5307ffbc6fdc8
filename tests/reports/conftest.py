"""Fixtures of the report tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def ctx(app):
    """A request context: templates render ``url_for`` and the filters."""
    with app.test_request_context():
        yield app
