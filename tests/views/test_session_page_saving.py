"""The session page hands its script (save.js) what it needs to save through the API: the
hands' API address and the page to come back to, in data attributes, with no inline script.
When the API needs a token the address is left out, so the form posts to the page as always."""

from __future__ import annotations

from pathlib import Path

from webhelpers import dispose, migrated_app, new_session, parse


def outbox(html) -> dict[str, str]:
    found = [el for el in parse(html).iter("div") if el.get("id") == "outbox"]
    assert len(found) == 1
    return dict(found[0].attrib)


def test_the_session_page_names_the_hands_api_and_loads_save_js_deferred(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    page = client.get(f"/s/{sid}")
    box = outbox(page)
    assert box["data-hands-url"] == f"/api/v1/sessions/{sid}/hands"
    assert box["data-session-url"] == f"/s/{sid}"
    assert box["data-session"] == str(sid)
    scripts = [el for el in parse(page).iter("script")]
    save = [s for s in scripts if "/static/save.js" in (s.get("src") or "")]
    assert len(save) == 1 and save[0].get("defer") is not None
    assert all(s.get("src") for s in scripts)  # no inline script
    assert client.get(save[0].get("src")).status_code == 200


def test_with_an_api_token_the_page_leaves_the_api_out_and_the_form_posts(tmp_path: Path):
    app = migrated_app(tmp_path, API_TOKEN="table-secret")
    try:
        client = app.test_client()
        sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
        box = outbox(client.get(f"/s/{sid}"))
        assert "data-hands-url" not in box
    finally:
        dispose(app)
