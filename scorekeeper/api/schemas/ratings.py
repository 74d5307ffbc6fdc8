"""The table's ratings in the API: each player's OpenSkill Plackett-Luce rating (mu, sigma and
the ordinal mu - 3 sigma), its history game by game and the chances against each player.

These are a model's figures, not money or points: sent as numbers rounded to ``PLACES``
decimal places (the pages show one)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...services.handfields import Id
from ...services.history.ratings import Chance, PlayerRating, Step, TableRatings
from ...services.keyset import Paged
from ..protocol.paging import NextCursor
from .common import Answer, HolderRef, holder_ref

PLACES = 3
"""Decimal places of every mu, sigma, ordinal, change and chance sent."""

RatingStatus = Literal["rated", "not-rated-yet"]
GameKind = Literal["points-game", "chip-session"]

ROUNDED = f"Rounded to {PLACES} decimal places."


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, PLACES)


class PlayerRatingOut(Answer):
    """A player's rating now: null figures while they are not rated yet."""

    player_id: Id
    name: str
    status: RatingStatus = Field(
        description="'not-rated-yet' until the player's first finished points game or ended "
        "chip session."
    )
    mu: float | None = Field(description=f"Skill: the model's best guess (25 at first). {ROUNDED}")
    sigma: float | None = Field(
        description=f"Uncertainty of the skill (25/3 at first, smaller with each game). {ROUNDED}"
    )
    ordinal: float | None = Field(
        description=f"The rating the table ranks by: mu - 3 sigma (0 at first). {ROUNDED}"
    )
    game_count: int = Field(description="Rated games the rating counts.")
    last_change: float | None = Field(
        description=f"How far the last rated game moved the ordinal. {ROUNDED}"
    )


class RatingList(Answer):
    """A page of every player of the table: the rated ones highest ordinal first, then those
    not rated yet by name."""

    game_count: int = Field(
        description="Rated games of the table: finished points games and ended chip sessions."
    )
    ratings: list[PlayerRatingOut]
    next_cursor: NextCursor


class RatedGameOut(Answer):
    """One rated game of a player: their side, its place and chance, the rating after it."""

    session_id: Id
    game: int | None = Field(description="The game's number in its session; null for a chip "
                             "session, rated as a whole once ended.")  # fmt: skip
    kind: GameKind
    title: str = Field(description="For display: 'Bison (points to 1500), Nov 24, game 2'.")
    side: HolderRef = Field(description="The player, or their team of partners.")
    place: int = Field(description="1 for first; sides with equal figures share a place.")
    side_count: int = Field(description="How many sides played the game.")
    shared: bool = Field(description="Another side finished level, on the same place.")
    chance: float = Field(
        description=f"The side's chance to finish first, as the ratings stood before the game "
        f"(the model's predict_win). {ROUNDED}"
    )
    mu: float = Field(description=f"Skill after the game. {ROUNDED}")
    sigma: float = Field(description=f"Uncertainty after the game. {ROUNDED}")
    ordinal: float = Field(description=f"Rating after the game. {ROUNDED}")
    change: float = Field(description=f"How far the game moved the ordinal. {ROUNDED}")


class ChanceOut(Answer):
    """The player's chance to finish ahead of another, the two playing alone."""

    player_id: Id = Field(description="The other player.")
    name: str
    chance: float = Field(description=f"From 0 to 1. {ROUNDED}")
    text: str = Field(description="In words: 'about 60% to finish ahead of Bob'.")


class PlayerRatingDetail(PlayerRatingOut):
    """A player's rating with its history and the chances against each rated player."""

    history: list[RatedGameOut] = Field(description="Each rated game, first first.")
    chances: list[ChanceOut] = Field(
        description="Against each other rated player, in the order of the ratings; empty "
        "while the player is not rated yet."
    )


def rating_out(rating: PlayerRating) -> PlayerRatingOut:
    """The API's view of a player's rating now."""
    figure = rating.figure
    return PlayerRatingOut(
        player_id=rating.player.id,
        name=rating.name,
        status="rated" if figure else "not-rated-yet",
        mu=_rounded(figure.mu if figure else None),
        sigma=_rounded(figure.sigma if figure else None),
        ordinal=_rounded(figure.ordinal if figure else None),
        game_count=rating.game_count,
        last_change=_rounded(rating.last_change),
    )


def rating_items(ratings: TableRatings, page: Paged[PlayerRating]) -> dict[str, object]:
    """The fields of a page of ratings but its cursor (``paging.listed`` adds it)."""
    return {"game_count": ratings.game_count, "ratings": [rating_out(r) for r in page.items]}


def _step_out(step: Step) -> RatedGameOut:
    return RatedGameOut(
        session_id=step.game.session_id,
        game=step.game.game,
        kind="chip-session" if step.game.game is None else "points-game",
        title=step.game.title,
        side=holder_ref(step.side),
        place=step.place,
        side_count=step.sides,
        shared=step.shared,
        chance=round(step.chance, PLACES),
        mu=round(step.after.mu, PLACES),
        sigma=round(step.after.sigma, PLACES),
        ordinal=round(step.after.ordinal, PLACES),
        change=round(step.change, PLACES),
    )


def _chance_out(chance: Chance) -> ChanceOut:
    return ChanceOut(
        player_id=chance.other.id,
        name=chance.other.name,
        chance=round(chance.chance, PLACES),
        text=chance.words,
    )


def rating_detail(ratings: TableRatings, rating: PlayerRating) -> PlayerRatingDetail:
    """The API's view of a player's rating, its history and chances."""
    return PlayerRatingDetail(
        **rating_out(rating).model_dump(),
        history=[_step_out(step) for step in rating.steps],
        chances=[_chance_out(c) for c in ratings.chances(rating)],
    )
