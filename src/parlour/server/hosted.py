"""The seam between the server and the games it hosts: a match in play.

:class:`~parlour.server.live.LiveGame` drives bots, clocks, windows, the log and the
sockets of any game through :class:`Hosted`, a small protocol over numbered players
and the seats of the hand (or deal) being played: who is to act, their legal actions,
a simultaneous *window* (every asked seat answers, and the answers are applied
together), applying an action, what each seat (or a spectator) sees, the events of the
hand, and the match's standing, record and replay. Two families implement it:

- :class:`MahjongHosted`, a mahjong :class:`~parlour.mahjong.session.Session` (hands
  dealt one after another, seats changing with the rounds, claim windows, the turn
  clock's fallback and the auto-actions of a mahjong player);
- :class:`CardHosted`, one card :class:`~parlour.core.game.Game` (a whole Ninety-Nine
  game, a Piquet partie) whose deals are the hands; the players keep their seats; a
  window is any moment when more than one seat is to act (Ninety-Nine's bids and its
  premium offers).

>>> match = CardHosted("ninety-nine", {}, seed=3, players=["A", "B", "C"])
>>> match.family, match.hand_number, match.to_act(), match.window() is not None
('cards', 1, (0, 1, 2), True)
>>> len(match.legal_actions(1)), match.legal_actions(1)[0][0]
(220, 'bid')
>>> [e.kind for e in match.events()][:2]
['deal', 'hand']
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from parlour.bots import Bot, RandomBot, make_bot
from parlour.cards.games import CardGame, find_card_game, is_card_game
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, Game
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.mahjong.table import TURN

AUTO_KEYS = ("pass_chow", "pass_pung", "pass_kong", "discard_drawn")
"""The auto-actions a mahjong player may set (a card player has none)."""


class Hosted(Protocol):
    """A match as the server hosts it (see the module docstring).

    Players are numbered from 0 (as the table was created); ``seat_of`` and
    ``player_at`` map them to the seats of the hand in play. ``hand_number`` counts
    the hands (deals) from 1. ``window()`` is the simultaneous window open now (the
    same object as long as it stays open, a new one for the next), or None when one
    seat acts in turn. ``apply`` returns True when the action ended a hand (the next
    one, if any, is dealt at once and its opening events are in ``events()``).
    """

    family: str
    num_players: int
    players: list[str]
    auto_keys: tuple[str, ...]

    @property
    def hand_number(self) -> int: ...

    @property
    def scores(self) -> list[int]: ...

    def is_over(self) -> bool: ...

    def seat_of(self, player: int) -> int | None: ...

    def player_at(self, seat: int) -> int: ...

    def to_act(self) -> tuple[int, ...]: ...

    def window(self) -> object | None: ...

    def window_seats(self) -> Sequence[int]:
        """Every seat the open window asks (empty when none is open)."""
        ...

    def turn_seat(self) -> int | None:
        """The seat whose turn clock runs now (None: nobody's)."""
        ...

    def moves(self) -> int:
        """Actions applied so far in the hand in play (a turn clock restarts when it
        changes)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def read(self, seat: int, text: str) -> Action:
        """``text`` as an action ``seat`` may take now; IllegalAction or NotationError
        saying why not."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def format_action(self, action: Action) -> str: ...

    def apply(self, seat: int, action: Action, hand: int) -> bool: ...

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator, who sees only what is public), with
        the match's standing under ``match``."""
        ...

    def events(self) -> Sequence[Event]:
        """The events of the hand in play, from its deal."""
        ...

    def public_step(self) -> int:
        """How many events everyone has seen so far (every hand's)."""
        ...

    def last_hand(self) -> dict[str, Any] | None:
        """The last finished hand's summary (None before one ends): the same object
        until another hand ends."""
        ...

    def final(self) -> dict[str, Any]:
        """What the state message adds once the match is over."""
        ...

    def make_bot(self, kind: str, seed: int) -> Bot: ...

    def decide(self, bot: Bot, seat: int, legal: Sequence[Action]) -> Action:
        """``bot``'s choice for ``seat`` among ``legal``."""
        ...

    def auto_answer(
        self, seat: int, legal: Sequence[Action], prefs: Mapping[str, bool], *, window: bool
    ) -> Action | None:
        """The answer ``prefs`` (a player's auto-actions) give now, or None."""
        ...

    def clock_answer(self, seat: int, legal: Sequence[Action]) -> Action:
        """What a seat does when its turn clock runs out."""
        ...

    def record(self) -> dict[str, Any]:
        """The record of the match (``parlour validate`` reads it)."""
        ...

    def replay(self, hand: int) -> list[dict[str, Any]]:
        """Every state of a finished hand, move by move (the match is over)."""
        ...


# -- mahjong -------------------------------------------------------------------------------


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
        rules: Any = None,
    ) -> MahjongHosted:
        """A new session of ``ruleset_name`` (``hands``: play only so many)."""
        if rules is None:
            rules = rules_of(make_ruleset(ruleset_name, options))
            if hands is not None:
                rules = replace(rules, max_hands=hands)
        session = Session(
            ruleset_name,
            dict(options),
            seed=seed,
            players=list(players),
            rules=rules,
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
        from parlour.mahjong.table import Table

        session = self.session
        played = session.tables[hand - 1]
        setup = session.setups[hand - 1]
        table = Table(
            session.ruleset,
            seed=setup.seed,
            dealer=setup.dealer,
            prevalent=setup.prevailing or "E",
            streak=setup.streak,
            flags=dict(setup.flags),
            ask_everyone=played.ask_everyone,
            ask_always=played.ask_always,
        )

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


# -- the card games ------------------------------------------------------------------------

_DEAL_ENDS = frozenset(("deal_end", "hand_end"))
"""The events that end a deal (Ninety-Nine's, Piquet's)."""
_DEAL_STARTS = frozenset(("deal", "game_start"))
"""The first event of a new deal (or of the game whose first deal it will be)."""


class CardHosted:
    """One card game (a whole game or partie) behind the seam: its deals are the hands,
    player ``p`` sits at seat ``p`` throughout, and a window is any moment when more
    than one seat is to act.

    >>> match = CardHosted("piquet", {"partie": "single_game"}, seed=1, players=["A", "B"])
    >>> seat = match.to_act()[0]
    >>> match.window(), match.turn_seat() == seat, match.legal_actions(1 - seat)
    (None, True, [])
    >>> "hand" in match.observation(None) and match.observation(None)["hand"]
    ''
    """

    family = "cards"
    auto_keys: tuple[str, ...] = ()

    def __init__(
        self,
        name: str,
        options: Mapping[str, Any],
        *,
        seed: int,
        players: Sequence[str],
    ) -> None:
        self.spec: CardGame = find_card_game(name)
        self.name = name
        self.seed = seed
        self.game: Game = self.spec.make_game(options, seed)
        self.num_players = self.spec.players
        self.players = list(players)
        self.number = 1
        self._events: list[Event] = list(self.spec.start_events(self.game))
        self._public = sum(1 for e in self._events if e.to is None)  # earlier hands'
        self._finished: list[dict[str, Any]] = []  # each finished hand's summary
        self._window: tuple[int, str, int] | None = None  # (deal, phase, opened at)
        self._window_seats: tuple[int, ...] = ()
        self._moves = 0
        self._look_for_window()

    @property
    def hand_number(self) -> int:
        return self.number

    @property
    def scores(self) -> list[int]:
        result = self.game.result()
        if result is not None:
            return list(result["scores"])
        obs = self.game.observation(0)
        return list(obs["totals"] if "totals" in obs else obs["scores"])

    def is_over(self) -> bool:
        return self.game.is_over()

    def seat_of(self, player: int) -> int | None:
        return player if 0 <= player < self.num_players else None

    def player_at(self, seat: int) -> int:
        return seat

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act()

    def _look_for_window(self) -> None:
        """Open a new window when several seats are asked at once; it stays open (the
        same object) while its answers are applied one by one, and closes when the
        game moves on to another phase or deal."""
        seats = self.game.to_act()
        key = (self.number, str(getattr(self.game, "phase", "")))
        if self._window is not None and self._window[:2] == key and seats:
            return
        if len(seats) > 1:
            self._window = (*key, len(self._events))
            self._window_seats = tuple(seats)
        else:
            self._window, self._window_seats = None, ()

    def window(self) -> object | None:
        return self._window

    def window_seats(self) -> Sequence[int]:
        return self._window_seats

    def turn_seat(self) -> int | None:
        seats = self.game.to_act()
        return seats[0] if self._window is None and seats else None

    def moves(self) -> int:
        return self._moves

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(seat)

    def read(self, seat: int, text: str) -> Action:
        action = self.game.parse_action(text)
        if action not in self.game.legal_actions(seat):
            if seat not in self.game.to_act():
                raise IllegalAction("it is not your turn")
            raise IllegalAction(f"{text.strip()} is not one of your actions now")
        return action

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def format_action(self, action: Action) -> str:
        return self.game.format_action(action)

    def apply(self, seat: int, action: Action, hand: int) -> bool:
        if hand != self.number:
            raise IllegalAction(f"the action is for deal {hand}, but deal {self.number} is played")
        events = self.game.apply(seat, action)
        self._moves += 1
        end = next((i for i, e in enumerate(events) if e.kind in _DEAL_ENDS), None)
        if end is None:
            self._events.extend(events)
            self._public += sum(1 for e in events if e.to is None)
            self._look_for_window()
            return False
        start = next(
            (i for i in range(end + 1, len(events)) if events[i].kind in _DEAL_STARTS),
            len(events),
        )
        closing, opening = events[:start], events[start:]
        self._events.extend(closing)
        summary = dict(events[end].to_json())
        self._finished.append(
            {
                "number": self.number,
                "result": summary,
                "events": [e.to_json() for e in closing[end:] if e.to is None],
                "seat_names": list(self.players),
            }
        )
        if opening:
            self.number += 1
            self._events = list(opening)
            self._moves = 0
        self._public += sum(1 for e in events if e.to is None)
        self._window, self._window_seats = None, ()
        self._look_for_window()
        return True

    def observation(self, seat: int | None) -> dict[str, Any]:
        if seat is None:
            obs = self.spec.spectator(self.game)
            obs["legal"] = []
        else:
            obs = self.game.observation(seat)
            obs["legal"] = [self.game.format_action(a) for a in self.game.legal_actions(seat)]
        obs["family"] = "cards"
        obs["rules"] = self.name
        obs["match"] = {
            "hand": self.number,
            "over": self.game.is_over(),
            "players": [{"name": n, "seat": p} for p, n in enumerate(self.players)],
        }
        return obs

    def events(self) -> Sequence[Event]:
        return self._events

    def public_step(self) -> int:
        return self._public

    def last_hand(self) -> dict[str, Any] | None:
        return self._finished[-1] if self._finished else None

    def final(self) -> dict[str, Any]:
        result = self.game.result() or {}
        scores = list(result.get("scores", ()))
        history = []
        for hand in self._finished:
            data = hand["result"]
            history.append(list(data.get("points", data.get("scores", ()))))
        return {
            "results": {
                "scores": scores,
                "result": result,
                "hands": len(self._finished),
                "complete": self.game.is_over(),
                "standings": _standings(scores, self.players),
            },
            "score_history": history,
        }

    def make_bot(self, kind: str, seed: int) -> Bot:
        bot: Bot = self.spec.make_bot(kind, seed)
        return bot

    def decide(self, bot: Bot, seat: int, legal: Sequence[Action]) -> Action:
        return bot.act(self.game.observation(seat), legal)

    def auto_answer(
        self, seat: int, legal: Sequence[Action], prefs: Mapping[str, bool], *, window: bool
    ) -> Action | None:
        return None

    def clock_answer(self, seat: int, legal: Sequence[Action]) -> Action:
        return self.decide(self.make_bot("heuristic", self.seed + 300 + seat), seat, legal)

    def record(self) -> dict[str, Any]:
        from parlour.cards.records import card_record

        return card_record(self.name, self.game, seed=self.seed, players=self.players)

    def replay(self, hand: int) -> list[dict[str, Any]]:
        """Every step of deal ``hand``: the action and the events it caused (the game
        is over: nothing is hidden any more)."""
        from parlour.cards.records import replay_card_record

        steps = []
        for _, deal, seat, action, events in replay_card_record(self.record()):
            if deal != hand:
                continue
            steps.append(
                {
                    "seat": seat,
                    "name": None if seat is None else self.players[seat],
                    "action": None if action is None else self.game.format_action(action),
                    "events": json.loads(json.dumps([e.to_json() for e in events])),
                }
            )
        return steps


def _standings(scores: Sequence[int], names: Sequence[str]) -> list[dict[str, Any]]:
    from parlour.core.match import standings

    return standings(scores, names)


def host(
    rules: str,
    options: Mapping[str, Any],
    *,
    seed: int,
    players: Sequence[str],
    hands: int | None = None,
    ask_everyone: bool = False,
    always_asked: Sequence[int] = (),
) -> Hosted:
    """The match of rule system ``rules`` (a mahjong ruleset or a card game)."""
    if is_card_game(rules):
        return CardHosted(rules, options, seed=seed, players=players)
    return MahjongHosted.make(
        rules,
        options,
        seed=seed,
        players=players,
        hands=hands,
        ask_everyone=ask_everyone,
        always_asked=always_asked,
    )


__all__ = ["AUTO_KEYS", "CardHosted", "Hosted", "MahjongHosted", "host"]
