"""The table's saved rules through the JSON API: list, create, read, rename or change,
delete, and sessions started from them (by id or by name) keeping their name.

Figures (RULES 5.4): Brooklyn, three at the table; 350 made collects 2 chips from each of the
two others, doubled in spades unless "spades double" is off.
"""

from __future__ import annotations

from .calls import API, Session, figures, problem_fields

FRIDAY = {"name": "Friday rules", "system": "brooklyn",
          "options": {"stake": 25, "spades_double": False}}  # fmt: skip
THREE = ["Ann", "Bob", "Cal"]


def save(api, body=FRIDAY) -> dict:
    response = api.post(f"{API}/saved-rules", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def start_from(api, **body) -> Session:
    response = api.post(f"{API}/sessions", json={"players": THREE, "first_dealer_seat": 0, **body})
    assert response.status_code == 201, response.get_json()
    return Session(api, response.get_json())


def test_rules_saved_answer_with_their_address_options_and_words(api):
    response = api.post(f"{API}/saved-rules", json=FRIDAY)

    rules = response.get_json()
    assert response.status_code == 201
    assert response.headers["Location"] == f"{API}/saved-rules/{rules['id']}"
    assert (rules["name"], rules["system"], rules["problem"]) == ("Friday rules", "brooklyn", None)
    assert rules["changed"] == {"stake": 25, "spades_double": False}
    assert (rules["options"]["stake"], rules["options"]["min_bid"]) == (25, 300)
    assert rules["in_words"] == ["Spades double: Off", "Stake per chip: $0.25"]
    assert api.get(response.headers["Location"]).get_json() == rules


def test_the_list_holds_the_table_s_rules_by_name(api):
    save(api, {"name": "sunday", "system": "bison"})
    save(api)

    listed = api.get(f"{API}/saved-rules").get_json()["saved_rules"]

    assert [(r["name"], r["system"]) for r in listed] == [
        ("Friday rules", "brooklyn"), ("sunday", "bison")
    ]  # fmt: skip


def test_a_taken_name_and_a_refused_option_are_named_at_their_paths(api):
    save(api)

    response = api.post(
        f"{API}/saved-rules",
        json={"name": " friday  RULES", "system": "brooklyn", "options": {"min_bid": 305}},
    )

    assert response.status_code == 422
    assert problem_fields(response) == {
        "name": "name: This table has rules named Friday rules already: choose another name, "
        "or replace them.",
        "options.min_bid": "options.min_bid: Minimum bid must be a multiple of 10 or 25 points, "
        "not 305.",
    }


def test_replace_takes_a_taken_name_over_and_answers_200(api):
    first = save(api)

    response = api.post(
        f"{API}/saved-rules", json={**FRIDAY, "options": {"stake": 50}, "replace": True}
    )

    again = response.get_json()
    assert response.status_code == 200
    assert response.headers["Location"] == f"{API}/saved-rules/{first['id']}"
    assert again["id"] == first["id"]
    assert again["changed"] == {"stake": 50}


def test_a_name_over_40_characters_is_refused(api):
    response = api.post(f"{API}/saved-rules", json={**FRIDAY, "name": "x" * 41})

    assert response.status_code == 422
    assert problem_fields(response) == {
        "name": "name: A name for house rules is at most 40 characters, not 41."
    }


def test_system_among_the_options_is_refused(api):
    response = api.post(f"{API}/saved-rules", json={**FRIDAY, "options": {"system": "hoyle"}})

    assert response.status_code == 422
    assert list(problem_fields(response)) == ["options.system"]


def test_a_change_renames_and_keeps_the_other_options(api):
    rules = save(api)

    changed = api.patch(
        f"{API}/saved-rules/{rules['id']}", json={"name": "Friday night", "options": {"stake": 50}}
    )

    assert changed.status_code == 200
    body = changed.get_json()
    assert body["name"] == "Friday night"
    assert body["changed"] == {"stake": 50, "spades_double": False}


def test_another_system_starts_the_options_from_its_preset(api):
    rules = save(api)

    changed = api.patch(f"{API}/saved-rules/{rules['id']}", json={"system": "hoyle"}).get_json()

    assert (changed["system"], changed["changed"], changed["name"]) == ("hoyle", {}, "Friday rules")


def test_deleting_answers_what_was_deleted_and_then_404(api):
    rules = save(api)

    deleted = api.delete(f"{API}/saved-rules/{rules['id']}")

    assert deleted.status_code == 200 and deleted.get_json()["name"] == "Friday rules"
    assert api.get(f"{API}/saved-rules/{rules['id']}").status_code == 404
    assert api.patch(f"{API}/saved-rules/{rules['id']}", json={"name": "x"}).status_code == 404


def test_a_session_started_by_saved_rules_id_plays_them_and_keeps_their_name(api):
    rules = save(api)

    session = start_from(api, saved_rules_id=rules["id"])
    answer = session.save(declarer="Bob", bid=350, trump="S", outcome="made")

    # Spades not doubled: Bob +2 +2, Ann and Cal -2 each; 4 units at 25c are $1.00.
    assert figures(answer["standings"]) == {"Ann": -2, "Bob": 4, "Cal": -2}
    read = session.read()
    assert (read["rules_name"], read["system"], read["options"]["stake"]) == (
        "Friday rules", "brooklyn", 25
    )  # fmt: skip
    listed = api.get(f"{API}/sessions").get_json()["sessions"]
    assert [s["rules_name"] for s in listed] == ["Friday rules"]


def test_a_session_started_by_name_keeps_the_name_after_the_rules_are_deleted(api):
    rules = save(api)

    session = start_from(api, saved_rules="  friday rules ")
    api.delete(f"{API}/saved-rules/{rules['id']}")

    assert session.read()["rules_name"] == "Friday rules"


def test_options_given_with_saved_rules_change_them_and_drop_the_name(api):
    rules = save(api)

    session = start_from(api, saved_rules_id=rules["id"], stake_cents=50)

    read = session.read()
    assert (read["rules_name"], read["options"]["stake"], read["options"]["spades_double"]) == (
        None, 50, False
    )  # fmt: skip


def test_saved_rules_the_table_does_not_have_are_refused_at_their_field(api):
    response = api.post(f"{API}/sessions", json={"players": THREE, "saved_rules_id": 7})
    by_name = api.post(f"{API}/sessions", json={"players": THREE, "saved_rules": "Friday"})

    assert response.status_code == 422
    assert problem_fields(response) == {
        "saved_rules_id": "saved_rules_id: No saved rules 7. See GET /saved-rules."
    }
    assert list(problem_fields(by_name)) == ["saved_rules"]


def test_a_system_other_than_the_saved_rules_is_refused_at_system(api):
    rules = save(api)

    response = api.post(
        f"{API}/sessions", json={"players": THREE, "saved_rules_id": rules["id"], "system": "hoyle"}
    )

    assert response.status_code == 422
    assert list(problem_fields(response)) == ["system"]
    assert "are for Brooklyn (chips)" in problem_fields(response)["system"]


def test_a_session_needs_a_system_or_saved_rules(api):
    response = api.post(f"{API}/sessions", json={"players": THREE})

    assert response.status_code == 422
    assert list(problem_fields(response)) == ["system"]
