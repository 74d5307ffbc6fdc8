"""Ratings from rated games: the Plackett-Luce update worked by hand from the formulas of
Weng and Lin (2011, Algorithm 4) as OpenSkill implements them, with its defaults mu = 25,
sigma = 25/3, beta = 25/6 and the dynamics tau = 25/300 added to each sigma before a game;
places, chances and the figures in words."""

from __future__ import annotations

import math
from datetime import datetime

import pytest

from scorekeeper.rules.holders import Player, Team
from scorekeeper.services.history.ratings import (
    START,
    chance_words,
    ordinal_words,
    rate_games,
    rating_text,
)
from scorekeeper.services.history.ratings_games import Placing, RatedGame, placings

ANN, BOB, CAL, DEE = (Player(i, n) for i, n in enumerate(["Ann", "Bob", "Cal", "Dee"], 1))
MU, SIGMA, BETA, TAU = 25.0, 25 / 3, 25 / 6, 25 / 300


def game(*placed: tuple[object, int], number: int = 1) -> RatedGame:
    """A rated points game of session 1: each side with its place (figures unused)."""
    return RatedGame(
        1, number, datetime(2026, 11, 24), f"Bison, Nov 24, game {number}", "points",
        tuple(Placing(side, place, 0) for side, place in placed),  # type: ignore[arg-type]
    )  # fmt: skip


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return (1 + math.erf(x / math.sqrt(2))) / 2


def test_a_newcomer_beating_a_newcomer_moves_each_by_the_plackett_luce_formulas():
    # Each sigma^2 first grows by tau^2. c^2 = sigma_A^2 + sigma_B^2 + 2 beta^2. Both start
    # at mu 25, so each one's share exp(mu/c) / sum is 1/2. The winner's Omega is
    # sigma^2/c (1 - 1/2) and the loser's -sigma^2/c (1/2); Delta for each is
    # gamma sigma^2/c^2 (1/2)(1/2) with gamma = sigma/c; sigma'^2 = sigma^2 (1 - Delta).
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * s2 + 2 * BETA**2)
    omega = s2 / c / 2
    delta = (math.sqrt(s2) / c) * (s2 / c**2) / 4
    sigma_after = math.sqrt(s2 * (1 - delta))

    ratings = rate_games([game((ANN, 1), (BOB, 2))], [ANN, BOB])

    ann, bob = ratings.of(ANN.id).figure, ratings.of(BOB.id).figure
    assert ann is not None and bob is not None
    assert ann.mu == pytest.approx(MU + omega, abs=1e-6)
    assert bob.mu == pytest.approx(MU - omega, abs=1e-6)
    assert ann.sigma == pytest.approx(sigma_after, abs=1e-6)
    assert bob.sigma == pytest.approx(sigma_after, abs=1e-6)
    assert ann.ordinal == pytest.approx(MU + omega - 3 * sigma_after, abs=1e-6)
    # the worked figures, to 6 places: mu 25 +- 2.635389, sigma 8.065901
    assert round(omega, 6) == 2.635389 and round(sigma_after, 6) == 8.065901
    assert [r.player for r in ratings.players] == [ANN, BOB]


def test_partners_share_their_teams_update_by_their_part_of_its_variance():
    # Two teams of two newcomers: a team's mu is its members' sum, its sigma^2 too
    # (2 s2). c^2 = 2 (2 s2) + 2 beta^2. The team's Omega = 2 s2 / c (1/2); each member
    # takes s2 / (2 s2) = 1/2 of it. Delta = gamma (2 s2)/c^2 (1/4), gamma = sqrt(2 s2)/c;
    # each member's sigma'^2 = s2 (1 - (1/2) Delta).
    s2 = SIGMA**2 + TAU**2
    team2 = 2 * s2
    c = math.sqrt(2 * team2 + 2 * BETA**2)
    omega = team2 / c / 2
    delta = (math.sqrt(team2) / c) * (team2 / c**2) / 4
    sigma_after = math.sqrt(s2 * (1 - delta / 2))

    ratings = rate_games([game((Team((ANN, CAL)), 1), (Team((BOB, DEE)), 2))], [ANN, BOB, CAL, DEE])

    for winner in (ANN, CAL):
        figure = ratings.of(winner.id).figure
        assert figure is not None
        assert figure.mu == pytest.approx(MU + omega / 2, abs=1e-6)
        assert figure.sigma == pytest.approx(sigma_after, abs=1e-6)
    for loser in (BOB, DEE):
        figure = ratings.of(loser.id).figure
        assert figure is not None
        assert figure.mu == pytest.approx(MU - omega / 2, abs=1e-6)
    step = ratings.of(ANN.id).steps[0]
    assert step.side == Team((ANN, CAL))
    assert step.chance == pytest.approx(0.5)  # two equal teams
    assert step.place_words == "1st of 2"


def test_the_chance_to_finish_ahead_is_the_normal_distribution_of_the_gap():
    # P(A ahead of B) = Phi((mu_A - mu_B) / sqrt(2 beta^2 + sigma_A^2 + sigma_B^2)).
    ratings = rate_games([game((ANN, 1), (BOB, 2))], [ANN, BOB])
    ann, bob = ratings.of(ANN.id), ratings.of(BOB.id)
    a, b = ann.figure, bob.figure
    assert a is not None and b is not None
    expected = phi((a.mu - b.mu) / math.sqrt(2 * BETA**2 + a.sigma**2 + b.sigma**2))

    [chance] = ratings.chances(ann)

    assert chance.other == BOB
    assert chance.chance == pytest.approx(expected, abs=1e-9)
    assert 0.5 < expected < 0.75
    assert chance.words == f"about {round(100 * expected)}% to finish ahead of Bob"
    assert ratings.chances(bob)[0].chance == pytest.approx(1 - expected, abs=1e-9)


def test_players_who_tie_share_a_place_and_move_alike():
    ratings = rate_games([game((ANN, 1), (BOB, 2), (CAL, 2))], [ANN, BOB, CAL, DEE])

    bob, cal = ratings.of(BOB.id), ratings.of(CAL.id)
    assert bob.figure == cal.figure
    assert bob.steps[0].place_words == "2nd of 3, shared"
    assert [r.player for r in ratings.players] == [ANN, BOB, CAL, DEE]
    assert ratings.of(DEE.id).figure is None  # no game: not rated yet
    assert ratings.chances(ratings.of(DEE.id)) == []
    assert [r.player for r in ratings.rated] == [ANN, BOB, CAL]


def test_each_game_starts_from_the_ratings_the_games_before_left():
    first = game((ANN, 1), (BOB, 2))
    second = game((BOB, 1), (ANN, 2), number=2)

    ratings = rate_games([first, second], [ANN, BOB])

    steps = ratings.of(ANN.id).steps
    assert [s.game.game for s in steps] == [1, 2]
    assert steps[0].before == START
    assert steps[1].before == steps[0].after
    assert steps[1].change < 0 < steps[0].change
    # Bob was behind: his chance to win the second game was under a half
    assert ratings.of(BOB.id).steps[1].chance < 0.5
    assert ratings.game_count == 2


@pytest.mark.parametrize(
    ("figures", "winner", "places"),
    [
        pytest.param([(ANN, 510), (BOB, -250), (CAL, -200)], ANN, [1, 3, 2], id="by-score"),
        pytest.param([(ANN, 480), (BOB, 505), (CAL, 100)], BOB, [2, 1, 3], id="winner-first"),
        pytest.param(
            [(ANN, 520), (BOB, 505), (CAL, 100)],
            BOB,
            [2, 1, 3],
            id="the-bidder-out-first-though-lower",
        ),
        pytest.param([(ANN, 4), (BOB, -2), (CAL, -2)], None, [1, 2, 2], id="equal-nets-share"),
        pytest.param(
            [(ANN, 0), (BOB, 0), (CAL, 3), (DEE, -3)], None, [2, 2, 1, 4], id="next-place-skips"
        ),
    ],
)
def test_places_put_the_winner_first_then_the_highest_figure(figures, winner, places):
    placed = {p.side: p.place for p in placings(figures, winner)}

    assert [placed[side] for side, _ in figures] == places


def test_a_game_of_one_side_rates_nobody():
    ratings = rate_games([game((ANN, 1))], [ANN])

    assert ratings.of(ANN.id).figure is None


@pytest.mark.parametrize(
    ("place", "words"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (21, "21st")],
)
def test_places_in_words(place, words):
    assert ordinal_words(place) == words


@pytest.mark.parametrize(
    ("value", "sign", "text"),
    [
        (12.345, False, "12.3"),
        (-2.46, False, "\u22122.5"),
        (1.25, True, "+1.2"),  # half to even, as Python's format rounds
        (-0.04, True, "0.0"),
        (0.0, True, "0.0"),
    ],
)
def test_figures_are_written_to_one_place_with_a_real_minus(value, sign, text):
    assert rating_text(value, sign) == text


@pytest.mark.parametrize(
    ("chance", "words"),
    [(0.6042, "about 60% to win"), (0.999, "about 99% to win"), (0.001, "about 1% to win")],
)
def test_chances_in_words_never_say_certain(chance, words):
    assert chance_words(chance, "to win") == words
