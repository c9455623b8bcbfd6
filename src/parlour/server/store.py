"""Storage of games: an append-only log per game, with SQLAlchemy 2.

A game row holds what was decided when the table was made (rule system, options,
players and who plays each seat, the time policy, the seed's commitment, and the seed
and its salt, which are only ever shown once the game is over). Every accepted action is
a row of the ``actions`` log with its sequence number, committed before its events are
sent to anyone, so a server killed at any moment restarts with every game exactly where
it was: the log replays it. Access tokens are kept as their SHA-256 digests only.

A live game writes the actions of one pump (a player's action and every answer of the
bots and clocks that follows it) at once (:meth:`Store.commit`): a writer thread
commits the batches of every game waiting at that moment in one transaction, with
SQLAlchemy Core and, on SQLite, one ``INSERT`` of many rows, while the event loop
serves the other tables (the database drivers let other threads run while they
write).

The schema is made by Alembic migrations (``parlour/server/migrations``), run on start.
SQLite (a file under ``./var/`` by default) and PostgreSQL (by URL) are both supported.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import json
import queue
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from parlour.core.digests import seed_commitment  # kept here for the server's modules

DEFAULT_URL = "sqlite:///var/parlour.db"


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game (a match at one table)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    ruleset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[list[str]] = mapped_column(JSON)  # names, by player number
    kinds: Mapped[list[str]] = mapped_column(JSON)  # "human" or a bot's name, by player
    policy: Mapped[dict[str, Any]] = mapped_column(JSON)  # time policy and table options
    seed: Mapped[int] = mapped_column(BigInteger)
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="running")
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True)  # client digest


class TokenRow(Base):
    """An access token (stored as its digest): a player's or a spectator's."""

    __tablename__ = "tokens"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[int] = mapped_column(Integer)  # -1 for a spectator


class ActionRow(Base):
    """One accepted action of a game, in order."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    hand: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    action_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    by: Mapped[str] = mapped_column(String(16))  # "player", "bot", "clock"
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


_COLUMNS = ["game_id", "seq", "hand", "seat", "action", "action_id", "by", "created"]
"""The columns of the log a live game writes (``id`` is the database's)."""
_ROWS_PER_INSERT = 1000
"""Rows in one SQLite INSERT (8,000 parameters; SQLite takes 32,766 at least)."""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class LoggedAction:
    seq: int
    hand: int
    seat: int
    action: str
    action_id: str | None
    by: str


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Store:
    """The games and their logs in one database (see the module docstring)."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # the log's INSERT as the driver takes it, with the columns' order, so that a
        # batch goes to the driver's executemany as it is (no per-row processing)
        compiled = insert(ActionRow).compile(dialect=self.engine.dialect, column_keys=_COLUMNS)
        self._insert_sql = str(compiled)
        self._insert_order: list[str] | None = (
            list(compiled.positiontup or ()) if compiled.positional else None
        )
        # SQLite: many rows in one statement, so that the driver writes them in one
        # call (during which other threads run) rather than one call per row
        head, _, one = self._insert_sql.partition(" VALUES ")
        self._many_rows: tuple[str, str] | None = (
            (head + " VALUES ", one)
            if self.engine.dialect.name == "sqlite" and self.engine.dialect.paramstyle == "qmark"
            else None
        )
        created = ActionRow.__table__.c.created.type
        self._created = created.bind_processor(self.engine.dialect)
        # an in-memory SQLite database lives in one connection of one thread: it is
        # written where it is used; any other is written by the writer thread
        url_ = self.engine.url
        self._in_memory = self.engine.dialect.name == "sqlite" and (
            (url_.database or ":memory:") == ":memory:" or url_.query.get("mode") == "memory"
        )
        self._writer: _Writer | None = None
        self._writer_lock = threading.Lock()
        migrate(self.engine)

    @property
    def in_memory(self) -> bool:
        """Whether the database is an in-memory SQLite one (it lives in this process)."""
        return self._in_memory

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._sessions() as s, s.begin():
            yield s

    def create_game(
        self,
        game_id: str,
        *,
        ruleset: str,
        options: dict[str, Any],
        players: Sequence[str],
        kinds: Sequence[str],
        policy: dict[str, Any],
        seed: int,
        salt: str,
        tokens: dict[str, int],
        creator: str | None = None,
    ) -> None:
        with self.session() as s:
            s.add(
                GameRow(
                    id=game_id,
                    created=_now(),
                    ruleset=ruleset,
                    options=options,
                    players=list(players),
                    kinds=list(kinds),
                    policy=policy,
                    seed=seed,
                    salt=salt,
                    commitment=seed_commitment(seed, salt),
                    status="running",
                    creator=creator,
                )
            )
            s.flush()
            for token, player in tokens.items():
                s.add(TokenRow(digest=token_digest(token), game_id=game_id, player=player))

    def append(
        self,
        game_id: str,
        seq: int,
        *,
        hand: int,
        seat: int,
        action: str,
        action_id: str | None,
        by: str,
    ) -> None:
        """Append one action to a game's log and commit it (before anyone is told)."""
        self.append_many(game_id, [LoggedAction(seq, hand, seat, action, action_id, by)])

    def append_many(
        self, game_id: str, entries: Sequence[LoggedAction], *, finish: str | None = None
    ) -> None:
        """Append actions to a game's log in one transaction and commit them (before
        anyone is told of any of them); with ``finish``, the game's status changes to
        it in the same transaction. All or nothing: on an error nothing is kept.

        One ``INSERT`` with many rows (SQLAlchemy Core, no ORM objects): a live game
        writes every action of one pump (a player's action and the bots' answers that
        follow it) at once, which costs about what one action alone did.
        """
        if entries or finish is not None:
            self._write([_Batch(game_id, entries, finish)])

    async def commit(
        self,
        game_id: str,
        entries: Sequence[LoggedAction],
        *,
        finish: str | None = None,
        at_once: bool = False,
    ) -> None:
        """:meth:`append_many` for a coroutine: it returns once the actions are
        committed, and the event loop serves other games meanwhile. The writer thread
        commits the batches of every game waiting at that moment in one transaction
        (SQLite and the database drivers let other Python threads run while they
        write). An in-memory SQLite database is written at once, in this thread.
        ``at_once``: nothing else runs in this process until it is committed
        (:meth:`commit_now`)."""
        if not entries and finish is None:
            return
        if at_once:
            self.commit_now(game_id, entries, finish=finish)
            return
        batch = _Batch(game_id, entries, finish)
        writer = self._the_writer()
        if writer is None:
            self._write([batch])
            return
        batch.done = asyncio.get_running_loop().create_future()
        writer.queue.put(batch)
        await batch.done

    def commit_now(
        self, game_id: str, entries: Sequence[LoggedAction], *, finish: str | None = None
    ) -> None:
        """:meth:`append_many` through the writer thread (after the batches it holds,
        which spares both a wait for SQLite's lock), waiting in this thread."""
        if not entries and finish is None:
            return
        batch = _Batch(game_id, entries, finish)
        writer = self._the_writer()
        if writer is None:
            self._write([batch])
            return
        batch.event = threading.Event()
        writer.queue.put(batch)
        batch.event.wait()
        if batch.error is not None:
            raise batch.error

    def _the_writer(self) -> _Writer | None:
        """The writer thread (started on first use); None for an in-memory database."""
        if self._in_memory:
            return None
        writer = self._writer
        if writer is None:
            with self._writer_lock:
                writer = self._writer
                if writer is None:
                    writer = self._writer = _Writer(self)
        return writer

    def close(self) -> None:
        """Stop the writer thread (after the writes asked of it); the store stays
        usable (a later :meth:`commit` starts a new one)."""
        with self._writer_lock:
            writer, self._writer = self._writer, None
        if writer is not None:
            writer.stop()

    def _write(self, batches: Sequence[_Batch], connection: Connection | None = None) -> None:
        """The actions and statuses of ``batches`` in one transaction (on
        ``connection``, or one from the pool)."""
        if connection is None:
            with self.engine.connect() as own:
                self._write(batches, own)
            return
        now = _now()
        created = now if self._created is None else self._created(now)
        rows: list[Any] = [
            (b.game_id, e.seq, e.hand, e.seat, e.action, e.action_id, e.by, created)
            for b in batches
            for e in b.entries
        ]  # in the order of _COLUMNS
        order = self._insert_order
        if order is None:  # named parameters
            rows = [dict(zip(_COLUMNS, row, strict=True)) for row in rows]
        elif order != _COLUMNS:
            where = [_COLUMNS.index(k) for k in order]
            rows = [tuple(row[i] for i in where) for row in rows]
        with connection.begin():
            if rows and self._many_rows is not None:
                head, one = self._many_rows
                for i in range(0, len(rows), _ROWS_PER_INSERT):
                    chunk = rows[i : i + _ROWS_PER_INSERT]
                    values = tuple(v for row in chunk for v in row)
                    connection.exec_driver_sql(head + ", ".join([one] * len(chunk)), values)
            elif rows:
                connection.exec_driver_sql(self._insert_sql, rows)
            for b in batches:
                if b.finish is not None:
                    connection.execute(
                        update(GameRow)
                        .where(GameRow.id == b.game_id)
                        .values(status=b.finish, finished=now)
                    )

    def finish(self, game_id: str, status: str = "finished") -> None:
        with self.session() as s:
            row = s.get(GameRow, game_id)
            if row is not None:
                row.status = status
                row.finished = _now()

    def game(self, game_id: str) -> GameRow | None:
        with self.session() as s:
            return s.get(GameRow, game_id)

    def games(
        self,
        *,
        status: str | None = None,
        limit: int | None = 200,
        offset: int = 0,
        creator: str | None = None,
    ) -> list[GameRow]:
        """The games, newest first (at most ``limit`` from the ``offset``-th; None:
        all of them), of one ``status`` and one ``creator`` when given."""
        with self.session() as s:
            q = select(GameRow).order_by(GameRow.created.desc(), GameRow.id)
            if status is not None:
                q = q.where(GameRow.status == status)
            if creator is not None:
                q = q.where(GameRow.creator == creator)
            if offset:
                q = q.offset(offset)
            if limit is not None:
                q = q.limit(limit)
            return list(s.scalars(q))

    def count_games(self, *, creator: str, status: str) -> int:
        """How many games of ``status`` ``creator`` made."""
        with self.session() as s:
            q = select(func.count()).where(GameRow.creator == creator, GameRow.status == status)
            return int(s.scalar(q) or 0)

    def log(self, game_id: str) -> list[LoggedAction]:
        with self.session() as s:
            rows = s.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
            )
            return [LoggedAction(r.seq, r.hand, r.seat, r.action, r.action_id, r.by) for r in rows]

    def find_token(self, token: str) -> tuple[str, int] | None:
        """The game and player (-1: spectator) of an access token, or None."""
        if not isinstance(token, str) or not 10 <= len(token) <= 128:
            return None
        with self.session() as s:
            row = s.get(TokenRow, token_digest(token))
            return None if row is None else (row.game_id, row.player)


@dataclass(slots=True)
class _Batch:
    """Actions of one game to commit together, the status it takes, if any, and who
    waits for them: a coroutine (``done``) or a thread (``event``, then ``error``)."""

    game_id: str
    entries: Sequence[LoggedAction]
    finish: str | None
    done: asyncio.Future[None] | None = None
    event: threading.Event | None = None
    error: BaseException | None = None


class _Writer:
    """The thread that commits live games' actions (see :meth:`Store.commit`).

    It takes every batch waiting, commits them in one transaction (a group commit) on
    a connection it keeps, then tells each batch's waiter. When the group's
    transaction fails, each batch is tried alone, so that only a batch at fault fails.
    """

    CHECKPOINT_SECONDS = 0.5

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.SimpleQueue[_Batch | None] = queue.SimpleQueue()
        self.connection: Connection | None = None
        self.thread = threading.Thread(target=self._run, name="parlour-log-writer", daemon=True)
        self.thread.start()
        # SQLite in WAL mode: copying the WAL into the database (a checkpoint, tens of
        # milliseconds now and then) would stall the commit that happens to trigger
        # it, and every game waiting for that commit; a thread of its own does it,
        # beside the commits (a passive checkpoint never blocks a writer)
        self._stopping = threading.Event()
        self.checkpointer: threading.Thread | None = None
        if store.engine.dialect.name == "sqlite" and not store.in_memory:
            self.checkpointer = threading.Thread(
                target=self._checkpoints, name="parlour-checkpoint", daemon=True
            )
            self.checkpointer.start()

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join()
        self._stopping.set()
        if self.checkpointer is not None:
            self.checkpointer.join()

    def _checkpoints(self) -> None:
        with self.store.engine.connect() as connection:
            while True:
                stop = self._stopping.wait(self.CHECKPOINT_SECONDS)
                with contextlib.suppress(Exception):  # busy now: the next one does it
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                if stop:
                    return

    def _run(self) -> None:
        try:
            stop = False
            while not stop:
                first = self.queue.get()
                if first is None:
                    return
                group = [first]
                while True:
                    try:
                        more = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    group.append(more)
                self._commit(group)
        finally:
            if self.connection is not None:
                self.connection.close()

    def _commit(self, group: list[_Batch]) -> None:
        try:
            self._write(group)
        except Exception:
            for b in group:
                try:
                    self._write([b])
                except Exception as e:
                    b.error = e
        by_loop: dict[asyncio.AbstractEventLoop, list[_Batch]] = {}
        for b in group:
            if b.event is not None:
                b.event.set()
            elif b.done is not None:
                by_loop.setdefault(b.done.get_loop(), []).append(b)
        for loop, done in by_loop.items():
            # a closed loop raises RuntimeError: nobody waits any more
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_resolve, done)

    def _write(self, batches: Sequence[_Batch]) -> None:
        if self.connection is None:
            self.connection = self.store.engine.connect()
        try:
            self.store._write(batches, self.connection)
        except Exception:
            # a connection that failed is not kept (the next write takes a new one)
            connection, self.connection = self.connection, None
            with contextlib.suppress(Exception):
                connection.close()
            raise


def _resolve(done: Sequence[_Batch]) -> None:
    """Tell the coroutines waiting for ``done`` (in their event loop)."""
    for b in done:
        future = b.done
        if future is None or future.done():
            continue
        if b.error is None:
            future.set_result(None)
        else:
            future.set_exception(b.error)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    # the WAL is copied into the database by the writer's checkpointer thread, never in
    # the middle of a commit that players wait for (see _Writer)
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to date with the Alembic migrations."""
    from alembic import command
    from alembic.config import Config

    here = Path(__file__).parent
    config = Config()
    config.set_main_option("script_location", str(here / "migrations"))
    config.attributes["connection"] = None
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


__all__ = ["DEFAULT_URL", "GameRow", "LoggedAction", "Store", "seed_commitment", "token_digest"]
