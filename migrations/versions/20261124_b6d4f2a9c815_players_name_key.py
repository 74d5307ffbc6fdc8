"""players.name_key: a player's name as compared, one per table, on both databases

A name was compared with SQL's ``lower()``, which folds ASCII letters only on SQLite, while
Python's folds every letter: "ÉLODIE" typed a second time was not found and then hit the
unique name (a 500), and "Zoë" typed with a composed and a decomposed ë made two players who
look the same. ``players.name_key`` holds the name as the app compares it
(``rules.holders.name_key``: spaces tidied, Unicode NFC, case folded) and carries the unique
constraint instead of the name. ``saved_rules.name_key`` is worked out again the same way (it
was folded without NFC).

Filling the keys of rows already there can find two of a table's players (or saved rules)
with one key: they were two rows, each with its own sessions, hands and payments, and merging
them could seat one player twice in a session. So both stay, with every figure: the older
(the lower id) keeps its name, and each later one is renamed with the first free suffix
" (2)", " (3)"... (shortened to stay within 40 characters), which the roster then shows.

The downgrade drops ``players.name_key`` and puts the unique name back (the names are
distinct: the keys were), and writes ``saved_rules.name_key`` as the older code did.

Revision ID: b6d4f2a9c815
Revises: b6d3f5a90c12
Create Date: 2026-11-24 22:45:00.000000

"""
import unicodedata

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b6d4f2a9c815'
down_revision = 'b6d3f5a90c12'
branch_labels = None
depends_on = None

MAX_NAME = 40


def key_of(name):
    """The name as compared at this revision (a frozen copy of ``rules.holders.name_key``)."""
    tidied = " ".join(name.split())
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", tidied).casefold())


def renamed(name, taken):
    """``name`` with the first suffix " (n)" whose key is not in ``taken``."""
    for n in range(2, 10_000):
        suffix = f" ({n})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if key_of(candidate) not in taken:
            return candidate
    raise RuntimeError(f"No free name for {name!r}")


def fill_keys(table_name):
    """Every row's ``name_key``, the later of two rows with one key renamed."""
    rows = sa.table(
        table_name,
        sa.column('id', sa.Integer),
        sa.column('table_id', sa.Integer),
        sa.column('name', sa.String),
        sa.column('name_key', sa.String),
    )
    connection = op.get_bind()
    found = connection.execute(
        sa.select(rows.c.id, rows.c.table_id, rows.c.name).order_by(rows.c.table_id, rows.c.id)
    ).all()
    taken = {}
    for row_id, table_id, name in found:
        keys = taken.setdefault(table_id, set())
        if key_of(name) in keys:
            name = renamed(name, keys)
        keys.add(key_of(name))
        connection.execute(
            rows.update()
            .where(rows.c.id == row_id)
            .values(name=name, name_key=key_of(name))
        )


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(length=160), nullable=True))

    fill_keys('players')
    fill_keys('saved_rules')

    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=160), nullable=False)
        batch_op.drop_constraint('uq_players_table_id_name', type_='unique')
        batch_op.create_unique_constraint(
            batch_op.f('uq_players_table_id_name_key'), ['table_id', 'name_key']
        )


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_players_table_id_name_key'), type_='unique')
        batch_op.create_unique_constraint('uq_players_table_id_name', ['table_id', 'name'])
        batch_op.drop_column('name_key')

    rules = sa.table(
        'saved_rules', sa.column('id', sa.Integer), sa.column('name', sa.String),
        sa.column('name_key', sa.String),
    )
    connection = op.get_bind()
    for row_id, name in connection.execute(sa.select(rules.c.id, rules.c.name)).all():
        connection.execute(
            rules.update().where(rules.c.id == row_id).values(name_key=name.casefold())
        )
