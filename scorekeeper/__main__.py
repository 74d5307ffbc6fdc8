"""``python -m scorekeeper serve``: the Flask command group that makes the app (``create_app``)
and runs its commands (``scorekeeper.cli``: serve, hosted, backup, restore, count-records),
Flask's own among them (``db upgrade``, ``routes``, ``shell``)."""

from flask.cli import FlaskGroup

from scorekeeper.factory import create_app

main = FlaskGroup(
    name="scorekeeper",
    create_app=create_app,
    help="Scorekeeper for Auction Pinochle. Start the table with: python -m scorekeeper serve",
)

if __name__ == "__main__":
    main()
