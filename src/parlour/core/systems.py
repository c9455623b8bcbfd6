"""Rule systems as data: one descriptor per rule system, found by name through a registry.

A :class:`RuleSystem` says everything the faces of parlour (the command line,
:func:`parlour.score`, records, the server, simulation, the terminal, bots, the learning
environments) need to know about one rule system or card game: what it is (name,
aliases, title, family, players, status, source), its options, how to start a match or
a single hand (deal), its *situation* (the fields its scorer reads, each with its
meaning and the flag of ``parlour score`` that sets it), its scorer and settler, its
bots by name, its records, its views, and its observation encoders. The faces read the
descriptor and never test a rule system's name or family.

A family of games (mahjong, the card games) subclasses :class:`RuleSystem` once with
the machinery its systems share (the mahjong table and session, the card deals); a rule
system is then one instance, made and registered in the rule system's own package. A
:class:`Registry` finds them by name or alias (:mod:`parlour.registry` holds parlour's).

>>> reg = Registry()
>>> _ = reg.register(RuleSystem(name="demo", title="a demonstration", players=(2,),
...                         status=PLANNED, aliases=("sample",)))
>>> reg.find("sample").name, [s.name for s in reg.systems()]
('demo', ['demo'])
>>> reg.find("nothing")
Traceback (most recent call last):
...
ValueError: unknown rule system 'nothing' (known: demo)
>>> reg.find("demo").check_options({})
Traceback (most recent call last):
...
ValueError: demo is planned: it cannot be played yet
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol

from parlour.core.errors import InvalidHand
from parlour.core.options import Option, OptionRule, check_options, option_rules, option_values

if TYPE_CHECKING:
    from pathlib import Path

    from parlour.core.actions import Action
    from parlour.core.game import Game
    from parlour.core.records import ReplayStep, Report
    from parlour.core.views import Block

PLAYABLE = "playable"
"""A rule system played at a table, scored, recorded and simulated."""
SCORING = "scoring only"
"""A rule system whose hands can be scored but not yet played."""
PLANNED = "planned"
"""A rule system known by name, not built yet."""
STATUSES = (PLAYABLE, SCORING, PLANNED)


class Bot(Protocol):
    """A player: given what its seat sees and may do, it picks one legal action."""

    name: str

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class Scored(Protocol):
    """What a scorer or settler returns: it can say itself as JSON."""

    def to_json(self) -> dict[str, Any]: ...


Encoder = Callable[["Game", int], Any]
"""An observation encoder: a game and a seat to an array (for learning environments)."""

FieldKind = Literal["flag", "count", "text", "list"]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a rule system's situation: what its scorer reads.

    ``name`` is the JSON key; ``meaning`` one line (the flag's help); ``kind`` how the
    command line takes it: ``flag`` (true when given), ``count`` (a whole number),
    ``text``, or ``list`` (a text, repeatable). ``flag`` is the option of
    ``parlour score`` (by default the name with dashes: ``--self-drawn``; None: JSON
    only); ``metavar`` names its value (``TILE``, ``WIND``, ``N``); ``off_flag`` is a
    flag that says the opposite of a ``flag`` field (``--discard``); ``read`` turns the
    flag's text into the JSON value (``A=5,B=5`` into an object).

    >>> Field("self_drawn", "Won by self-draw.", "flag").option
    '--self-drawn'
    >>> Field("seat_wind", "The winner's seat wind.", flag="--seat", metavar="WIND").option
    '--seat'
    """

    name: str
    meaning: str
    kind: FieldKind = "text"
    flag: str | None = ""
    metavar: str = ""
    off_flag: str | None = None
    read: Callable[[str], Any] | None = None
    required: bool = False
    """The scorer refuses a situation without it (the options at their defaults)."""

    @property
    def option(self) -> str | None:
        """The flag of ``parlour score`` that sets this field (None: JSON only)."""
        if self.flag is None:
            return None
        return self.flag or "--" + self.name.replace("_", "-")

    def value_of(self, given: Any) -> Any:
        """The JSON value of the flag's value ``given``."""
        if self.read is not None and isinstance(given, str):
            return self.read(given)
        return given


@dataclass(frozen=True, slots=True)
class Benchmark:
    """A benchmark a rule system brings, run side by side with its peers:
    ``parlour bench NAME`` with ``--COUNT N`` (how many ``count``, default ``default``),
    ``--seed`` and ``--repeat``. ``run(count, seed, repeat)`` measures and prints.

    ``measure(count, seed, repeat)``, where given, returns the rows ``run`` prints; those
    of kind ``ratio`` (ours over a peer against a ``target``) and ``goal`` (``per_second``
    against a ``target``) are the speed targets ``parlour bench summary`` lists, measured
    with ``quick`` as the count.

    ``on_engine(engine, address, workers, count, seed, repeat)``, where given, times the
    benchmark's simulation on a simulation engine (``parlour simulate --engine``) against
    local processes and prints it: ``parlour bench NAME --engine ray [--address A]
    [--workers N]``, with ``engine_default`` the count then. ``aliases`` are other names
    of the ``--COUNT`` flag."""

    name: str
    help: str
    count: str
    count_help: str
    default: int
    run: Callable[[int, int, int], None]
    measure: Callable[[int, int, int], Sequence[dict[str, Any]]] | None = None
    quick: int = 0
    on_engine: Callable[[str, str | None, int, int, int, int], None] | None = None
    engine_default: int = 0
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class RuleSystem:
    """One rule system (or card game), as every face of parlour sees it.

    The identity is data: ``name`` (what ``--rules`` takes), ``title``, ``players`` (the
    numbers of players it is played by), ``status`` (:data:`PLAYABLE`, :data:`SCORING`,
    :data:`PLANNED`), ``source`` (what its specification was written from),
    ``aliases`` (other names) and ``order`` (where listings put it). ``situation`` is
    its scorer's fields; ``option_cases`` the option combinations the conformance
    suite plays it with; ``examples`` lines of ``parlour score`` its help shows;
    ``encoders`` its observation encoders by name; ``benchmarks``
    what it is timed by against its peers (``parlour bench``). ``flag_hints``
    say, by flag of ``parlour score``, what to give instead of another system's flag
    (``{rules}`` in a hint is the rule system's name as given); ``refusal`` is what
    a hand the rules refuse is called (``not valid``, ``false win``).

    The behaviour is methods. This base class is what a planned system has: every
    method that plays, scores or records says it cannot. A family's subclass
    implements them once for all its systems.
    """

    family: ClassVar[str] = "games"
    """The family's name, as JSON and listings show it (``mahjong``, ``cards``)."""
    family_title: ClassVar[str] = "these games"
    """The family in a sentence (``mahjong``, ``the card games``)."""
    record_game: ClassVar[str] = ""
    """The ``game`` field of the family's records."""
    renderer: ClassVar[str] = ""
    """The browser's renderer for the family's tables (a script under ``/static``)."""
    unit: ClassVar[tuple[str, str]] = ("hand", "hands")
    """What one game of the family is called (a mahjong hand, a card deal), singular
    and plural."""
    play_flags: ClassVar[frozenset[str]] = frozenset()
    """The flags of ``parlour play`` and ``simulate`` only this family takes."""
    hands_limit: ClassVar[bool] = False
    """May a match be cut short after a number of hands (``parlour play --hands``, a
    server table's ``hands``)?"""

    name: str
    title: str
    players: tuple[int, ...]
    status: str = PLAYABLE
    source: str = ""
    aliases: tuple[str, ...] = ()
    order: int = 100
    zero_sum: bool = True
    situation: tuple[Field, ...] = ()
    examples: tuple[str, ...] = ()
    flag_hints: Mapping[str, str] = field(default_factory=dict)
    refusal: str = "not valid"
    option_cases: tuple[Mapping[str, Any], ...] = ({},)
    encoders: Mapping[str, Encoder] = field(default_factory=dict)
    benchmarks: tuple[Benchmark, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {self.status!r}")
        if not self.players:
            raise ValueError(f"{self.name} must be played by some number of players")

    # -- identity and options -------------------------------------------------------

    @property
    def playable(self) -> bool:
        return self.status == PLAYABLE

    @property
    def names(self) -> tuple[str, ...]:
        """The name, then the aliases."""
        return (self.name, *self.aliases)

    def options(self) -> tuple[Option, ...]:
        """The rule system's options (name, default, meaning, the values allowed); an
        :class:`~parlour.core.options.OptionSpec` when rules bind several of them."""
        return ()

    def option_rules(self) -> tuple[OptionRule, ...]:
        """The rules over several options (each checked with the options)."""
        return option_rules(self.options())

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value, the ``given`` ones checked; ValueError naming a bad
        one (an unknown name, a value outside the option's domain, a combination one of
        :meth:`option_rules` refuses). A family that overrides this reaches the same
        check: :func:`~parlour.core.options.check_options` on :meth:`options`."""
        self._refuse_unbuilt()
        return option_values(self.options(), check_options(self.options(), given, self.name))

    def seats(self, options: Mapping[str, Any]) -> int:
        """How many seats a table of these rules has with ``options``."""
        return self.players[0]

    def num_players(self, options: Mapping[str, Any]) -> int:
        """How many players a match has with ``options`` (more than the seats when
        some sit out)."""
        return self.seats(options)

    def check_players(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        """ValueError unless the rules are played by ``players`` players."""
        if players not in self.players:
            which = " or ".join(str(p) for p in self.players)
            raise ValueError(f"{self.name} is played by {which} players, not {players}")

    def _refuse_unbuilt(self) -> None:
        if self.status != PLAYABLE:
            raise ValueError(f"{self.name} is {self.status}: it cannot be played yet")

    # -- playing --------------------------------------------------------------------

    def new_match(
        self,
        options: Mapping[str, Any],
        *,
        seed: int,
        players: Sequence[str] | None = None,
        hands: int | None = None,
        ask_everyone: bool = True,
        always_asked: Sequence[int] = (),
    ) -> Game:
        """A new match (a session of hands, a game of deals) with ``options``: every
        hand follows from ``seed``; ``hands`` stops it after so many (where the family
        allows it); ``ask_everyone`` asks every seat after each move that others may
        answer (False: only those who can act, but for ``always_asked`` players)."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def new_hand(
        self, options: Mapping[str, Any], *, seed: int, index: int = 0, ask_everyone: bool = True
    ) -> Game:
        """One hand (deal) on its own: number ``index`` of a run seeded ``seed``, as a
        simulation plays it."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def check_deck(self, deck: str, options: Mapping[str, Any]) -> None:
        """ValueError unless ``deck`` (a pack order, top card first) can deal a game of
        these rules with ``options`` (only a family that deals from a given pack takes
        one: see :attr:`play_flags`)."""
        raise ValueError(f"{self.name} is not dealt from a given pack")

    def bot_names(self) -> tuple[str, ...]:
        """The bots that play these rules (the names ``--bots`` takes)."""
        return ()

    def bot_aliases(self) -> tuple[str, ...]:
        """Other names the bots are known by (taken by :meth:`make_bot` too)."""
        return ()

    def outside_bots(self) -> tuple[str, ...]:
        """The protocols of outside programs that may play these rules: ``--bots``
        takes ``PROTOCOL:COMMAND`` (or ``PROTOCOL-…:COMMAND``) for each of them."""
        return ()

    def is_outside_bot(self, name: str) -> bool:
        """Does ``name`` name an outside program that plays these rules
        (:meth:`outside_bots`)?"""
        protocol, colon, _ = name.partition(":")
        return bool(colon) and protocol.split("-", 1)[0] in self.outside_bots()

    def make_bot(
        self, name: str, *, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Bot:
        """The bot called ``name`` for a table with ``options``; ValueError naming the
        known ones."""
        raise ValueError(f"unknown bot {name!r} for {self.name} (bots: none)")

    # -- scoring --------------------------------------------------------------------

    @property
    def scores(self) -> bool:
        """Can a finished hand of these rules be scored?"""
        return False

    @property
    def settles(self) -> bool:
        """Does the rulebook settle a whole table at once (every hand scored)?"""
        return False

    def score(self, situation: Mapping[str, Any]) -> Scored:
        """The score of one situation (its JSON form); a
        :class:`~parlour.core.errors.ParlourError` naming what is wrong."""
        raise InvalidHand(f"{self.name} has no scorer yet")

    def settle(self, table: Mapping[str, Any]) -> Scored:
        """The settlement of a whole table (every seat's hand)."""
        raise InvalidHand(f"{self.name} settles each win by itself: score the winning hand")

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        """The situation the flags of ``parlour score`` give (``values``: the fields
        given, by name, and ``hand`` when a HAND was given). Default: those fields."""
        return values

    def error_hint(self, situation: Mapping[str, Any]) -> str:
        """What to add to a scorer's error about ``situation`` (a likely slip)."""
        return ""

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        """What ``parlour score`` prints for ``result``."""
        from parlour.core.views import Line

        return [Line(str(result.to_json()))]

    def settle_view(self, table: Mapping[str, Any], result: Any) -> list[Block]:
        """What ``parlour score --table`` prints for ``result``."""
        return self.score_view(table, result)

    def field(self, name: str) -> Field | None:
        """The situation field called ``name``, if the system has it."""
        return next((f for f in self.situation if f.name == name), None)

    def flag_names(self, message: str) -> str:
        """``message`` with each quoted field name (``'win_tile'``) written as the flag
        that sets it (``--win``)."""
        for f in self.situation:
            if f.option is not None:
                message = message.replace(f"'{f.name}'", f.option)
        return message

    # -- records --------------------------------------------------------------------

    def record_of(self, match: Any, **about: Any) -> dict[str, Any]:
        """The record of ``match`` (a match or a single hand, finished or not)."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def owns(self, game: Any) -> bool:
        """Is ``game`` a match or hand of this family (one :func:`record_of` takes)?"""
        return False

    def check_record(self, record: Mapping[str, Any]) -> None:
        """RecordError unless ``record`` is a well-formed record of this family."""
        raise NotImplementedError

    def replay_record(self, record: Mapping[str, Any]) -> Iterator[ReplayStep]:
        """Every step of ``record`` replayed (checked by :meth:`check_record` first)."""
        raise NotImplementedError

    def validate_record(self, record: Mapping[str, Any]) -> Report:
        """``record`` replayed and every result it claims checked."""
        raise NotImplementedError

    def replay_games(self, record: Mapping[str, Any]) -> Iterator[tuple[Game, int, Action]]:
        """Every action of ``record`` as (game, seat, action), the game as it stands
        before the action (which is applied when the next is asked for)."""
        raise NotImplementedError

    def replay_view(self, record: Mapping[str, Any], events: bool) -> Iterator[Block]:
        """What ``parlour replay`` prints of ``record``: each hand, and with ``events``
        every move."""
        raise NotImplementedError

    def record_results(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The results of a finished game's ``record``, unit by unit (a hand, a whole
        card game), in the shape a simulation's results have (``winners``,
        ``payments`` or ``scores``, ``patterns``...) but by player, not by seat (for
        the figures of :mod:`parlour.sim.plots`)."""
        raise NotImplementedError

    def validate_text(self, report: Report) -> str:
        """How ``parlour validate`` says that a record holds."""
        return f"{report.hands} {self.unit[1]}, {report.moves} moves replayed, the result agrees"

    # -- faces ----------------------------------------------------------------------

    def host(
        self,
        options: Mapping[str, Any],
        *,
        seed: int,
        players: Sequence[str],
        hands: int | None = None,
        ask_everyone: bool = False,
        always_asked: Sequence[int] = (),
    ) -> Any:
        """The match as the server hosts it (a :class:`~parlour.server.hosted.Hosted`)."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def spectator(self, game: Any) -> dict[str, Any]:
        """What everyone may see of ``game`` (a match or hand in play): a spectator's
        view, with nothing private to any seat."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def play_at_terminal(self, options: Mapping[str, Any], **how: Any) -> None:
        """Play a match at the terminal against bots (see ``parlour play``)."""
        self._refuse_unbuilt()
        raise NotImplementedError

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
        """Play unit ``index`` (a hand, a whole game) of a simulation seeded ``seed``
        with the named bots, one per seat; its figures (and record). ``observe`` False
        (a batch simulation) may skip the observations of bots that read none: the
        figures and record stay the same."""
        self._refuse_unbuilt()
        raise NotImplementedError

    def summarise(
        self,
        bots: Sequence[str],
        results: Sequence[dict[str, Any]],
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        deck: str | None = None,
    ) -> dict[str, Any]:
        """The summary of a simulation's units, in order."""
        raise NotImplementedError

    def write_simulation(self, summary: Mapping[str, Any], out: Path) -> None:
        """Write a simulation's summary, its units and (when kept) their records in the
        directory ``out``."""
        raise NotImplementedError

    def simulation_view(self, summary: Mapping[str, Any], seed: int) -> list[Block]:
        """What ``parlour simulate`` prints of ``summary``."""
        raise NotImplementedError

    def default_bots(self, seats: int) -> list[str]:
        """The bots ``parlour simulate`` seats when none are named."""
        return list(self.bot_names()[:1]) * seats

    def text_view(self, observation: Mapping[str, Any], names: Sequence[str]) -> str:
        """What one seat sees of the table, as text, from its ``observation`` alone
        (``names``: each seat's player): the lines a player at the terminal reads, for
        the learning environments' text view. Nothing in it comes from another seat's
        hidden pieces, since the observation holds none."""
        raise ValueError(f"{self.name} has no text view")

    def make_encoder(
        self, seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]], **how: Any
    ) -> Any:
        """The family's observation encoder for the learning environments
        (:mod:`parlour.envs`) at a table of ``seats`` seats: it turns one seat's
        observation into an array; ``samples`` are (seat, observation) pairs of seeded
        games it may learn the layout of the rule system's own fields from."""
        raise ValueError(f"{self.name} has no observation encoder")

    # -- what the conformance suite checks --------------------------------------------

    def inventory(self, game: Any) -> dict[str, int]:
        """Every physical piece (tile, card) of ``game``'s hand or deal wherever it
        is, by its text: the same after every move."""
        raise NotImplementedError

    def private(self, game: Any, seat: int) -> list[str]:
        """What ``seat`` holds that no other seat may see, as texts a message would
        show them in."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """What ``parlour rules --json`` prints of the system."""
        return {
            "name": self.name,
            "title": self.title,
            "family": self.family,
            "players": list(self.players),
            "status": self.status,
            "source": self.source,
            "aliases": list(self.aliases),
            "options": [o.to_json() for o in self.options()],
            "option_rules": [r.says for r in self.option_rules()],
            "bots": list(self.bot_names()),
            "outside_bots": list(self.outside_bots()),
            "scores": self.scores,
            "settles": self.settles,
            "situation": [f.name for f in self.situation],
            "required": [f.name for f in self.situation if f.required],
        }


class Registry:
    """Rule systems by name and alias (see the module docstring). ``loader``, when
    given, is called once, at the first look-up, to register the built-in systems."""

    def __init__(self, loader: Callable[[Registry], None] | None = None) -> None:
        self._by_name: dict[str, RuleSystem] = {}
        self._systems: dict[str, RuleSystem] = {}
        self._loader = loader

    def _load(self) -> None:
        loader, self._loader = self._loader, None
        if loader is not None:
            try:
                loader(self)
            except BaseException:
                self._loader = loader  # the next look-up says what went wrong again
                raise

    def register(self, system: RuleSystem, *, replace: bool = False) -> RuleSystem:
        """Add ``system`` under its name and aliases; a name already taken by another
        system is refused unless ``replace``."""
        for name in system.names:
            taken = self._by_name.get(name)
            if taken is not None and taken.name != system.name and not replace:
                raise ValueError(f"the name {name!r} is taken by the rule system {taken.name}")
        old = self._systems.get(system.name)
        if old is not None:
            for name in old.names:
                self._by_name.pop(name, None)
        self._systems[system.name] = system
        for name in system.names:
            self._by_name[name] = system
        return system

    def unregister(self, name: str) -> None:
        """Remove the system called ``name`` (tests that registered their own)."""
        system = self._systems.pop(self.find(name).name)
        for n in system.names:
            self._by_name.pop(n, None)

    def find(self, name: str) -> RuleSystem:
        """The system called ``name`` or by an alias; ValueError naming the known ones."""
        self._load()
        found = self._by_name.get(name) if isinstance(name, str) else None
        if found is None:
            known = ", ".join(s.name for s in self.systems())
            raise ValueError(f"unknown rule system {name!r} (known: {known})")
        return found

    def get(self, name: str) -> RuleSystem | None:
        """The system called ``name``, or None."""
        self._load()
        return self._by_name.get(name) if isinstance(name, str) else None

    def systems(self) -> list[RuleSystem]:
        """Every system: the playable ones first, then by their order."""
        self._load()
        rank = {s: i for i, s in enumerate(STATUSES)}
        return sorted(self._systems.values(), key=lambda s: (rank[s.status], s.order))

    def __iter__(self) -> Iterator[RuleSystem]:
        return iter(self.systems())

    def playable(self) -> list[RuleSystem]:
        return [s for s in self.systems() if s.playable]

    def having(self, flag: str) -> list[RuleSystem]:
        """The systems whose situation has a field set by ``flag``."""
        return [s for s in self.systems() if any(f.option == flag for f in s.situation)]

    def record_formats(self) -> dict[str, RuleSystem]:
        """One playable system of each family, by the ``game`` field of its records."""
        out: dict[str, RuleSystem] = {}
        for s in self.playable():
            out.setdefault(s.record_game, s)
        return out


def listed(names: Iterable[str], last: str = "or") -> str:
    """Names in a sentence: ``a, b or c``.

    >>> listed(["xiamen", "quanzhou", "fuzhou"]), listed(["piquet"])
    ('xiamen, quanzhou or fuzhou', 'piquet')
    """
    items = list(names)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


__all__ = [
    "PLANNED",
    "PLAYABLE",
    "SCORING",
    "STATUSES",
    "Benchmark",
    "Bot",
    "Encoder",
    "Field",
    "Registry",
    "RuleSystem",
    "Scored",
    "listed",
]
