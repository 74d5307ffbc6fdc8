"""club nights: several card tables at once, their players and each round as paired

A club night (issue 21) keeps only its inputs: ``club_nights`` the settings the organiser
chose (the game and its house rules, table size and teams, rounds, the round's limit in
minutes and points, movement, byes, the ranking rules), ``club_entrants`` its players in the
order they joined (``team`` groups fixed partners, ``left_after`` when one left), ``club_rounds`` each round's byes and
when time was called, ``club_tables`` each card table of a round: its teams as paired and the
ordinary session its phones enter hands into. Standings are replayed from those sessions.

The downgrade drops the four tables: the nights are lost (the older code has no place for
them); every session their tables played stays, as an ordinary session of the table.

Revision ID: 66e1f5f4130b
Revises: 9763156c9c2d
Create Date: 2026-11-25 01:04:46.702502

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '66e1f5f4130b'
down_revision = '9763156c9c2d'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_nights',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('system', sa.String(length=20), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('table_size', sa.Integer(), nullable=False),
    sa.Column('team_size', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('minutes', sa.Integer(), nullable=True),
    sa.Column('points', sa.Integer(), nullable=True),
    sa.Column('movement', sa.String(length=10), nullable=False),
    sa.Column('byes', sa.Boolean(), nullable=False),
    sa.Column('ranking', sa.String(length=20), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_club_nights_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_nights'))
    )
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_nights_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_nights_table_id'), ['table_id'], unique=False)

    op.create_table('club_entrants',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('team', sa.Integer(), nullable=True),
    sa.Column('left_after', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['night_id'], ['club_nights.id'], name=op.f('fk_club_entrants_night_id_club_nights'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_club_entrants_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_entrants')),
    sa.UniqueConstraint('night_id', 'player_id', name=op.f('uq_club_entrants_night_id_player_id')),
    sa.UniqueConstraint('night_id', 'position', name=op.f('uq_club_entrants_night_id_position'))
    )
    with op.batch_alter_table('club_entrants', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_entrants_night_id'), ['night_id'], unique=False)

    op.create_table('club_rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('byes', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('time_called_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['night_id'], ['club_nights.id'], name=op.f('fk_club_rounds_night_id_club_nights'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_rounds')),
    sa.UniqueConstraint('night_id', 'number', name=op.f('uq_club_rounds_night_id_number'))
    )
    with op.batch_alter_table('club_rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_rounds_night_id'), ['night_id'], unique=False)

    op.create_table('club_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('teams', sa.JSON(), nullable=False),
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['round_id'], ['club_rounds.id'], name=op.f('fk_club_tables_round_id_club_rounds'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['sessions.id'], name=op.f('fk_club_tables_session_id_sessions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_tables')),
    sa.UniqueConstraint('round_id', 'number', name=op.f('uq_club_tables_round_id_number')),
    sa.UniqueConstraint('session_id', name=op.f('uq_club_tables_session_id'))
    )
    with op.batch_alter_table('club_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_tables_round_id'), ['round_id'], unique=False)



def downgrade():
    with op.batch_alter_table('club_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_tables_round_id'))

    op.drop_table('club_tables')
    with op.batch_alter_table('club_rounds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_rounds_night_id'))

    op.drop_table('club_rounds')
    with op.batch_alter_table('club_entrants', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_entrants_night_id'))

    op.drop_table('club_entrants')
    with op.batch_alter_table('club_nights', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_nights_table_id'))
        batch_op.drop_index(batch_op.f('ix_club_nights_created_at'))

    op.drop_table('club_nights')
