"""A mahjong match as the server hosts it: :class:`MahjongHosted`, a
:class:`~parlour.mahjong.session.Session` behind the server's
:class:`~parlour.server.hosted.Hosted` seam (hands dealt one after another, seats changing
with the rounds, claim windows, the turn clock's fallback and the auto-actions of a
mahjong player).

>>> match = MahjongHosted.make("mcr", {}, seed=3, players=["A", "B", "C", "D"])
>>> match.family, match.hand_number, match.to_act(), match.window() is None
('mahjong', 1, (0,), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from parlour.bots import Bot, RandomBot, make_bot, show_events
from parlour.core.actions import Action
from parlour.core.errors import ParlourError
from parlour.core.game import Event
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.mahjong.table import TURN
from parlour.mahjong.tiles import format_tiles

AUTO_KEYS = ("pass_chow", "pass_pung", "pass_kong", "discard_drawn")
"""The auto-actions a mahjong player may set."""


class MahjongHosted:
    """A mahjong :class:`Session` behind the seam; ``session`` is the session itself."""

    family = "mahjong"
    auto_keys: tuple[str, ...] = AUTO_KEYS

    def __init__(self, session: Session) -> None:
        self.session = session
        self.num_players = session.num_players
        self.players = list(session.players)
        self._step_count: tuple[int, int, int, int] = (0, 0, 0, 0)  # see public_step
        self._last_hand: tuple[int, dict[str, Any]] | None = None

    @classmethod
    def make(
        cls,
        ruleset_name: str,
        options: Mapping[str, Any],
        *,
        seed: int,
        players: Sequence[str],
        hands: int | None = None,
        ask_everyone: bool = False,
        always_asked: Sequence[int] = (),
        session_rules: Any = None,
        rules: Any = None,
    ) -> MahjongHosted:
        """A new session of ``ruleset_name`` (``hands``: play only so many;
        ``session_rules``, or by its older name ``rules``: the session rules)."""
        session_rules = session_rules if session_rules is not None else rules
        if session_rules is None:
            session_rules = rules_of(make_ruleset(ruleset_name, options))
            if hands is not None:
                session_rules = replace(session_rules, max_hands=hands)
        session = Session(
            ruleset_name,
            dict(options),
            seed=seed,
            players=list(players),
            session_rules=session_rules,
            ask_everyone=ask_everyone,
            always_asked=list(always_asked),
        )
        return cls(session)

    @property
    def hand_number(self) -> int:
        return self.session.hand_number

    @property
    def scores(self) -> list[int]:
        return list(self.session.scores)

    def is_over(self) -> bool:
        return self.session.is_over()

    def seat_of(self, player: int) -> int | None:
        return self.session.seat_of(player)

    def player_at(self, seat: int) -> int:
        return self.session.player_at(seat)

    def to_act(self) -> tuple[int, ...]:
        return self.session.current_table().to_act()

    def window(self) -> object | None:
        table = self.session.current_table()
        w = table.window
        if table.phase != TURN and w is not None and not w.ordered:
            return w
        return None

    def window_seats(self) -> Sequence[int]:
        w = self.session.current_table().window
        return () if w is None else w.seats

    def turn_seat(self) -> int | None:
        table = self.session.current_table()
        return table.current if table.phase == TURN else None

    def moves(self) -> int:
        return len(self.session.current_table().actions)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.session.current_table().legal_actions(seat)

    def read(self, seat: int, text: str) -> Action:
        table = self.session.current_table()
        return table.check(seat, table.parse_action(text))

    def parse_action(self, text: str) -> Action:
        return self.session.current_table().parse_action(text)

    def format_action(self, action: Action) -> str:
        return self.session.current_table().format_action(action)

    def apply(self, seat: int, action: Action, hand: int) -> bool:
        table = self.session.current_table()
        self.session.apply(seat, action, hand=hand)
        return table.is_over()

    def observation(self, seat: int | None) -> dict[str, Any]:
        table = self.session.current_table()
        obs = table.spectator_observation() if seat is None else table.observation(seat)
        obs["match"] = self.session.match_view()
        return obs

    def events(self) -> Sequence[Event]:
        return self.session.current_table().events

    def public_step(self) -> int:
        tables = self.session.tables
        done_hands, done_count, scanned, count = self._step_count
        if done_hands != len(tables) - 1:
            done_count = sum(1 for t in tables[:-1] for e in t.events if e.to is None)
            done_hands, scanned, count = len(tables) - 1, 0, 0
        events = tables[-1].events
        count += sum(1 for e in events[scanned:] if e.to is None)
        self._step_count = (done_hands, done_count, len(events), count)
        return done_count + count

    def last_hand(self) -> dict[str, Any] | None:
        session = self.session
        finished = len(session.outcomes)
        if not finished:
            return None
        cached = self._last_hand
        if cached is None or cached[0] != finished:
            last = session.tables[finished - 1]
            cached = self._last_hand = (
                finished,
                {
                    "number": finished,
                    "result": last.result(),
                    "seat_names": [last.seat_name(s) for s in range(last.num_seats)],
                    "revealed": [e.to_json() for e in last.events if e.kind == "win"],
                },
            )
        return cached[1]

    def finished_table(self, player: int | None) -> dict[str, Any] | None:
        """The last finished hand's table as it ended, seen by ``player`` (None: a
        spectator), or None before a hand ends: ``number``, the seat's end-of-hand
        ``observation`` of that table (its winds, every river, the melds as the end
        shows them, the seat's own tiles; ``match`` gives the players' seats of that
        hand), ``hands``: each seat's concealed tiles where the rules reveal them at
        the end (a winner's, a hand laid open, every hand the rules score), else None,
        and ``wins``: each winner's seat and winning tile. Only a finished table: the
        hand in play is never in it.

        >>> match = MahjongHosted.make("mcr", {}, seed=3, players=["A", "B", "C", "D"])
        >>> match.finished_table(0) is None
        True
        >>> while match.hand_number == 1:  # the last action offered, every time
        ...     seat = match.to_act()[0]
        ...     _ = match.apply(seat, match.legal_actions(seat)[-1], 1)
        >>> table = match.finished_table(1)
        >>> table["number"], table["observation"]["phase"], table["wins"]
        (1, 'over', [])

        A drawn hand of MCR shows nobody's concealed tiles but the player's own:

        >>> table["hands"]
        [None, '1122558m', None, None]
        """
        session = self.session
        finished = len(session.outcomes)
        if not finished:
            return None
        table = session.tables[finished - 1]
        seating = list(session.setups[finished - 1].seating)
        seat = seating.index(player) if player is not None and player in seating else None
        obs = table.spectator_observation() if seat is None else table.observation(seat)
        obs["legal"] = []
        obs["to_act"] = []
        view = session.match_view()
        view["hand"] = finished
        for p, entry in enumerate(view["players"]):
            entry["seat"] = seating.index(p) if p in seating else None
        obs["match"] = view
        result = table.result() or {}
        hands: list[str | None] = list(obs.get("public_hands") or [None] * table.num_seats)
        scored = result.get("scores")
        if isinstance(scored, list):  # the rules score every seat's hand: all shown
            for s, score in enumerate(scored):
                if score and s < len(hands):
                    hands[s] = format_tiles(sorted(table.hands[s]))
        wins = []
        for e in table.events:
            if e.kind == "win" and e.seat is not None:
                shown = e.to_json()
                hands[e.seat] = shown["hand"]
                wins.append({"seat": e.seat, "tile": shown["tile"]})
        if seat is not None:
            hands[seat] = obs["hand"]
        return {"number": finished, "observation": obs, "hands": hands, "wins": wins}

    def final(self) -> dict[str, Any]:
        session = self.session
        totals = [session.match_rules.starting_score] * session.num_players
        history = []
        for o in session.outcomes:
            totals = [a + b for a, b in zip(totals, o.payments, strict=True)]
            history.append(list(totals))
        return {"results": session.results(), "score_history": history}

    def make_bot(self, kind: str, seed: int) -> Bot:
        return make_bot(kind, seed=seed, ruleset=self.session.ruleset)

    def decide(self, bot: Bot, seat: int, legal: Sequence[Action]) -> Action:
        table = self.session.current_table()
        # the random bot never reads its observation: none is built for it
        observation = {} if type(bot) is RandomBot else table.observation(seat)
        show_events(bot, table.events, seat)
        return bot.act(observation, legal)

    def auto_answer(
        self, seat: int, legal: Sequence[Action], prefs: Mapping[str, bool], *, window: bool
    ) -> Action | None:
        if window:
            wanted = {"chow": "pass_chow", "pung": "pass_pung", "kong": "pass_kong"}
            if all(a[0] == "pass" or (a[0] in wanted and prefs.get(wanted[a[0]])) for a in legal):
                return Action("pass")
            return None
        if not prefs.get("discard_drawn"):
            return None
        drawn = self._drawn(seat, legal)
        if drawn is not None and not any(a[0] == "win" for a in legal):
            return drawn
        return None

    def _drawn(self, seat: int, legal: Sequence[Action]) -> Action | None:
        """Discarding the tile ``seat`` has just drawn, if that is legal."""
        table = self.session.current_table()
        drawn = table.last_drawn(seat) if table.drew else None
        return next((a for a in legal if a[0] == "discard" and a[1] == drawn), None)

    def clock_answer(self, seat: int, legal: Sequence[Action]) -> Action:
        return self._drawn(seat, legal) or next((a for a in legal if a[0] == "discard"), legal[-1])

    def record(self) -> dict[str, Any]:
        from parlour.records import record_of

        return record_of(self.session)

    def replay(self, hand: int) -> list[dict[str, Any]]:
        session = self.session
        played = session.tables[hand - 1]
        setup = session.setups[hand - 1]
        table: Any = session.match_rules.new_game(session, setup)  # dealt as it was

        def snapshot(seat: int | None, action: str | None) -> dict[str, Any]:
            seats = []
            for s in range(table.num_seats):
                obs = table.observation(s)
                seats.append(
                    {
                        "name": session.players[setup.seating[s]],
                        "seat_name": obs["seat_name"],
                        "hand": obs["hand"],
                        "melds": obs["melds"][s],
                        "discards": obs["discards"][s],
                        "bonus": obs["bonus"][s],
                    }
                )
            return {"seat": seat, "action": action, "wall": table.wall.live(), "seats": seats}

        steps = [snapshot(None, None)]
        for seat, action in played.actions:
            table.apply(seat, action)
            steps.append(snapshot(seat, table.format_action(action)))
        return steps

    def help(self, seat: int) -> dict[str, Any]:
        """The waits of the seat's ready hand, with the copies unseen."""
        from parlour.mahjong.shapes import waits
        from parlour.mahjong.tiles import tile_name

        table = self.session.current_table()
        hand = table.hands[seat]
        visible = [t for d in table.discards for t in d]
        for melds in table.melds:
            visible += [t for m in melds if m.exposed for t in m.tiles]
        try:
            found = waits(hand, table.melds[seat], visible=visible) if len(hand) % 3 == 1 else {}
            return {"waits": {tile_name(t): n for t, n in found.items()}}
        except (ParlourError, ValueError):
            return {"waits": {}}


__all__ = ["AUTO_KEYS", "MahjongHosted"]
