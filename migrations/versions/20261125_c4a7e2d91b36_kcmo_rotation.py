"""the KCMO table rotation: the draw stored, a movement spelled ``kcmo-rotation``

A club night can move its fixed teams by the KCMO table rotation (docs/club-nights.md):
``club_entrants.draw`` keeps the number each player's team drew ("3B": table 3, letter B)
and ``club_nights.draw_round`` the round the draw was made for, so a replay seats the same
tables. ``club_nights.movement`` widens from 10 to 20 characters for ``kcmo-rotation``.

The downgrade drops both columns (the draws are lost) and turns a night moving by the
rotation into one of fixed partners paired on the standings, which the older code knows,
before narrowing the column again.

Revision ID: c4a7e2d91b36
Revises: 66e1f5f4130b
Create Date: 2026-11-25 04:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4a7e2d91b36'
down_revision = '66e1f5f4130b'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.alter_column(
            'movement', existing_type=sa.String(length=10), type_=sa.String(length=20),
            existing_nullable=False,
        )
        batch_op.add_column(sa.Column('draw_round', sa.Integer(), nullable=True))

    with op.batch_alter_table('club_entrants', schema=None) as batch_op:
        batch_op.add_column(sa.Column('draw', sa.String(length=4), nullable=True))


def downgrade():
    nights = sa.table('club_nights', sa.column('movement', sa.String))
    op.get_bind().execute(
        nights.update().where(nights.c.movement == 'kcmo-rotation').values(movement='fixed')
    )
    with op.batch_alter_table('club_entrants', schema=None) as batch_op:
        batch_op.drop_column('draw')

    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.drop_column('draw_round')
        batch_op.alter_column(
            'movement', existing_type=sa.String(length=20), type_=sa.String(length=10),
            existing_nullable=False,
        )
