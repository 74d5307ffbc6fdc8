"""Hands: preview, add, edit and delete, each checked by replaying the whole session.

A change is saved only if the corrected history replays cleanly, so nothing is half-saved
and no later hand is left standing on a broken rule. Adding is idempotent (a ``request_id``
seen before returns the hand already saved); edits carry the hand's ``version`` so two phones
cannot overwrite each other unknowingly. Each change is written here and recorded by
``changes.record_change`` (the session's version, an audit entry, the replay remembered once
committed); nothing is committed here: the request's unit of work commits it. Rows are read
and written through its repository (``repository.current().sessions``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import GameSession, Hand, utcnow
from ..rules.errors import Part, RuleError, Where
from ..rules.evening.session import (
    Event,
    PlayerLeaves,
    Replayer,
    ReplayError,
    check_new_hand,
    replace_event,
)
from ..rules.hand.describe import describe
from ..rules.hand.hands import HandResult, breakdowns, meld_breakdown, score_hand
from ..rules.holders import Player, PlayerKey
from ..rules.pack.cards import Suit
from ..rules.pack.meld import MeldScore
from .changes import Audit, Clash, ConflictError, record_change
from .entries import HandEntry, apply_to_row, from_row, meld_entry, same_entry, to_input
from .keyset import Page, Paged, page_of_list
from .notfound import NotFound
from .repository import SavedMeanwhile, current
from .sessions import LoadedSession, load_session, replay_events


class SessionEnded(RuleError):
    """The session has ended; it must be reopened before hands are added."""


@dataclass(frozen=True)
class Preview:
    """What a hand would do, in words and figures, before it is saved."""

    text: str
    result: HandResult
    breakdowns: dict[PlayerKey, MeldScore]


def _mapped(error: RuleError) -> RuleError:
    """The rules an event broke, without the replay's wrapping."""
    return error.cause if isinstance(error, ReplayError) else error


def preview_hand(loaded: LoadedSession, entry: HandEntry, number: int | None = None) -> Preview:
    """The result the entry would have as the next hand, or in place of hand ``number`` (with
    that hand's own dealer, sit-outs, kitty and pot); raises the rule it breaks."""
    try:
        hand = to_input(entry, loaded.players, loaded.options)
        if number is None:
            result = check_new_hand(loaded.state, hand)
        else:
            result = score_hand(hand, loaded.hand(number).context, loaded.options)
        melds = breakdowns(hand, loaded.options)
    except RuleError as error:
        raise _mapped(error) from error
    return Preview(describe(result, loaded.options), result, melds)


def meld_breakdowns(loaded: LoadedSession, entry: HandEntry) -> dict[Player, MeldScore]:
    """Meld breakdowns of whatever meld can be scored already, even if the hand cannot yet."""
    out: dict[Player, MeldScore] = {}
    trump = entry.trump
    for pid, text in entry.melds.items():
        player = loaded.players.get(pid)
        try:
            meld = meld_entry(text, loaded.options, Where(Part.MELD, player))
            if meld is None:
                continue
            score = meld_breakdown(meld, Suit.parse(trump) if trump else None, loaded.options)
        except (RuleError, ValueError):
            continue
        if player is not None and score is not None:
            out[player] = score
    return out


@dataclass(frozen=True)
class SavedHand:
    """A hand saved (or found saved already), with what the table is told about it."""

    row: Hand
    number: int  # the hand's 1-based number (0: the id was a player's leaving, not a hand)
    text: str  # the hand in words, as the preview showed it
    repeated: bool  # the same form posted again: the hand was saved the first time
    after: LoadedSession  # the session with the hand
    matches: bool = True  # repeated: the entry is the one saved the first time


def _by_request(session_id: int, request_id: str | None) -> Hand | None:
    if not request_id:
        return None
    return current().sessions.hand_by_request(session_id, request_id)


def _repeated(loaded: LoadedSession, row: Hand, entry: HandEntry) -> SavedHand:
    """What a repeated post is told: the hand it saved the first time (and whether this
    entry is that hand's, or something else sent under the same request id)."""
    if row.kind != "hand":  # the id was sent with a player's leaving: not this hand
        return SavedHand(row, 0, "", True, loaded, matches=False)
    matches = same_entry(row, entry, loaded.options)
    if row.id not in loaded.hand_ids:  # saved by another worker since this one loaded
        loaded = load_session(loaded.row.id)
    position = loaded.hand_ids.index(row.id)
    record = next(h for h in loaded.state.hands if h.position == position)
    text = describe(record.result, loaded.options)
    return SavedHand(row, record.number, text, True, loaded, matches)


def save_hand(
    loaded: LoadedSession,
    entry: HandEntry,
    request_id: str | None = None,
    expected_number: int | None = None,
) -> SavedHand:
    """Save the entry as the next hand, working its result out once; a repeated
    ``request_id`` returns the earlier save. Written, not committed (see ``unit_of_work``)."""
    row = loaded.row
    uow = current()
    # the next event's place, and the hand saved under ``request_id`` (the same form posted
    # again), if any
    seq, existing = uow.sessions.next_seq_or_saved(row.id, request_id)
    if existing is not None:
        return _repeated(loaded, existing, entry)
    if row.ended_at is not None:
        raise SessionEnded(Where(Part.SESSION), "This session has ended: reopen it to add hands.")
    number = len(loaded.state.hands) + 1
    if expected_number is not None and expected_number != number:
        if expected_number < number:
            what = f"Hand {number - 1} was just saved from another phone."
        else:
            what = f"A hand was deleted on another phone, so this is now hand {number}."
        raise ConflictError(
            Clash.NEXT_HAND,
            f"{what} Check the standings: if this is a different hand, save it again.",
        )
    try:
        event = to_input(entry, loaded.players, loaded.options)
    except RuleError as error:
        raise _mapped(error) from error
    replayer = loaded.replayer.copy()
    try:
        replayer.apply(event)  # the hand scored once: its result is the preview's
    except RuleError as error:
        raise _mapped(error) from error
    record = replayer.hands[-1]
    text = describe(record.result, loaded.options)
    hand = Hand(session_id=row.id, seq=seq, request_id=request_id or None, version=written(row))
    apply_to_row(entry, hand, loaded.options)
    try:
        uow.sessions.add_hand(hand)  # its id, for its audit entry and the replay
        after = _extended(loaded, event, hand.id, replayer)
        audit = Audit(
            "added", f"Hand {number} added: {text}", hand.id, number, after=entry.as_dict()
        )
        record_change(after, audit, rewrites=False)
    except (SavedMeanwhile, ConflictError):
        # The same post saved already (the unique key), or another worker saved or changed
        # the session after this one loaded it, so this hand was checked against a replay
        # that is no longer the session's (on PostgreSQL the other save is visible here once
        # committed, so no unique key would catch it; ``record_change`` says so).
        uow.rollback()  # only this save was in the transaction
        return _lost_race(loaded, request_id, entry)
    return SavedHand(hand, number, text, False, after)


def _lost_race(loaded: LoadedSession, request_id: str | None, entry: HandEntry) -> SavedHand:
    """Another save came first: the hand it saved under the same ``request_id`` (the same
    post sent twice), or a conflict to save again."""
    existing = _by_request(loaded.row.id, request_id)
    if existing is not None:
        return _repeated(loaded, existing, entry)
    raise ConflictError(
        Clash.NEXT_HAND, "Another phone saved a hand at the same moment: save again."
    ) from None


def _extended(
    loaded: LoadedSession, event: Event, row_id: int, replayer: Replayer
) -> LoadedSession:
    """The session with one more event, already applied to ``replayer`` (a copy)."""
    return LoadedSession(
        loaded.row, loaded.options, loaded.players, loaded.setup, [*loaded.events, event],
        [*loaded.hand_ids, row_id], replayer.state(), replayer,
    )  # fmt: skip


def _later_event(loaded: LoadedSession, index: int) -> str:
    """How the table knows the stored event at ``index``: "hand 4", or "Ann leaving"."""
    for record in loaded.state.hands:
        if record.position == index:
            return f"hand {record.number}"
    event = loaded.events[index]
    return f"{getattr(event, 'player', 'a player')} leaving"


def _proposed(loaded: LoadedSession, position: int, event: Event | None) -> LoadedSession:
    """The session replayed with one event replaced (or removed when ``event`` is None)."""
    events = replace_event(loaded.events, position, event)
    hand_ids = list(loaded.hand_ids)
    if event is None:
        del hand_ids[position]
    try:
        return replay_events(loaded.row, events, hand_ids)
    except ReplayError as error:
        if event is not None and error.position == position:
            raise _mapped(error) from error
        # A later event broke; name it by its number as the table knows it now.
        index = error.position + (1 if event is None else 0)
        raise ConflictError(
            Clash.LATER_HAND,
            f"That change would break {_later_event(loaded, index)}: {error.cause.rule} "
            "Fix or delete that hand first.",
        ) from error


def hand_page(loaded: LoadedSession, page: Page) -> Paged[int]:
    """A page of the session's hands, first first, as their numbers: keyed by each hand's
    stored place (kept when an earlier hand is deleted and it is renumbered), read in one
    query; the figures come from ``loaded``'s one replay."""
    places = current().sessions.hand_places(loaded.row.id)
    try:
        place = [places[loaded.hand_ids[hand.position]] for hand in loaded.state.hands]
    except KeyError:  # deleted by another phone since the replay was read
        changed = f"Session {loaded.row.id} changed while it was read: read it again."
        raise NotFound(changed) from None
    numbers = range(1, len(place) + 1)
    return page_of_list(numbers, lambda number: (place[number - 1],), page, descending=False)


def written(session: GameSession) -> int:
    """The version a hand saved or corrected now is at: the session's version after this
    change (``record_change`` refuses it unless it is exactly one more). A hand's stored place
    and version are then never those of another hand of the session, even one deleted, so the
    API's ETag made of them (``"hand-<seq>-<version>"``) names only this hand."""
    return session.version + 1


def _check_version(row: Hand, version: int | None, number: int, hand_id: int | None = None) -> None:
    if hand_id is not None and row.id != hand_id:
        raise ConflictError(
            Clash.RENUMBERED,
            f"The hands were renumbered on another phone (one was deleted or added), so hand "
            f"{number} is now a different hand. Nothing was saved: open the hand again from the "
            "history.",
        )
    if version is not None and row.version != version:
        raise ConflictError(
            Clash.VERSION,
            f"Hand {number} was changed on another phone while you were editing. "
            "The latest figures are shown: make your change again.",
        )


def edit_hand(
    loaded: LoadedSession,
    number: int,
    entry: HandEntry,
    version: int | None = None,
    hand_id: int | None = None,
) -> LoadedSession:
    """Replace a hand's entry; everything after it is recomputed by the replay (returned).

    ``version`` and ``hand_id`` are what the form was opened on: a hand changed since, or a
    different hand now at ``number``, is a ``ConflictError`` and nothing is saved.
    """
    record = loaded.hand(number)
    row = loaded.event_row(record.position)
    _check_version(row, version, number, hand_id)
    try:
        event = to_input(entry, loaded.players, loaded.options)
    except RuleError as error:
        raise _mapped(error) from error
    proposed = _proposed(loaded, record.position, event)
    before_entry = from_row(row, loaded.options)
    apply_to_row(entry, row, loaded.options)
    row.version = written(loaded.row)
    row.updated_at = utcnow()
    new_text = describe(proposed.state.hand(number).result, loaded.options)
    summary = f"Hand {number} edited: {changes_text(before_entry, entry, loaded)}. Now: {new_text}"
    audit = Audit("edited", summary, row.id, number, before_entry.as_dict(), entry.as_dict())
    record_change(proposed, audit)
    return proposed


def delete_hand(
    loaded: LoadedSession,
    number: int,
    version: int | None = None,
    hand_id: int | None = None,
    *,
    undo: bool = False,
) -> LoadedSession:
    """Delete a hand; refused if a later hand would no longer stand (or, like an edit, if the
    page was opened on another version or another hand). ``undo``: the Undo of the phone that
    saved it, recorded in the history as "undone"."""
    record = loaded.hand(number)
    row = loaded.event_row(record.position)
    _check_version(row, version, number, hand_id)
    proposed = _proposed(loaded, record.position, None)
    before_entry = from_row(row, loaded.options)
    text = describe(record.result, loaded.options)
    current().sessions.delete_hand(row)
    action = "undone" if undo else "deleted"
    summary = f"Hand {number} {action} (was: {text})"
    record_change(proposed, Audit(action, summary, row.id, number, before_entry.as_dict()))
    return proposed


@dataclass(frozen=True)
class Left:
    """A player's leaving recorded (or found recorded already under the request's id)."""

    row: Hand
    repeated: bool = False  # recorded by an earlier request under the same id
    matches: bool = True  # repeated: that request was this player leaving


def _left_before(row: Hand, player_id: int) -> Left:
    """What a repeated request is told: the event saved under its id the first time."""
    return Left(row, True, row.kind == "leave" and row.player_id == player_id)


def player_leaves(loaded: LoadedSession, player_id: int, request_id: str | None = None) -> Left:
    """Record a player getting up; they are cashed out and play goes on without them. A
    repeated ``request_id`` (shared with the session's hands) records nothing new."""
    uow = current()
    seq, existing = uow.sessions.next_seq_or_saved(loaded.row.id, request_id)
    if existing is not None:
        return _left_before(existing, player_id)
    player = loaded.players.get(player_id)
    if player is None:
        raise RuleError(Where(Part.LEAVER), "That player is not in this session.")
    event = PlayerLeaves(player)
    replayer = loaded.replayer.copy()
    try:
        replayer.apply(event)
    except ReplayError as error:
        raise _mapped(error) from error
    row = Hand(session_id=loaded.row.id, seq=seq, kind="leave", request_id=request_id or None)
    row.player_id = player_id
    try:
        uow.sessions.add_hand(row)  # its id, for its audit entry and the replay
    except SavedMeanwhile:
        # The same request sent twice at once recorded it first (its unique id).
        uow.rollback()
        existing = _by_request(loaded.row.id, request_id)
        if existing is None:
            raise
        return _left_before(existing, player_id)
    summary = f"{player} left the table after hand {len(loaded.state.hands)}."
    after = _extended(loaded, event, row.id, replayer)
    record_change(after, Audit("left", summary, row.id), rewrites=False)
    return Left(row)


def changes_text(before: HandEntry, after: HandEntry, loaded: LoadedSession) -> str:
    """What an edit changed, field by field (``bid 350 → 380``)."""
    players = loaded.players

    def named(pid: object) -> str:
        player = players.get(int(str(pid)))
        return str(player) if player is not None else str(pid)

    def show(key: str, value: object) -> str:
        if value is None or value == "" or value == {}:
            return "—"
        if key in ("declarer", "reneger", "last_trick"):
            return named(value)
        if key == "melds" and isinstance(value, dict):
            return "; ".join(f"{named(p)} {m['text']}" for p, m in value.items())
        if key in ("takes", "bids") and isinstance(value, dict):
            return ", ".join(f"{named(p)} {n}" for p, n in value.items())
        return str(value)

    a, b = before.as_dict(), after.as_dict()
    parts = [
        f"{key.replace('_', ' ')} {show(key, a.get(key))} → {show(key, b.get(key))}"
        for key in {**a, **b}  # own bids are there only when entered
        if a.get(key) != b.get(key)
    ]
    return ", ".join(parts) if parts else "no change"
