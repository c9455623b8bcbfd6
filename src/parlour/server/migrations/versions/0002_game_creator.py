"""Who made each game (a digest of the client's address), for the limits on making
tables and the listing's "mine".

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator", sa.String(32), nullable=True))
        batch.create_index("ix_games_creator_status", ["creator", "status"])


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_creator_status")
        batch.drop_column("creator")
