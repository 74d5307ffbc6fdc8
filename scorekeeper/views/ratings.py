"""The table's ratings: every player ranked by their rating, a player's rating with its
history, and the ratings as CSV (figures from ``services.ratings``)."""

from __future__ import annotations

from flask import Blueprint, render_template
from markupsafe import Markup

from ..access import current_table
from ..services.history.ratings import START, rating_text, table_ratings
from ..services.history.ratings_csv import ratings_csv
from ..web.ratings_chart import rating_chart
from .downloads import download

bp = Blueprint("ratings", __name__)
bp.add_app_template_filter(rating_text, "rating_text")


@bp.get("/ratings")
def index():
    """Every player of the table, the highest rating first, then those not rated yet."""
    return render_template("ratings/index.html", ratings=table_ratings(current_table()))


@bp.get("/ratings/<id:player_id>")
def show(player_id: int):
    """One player's rating: its history as a chart and game by game, their chances."""
    ratings = table_ratings(current_table())
    rating = ratings.of(player_id)  # NotFound: the 404 page
    points = [(START.mu, START.sigma)] + [(s.after.mu, s.after.sigma) for s in rating.steps]
    chart = Markup(rating_chart(points, f"{rating.name}: rating after each game"))
    return render_template(
        "ratings/show.html",
        rating=rating,
        chart=chart if rating.steps else None,
        chances=ratings.chances(rating),
        steps=list(reversed(rating.steps)),
    )


@bp.get("/ratings.csv")
def csv():
    """Every player's rating as CSV, as the ratings page lists them."""
    return download(ratings_csv(table_ratings(current_table())), "text/csv", "ratings.csv")
