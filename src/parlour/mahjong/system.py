"""Mahjong rule systems as the faces of parlour see them: :class:`MahjongSystem`.

Every mahjong rule system is one :class:`MahjongSystem`, made in its own package
(``parlour.mahjong.rules.<name>``) from its :class:`~parlour.mahjong.ruleset.Ruleset`
class (the table's hooks), its :class:`~parlour.mahjong.session.SessionRules` (the match),
its scorer (and settler, where the rulebook scores every hand) and its situation fields.
What every mahjong system shares is written here once: a match is a
:class:`~parlour.mahjong.session.Session`, a hand a :class:`~parlour.mahjong.table.Table`,
the bots are ``greedy`` and ``random``, the records are
:mod:`parlour.mahjong.records`, the server hosts a
:class:`~parlour.mahjong.hosted.MahjongHosted`, the terminal plays
:func:`parlour.mahjong.terminal.play` and a simulation plays single hands.

>>> from parlour.registry import find_system
>>> mcr = find_system("mcr")
>>> mcr.family, mcr.seats({}), mcr.bot_names()
('mahjong', 4, ('greedy', 'random'))
>>> table = mcr.new_hand({}, seed=1, index=2)
>>> table.dealer, sum(mcr.inventory(table).values())
(2, 144)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.core.match import hand_seed
from parlour.core.systems import Bot, RuleSystem, Scored
from parlour.mahjong.ruleset import Ruleset

if TYPE_CHECKING:
    from pathlib import Path

    from parlour.core.actions import Action
    from parlour.core.options import Option
    from parlour.core.records import ReplayStep, Report
    from parlour.core.views import Block
    from parlour.mahjong.session import Session, SessionRules
    from parlour.mahjong.table import Table

BOT_NAMES = ("greedy", "random")
"""The bots every mahjong rule system has."""


@dataclass(frozen=True, kw_only=True)
class MahjongSystem(RuleSystem):
    """A mahjong rule system (see the module docstring).

    ``ruleset`` is the table's ruleset class (None: not playable yet), ``session_rules``
    how a match runs (None: the plain :class:`SessionRules`, unless the ruleset gives
    its own from its options), ``scorer`` reads a situation dict (or a parsed
    situation) and scores it, ``settler`` settles a whole table, ``refusal`` is how a
    refused hand is called, ``pattern_word`` what its scoring lines are called.
    """

    family: ClassVar[str] = "mahjong"
    family_title: ClassVar[str] = "mahjong"
    record_game: ClassVar[str] = "mahjong"
    renderer: ClassVar[str] = "mahjong"
    unit: ClassVar[tuple[str, str]] = ("hand", "hands")
    play_flags: ClassVar[frozenset[str]] = frozenset(("--hands", "--fast"))
    hands_limit: ClassVar[bool] = True

    ruleset: type[Ruleset] | None = None
    session_rules: SessionRules | None = None
    scorer: Callable[[Any], Scored] | None = None
    settler: Callable[[Mapping[str, Any]], Scored] | None = None
    pattern_word: str = "scoring lines"

    # -- options and seats ------------------------------------------------------------

    def options(self) -> tuple[Option, ...]:
        return () if self.ruleset is None else self.ruleset.options_spec

    def make_ruleset(self, options: Mapping[str, Any] | None = None) -> Ruleset:
        """The table's ruleset with ``options`` (ValueError naming a bad one)."""
        self._refuse_unbuilt()
        assert self.ruleset is not None
        return self.ruleset(dict(options or {}))

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The options given, checked by the ruleset (as its tables keep them: the ones
        given), with walls that hold its tile set. The ruleset checks them against its
        ``options_spec`` (each option's domain, the rules over several:
        :func:`~parlour.core.options.check_options`), as every table and session does."""
        if not isinstance(given, Mapping):
            raise ValueError(f"options must be an object of name: value, not {given!r}")
        ruleset = self.make_ruleset(given)
        walls = ruleset.wall_of({})
        walls.check(ruleset.tiles_of({}), num_seats=ruleset.num_seats, hand_size=ruleset.hand_size)
        return dict(ruleset.options)

    def seats(self, options: Mapping[str, Any]) -> int:
        return self.make_ruleset(options).num_seats

    def match_rules(self, ruleset: Ruleset) -> SessionRules:
        """How a match of ``ruleset`` runs: its own rules when they follow its options,
        else this system's."""
        from parlour.mahjong.session import SessionRules

        return ruleset.session_rules() or self.session_rules or SessionRules()

    def num_players(self, options: Mapping[str, Any]) -> int:
        ruleset = self.make_ruleset(options)
        return self.match_rules(ruleset).num_players(ruleset.num_seats)

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
    ) -> Session:
        from parlour.mahjong.session import Session

        ruleset = self.make_ruleset(options)
        session_rules = self.match_rules(ruleset)
        if hands is not None:
            session_rules = replace(session_rules, max_hands=hands)
        return Session(
            ruleset=ruleset,
            seed=seed,
            players=None if players is None else list(players),
            session_rules=session_rules,
            ask_everyone=ask_everyone,
            always_asked=list(always_asked),
        )

    def new_hand(
        self, options: Mapping[str, Any], *, seed: int, index: int = 0, ask_everyone: bool = True
    ) -> Table:
        """Hand ``index`` of a run seeded ``seed``: dealt from ``hand_seed(seed, index)``
        by seat ``index`` modulo the seats."""
        from parlour.mahjong.table import Table

        ruleset = self.make_ruleset(options)
        return Table(
            ruleset,
            seed=hand_seed(seed, index),
            dealer=index % ruleset.num_seats,
            ask_everyone=ask_everyone,
        )

    def bot_names(self) -> tuple[str, ...]:
        return BOT_NAMES

    def make_bot(
        self,
        name: str,
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        ruleset: Ruleset | None = None,
    ) -> Bot:
        """The bot ``name``; a bot that weighs its hand by the rules (``greedy``) gets
        the table's ``ruleset`` (or one made with ``options``); an outside program
        (``botzone:COMMAND``) where the rule system takes one (:meth:`outside_bots`)."""
        from parlour.bots import make_bot

        if ":" in name and not self.is_outside_bot(name):
            raise ValueError(f"{self.name} takes no outside bot {name!r}")
        return make_bot(name, seed=seed, ruleset=ruleset or self.make_ruleset(options))

    def default_bots(self, seats: int) -> list[str]:
        return ["greedy" if s < 2 else "random" for s in range(seats)]

    def text_view(self, observation: Mapping[str, Any], names: Sequence[str]) -> str:
        from parlour.mahjong.terminal import seat_text

        return seat_text(observation, names)

    def make_encoder(
        self, seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]], **how: Any
    ) -> Any:
        from parlour.envs.mahjong import make_encoder

        return make_encoder(seats, samples, **how)

    # -- scoring ------------------------------------------------------------------------

    @property
    def scores(self) -> bool:
        return self.scorer is not None

    @property
    def settles(self) -> bool:
        return self.settler is not None

    def score(self, situation: Any) -> Scored:
        if self.scorer is None:
            return super().score(situation)
        return self.scorer(situation)

    def settle(self, table: Mapping[str, Any]) -> Scored:
        if self.settler is None:
            return super().settle(table)
        return self.settler(table)

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        """The flags' fields, the winning tile taken from the hand's ``+T`` when no
        ``--win`` is given."""
        from parlour.mahjong.situation import win_tile_from_hand

        win = win_tile_from_hand(values)
        return values if win is None else {**values, "win_tile": win}

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import lines_grid, payments_grid

        blocks = lines_grid(result)
        return [*blocks, payments_grid(result.payments)] if result.payments else blocks

    def settle_view(self, table: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import settlement_view

        return settlement_view(table, result)

    # -- records ------------------------------------------------------------------------

    def owns(self, game: Any) -> bool:
        from parlour.mahjong.session import Session
        from parlour.mahjong.table import Table

        return isinstance(game, Session | Table)

    def record_of(self, match: Any, **about: Any) -> dict[str, Any]:
        from parlour.mahjong.records import record_of

        return record_of(match)

    def check_record(self, record: Mapping[str, Any]) -> None:
        from parlour.mahjong.records import check_record

        check_record(record)

    def record_results(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        from parlour.mahjong.records import record_results

        return record_results(record)

    def replay_record(self, record: Mapping[str, Any]) -> Iterator[ReplayStep]:
        from parlour.mahjong.records import replay

        return replay(record)

    def replay_games(self, record: Mapping[str, Any]) -> Iterator[tuple[Any, int, Action]]:
        from parlour.mahjong.records import replay_games

        return replay_games(record)

    def validate_record(self, record: Mapping[str, Any]) -> Report:
        from parlour.mahjong.records import validate

        return validate(record)

    def replay_view(self, record: Mapping[str, Any], events: bool) -> Iterator[Block]:
        from parlour.mahjong.views import replay_view

        return replay_view(self.replay_record(record), events)

    def validate_text(self, report: Report) -> str:
        return f"{report.hands} hands, {report.moves} moves replayed, every score agrees"

    # -- faces --------------------------------------------------------------------------

    def host(self, options: Mapping[str, Any], **how: Any) -> Any:
        """The session (``how``: as :meth:`new_match` takes it) behind the server's seam."""
        from parlour.mahjong.hosted import MahjongHosted

        return MahjongHosted(self.new_match(options, **how))

    def spectator(self, game: Any) -> dict[str, Any]:
        table = game.current_table() if hasattr(game, "current_table") else game
        view: dict[str, Any] = table.spectator_observation()
        return view

    def play_at_terminal(self, options: Mapping[str, Any], **how: Any) -> None:
        from parlour.mahjong.terminal import play

        how.pop("deck", None)
        play(rules=self.name, options=dict(options), **how)

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
    ) -> dict[str, Any]:
        from parlour.mahjong.sim import play_hand

        return play_hand(
            bots,
            seed,
            index,
            record=record,
            rules=self.name,
            options=options,
            fast=fast,
            observe=observe,
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
        from parlour.mahjong.sim import summarise

        return summarise(bots, results)

    def write_simulation(self, summary: Mapping[str, Any], out: Path) -> None:
        from parlour.mahjong.sim import write_outputs

        write_outputs(dict(summary), out)

    def simulation_view(self, summary: Mapping[str, Any], seed: int) -> list[Block]:
        from parlour.mahjong.views import simulation_view

        return simulation_view(summary, self.name, self.pattern_word)

    # -- what the conformance suite checks ----------------------------------------------

    def inventory(self, game: Any) -> dict[str, int]:
        from parlour.mahjong.table import tile_count_check
        from parlour.mahjong.tiles import tile_name

        table = game.current_table() if hasattr(game, "current_table") else game
        counts = tile_count_check(table)
        return dict(Counter({tile_name(t): n for t, n in enumerate(counts) if n}))

    def private(self, game: Any, seat: int) -> list[str]:
        """The seat's concealed tiles as notation writes them (a hand of five tiles or
        more, which no public run of tiles could be mistaken for), while the hand is in
        play and not made public."""
        from parlour.mahjong.tiles import format_tiles

        table = game.current_table() if hasattr(game, "current_table") else game
        hand = table.hands[seat]
        if table.is_over() or seat in table.public or len(hand) < 5:
            return []
        return [format_tiles(hand)]


__all__ = ["BOT_NAMES", "MahjongSystem"]
