"""The card games on the server: tables of Piquet and Ninety-Nine made through the API,
played to the end through the sockets, their records validated, bad input refused, and
no leak of another hand, the talon or the seed through any socket."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_server_play import Clock, Inbox, run

from parlour.cards.cards import format_cards
from parlour.cards.games import find_card_game
from parlour.cards.piquet import sort_hand
from parlour.records import validate
from parlour.server.app import create_app
from parlour.server.live import SPECTATOR, LiveGame
from parlour.server.manager import Manager
from parlour.server.store import Store

FAST = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}
SHORT = {
    "piquet": {"partie": "single_game"},
    "ninety-nine": {},
}
SEATS = {"piquet": ["human", "random"], "ninety-nine": ["human", "random", "heuristic"]}


@pytest.fixture(
    params=[
        pytest.param(0, id="in-process"),
        pytest.param(2, id="two-workers", marks=pytest.mark.slow),
    ]
)
def client(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", workers=request.param)
    with TestClient(app) as c:
        yield c


def make(client: TestClient, rules: str, seats: list[str], **more: Any) -> dict[str, Any]:
    spec = {"rules": rules, "options": SHORT[rules], "seats": seats, "policy": FAST, **more}
    reply = client.post("/api/tables", json=spec)
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state":
            return message


@pytest.mark.parametrize("rules", ["piquet", "ninety-nine"])
def test_a_card_table_is_played_to_the_end_through_its_socket(
    client: TestClient, rules: str
) -> None:
    made = make(client, rules, SEATS[rules])
    assert client.get("/api/rules").json()["systems"]
    url = made["links"][0]["url"]
    assert client.get(url).status_code == 200 and 'data-family="cards"' in client.get(url).text
    rng = random.Random(5)
    hands_seen = set()
    with client.websocket_connect(f"/ws/{url.rsplit('/', 1)[1]}") as ws:
        state = next_state(ws)
        assert state["observation"]["family"] == "cards" and state["hand"] == 1
        for _ in range(5000):
            if state["match_over"]:
                break
            hands_seen.add(state["hand"])
            legal = state["observation"]["legal"]
            if legal and not state["answered"]:
                ws.send_json(
                    {
                        "type": "action",
                        "action": rng.choice(legal),
                        "hand": state["hand"],
                        "id": str(rng.random()),
                    }
                )
            elif state["between_hands"]:
                ws.send_json({"type": "next"})
            state = next_state(ws)
        assert state["match_over"] and state["results"]["complete"]
        assert state["last_hand"]["result"]["kind"] in ("deal_end", "hand_end")
    assert len(hands_seen) > 1
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert record["game"] == "cards" and record["rules"] == rules
    report = validate(record)
    assert report.ok, str(report)
    forged = dict(record, fairness=dict(record["fairness"], salt="00"))
    assert not validate(forged).ok
    steps = client.get(f"/api/tables/{made['id']}/replay/1").json()["steps"]
    assert steps[0]["action"] is None and steps[1]["action"]
    assert client.get(f"/api/tables/{made['id']}/replay/999").status_code == 404


def test_card_tables_refuse_what_they_cannot_take(client: TestClient) -> None:
    def refused(spec: dict[str, Any]) -> str:
        reply = client.post("/api/tables", json={"policy": FAST, **spec})
        assert reply.status_code == 400, reply.text
        detail: str = reply.json()["detail"]
        return detail

    assert "give 2 seats" in refused({"rules": "piquet", "seats": ["human"] * 3})
    assert "give 3 seats" in refused({"rules": "ninety-nine", "seats": ["human"] * 2})
    assert "heuristic" in refused({"rules": "piquet", "seats": ["human", "clever"]})
    assert "points" in refused({"rules": "piquet", "options": {"points": 3},
                                "seats": ["human", "random"]})  # fmt: skip
    assert "whole game" in refused(
        {"rules": "piquet", "seats": ["human", "random"], "policy": {"hands": 1}}
    )
    made = make(client, "ninety-nine", ["human", "greedy", "random"])
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 409
    with client.websocket_connect(f"/ws/{made['links'][0]['url'].rsplit('/', 1)[1]}") as ws:
        state = next_state(ws)
        for bad, words in [
            ({"action": "play AS", "hand": 1}, "not one of your actions"),
            ({"action": "bid AS AS AS", "hand": 1}, ""),
            ({"action": "discard 4p", "hand": 1}, ""),
            ({"action": state["observation"]["legal"][0], "hand": 7}, "hand 7"),
            ({"action": 5, "hand": 1}, "action is text"),
        ]:
            ws.send_json({"type": "action", **bad})
            reply = ws.receive_json()
            while reply["type"] != "error":
                reply = ws.receive_json()
            assert words in reply["message"], reply
        ws.send_json({"type": "auto", "auto": {"pass_chow": True}})
        reply = ws.receive_json()
        assert reply["type"] == "error" and "none in cards games" in reply["message"]
        ws.send_json({"type": "help", "action": "play AS"})
        reply = ws.receive_json()
        assert reply["type"] == "help" and reply["allowed"] is False and "waits" not in reply


# -- no leak through any socket ------------------------------------------------------------


def _secrets(rules: str, game: Any, seat: int) -> list[str]:
    """What no other seat may see of ``seat`` now, as a state message would write it:
    its whole hand (and, in Piquet, the talon's cards nobody has taken)."""
    out = []
    if rules == "ninety-nine":
        hand = [str(c) for c in game.hand(seat)]
        if game.premium is not None and game.premium == (seat, "reveal"):
            return out  # a revealed hand is played face up: everyone sees it
        if len(hand) >= 3:
            out.append(json.dumps(sorted(hand, key=hand.index)))
            out.append(json.dumps(list(game.observation(seat)["hand"])))
    else:
        obs = game.observation(seat)
        if len(obs.get("hand", "").split()) >= 3:
            out.append(obs["hand"])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["piquet", "ninety-nine"])
def test_no_message_shows_another_hand_the_talon_or_the_seed(rules: str) -> None:
    """Every seat played by a person at random, plus a spectator: each message is checked
    against the game rebuilt from the log at that moment."""
    players = find_card_game(rules).players

    async def scenario() -> tuple[LiveGame, list[Inbox]]:
        clock = Clock()
        manager = Manager(Store("sqlite:///:memory:"), clock=clock)
        made = await manager.create(
            {
                "rules": rules,
                "options": SHORT[rules],
                "seats": ["human"] * players,
                "policy": {**FAST, "claim_seconds": None},
            }
        )
        game = manager.get(made["id"])
        assert game is not None
        inboxes = [Inbox(p, lambda: game.seq) for p in range(players)]
        inboxes.append(Inbox(SPECTATOR, lambda: game.seq))
        for inbox in inboxes:
            await game.connect(inbox.conn)
        rng = random.Random(3)
        for _ in range(20000):
            match = game.match
            if match.is_over():
                break
            waiting = [s for s in match.to_act() if s not in game.pending]
            if not waiting:
                clock.now += 1
                await game.pump()
                continue
            seat = rng.choice(waiting)
            action = match.format_action(rng.choice(match.legal_actions(seat)))
            await game.submit(seat, {"action": action, "hand": match.hand_number})
        await game.close()
        return game, inboxes

    game, inboxes = run(scenario())
    assert game.match.is_over()
    # the game as it stood after each logged action
    spec = find_card_game(rules)
    replay = spec.make_game(game.row.options, game.row.seed)
    hidden: dict[int, list[list[str]]] = {}

    def snapshot() -> list[list[str]]:
        """Each seat's secrets, then (Piquet) the talon's cards as secrets of nobody's
        for the viewers who have not been shown any of them (elder's peek, the
        leftover seen by younger or exposed): one row per viewer after the seats'."""
        rows = [_secrets(rules, replay, s) for s in range(players)]
        if rules == "piquet" and replay.hand is not None:  # type: ignore[attr-defined]
            talon = replay.hand.talon  # type: ignore[attr-defined]
            cards = {str(c) for c in talon}
            for viewer in range(players):
                obs = replay.observation(viewer)
                shown = set(obs.get("peek", "").split()) | set((obs.get("leftover") or "").split())
                secret = len(talon) >= 3 and not cards & shown
                rows.append([format_cards(talon), format_cards(sort_hand(talon))] if secret else [])
        return rows

    hidden[0] = snapshot()
    for entry in game.store.log(game.id):
        replay.apply(entry.seat, replay.parse_action(entry.action))
        hidden[entry.seq] = snapshot()
    checked = 0
    for inbox in inboxes:
        for message, seq in zip(inbox.messages, inbox.positions, strict=True):
            if message.get("match_over"):
                continue
            text = json.dumps(message)
            assert game.row.salt not in text and f'"seed": {game.row.seed}' not in text
            assert str(game.row.seed) not in text
            me = inbox.conn.player
            for owner, secrets in enumerate(hidden[seq]):
                if owner == me:
                    continue
                if owner >= players and owner - players != me and me != SPECTATOR:
                    continue  # the talon row of another viewer
                for secret in secrets:
                    assert secret not in text, (rules, me, owner, secret)
            for e in message.get("events", []):
                assert e.get("to") in (None, None if me == SPECTATOR else me), e
            if me == SPECTATOR:
                assert not message["observation"]["hand"]
            checked += 1
    assert checked > 50
