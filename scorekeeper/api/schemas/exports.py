"""A session file as the API sends and takes it (the page's JSON export), and an import's answer."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, RootModel

from .common import Id, PlayerRef


class SessionFile(RootModel[dict[str, Any]]):
    """A session file: the JSON object ``/s/<id>/session.json`` downloads, free-form here (the
    import checks every part of it and says what is wrong and where)."""


class ImportedOut(BaseModel):
    """A session recreated from a file."""

    id: Id = Field(description="The new session's id.")
    hand_count: int = Field(description="How many hands it has.")
    players: list[PlayerRef] = Field(description="Its players, in seating order.")
    added: list[PlayerRef] = Field(
        description="Those of its players who were not on the roster before."
    )
    note: str | None = Field(
        description="Where the replayed figures differ from those the file recorded (the rules "
        "may have changed since the export), or None when they agree."
    )
