"""A stateful property test of the seat's socket protocol: two people and two random
bots at a mahjong table, each person's socket sending what hypothesis picks (a legal
action of its latest state, an illegal one, a stale one, a duplicated id, malformed
messages, help, ping, auto-actions the game does not know) and a spectator trying to
act. After every message: no server error (nothing logged at ERROR, no socket closed),
nobody is told another seat's concealed tiles, every action acknowledged as applied
is in the game's log with its id; at the end, the game rebuilt from its log is the
live one."""

from __future__ import annotations

import itertools
import json
import logging
import shutil
import tempfile
import time
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from leaks import shows_tiles
from parlour.server.app import create_app
from parlour.server.limits import Limits
from parlour.server.live import LiveGame

POLICY = {
    "pause_seconds": 0,
    "claim_seconds": None,
    "hand_pause_seconds": 0,
    "bot_seconds": 0,
    "absence_seconds": 3600,
}
SEATS = ["human", "human", "random", "random"]
SPECTATOR = 2  # the index of the spectator's socket (after the two seats)
ILLEGAL = ["win", "kong 1m", "discard 9z", "discard", "pung", "chow 7s 8s 9s", "play AS", "x"]


class Errors(logging.Handler):
    """Every record at ERROR or above, or with a traceback, that the server logs."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)


class Socket:
    """One socket of the table: a seat's (``player``) or the spectator's (None)."""

    def __init__(self, client: TestClient, token: str, player: int | None) -> None:
        self.cm = client.websocket_connect(f"/ws/{token}")
        self.ws = self.cm.__enter__()
        self.player = player
        self.latest: dict[str, Any] | None = None  # the latest state message
        self.fresh: list[dict[str, Any]] = []  # messages since the last check
        self.steps: list[tuple[int, int]] = []  # (hand, step) of every state seen

    def send(self, text: str) -> None:
        self.ws.send_text(text)

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.ws.receive_json()
        self.fresh.append(message)
        if message.get("type") == "state":
            self.latest = message
            self.steps.append((message["hand"], message["step"]))
        return message

    def reply(self, *kinds: str) -> dict[str, Any]:
        """The first message other than a state (which are kept); it must be of ``kinds``."""
        for _ in range(10_000):
            message = self.receive()
            if message.get("type") != "state":
                assert message.get("type") in kinds, message
                return message
        raise AssertionError("no reply among 10000 messages")

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


class SocketProtocol(RuleBasedStateMachine):
    client: TestClient  # set by the test

    def __init__(self) -> None:
        super().__init__()
        self.errors = Errors()
        logging.getLogger().addHandler(self.errors)
        self.ids = (f"a{n}" for n in itertools.count())
        self.sent: dict[int, list[str]] = {0: [], 1: []}  # ids acked applied or held
        self.applied: list[tuple[int, str, str]] = []  # (player, id, action)
        self.sockets: list[Socket] = []
        self.game_id = ""

    # -- the table -----------------------------------------------------------------------

    @initialize()
    def make_table(self) -> None:
        made = self.client.post("/api/tables", json={"seats": SEATS, "policy": POLICY})
        assert made.status_code == 201, made.text
        table = made.json()
        self.game_id = table["id"]
        links = sorted(table["links"], key=lambda link: link["player"])
        assert [link["player"] for link in links] == [0, 1]
        for link in links:
            token = link["url"].removeprefix("/play/")
            self.sockets.append(Socket(self.client, token, link["player"]))
        spectator = table["spectator"].removeprefix("/watch/")
        self.sockets.append(Socket(self.client, spectator, None))
        for sock in self.sockets:
            assert sock.receive()["type"] == "state"  # each socket's first message
        self.settle()

    @property
    def game(self) -> LiveGame:
        game: LiveGame = self.client.app.state.manager.live[self.game_id]  # type: ignore[attr-defined]
        return game

    def settle(self) -> None:
        """Wait until the game is at rest (only a person can move it), then read every
        socket's messages up to a pong."""
        game = self.game
        deadline = time.monotonic() + 20
        while game._more or game._waking is not None or game.lock.locked():
            assert time.monotonic() < deadline, "the game never came to rest"
            time.sleep(0.005)
        for sock in self.sockets:
            sock.send(json.dumps({"type": "ping"}))
            sock.reply("pong")

    def seat_socket(self, index: int) -> Socket:
        return self.sockets[index]

    # -- rules ---------------------------------------------------------------------------

    def playable(self) -> list[int]:
        return [
            i
            for i in (0, 1)
            if (s := self.sockets[i].latest) is not None and s["observation"].get("legal")
        ]

    @rule(pick=st.integers(0, 1), choice=st.integers(0, 10_000))
    def legal_action(self, pick: int, choice: int) -> None:
        self.play(pick, choice)

    @rule(moves=st.lists(st.tuples(st.integers(0, 1), st.integers(0, 10_000)), max_size=12))
    def play_on(self, moves: list[tuple[int, int]]) -> None:
        """Several legal actions in a row (the game moves on, past claims and hands)."""
        for pick, choice in moves:
            self.play(pick, choice)

    def play(self, pick: int, choice: int) -> None:
        """A legal action of a seat's latest state, with its hand and step."""
        playable = self.playable()
        if not playable:  # the match is over
            return
        index = playable[pick % len(playable)]
        sock = self.sockets[index]
        state = sock.latest
        assert state is not None
        legal = state["observation"]["legal"]
        text = legal[choice % len(legal)]
        action_id = next(self.ids)
        sock.send(
            json.dumps(
                {
                    "type": "action",
                    "action": text,
                    "hand": state["hand"],
                    "step": state["step"],
                    "id": action_id,
                }
            )
        )
        ack = sock.reply("ack")
        assert ack["id"] == action_id
        assert ack["status"] in ("applied", "held"), ack
        self.sent[index].append(action_id)
        if ack["status"] == "applied":
            self.applied.append((index, action_id, text))
        self.settle()

    @rule(index=st.sampled_from([0, 1]), text=st.sampled_from(ILLEGAL))
    def illegal_action(self, index: int, text: str) -> None:
        sock = self.sockets[index]
        state = sock.latest
        assert state is not None
        legal = state["observation"].get("legal") or []
        if text in legal:
            return
        action_id = next(self.ids)
        sock.send(
            json.dumps(
                {
                    "type": "action",
                    "action": text,
                    "hand": state["hand"],
                    "step": state["step"],
                    "id": action_id,
                }
            )
        )
        error = sock.reply("error")
        assert error["id"] == action_id and error["message"], error
        self.settle()

    @rule(index=st.sampled_from([0, 1]), choice=st.integers(0, 10_000))
    def stale_action(self, index: int, choice: int) -> None:
        sock = self.sockets[index]
        state = sock.latest
        assert state is not None
        now = (state["hand"], state["step"])
        older = sorted(set(sock.steps) - {now})
        if not older:
            return
        old = older[choice % len(older)]
        legal = state["observation"].get("legal") or ["discard 1m"]
        action_id = next(self.ids)
        sock.send(
            json.dumps(
                {
                    "type": "action",
                    "action": legal[choice % len(legal)],
                    "hand": old[0],
                    "step": old[1],
                    "id": action_id,
                }
            )
        )
        error = sock.reply("error")
        assert error["id"] == action_id, error
        if not state["match_over"]:
            assert error["state"]["type"] == "state", error
            assert (error["state"]["hand"], error["state"]["step"]) == now, error
        self.settle()

    @rule(index=st.sampled_from([0, 1]), choice=st.integers(0, 10_000))
    def duplicated_id(self, index: int, choice: int) -> None:
        if not self.sent[index]:
            return
        action_id = self.sent[index][choice % len(self.sent[index])]
        sock = self.sockets[index]
        state = sock.latest
        assert state is not None
        legal = state["observation"].get("legal") or ["discard 1m"]
        sock.send(
            json.dumps(
                {
                    "type": "action",
                    "action": legal[0],
                    "hand": state["hand"],
                    "step": state["step"],
                    "id": action_id,
                }
            )
        )
        ack = sock.reply("ack")
        assert ack == {"type": "ack", "id": action_id, "status": "duplicate"}
        self.settle()

    @rule(
        index=st.sampled_from([0, 1, SPECTATOR]),
        text=st.one_of(
            st.sampled_from(
                [
                    "not json",
                    "{",
                    "[1, 2]",
                    "null",
                    "42",
                    '"action"',
                    '{"type": "dance"}',
                    "{}",
                    '{"type": "action"}',
                    '{"type": "action", "action": ""}',
                    '{"type": "action", "action": 5}',
                    '{"type": "action", "action": "discard 1m", "id": ""}',
                    '{"type": "action", "action": "discard 1m", "id": 7}',
                    '{"type": "action", "action": "discard 1m", "hand": "one"}',
                    '{"type": "action", "action": "discard 1m", "step": -1}',
                    '{"type": "auto", "auto": []}',
                    '{"type": "auto"}',
                    '{"type": "help", "action": ["win"]}',
                    '{"type": "help", "action": 3}',
                    "[" * 3000 + "]" * 3000,
                ]
            ),
            st.text(min_size=4097, max_size=5000),
            st.text(max_size=40).filter(lambda t: not t.lstrip().startswith("{")),
        ),
    )
    def malformed(self, index: int, text: str) -> None:
        sock = self.sockets[index]
        sock.send(text)
        error = sock.reply("error")
        assert isinstance(error["message"], str) and error["message"], error
        self.settle()

    @rule(
        index=st.sampled_from([0, 1]),
        auto=st.dictionaries(
            st.sampled_from(["pass_chow", "nonsense", "", "win", "discard_drawn"]),
            st.one_of(st.just(1), st.none(), st.text(max_size=3)),
            min_size=1,
        ),
    )
    def auto_with_bad_keys(self, index: int, auto: dict[str, Any]) -> None:
        sock = self.sockets[index]
        sock.send(json.dumps({"type": "auto", "auto": auto}))
        error = sock.reply("error")
        assert "auto-action" in error["message"], error
        self.settle()

    @rule(index=st.sampled_from([0, 1]), action=st.sampled_from([None, "win", "discard 1m"]))
    def help(self, index: int, action: str | None) -> None:
        sock = self.sockets[index]
        message: dict[str, Any] = {"type": "help"}
        if action is not None:
            message["action"] = action
        sock.send(json.dumps(message))
        reply = sock.reply("help", "error")
        if reply["type"] == "help" and action is not None:
            assert isinstance(reply["allowed"], bool), reply
        self.settle()

    @rule(index=st.sampled_from([0, 1, SPECTATOR]))
    def ping(self, index: int) -> None:
        sock = self.sockets[index]
        sock.send(json.dumps({"type": "ping"}))
        assert sock.reply("pong") == {"type": "pong"}

    @rule(kind=st.sampled_from(["action", "auto", "help"]), choice=st.integers(0, 10_000))
    def spectator_acts(self, kind: str, choice: int) -> None:
        sock = self.sockets[SPECTATOR]
        state = sock.latest
        assert state is not None
        legal = [s.latest["observation"]["legal"] for s in self.sockets[:2] if s.latest]
        texts = [t for group in legal for t in group] or ["discard 1m"]
        message: dict[str, Any] = {"type": kind, "id": next(self.ids)}
        if kind == "action":
            message.update(
                action=texts[choice % len(texts)],
                hand=state["hand"],
                step=state["step"],
            )
        elif kind == "auto":
            message["auto"] = {"pass_chow": True}
        sock.send(json.dumps(message))
        error = sock.reply("error")
        assert error["message"] in (
            "a spectator cannot act",
            "a spectator has no auto-actions",
            "help is for the players at the table",
        ), error
        self.settle()

    # -- invariants ----------------------------------------------------------------------

    @invariant()
    def no_server_error(self) -> None:
        assert not self.errors.records, [r.getMessage() for r in self.errors.records]

    @invariant()
    def nobody_sees_another_seats_tiles(self) -> None:
        if not self.sockets:
            return
        match = self.game.match
        number = match.hand_number
        # the concealed tiles of each seat now, while the hand is played
        concealed: dict[int, str] = {}
        for seat in range(4):
            obs = match.observation(seat)
            if obs.get("result") is None and obs.get("hand"):
                concealed[seat] = obs["hand"]
        for sock in self.sockets:
            own = None if sock.player is None else match.seat_of(sock.player)
            for message in sock.fresh:
                if message.get("type") != "state":
                    continue
                obs = message["observation"]
                seat = obs.get("seat")
                if sock.player is None:
                    assert seat is None, obs
                if obs.get("result") is None:
                    for s, shown in enumerate(obs["public_hands"]):
                        assert shown is None, (s, shown)
                    if sock.player is None:
                        assert not obs.get("hand"), obs
                for event in message.get("events", []):
                    assert event.get("to") in (None, seat), (seat, event)
                if message["hand"] != number:
                    continue
                text = json.dumps(message)
                for other, tiles in concealed.items():
                    if other != own and len(tiles.replace(" ", "")) >= 6:
                        assert not shows_tiles(text, tiles), (other, tiles, message)
            sock.fresh = []

    @invariant()
    def every_applied_action_is_in_the_log(self) -> None:
        if not self.game_id:
            return
        store = self.client.app.state.manager.store  # type: ignore[attr-defined]
        logged = {e.action_id: e for e in store.log(self.game_id) if e.action_id is not None}
        for player, action_id, text in self.applied:
            entry = logged.get(action_id)
            assert entry is not None, (player, action_id, text)
            assert entry.by == "player" and entry.action == text, entry

    def teardown(self) -> None:
        try:
            for sock in self.sockets:
                sock.close()
            if self.game_id:
                self._rebuilt_game_is_the_live_one()
        finally:
            logging.getLogger().removeHandler(self.errors)

    def _rebuilt_game_is_the_live_one(self) -> None:
        manager = self.client.app.state.manager  # type: ignore[attr-defined]
        live = manager.live[self.game_id]
        deadline = time.monotonic() + 20
        while live._more or live._waking is not None or live.lock.locked():
            assert time.monotonic() < deadline
            time.sleep(0.005)
        row = manager.store.game(self.game_id)
        rebuilt = LiveGame(row, manager.store)
        assert rebuilt.match.public_step() == live.match.public_step()
        assert rebuilt.match.hand_number == live.match.hand_number
        for seat in range(4):
            assert rebuilt.match.observation(seat) == live.match.observation(seat), seat
        # an answer held in an open window is not in the log yet: every other is
        held = {answer[1] for answer in live.pending.values()}
        logged = {e.action_id for e in manager.store.log(self.game_id)}
        for index in (0, 1):
            for action_id in self.sent[index]:
                assert action_id in logged or action_id in held, action_id


def test_the_socket_protocol_holds_whatever_the_seats_send() -> None:
    tmp = tempfile.mkdtemp(prefix="parlour-socket-")
    try:
        app = create_app(f"sqlite:///{tmp}/g.db", limits=Limits.none())
        with TestClient(app) as client:
            SocketProtocol.client = client
            run_state_machine_as_test(
                SocketProtocol,
                settings=settings(max_examples=30, stateful_step_count=30, deadline=None),
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
