"""The table's own rules on the pages: built from a preset and named, offered on the
new-session page, saved from a session's house rules, renamed, edited and deleted; a session
started from them shows their name with its rules in words on every page and in the PDF."""

from __future__ import annotations

import json
import re
from typing import Any

from pdftext import pdf_of
from pdftext import text_of as pdf_text
from webhelpers import (
    errors_at,
    figures,
    find_form,
    form_values,
    new_session,
    page_text,
    parse,
    save_hand,
    shown_value,
    text_of,
)

from scorekeeper.errorhandlers import STALE_FORM

FRIDAY_WORDS = "Friday rules: Spades double: Off; Stake per chip: $0.25."


def post_form(client, url: str, action: str | None = None, **changes: Any):
    """Post the form of page ``url`` (the one posting to ``action``) as a browser would, with
    ``changes``: text as typed, True to tick a box, False to untick it."""
    page = client.get(url)
    assert page.status_code == 200
    data = dict(form_values(find_form(parse(page), action=action or url.split("?")[0])))
    for name, value in changes.items():
        if value is False:
            data.pop(name, None)
        else:
            data[name] = "on" if value is True else str(value)
    return client.post(action or url.split("?")[0], data=data)


def save_friday_rules(client, name: str = "Friday rules", **changes: Any):
    """Friday rules from the Brooklyn preset: 25c a unit, spades not doubled."""
    return post_form(
        client, "/rules/new?system=brooklyn", name=name, stake="0.25", spades_double=False,
        **changes,
    )  # fmt: skip


def start_from_rules(client, rules_id: int, players=("Ann", "Bob", "Cal"), **changes: Any):
    seats = {f"seat-{i}": name for i, name in enumerate(players)}
    return post_form(
        client, f"/sessions/new?rules={rules_id}", "/sessions/new", first_dealer="0",
        **seats, **changes,
    )  # fmt: skip


def session_id_of(response) -> int:
    assert response.status_code == 302, response.text
    return int(re.search(r"/s/(\d+)$", response.headers["Location"]).group(1))


def test_rules_built_from_a_preset_are_listed_by_name_in_words(client):
    saved = save_friday_rules(client)

    assert saved.status_code == 302 and saved.headers["Location"].endswith("/rules/")
    listing = page_text(client.get("/rules/"))
    assert "Friday rules Brooklyn (chips) Spades double: Off; Stake per chip: $0.25." in listing


def test_a_taken_name_is_refused_at_the_name_and_what_was_typed_is_kept(client):
    save_friday_rules(client)

    again = save_friday_rules(client, name="  FRIDAY rules ", min_bid="350")

    assert again.status_code == 422
    assert errors_at(again, "name") == [
        "This table has rules named Friday rules already: choose another name, or replace them."
    ]
    assert (shown_value(again, "name"), shown_value(again, "min_bid")) == ("  FRIDAY rules ", "350")


def test_an_option_the_engine_refuses_is_shown_at_its_field_with_an_empty_name(client):
    refused = post_form(client, "/rules/new?system=brooklyn", name="", min_bid="305")

    assert refused.status_code == 422
    assert errors_at(refused, "name") == ["Give the rules a name, such as Friday rules."]
    assert errors_at(refused, "min_bid") == [
        "Minimum bid must be a multiple of 10 or 25 points, not 305."
    ]


def test_any_preset_can_be_the_start(client):
    saved = post_form(client, "/rules/new?system=bison", name="Short Bison", target="1000")

    assert saved.status_code == 302
    assert "Short Bison Bison (points to 1500) Game to: 1000." in page_text(client.get("/rules/"))


def test_the_new_session_page_offers_saved_rules_beside_the_presets(client):
    save_friday_rules(client)

    page = client.get("/sessions/new")
    chosen = client.get("/sessions/new?rules=1")

    buttons = parse(page).iter("button")
    picks = {text_of(b): b.get("value") for b in buttons if b.get("name") == "choose"}
    assert picks["Friday rules"] == "rules:1"
    assert picks["Hoyle (chips and the kitty)"] == "system:hoyle"
    assert (shown_value(chosen, "stake"), shown_value(chosen, "spades_double")) == ("0.25", None)
    assert shown_value(chosen, "rules") == "1"


def test_a_session_started_from_saved_rules_plays_under_them_and_shows_their_name(client):
    save_friday_rules(client)

    sid = session_id_of(start_from_rules(client, 1))
    save_hand(client, sid, declarer="Bob", bid=350, trump="S", outcome="made")

    # 350 collects 2 units from each of the others, spades not doubled: Bob +4, the others -2.
    page = client.get(f"/s/{sid}")
    assert figures(page) == {"Ann": -2, "Bob": 4, "Cal": -2}
    assert FRIDAY_WORDS in page_text(page)
    assert FRIDAY_WORDS in page_text(client.get(f"/s/{sid}/settle"))
    printed = page_text(client.get(f"/s/{sid}/print"))
    assert "Started under the table's saved rules Friday rules." in printed
    assert "Brooklyn (chips) · Friday rules" in page_text(client.get("/"))


def test_the_pdf_names_the_saved_rules(app, client):
    save_friday_rules(client)
    sid = session_id_of(start_from_rules(client, 1))

    with app.app_context():
        text = pdf_text(pdf_of(sid))

    assert "Started under the table's saved rules Friday rules." in text


def test_rules_changed_on_the_new_session_page_are_played_without_the_name(client):
    save_friday_rules(client)

    sid = session_id_of(start_from_rules(client, 1, stake="0.50"))

    page = page_text(client.get(f"/s/{sid}"))
    assert "Friday rules" not in page
    assert "Friday rules" not in page_text(client.get(f"/s/{sid}/print"))


def test_a_session_from_a_preset_shows_no_saved_rules(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    assert client.get(f"/s/{sid}").text.count("rules-note") == 0


def test_save_these_rules_as_keeps_the_house_rules_in_force(client):
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal"], stake="0.20")

    saved = post_form(client, f"/s/{sid}/settings", f"/s/{sid}/settings/save-as", name="Cheap")

    assert saved.status_code == 302 and saved.headers["Location"].endswith(f"/s/{sid}/settings")
    assert "Cheap Hoyle (chips and the kitty) Stake per chip: $0.20." in page_text(
        client.get("/rules/")
    )


def test_save_as_a_taken_name_is_refused_unless_replacing(client):
    save_friday_rules(client)
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal"], stake="0.20")
    action = f"/s/{sid}/settings/save-as"

    refused = post_form(client, f"/s/{sid}/settings", action, name="friday rules")
    replaced = post_form(client, f"/s/{sid}/settings", action, name="friday rules", replace=True)

    assert refused.status_code == 422
    assert errors_at(refused, "name") == [
        "This table has rules named Friday rules already: choose another name, or replace them."
    ]
    assert shown_value(refused, "name") == "friday rules"
    assert replaced.status_code == 302
    assert "friday rules Hoyle (chips and the kitty) Stake per chip: $0.20." in page_text(
        client.get("/rules/")
    )


def test_save_as_without_a_name_is_refused_at_the_name(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    refused = post_form(client, f"/s/{sid}/settings", f"/s/{sid}/settings/save-as", name=" ")

    assert refused.status_code == 422
    assert errors_at(refused, "name") == ["Give the rules a name, such as Friday rules."]


def test_renaming_and_editing_applies_to_later_sessions_only(client):
    save_friday_rules(client)
    earlier = session_id_of(start_from_rules(client, 1))

    edited = post_form(client, "/rules/1", name="Friday night", stake="0.50")
    later = session_id_of(start_from_rules(client, 1))

    assert edited.status_code == 302
    assert FRIDAY_WORDS in page_text(client.get(f"/s/{earlier}"))
    later_page = page_text(client.get(f"/s/{later}"))
    assert "Friday night: Spades double: Off; Stake per chip: $0.50." in later_page


def test_deleting_saved_rules_asks_first_and_leaves_the_sessions_name(client):
    save_friday_rules(client)
    sid = session_id_of(start_from_rules(client, 1))

    asked = client.get("/rules/1/delete")
    deleted = post_form(client, "/rules/1/delete")

    assert "Delete Friday rules?" in page_text(asked)
    assert deleted.status_code == 302
    assert "No saved rules yet." in page_text(client.get("/rules/"))
    assert FRIDAY_WORDS in page_text(client.get(f"/s/{sid}"))


def test_rules_the_table_does_not_have_are_not_found(client):
    assert client.get("/rules/7").status_code == 404
    assert client.get("/rules/7/delete").status_code == 404
    assert client.get("/sessions/new?rules=7").status_code == 404


def test_the_json_export_carries_the_rules_name_and_the_import_keeps_it(client):
    save_friday_rules(client)
    sid = session_id_of(start_from_rules(client, 1))
    exported = client.get(f"/s/{sid}/session.json").get_json()

    imported = post_form(client, "/sessions/import", text=json.dumps(exported))

    assert exported["session"]["rules_name"] == "Friday rules"
    new_id = session_id_of(imported)
    assert FRIDAY_WORDS in page_text(client.get(f"/s/{new_id}"))


def test_an_edit_the_engine_refuses_is_shown_at_its_field_and_changes_nothing(client):
    save_friday_rules(client)

    refused = post_form(client, "/rules/1", name="Friday night", min_bid="305")

    assert refused.status_code == 422
    assert errors_at(refused, "min_bid") == [
        "Minimum bid must be a multiple of 10 or 25 points, not 305."
    ]
    assert (shown_value(refused, "name"), shown_value(refused, "min_bid")) == (
        "Friday night",
        "305",
    )
    assert "Friday rules Brooklyn (chips) Spades double: Off" in page_text(client.get("/rules/"))


def test_expired_new_rules_are_shown_again_as_typed_and_nothing_is_saved(app, client):
    app.config["WTF_CSRF_ENABLED"] = True

    response = client.post(
        "/rules/new?system=brooklyn",
        data={"name": "Friday rules", "stake": "0.25", "csrf_token": "old"},
    )

    assert response.status_code == 400
    assert STALE_FORM in page_text(response)
    assert (shown_value(response, "name"), shown_value(response, "stake")) == (
        "Friday rules",
        "0.25",
    )
    assert "No saved rules yet." in page_text(client.get("/rules/"))


def test_an_expired_edit_of_saved_rules_is_shown_again_as_typed_and_changes_nothing(app, client):
    save_friday_rules(client)
    app.config["WTF_CSRF_ENABLED"] = True

    response = client.post(
        "/rules/1", data={"name": "Friday night", "stake": "0.50", "csrf_token": "old"}
    )

    assert response.status_code == 400
    assert STALE_FORM in page_text(response)
    assert (shown_value(response, "name"), shown_value(response, "stake")) == (
        "Friday night",
        "0.50",
    )
    listing = page_text(client.get("/rules/"))
    assert "Friday rules Brooklyn (chips) Spades double: Off; Stake per chip: $0.25." in listing


def test_an_expired_save_as_keeps_the_name_typed_and_saves_nothing(app, client):
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal"], stake="0.20")
    app.config["WTF_CSRF_ENABLED"] = True

    response = client.post(
        f"/s/{sid}/settings/save-as", data={"name": "Cheap", "csrf_token": "old"}
    )

    assert response.status_code == 400
    assert errors_at(response, "name") == [STALE_FORM]
    assert shown_value(response, "name") == "Cheap"
    assert "No saved rules yet." in page_text(client.get("/rules/"))
