"""Alembic's environment: migrations run on the connection the store passes in."""

from __future__ import annotations

from alembic import context

from parlour.server.store import Base

target_metadata = Base.metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes its connection
    raise RuntimeError("run migrations through parlour.server.store.migrate()")
context.configure(connection=connection, target_metadata=target_metadata)
with context.begin_transaction():
    context.run_migrations()
