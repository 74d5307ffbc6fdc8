"""club_night_request_ids: a club night, a player added to it and a round paired remember
the Idempotency-Key that made them

``POST /api/v1/club-nights``, ``.../entrants`` and ``.../rounds`` take an Idempotency-Key, as
starting a session does: ``request_id`` keeps the key of the request that made the row
(unique per table for a night, per night for a player added or a round) and
``request_digest`` a digest of what it sent, so the same request again is answered with what
it made instead of making it again. Rows made so far have neither.

Revision ID: c4a7e2d91b30
Revises: c4a7e2d91b36
Create Date: 2026-11-25 04:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4a7e2d91b30'
down_revision = 'c4a7e2d91b36'
branch_labels = None
depends_on = None


KEYED = {'club_nights': 'table_id', 'club_entrants': 'night_id', 'club_rounds': 'night_id'}
"""Each table given a request key, and the column its key is unique within."""


def upgrade():
    for table, owner in KEYED.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('request_id', sa.String(length=64), nullable=True))
            batch_op.add_column(sa.Column('request_digest', sa.String(length=64), nullable=True))
            batch_op.create_unique_constraint(
                batch_op.f(f'uq_{table}_{owner}_request_id'), [owner, 'request_id']
            )


def downgrade():
    for table, owner in KEYED.items():
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(
                batch_op.f(f'uq_{table}_{owner}_request_id'), type_='unique'
            )
            batch_op.drop_column('request_digest')
            batch_op.drop_column('request_id')
