"""session_tallies: each session's count for players' records, a cache keyed by its version

A derived row, never the source of truth (issue 21: a player's record over 10,000 hands in
50 ms, the first read after a restart too): ``counts`` is one session's count (JSON), valid
while ``token`` and ``version`` are the session's; a missing or stale one is counted again
from the hands. The upgrade creates the table empty: every change to a session stores its
count from then on, and ``python -m scorekeeper count-records`` (run by ``serve`` beside the
server) counts the sessions played before. The downgrade drops it: nothing is lost.

Revision ID: 3d8e6a1c5b72
Revises: c4a7e2d91b30
Create Date: 2026-11-25 04:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3d8e6a1c5b72'
down_revision = 'c4a7e2d91b30'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('session_tallies',
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('counts', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], name=op.f('fk_session_tallies_session_id_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', name=op.f('pk_session_tallies'))
    )


def downgrade():
    op.drop_table('session_tallies')
