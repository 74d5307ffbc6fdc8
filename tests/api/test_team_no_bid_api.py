"""Team games without a bid through the JSON API (RULES 6.4, "Teams without a bid"): a hand
with no declarer and no bid saved and read back, and a declarer or bid refused at its field.
Figures worked by hand: partnership with bidding off (single deck, counters, 250 a hand)."""

from __future__ import annotations

import pytest

from .calls import changes, figures, problem_fields, start

FOUR = ["N", "E", "S", "W"]


def test_a_team_hand_without_a_bid_is_saved_and_read_back(client):
    session = start(client, "partnership", FOUR, first_dealer_seat=3, options={"auction": False})
    # U1: N & S meld 100 + 40 and take every trick: +390; E & W (160 + 30) took none: 0.
    answer = session.save(
        trump="H", meld={"N": "100", "S": "40", "E": "160", "W": "30"}, tricks=250
    )
    assert changes(answer["hand"]) == {"N & S": 390, "E & W": 0}
    assert answer["hand"]["result"]["outcome"] == "played"
    assert figures(answer["standings"]) == {"N & S": 390, "E & W": 0}
    read = session.hand(1).get_json()
    assert read["entry"]["declarer_id"] is None and read["entry"]["bid"] is None
    assert read["entry"]["tricks"] == 250


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"declarer": "N"}, "declarer_id", id="a-declarer"),
        pytest.param({"bid": 250}, "bid", id="a-bid"),
    ],
)
def test_a_declarer_or_bid_for_a_hand_without_a_bid_is_refused_at_its_field(client, fields, field):
    session = start(client, "partnership", FOUR, options={"auction": False})
    response = session.post_hand(trump="H", tricks=130, **fields)
    assert response.status_code == 422
    assert problem_fields(response) == {
        field: f"{field}: Nobody bids in this game: leave it empty."
    }
