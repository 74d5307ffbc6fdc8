"""The house-rules page: every option changeable mid-session, every hand replayed under it."""

from __future__ import annotations

import re

import pytest
from webhelpers import shown_value


def _form_defaults(client, url: str) -> dict[str, str]:
    """The option fields as the page fills them in (what a player would post unchanged)."""
    page = client.get(url).text
    form = {m[0]: m[1] for m in re.findall(r'name="([a-z_]+)" value="([^"]*)"', page)}
    for name, body in re.findall(
        r'<select id="opt-([a-z_]+)" name="[a-z_]+">(.*?)</select>', page, re.S
    ):
        form[name] = re.search(r'<option value="([^"]*)" selected', body).group(1)
    for name, value in re.findall(
        r'<input type="radio" name="([a-z_]+)" value="([^"]*)" checked', page
    ):
        form[name] = value  # a long choice shown as buttons: the one ticked
    for name in re.findall(r'<input type="checkbox" name="([a-z_]+)" checked', page):
        form[name] = "on"
    return form


def _figures(client, session_id: int) -> list[str]:
    return re.findall(r'class="figure[^"]*">([^<]*)', client.get(f"/s/{session_id}").text)


@pytest.fixture
def brooklyn_three(client):
    """Brooklyn for Ann, Bob and Cal; Ann deals; Bob then made 350 in spades."""
    form = _form_defaults(client, "/sessions/new?system=brooklyn")
    form.update({"system": "brooklyn", "seat-0": "Ann", "seat-1": "Bob", "seat-2": "Cal",
                 "first_dealer": "0"})  # fmt: skip
    assert client.post("/sessions/new", data=form).status_code == 302
    bob = re.search(r'name="declarer" value="(\d+)"[^>]*><span>Bob', client.get("/s/1").text)
    saved = client.post(
        "/s/1/hands",
        data={"declarer": bob.group(1), "bid": "350", "trump": "S", "outcome": "made"},
    )
    assert saved.status_code == 302
    return 1


def test_settings_page_shows_every_option_of_the_system(client, brooklyn_three):
    page = client.get(f"/s/{brooklyn_three}/settings").text
    for label in ("Double meld bonus", "Card values", "Minimum bid", "Forbidden bid endings",
                  "Payment schedule", "Spades double", "Set factor", "Stake per chip"):  # fmt: skip
        assert label in page


def test_turning_spades_double_off_recomputes_the_hands_already_played(client, brooklyn_three):
    # 350 pays 2 units from each opponent; spades doubled it to 4: Bob +8, the others -4.
    assert _figures(client, brooklyn_three) == ["−4", "+8", "−4"]
    form = _form_defaults(client, f"/s/{brooklyn_three}/settings")
    form.pop("spades_double")
    assert client.post(f"/s/{brooklyn_three}/settings", data=form).status_code == 302
    # Without the double: Bob +2 +2 = +4, Ann and Cal -2 each.
    assert _figures(client, brooklyn_three) == ["−2", "+4", "−2"]
    history = client.get(f"/s/{brooklyn_three}/history").text
    assert "House rules changed: Spades double: On → Off." in history


def test_a_rule_that_an_entered_hand_breaks_is_refused_and_nothing_changes(client, brooklyn_three):
    form = _form_defaults(client, f"/s/{brooklyn_three}/settings")
    form["forbidden_endings"] = "40 50 90"
    page = client.post(f"/s/{brooklyn_three}/settings", data=form)
    assert page.status_code == 422
    assert "hand 1: Bid 350 ends in 50" in page.text
    assert _figures(client, brooklyn_three) == ["−4", "+8", "−4"]


def test_an_invalid_option_set_is_refused_next_to_its_field(client, brooklyn_three):
    form = _form_defaults(client, f"/s/{brooklyn_three}/settings")
    form["scale"] = "10"
    page = client.post(f"/s/{brooklyn_three}/settings", data=form)
    assert page.status_code == 422
    assert "needs the counters card values" in page.text
    assert 'value="10" selected' in page.text  # what was chosen is kept


def test_a_figure_field_whose_zero_has_words_shows_the_figure(client, brooklyn_three):
    # 'Double marriage in a plain suit' 0 reads "Two marriages" in print; its field, for a
    # figure, shows 0, and a page posted unchanged keeps it
    page = client.get(f"/s/{brooklyn_three}/settings")
    assert shown_value(page, "double_marriage_value") == "0"
    form = _form_defaults(client, f"/s/{brooklyn_three}/settings")
    assert client.post(f"/s/{brooklyn_three}/settings", data=form).status_code == 302
    print_view = client.get(f"/s/{brooklyn_three}/print").text
    assert "Double marriage in a plain suit</td><td>Two marriages" in print_view
