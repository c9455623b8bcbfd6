"""Card games as the faces of parlour see them: :class:`CardSystem`.

Every card game is one :class:`CardSystem`, made in its own package
(``parlour.cards.<game>``) around its :class:`~parlour.cards.games.CardGame` (how to
build a game from options, a seed and a pack order, its bots, its score keeper, its
terminal lines). What every card game shares is written here once: a match is one whole
game (a partie, a game of deals), the records are :mod:`parlour.cards.records`, the
server hosts a :class:`~parlour.cards.hosted.CardHosted`, the terminal plays
:func:`parlour.cards.terminal.play_cards` and a simulation plays whole games.

>>> from parlour.registry import find_system
>>> piquet = find_system("piquet")
>>> piquet.family, piquet.seats({}), piquet.bot_names(), piquet.unit
('cards', 2, ('heuristic', 'random'), ('deal', 'deals'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.core.records import ReplayStep
from parlour.core.rng import derive_seed
from parlour.core.systems import Bot, RuleSystem, Scored

if TYPE_CHECKING:
    from pathlib import Path

    from parlour.cards.games import CardGame
    from parlour.core.actions import Action
    from parlour.core.game import Game
    from parlour.core.options import Option
    from parlour.core.records import Report
    from parlour.core.views import Block


@dataclass(frozen=True, kw_only=True)
class CardSystem(RuleSystem):
    """A card game (see the module docstring): ``game`` is its
    :class:`~parlour.cards.games.CardGame`; ``match_word`` what one whole game is called
    in a simulation's title (``games``, ``parties``)."""

    family: ClassVar[str] = "cards"
    family_title: ClassVar[str] = "the card games"
    record_game: ClassVar[str] = "cards"
    renderer: ClassVar[str] = "cards"
    unit: ClassVar[tuple[str, str]] = ("deal", "deals")
    play_flags: ClassVar[frozenset[str]] = frozenset(("--deck",))

    game: CardGame
    match_word: str = "games"

    # -- options and seats ------------------------------------------------------------

    def options(self) -> tuple[Option, ...]:
        return self.game.options

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value, the ``given`` ones checked (by the game's ``resolve``,
        through :func:`~parlour.core.options.check_options` as every game it makes)."""
        self._refuse_unbuilt()
        return self.game.check_options(given)

    def seats(self, options: Mapping[str, Any]) -> int:
        return self.game.players

    # -- playing ------------------------------------------------------------------------

    def new_match(
        self,
        options: Mapping[str, Any],
        *,
        seed: int,
        players: Sequence[str] | None = None,
        hands: int | None = None,
        ask_everyone: bool = True,
        always_asked: Sequence[int] = (),
        deck: str | None = None,
    ) -> Game:
        """One whole game (its deals follow from ``seed``; ``deck`` deals the first)."""
        if hands is not None:
            raise ValueError(
                f"a {self.name} game is played to its end: its length is set by its options"
            )
        return self.game.make_game(options, seed, deck)

    def new_hand(
        self, options: Mapping[str, Any], *, seed: int, index: int = 0, ask_everyone: bool = True
    ) -> Game:
        """Whole game ``index`` of a run seeded ``seed`` (a simulation's unit)."""
        return self.game.make_game(options, derive_seed("cards-game", seed, index))

    def check_deck(self, deck: str, options: Mapping[str, Any]) -> None:
        self.game.parse_deck(deck, options)

    def bot_names(self) -> tuple[str, ...]:
        return tuple(self.game.bot_names())

    def bot_aliases(self) -> tuple[str, ...]:
        from parlour.cards.games import BOT_ALIASES

        return tuple(BOT_ALIASES)

    def make_bot(
        self, name: str, *, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Bot:
        bot: Bot = self.game.make_bot(name, seed)
        return bot

    def default_bots(self, seats: int) -> list[str]:
        return ["heuristic" if s < 2 else "random" for s in range(seats)]

    def text_view(self, observation: Mapping[str, Any], names: Sequence[str]) -> str:
        return "\n".join(self.game.render(observation, names))

    def make_encoder(
        self, seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]], **how: Any
    ) -> Any:
        from parlour.envs.cards import make_encoder

        return make_encoder(seats, samples, **how)

    # -- scoring ------------------------------------------------------------------------

    @property
    def scores(self) -> bool:
        return True

    def score(self, situation: Mapping[str, Any]) -> Scored:
        return self.game.score(situation)

    # -- records ------------------------------------------------------------------------

    def owns(self, game: Any) -> bool:
        from parlour.registry import registry

        return any(
            isinstance(s, CardSystem) and isinstance(game, s.game.kind) for s in registry.playable()
        )

    def record_of(self, match: Any, **about: Any) -> dict[str, Any]:
        from parlour.cards.records import card_record
        from parlour.registry import registry

        name = next(
            s.name
            for s in registry.playable()
            if isinstance(s, CardSystem) and isinstance(match, s.game.kind)
        )
        about.setdefault("seed", match.seed)
        return card_record(name, match, **about)

    def check_record(self, record: Mapping[str, Any]) -> None:
        from parlour.cards.records import check_card_record

        check_card_record(record)

    def replay_record(self, record: Mapping[str, Any]) -> Iterator[ReplayStep]:
        from parlour.cards.records import replay_card_record

        for move, deal, seat, action, events in replay_card_record(record):
            yield ReplayStep(deal, move, seat, action, events)

    def replay_games(self, record: Mapping[str, Any]) -> Iterator[tuple[Game, int, Action]]:
        from parlour.cards.records import replay_card_games

        return replay_card_games(record)

    def validate_record(self, record: Mapping[str, Any]) -> Report:
        from parlour.cards.records import validate_card_record

        return validate_card_record(record)

    def replay_view(self, record: Mapping[str, Any], events: bool) -> Iterator[Block]:
        import json

        from parlour.cards.records import names_of
        from parlour.cards.terminal import card_names
        from parlour.core.views import Line
        from parlour.registry import find_system

        system = find_system(record["rules"])
        assert isinstance(system, CardSystem)
        spec = system.game
        names = card_names(names_of(record))
        game = spec.make_game(record.get("options") or {}, record["seed"], record.get("deck"))
        deal = 0
        for step in self.replay_record(record):
            if step.hand != deal:
                deal = step.hand
                yield Line(f"deal {deal}", bold=True)
            if events and step.action is not None and step.seat is not None:
                text = game.format_action(step.action)
                yield Line(f"{step.move:4d}. {names[step.seat]}: {text}")
            for e in step.events:
                line = spec.narrate(e, names)
                if line and (events or e.kind != "play"):
                    yield Line("      " + line if events else line)
        if record.get("result") is not None:
            yield Line(f"result: {json.dumps(record['result'])}")

    def validate_text(self, report: Report) -> str:
        return f"{report.hands} deals, {report.moves} moves replayed, the result agrees"

    # -- faces --------------------------------------------------------------------------

    def host(self, options: Mapping[str, Any], **how: Any) -> Any:
        """The whole game behind the server's seam (each seat asked in turn: ``how``'s
        asking settings do not apply)."""
        from parlour.cards.hosted import CardHosted

        return CardHosted(self.name, options, seed=how["seed"], players=how["players"])

    def spectator(self, game: Any) -> dict[str, Any]:
        return self.game.spectator(game)

    def play_at_terminal(self, options: Mapping[str, Any], **how: Any) -> None:
        from parlour.cards.terminal import play_cards

        how.pop("hands", None)
        play_cards(self.name, options=dict(options), **how)

    def record_results(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """A card game's record is one unit: its winners and scores."""
        from parlour.cards.games import find_card_game

        result = record.get("result")
        if not isinstance(result, Mapping):
            return []
        winners, scores = find_card_game(self.name).outcome(result)
        return [{"winners": list(winners), "scores": list(scores)}]

    def play_one(
        self,
        bots: Sequence[str],
        seed: int,
        index: int,
        options: Mapping[str, Any],
        *,
        record: bool = False,
        fast: bool = False,
        observe: bool = True,
        deck: str | None = None,
    ) -> dict[str, Any]:
        from parlour.cards.sim import play_card_game

        return play_card_game(
            self.name, bots, derive_seed("cards-game", seed, index), options, deck, record
        )

    def summarise(
        self,
        bots: Sequence[str],
        results: Sequence[dict[str, Any]],
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        deck: str | None = None,
    ) -> dict[str, Any]:
        from parlour.cards.sim import summarise

        return summarise(self.name, bots, results, seed=seed, options=options or {}, deck=deck)

    def write_simulation(self, summary: Mapping[str, Any], out: Path) -> None:
        from parlour.cards.sim import write_card_outputs

        write_card_outputs(summary, out)

    def simulation_view(self, summary: Mapping[str, Any], seed: int) -> list[Block]:
        from parlour.core.views import Line, seats_grid

        title = f"{summary['games']:,} {self.name} {self.match_word} · seed {seed}"
        grid = seats_grid(title, summary["seats"])
        stats = ", ".join(f"{k} {v:.2f}" for k, v in summary["stats"].items())
        length = summary["actions_per_game"]
        return [
            grid,
            Line(f"per game: {stats}"),
            Line(
                f"actions per game: mean {length['mean']:.1f}, min {length['min']}, "
                f"max {length['max']}"
            ),
        ]

    # -- what the conformance suite checks ----------------------------------------------

    def inventory(self, game: Any) -> dict[str, int]:
        return dict(Counter(str(c) for c in self.game.inventory(game)))

    def private(self, game: Any, seat: int) -> list[str]:
        return sorted(str(c) for c in self.game.private(game, seat))


def pairs(flag: str, text: str, example: str) -> dict[str, str]:
    """``A=5,B=5,C=2`` as {player: text}, in the order given; InvalidHand naming
    ``flag`` when it is not pairs.

    >>> pairs("--tricks", "A=7, B=1", "A=7,B=1,C=1")
    {'A': '7', 'B': '1'}
    """
    from parlour.core.errors import InvalidHand

    out: dict[str, str] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InvalidHand(
                f"{flag} is PLAYER=VALUE pairs separated by commas, such as {example}, not {text!r}"
            )
        if key in out:
            raise InvalidHand(f"{flag} names {key} twice")
        out[key] = value
    return out


__all__ = ["CardSystem", "pairs"]
