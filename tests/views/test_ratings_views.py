"""The ratings pages: every player ranked by rating, a player's rating with its history and
chances, the CSV; places worked out by hand from sessions played through the forms, and a
correction of an old hand changing the ratings that depend on it."""

from __future__ import annotations

import csv
import io

import reportsessions as rs
from webhelpers import (
    facts,
    find_form,
    form_values,
    new_session,
    page_text,
    parse,
    player_ids,
    save_hand,
    table_rows,
    text_of,
)

from scorekeeper.services.history.ratings import MODEL, rating_text
from scorekeeper.services.unit_of_work import unit_of_work

from .test_history_and_edit import edit_data

THREE = ["Ann", "Bob", "Cal"]
FOUR = ["Ann", "Bob", "Cal", "Dee"]


def ratings_table(page) -> dict[str, list[str]]:
    """The ratings table: name -> [rating, skill ± uncertainty, games, last change], in order."""
    tree = parse(page)
    return table_rows(next(t for t in tree.iter("table") if "ratings" in (t.get("class") or "")))


def built(app, builder) -> int:
    """A session of tests/reportsessions.py (its figures worked out there), entered through
    the services."""
    with app.app_context(), unit_of_work():
        return builder()


def bison_game(app) -> int:
    """rs.bison: Bob wins game 1 with 590, Ann ends it on 380 and Cal on -240 (game 2 has
    begun). Places: Bob 1st, Ann 2nd, Cal 3rd."""
    return built(app, rs.bison)


def brooklyn_night(client) -> int:
    """Brooklyn for Ann, Bob and Cal, one hand and ended: Bob makes 400 in hearts and
    collects 4 chips from each player. Nets: Bob +8, Ann -4, Cal -4: Bob 1st, Ann and Cal
    share 2nd."""
    sid = new_session(client, "brooklyn", THREE)
    save_hand(client, sid, declarer="Bob", bid=400, trump="H", outcome="made")
    assert client.post(f"/s/{sid}/end").status_code == 302
    return sid


def library(*ranked: list[str], ranks: list[int]) -> dict[str, object]:
    """The library's own ratings after one game of newcomers in that order, by name."""
    teams = [[MODEL.rating() for _ in side] for side in ranked]
    rated = MODEL.rate(teams, ranks=ranks)
    return {
        name: r
        for side, team in zip(ranked, rated, strict=True)
        for name, r in zip(side, team, strict=True)
    }


def test_nobody_is_rated_before_a_game_is_finished(client):
    sid = new_session(client, "bison", THREE, target=500)
    save_hand(client, sid, outcome="all_pass")

    page = client.get("/ratings")

    assert page.status_code == 200
    text = page_text(page)
    assert "Nobody is rated yet" in text
    assert "Not rated yet Ann Bob Cal" in text
    ann = client.get(f"/ratings/{player_ids(client)['Ann']}")
    assert "Ann is not rated yet" in page_text(ann)


def test_a_finished_bison_game_ranks_the_winner_then_the_scores(app, client):
    bison_game(app)
    # Bob won with 590; Ann (380) is ahead of Cal (-240). Game 2 is not finished.
    expected = library(["Bob"], ["Ann"], ["Cal"], ranks=[1, 2, 3])

    rows = ratings_table(client.get("/ratings"))

    assert list(rows) == ["Bob", "Ann", "Cal"]
    for name, rating in expected.items():
        assert rows[name][0] == rating_text(rating.ordinal())
        assert rows[name][1] == f"{rating_text(rating.mu)} ± {rating_text(rating.sigma)}"
        assert rows[name][2] == "1"
        # everyone started at ordinal 25 - 3 (25/3) = 0: the last change is the rating
        assert rows[name][3] == rating_text(rating.ordinal(), sign=True)


def test_partners_are_rated_as_their_team(app, client):
    built(app, rs.partnership)
    # Ann & Cal win game 1 (71 to 15) against Bob & Dan.
    expected = library(["Ann", "Cal"], ["Bob", "Dan"], ranks=[1, 2])

    rows = ratings_table(client.get("/ratings"))

    assert list(rows) == ["Ann", "Cal", "Bob", "Dan"]  # level partners by name
    assert rows["Ann"] == rows["Cal"]
    assert rows["Bob"] == rows["Dan"]
    assert rows["Ann"][0] == rating_text(expected["Ann"].ordinal())
    assert rows["Dan"][0] == rating_text(expected["Dan"].ordinal())
    page = page_text(client.get(f"/ratings/{player_ids(client)['Cal']}"))
    assert "game 1 Ann & Cal: 1st of 2 (about 50% to win it)" in page


def test_an_ended_chip_session_ranks_by_net_and_equal_nets_share_a_place(client):
    brooklyn_night(client)
    expected = library(["Bob"], ["Ann"], ["Cal"], ranks=[1, 2, 2])

    rows = ratings_table(client.get("/ratings"))

    assert list(rows) == ["Bob", "Ann", "Cal"]  # Ann and Cal level: by name
    assert rows["Ann"] == rows["Cal"]
    assert rows["Bob"][0] == rating_text(expected["Bob"].ordinal())
    page = page_text(client.get(f"/ratings/{player_ids(client)['Ann']}"))
    assert "2nd of 3, shared" in page


def test_a_chip_session_still_open_is_not_rated(client):
    sid = new_session(client, "brooklyn", THREE)
    save_hand(client, sid, declarer="Bob", bid=400, trump="H", outcome="made")

    assert "Nobody is rated yet" in page_text(client.get("/ratings"))


def test_correcting_an_old_hand_to_change_the_winner_changes_the_ratings(client):
    sid = brooklyn_night(client)
    assert list(ratings_table(client.get("/ratings"))) == ["Bob", "Ann", "Cal"]

    # Hand 1 was Cal's: Cal makes 400 in hearts, +8; Ann and Bob -4 each.
    data = edit_data(client, sid, 1, declarer="Cal")
    assert client.post(f"/s/{sid}/hands/1/edit", data=data).status_code == 302

    rows = ratings_table(client.get("/ratings"))
    expected = library(["Cal"], ["Ann"], ["Bob"], ranks=[1, 2, 2])
    assert list(rows) == ["Cal", "Ann", "Bob"]
    assert rows["Cal"][0] == rating_text(expected["Cal"].ordinal())


def test_correcting_a_points_game_to_another_winner_changes_the_ratings(app, client):
    sid = bison_game(app)
    assert list(ratings_table(client.get("/ratings"))) == ["Bob", "Ann", "Cal"]
    # Hand 3 corrected: Ann melded 150 (not aces around, 100) and took all 24 counters, and
    # Bob melded nothing. Ann 150 + 240 + 10 for the last trick = 400 >= 250, made: 120 +
    # 400 = 520, past 500 as the bidder: Ann wins game 1. Bob stays on 480 (no counter, no
    # meld), Cal on -240. Places: Ann 1st, Bob 2nd, Cal 3rd.
    ids = player_ids(client)
    changes = {
        f"meld-{ids['Ann']}": 150, f"meld_mode-{ids['Ann']}": "number",
        f"take-{ids['Ann']}": 24, f"take-{ids['Bob']}": 0, f"meld-{ids['Bob']}": 0,
    }  # fmt: skip
    data = edit_data(client, sid, 3, **changes)
    response = client.post(f"/s/{sid}/hands/3/edit", data=data)
    assert response.status_code == 302

    rows = ratings_table(client.get("/ratings"))
    expected = library(["Ann"], ["Bob"], ["Cal"], ranks=[1, 2, 3])
    assert list(rows) == ["Ann", "Bob", "Cal"]
    assert rows["Ann"][0] == rating_text(expected["Ann"].ordinal())
    assert rows["Bob"][2] == "1"  # still one finished game


def test_deleting_an_old_hand_takes_back_the_game_it_finished(app, client):
    sid = bison_game(app)
    assert "Nobody is rated yet" not in page_text(client.get("/ratings"))
    # Without hand 2: hand 1 leaves Bob 280, Ann 120, Cal 60; Ann makes 250 (+260: 380), Bob
    # +110 (390), Cal nothing; Cal concedes 250 (-190), Ann +20 (400), Bob +40 (430).
    # Nobody reaches 500: no finished game.
    page = client.get(f"/s/{sid}/hands/2/delete")
    data = dict(form_values(find_form(parse(page))))
    assert client.post(f"/s/{sid}/hands/2/delete", data=data).status_code == 302

    assert "Nobody is rated yet" in page_text(client.get("/ratings"))


def test_a_players_page_shows_the_history_and_the_chances_in_words(app, client):
    sid = bison_game(app)
    bob_id = player_ids(client)["Bob"]

    page = client.get(f"/ratings/{bob_id}")

    assert page.status_code == 200
    text = page_text(page)
    expected = library(["Bob"], ["Ann"], ["Cal"], ranks=[1, 2, 3])
    bob = expected["Bob"]
    assert facts(page) == {
        "Rating": rating_text(bob.ordinal()),
        "Skill ± uncertainty": f"{rating_text(bob.mu)} ± {rating_text(bob.sigma)}",
        "Games rated": "1",
        "Last change": rating_text(bob.ordinal(), sign=True),
    }
    assert "Bob is almost surely above" in text
    tree = parse(page)
    svg = next(el for el in tree.iter() if el.tag.endswith("svg"))
    assert svg.get("aria-label") == "Bob: rating after each game"
    chances = [text_of(li) for ul in tree.iter("ul") for li in ul if "ahead of" in text_of(li)]
    ann_chance = MODEL.predict_win([[bob], [expected["Ann"]]])[0]
    cal_chance = MODEL.predict_win([[bob], [expected["Cal"]]])[0]
    assert 0.5 < ann_chance < cal_chance < 1
    assert chances == [
        f"About {round(100 * ann_chance)}% to finish ahead of Ann.",
        f"About {round(100 * cal_chance)}% to finish ahead of Cal.",
    ]
    steps = [text_of(li) for ol in tree.iter("ol") for li in ol]
    assert len(steps) == 1
    assert steps[0].startswith("Bison (points to 1500), ")  # the game's label, as on /players
    # three newcomers: a third each
    change = rating_text(bob.ordinal(), sign=True)
    assert steps[0].endswith(
        f"game 1 1st of 3 (about 33% to win it) Rating {change} to {rating_text(bob.ordinal())}"
    )
    link = next(a for ol in tree.iter("ol") for a in ol.iter("a"))
    assert link.get("href") == f"/s/{sid}"


def test_an_unknown_player_is_the_404_page(client):
    assert client.get("/ratings/999").status_code == 404


def test_the_ratings_download_as_csv(app, client):
    bison_game(app)
    expected = library(["Bob"], ["Ann"], ["Cal"], ranks=[1, 2, 3])

    response = client.get("/ratings.csv")

    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:3] == ["player", "player id", "rating"]
    assert [row[0] for row in rows[1:]] == ["Bob", "Ann", "Cal"]
    assert rows[1][2] == f"{expected['Bob'].ordinal():.3f}"
    assert rows[1][5] == "1"


def test_a_player_not_rated_yet_has_no_figures_in_the_csv_and_a_formula_is_quoted(client):
    assert client.post("/players/", data={"name": "=Zed"}).status_code == 302

    response = client.get("/ratings.csv")

    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[1][0] == "'=Zed"
    assert rows[1][2:] == ["", "", "", "0", ""]
