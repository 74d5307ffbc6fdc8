"""players.short_name: what the table calls a player when a hand is said in one line

"Bob" for "Robert" (issue 29: a player is said by name, by a start of the name no one else
shares, or by a short name the table sets). Nullable: a player has none until the table gives
one on the player's page. The downgrade drops the column, and with it only those short names.

Revision ID: 8f3b2c6d1e54
Revises: 3d8e6a1c5b72
Create Date: 2026-11-28 05:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8f3b2c6d1e54'
down_revision = '3d8e6a1c5b72'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('short_name', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_column('short_name')
