"""The live hub of one process (``services.livestream.hub``) and the reading of PostgreSQL's
notifications (``services.livestream.notice``), without a server."""

from __future__ import annotations

import threading

import pytest

from scorekeeper.services.livestream.hub import Hub, StreamsFull
from scorekeeper.services.livestream.notice import parse, payload


@pytest.mark.parametrize(
    ("payload", "found"),
    [
        pytest.param("3:17:42", (17, 42), id="table-session-version"),
        pytest.param("3:17", None, id="version-missing"),
        pytest.param("3:17:42:1", None, id="one-part-too-many"),
        pytest.param("3:x:42", None, id="session-not-a-number"),
        pytest.param("", None, id="empty"),
    ],
)
def test_a_notification_names_the_session_and_its_version(payload, found):
    assert parse(payload) == found


def test_the_payload_announced_is_the_one_read():
    assert payload(3, 17, 42) == "3:17:42"
    assert parse(payload(3, 17, 42)) == (17, 42)


def test_a_new_version_wakes_only_the_streams_of_its_session():
    hub = Hub()
    ours, theirs = hub.open(1), hub.open(2)
    hub.publish(1, 5)
    hub.publish(2, 3)
    woke: list[int | None] = []
    waiting = threading.Thread(target=lambda: woke.append(ours.wait(5, timeout=2)))
    waiting.start()

    hub.publish(2, 4)  # another session's change
    hub.publish(1, 6)
    waiting.join()

    assert woke == [6]
    assert theirs.wait(4, timeout=0.05) is None  # nothing past 4 for session 2


def test_an_older_version_is_ignored():
    hub = Hub()
    stream = hub.open(1)
    hub.publish(1, 7)

    hub.publish(1, 6)  # a notification overtaken by a later one

    assert stream.wait(0, timeout=0) == 7


def test_a_process_holds_no_more_streams_than_its_limit_and_forgets_closed_ones():
    hub = Hub(limit=2)
    first, second = hub.open(1), hub.open(1)

    with pytest.raises(StreamsFull):
        hub.open(2)
    first.close()
    first.close()  # closing twice counts once
    third = hub.open(2)

    assert (hub.open_streams, sorted(hub.watched())) == (2, [1, 2])
    second.close()
    third.close()
    assert (hub.open_streams, hub.watched()) == (0, [])
