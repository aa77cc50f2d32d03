"""table settings: how a table keeps its game (a photo's keys' colour), never in the log

Revision ID: c5e8f2a7d913
Revises: b9d4e6f1a2c8
Create Date: 2026-11-26 21:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c5e8f2a7d913'
down_revision = 'b9d4e6f1a2c8'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN, not a batch copy: on SQLite a batch drops and recreates the table,
    # and dropping game_table would cascade to every table's moves and seats.  A table stored
    # before has no settings: every one of its game's is at its default.
    op.add_column(
        'game_table',
        sa.Column('settings', sa.JSON(), server_default='{}', nullable=False),
    )


def downgrade():
    op.drop_column('game_table', 'settings')
