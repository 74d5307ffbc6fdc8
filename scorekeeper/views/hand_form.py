"""The hand form of a session, for its next hand or for a correction of hand N.

One builder for every page that shows the form: the session page, the correction page, the
live preview and the re-shows after an expired token. The quick-pick bids and the bid ladder
are the session's; the declarers are the players dealt in, for a correction those of the
hand's own seating. A correction shown afresh is filled in with the hand as entered and the
stored hand's version, which the save checks (``version_of``). A form refused for its shape
is still checked by the engine on every field that parsed (``every_problem``), so every
problem of the hand is shown at once.
"""

from __future__ import annotations

import uuid
from typing import Any

from ..forms.hand import HandFormBase, hand_form
from ..limits import parse_id
from ..rules.errors import RuleError
from ..rules.holders import Player
from ..rules.pack.tricks import teams_enter_own_tricks
from ..services.entries import from_row
from ..services.hands import preview_hand
from ..services.sessions import LoadedSession
from ..services.standings import bid_choices, dealt_in_next


def version_text(row: Any) -> str:
    """The hidden ``version`` field: which stored hand the page shows, and its version."""
    return f"{row.id}:{row.version}"


def version_of(text: str | None) -> tuple[int | None, int | None]:
    """(hand id, version) from the hidden field; (None, None) when it is missing or unreadable."""
    hand_id, _, version = (text or "").partition(":")
    pair = parse_id(hand_id), parse_id(version)
    return pair if None not in pair else (None, None)


def hand_form_for(
    loaded: LoadedSession, number: int | None = None, formdata: Any = None
) -> HandFormBase:
    """The hand form for the next hand (``number`` None) or a correction of hand ``number``
    (``NotFound`` when there is none), with ``formdata`` as posted or else filled in afresh."""
    record = None if number is None else loaded.hand(number)
    active = dealt_in_next(loaded) if record is None else record.context.active
    declarers = [p.id for p in active if isinstance(p, Player)]  # a seat is always a Player
    teams = [
        tuple(p.id for p in team if isinstance(p, Player)) for team in loaded.setup.teams
    ]  # a seat is always a Player
    bids, ladder = bid_choices(loaded.options)
    form = hand_form(
        loaded.players, loaded.options, declarers, list(bids), formdata,
        ladder=list(ladder), teams=teams,
        own_tricks=teams_enter_own_tricks(loaded.options),
    )  # fmt: skip
    if formdata is not None:
        return form
    if record is None:  # a new hand: the key that makes a repeated post save it once
        form.request_id.data = uuid.uuid4().hex
        form.hand_number.data = str(len(loaded.state.hands) + 1)  # next_hand's number
    else:
        row = loaded.event_row(record.position)
        form.fill(from_row(row, loaded.options))
        form.version.data = version_text(row)
    return form


def every_problem(loaded: LoadedSession, form: HandFormBase, number: int | None = None) -> None:
    """After the form's own checks refused a field: the engine's rules on every field that
    parsed (the next hand, or hand ``number`` corrected), each shown at its field unless that
    field was refused already. Nothing is saved."""
    try:
        preview_hand(loaded, form.to_entry(), number)
    except RuleError as error:
        form.add_rule_error(error)
