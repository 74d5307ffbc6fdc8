"""Times in the table's zone: the filters, the TIMEZONE setting, and the page and the PDF.

Times are stored as naive UTC. 23:30 UTC on Sat 4 Jul 2026 is 00:30 on Sun 5 Jul in London
(British Summer Time, UTC+1) and 05:00 on Sun 5 Jul in Kolkata (UTC+5:30, no summer time).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import reportsessions as rs
from pdftext import pdf_of, text_of
from sqlalchemy import select
from webhelpers import migrated_app, page_text

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import AuditEntry, GameSession
from scorekeeper.web.templating import (
    VERSIONED_ASSETS,
    asset_version,
    day,
    month_day,
    parse_timezone,
    stamp,
    when,
)

LATE = datetime(2026, 7, 4, 23, 30)  # naive UTC, as stored
LONDON = ZoneInfo("Europe/London")
KOLKATA = ZoneInfo("Asia/Kolkata")


def test_a_late_utc_time_is_the_next_morning_in_london_summer_time():
    assert when(LATE, LONDON) == "5 Jul 00:30 BST"
    assert day(LATE, LONDON) == "Sun 5 Jul 2026"
    assert stamp(LATE, LONDON) == "5 Jul 2026 00:30"
    assert month_day(LATE, LONDON) == "Jul 5"


def test_a_fixed_zone_moves_the_time_by_its_offset():
    # 23:30 + 5:30 = 29:00, that is 05:00 the next day.
    assert when(LATE, KOLKATA) == "5 Jul 05:00 IST"
    assert day(LATE, KOLKATA) == "Sun 5 Jul 2026"


def test_in_winter_london_is_on_utc():
    assert when(datetime(2026, 1, 9, 23, 30), LONDON) == "9 Jan 23:30 GMT"


def test_day_numbers_are_not_padded():
    assert day(datetime(2026, 11, 1, 12, 0), LONDON) == "Sun 1 Nov 2026"
    assert when(datetime(2026, 11, 1, 9, 5), LONDON) == "1 Nov 09:05 GMT"


def test_no_time_prints_as_nothing():
    assert day(None) == when(None) == stamp(None) == month_day(None) == ""


def test_an_unknown_timezone_setting_is_refused_naming_the_setting():
    with pytest.raises(ValueError, match="TIMEZONE setting: 'Mars/Olympus' is not a time zone"):
        parse_timezone("Mars/Olympus")
    assert parse_timezone("") is None  # unset: the server's own zone
    assert parse_timezone("Europe/Berlin") == ZoneInfo("Europe/Berlin")


def test_the_app_refuses_to_start_with_an_unknown_timezone(tmp_path: Path):
    with pytest.raises(ValueError, match="use an IANA name such as Europe/Berlin"):
        create_app({"TESTING": True, "SECRET_KEY": "t", "TIMEZONE": "Nowhere/Land"},
                   instance_path=tmp_path / "instance")  # fmt: skip


def test_the_timezone_setting_is_read_from_the_environment(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_TIMEZONE", "Europe/London")
    app = create_app({"TESTING": True, "SECRET_KEY": "t"}, instance_path=tmp_path / "instance")
    assert app.extensions["scorekeeper.timezone"] == LONDON


@pytest.fixture
def london(tmp_path: Path):
    """The app with ``TIMEZONE`` Europe/London, inside a request context."""
    app = migrated_app(tmp_path, TIMEZONE="Europe/London")
    with app.test_request_context():
        yield app
    with app.app_context():
        db.engine.dispose()


def test_the_page_and_the_pdf_show_the_same_local_day_and_time(london):
    sid = rs.brooklyn()
    row = db.session.get(GameSession, sid)
    row.created_at = row.ended_at = LATE
    for entry in db.session.scalars(select(AuditEntry).where(AuditEntry.session_id == sid)):
        entry.at = LATE
    db.session.commit()
    client = london.test_client()

    settle = page_text(client.get(f"/s/{sid}/settle"))
    history = page_text(client.get(f"/s/{sid}/history"))
    pdf = text_of(pdf_of(sid))

    assert "Sun 5 Jul 2026" in settle
    assert "Brooklyn (chips) · Sun 5 Jul 2026" in pdf
    assert "5 Jul 00:30 BST" in history
    assert "ended 5 Jul 00:30 BST" in pdf
    assert "Sat 4 Jul" not in settle + pdf and "23:30" not in history + pdf


# -- the stylesheet and scripts, kept by the phone ----------------------------------------------


def test_a_script_asked_for_with_this_builds_version_is_kept_for_a_year(client):
    version = asset_version()
    page = client.get("/").get_data(as_text=True)
    assert f"app.js?v={version}" in page  # the address the pages give
    for name in VERSIONED_ASSETS:
        response = client.get(f"/static/{name}?v={version}")
        assert response.status_code == 200
        cache = response.cache_control
        assert (cache.public, cache.max_age, cache.immutable) == (True, 365 * 24 * 3600, True)


@pytest.mark.parametrize("query", ["", "?v=0123456789"], ids=["no-version", "another-version"])
def test_a_script_asked_for_without_this_builds_version_is_asked_about_each_time(client, query):
    # an old page's address, or none: the file may differ from what it names, so it is
    # checked with the server each time as before
    response = client.get(f"/static/app.js{query}")
    assert response.status_code == 200
    assert response.cache_control.max_age is None and response.cache_control.no_cache
