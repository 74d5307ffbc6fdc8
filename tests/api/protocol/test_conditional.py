"""Conditional requests (``scorekeeper/api/protocol/conditional.py``): a change of a session
names the version it was read at when it wants to (If-Match, 412 when stale), a hand's change must
(428 without), and ``If-Match: *`` matches whatever version is current, for both alike.

Brooklyn, Ann, Bob, Cal and Dan at 25 cents a unit; Bob makes 350 in hearts: 2 units from
each of the three others, so Bob is +6 units (docs/RULES.md section 7).
"""

from __future__ import annotations

import pytest

from ..calls import FOUR, cents, start

BOB_350 = dict(declarer="Bob", bid=350, trump="H", outcome="made")


def _session_with_a_hand(api):
    session = start(api, "brooklyn", FOUR, stake_cents=25)
    session.save(**BOB_350)
    return session


def _etag(api, url: str) -> str:
    response = api.get(url)
    assert response.status_code == 200
    return response.headers["ETag"]


def test_a_change_of_house_rules_based_on_the_session_as_read_is_made(api):
    session = _session_with_a_hand(api)
    tag = _etag(api, session.url)

    response = api.patch(session.url, json={"options": {"stake": 50}}, headers={"If-Match": tag})

    assert response.status_code == 200
    # Bob's 6 units at 50 cents a unit.
    assert cents(response.get_json()["standings"])["Bob"] == 300
    assert response.headers["ETag"] == _etag(api, session.url) != tag


@pytest.mark.parametrize(
    "if_match",
    [
        pytest.param("stale", id="a-version-read-before-a-hand"),
        pytest.param("nonsense", id="nonsense"),
    ],
)
def test_a_change_of_house_rules_on_a_stale_version_changes_nothing(api, if_match):
    session = start(api, "brooklyn", FOUR, stake_cents=25)
    tag = _etag(api, session.url) if if_match == "stale" else "nonsense"
    session.save(**BOB_350)  # another phone saves a hand meanwhile

    response = api.patch(session.url, json={"options": {"stake": 50}}, headers={"If-Match": tag})

    assert response.status_code == 412
    assert response.get_json()["code"] == "stale-session"
    assert response.headers["ETag"] == _etag(api, session.url)
    assert cents(session.standings())["Bob"] == 150  # still 25 cents a unit


def test_if_match_star_changes_the_session_whatever_its_version(api):
    session = _session_with_a_hand(api)

    response = api.patch(session.url, json={"ended": True}, headers={"If-Match": "*"})

    assert response.status_code == 200
    assert response.get_json()["ended_at"] is not None


def test_a_change_of_the_session_without_if_match_is_made_as_sent(api):
    session = _session_with_a_hand(api)

    response = api.patch(session.url, json={"options": {"stake": 50}})

    assert response.status_code == 200
    assert cents(response.get_json()["standings"])["Bob"] == 300


def test_if_match_star_corrects_a_hand_whatever_its_version(api):
    session = _session_with_a_hand(api)
    body = session.body(**{**BOB_350, "outcome": "set"})

    response = api.put(f"{session.url}/hands/1", json=body, headers={"If-Match": "*"})

    assert response.status_code == 200
    # Bob set at 350 in hearts pays 2 x 2 units to each of the three others.
    assert cents(response.get_json()["standings"])["Bob"] == -300


@pytest.mark.parametrize("method", ["put", "delete"])
def test_a_hand_changed_on_a_version_that_is_not_a_tag_changes_nothing(api, method):
    session = _session_with_a_hand(api)
    body = session.body(**{**BOB_350, "outcome": "set"}) if method == "put" else None

    response = getattr(api, method)(
        f"{session.url}/hands/1", json=body, headers={"If-Match": "nonsense"}
    )

    assert response.status_code == 412
    assert response.get_json()["code"] == "stale-hand"
    assert cents(session.standings())["Bob"] == 150
