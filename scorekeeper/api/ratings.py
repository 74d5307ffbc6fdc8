"""The table's ratings: every player's rating, and one player's with its history and chances
(``services.ratings``; the same figures as /ratings)."""

from __future__ import annotations

from ..access import current_table
from ..services.history.ratings import ratings_page, table_ratings
from .protocol.blueprint import api_blueprint
from .protocol.conditional import tagged
from .protocol.headers import tagged_read
from .protocol.paging import IN_PAGES, PageQuery, listed, page_asked, paged_read
from .protocol.problems import Problem
from .schemas.common import PlayerPath, ReadHeaders
from .schemas.ratings import (
    PLACES,
    PlayerRatingDetail,
    RatingList,
    rating_detail,
    rating_items,
)

bp = api_blueprint(
    "ratings",
    "Ratings",
    "Each player's rating (OpenSkill's Plackett-Luce model), worked out from every finished "
    "points game and ended chip session of the table, partners rated as a team.",
)

FIGURES = (
    f"mu is the skill, sigma its uncertainty, ordinal = mu - 3 sigma the rating the table "
    f"ranks by; figures are rounded to {PLACES} decimal places. Worked out afresh from the "
    "hands: a corrected hand changes every rating after it."
)


@bp.get(
    "/ratings",
    summary="List every player's rating",
    description="Every player of the table, the rated ones highest ordinal first, then those "
    f"not rated yet by name, {IN_PAGES}. {FIGURES} Answered 304 to If-None-Match with the "
    "current ETag.",
    responses=paged_read(RatingList),
)
def list_ratings(query: PageQuery, header: ReadHeaders):
    """Every player's rating, highest first, a page at a time."""
    ratings = table_ratings(current_table())
    found = ratings_page(ratings, page_asked(query, int, float, str, int))
    return listed(RatingList, found, query, **rating_items(ratings, found))


@bp.get(
    "/ratings/<id:player_id>",
    summary="Read a player's rating",
    description="The player's rating now, each rated game with the side's place, its chance "
    f"before and the rating after, and the chance to finish ahead of each rated player. "
    f"{FIGURES} Answered 304 to If-None-Match with the current ETag.",
    responses={**tagged_read(PlayerRatingDetail), 404: Problem},
)
def read_rating(path: PlayerPath, header: ReadHeaders):
    """A player's rating with its history and chances."""
    ratings = table_ratings(current_table())
    return tagged(rating_detail(ratings, ratings.of(path.player_id)))
