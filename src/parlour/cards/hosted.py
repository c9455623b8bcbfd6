"""A card game as the server hosts it: :class:`CardHosted`, one card
:class:`~parlour.core.game.Game` (a whole Ninety-Nine game, a Piquet partie) behind the
server's :class:`~parlour.server.hosted.Hosted` seam; its deals are the hands, the
players keep their seats, and a window is any moment when more than one seat is to act
(Ninety-Nine's bids and its premium offers).

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
from typing import Any

from parlour.bots import Bot
from parlour.cards.games import CardGame, find_card_game
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, Game

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

    def help(self, seat: int) -> dict[str, Any]:
        """A card seat's help adds nothing to whether an action is allowed."""
        return {}


def _standings(scores: Sequence[int], names: Sequence[str]) -> list[dict[str, Any]]:
    from parlour.core.match import standings

    return standings(scores, names)


__all__ = ["CardHosted"]
