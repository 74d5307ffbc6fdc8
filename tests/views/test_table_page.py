"""The session page carries what table.js needs: the "Screen stays on" switch (hidden until
the script finds the Wake Lock API), the script itself, and on the hand form the meld API's
address, the game system and the house rules changed from its preset, so that the meld in
each trump under tapped cards is the engine's, at the session's rules."""

from __future__ import annotations

import json

import pytest
from webhelpers import find_form, new_session, parse, save_hand


def _hand_form(client, sid: int):
    return find_form(parse(client.get(f"/s/{sid}")), form_id="hand-form")


def test_the_hand_form_names_the_meld_api_the_game_and_no_change_for_a_preset(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])

    form = _hand_form(client, sid)

    assert form.get("data-meld-url") == "/api/v1/meld"
    assert form.get("data-system") == "brooklyn"
    assert json.loads(form.get("data-options")) == {}


def test_the_hand_form_carries_the_house_rules_changed_from_the_preset(client):
    sid = new_session(client, "bison", ["Ann", "Bob", "Cal"], scale="10")

    form = _hand_form(client, sid)

    assert form.get("data-system") == "bison"
    assert json.loads(form.get("data-options")) == {"scale": 10}


def test_what_the_form_carries_scores_meld_at_the_sessions_rules(client):
    # Brooklyn's preset doubles a meld at twice its value; this table pays the double bonus.
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"], double_meld_bonus=True)
    form = _hand_form(client, sid)
    body = {
        "system": form.get("data-system"),
        "options": json.loads(form.get("data-options")),
        "cards": "QS QS JD JD KH QH",
        "trump": None,
    }

    answer = client.post(form.get("data-meld-url"), json=body).get_json()

    # RULES 2.1-2.2: a double pinochle with the bonus is 300 (not 2 x 40 = 80). K and Q of
    # hearts: a royal marriage, 40, in hearts; a marriage, 20, in any other trump.
    assert answer["scale"] == 1
    assert answer["by_trump"] == [
        {"trump": "H", "total": 340},
        {"trump": "S", "total": 320},
        {"trump": "D", "total": 320},
        {"trump": "C", "total": 320},
    ]


SIX = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize(
    ("game", "players", "deck", "ranks", "copies"),
    [
        pytest.param("partnership", SIX[:4], {}, "ATKQJ9", "2",
                     id="single deck: A 10 K Q J 9, two of each"),
        pytest.param("double-deck", SIX[:4], {}, "ATKQJ", "4",
                     id="double deck: no nines, four of each"),
        pytest.param("six-handed", SIX, {"deck": "double-nines"}, "ATKQJ9", "4",
                     id="two packs with nines: A 10 K Q J 9, four of each"),
    ],
)  # fmt: skip
def test_the_card_grid_shows_the_decks_ranks_and_taps_its_copies(
    client, game, players, deck, ranks, copies
):
    sid = new_session(client, game, players, **deck)

    form = _hand_form(client, sid)

    assert (form.get("data-ranks"), form.get("data-copies")) == (ranks, copies)


@pytest.mark.parametrize(
    ("game", "players", "deck", "cards", "trump", "text", "totals"),
    [
        # RULES 2.9: a triple pinochle is 600 (pagat's 60); K and Q of hearts a royal
        # marriage, 40, in hearts and a marriage, 20, in any other trump.
        pytest.param(
            "double-deck", SIX[:4], {}, "QS QS QS JD JD JD KH QH", "H",
            "royal marriage 40, triple pinochle 600 = 640",
            {"H": 640, "S": 620, "D": 620, "C": 620},
            id="double deck: triple pinochle and a royal marriage",
        ),
        # RULES 2.11: K K Q Q of trump is a double royal marriage, 300; four nines of trump
        # 4 x 10 = 40. In another trump two marriages of spades, 2 x 20.
        pytest.param(
            "six-handed", SIX, {"deck": "double-nines"}, "KS KS QS QS 9S 9S 9S 9S", "S",
            "double royal marriage 300, quadruple dix 40 = 340",
            {"S": 340, "H": 40, "D": 40, "C": 40},
            id="two packs with nines: double royal marriage and four dix",
        ),
    ],
)  # fmt: skip
def test_the_trump_hint_scores_a_four_copy_hand(
    client, game, players, deck, cards, trump, text, totals
):
    sid = new_session(client, game, players, **deck)
    form = _hand_form(client, sid)
    body = {
        "system": form.get("data-system"),
        "options": json.loads(form.get("data-options")),
        "cards": cards,
        "trump": trump,
    }

    answer = client.post(form.get("data-meld-url"), json=body).get_json()

    assert answer["text"] == text
    assert answer["by_trump"] == [{"trump": s, "total": t} for s, t in totals.items()]


def test_the_screen_switch_waits_for_the_script_and_the_script_is_deferred(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])

    tree = parse(client.get(f"/s/{sid}"))

    switch = next(el for el in tree.iter("label") if el.get("data-wake") is not None)
    assert switch.get("hidden") is not None  # no script, no wake lock: nothing to switch
    assert switch.find("input").get("checked") is not None  # on unless the phone says off
    scripts = {(el.get("src") or "").split("?")[0]: el for el in tree.iter("script")}
    assert scripts["/static/table.js"].get("defer") is not None
    assert all(src for src in scripts), "an inline script would break the coming CSP"


def test_an_ended_session_still_keeps_the_screen_on_but_has_no_hand_form(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    client.post(f"/s/{sid}/end")

    tree = parse(client.get(f"/s/{sid}"))

    assert any(el.get("data-wake") is not None for el in tree.iter("label"))
    assert not any(el.get("id") == "hand-form" for el in tree.iter("form"))


def test_the_correction_page_has_the_trump_hint_too(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cal", "Dee"])
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")

    page = parse(client.get(f"/s/{sid}/hands/1/edit"))
    form = find_form(page, form_id="hand-form")

    assert form.get("data-meld-url") == "/api/v1/meld"
    assert form.get("data-system") == "brooklyn"
    scripts = [s.get("src", "").split("?")[0] for s in page.iter("script")]
    assert "/static/table.js" in scripts
