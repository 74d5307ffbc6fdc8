"""Fixtures of the export and import tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def ctx(app):
    """An app context: the services read and write the test database."""
    with app.app_context():
        yield app
