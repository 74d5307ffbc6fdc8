"""The live stream of a session (``GET /api/v1/sessions/{id}/events``): its first event at
once, each change as its new version, a resumed stream, the heartbeat, its access rules and
the limit on streams one process holds."""

from __future__ import annotations

import pytest
from hostedhelpers import hosted_app, start_table, watch
from livestream import Listening, version_event
from webhelpers import dispose

RETRY = "retry: 2000\n\n"
KEEP_ALIVE = ": keep-alive\n\n"
FOUR = ["Ann", "Bob", "Cal", "Dan"]


def start(client, headers=None) -> tuple[int, list[int]]:
    """A Hoyle session of four: its id and the players' ids."""
    made = client.post("/api/v1/sessions", json={"system": "hoyle", "players": FOUR},
                       headers=headers or {})  # fmt: skip
    assert made.status_code == 201, made.text
    body = made.get_json()
    return body["id"], [p["id"] for p in body["players"]]


def forfeit(client, session_id: int, declarer: int, headers=None) -> None:
    """Save a hand: the declarer forfeits at 300 (the session's version goes up by one)."""
    saved = client.post(
        f"/api/v1/sessions/{session_id}/hands",
        json={"declarer_id": declarer, "bid": 300, "outcome": "forfeit"},
        headers=headers or {},
    )
    assert saved.status_code == 201, saved.text


def listen(client, session_id: int, timeout: int = 3, **headers: str) -> Listening:
    answer = client.get(
        f"/api/v1/sessions/{session_id}/events?timeout={timeout}",
        headers=headers,
        buffered=False,
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return Listening(answer)


def test_the_stream_is_server_sent_events_that_no_cache_or_proxy_keeps(api):
    sid, _ = start(api)

    answer = api.get(f"/api/v1/sessions/{sid}/events?timeout=1", buffered=False)

    assert answer.mimetype == "text/event-stream"
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["X-Accel-Buffering"] == "no"
    Listening(answer).leave()


def test_the_current_version_comes_at_once_then_each_hand_saved(api):
    sid, (_, bob, cal, _) = start(api)  # a new session is at version 1
    stream = listen(api, sid)

    assert stream.next() == RETRY
    assert stream.next(timeout=1) == version_event(1)
    forfeit(api, sid, bob)
    assert stream.next(timeout=1) == version_event(2)
    forfeit(api, sid, cal)
    assert stream.next(timeout=1) == version_event(3)
    assert stream.rest() == []  # nothing more before its timeout


def test_a_correction_a_deletion_and_the_end_of_the_session_each_move_the_version(api):
    sid, (_, bob, _, _) = start(api)
    forfeit(api, sid, bob)  # version 2
    stream = listen(api, sid)
    assert [stream.next(), stream.next()] == [RETRY, version_event(2)]

    etag = api.get(f"/api/v1/sessions/{sid}/hands/1").headers["ETag"]
    deleted = api.delete(f"/api/v1/sessions/{sid}/hands/1", headers={"If-Match": etag})
    assert deleted.status_code == 200, deleted.text
    assert stream.next(timeout=1) == version_event(3)
    ended = api.patch(f"/api/v1/sessions/{sid}", json={"ended": True})
    assert ended.status_code == 200, ended.text
    assert stream.next(timeout=1) == version_event(4)
    stream.leave()


def test_a_stream_resumed_at_the_current_version_waits_for_the_next_change(api):
    sid, (_, bob, cal, _) = start(api)
    forfeit(api, sid, bob)  # version 2

    stream = listen(api, sid, **{"Last-Event-ID": "2"})

    assert stream.next() == RETRY
    forfeit(api, sid, cal)
    assert stream.next(timeout=1) == version_event(3)  # version 2 is not sent again
    stream.leave()


def test_a_stream_resumed_at_an_older_version_gets_the_current_one_at_once(api):
    sid, (_, bob, cal, _) = start(api)
    forfeit(api, sid, bob)
    forfeit(api, sid, cal)  # version 3: the phone was away for two hands

    stream = listen(api, sid, **{"Last-Event-ID": "1"})

    assert [stream.next(), stream.next(timeout=1)] == [RETRY, version_event(3)]
    stream.leave()


def test_an_idle_stream_sends_a_heartbeat_every_interval(app):
    app.config["LIVE_HEARTBEAT"] = 0.2
    api = app.test_client()
    sid, _ = start(api)
    stream = listen(api, sid, timeout=1)
    assert [stream.next(), stream.next()] == [RETRY, version_event(1)]

    beat, waited = stream.next_timed(timeout=1)

    assert beat == KEEP_ALIVE
    assert 0.15 <= waited < 0.6  # 0.2 s, with room for a busy machine
    assert set(stream.rest()) == {KEEP_ALIVE}


def test_a_stream_ended_is_forgotten_by_the_process(app):
    api = app.test_client()
    sid, _ = start(api)

    listen(api, sid, timeout=1).rest()

    assert app.extensions["scorekeeper.live"].open_streams == 0


def test_a_session_of_no_table_is_not_found(api):
    answer = api.get("/api/v1/sessions/999/events?timeout=1")

    assert answer.status_code == 404
    assert answer.get_json()["code"] == "not-found"


def test_one_stream_more_than_the_process_holds_is_refused_until_one_ends(app):
    app.config["LIVE_STREAMS"] = 1
    app.extensions["scorekeeper.live"].limit = 1
    api = app.test_client()
    sid, _ = start(api)
    first = listen(api, sid, timeout=1)

    refused = api.get(f"/api/v1/sessions/{sid}/events?timeout=1")

    assert refused.status_code == 503
    assert refused.get_json()["code"] == "streams-full"
    assert refused.headers["Retry-After"] == "30"
    first.rest()
    listen(api, sid, timeout=1).leave()  # its place is free again


@pytest.fixture
def hosted(tmp_path):
    app = hosted_app(tmp_path)
    yield app
    dispose(app)


def test_a_watcher_may_listen_and_a_stranger_may_not(hosted):
    creator = hosted.test_client()
    table = start_table(creator)
    sid, (_, bob, _, _) = start(creator)
    watcher = hosted.test_client()
    watch(watcher, table)

    stranger = hosted.test_client().get(f"/api/v1/sessions/{sid}/events?timeout=1")
    stream = listen(watcher, sid)  # with the phone's cookie, as EventSource sends it
    by_token = listen(hosted.test_client(), sid, Authorization=f"Bearer {table.watch_token}")

    assert stranger.status_code == 401
    assert [stream.next(), stream.next()] == [RETRY, version_event(1)]
    assert [by_token.next(), by_token.next()] == [RETRY, version_event(1)]
    forfeit(creator, sid, bob)
    assert stream.next(timeout=1) == version_event(2)
    assert by_token.next(timeout=1) == version_event(2)
    stream.leave()
    by_token.leave()


def test_another_tables_session_is_not_found_on_the_stream(hosted):
    theirs = hosted.test_client()
    start_table(theirs, "Their club")
    sid, _ = start(theirs)
    ours = hosted.test_client()
    start_table(ours, "Our club")

    assert ours.get(f"/api/v1/sessions/{sid}/events?timeout=1").status_code == 404


def test_the_stream_ends_with_its_timeout(api):
    sid, _ = start(api)

    assert listen(api, sid, timeout=1).rest(timeout=3)[-1] == version_event(1)
