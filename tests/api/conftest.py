"""Fixtures of the API tests: a fresh app on its own SQLite file for each test, and its client."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def api(app: Flask) -> FlaskClient:
    """A test client of a fresh, migrated app (the suite's ``app`` fixture)."""
    return app.test_client()
