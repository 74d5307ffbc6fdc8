"""The models' attributes have the types their ``Mapped[...]`` annotations say, never ``Any``.

mypy checks this file too (``[tool.mypy] files`` in pyproject.toml): each ``assert_type`` fails
the type check if a model attribute's static type drifts, for instance to ``Any`` when the
models' base class is one mypy cannot see. Run by pytest, the same rows are saved and read
back, so the objects behind those types are checked as well.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, assert_type

from flask import Flask

from scorekeeper import models
from scorekeeper.extensions import db


def test_a_session_read_back_has_typed_columns_and_relationships(app: Flask) -> None:
    with app.app_context():
        table = models.Table(name="Thursday")
        ann, bob = models.Player(name="Ann"), models.Player(name="Bob")
        table.players.extend([ann, bob])
        row = models.GameSession(table=table, system="bison", options={}, first_dealer=ann)
        row.seats.extend([models.Seat(player=ann, position=0), models.Seat(player=bob, position=1)])
        row.hands.append(models.Hand(seq=1, kind="hand", bid=300, trump="H"))
        db.session.add(table)
        db.session.commit()
        session_id = row.id
        db.session.expunge_all()

        loaded = db.session.get(models.GameSession, session_id)
        assert loaded is not None
        assert_type(loaded, models.GameSession)
        assert_type(loaded.hands, list[models.Hand])
        assert_type(loaded.seats[0].player, models.Player)
        assert_type(loaded.ended_at, datetime | None)
        assert_type(loaded.options, dict[str, Any])
        assert_type(loaded.hands[0].bid, int | None)
        assert_type(loaded.table.players, list[models.Player])

        assert [type(hand) for hand in loaded.hands] == [models.Hand]
        assert (loaded.hands[0].seq, loaded.hands[0].bid, loaded.hands[0].trump) == (1, 300, "H")
        assert [(seat.position, seat.player.name) for seat in loaded.seats] == [
            (0, "Ann"),
            (1, "Bob"),
        ]
        assert loaded.ended_at is None
        assert isinstance(loaded.created_at, datetime)
        assert [player.name for player in loaded.table.players] == ["Ann", "Bob"]


def test_models_subclass_flask_sqlalchemys_model_at_run_time() -> None:
    assert issubclass(models.GameSession, db.Model)
    assert models.GameSession.metadata is db.metadata
