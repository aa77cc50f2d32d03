"""seat claims: which phone sits in which seat of a table

Revision ID: b41e7c2d9a10
Revises: 7f2d9c41b8e0
Create Date: 2026-11-21 23:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b41e7c2d9a10'
down_revision = '7f2d9c41b8e0'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_claim',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('phone', sa.String(length=32), nullable=False),
    sa.Column('claimed_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'seat', name='uq_seat_claim_table_seat')
    )
    op.create_index('ix_seat_claim_table_id', 'seat_claim', ['table_id'], unique=False)


def downgrade():
    op.drop_index('ix_seat_claim_table_id', table_name='seat_claim')
    op.drop_table('seat_claim')
