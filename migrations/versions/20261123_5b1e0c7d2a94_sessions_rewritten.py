"""sessions.rewritten: the last version whose change could alter stored events

A worker that remembers a session's replay at version v, and finds the session at a later
version whose ``rewritten`` is at most v, knows every change since only added events (a hand,
a player leaving) or ended or reopened the session: it applies the new events to what it
remembers instead of replaying the whole evening. Existing sessions get 0: any replay
remembered from now on is at a version of 1 or more, and the next edit, deletion or change of
house rules sets the column. The downgrade drops the column; nothing entered is lost.

Revision ID: 5b1e0c7d2a94
Revises: c8071e449e1d
Create Date: 2026-11-23 07:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5b1e0c7d2a94'
down_revision = 'c8071e449e1d'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('rewritten', sa.Integer(), server_default='0', nullable=False)
        )


def downgrade():
    with op.batch_alter_table('sessions', schema=None) as batch_op:
        batch_op.drop_column('rewritten')
