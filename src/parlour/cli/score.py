"""``parlour score``: a finished hand (or deal) scored, a whole table settled, or many
situations scored in bulk.

The command's flags are the rule systems' situation fields
(:attr:`~parlour.core.systems.RuleSystem.situation`): every field's flag is taken, and
``parlour score --rules NAME --help`` shows the flags of that rule system alone, with
its own meanings. A flag of another rule system is refused with a message that says
where it applies. The flags given become a situation (the rule system's
:meth:`~parlour.core.systems.RuleSystem.situation_from_flags`), its scorer scores it,
and its :meth:`~parlour.core.systems.RuleSystem.score_view` says what to print.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import IO, Annotated, Any

import typer
import typer.main
from typer.models import ParamMeta

from parlour.cli.app import (
    Command,
    Options,
    Players,
    app,
    err_console,
    fail,
    parse_options,
    plain_help,
    read_json_object,
    show,
)
from parlour.core.errors import InvalidHand, ParlourError
from parlour.core.systems import Field, RuleSystem, listed
from parlour.core.views import Block, Line

_RULES_KEY = "parlour.score.rules"
_FIELDS_KEY = "parlour.score.fields"
_GIVEN_KEY = "parlour.score.given"

# -- the flags of every rule system ------------------------------------------------------


def _param_name(flag: str) -> str:
    return "field_" + flag.lstrip("-").replace("-", "_")


def _flags() -> dict[str, list[tuple[RuleSystem, Field, bool]]]:
    """Every situation flag, by flag: each rule system that takes it, its field, and
    whether the flag is the field's ``off_flag``."""
    from parlour.registry import registry

    out: dict[str, list[tuple[RuleSystem, Field, bool]]] = {}
    for system in registry.systems():
        for f in system.situation:
            if f.option is not None:
                out.setdefault(f.option, []).append((system, f, False))
            if f.off_flag is not None:
                out.setdefault(f.off_flag, []).append((system, f, True))
    return out


def _option(flag: str, field: Field, off: bool, shown: bool) -> Any:
    """The option of one flag, with the meaning of the field the shown rule system gives
    it (built by typer, as the options it reads from a function's signature)."""
    from parlour.mahjong.situation import OFF_MEANINGS

    kind = "flag" if off else field.kind
    meaning = OFF_MEANINGS.get(flag, f"Not: {field.meaning}") if off else field.meaning
    annotation: Any = {"flag": bool, "count": int | None, "list": list[str] | None}.get(
        kind, str | None
    )
    info = typer.Option(
        False if kind == "flag" else None,
        flag,
        help=meaning,
        metavar=None if kind == "flag" else field.metavar or "TEXT",
        hidden=not shown,
        show_default=False,
    )
    meta = ParamMeta(name=_param_name(flag), default=info, annotation=annotation)
    build = getattr(typer.main, "_get_param", None)
    if build is None:  # typer before 0.16: get_click_param gives (parameter, convertor)
        param: Any = typer.main.get_click_param(meta)[0]  # type: ignore[attr-defined]
    else:
        param = build(meta)
    return plain_help([param])[0]


def _peek_rules(args: list[str]) -> str | None:
    """The ``--rules`` value among the raw arguments (before they are parsed)."""
    for i, arg in enumerate(args):
        if arg == "--":
            return None
        if arg == "--rules" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--rules="):
            return arg.split("=", 1)[1]
    return None


def _shown_system(name: str | None) -> RuleSystem | None:
    from parlour.registry import DEFAULT_SYSTEM, registry

    return registry.get(name or DEFAULT_SYSTEM)


class ScoreCommand(Command):
    """``parlour score``: the fixed options, then every rule system's situation flags,
    those of the rule system named by ``--rules`` shown in the help."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[_RULES_KEY] = _peek_rules(args)
        system = _shown_system(ctx.meta[_RULES_KEY])
        examples = system.examples if system is not None else ()
        base = (self.help or "").split("\n\nExamples:")[0]
        generic = "parlour score --situation hand.json; parlour score --jsonl in.jsonl > out.jsonl"
        self.help = f"{base}\n\nExamples: {'; '.join((*examples, generic))}"
        return super().parse_args(ctx, args)

    def get_params(self, ctx: Any) -> list[Any]:
        fixed = super().get_params(ctx)
        system = _shown_system(ctx.meta.get(_RULES_KEY))
        generated = []
        for flag, takers in _flags().items():
            mine = [(f, off) for s, f, off in takers if s is system]
            field, off = mine[0] if mine else (takers[0][1], takers[0][2])
            generated.append((not mine, _option(flag, field, off, shown=bool(mine))))
        # the shown system's flags first, in its own order (sorted() keeps it)
        generated = [o for _, o in sorted(generated, key=lambda pair: pair[0])]
        for param in fixed:
            if param.name == "table_file" and system is not None:
                param.hidden = not system.settles
        return [*fixed[:-1], *generated, fixed[-1]]

    def invoke(self, ctx: Any) -> Any:
        fields: dict[str, Any] = {}
        given: list[str] = []
        for param in self.get_params(ctx):
            name = param.name or ""
            source = ctx.get_parameter_source(name)
            typed = source is not None and source.name == "COMMANDLINE"
            if typed and param.opts and param.opts[0] != "--help":
                given.append(param.opts[0] if param.opts[0].startswith("-") else "HAND")
            if name.startswith("field_"):
                value = ctx.params.pop(name, None)
                if typed:
                    fields[param.opts[0]] = value
        ctx.meta[_FIELDS_KEY] = fields
        ctx.meta[_GIVEN_KEY] = given
        return super().invoke(ctx)


def _foreign(system: RuleSystem, flag: str, rules: str) -> str:
    """Why ``flag`` is refused with ``--rules rules``: a hint of the rule system's own,
    or where the flag applies."""
    from parlour.registry import registry

    hint = system.flag_hints.get(flag)
    if hint is not None:
        return hint.format(rules=rules)
    takers = [s for s, _, _ in _flags().get(flag, ())]
    families = {s.family for s in takers}
    if len(families) == 1 and system.family not in families:
        family = next(iter(families))
        kin = [s for s in registry.systems() if s.family == family and s.scores]
        if all(s in takers for s in kin):
            return f"{flag} does not apply to {system.family_title} (--rules {rules})"
    names = [s.name for s in takers] + [a for s in takers for a in s.aliases]
    return f"{flag} applies to --rules {listed(names)} only"


# -- the command -----------------------------------------------------------------------------


_Hand = Annotated[
    str | None,
    typer.Argument(
        metavar="HAND",
        help='The whole hand, winning tile included, e.g. "[123m] 456p 789s EEE CC"; '
        '"+C" names the winning tile.',
        show_default=False,
    ),
]
_ScoreRules = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help="The rule system (parlour score --rules NAME --help shows its flags).",
        show_default=False,
    ),
]
_Jsonl = Annotated[
    str | None,
    typer.Option(
        "--jsonl",
        metavar="FILE",
        help="Score one situation JSON object per line of FILE (- for stdin); "
        "print one JSON result per line.",
    ),
]
_TableFile = Annotated[
    str | None,
    typer.Option(
        "--table",
        metavar="FILE",
        help="Settle a finished hand from the whole table (rule systems whose payments "
        "read every seat's hand: parlour rules NAME says so): a JSON object "
        '{"rules", "options", "winner", "seats": {"E": {...}, ...}} in FILE (- for stdin).',
    ),
]
_SituationFile = Annotated[
    str | None,
    typer.Option(
        "--situation",
        metavar="FILE",
        help="The whole situation as a JSON object in FILE (- for stdin), as parlour.score "
        "takes it.",
    ),
]
_Json = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@app.command("score", cls=ScoreCommand)
def score_command(
    ctx: typer.Context,
    hand: _Hand = None,
    rules: _ScoreRules = None,
    option: Options = None,
    players: Players = None,
    jsonl: _Jsonl = None,
    table_file: _TableFile = None,
    situation_file: _SituationFile = None,
    as_json: _Json = False,
) -> None:
    """Score a finished hand: its patterns, its total and each seat's payment; or, with
    --table, every seat's hand and the settlement; or a card game's deal. The flags that
    describe the hand are the rule system's: parlour score --rules NAME --help lists
    them (parlour rules lists the rule systems).
    """
    fields: dict[str, Any] = ctx.meta.get(_FIELDS_KEY, {})
    name, system = _scoring_system(rules)
    if table_file is None and not system.scores:
        fail(
            f"{name} settles a won hand from the whole table: give --table FILE "
            f"(parlour score --rules {name} --help shows an example)"
        )
    if hand is not None and system.field("hand") is None:
        fail(f"HAND does not apply to {system.family_title} (--rules {name})")
    mine = {f.option for f in system.situation} | {f.off_flag for f in system.situation}
    for flag in fields:
        if flag not in mine:
            fail(_foreign(system, flag, name))
    if table_file is not None:
        if hand is not None or jsonl is not None:
            fail("give a HAND, --table FILE or --jsonl FILE, one of them")
        _score_table(table_file, as_json)
    elif jsonl is not None:
        if hand is not None:
            fail("give a HAND or --jsonl FILE, not both")
        for flag in ctx.meta.get(_GIVEN_KEY, []):
            if flag not in ("--jsonl", "HAND"):
                fail(f"{flag} does not apply to --jsonl: each line is a whole situation")
        _score_bulk(jsonl)
    else:
        if players is not None:
            _check(system.check_players, players)
        options: dict[str, Any] = _check(parse_options, option or ())
        if situation_file is not None:
            _score_file(situation_file, name, system, hand, fields, options, as_json)
        else:
            _score_one(_from_flags(system, name, hand, fields, options), as_json, system)


def _check(read: Callable[..., Any], *args: Any) -> Any:
    """``read(*args)``, or a failure with its message."""
    try:
        return read(*args)
    except (ParlourError, ValueError) as e:
        fail(str(e))


def _scoring_system(rules: str | None) -> tuple[str, RuleSystem]:
    """The name given (or the default one) and the rule system that scores by it."""
    from parlour.registry import DEFAULT_SYSTEM, registry

    name = rules or DEFAULT_SYSTEM
    system = registry.get(name)
    if system is None or not (system.scores or system.settles):
        scorers = sorted(n for s in registry.systems() if s.scores or s.settles for n in s.names)
        fail(f"unknown rule system {name!r} (scoring is available for: {', '.join(scorers)})")
    return name, system


def _score_file(
    path: str,
    name: str,
    system: RuleSystem,
    hand: str | None,
    fields: dict[str, Any],
    options: dict[str, Any],
    as_json: bool,
) -> None:
    """``parlour score --situation FILE``: the whole situation from a JSON file."""
    from parlour.registry import registry

    for flag in [*fields, *(["HAND"] if hand is not None else [])]:
        fail(f"give the situation in --situation FILE or by flags such as {flag}, not both")
    data = read_json_object(path)
    data.setdefault("rules", name)
    if options:
        data["options"] = {**data.get("options", {}), **options}
    _score_one(data, as_json, registry.get(data["rules"]) or system)


def _from_flags(
    system: RuleSystem, name: str, hand: str | None, flags: dict[str, Any], options: dict[str, Any]
) -> dict[str, Any]:
    """The situation the flags give (each flag's field and value)."""
    values: dict[str, Any] = {"rules": name}
    if hand is not None:
        values["hand"] = hand
    for f in system.situation:
        if f.option in flags:
            values[f.name] = f.value_of(flags[f.option])
        if f.off_flag in flags:
            if f.option in flags:
                fail(f"{f.option} and {f.off_flag} cannot both be given")
            values[f.name] = False
    if options:
        values["options"] = options
    if system.field("hand") is not None and hand is None:
        fail("give a HAND to score (or --jsonl FILE)")
    try:
        return system.situation_from_flags(values)
    except ParlourError as e:
        fail(system.flag_names(str(e)))


def _score_one(situation: dict[str, Any], as_json: bool, system: RuleSystem) -> None:
    from parlour import score

    try:
        result = score(situation)
    except (ParlourError, ValueError) as e:
        fail(system.flag_names(str(e)) + system.error_hint(situation))
    _print(system, result, as_json, lambda: system.score_view(situation, result))


def _print(system: RuleSystem, result: Any, as_json: bool, view: Callable[[], list[Block]]) -> None:
    """The result as JSON, or the rule system's ``view`` of it; then, when the rules
    refuse the hand, exit with status 2 saying why on the error stream (unless the view
    has said it)."""
    shown: list[Block] = []
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
    else:
        shown = view()
        show(shown)
    if getattr(result, "valid", True):
        return
    said = any(isinstance(b, Line) and b.label == system.refusal for b in shown)
    if not said:
        show([Line(result.reason or "", error=True, label=system.refusal)])
    raise typer.Exit(2)


def _score_table(path: str, as_json: bool) -> None:
    """``parlour score --table FILE``: every seat's score and the settlement."""
    from parlour import settle
    from parlour.registry import find_system

    data = read_json_object(path)
    try:
        result = settle(data)
    except ParlourError as e:
        fail(str(e))
    from parlour import _settling_system

    system = find_system(str(data.get("rules") or _settling_system()))
    _print(system, result, as_json, lambda: system.settle_view(data, result))


# -- many situations ----------------------------------------------------------------------------


def score_jsonl(lines: Iterable[bytes | str], write: Callable[[str], object]) -> tuple[int, int]:
    """Score one situation JSON object per line, writing one compact JSON line per input
    line, in order: the score's ``to_json()`` (valid or false mahjong), or
    ``{"valid": false, "reason": ...}`` for a line that is empty, not JSON or not a
    situation that can be scored. Returns (lines read, lines the scorer failed on with
    an unexpected exception, reported as ``internal error``).

    >>> out = []
    >>> score_jsonl(['{"hand": "123m 456p 789s EEE CC", "win_tile": "C"}', "", "{"], out.append)
    (3, 0)
    >>> [json.loads(o)["valid"] for o in out], json.loads(out[0])["total"]
    ([True, False, False], 21)
    >>> json.loads(out[1])["reason"], json.loads(out[2])["reason"][:20]
    ('line 2 is empty', 'line 3 is not JSON: ')
    """
    from parlour import score

    encode = json.JSONEncoder(separators=(",", ":")).encode  # = json.dumps(..., separators)
    loads = json.loads
    n = internal = 0
    for n, line in enumerate(lines, 1):
        out: dict[str, Any]
        if not line.strip():
            out = {"valid": False, "reason": f"line {n} is empty"}
        else:
            try:
                data = loads(line)
            except (ValueError, RecursionError) as e:
                from parlour.core.records import json_problem  # the one reader's words

                out = {"valid": False, "reason": json_problem(e, f"line {n}")}
            else:
                try:
                    out = score(data).to_json()
                except ParlourError as e:
                    out = {"valid": False, "reason": str(e)}
                except Exception as e:  # a scorer bug: keep the lines aligned, report it
                    internal += 1
                    out = {
                        "valid": False,
                        "reason": f"internal error on line {n}: {type(e).__name__}: {e}",
                    }
        write(encode(out) + "\n")
    return n, internal


def _progress_lines(lines: Iterable[bytes], total: int | None) -> Iterable[bytes]:
    """``lines``, with a transient progress bar (bytes read) on the terminal's stderr."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn("scoring"), BarColumn(), TextColumn("{task.fields[lines]:,} lines")]
    with Progress(*columns, TimeElapsedColumn(), console=err_console, transient=True) as bar:
        task = bar.add_task("score", total=total, lines=0)
        done = 0
        for count, line in enumerate(lines, 1):
            yield line
            done += len(line)
            if not count & 1023:
                bar.update(task, completed=done, lines=count)


def _score_bulk(path: str) -> None:
    stream: IO[bytes]
    own = path != "-"
    if not own:
        stdin: Any = sys.stdin
        stream = stdin.buffer if hasattr(stdin, "buffer") else stdin  # str lines work too
        total = None
    else:
        try:
            stream = open(path, "rb")  # noqa: SIM115 (closed below)
        except OSError as e:
            fail(f"cannot read {path}: {e.strerror or e}")
        total = os.fstat(stream.fileno()).st_size
    lines: Iterable[bytes] = stream
    if sys.stderr.isatty():
        lines = _progress_lines(stream, total)
    try:
        _, internal = score_jsonl(lines, sys.stdout.write)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(1) from None
    finally:
        if own:
            stream.close()
    if internal:
        err_console.print(
            f"[bold red]error:[/] the scorer failed on {internal} line(s) "
            "(reported as 'internal error')",
            highlight=False,
        )
        raise typer.Exit(1)


def situation_from_args(
    hand: str,
    *,
    rules: str | None = None,
    win: str | None = None,
    seat: str = "E",
    round_wind: str = "E",
    self_drawn: bool = False,
    discarder: str | None = None,
    flowers: int = 0,
    last_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    last_of_kind: bool = False,
    options: Iterable[str] = (),
) -> dict[str, Any]:
    """A mahjong situation dict from the values of ``parlour score``'s common flags.

    ``hand`` is the whole hand as a rulebook writes it, the winning tile among the
    concealed tiles; the winning tile is ``win`` or, without it, the hand's ``+T``.
    ``options`` are ``KEY=VALUE`` texts.

    >>> d = situation_from_args("123m 456p 789s EEE CC +C", flowers=2)
    >>> d["hand"], d["win_tile"], d["bonus"]
    ('123m 456p 789s EEE CC +C', 'C', 2)
    >>> situation_from_args("123m 456p 789s EEE CC", win="C", options=["kong_values=reference"])[
    ...     "options"]
    {'kong_values': 'reference'}
    """
    from parlour.mahjong.situation import win_tile_from_hand
    from parlour.registry import DEFAULT_SYSTEM

    win = win_tile_from_hand({"hand": hand, "win_tile": win})
    if win is None:
        raise InvalidHand("no winning tile: give --win TILE or write it in the hand as +TILE")
    situation: dict[str, Any] = {
        "rules": rules or DEFAULT_SYSTEM,
        "hand": hand,
        "win_tile": win,
        "seat_wind": seat,
        "round_wind": round_wind,
        "self_drawn": self_drawn,
        "bonus": flowers,
        "last_wall_tile": last_tile,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing_kong,
        "last_of_kind": last_of_kind,
    }
    if discarder is not None:
        situation["discarder"] = discarder
    parsed = parse_options(options)
    if parsed:
        situation["options"] = parsed
    return situation


__all__ = ["ScoreCommand", "score_command", "score_jsonl", "situation_from_args"]
