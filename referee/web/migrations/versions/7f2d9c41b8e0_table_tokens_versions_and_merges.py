"""table tokens, versions and undoable merges

Revision ID: 7f2d9c41b8e0
Revises: 3abc5ae164c7
Create Date: 2026-11-21 18:40:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = '7f2d9c41b8e0'
down_revision = '3abc5ae164c7'
branch_labels = None
depends_on = None


# Plain ALTERs only: on SQLite a batch rebuild of game_table would drop the old table,
# and with foreign keys on, that drop deletes every move and seat by cascade.
WIDENED = (('seat', 'player_key'), ('player_alias', 'key'), ('player_alias', 'canonical'))


def upgrade():
    op.add_column('game_table', sa.Column('token', sa.String(length=32), nullable=True))
    op.add_column(
        'game_table', sa.Column('version', sa.Integer(), server_default='0', nullable=False)
    )
    backfill_tokens()
    op.create_index('ix_game_table_token', 'game_table', ['token'], unique=True)

    # A folded name can be longer than the name: "ß".casefold() is "ss".  SQLite does
    # not enforce VARCHAR lengths, so only other databases need the wider columns.
    if op.get_bind().dialect.name != 'sqlite':
        for table, column in WIDENED:
            op.alter_column(table, column, existing_type=sa.String(length=30),
                            type_=sa.String(length=100), existing_nullable=False)

    op.create_table('player_merge',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=100), nullable=False),
    sa.Column('target', sa.String(length=100), nullable=False),
    sa.Column('repointed', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('undone_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('player_merge', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_merge_target'), ['target'], unique=False)


def backfill_tokens():
    """Give every table stored before this revision its own unguessable link."""
    from referee.web.base.models import new_token

    bind = op.get_bind()
    game_table = sa.table('game_table', sa.column('id'), sa.column('token'))
    for (table_id,) in bind.execute(sa.select(game_table.c.id)).all():
        bind.execute(
            game_table.update().where(game_table.c.id == table_id).values(token=new_token())
        )


def downgrade():
    with op.batch_alter_table('player_merge', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_merge_target'))
    op.drop_table('player_merge')
    if op.get_bind().dialect.name != 'sqlite':
        for table, column in WIDENED:
            op.alter_column(table, column, existing_type=sa.String(length=100),
                            type_=sa.String(length=30), existing_nullable=False)
    op.drop_index('ix_game_table_token', table_name='game_table')
    op.drop_column('game_table', 'version')
    op.drop_column('game_table', 'token')
