"""Holders (docs/RULES.md sections 5 to 7): players by id, teams by members, kitty and pot."""

from __future__ import annotations

import pytest

from scorekeeper.rules.game.options import Options
from scorekeeper.rules.hand.hands import HandContext, HandInput, score_hand
from scorekeeper.rules.hand.outcome import Outcome
from scorekeeper.rules.hand.payments import Flow
from scorekeeper.rules.holders import (
    KITTY,
    POT,
    Player,
    Pool,
    Team,
    holder_kind,
    members,
    player_id,
    players_of,
)

KITTY_PLAYER = Player(1, "kitty")
POT_PLAYER = Player(2, "Pot")
AMP = Player(3, "Ann & Bob")
EMOJI = Player(4, "🂡 Dee")


def test_a_player_is_known_by_id_and_shown_by_name():
    assert Player(7, "Ann") == Player(7, "Ann (renamed)")
    assert Player(7, "Ann") != Player(8, "Ann")
    assert str(Player(7, "Ann")) == "Ann"
    assert hash(Player(7, "Ann")) == hash(Player(7, "Bob"))


@pytest.mark.parametrize(
    ("player", "pool"),
    [(KITTY_PLAYER, KITTY), (POT_PLAYER, POT), ("kitty", KITTY), ("Pot", POT)],
    ids=["player-kitty", "player-Pot", "name-kitty", "name-Pot"],
)
def test_a_player_named_like_a_pool_is_not_that_pool(player, pool):
    assert player != pool
    assert holder_kind(player) == "player" and holder_kind(pool) == pool.value
    assert len({player, pool}) == 2


def test_a_team_is_its_members_and_reads_with_an_ampersand():
    team = Team((AMP, EMOJI))
    assert str(team) == "Ann & Bob and 🂡 Dee"  # "and" when a name has its own "&"
    assert str(Team((Player(5, "Cal"), EMOJI))) == "Cal & 🂡 Dee"
    assert team == Team((Player(3, "x"), Player(4, "y")))
    assert AMP in team and KITTY_PLAYER not in team
    assert team != "Ann & Bob and 🂡 Dee"
    assert members(team) == (AMP, EMOJI) and members(AMP) == (AMP,) and members(KITTY) == ()


@pytest.mark.parametrize(
    ("holder", "players"),
    [
        pytest.param(Team((AMP, EMOJI)), (AMP, EMOJI), id="a-team-its-members"),
        pytest.param(AMP, (AMP,), id="a-player-alone"),
        pytest.param(Team((AMP, "Bob")), (AMP,), id="a-bare-name-is-not-seated"),
        pytest.param("Bob", (), id="a-bare-name-alone"),
        pytest.param(KITTY, (), id="the-kitty-nobody"),
        pytest.param(POT, (), id="the-pot-nobody"),
    ],
)
def test_the_seated_players_behind_a_holder(holder, players):
    assert players_of(holder) == players


def test_pools_read_as_the_score_sheet_writes_them():
    assert [str(pool) for pool in Pool] == ["Kitty", "Pot"]


def test_a_player_id_is_a_players_own_and_none_for_anything_else():
    assert (player_id(Player(17, "Bob")), player_id("Bob"), player_id(KITTY)) == (17, None, None)


def test_hoyle_forfeit_by_a_player_named_kitty_pays_the_kitty_not_themselves():
    # Hoyle, four at the table, POT_PLAYER deals and sits out; KITTY_PLAYER to the dealer's
    # left bids first and forfeits the compulsory 300: the schedule's 3 units go to the kitty.
    seated = (POT_PLAYER, KITTY_PLAYER, AMP, EMOJI)
    ctx = HandContext(seated, POT_PLAYER, (KITTY_PLAYER, AMP, EMOJI))
    hand = HandInput(Outcome.FORFEIT, KITTY_PLAYER, 300)
    result = score_hand(hand, ctx, Options.preset("hoyle"))
    assert dict(result.changes) == {POT_PLAYER: 0, KITTY_PLAYER: -3, AMP: 0, EMOJI: 0}
    assert result.kitty_change == 3
    assert result.flows == (Flow(KITTY_PLAYER, KITTY, 3),)


@pytest.mark.parametrize(
    ("members", "width", "written"),
    [
        pytest.param(("Ann", "Cal"), 15, "Ann & Cal", id="a-pair-whole"),
        pytest.param(("Ann", "Cal", "Eve"), 15, "Ann & Cal & Eve", id="three-that-fit"),
        pytest.param(("Ann", "Cal", "Eve", "Gus"), 15, "Ann·Cal·Eve·Gus", id="four-by-letters"),
        pytest.param(("Alexander", "Bob", "Cal"), 15, "Alex·Bob·Cal", id="a-long-name-cut"),
    ],
)
def test_a_team_too_long_is_written_by_its_members_first_letters(members, width, written):
    assert Team(members).written(width) == written
