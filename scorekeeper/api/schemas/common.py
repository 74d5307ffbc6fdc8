"""Shapes shared by every part of the API: ids, players, holders, the standings."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...rules.holders import Holder, Player, PlayerKey, holder_kind, players_of
from ...services.handfields import Id

Unit = Literal["units", "points"]
OptionValue = bool | int | str | list[int] | list[list[int]] | None


HouseRules = Annotated[
    dict[str, OptionValue],
    Field(
        max_length=64,
        description="House rules by option name (see /options): points in full points, "
        "money in cents.",
    ),
]


_SCHEMAS: dict[type[BaseModel], dict[str, Any]] = {}


class RequestParameters(BaseModel):
    """A request's headers or query string. flask-openapi3 reads such a model's JSON schema
    on every request to learn each field's type; it never changes, so it is made once."""

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """The model's JSON schema (the default one made once per class)."""
        if args or kwargs:
            return super().model_json_schema(*args, **kwargs)
        if cls not in _SCHEMAS:
            _SCHEMAS[cls] = super().model_json_schema()
        return copy.deepcopy(_SCHEMAS[cls])


class QueryParameters(RequestParameters):
    """A request's query string: a parameter the document does not name is refused by its
    name (``?undoo=true`` is a typo, not a plain delete), as an unknown body field is."""

    model_config = ConfigDict(extra="forbid")


def _no_defaults(schema: dict[str, Any]) -> None:
    """A request body's schema without the ``default`` of its optional fields: a field left
    out is not sent, so a client made from the document must be free to leave it out (a
    generator reading ``default`` makes the field required in what it builds)."""
    for field in schema.get("properties", {}).values():
        field.pop("default", None)


class RequestBody(BaseModel):
    """A request body: JSON types taken exactly as documented (``"300"`` is not a number,
    ``true`` not a player id), an unknown field refused by its name, and optional fields
    documented without a default (``additionalProperties: false``)."""

    model_config = ConfigDict(strict=True, extra="forbid", json_schema_extra=_no_defaults)


class Answer(BaseModel):
    """An answer's shape: every field is always sent, so the document lists each as required,
    those with a default too."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


def if_match_required(schema: dict[str, Any]) -> None:
    """``If-Match`` documented as required, a string: the view checks it itself, so a request
    without it is answered 428 ``version-required`` (RFC 6585) rather than 422."""
    schema["required"] = [*schema.get("required", []), "If-Match"]
    field = schema["properties"]["If-Match"]
    field.pop("anyOf", None)
    field.pop("default", None)
    field["type"] = "string"
    field["minLength"] = 1  # an empty If-Match names no version: 428, as when it is left out


class CreateHeaders(RequestParameters):
    """A client's key for what the request makes: sending it again makes nothing new."""

    idempotency_key: str | None = Field(
        None,
        alias="Idempotency-Key",
        pattern=r"^[A-Za-z0-9_-]{1,64}$",
        description="1-64 letters, digits, - or _ (a UUID will do). The same key with the same "
        "body again makes nothing new and answers 200 with what the first request made; with "
        "another body it is refused (422). Kept as long as what it made.",
    )


class ReadHeaders(RequestParameters):
    """A tagged read's conditional header."""

    if_none_match: str | None = Field(
        None,
        alias="If-None-Match",
        description="The ETag of the copy the client holds: while it is still current the "
        "answer is 304 with no body.",
    )


class SessionMatchHeaders(RequestParameters):
    """The version of the session a change of it is based on (optional)."""

    if_match: str | None = Field(
        None,
        alias="If-Match",
        description="The session's ETag, as last read: when the session changed since (a hand "
        "saved, its rules changed), nothing is changed (412). '*' matches any version. "
        "Without it the change is made as sent.",
    )


class SessionPath(BaseModel):
    """A session in the URL."""

    session_id: Id


class PlayerPath(BaseModel):
    """A player of the table in the URL."""

    player_id: Id


class PlayerRef(BaseModel):
    """A player: the id names them everywhere; the name is for display."""

    id: Id
    name: str


class HolderRef(BaseModel):
    """Who holds a figure: a player, a team (its members), the kitty or the pot."""

    kind: Literal["player", "team", "kitty", "pot"]
    name: str = Field(description="For display only: use player_ids to tell holders apart.")
    player_ids: list[Id] = Field(description="The player, the team's members, or none.")


def utc(moment: datetime) -> datetime:
    """A stored time (naive, in UTC) marked as UTC, so it is sent with its offset."""
    return moment.replace(tzinfo=UTC)


def player_ref(player: PlayerKey) -> PlayerRef:
    """The API's view of a seated player (the services always seat ``Player`` values)."""
    if not isinstance(player, Player):
        raise TypeError(f"A seated player has an id, not just a name: {player!r}")
    return PlayerRef(id=player.id, name=player.name)


def holder_ref(holder: Holder) -> HolderRef:
    """The API's view of a holder."""
    ids = [p.id for p in players_of(holder)]
    return HolderRef(kind=holder_kind(holder), name=str(holder), player_ids=ids)  # type: ignore[arg-type]
