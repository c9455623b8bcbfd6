"""Storage of games: an append-only log per game, with SQLAlchemy 2.

A game row holds what was decided when the table was made (rule system, options,
players and who plays each seat, the time policy, the seed's commitment, and the seed
and its salt, which are only ever shown once the game is over). Every accepted action is
a row of the ``actions`` log with its sequence number, committed before its events are
sent to anyone, so a server killed at any moment restarts with every game exactly where
it was: the log replays it. Access tokens are kept as their SHA-256 digests only.

The schema is made by Alembic migrations (``parlour/server/migrations``), run on start.
SQLite (a file under ``./var/`` by default) and PostgreSQL (by URL) are both supported.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
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
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

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


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment published at the start: SHA-256 of ``"<seed>:<salt>"``.

    >>> seed_commitment(7, "ab")[:12]
    'ad6ba0f9c42b'
    """
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


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
        self._insert_action = insert(ActionRow)
        migrate(self.engine)

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
        if not entries and finish is None:
            return
        now = _now()
        rows = [
            {
                "game_id": game_id,
                "seq": e.seq,
                "hand": e.hand,
                "seat": e.seat,
                "action": e.action,
                "action_id": e.action_id,
                "by": e.by,
                "created": now,
            }
            for e in entries
        ]
        with self.engine.begin() as connection:
            if rows:
                connection.execute(self._insert_action, rows)
            if finish is not None:
                connection.execute(
                    update(GameRow).where(GameRow.id == game_id).values(status=finish, finished=now)
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

    def games(self, *, status: str | None = None, limit: int = 200) -> list[GameRow]:
        with self.session() as s:
            q = select(GameRow).order_by(GameRow.created.desc()).limit(limit)
            if status is not None:
                q = q.where(GameRow.status == status)
            return list(s.scalars(q))

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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
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
