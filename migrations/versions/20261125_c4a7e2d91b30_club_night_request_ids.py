"""club_night_request_ids: a club night remembers the Idempotency-Key that made it

``POST /api/v1/club-nights`` takes an Idempotency-Key, as starting a session does:
``club_nights.request_id`` keeps the key of the request that made the night (unique per
table) and ``request_digest`` a digest of what it sent, so the same request again is
answered with that night instead of making a second one. Nights made so far have neither.

Revision ID: c4a7e2d91b30
Revises: 66e1f5f4130b
Create Date: 2026-11-25 04:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4a7e2d91b30'
down_revision = '66e1f5f4130b'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.add_column(sa.Column('request_id', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('request_digest', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f('uq_club_nights_table_id_request_id'), ['table_id', 'request_id']
        )


def downgrade():
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f('uq_club_nights_table_id_request_id'), type_='unique'
        )
        batch_op.drop_column('request_digest')
        batch_op.drop_column('request_id')
