"""hand_bids: each player's own bid, for every team's bid a contract (summed bids)

Option ``summed_bids`` (RULES 6.6) has each player of a team game bid on their own and sums
partners' bids into their team's contract. ``hand_bids`` keeps each player's own bid for a
hand as entered, in full points (0 for no bid), one row per hand and player, as
``hand_takes`` keeps each player's take. Every hand stored so far has no row: its winning bid
stays in ``hands.bid``.

The downgrade drops the table: the older code has no place for the bids, and a session
played with summed bids cannot be replayed by it (its hands have no winning bid).

Revision ID: 7c2d5e8a1f36
Revises: e41b7c9d2f08
Create Date: 2026-11-24 22:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c2d5e8a1f36'
down_revision = 'e41b7c9d2f08'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('hand_bids',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('bid', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hands.id'], name=op.f('fk_hand_bids_hand_id_hands'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_hand_bids_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_hand_bids')),
    sa.UniqueConstraint('hand_id', 'player_id', name=op.f('uq_hand_bids_hand_id_player_id'))
    )
    with op.batch_alter_table('hand_bids', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_bids_hand_id'), ['hand_id'], unique=False)


def downgrade():
    with op.batch_alter_table('hand_bids', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_bids_hand_id'))
    op.drop_table('hand_bids')
