"""session_request_ids: a session remembers the Idempotency-Key that made it

``POST /api/v1/sessions`` and ``POST /api/v1/imports`` take an Idempotency-Key, as saving a
hand and recording a payment do: ``sessions.request_id`` keeps the key of the request that
made the session (unique per table) and ``request_digest`` a digest of what it sent, so the
same request again is answered with that session instead of making a second one. Sessions
made so far have neither.

Revision ID: b6d3f5a90c12
Revises: 7c2d5e8a1f36
Create Date: 2026-11-24 22:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b6d3f5a90c12'
down_revision = '7c2d5e8a1f36'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('request_id', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('request_digest', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f('uq_sessions_table_id_request_id'), ['table_id', 'request_id']
        )


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_sessions_table_id_request_id'), type_='unique')
        batch_op.drop_column('request_digest')
        batch_op.drop_column('request_id')
