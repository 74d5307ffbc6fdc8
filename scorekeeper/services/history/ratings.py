"""Each player's rating: OpenSkill's Plackett-Luce model (Weng and Lin, 2011) run over every
rated game of the table in time order (``ratings_games``), partners rated as a team.

A rating is a belief about a player's skill: ``mu`` the best guess, ``sigma`` how unsure it
still is, and the ordinal ``mu - 3 * sigma`` the figure the table ranks by (a skill the
player is almost surely above, so a newcomer's lucky game does not put them on top). Every
player starts at mu 25, sigma 25/3 (ordinal 0). Ratings are derived, never stored: they are
worked out again from the replays whenever a session has changed, so a correction changes
every rating after it, as the standings do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial

from openskill.models import PlackettLuce, PlackettLuceRating

from ...models import Table
from ...rules.figures import MINUS
from ...rules.holders import Holder, Player
from ...web.recent import Recent
from .. import tables, unit_of_work
from ..keyset import Page, Paged, page_of_list
from ..notfound import NotFound
from .ratings_games import RatedGame, SessionKey, table_games

MODEL = PlackettLuce()
"""The model with the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""

SHOWN_PLACES = 1
"""Decimal places the pages show a model figure with (the CSV and the API send three)."""


@dataclass(frozen=True)
class Figure:
    """A rating at one moment: skill ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating the table ranks by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def model_rating(self) -> PlackettLuceRating:
        """The library's rating of this figure."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma)


START = Figure(MODEL.mu, MODEL.sigma)
"""Every player's rating before their first game."""


@dataclass(frozen=True)
class Step:
    """One rated game for one player: their side, its place, its chance, the rating's change."""

    game: RatedGame
    side: Holder  # the player, or their team
    place: int
    lineup: tuple[tuple[Figure, ...], ...]  # every side's ratings before the game, in order
    index: int  # this side's place in ``lineup``
    before: Figure
    after: Figure

    @property
    def sides(self) -> int:
        """How many sides played."""
        return len(self.lineup)

    @cached_property
    def chance(self) -> float:
        """The side's chance to finish first, as the ratings stood before the game (worked
        out when asked: most steps are never shown)."""
        teams = [[figure.model_rating() for figure in side] for side in self.lineup]
        return float(MODEL.predict_win(teams)[self.index])

    @property
    def change(self) -> float:
        """How far the ordinal moved."""
        return self.after.ordinal - self.before.ordinal

    @property
    def shared(self) -> bool:
        """True when another side finished level, sharing the place."""
        return sum(1 for p in self.game.placings if p.place == self.place) > 1

    @property
    def place_words(self) -> str:
        """'1st of 3', '2nd of 4, shared'."""
        words = f"{ordinal_words(self.place)} of {self.sides}"
        return f"{words}, shared" if self.shared else words

    @property
    def chance_text(self) -> str:
        """The side's chance before the game, 'about 40% to win it'."""
        return chance_words(self.chance, "to win it" if self.game.game else "to finish first")


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating now and each rated game behind it, first first."""

    player: Player
    steps: tuple[Step, ...]

    @property
    def figure(self) -> Figure | None:
        """The rating now; None until the player has a rated game ("not rated yet")."""
        return self.steps[-1].after if self.steps else None

    @property
    def game_count(self) -> int:
        """How many rated games the rating counts."""
        return len(self.steps)

    @property
    def last_change(self) -> float | None:
        """How far the last game moved the ordinal (None when not rated yet)."""
        return self.steps[-1].change if self.steps else None

    @property
    def name(self) -> str:
        """The player's name."""
        return self.player.name


@dataclass(frozen=True)
class Chance:
    """A player's chance to finish ahead of another, the two playing each for themselves."""

    other: Player
    chance: float

    @property
    def words(self) -> str:
        """'about 60% to finish ahead of Bob'."""
        return chance_words(self.chance, f"to finish ahead of {self.other.name}")

    @property
    def sentence(self) -> str:
        """'About 60% to finish ahead of Bob.'"""
        return f"A{self.words[1:]}."


def rating_text(value: float, sign: bool = False) -> str:
    """A model figure as the pages write it: one decimal, a real minus sign ("−2.5"), and with
    ``sign`` a plus sign too ("+1.2", for a change)."""
    text = f"{abs(value):.{SHOWN_PLACES}f}"
    if text.strip("0.") == "":
        return text
    if value < 0:
        return f"{MINUS}{text}"
    return f"+{text}" if sign else text


def ordinal_words(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def chance_words(chance: float, what: str) -> str:
    """A chance in words, 'about 60% to ...', in whole percent, never 0% or 100%."""
    percent = min(99, max(1, round(100 * chance)))
    return f"about {percent}% {what}"


@dataclass(frozen=True)
class TableRatings:
    """Every player of the table with their rating: the rated ones highest ordinal first, then
    those not rated yet by name."""

    players: tuple[PlayerRating, ...]
    game_count: int  # rated games of the table

    @cached_property
    def rated(self) -> tuple[PlayerRating, ...]:
        """The players with at least one rated game."""
        return tuple(p for p in self.players if p.figure is not None)

    def of(self, player_id: int) -> PlayerRating:
        """The rating of the player with this id (``NotFound`` when the table has none)."""
        found = next((p for p in self.players if p.player.id == player_id), None)
        if found is None:
            raise NotFound(f"No player {player_id} at this table.")
        return found

    def chances(self, rating: PlayerRating) -> list[Chance]:
        """``rating``'s player's chance to finish ahead of each other rated player, in the
        order of the ratings (empty while the player is not rated yet)."""
        if rating.figure is None:
            return []
        own = rating.figure.model_rating()
        return [
            Chance(other.player, head_to_head(own, other.figure.model_rating()))
            for other in self.rated
            if other.player != rating.player and other.figure is not None
        ]


def head_to_head(one: PlackettLuceRating, other: PlackettLuceRating) -> float:
    """The chance that ``one`` finishes ahead of ``other`` in a game of the two alone."""
    return float(MODEL.predict_win([[one], [other]])[0])


def rate_games(games: Sequence[RatedGame], roster: Iterable[Player]) -> TableRatings:
    """Replay ``games`` (in time order) through the model: every roster player's rating."""
    now: dict[Player, PlackettLuceRating] = {}  # the library's own, passed from game to game
    steps: dict[Player, list[Step]] = {player: [] for player in roster}

    def rating_of(player: Player) -> PlackettLuceRating:
        if player not in now:
            now[player] = START.model_rating()
        return now[player]

    for game in games:
        teams = [[rating_of(player) for player in placing.players] for placing in game.placings]
        if len(teams) < 2 or any(not team for team in teams):
            continue  # nobody to be ahead of: a game of one side rates nothing
        lineup = tuple(tuple(Figure(r.mu, r.sigma) for r in team) for team in teams)
        rated = MODEL.rate(teams, ranks=[placing.place for placing in game.placings])
        for index, (placing, team) in enumerate(zip(game.placings, rated, strict=True)):
            for player, after, before in zip(placing.players, team, lineup[index], strict=True):
                now[player] = after
                step = Step(
                    game, placing.side, placing.place, lineup, index, before,
                    Figure(after.mu, after.sigma),
                )  # fmt: skip
                steps.setdefault(player, []).append(step)
    ratings = [PlayerRating(player, tuple(found)) for player, found in steps.items()]
    ratings.sort(key=sort_key)
    return TableRatings(tuple(ratings), len(games))


def sort_key(rating: PlayerRating) -> tuple[int, float, str, int]:
    """The order of the ratings: rated players first, highest ordinal first; then by name
    (a page of them starts after this key, ``ratings_page``)."""
    figure = rating.figure
    if figure is None:
        return (1, 0.0, rating.player.name.casefold(), rating.player.id)
    return (0, -figure.ordinal, rating.player.name.casefold(), rating.player.id)


RatingsKey = tuple[tuple[SessionKey, ...], tuple[Player, ...], tuple[str, ...]]
"""What a table's ratings are of: each session at its version, the roster and its names."""

_REMEMBERED: Recent[RatingsKey, TableRatings] = Recent(16)


def table_ratings(table: Table) -> TableRatings:
    """Every player of ``table`` rated over every rated game of its sessions (worked out
    again whenever a session or the roster has changed since this worker last did)."""
    roster = tables.roster_players(table)
    keys, games = table_games(table)
    key = (keys, roster, tuple(p.name for p in roster))
    found = _REMEMBERED.get(key)
    if found is None:
        found = rate_games(games, roster)
        # remembered once what it was worked out from is committed (at once for a read)
        unit_of_work.after_commit(partial(_REMEMBERED.put, key, found))
    return found


def ratings_page(ratings: TableRatings, page: Page) -> Paged[PlayerRating]:
    """A page of every player's rating in their order, after ``page.after`` (a ``sort_key``)."""
    return page_of_list(ratings.players, sort_key, page, descending=False)
