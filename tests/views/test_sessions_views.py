"""Session pages through the test client: home, new session for every preset, the session
page, sharing, live updates, someone leaving, ending, and the pages that do not exist."""

from __future__ import annotations

import pytest
from webhelpers import (
    all_errors,
    errors_at,
    figures,
    find_form,
    form_values,
    new_session,
    new_session_response,
    next_hand_text,
    page_text,
    parse,
    player_ids,
    save_hand,
    shown_value,
    standings,
)

PRESETS = ["brooklyn", "brooklyn-pot", "hoyle", "bison", "partnership"]
TABLES = {
    "brooklyn": ["Ann", "Bob", "Cal", "Dee"],
    "brooklyn-pot": ["Ann", "Bob", "Cal", "Dee", "Eve"],
    "hoyle": ["Ann", "Bob", "Cal", "Dee"],
    "bison": ["Ann", "Bob", "Cal"],
    "partnership": ["Ann", "Bob", "Cal", "Dee"],
}


# -- home -----------------------------------------------------------------------------------


def test_home_with_no_sessions_invites_a_new_one(client):
    response = client.get("/")

    assert response.status_code == 200
    text = page_text(response)
    assert "No sessions yet" in text
    assert "+ New session" in text
    assert "Resume" not in text


def test_home_lists_sessions_newest_first_and_resumes_the_newest_open_one(client):
    older = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, older, declarer="Bob", bid=350, trump="H", outcome="made")
    newer = new_session(client, "bison", ["Ann", "Bob", "Cal"])

    tree = parse(client.get("/"))

    links = [a.get("href") for a in tree.iter("a") if "card-link" in (a.get("class") or "")]
    assert links == [f"/s/{newer}", f"/s/{older}"]
    resume = next(a for a in tree.iter("a") if "resume" in (a.get("class") or ""))
    assert resume.get("href") == f"/s/{newer}"
    assert "Bison (points to 1500) · Ann, Bob, Cal" in " ".join(resume.itertext())
    assert "1 hand" in page_text(client.get("/"))


def test_an_ended_session_is_not_resumed(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    assert client.post(f"/s/{sid}/end").status_code == 302

    text = page_text(client.get("/"))
    assert "Resume" not in text
    assert "0 hands · ended" in text


# -- new session ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "shown"),
    [
        ("brooklyn", {"min_bid": "300", "forbidden_endings": "40, 90", "stake": "0.10",
                      "schedule": "brooklyn", "sit_out": "right-of-dealer", "spades_double": "on",
                      "all_pass": "dealer-takeover", "card_values": "classic", "scale": "1"}),
        ("brooklyn-pot", {"min_bid": "250", "stake": "0.05", "ante": "0.25",
                          "pot_threshold": "400", "schedule": "pot",
                          "sit_out": "three-left-play", "all_pass": "dealer-must-bid"}),
        ("hoyle", {"min_bid": "300", "kitty_threshold": "350", "schedule": "hoyle",
                   "sit_out": "dealer-and-second-left", "all_pass": "compulsory-first-bid"}),
        ("bison", {"min_bid": "250", "target": "1500", "game_stake": "0.00",
                   "set_stake": "0.00", "card_values": "counters", "double_meld_bonus": "on",
                   "negative_floor": "", "fixed_deals": "", "all_pass": "throw-in"}),
        ("partnership", {"min_bid": "250", "target": "1500", "card_values": "counters",
                         "game_stake": "0.00"}),
    ],
)  # fmt: skip
def test_the_new_session_form_fills_in_each_presets_defaults(client, system, shown):
    response = client.get(f"/sessions/new?system={system}")

    assert response.status_code == 200
    values = dict(form_values(find_form(parse(response), action="/sessions/new")))
    assert values["system"] == system
    for name, value in shown.items():
        assert values.get(name) == value, name


def test_the_new_session_form_explains_each_option(client):
    text = page_text(client.get("/sessions/new?system=hoyle"))

    assert "From this bid up, the kitty pays and collects like one more opponent." in text
    assert "Every payment is doubled when spades are trump." in text


def test_options_of_other_systems_are_not_offered(client):
    values = dict(form_values(find_form(parse(client.get("/sessions/new?system=bison")))))

    assert "stake" not in values
    assert "kitty_threshold" not in values
    assert "target" not in dict(
        form_values(find_form(parse(client.get("/sessions/new?system=brooklyn"))))
    )


def test_an_unknown_system_shows_the_brooklyn_form(client):
    response = client.get("/sessions/new?system=whist")

    assert response.status_code == 200
    assert shown_value(response, "system") == "brooklyn"


def test_the_roster_is_offered_for_the_seats(client):
    new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    tree = parse(client.get("/sessions/new"))

    picks = [b.get("data-name") for b in tree.iter("button") if b.get("data-name")]
    assert picks == ["Ann", "Bob", "Cal"]


@pytest.mark.parametrize("system", PRESETS)
def test_a_session_starts_for_every_preset_and_opens_its_page(client, system):
    players = TABLES[system]

    sid = new_session(client, system, players, first_dealer=1)
    page = client.get(f"/s/{sid}")

    assert page.status_code == 200
    assert "Session started. Deal!" in page_text(page)
    assert f"{players[1]} deals" in next_hand_text(page)
    holders = {
        "partnership": ["Ann & Cal", "Bob & Dee"],
        "hoyle": [*players, "Kitty"],
        "brooklyn-pot": [*players, "Pot"],
    }
    assert list(standings(page)) == holders.get(system, players)


def test_options_typed_in_the_form_are_the_sessions(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"], stake="0.25", spades_double=False)

    # Bob makes 300 in spades: 1 unit each, not doubled; at 25 cents a unit.
    page = save_hand(client, sid, declarer="Bob", bid=300, trump="S", outcome="made")

    assert standings(page)["Bob"].figure == "+2"
    assert standings(page)["Bob"].money == "+$0.50"


def test_the_pot_starts_with_everyones_ante(client):
    sid = new_session(client, "brooklyn-pot", ["Ann", "Bob", "Cal", "Dee", "Eve"])

    rows = standings(client.get(f"/s/{sid}"))

    # Ante 25 cents at a 5-cent stake: 5 units from each of five players.
    assert rows["Pot"].figure == "25"
    assert rows["Pot"].money == "$1.25"
    assert rows["Eve"].figure == "−5"
    assert rows["Eve"].money == "−$0.25"


def test_dropping_the_trailing_zero_keeps_the_figures_left_as_shown(client):
    # Only the scale is changed; min bid 250 and target 1500 are posted as the form shows them.
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"], scale="10")
    page = client.get(f"/s/{sid}")

    assert "Game to 150." in page_text(page)
    bids = [el.get("value") for el in parse(page).iter("input") if el.get("name") == "bid"]
    assert bids[:3] == ["25", "26", "27"]


def test_figures_typed_after_dropping_the_trailing_zero_are_read_at_that_scale(client):
    sid = new_session(
        client, "bison", ["Ann", "Bob", "Cal"], scale="10", min_bid="30", target="100"
    )

    page = client.get(f"/s/{sid}")

    assert "Game to 100." in page_text(page)
    bids = [el.get("value") for el in parse(page).iter("input") if el.get("name") == "bid"]
    assert bids[0] == "30"


@pytest.mark.parametrize(
    ("system", "players", "options", "field", "message"),
    [
        ("brooklyn", ["Ann", "Bob", "Cal"], {"scale": "10"}, "scale",
         "Dropping the trailing zero needs the counters card values: classic values (such as "
         "11, 4, 3, 2) cannot be divided by 10."),
        ("brooklyn", ["Ann", "Bob", "ann"], {}, "seat-2", "ann is seated twice."),
        ("brooklyn", ["Ann", "Bob"], {}, "seat-0",
         "Brooklyn (chips) is played by 3 to 4 players, not 2."),
        ("bison", ["Ann", "Bob"], {}, "seat-0",
         "Bison (points to 1500) is played by 3 players, not 2."),
        ("brooklyn-pot", ["Ann", "Bob", "Cal"], {"ante": "0.27"}, "ante",
         "Ante 27¢ must be a whole number of chips at 5¢ each (the stake)."),
        ("brooklyn", ["Ann", "Bob", "Cal"], {"stake": "ten cents"}, "stake",
         "Stake per chip: 'ten cents' is not an amount of money: write it like 0.25 or $1.20."),
        ("brooklyn", ["Ann", "Bob", "Cal"], {"min_bid": "three hundred"}, "min_bid",
         "Minimum bid must be a whole number, not 'three hundred'."),
        ("brooklyn", ["Ann", "Bob", "Cal"], {"min_bid": "305"}, "min_bid",
         "Minimum bid must be a multiple of 10 or 25 points, not 305."),
        ("brooklyn", ["Ann", "Bob", "Cal"], {"forbidden_endings": "40 95"}, "forbidden_endings",
         "Forbidden bid endings are the last two digits of a bid, such as 40 or 90; 95 is not "
         "one."),
        ("brooklyn", ["Ann", "Bob", "C" * 41], {}, "seat-2",
         "A name is at most 40 characters."),
    ],
    ids=[
        "scale 10 with classic values", "a name twice", "too few players", "two at bison",
        "ante not a multiple of the stake", "stake not money", "min bid not a number",
        "min bid off the tens", "a forbidden ending that is no ending", "a name too long",
    ],
)  # fmt: skip
def test_a_refused_session_shows_why_next_to_the_field_and_keeps_what_was_typed(
    client, system, players, options, field, message
):
    response = new_session_response(client, system, players, **options)

    assert response.status_code == 422
    assert errors_at(response, field) == [message]
    for i, name in enumerate(players):
        assert shown_value(response, f"seat-{i}") == name
    for name, value in options.items():
        assert shown_value(response, name) == value
    assert page_text(client.get("/")).count("Resume") == 0


def test_a_first_dealer_who_is_not_seated_is_refused(client):
    response = new_session_response(client, "brooklyn", ["Ann", "Bob", "Cal"], first_dealer=3)

    assert response.status_code == 422
    assert errors_at(response, "first_dealer") == ["Choose who deals first."]


def test_a_broken_option_a_long_name_and_no_first_dealer_are_shown_in_one_answer(client):
    players = ["Ann", "C" * 41, "Cal"]
    response = new_session_response(client, "brooklyn-pot", players, first_dealer=5, ante="0.27")

    assert response.status_code == 422
    assert errors_at(response, "ante") == [
        "Ante 27¢ must be a whole number of chips at 5¢ each (the stake)."
    ]
    assert errors_at(response, "seat-1") == [
        "A name is at most 40 characters.",
        "Choose who deals first.",
    ]  # the seats' errors show below the seats
    assert [shown_value(response, f"seat-{i}") for i in range(3)] == players
    assert shown_value(response, "ante") == "0.27"


def test_a_refused_session_adds_nobody_to_the_roster(client):
    new_session_response(client, "brooklyn", ["Ann", "Bob"])

    assert player_ids(client) == {}


# -- the session page -----------------------------------------------------------------------


def test_the_session_page_says_who_deals_sits_out_and_bids_first(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])

    page = client.get(f"/s/{sid}")

    # Four at Brooklyn: the player to the dealer's right sits out.
    assert next_hand_text(page) == "Hand 1 Ann deals, Dee sits out. Bob bids first."
    rows = standings(page)
    assert (rows["Ann"].note, rows["Dee"].note) == ("deals", "sits out")
    # Only the three dealt in are offered as declarer.
    tree = parse(page)
    offered = [el.get("value") for el in tree.iter("input") if el.get("name") == "declarer"]
    ids = player_ids(client)
    assert offered == [str(ids[n]) for n in ("Bob", "Cal", "Ann")]


def test_in_hoyle_the_dealer_sits_out(client):
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal", "Dee"])

    assert next_hand_text(client.get(f"/s/{sid}")) == (
        "Hand 1 Ann deals and sits out. Bob bids first."
    )


def test_in_the_pot_game_the_three_left_of_the_dealer_play(client):
    sid = new_session(client, "brooklyn-pot", ["Ann", "Bob", "Cal", "Dee", "Eve"])

    assert next_hand_text(client.get(f"/s/{sid}")) == (
        "Hand 1 Ann deals and sits out, Eve sits out. Bob bids first."
    )


def test_a_cumulative_session_shows_the_game_and_its_target(client):
    sid = new_session(client, "partnership", ["Ann", "Bob", "Cal", "Dee"], target="1000")

    page = client.get(f"/s/{sid}")

    assert next_hand_text(page) == "Hand 1 · game 1 Ann deals. Bob bids first."
    assert "Game to 1000." in page_text(page)


def test_the_last_hands_are_listed_newest_first_with_links_to_correct_them(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = save_hand(client, sid, declarer="Cal", bid=300, trump="C", outcome="set")

    tree = parse(page)
    lines = [a for a in tree.iter("a") if "hand-line" in (a.get("class") or "")]
    assert [a.get("href") for a in lines] == [f"/s/{sid}/hands/2/edit", f"/s/{sid}/hands/1/edit"]
    assert "Cal is set at 300: pays 2 chips to each player." in " ".join(lines[0].itertext())


def test_share_shows_the_sessions_address_and_its_qr_code(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    response = client.get(f"/s/{sid}/share")

    assert response.status_code == 200
    tree = parse(response)
    box = next(el for el in tree.iter("div") if "qr" in (el.get("class") or ""))
    assert box.get("aria-label") == f"QR code for http://localhost/s/{sid}"
    svg = next(el for el in box.iter() if el.tag.endswith("svg"))
    assert any(el.tag.endswith("path") for el in svg.iter())
    link = next(a for a in tree.iter("a") if a.get("href") == f"http://localhost/s/{sid}")
    assert link.text == f"http://localhost/s/{sid}"


def test_share_points_other_phones_at_the_public_address_not_localhost(client, app):
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000"
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    response = client.get(f"/s/{sid}/share")

    assert f"http://192.168.1.20:5000/s/{sid}" in page_text(response)


def test_the_page_polls_the_api_standings_whose_version_goes_up_when_a_hand_is_saved(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    before = client.get(f"/api/v1/sessions/{sid}/standings").get_json()["version"]

    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    after = client.get(f"/api/v1/sessions/{sid}/standings").get_json()["version"]

    assert after > before
    page = parse(client.get(f"/s/{sid}"))
    live = next(el for el in page.iter("div") if el.get("id") == "live")
    assert live.get("data-version") == str(after)
    assert live.get("data-live-url") == f"/api/v1/sessions/{sid}/standings"


def test_the_standings_fragment_carries_the_figures_without_the_page(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")

    response = client.get(f"/s/{sid}/standings")

    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and "hand-form" not in html
    # Bob makes 350: 2 units from each of Ann and Cal.
    assert figures(html) == {"Ann": -2, "Bob": 4, "Cal": -2}
    assert "Hand 2 Bob deals. Cal bids first." in page_text(html)


# -- someone leaves, the session ends -------------------------------------------------------


def test_the_leave_page_lists_who_may_get_up_with_their_balance(client):
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal", "Dee"])

    response = client.get(f"/s/{sid}/leave")

    assert response.status_code == 200
    text = page_text(response)
    assert "their share of the kitty" in text
    ids = player_ids(client)
    values = [el.get("value") for el in parse(response).iter("input") if el.get("name") == "player"]
    assert values == [str(ids[n]) for n in ("Ann", "Bob", "Cal", "Dee")]


def test_a_player_leaving_hoyle_takes_their_kitty_share_and_play_goes_on(client):
    sid = new_session(client, "hoyle", ["Ann", "Bob", "Cal", "Dee"])
    # Ann deals and sits out. Bob is set at 350 in hearts: the kitty joins at 350, so Bob
    # pays 2 x 5 = 10 to each of Ann, Cal, Dee and the kitty.
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="set")

    response = client.post(f"/s/{sid}/leave", data={"player": player_ids(client)["Dee"]})

    assert response.status_code == 302
    page = client.get(f"/s/{sid}")
    # Dee's share of the kitty: 10 // 4 owners = 2, so Dee leaves with 12; the kitty keeps 8.
    assert figures(page) == {"Ann": 10, "Bob": -40, "Cal": 10, "Dee": 12, "Kitty": 8}
    assert standings(page)["Dee"].note == "left"
    assert standings(page)["Dee"].money == "+$1.20"
    # Three left: Bob deals and nobody sits out.
    assert next_hand_text(page) == "Hand 2 Bob deals. Cal bids first."
    left = [el.get("value") for el in parse(client.get(f"/s/{sid}/leave")).iter("input")]
    assert str(player_ids(client)["Dee"]) not in left


def test_leaving_without_choosing_who_is_refused(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])

    response = client.post(f"/s/{sid}/leave", data={})

    assert response.status_code == 422
    assert all_errors(response) == ["Choose who is leaving."]


def test_three_players_must_stay_at_the_table(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    response = client.post(f"/s/{sid}/leave", data={"player": player_ids(client)["Ann"]})

    assert response.status_code == 422
    assert all_errors(response) == ["Three players must stay at the table."]


def test_an_ended_session_shows_no_hand_form_until_it_is_reopened(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])

    client.post(f"/s/{sid}/end")
    ended = client.get(f"/s/{sid}")

    assert "This session ended" in page_text(ended)
    assert not [f for f in parse(ended).iter("form") if f.get("id") == "hand-form"]

    client.post(f"/s/{sid}/reopen")
    reopened = client.get(f"/s/{sid}")

    assert [f for f in parse(reopened).iter("form") if f.get("id") == "hand-form"]


def test_a_hand_posted_to_an_ended_session_is_refused_with_a_message(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])
    page = client.get(f"/s/{sid}")  # the form open on a phone
    client.post(f"/s/{sid}/end")  # another phone ends the session

    from webhelpers import hand_count, hand_data

    data = hand_data(client, sid, declarer="Bob", bid=350, trump="H", outcome="made", page=page)
    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 422
    assert "This session has ended: reopen it to add hands." in all_errors(response)
    assert hand_count(client, sid) == 0


# -- pages that do not exist ----------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/nowhere",
        "/s/999",
        "/s/999/history",
        "/s/999/share",
        "/s/999/standings",
        "/api/v1/sessions/999/standings",
        "/s/999/leave",
        "/s/1/hands/5/edit",
        "/s/1/hands/0/delete",
        "/players/999",
    ],
)
def test_a_page_that_does_not_exist_is_a_friendly_404(client, path):
    new_session(client, "brooklyn", ["Ann", "Bob", "Cal"])  # session 1, no hands

    response = client.get(path)

    assert response.status_code == 404
    if not path.startswith("/api/"):
        assert "That page does not exist" in page_text(response)
