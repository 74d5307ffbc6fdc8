"""Every team's bid a contract through the pages (RULES 6.6): the hand form asks each
player's own bid, grouped by team, instead of the bid chips; a refused bid is shown at that
player's field with what was typed kept; the session page, the history and a correction say
each team's contract. Double deck at scale 10, N E S W (N & S against E & W), the minimum
lowered to 20; W deals first."""

from __future__ import annotations

from webhelpers import (
    errors_at,
    figures,
    find_form,
    form_values,
    new_session,
    page_text,
    parse,
    player_ids,
    post_hand,
    save_hand,
    shown_value,
    text_of,
)

FOUR = ["N", "E", "S", "W"]
MELD = {"N": "29", "S": "10", "E": "30", "W": "8"}


def start(client) -> int:
    return new_session(client, "double-deck", FOUR, first_dealer=3, summed_bids=True, min_bid=20)


def test_the_form_asks_each_players_bid_by_team_instead_of_the_bid_chips(client):
    sid = start(client)
    form = find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")
    names = {el.get("name") for el in form.iter("input")}
    ids = player_ids(client)
    assert {f"own_bid-{ids[p]}" for p in FOUR} <= names
    assert "bid" not in names and "bid_other" not in names
    teams = [text_of(p) for p in form.iter("p") if "label" in (p.get("class") or "").split()]
    assert teams[:2] == ["N & S", "E & W"]


def test_a_saved_hand_scores_every_teams_contract_and_says_it(client):
    sid = start(client)
    # S2: N 40 + S 25 = 65, E 30; N & S 39 + 31 = 70, made; E & W took 19: set for 30.
    page = save_hand(client, sid, bids={"N": 40, "S": 25, "E": 30}, trump="S", meld=MELD, tricks=31)
    assert figures(page) == {"N & S": 70, "E & W": -30}
    text = page_text(page)
    assert "N & S bid 65 (N 40 + S 25), made with 39 meld and 31 in tricks" in text
    assert "E & W bid 30 (E 30), set with 38 meld and 19 in tricks" in text
    assert "N & S bid 65 (N 40 + S 25)" in page_text(client.get(f"/s/{sid}/history"))


def test_a_bid_below_the_minimum_is_shown_at_that_players_field_keeping_what_was_typed(client):
    sid = start(client)
    response = post_hand(
        client, sid, bids={"N": 40, "E": 15}, trump="S", meld=MELD, tricks=31, action="save"
    )
    assert response.status_code == 422
    e = player_ids(client)["E"]
    assert errors_at(response, f"own_bid-{e}") == [
        "E: Bid 15 is below the minimum bid of 20. Enter 0 for no bid."
    ]
    assert errors_at(response, f"own_bid-{player_ids(client)['N']}") == []
    assert shown_value(response, f"own_bid-{e}") == "15"
    assert shown_value(response, f"own_bid-{player_ids(client)['N']}") == "40"


def test_a_tie_asks_for_the_declarer_at_the_declarer_chips(client):
    sid = start(client)
    response = post_hand(client, sid, bids={"N": 40, "E": 40}, trump="S", meld=MELD, tricks=31)
    assert response.status_code == 422
    assert errors_at(response, "declarer") == [
        "N and E each bid 40: choose which of them declared."
    ]


def test_nobody_bidding_is_shown_under_the_bids(client):
    sid = start(client)
    response = post_hand(client, sid, bids={"N": 0}, trump="S", tricks=31)
    assert response.status_code == 422
    message = "Nobody bid: enter each player's own bid (0 for no bid), at least one above 0."
    assert message in page_text(response)
    tree = parse(response)
    box = next(el for el in tree.iter("fieldset") if "own-bids" in (el.get("class") or ""))
    assert message in text_of(box)


def test_a_correction_shows_the_bids_and_replays_with_the_new_ones(client):
    sid = start(client)
    save_hand(client, sid, bids={"N": 40, "S": 25, "E": 30}, trump="S", meld=MELD, tricks=31)
    edit = client.get(f"/s/{sid}/hands/1/edit")
    ids = player_ids(client)
    assert shown_value(edit, f"own_bid-{ids['S']}") == "25"
    form = find_form(parse(edit), form_id="hand-form")
    data = dict(form_values(form))
    data[f"own_bid-{ids['E']}"] = ""  # E did not bid after all: E & W score as without a bid
    data["action"] = "save"
    response = client.post(f"/s/{sid}/hands/1/edit", data=data)
    assert response.status_code == 302
    assert figures(client.get(f"/s/{sid}")) == {"N & S": 70, "E & W": 0}


def test_the_house_rules_offer_summed_bids_with_its_words_and_saved_rules_keep_it(client):
    page = client.get("/rules/new?system=double-deck")
    text = page_text(page)
    assert "Every team's bid a contract" in text
    assert "partners' bids are summed (Wikipedia's Pinochle article, seed 003)" in text
    data = dict(form_values(find_form(parse(page), action="/rules/new")))
    data.update(name="Summed", summed_bids="on", min_bid="20")
    assert client.post("/rules/new", data=data).status_code == 302
    listing = page_text(client.get("/rules/"))
    assert "Every team's bid a contract: On" in listing


def test_summed_bids_with_a_progressive_set_is_refused_naming_both(client):
    page = client.get("/sessions/new?system=double-deck")
    data = dict(form_values(find_form(parse(page), action="/sessions/new")))
    data.update({"seat-0": "N", "seat-1": "E", "seat-2": "S", "seat-3": "W"})
    data.update(first_dealer="0", summed_bids="on", set_to_opponents="on")
    response = client.post("/sessions/new", data=data)
    assert response.status_code == 422
    assert errors_at(response, "summed_bids") == [
        "'Every team's bid a contract' and 'Set goes to the other side' clash: with every "
        "team's bid a contract several teams can be set on one hand, and no source says "
        "whether a set team collects the others' sets."
    ]
