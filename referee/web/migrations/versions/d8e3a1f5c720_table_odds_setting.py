"""table odds setting: whether a table's turn screen shows the odds

Revision ID: d8e3a1f5c720
Revises: b41e7c2d9a10
Create Date: 2026-11-22 02:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'd8e3a1f5c720'
down_revision = 'b41e7c2d9a10'
branch_labels = None
depends_on = None


def upgrade():
    # A plain ADD COLUMN, not a batch copy: on SQLite a batch drops and recreates the table,
    # and dropping it would cascade to every table's moves and seats.
    op.add_column(
        'game_table',
        sa.Column('show_odds', sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade():
    op.drop_column('game_table', 'show_odds')
