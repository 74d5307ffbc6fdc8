"""Choosing the game on the new-session page keeps everything typed: the names in the seats,
the first dealer, and the house rules changed that the game chosen has too. The game choices
are submit buttons, so this is what a phone posts with JavaScript and without it alike."""

from __future__ import annotations

import re

from webhelpers import (
    all_errors,
    errors_at,
    find_form,
    form_values,
    parse,
    shown_value,
    text_of,
)

from views.test_saved_rules_views import save_friday_rules


def _typed(page, **changes: str | bool) -> dict[str, str]:
    """The new-session form of ``page`` as posted after typing ``changes`` (True ticks a box,
    False unticks it)."""
    data = dict(form_values(find_form(parse(page), action="/sessions/new")))
    for name, value in changes.items():
        if value is False:
            data.pop(name, None)
        else:
            data[name] = "on" if value is True else value
    return data


def _choose(client, data: dict[str, str], game: str):
    """Tap the game ``game`` (``system:hoyle``, ``rules:1``) with ``data`` typed."""
    response = client.post("/sessions/new", data={**data, "choose": game})
    assert response.status_code == 200, all_errors(response)
    return response


def _chosen_game(page) -> list[str]:
    return [
        text_of(b)
        for b in parse(page).iter("button")
        if b.get("name") == "choose" and b.get("aria-pressed") == "true"
    ]


def _seats(page) -> list[str]:
    values = dict(form_values(find_form(parse(page), action="/sessions/new")))
    seats = {int(m.group(1)): v for k, v in values.items() if (m := re.fullmatch(r"seat-(\d+)", k))}
    return [seats[i] for i in sorted(seats)]


BROOKLYN_TYPED = {
    "seat-0": "Ann",
    "seat-1": "Bob",
    "seat-2": "Cal",
    "seat-3": "Dee",
    "first_dealer": "2",
    "stake": "0.25",  # Brooklyn's preset: 0.10
    "spades_double": False,  # Brooklyn's preset: ticked
    "min_bid": "350",  # Brooklyn's preset: 300
}


def test_choosing_another_game_keeps_the_seats_the_dealer_and_the_rules_changed(client):
    brooklyn = client.get("/sessions/new?system=brooklyn")

    hoyle = _choose(client, _typed(brooklyn, **BROOKLYN_TYPED), "system:hoyle")

    assert _chosen_game(hoyle) == ["Hoyle (chips and the kitty)"]
    assert shown_value(hoyle, "system") == "hoyle"
    assert _seats(hoyle)[:5] == ["Ann", "Bob", "Cal", "Dee", ""]
    assert shown_value(hoyle, "first_dealer") == "2"
    # the three rules changed carry over; Hoyle keeps its own where nothing was changed:
    # everyone passing makes the first bid compulsory, no bid ending is forbidden
    assert shown_value(hoyle, "stake") == "0.25"
    assert shown_value(hoyle, "spades_double") is None
    assert shown_value(hoyle, "min_bid") == "350"
    assert shown_value(hoyle, "all_pass") == "compulsory-first-bid"
    assert shown_value(hoyle, "forbidden_endings") == "None"


def test_a_session_starts_with_what_was_typed_before_the_game_was_chosen(client):
    hoyle = _choose(client, _typed(client.get("/sessions/new"), **BROOKLYN_TYPED), "system:hoyle")

    started = client.post("/sessions/new", data=_typed(hoyle))

    assert started.status_code == 302, all_errors(started)
    session_id = re.fullmatch(r"/s/(\d+)", started.headers["Location"]).group(1)
    settings = client.get(f"/s/{session_id}/settings")
    assert (shown_value(settings, "stake"), shown_value(settings, "min_bid")) == ("0.25", "350")
    assert "Cal deals" in text_of(parse(client.get(f"/s/{session_id}")).find(".//main"))


def test_figures_in_points_do_not_carry_to_a_game_that_writes_them_tenfold(client):
    """A double deck writes its figures a tenth (RULES: ``scale``): Brooklyn's 350 would be
    3500 there, so the double-deck game shows its own minimum bid; the stake carries."""
    fresh = client.get("/sessions/new?system=double-deck")

    double = _choose(
        client, _typed(client.get("/sessions/new"), **BROOKLYN_TYPED), "system:double-deck"
    )

    assert shown_value(double, "min_bid") == shown_value(fresh, "min_bid")
    assert _seats(double)[:4] == ["Ann", "Bob", "Cal", "Dee"]


def test_names_beyond_the_chosen_games_seats_are_kept_and_starting_says_so(client):
    hoyle = client.get("/sessions/new?system=hoyle")
    five = {f"seat-{i}": name for i, name in enumerate(["Ann", "Bob", "Cal", "Dee", "Eve"])}

    brooklyn = _choose(client, _typed(hoyle, **five), "system:brooklyn")

    assert _seats(brooklyn) == ["Ann", "Bob", "Cal", "Dee", "Eve"]
    refused = client.post("/sessions/new", data=_typed(brooklyn))
    assert refused.status_code == 422
    assert errors_at(refused, "seat-0")  # the engine's word on five at a game of 3 or 4


def test_choosing_saved_rules_keeps_the_seats_and_shows_the_rules_as_saved(client):
    save_friday_rules(client)  # Brooklyn at 0.25 a unit, spades not doubled
    typed = _typed(client.get("/sessions/new?system=hoyle"), **{"seat-0": "Ann", "stake": "1"})

    friday = _choose(client, typed, "rules:1")

    assert _chosen_game(friday) == ["Friday rules"]
    assert shown_value(friday, "rules") == "1"
    assert _seats(friday)[0] == "Ann"
    assert shown_value(friday, "stake") == "0.25"


def test_choosing_a_game_without_javascript_needs_no_other_button(client):
    page = client.get("/sessions/new")

    games = [b for b in parse(page).iter("button") if b.get("name") == "choose"]

    assert len(games) == 12
    assert all(b.get("type") == "submit" and b.get("formnovalidate") is not None for b in games)
    first = next(parse(page).iter("button"))  # Enter in a name presses the form's first one
    assert (first.get("type"), first.get("name"), text_of(first)) == (
        "submit",
        None,
        "Start the session",
    )
