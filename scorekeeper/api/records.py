"""Players' records across the table's sessions (issue 21): every player side by side, and one
player's, each narrowed to the sessions started from one day to another."""

from __future__ import annotations

from ..access import current_table
from ..services.history import player as records
from ..services.history.player import LATER_THAN_TO, DateRange
from .protocol.blueprint import api_blueprint
from .protocol.codes import ProblemCode
from .protocol.conditional import tagged
from .protocol.headers import tagged_read
from .protocol.problems import Problem, field_problem
from .schemas.common import PlayerPath, ReadHeaders
from .schemas.records import (
    PlayerRecordOut,
    RecordQuery,
    TableRecordOut,
    player_record_out,
    table_record_out,
)

bp = api_blueprint(
    "records",
    "Records",
    "Every player's record across the table's sessions: bids declared, made, set and "
    "conceded, by bid range and trump; meld and tricks on average; games and sessions won; "
    "money; partners and head to head.",
)

COUNTED = (
    "Figures are counted over the sessions started (in the table's zone) from 'from' to 'to', "
    "both days included, either left out; a day that cannot be read, or a 'to' before 'from', "
    "is refused (422) at its name. Points are kept apart by kind of game (its system, deck and "
    "scale) and given as the table writes them; money is in cents."
)


def _dates(query: RecordQuery) -> DateRange:
    """The range asked; a 'to' before 'from' is a problem at 'to'."""
    dates = DateRange(query.from_, query.to)
    if dates.backwards:
        raise field_problem(422, ProblemCode.INVALID_REQUEST, "to", LATER_THAN_TO)
    return dates


@bp.get(
    "/records",
    summary="Read every player's record",
    description=COUNTED,
    responses={**tagged_read(TableRecordOut), 422: Problem},
)
def read_records(query: RecordQuery, header: ReadHeaders):
    """Every player's record side by side, with partnerships and head to head."""
    counted = records.table_record(current_table(), _dates(query))
    return tagged(table_record_out(counted))


@bp.get(
    "/players/<id:player_id>/record",
    summary="Read a player's record",
    description=f"{COUNTED} A player of the table who played none of the sessions has a "
    "record of noughts; a player of another table is not found (404).",
    responses={**tagged_read(PlayerRecordOut), 404: Problem, 422: Problem},
)
def read_player_record(path: PlayerPath, query: RecordQuery, header: ReadHeaders):
    """One player's record, with their partners and head to head."""
    counted, record = records.player_record(current_table(), path.player_id, _dates(query))
    return tagged(player_record_out(counted, record))
