"""The house-rules form gives the meld figures of an option's choices as the table writes them
(issue 30): the double deck drops the trailing zero, so a roundhouse with a run is 35 or 39."""

from __future__ import annotations

from webhelpers import new_session, parse


def choice_labels(page, name: str) -> list[str]:
    """The words of each choice of option ``name`` (a select's options or a row of chips)."""
    tree = parse(page)
    select = next((el for el in tree.iter("select") if el.get("name") == name), None)
    if select is not None:
        return ["".join(option.itertext()).strip() for option in select.iter("option")]
    chips = [el for el in tree.iter("input") if el.get("name") == name]
    return [el.get("value") or "" for el in chips]


def test_the_double_decks_meld_choices_drop_the_trailing_zero(client):
    sid = new_session(client, "double-deck", ["N", "E", "S", "W"])
    page = client.get(f"/s/{sid}/settings")
    # RULES 2.4: a roundhouse with a run counts 350 or 390, written 35 or 39 in the double deck
    assert choice_labels(page, "roundhouse_with_run") == ["35", "39"]
    assert choice_labels(page, "double_trump_marriage") == ["8", "24 (St Joseph)", "40 (Wikipedia)"]


def test_a_single_deck_game_shows_them_in_full(client):
    sid = new_session(client, "brooklyn", ["Ann", "Bob", "Cy"])
    page = client.get(f"/s/{sid}/settings")
    assert choice_labels(page, "roundhouse_with_run") == ["350", "390"]
