"""Hand entry through POST /s/<id>/hands: each preset's form fields, outcomes and options
reaching the rules, with one figure per preset worked out by hand from docs/RULES.md (the
figures of every outcome are asserted in tests/rules), the refusals next to their fields,
preview, idempotency, two phones saving at once, and an expired CSRF token.

Tables (clockwise, Ann deals first unless said):
- Brooklyn, four: Ann, Bob, Cal, Dee. The player to the dealer's right sits out, so hand 1
  is played by Bob, Cal and Ann (Dee sits out but pays and collects). Stake 10 cents.
- Brooklyn with a pot, five: Ann deals; the three to her left (Bob, Cal, Dee) play. Stake 5
  cents, ante 25 cents = 5 units each, so the pot starts at 25 units and everyone at -5.
- Hoyle, four: the dealer (Ann) sits out; Bob bids first. Stake 10 cents. Kitty from 350.
- Bison: Ann, Bob, Cal; everyone plays and melds.
- Partnership: Ann & Cal against Bob & Dee (seats 1 and 3, 2 and 4).
"""

from __future__ import annotations

import re

import pytest
from webhelpers import (
    all_errors,
    dispose,
    errors_at,
    figures,
    find_form,
    form_errors,
    form_values,
    hand_count,
    hand_data,
    migrated_app,
    new_session,
    next_hand_text,
    page_text,
    parse,
    player_ids,
    post_hand,
    save_hand,
    shown_value,
    standings,
)

FOUR = ["Ann", "Bob", "Cal", "Dee"]
FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]
THREE = ["Ann", "Bob", "Cal"]


@pytest.fixture
def brooklyn(client):
    return new_session(client, "brooklyn", FOUR)


@pytest.fixture
def pot(client):
    return new_session(client, "brooklyn-pot", FIVE)


@pytest.fixture
def hoyle(client):
    return new_session(client, "hoyle", FOUR)


@pytest.fixture
def bison(client):
    return new_session(client, "bison", THREE)


@pytest.fixture
def partnership(client):
    return new_session(client, "partnership", FOUR)


def money(page) -> dict[str, str]:
    return {name: row.money for name, row in standings(page).items()}


# == Brooklyn ===============================================================================


def test_brooklyn_made_in_hearts_collects_the_schedule_from_every_opponent(client, brooklyn):
    page = save_hand(client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="made")

    # 350-380 pays 2 from each of Ann, Cal and Dee (sitting out, still an opponent): Bob +6.
    assert figures(page) == {"Ann": -2, "Bob": 6, "Cal": -2, "Dee": -2}
    assert money(page) == {"Ann": "−$0.20", "Bob": "+$0.60", "Cal": "−$0.20", "Dee": "−$0.20"}
    assert "Hand 1 saved. Bob makes 350: collects 2 chips from each player." in page_text(page)
    assert next_hand_text(page) == "Hand 2 Bob deals, Ann sits out. Cal bids first."


def test_brooklyn_a_concession_pays_the_value_without_the_spade_multiplier(client, brooklyn):
    page = save_hand(client, brooklyn, declarer="Bob", bid=350, trump="S", outcome="conceded")

    # The voluntary set: 2 units (350-380) to each of three, not doubled: Bob -6.
    assert figures(page) == {"Ann": 2, "Bob": -6, "Cal": 2, "Dee": 2}
    assert "Bob concedes 350: pays 2 chips to each player." in page_text(page)


def test_brooklyn_made_worked_out_from_meld_and_tricks(client, brooklyn):
    page = save_hand(client, brooklyn, declarer="Bob", bid=350, trump="H", meld="150", tricks=200)

    # 150 + 200 = 350 reaches 350: made, 2 from each of three.
    assert figures(page)["Bob"] == 6
    assert "Bob makes 350 with 150 meld and 200 in tricks" in page_text(page)


def test_brooklyn_meld_by_named_melds_and_by_cards_counts(client, brooklyn):
    # Run (150) + pinochle (40) = 190, plus 160 in tricks = 350: made.
    page = save_hand(
        client, brooklyn, declarer="Bob", bid=350, trump="S",
        meld="run, pinochle", meld_mode="claims", tricks=160,
    )  # fmt: skip
    assert figures(page)["Bob"] == 12

    # Hand 2, Bob deals, Cal plays: A 10 K Q J of hearts (run 150) + K Q of clubs (20) = 170;
    # 170 + 130 = 300 < 350: set, 4 to each of three.
    page = save_hand(
        client, brooklyn, declarer="Cal", bid=350, trump="H",
        meld="AH TH KH QH JH KC QC", meld_mode="cards", tricks=130,
    )  # fmt: skip
    assert figures(page)["Cal"] == -4 - 12


def test_brooklyn_dealer_takeover_records_the_dealer_playing_250(client, brooklyn):
    page = save_hand(
        client, brooklyn, declarer="Ann", bid=250, trump="C", outcome="made", takeover=True
    )

    # 250 is in the 250-330 bracket: 1 from each of three.
    assert figures(page) == {"Ann": 3, "Bob": -1, "Cal": -1, "Dee": -1}
    assert "Ann makes 250 (dealer takeover): collects 1 chip from each player." in page_text(page)


@pytest.mark.parametrize(
    ("declarer", "bid", "field", "message"),
    [
        ("Bob", 250, "declarer", "In a dealer takeover the dealer (Ann) plays the 250 bid."),
        ("Ann", 300, "bid_other", "A dealer takeover is played at 250, not 300."),
    ],
)
def test_brooklyn_a_takeover_is_the_dealer_at_250(client, brooklyn, declarer, bid, field, message):
    response = post_hand(
        client, brooklyn, declarer=declarer, bid=bid, trump="C", outcome="made", takeover=True
    )

    assert response.status_code == 422
    assert errors_at(response, field) == [message]
    assert shown_value(response, "takeover") == "on"
    assert hand_count(client, brooklyn) == 0


def test_brooklyn_has_no_throw_in(client, brooklyn):
    response = post_hand(client, brooklyn, outcome="all_pass")

    assert response.status_code == 422
    assert errors_at(response, "outcome") == [
        "When everyone passes in Brooklyn (chips), the hand is not thrown in (see 'When everyone "
        "passes'): enter who ended up with the bid."
    ]


def test_brooklyn_with_the_dealer_sitting_out(client):
    # (no dealer takeover when the dealer sits out: everyone passing throws the hand in)
    sid = new_session(client, "brooklyn", FOUR, sit_out="dealer", all_pass="throw-in")

    page = client.get(f"/s/{sid}")
    assert next_hand_text(page) == "Hand 1 Ann deals and sits out. Bob bids first."

    page = save_hand(client, sid, declarer="Dee", bid=300, trump="D", outcome="made")
    assert figures(page) == {"Ann": -1, "Bob": -1, "Cal": -1, "Dee": 3}


# == Brooklyn with a pot ====================================================================


def test_pot_a_set_pays_every_player_and_the_pot(client, pot):
    # RULES' worked check: bid 330, spades, played and lost: 330 // 50 = 6 units, doubled 12,
    # set 2 x 12 = 24 units = $1.20 to each other player and $1.20 to the pot.
    page = save_hand(client, pot, declarer="Bob", bid=330, trump="S", outcome="set")

    assert figures(page) == {"Ann": 19, "Bob": -125, "Cal": 19, "Dee": 19, "Eve": 19, "Pot": 49}
    assert money(page) == {
        "Ann": "+$0.95", "Bob": "−$6.25", "Cal": "+$0.95", "Dee": "+$0.95",
        "Eve": "+$0.95", "Pot": "$2.45",
    }  # fmt: skip


def test_pot_the_deal_passes_and_the_next_three_play(client, pot):
    page = save_hand(client, pot, declarer="Bob", bid=250, trump="C", outcome="made")

    # 250 // 50 = 5 from each of four: Bob -5 + 20 = 15.
    assert figures(page)["Bob"] == 15
    assert next_hand_text(page) == "Hand 2 Bob deals and sits out, Ann sits out. Cal bids first."


# == Hoyle ==================================================================================


def test_hoyle_the_kitty_collects_from_a_set_at_350(client, hoyle):
    page = save_hand(client, hoyle, declarer="Cal", bid=350, trump="H", outcome="set")

    # 350-390 is worth 5; set 2 x 5 = 10 to each of Ann, Bob, Dee and the kitty.
    assert figures(page) == {"Ann": 10, "Bob": 10, "Cal": -40, "Dee": 10, "Kitty": 10}
    assert money(page)["Kitty"] == "$1.00"


def test_hoyle_the_compulsory_300_forfeited_pays_the_kitty_only(client, hoyle):
    page = save_hand(client, hoyle, declarer="Bob", bid=300, outcome="forfeit")

    assert figures(page) == {"Ann": 0, "Bob": -3, "Cal": 0, "Dee": 0, "Kitty": 3}
    assert "Bob forfeits the compulsory 300: pays 3 chips to the kitty." in page_text(page)


def test_hoyles_variation_forfeits_the_compulsory_250_chosen_on_the_form(client):
    # Seed 002: "In many games, the compulsory first bid ... is 250, not 300" (RULES 4.5).
    # Ann deals and sits out; Bob, on her left, gives the 250 up: a bid below 300-340 pays
    # as that range, 3 units, to the kitty only.
    sid = new_session(client, "hoyle", FOUR, min_bid="250", compulsory_bid="250")
    page = save_hand(client, sid, declarer="Bob", bid=250, outcome="forfeit")

    assert figures(page) == {"Ann": 0, "Bob": -3, "Cal": 0, "Dee": 0, "Kitty": 3}
    assert "Bob forfeits the compulsory 250: pays 3 chips to the kitty." in page_text(page)


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"declarer": "Bob", "bid": 350}, "outcome",
         "Only the compulsory bid of 300 can be forfeited; this bid is 350."),
        ({"declarer": "Cal", "bid": 300}, "outcome",
         "Only Bob, whose 300 bid was compulsory, can forfeit this hand."),
        ({"declarer": "Bob", "bid": 300, "trump": "S"}, "trump",
         "A forfeit is given up before trump is named: leave trump empty."),
    ],
    ids=["at 350", "not the first bidder", "with trump named"],
)  # fmt: skip
def test_hoyle_a_forfeit_is_only_the_first_bidders_300(client, hoyle, fields, field, message):
    response = post_hand(client, hoyle, outcome="forfeit", **fields)

    assert response.status_code == 422
    assert errors_at(response, field) == [message]
    assert shown_value(response, "outcome") == "forfeit"
    assert hand_count(client, hoyle) == 0


def test_hoyle_opponents_conceding_pays_as_made(client, hoyle):
    page = save_hand(
        client, hoyle, declarer="Dee", bid=300, trump="H", outcome="opponents_conceded"
    )

    assert figures(page) == {"Ann": -3, "Bob": -3, "Cal": -3, "Dee": 9, "Kitty": 0}
    assert "The opponents concede Dee's 300: collects 3 chips from each player." in page_text(page)


# == Bison ==================================================================================


def test_bison_an_opponent_who_took_no_counter_scores_nothing(client, bison):
    page = save_hand(
        client, bison, declarer="Bob", bid=250, trump="H",
        meld={"Bob": "100", "Cal": "40", "Ann": "60"},
        takes={"Ann": 0, "Bob": 14, "Cal": 10}, last_trick="Bob",
    )  # fmt: skip

    # Bob: 100 meld + 14 counters (140) + last trick 10 = 250 >= 250, made: +250.
    # Cal: 40 meld + 100 = 140. Ann took no counter: her 60 meld is lost.
    assert figures(page) == {"Ann": 0, "Bob": 250, "Cal": 140}
    assert "(Ann: took no counter, so nothing scores)" in page_text(page)
    assert next_hand_text(page) == "Hand 2 · game 1 Bob deals. Cal bids first."


def test_bison_an_opponent_who_reneges_gives_the_declarer_the_bid(client, bison):
    page = save_hand(
        client, bison, declarer="Bob", bid=300, trump="S", outcome="renege", reneger="Cal",
        meld={"Bob": "100", "Ann": "60", "Cal": "40"},
    )  # fmt: skip

    # Bob adds bid + meld = 400; Cal, the offender, scores nothing; Ann adds her meld.
    assert figures(page) == {"Ann": 60, "Bob": 400, "Cal": 0}
    assert "Bob plays 300; Cal reneged" in page_text(page)


def test_bison_a_renege_must_say_who(client, bison):
    response = post_hand(
        client, bison, declarer="Bob", bid=300, trump="S", outcome="renege",
        meld={"Bob": "100"},
    )  # fmt: skip

    assert response.status_code == 422
    assert errors_at(response, "reneger") == ["Say who reneged: the declarer or an opponent."]
    assert hand_count(client, bison) == 0


def test_bison_all_pass_throws_the_hand_in_and_passes_the_deal(client, bison):
    page = save_hand(client, bison, outcome="all_pass")

    assert figures(page) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert next_hand_text(page) == "Hand 2 · game 1 Bob deals. Cal bids first."


@pytest.mark.parametrize(
    ("takes", "last", "message"),
    [
        ({"Ann": 8, "Bob": 8, "Cal": 7}, "Ann",
         "Counters must add up to 24 (8 aces, 8 tens, 8 kings); these add up to 23."),
        ({"Ann": 8, "Bob": 8, "Cal": 8}, None, "Say who took the last trick."),
    ],
    ids=["counters not 24", "no last trick"],
)  # fmt: skip
def test_bison_counters_are_checked_next_to_the_takes(client, bison, takes, last, message):
    response = post_hand(
        client, bison, declarer="Bob", bid=250, trump="H", meld={"Bob": "100"},
        takes=takes, last_trick=last,
    )  # fmt: skip

    assert response.status_code == 422
    ids = player_ids(client)
    assert errors_at(response, f"take-{ids['Ann']}") == [message]
    assert [shown_value(response, f"take-{ids[n]}") for n in THREE] == [
        str(takes[n]) for n in THREE
    ]
    assert hand_count(client, bison) == 0


def test_bison_game_over_shows_the_winner_who_deals_the_next_game(client):
    sid = new_session(client, "bison", THREE, target=500, game_stake="1.00", set_stake="0.25")

    # Ann deals. Cal bids 250 in diamonds with a double run (1500) and takes all 24 counters
    # and the last trick: 1500 + 250 = 1750, past 500, and the bidder goes out.
    page = save_hand(
        client, sid, declarer="Cal", bid=250, trump="D", meld={"Cal": "1500"},
        takes={"Ann": 0, "Bob": 0, "Cal": 24}, last_trick="Cal",
    )  # fmt: skip

    text = page_text(page)
    assert "★ Game 1 goes to Cal" in text
    assert "Cal went out bidding: 1750. Cal deals game 2." in text
    assert "Cal went out bidding: 1750" in page_text(client.get(f"/s/{sid}/settle"))
    # No sets this game: each loser pays the game stake of $1.00.
    assert "Ann pays Cal $1.00; Bob pays Cal $1.00" in text
    # Scores start again; by rotation Bob would deal, but the winner deals.
    assert figures(page) == {"Ann": 0, "Bob": 0, "Cal": 0}
    assert standings(page)["Cal"].note == "1 game, deals"
    assert money(page) == {"Ann": "−$1.00", "Bob": "−$1.00", "Cal": "+$2.00"}
    assert next_hand_text(page) == "Hand 2 · game 2 Cal deals. Ann bids first."

    # The banner stays until the next hand is played.
    page = save_hand(client, sid, outcome="all_pass")
    assert "Game 1 goes to" not in page_text(page)


def test_bison_without_the_trailing_zero(client):
    sid = new_session(client, "bison", THREE, scale="10")

    page = save_hand(
        client, sid, declarer="Bob", bid=25, trump="H", meld={"Bob": "10", "Cal": "4"},
        takes={"Ann": 0, "Bob": 14, "Cal": 10}, last_trick="Bob",
    )  # fmt: skip

    # Counters count 1: Bob 10 + 14 + 1 = 25 made; Cal 4 + 10 = 14; Ann took none.
    assert figures(page) == {"Ann": 0, "Bob": 25, "Cal": 14}
    assert "Bob makes 25 with 10 meld and 15 in tricks" in page_text(page)


# == Partnership ============================================================================


def test_partnership_team_meld_and_tricks(client, partnership):
    page = save_hand(
        client, partnership, declarer="Bob", bid=250, trump="S",
        meld={"Bob": "100", "Dee": "40", "Ann": "20"}, tricks=150,
    )  # fmt: skip

    # Bob & Dee: 100 + 40 meld + 150 tricks = 290 >= 250, made. Ann & Cal: 20 + 100 = 120.
    assert figures(page) == {"Ann & Cal": 120, "Bob & Dee": 290}
    assert "Bob makes 250 with 140 meld and 150 in tricks" in page_text(page)
    assert next_hand_text(page) == "Hand 2 · game 1 Bob deals. Cal bids first."


def test_partnership_a_team_reaching_the_target_wins(client):
    sid = new_session(client, "partnership", FOUR, target="500")

    # Bob & Dee: double pinochle with the bonus (300) + all 250 in tricks = 550 >= 500.
    page = save_hand(
        client, sid, declarer="Bob", bid=250, trump="S", meld={"Bob": "300"}, tricks=250
    )

    assert "★ Game 1 goes to Bob & Dee" in page_text(page)
    assert figures(page) == {"Ann & Cal": 0, "Bob & Dee": 0}
    assert standings(page)["Bob & Dee"].note == "1 game"


def test_partnership_tricks_must_be_attainable_with_counters(client, partnership):
    response = post_hand(
        client, partnership, declarer="Bob", bid=250, trump="S", meld={"Bob": "100"}, tricks=155
    )

    assert response.status_code == 422
    assert errors_at(response, "tricks") == [
        "No side can take exactly 155 in tricks: counters give only multiples of 10."
    ]
    assert shown_value(response, "tricks") == "155"


# == refusals ===============================================================================


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"bid": 340}, "bid_other",
         "Bid 340 ends in 40; house rules forbid bids ending in 40 or 90."),
        ({"bid": 390}, "bid_other",
         "Bid 390 ends in 90; house rules forbid bids ending in 40 or 90."),
        ({"bid": 280}, "bid_other", "Bid 280 is below the minimum bid of 300."),
        ({"bid": 355}, "bid_other",
         "Bid 355 is off the ladder: from 300 bids go up in tens (300, 310, 320)."),
        ({"outcome": None, "meld": "100", "tricks": 1}, "tricks",
         "No side can take exactly 1 in tricks: no cards count 1 (the smallest card is a jack, "
         "2)."),
        ({"outcome": None, "meld": "100", "tricks": 249}, "tricks",
         "No side can take exactly 249 in tricks: no cards count 1 (the smallest card is a "
         "jack, 2)."),
        ({"outcome": None, "meld": "100", "tricks": 260}, "tricks",
         "Trick points run from 0 to 250; 260 is outside."),
        ({"meld": "35", "tricks": 200, "outcome": None}, "meld-declarer",
         "Meld 35 is impossible: every meld is worth a multiple of 10."),
        ({"meld": "aces around, kings around, queens around, jacks around",
          "meld_mode": "claims"}, "meld-declarer",
         "These melds need at least 16 cards, but a hand here holds 15."),
        ({"meld": "AS AS AS KS", "meld_mode": "cards"}, "meld-declarer",
         "3 copies of AS (A♠): a pinochle deck has only two."),
        ({"declarer": "Dee"}, "declarer",
         "Dee sits out this hand; the declarer is one of Bob, Cal, Ann."),
        ({"meld": "100", "tricks": 200}, "outcome",
         "Meld 100 and tricks 200 make 300, which falls short of the bid of 350: that hand is "
         "set, not made."),
        ({"trump": None}, "trump", "Choose trump: a hand that is played has a trump suit."),
        ({"outcome": None}, "outcome",
         "Enter the outcome (made, set...), or the meld and tricks to work it out."),
        ({"outcome": "forfeit"}, "outcome",
         "A forfeit belongs to Hoyle's compulsory 300; Brooklyn (chips) has none."),
        ({"tricks": "lots"}, "tricks", "Declarer's tricks must be a whole number, not 'lots'."),
        ({"tricks": -10}, "tricks", "Declarer's tricks cannot be negative."),
        ({"bid": None, "bid_other": "3 50"}, "bid_other",
         "Other bid must be a whole number, not '3 50'."),
        ({"bid": 350, "bid_other": "400"}, "bid_other",
         "Two bids given: 350 picked and 400 typed in Other bid. Clear one of them."),
    ],
    ids=[
        "forbidden ending 40", "forbidden ending 90", "below the minimum", "off the ladder",
        "tricks 1 under classic", "tricks 249 under classic", "tricks past 250", "meld 35",
        "claims needing 16 cards", "a third copy of a card", "declarer sitting out",
        "outcome contradicting the figures", "no trump", "no outcome and no figures",
        "a forfeit outside Hoyle", "tricks not a number", "negative tricks",
        "other bid not a number", "two different bids",
    ],
)  # fmt: skip
def test_a_refused_hand_says_why_next_to_the_field_keeps_what_was_typed_and_saves_nothing(
    client, brooklyn, fields, field, message
):
    typed = {"declarer": "Bob", "bid": 350, "trump": "H", "outcome": "made", **fields}
    typed = {k: v for k, v in typed.items() if v is not None}

    response = post_hand(client, brooklyn, **typed)

    assert response.status_code == 422
    assert errors_at(response, field) == [message]
    assert all_errors(response) == [message]
    if "bid" in typed and str(typed["bid"]) in ("340", "390", "280", "355"):
        assert shown_value(response, "bid_other") == str(typed["bid"])
    if "meld" in typed:
        assert shown_value(response, "meld-declarer") == typed["meld"]
        assert shown_value(response, "meld_mode-declarer") == typed.get("meld_mode", "number")
    if "tricks" in typed:
        assert shown_value(response, "tricks") == str(typed["tricks"])
    if "trump" in typed:
        assert shown_value(response, "trump") == typed["trump"]
    assert hand_count(client, brooklyn) == 0
    assert figures(client.get(f"/s/{brooklyn}")) == {"Ann": 0, "Bob": 0, "Cal": 0, "Dee": 0}


def test_every_rule_a_hand_breaks_is_shown_at_its_field_in_one_answer(client, brooklyn):
    typed = {"declarer": "Bob", "bid": 350, "trump": "H", "meld": "35", "tricks": 260}

    response = post_hand(client, brooklyn, **typed)

    assert response.status_code == 422
    assert errors_at(response, "meld-declarer") == [
        "Meld 35 is impossible: every meld is worth a multiple of 10."
    ]
    assert errors_at(response, "tricks") == ["Trick points run from 0 to 250; 260 is outside."]
    assert len(all_errors(response)) == 2
    kept = ("bid", "trump", "meld-declarer", "tricks")
    assert [shown_value(response, name) for name in kept] == ["350", "H", "35", "260"]
    assert hand_count(client, brooklyn) == 0


def test_every_bison_take_problem_is_shown_under_the_takes_at_once(client, bison):
    # 12 + 8 + 3 = 23 counters of 24, and nobody took the last trick.
    typed = {"declarer": "Bob", "bid": 250, "trump": "S", "takes": {"Ann": 12, "Bob": 8, "Cal": 3}}

    response = post_hand(client, bison, **typed)

    assert response.status_code == 422
    assert errors_at(response, "last_trick") == [
        "Counters must add up to 24 (8 aces, 8 tens, 8 kings); these add up to 23.",
        "Say who took the last trick.",
    ]


def test_the_live_preview_answers_every_problem_at_its_field(client, brooklyn):
    data = hand_data(client, brooklyn, declarer="Bob", bid=350, trump="H", meld="35", tricks=260)

    answer = client.post(f"/s/{brooklyn}/preview", data=data).get_json()

    assert answer["ok"] is False
    assert answer["errors"] == [
        {
            "field": "meld-declarer",
            "message": "Meld 35 is impossible: every meld is worth a multiple of 10.",
        },
        {"field": "tricks", "message": "Trick points run from 0 to 250; 260 is outside."},
    ]


def test_a_refused_hand_keeps_the_declarer_chosen(client, brooklyn):
    response = post_hand(client, brooklyn, declarer="Cal", bid=340, trump="D", outcome="set")

    tree = parse(response)
    checked = [
        el.get("value")
        for el in tree.iter("input")
        if el.get("name") == "declarer" and el.get("checked") is not None
    ]
    form = dict(form_values(find_form(tree, form_id="hand-form")))
    assert checked == [form["declarer"]]
    assert (form["trump"], form["outcome"], form["bid_other"]) == ("D", "set", "340")


# == preview, idempotency, two phones =======================================================


def test_preview_shows_the_hand_in_words_and_saves_nothing(client, brooklyn):
    response = post_hand(
        client, brooklyn, declarer="Bob", bid=350, trump="H", meld="150", tricks=200,
        action="preview",
    )  # fmt: skip

    assert response.status_code == 200
    tree = parse(response)
    preview = next(p for p in tree.iter("p") if "preview-text" in (p.get("class") or ""))
    assert " ".join(preview.itertext()) == (
        "Bob makes 350 with 150 meld and 200 in tricks: collects 2 chips from each player."
    )
    assert shown_value(response, "meld-declarer") == "150"
    assert hand_count(client, brooklyn) == 0


def test_saving_after_a_preview_saves_once(client, brooklyn):
    previewed = post_hand(
        client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="made", action="preview"
    )
    data = dict(form_values(find_form(parse(previewed), form_id="hand-form")))
    data["action"] = "save"

    response = client.post(f"/s/{brooklyn}/hands", data=data)

    assert response.status_code == 302
    assert hand_count(client, brooklyn) == 1


def test_the_live_preview_answers_in_json(client, brooklyn):
    data = hand_data(client, brooklyn, declarer="Bob", bid=350, trump="S", outcome="made")

    answer = client.post(f"/s/{brooklyn}/preview", data=data).get_json()

    assert answer["ok"] is True
    assert answer["text"] == ("Bob makes 350: collects 4 chips from each player (spades pay 2x).")

    data["bid_other"], data["bid"] = "340", ""
    answer = client.post(f"/s/{brooklyn}/preview", data=data).get_json()

    assert answer == {
        "ok": False,
        "errors": [
            {
                "field": "bid",
                "message": "Bid 340 ends in 40; house rules forbid bids ending in 40 or 90.",
            }
        ],
        "breakdowns": {},  # no meld by cards or named melds typed
    }
    assert hand_count(client, brooklyn) == 0


def test_the_live_preview_breaks_meld_down(client, bison):
    data = hand_data(
        client, bison, declarer="Bob", bid=250, trump="S", meld={"Bob": "run, pinochle"},
        meld_mode="claims", takes={"Ann": 8, "Bob": 8, "Cal": 8}, last_trick="Bob",
    )  # fmt: skip

    answer = client.post(f"/s/{bison}/preview", data=data).get_json()

    # Run 150 + pinochle 40 = 190; 80 + 10 in tricks: 280 >= 250.
    assert answer["ok"] is True
    assert answer["text"].startswith("Bob makes 250 with 190 meld and 90 in tricks")
    (lines,) = answer["breakdowns"].values()
    assert len(lines) == 2


def test_the_same_request_posted_twice_saves_one_hand(client, brooklyn):
    data = hand_data(client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="made")

    first = client.post(f"/s/{brooklyn}/hands", data=data)
    second = client.post(f"/s/{brooklyn}/hands", data=data)  # a double tap, or a retry

    assert (first.status_code, second.status_code) == (302, 302)
    assert hand_count(client, brooklyn) == 1
    assert figures(client.get(f"/s/{brooklyn}"))["Bob"] == 6


def test_a_second_phone_saving_the_same_hand_number_is_told_and_keeps_its_entry(client, brooklyn):
    phone_a = client.get(f"/s/{brooklyn}")
    phone_b = client.get(f"/s/{brooklyn}")
    a = hand_data(
        client, brooklyn, declarer="Bob", bid=350, trump="H", outcome="made", page=phone_a
    )
    b = hand_data(client, brooklyn, declarer="Cal", bid=300, trump="S", outcome="set", page=phone_b)
    assert a["request_id"] != b["request_id"]

    assert client.post(f"/s/{brooklyn}/hands", data=a).status_code == 302
    response = client.post(f"/s/{brooklyn}/hands", data=b)

    assert response.status_code == 409
    assert form_errors(response) == [
        "Hand 1 was just saved from another phone. Check the standings: if this is a different "
        "hand, save it again."
    ]
    assert hand_count(client, brooklyn) == 1
    # The standings shown are the fresh ones, and phone B's entry is still in its form.
    assert figures(response)["Bob"] == 6
    assert (shown_value(response, "bid"), shown_value(response, "outcome")) == ("300", "set")
    assert shown_value(response, "hand_number") == "2"

    # Saving again from that form is hand 2 (Bob deals, Ann sits out: Cal may declare).
    again = dict(form_values(find_form(parse(response), form_id="hand-form")))
    again["action"] = "save"
    assert client.post(f"/s/{brooklyn}/hands", data=again).status_code == 302
    assert hand_count(client, brooklyn) == 2
    # Cal set at 300 in spades: 2 x 1 x 2 = 4 to each of three.
    assert figures(client.get(f"/s/{brooklyn}")) == {"Ann": 2, "Bob": 10, "Cal": -14, "Dee": 2}


# == an expired CSRF token ==================================================================


@pytest.fixture
def csrf_client(tmp_path):
    app = migrated_app(tmp_path, csrf=True)
    yield app.test_client()
    dispose(app)


STALE = (
    "This page was open a long time, so the save was not accepted yet. Everything you typed is "
    "still here: check it and tap Save again."
)


def test_a_hand_posted_with_a_bad_csrf_token_is_kept_and_saves_once_when_posted_again(
    csrf_client,
):
    client = csrf_client
    sid = new_session(client, "brooklyn", FOUR)
    data = hand_data(client, sid, declarer="Bob", bid=350, trump="H", meld="150", tricks=200)
    data["csrf_token"] = "expired-or-forged"

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 400
    assert form_errors(response) == [STALE]
    assert hand_count(client, sid) == 0
    shown = dict(form_values(find_form(parse(response), form_id="hand-form")))
    assert (shown["bid"], shown["trump"], shown["meld-declarer"], shown["tricks"]) == (
        "350", "H", "150", "200",
    )  # fmt: skip
    assert shown["request_id"] == data["request_id"]
    assert shown["csrf_token"] != "expired-or-forged"

    shown["action"] = "save"
    first = client.post(f"/s/{sid}/hands", data=shown)
    second = client.post(f"/s/{sid}/hands", data=shown)

    assert (first.status_code, second.status_code) == (302, 302)
    assert hand_count(client, sid) == 1
    assert figures(client.get(f"/s/{sid}"))["Bob"] == 6


def test_a_hand_posted_after_the_cookie_was_lost_is_kept_too(csrf_client):
    client = csrf_client
    sid = new_session(client, "brooklyn", FOUR)
    data = hand_data(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    client.delete_cookie("session")  # the phone's browser dropped its session cookie

    response = client.post(f"/s/{sid}/hands", data=data)

    assert response.status_code == 400
    assert form_errors(response) == [STALE]
    assert hand_count(client, sid) == 0
    shown = dict(form_values(find_form(parse(response), form_id="hand-form")))
    shown["action"] = "save"
    assert client.post(f"/s/{sid}/hands", data=shown).status_code == 302
    assert hand_count(client, sid) == 1


def test_a_hand_with_a_good_csrf_token_saves_at_once(csrf_client):
    client = csrf_client
    sid = new_session(client, "hoyle", FOUR)

    response = post_hand(client, sid, declarer="Bob", bid=300, outcome="forfeit")

    assert response.status_code == 302
    assert hand_count(client, sid) == 1


def test_other_forms_still_need_a_good_csrf_token(csrf_client):
    client = csrf_client
    sid = new_session(client, "brooklyn", FOUR)

    response = client.post(f"/s/{sid}/end", data={"csrf_token": "forged"})

    assert response.status_code == 400
    assert "This session ended" not in page_text(client.get(f"/s/{sid}"))


def test_a_correction_posted_with_a_bad_csrf_token_is_kept_and_saves_when_posted_again(
    csrf_client,
):
    client = csrf_client
    sid = new_session(client, "brooklyn", FOUR)
    save_hand(client, sid, declarer="Bob", bid=350, trump="H", outcome="made")
    page = client.get(f"/s/{sid}/hands/1/edit")
    data = dict(form_values(find_form(parse(page), form_id="hand-form")))
    data.update(bid="400", action="save", csrf_token="expired")

    response = client.post(f"/s/{sid}/hands/1/edit", data=data)

    assert response.status_code == 400
    assert form_errors(response) == [STALE]
    assert shown_value(response, "bid") == "400"
    assert figures(client.get(f"/s/{sid}"))["Bob"] == 6

    again = dict(form_values(find_form(parse(response), form_id="hand-form")))
    again["action"] = "save"
    assert client.post(f"/s/{sid}/hands/1/edit", data=again).status_code == 302
    # 400-430 pays 4 from each of three.
    assert figures(client.get(f"/s/{sid}"))["Bob"] == 12


# == every preset ===========================================================================


@pytest.mark.parametrize(
    ("system", "players", "line"),
    [
        ("brooklyn", FOUR, "Hand 2 Ann deals, Dee sits out. Bob bids first."),
        ("brooklyn-pot", FIVE, "Hand 2 Ann deals and sits out, Eve sits out. Bob bids first."),
        ("hoyle", FOUR, "Hand 2 Ann deals and sits out. Bob bids first."),
        ("bison", THREE, "Hand 2 · game 1 Ann deals. Bob bids first."),
        ("partnership", FOUR, "Hand 2 · game 1 Ann deals. Bob bids first."),
    ],
)
def test_a_misdeal_keeps_the_dealer_in_every_preset(client, system, players, line):
    sid = new_session(client, system, players)
    before = figures(client.get(f"/s/{sid}"))

    page = save_hand(client, sid, outcome="misdeal")

    assert next_hand_text(page) == line
    assert figures(page) == before
    assert "Misdeal: the same dealer deals again." in page_text(page)


def test_the_meld_breakdown_shows_before_the_hand_can_be_worked_out(client, brooklyn):
    # Declarer and cards only, no bid yet: the run in spades is 150 and, with the dix,
    # 150 + 10 = 160, even though the hand itself cannot be scored yet.
    page = client.get(f"/s/{brooklyn}").text
    bob = re.search(r'name="declarer" value="(\d+)"[^>]*><span>Bob', page).group(1)
    answer = client.post(
        f"/s/{brooklyn}/preview",
        data={"declarer": bob, "trump": "S", "meld_mode-declarer": "cards",
              "meld-declarer": "AS TS KS QS JS 9S"},
    ).get_json()  # fmt: skip
    assert answer["ok"] is False  # no bid: nothing to work out yet
    assert answer["breakdowns"] == {bob: ["run 150", "dix 10"]}


def test_the_meld_breakdown_is_written_at_the_tables_scale(client):
    # Bison without the trailing zero: the run in hearts is 150 points, written 15; with the
    # dix (10, written 1) the preview lists "run 15" and "dix 1", as the table writes meld.
    sid = new_session(client, "bison", THREE, scale="10")
    page = client.get(f"/s/{sid}").text
    bob = re.search(r'name="declarer" value="(\d+)"[^>]*><span>Bob', page).group(1)
    answer = client.post(
        f"/s/{sid}/preview",
        data={"declarer": bob, "trump": "H", f"meld_mode-{bob}": "cards",
              f"meld-{bob}": "AH TH KH QH JH 9H"},
    ).get_json()  # fmt: skip
    assert answer["breakdowns"] == {bob: ["run 15", "dix 1"]}


def test_a_take_no_cards_make_and_takes_short_of_the_deck_are_shown_together(client):
    # two-handed, each player's trick points with the last trick in them: no card counts 1,
    # and 1 + 200 = 201 of the deck's 250 (RULES: card values, the last trick 10)
    sid = new_session(client, "two-handed", ["Ann", "Bob"])

    response = post_hand(client, sid, trump="S", takes={"Ann": 1, "Bob": 200})

    assert response.status_code == 422
    assert errors_at(response, "take-" + str(player_ids(client)["Ann"])) == [
        "No side can take exactly 1 in tricks: no cards count 1 (the smallest card is a jack, 2).",
        "The players' tricks must add up to 250; these add up to 201.",
    ]
