"""The hand form's first choice is on the first screen of a 390x844 phone, for every preset
and every number of players it seats: a hand is entered without scrolling. Five players and
more share one compact panel of standings. A won game's banner, with every final score, fits
the phone too, and "Next game" brings the form's first choice onto the screen. Names of 1 and
40 letters, single words, keep every word whole at 320 and 430 px: the standings, the game
over banner and the hand form's chips."""

from __future__ import annotations

import pytest
from phone import check_phone_page, phone_page, picture, shoot
from reflow import split_words
from settle_fixtures import Table, bison

from scorekeeper.rules.game import variant
from scorekeeper.services import sessions as session_service
from scorekeeper.services.tables import default_table
from scorekeeper.services.unit_of_work import unit_of_work

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")
SEATINGS = [
    (system.value, players)
    for system in variant.all_games()
    for players in range(system.player_range[0], system.player_range[1] + 1)
]

# The first thing to tap in the hand form: its first visible chip, field or button.
FIRST_CHOICE = """
() => {
  const form = document.querySelector('#hand-form');
  const choices = form.querySelectorAll('label.chip, input:not([type=hidden]), select, button');
  for (const el of choices) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) {
      return {bottom: box.bottom + window.scrollY, text: el.textContent.trim()};
    }
  }
  return null;
}
"""


@pytest.fixture
def sessions(app) -> dict[tuple[str, int], int]:
    """A new session of every preset at every number of players it seats."""
    with app.app_context(), unit_of_work():
        return {
            (system, players): session_service.create_session(
                default_table(), {"system": system}, list(NAMES[:players]), 0
            ).id
            for system, players in SEATINGS
        }


def test_the_first_choice_of_the_hand_form_is_on_the_first_screen(
    live_server, browser_page, screenshots_dir, sessions
):
    page = browser_page
    most = {system: players for system, players in SEATINGS}  # the last is the most
    below = []
    for (system, players), session_id in sessions.items():
        page.goto(f"{live_server}/s/{session_id}")
        first = page.evaluate(FIRST_CHOICE)
        assert first is not None, system
        if first["bottom"] > 844:
            below.append(f"{system} with {players}: {first['text']!r} ends at {first['bottom']}")
        if most[system] == players:
            check_phone_page(page, f"{system} with {players}")
            page.set_viewport_size({"width": 390, "height": 844})
            picture(page, screenshots_dir / f"first-screen-{system}-{players}.png")
    assert below == []
    shoot(page, screenshots_dir, "first-screen-last-full")


@pytest.fixture
def played(app) -> dict[str, int]:
    """Bison just after Ann won game 1 (settle_fixtures.bison), and Hoyle with five after
    three hands, someone ahead."""
    with app.app_context(), unit_of_work():
        table = Table(default_table())
        won = bison(table)
        hoyle = table.start("hoyle", "Ann Bob Cal Dan Eve")
        table.hand(hoyle, "made", "Bob", 350, "S")
        table.hand(hoyle, "set", "Cal", 300, "H")
        table.hand(hoyle, "made", "Dan", 400, "C")
        return {"bison-game-over": won, "hoyle-5-played": hoyle}


def test_the_game_over_banner_and_compact_standings_fit_a_phone(
    live_server, browser_page, screenshots_dir, played
):
    page = browser_page
    for name, session_id in played.items():
        page.goto(f"{live_server}/s/{session_id}")
        for dark in (False, True):
            shoot(page, screenshots_dir, f"{name}{'-dark' if dark else ''}", dark=dark)
    page.goto(f"{live_server}/s/{played['bison-game-over']}")
    scores = page.locator(".final-scores li").all_text_contents()
    assert [" ".join(text.split()) for text in scores] == [
        "★ Ann +510",
        "Bob −250",
        "Cal −200",
    ]
    page.get_by_role("link", name="Next game →").tap()
    page.wait_for_url("**#hand-form")
    first = page.evaluate(FIRST_CHOICE)
    top = page.evaluate("window.scrollY")
    assert top < first["bottom"] <= top + 844  # the form's first choice is on the screen


WORD = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 letters, one word


@pytest.fixture
def long_names(app) -> dict[str, int]:
    """Bison won by a 40-letter name (settle_fixtures.bison with Ann as WORD, Bob as H), and
    Hoyle with H, WORD, Al and Hal after two hands, and with Eve too (compact standings)."""
    with app.app_context(), unit_of_work():
        table = Table(default_table())
        won = table.start("bison", f"{WORD} H Cal", target=500, game_stake=200, set_stake=100)
        table.hand(
            won, None, "H", 300, "S",
            melds={"H": 100, WORD: 20}, takes={WORD: 5, "H": 15, "Cal": 4}, last="H",
        )  # fmt: skip
        table.hand(won, "conceded", "Cal", 250, "H", melds={WORD: 40, "H": 20})
        table.hand(
            won, None, WORD, 400, "H",
            melds={WORD: 190}, takes={WORD: 20, "H": 3, "Cal": 1}, last=WORD,
        )  # fmt: skip
        hoyle = table.start("hoyle", f"H {WORD} Al Hal")
        table.hand(hoyle, "made", WORD, 350, "S")
        table.hand(hoyle, "set", "Al", 300, "H")
        five = table.start("hoyle", f"H {WORD} Al Hal Eve")
        table.hand(five, "made", WORD, 350, "S")
        table.hand(five, "set", "Al", 300, "H")
        return {"bison-won": won, "hoyle": hoyle, "hoyle-5": five}


@pytest.mark.parametrize("width", [320, 430])
def test_names_of_one_and_forty_letters_stay_whole_on_the_table_screen(
    live_server, browser, screenshots_dir, long_names, width
):
    with phone_page(browser, width) as page:
        for name, session_id in long_names.items():
            page.goto(f"{live_server}/s/{session_id}")
            assert page.locator("#standings").get_by_text(WORD).count() == 1
            assert page.locator("#standings").get_by_text("H", exact=True).count() == 1
            assert page.locator("#hand-form label.chip").get_by_text(WORD).count() > 0
            check_phone_page(page, f"{name} at {width}")
            split = split_words(page)
            assert split == [], f"{name} at {width} px: {split}"
            shoot(page, screenshots_dir, f"long-names-{name}-{width}")
        banner = page.locator(".game-over")
        page.goto(f"{live_server}/s/{long_names['bison-won']}")
        # WORD: 20 meld + 50 in counters, then 40 meld, then 400 bid and made (190 meld + 210):
        # 70 + 40 + 400 = 510, past 500 as the bidder (settle_fixtures.bison)
        assert f"{WORD} went out bidding: 510." in banner.inner_text()
