"""table judgements: a table's decisions judged against the advice, stored once

Revision ID: f3c8d1a6b912
Revises: c7d1e9f3a2b6
Create Date: 2026-11-25 13:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'f3c8d1a6b912'
down_revision = 'c7d1e9f3a2b6'
branch_labels = None
depends_on = None


def upgrade():
    # A new table only: nothing is judged yet, a table's story judges it when next opened.
    op.create_table(
        'table_judgement',
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('moves', sa.Integer(), nullable=False),
        sa.Column('marks', sa.JSON(), nullable=False),
        sa.Column('decisions', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('table_id'),
    )


def downgrade():
    op.drop_table('table_judgement')
