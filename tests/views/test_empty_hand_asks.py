"""A hand saved with nothing entered asks for what its own form shows (issue 30, item 3).

Cutthroat asked for "counters and who took the last trick", fields its form does not have (it
asks each player's trick points, the last trick in them). Every registered game is tried with
its fewest players: whatever the empty hand's message asks of the tricks, the form's tricks box
shows, under the same words, and it is shown in that box.
"""

from __future__ import annotations

import pytest
from webhelpers import all_errors, classes, new_session, parse, post_hand, text_of

from scorekeeper.rules.game.variant import GAMES

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
WHAT = ("counters", "card points", "trick points each player took", "last trick")
"""What a message may ask of the tricks: each must be what the form's tricks box says."""


def tricks_box(page):
    """The form's box of trick figures: its words (labels) and its error messages."""
    tree = parse(page)
    box = next(
        (el for el in tree.iter("div") if classes(el) & {"takes", "tricks"}),
        None,
    )
    if box is None:
        return "", [], False
    labels = " ".join(
        text_of(el) for el in box.iter() if el.tag == "label" or "label" in classes(el)
    )
    errors = [text_of(p) for p in box.iter("p") if "error" in classes(p)]
    chooses_last = any(el.get("name") == "last_trick" for el in box.iter("input"))
    return labels, errors, chooses_last


@pytest.mark.parametrize("key", list(GAMES))
def test_an_empty_hand_asks_for_the_tricks_its_form_shows(client, key):
    fewest = GAMES[key].player_range[0]
    session = new_session(client, key, NAMES[:fewest])

    page = post_hand(client, session)

    assert page.status_code == 422
    labels, errors, chooses_last = tricks_box(page)
    about_tricks = [e for e in all_errors(page) if any(w in e.lower() for w in WHAT)]
    for message in about_tricks:
        assert message in errors, f"{message!r} is not shown at the tricks"
        for words in WHAT:
            if words in message.lower():
                assert words in labels.lower(), f"{message!r} asks for {words!r}: {labels!r}"
        assert ("who took the last trick" in message) == chooses_last, message
