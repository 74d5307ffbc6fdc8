"""A game in the API: read and written as its key, documented as the enum ``GameSystem``.

The games are a registry (``rules.game.variant``), so a game registered after import is read
like the twelve declared ones; the document lists the games registered when it is written.
An unknown key is refused as an enum refuses one, with the same words.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from ...rules.game.variant import GAMES, Game

DESCRIPTION = (
    "The games a session can be started as: each one a preset of the options below and a\n"
    "way of keeping score (``Scoring``) that options cannot change."
)


def _expected() -> str:
    names = [repr(key) for key in GAMES]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _game(value: Any) -> Game:
    if isinstance(value, Game):
        return value
    game = GAMES.get(value) if isinstance(value, str) else None
    if game is None:
        raise PydanticCustomError("enum", "Input should be {expected}", {"expected": _expected()})
    return game


def _schema(_core: Any, _handler: Any) -> dict[str, Any]:
    return {
        "description": DESCRIPTION,
        "enum": list(GAMES),
        "title": "GameSystem",
        "type": "string",
    }


class _GameKey:
    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _game,
            ref="GameSystem",
            metadata={"pydantic_js_functions": [_schema]},
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda game: game.key, when_used="json"
            ),
        )


GameSystem = Annotated[Game, _GameKey]
"""A ``Game`` field of a request or an answer: its key on the wire."""
