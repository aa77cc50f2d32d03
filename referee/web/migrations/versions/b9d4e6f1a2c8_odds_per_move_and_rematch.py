"""odds per move and rematches: whether the table showed the odds when a move was made,
and the table a finished one plays again at

Revision ID: b9d4e6f1a2c8
Revises: a3c8e1f2b4d6
Create Date: 2026-11-25 16:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b9d4e6f1a2c8'
down_revision = 'a3c8e1f2b4d6'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ADD COLUMNs, not batch copies: on SQLite a batch drops and recreates the table,
    # and dropping game_table would cascade to every table's moves and seats.  A move stored
    # before keeps NULL: whether the odds were shown then was never recorded.
    op.add_column('move', sa.Column('odds_shown', sa.Boolean(), nullable=True))
    op.add_column('game_table', sa.Column('rematch', sa.String(length=32), nullable=True))


def downgrade():
    op.drop_column('game_table', 'rematch')
    op.drop_column('move', 'odds_shown')
