"""The ``parlour`` command line.

``parlour analyse HAND`` shows a hand's decompositions, shanten number and waits;
``parlour score HAND --win T`` scores a finished hand (``--jsonl FILE`` scores one
situation per line); ``parlour bench shapes`` and ``parlour bench mcr`` time parlour
against its peers.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from parlour.core.errors import InvalidHand, NotationError, ParlourError
from parlour.mahjong import shapes
from parlour.mahjong.melds import parse_hand
from parlour.mahjong.tiles import BONUS_TILES, format_tiles, parse_tiles, tile_from_name, tile_name

if TYPE_CHECKING:
    from parlour.mahjong.scoring import Score

# -- help without type placeholders ------------------------------------------------------
# typer 0.29 (which carries its own copy of click) puts a type placeholder beside every
# parameter in the rich help: TyperOption.display_type_rich gives the metavar when there
# is one, else "<bool>", "<str>", "<int>" -- for flags too, --help included -- and an
# argument's display_type_rich ignores its metavar. These subclasses show nothing for a
# flag (it takes no value) and nothing beside an argument (its metavar names it); every
# value option and argument below has a metavar (TILE, WIND, N, FILE, ...). A typer
# without display_type_rich never calls these overrides.


class _Option(TyperOption):
    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return super().display_type_rich(ctx)


class _Argument(TyperArgument):
    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def _plain_help(params: list[Any]) -> list[Any]:
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = _Option
        elif type(param) is TyperArgument:
            param.__class__ = _Argument
    return params


class _Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_help(super().get_params(ctx))


class _Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_help(super().get_params(ctx))


app = typer.Typer(
    name="parlour",
    help="Play, score and simulate traditional parlour games with the full rules.",
    no_args_is_help=True,
    add_completion=False,
    cls=_Group,
)
bench_app = typer.Typer(help="Benchmarks that run parlour and its peers side by side.", cls=_Group)
app.add_typer(bench_app, name="bench")

console = Console()
err_console = Console(stderr=True)


def _version(value: bool) -> None:
    if value:
        from parlour import __version__

        console.print(f"parlour {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Play, score and simulate traditional parlour games with the full rules."""


def _fail(message: str) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(2)


def _applicable_kinds(hand: shapes.PreparedHand) -> list[str]:
    kinds = ["regular"]
    if hand.size <= 14 and not hand.melds:
        kinds += ["seven_pairs", "thirteen_orphans"]
    if hand.size <= 14 and len(hand.melds) <= 1:
        kinds.append("knitted_straight")
    if hand.size <= 14 and not hand.melds:
        kinds.append("honors_knitted")
    return kinds


def _decomposition_json(d: shapes.Decomposition) -> dict[str, Any]:
    return {
        "shape": d.shape,
        "text": str(d),
        "sets": [
            {
                "kind": m.kind,
                "tiles": format_tiles(m.tiles, style="compact", sort=False),
                "exposed": m.exposed,
                "wilds": [{"tile": tile_name(p), "stands_for": tile_name(s)} for p, s in m.wilds],
            }
            for m in d.melds
        ],
        "pair": tile_name(d.pair) if d.pair is not None else None,
        "pairs": [tile_name(t) for t in d.pairs],
        "singles": [tile_name(t) for t in d.singles],
        "wilds": [{"tile": tile_name(p), "stands_for": tile_name(s)} for p, s in d.wilds],
    }


def analyse_hand(
    text: str,
    *,
    wilds: int = 0,
    wild_tile: str | None = None,
    visible: str = "",
    model: str = "exact",
    limit: int = 50,
) -> dict[str, Any]:
    """Everything ``parlour analyse`` reports, as a JSON-ready dict.

    >>> r = analyse_hand("123m 456p 789s EE CC")
    >>> r["shanten"], r["waits"]
    (0, {'E': 2, 'C': 2})
    """
    rules = None
    if wild_tile is not None:
        rules = shapes.WildRules(wild_tile=tile_from_name(wild_tile))
    parsed = parse_hand(text)
    hand = shapes.prepare(text, wilds=wilds, constraints=rules)
    kinds = _applicable_kinds(hand)
    if model not in ("exact", "loose"):
        raise InvalidHand(f"unknown shanten model {model!r}; expected exact or loose")
    common: dict[str, Any] = {"wilds": wilds, "constraints": rules}
    by_kind = {
        k: shapes.shanten(text, kinds=[k], model=model, **common)  # type: ignore[arg-type]
        for k in kinds
    }
    best = min(by_kind.values())
    out: dict[str, Any] = {
        "hand": str(parsed),
        "tiles": hand.size,
        "shanten": best,
        "shanten_by_shape": by_kind,
        "complete": False,
    }
    if hand.size in (14, 17):
        decs = list(shapes.decompositions(text, **common))
        out["complete"] = bool(decs)
        out["decompositions"] = [_decomposition_json(d) for d in decs[:limit]]
        out["decompositions_total"] = len(decs)
        if not decs:
            out["discards"] = _discards(parsed, wilds, rules, visible, model)
    else:
        w = shapes.waits(text, visible=visible, **common)
        out["waits"] = {tile_name(t): n for t, n in w.items()}
    return out


def _discards(
    parsed: Any, wilds: int, rules: shapes.WildRules | None, visible: str, model: str
) -> list[dict[str, Any]]:
    """For a 14/17-tile hand that is not complete: each distinct discard with the shanten
    number after it and, when ready, the waits and their unseen copies."""
    rows = []
    concealed = list(parsed.concealed)
    for t in sorted(set(concealed)):
        rest = list(concealed)
        rest.remove(t)
        try:
            s = shapes.shanten(rest, parsed.melds, wilds=wilds, constraints=rules, model=model)  # type: ignore[arg-type]
        except InvalidHand:
            continue
        row: dict[str, Any] = {"discard": tile_name(t), "shanten": s}
        if s == 0:
            seen = visible + " " + tile_name(t)
            w = shapes.waits(rest, parsed.melds, visible=seen, wilds=wilds, constraints=rules)
            row["waits"] = {tile_name(x): n for x, n in w.items()}
            row["unseen"] = sum(w.values())
        rows.append(row)
    rows.sort(key=lambda r: (r["shanten"], -r.get("unseen", 0), r["discard"]))
    return rows


@app.command(cls=_Command)
def analyse(
    hand: Annotated[
        str,
        typer.Argument(
            metavar="HAND", help='The hand in notation, e.g. "123m 456p 789s EE CC 1s".'
        ),
    ],
    wilds: Annotated[int, typer.Option(metavar="N", help="Number of extra wild tiles held.")] = 0,
    wild_tile: Annotated[
        str | None,
        typer.Option(metavar="TILE", help="A tile kind whose every copy is wild, e.g. 5p."),
    ] = None,
    visible: Annotated[
        str,
        typer.Option(
            metavar="TILES",
            help="Tiles seen elsewhere (discards, others' melds), for unseen counts.",
        ),
    ] = "",
    model: Annotated[
        str,
        typer.Option(
            metavar="MODEL", help="Shanten model: exact (never counts a fifth copy) or loose."
        ),
    ] = "exact",
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Show a hand's decompositions, shanten number and waits.

    Examples: parlour analyse "123m 456p 789s EE CC 1s";
    parlour analyse "[EEE] 123m 456p 78s 99s"; parlour analyse "123m 456p 789s EEE C" --wilds 1
    """
    try:
        result = analyse_hand(hand, wilds=wilds, wild_tile=wild_tile, visible=visible, model=model)
    except (NotationError, InvalidHand, ValueError) as e:
        _fail(str(e))
        return
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return
    _print_analysis(result)


def _print_analysis(r: dict[str, Any]) -> None:
    console.print(f"[bold]{r['hand']}[/]  ({r['tiles']} tiles)", highlight=False)
    st = r["shanten"]
    label = "complete" if st == -1 else ("ready (tenpai)" if st == 0 else f"{st} from ready")
    console.print(f"shanten: [bold]{st}[/] — {label}", highlight=False)
    by = ", ".join(f"{k} {v}" for k, v in r["shanten_by_shape"].items())
    console.print(f"  by shape: {by}", highlight=False)
    if "decompositions" in r:
        if r["decompositions"]:
            table = Table(title=f"Decompositions ({r['decompositions_total']})")
            table.add_column("shape")
            table.add_column("reading")
            for d in r["decompositions"]:
                table.add_row(d["shape"], d["text"])
            console.print(table)
        if r.get("discards"):
            table = Table(title="Discards")
            table.add_column("discard")
            table.add_column("shanten", justify="right")
            table.add_column("waits (unseen)")
            for row in r["discards"]:
                waits = " ".join(f"{t}×{n}" for t, n in row.get("waits", {}).items())
                table.add_row(row["discard"], str(row["shanten"]), waits)
            console.print(table)
    if "waits" in r:
        if r["waits"]:
            waits = "  ".join(f"{t} ({n} unseen)" for t, n in r["waits"].items())
            console.print(f"waits: {waits}", highlight=False)
        else:
            console.print("waits: none", highlight=False)


# ---------------------------------------------------------------------------------------
# parlour score


def situation_from_args(
    hand: str,
    *,
    rules: str = "mcr",
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
    """The situation dict that ``parlour score HAND ...`` scores.

    ``hand`` is the whole hand as a rulebook writes it, the winning tile among the
    concealed tiles; the winning tile is ``win`` or, without it, the hand's ``+T``.
    ``options`` are ``KEY=VALUE`` texts (a value that reads as a JSON scalar is taken as
    one: ``true``, ``3``; anything else is a string).

    >>> d = situation_from_args("123m 456p 789s EEE CC +C", flowers=2)
    >>> d["hand"], d["win_tile"], d["bonus"]
    ('123m 456p 789s EEE CC +C', 'C', 2)
    >>> situation_from_args("123m 456p 789s EEE CC", win="C", options=["kong_values=reference"])[
    ...     "options"]
    {'kong_values': 'reference'}
    """
    if win is None:
        named = parse_hand(hand).win_tile
        if named is None:
            raise InvalidHand("no winning tile: give --win TILE or write it in the hand as +TILE")
        win = tile_name(named)
    situation: dict[str, Any] = {
        "rules": rules,
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
    parsed = _parse_options(options)
    if parsed:
        situation["options"] = parsed
    return situation


def _parse_options(items: Iterable[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidHand(
                f"--option must be KEY=VALUE, such as kong_values=reference, not {item!r}"
            )
        if key in out:
            raise InvalidHand(f"--option {key} is given twice")
        out[key] = _option_value(value.strip())
    return out


def _option_value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if value is None or isinstance(value, bool | int | float | str) else text


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
                out = {"valid": False, "reason": f"line {n} is not JSON: {e}"}
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
            _fail(f"cannot read {path}: {e.strerror or e}")
            return
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


_SCORE_DEFAULTS: dict[str, Any] = {
    "--rules": "mcr",
    "--win": None,
    "--seat": "E",
    "--round": "E",
    "--self-drawn": False,
    "--discard": False,
    "--from": None,
    "--flowers": 0,
    "--last-tile": False,
    "--kong-replacement": False,
    "--robbing-kong": False,
    "--last-of-kind": False,
    "--option": [],
    "--players": None,
    "--gold": None,
    "--banker": None,
    "--banker-stays": None,
    "--float": None,
    "--robbing-gold": False,
    "--three-golds": None,
    "--heavenly": False,
    "--earthly": False,
    "--eight-flowers": False,
}

GOLD_RULES = ("xiamen", "quanzhou", "fuzhou")
"""The gold rule systems ``parlour score`` reads ``--gold`` and the gold flags for."""

# The situation's fields as the flags of ``parlour score`` name them, for the messages
# of the scorer that name a field.
_FLAG_OF_FIELD = {
    "'win_tile'": "--win",
    "'seat_wind'": "--seat",
    "'round_wind'": "--round",
    "'discarder'": "--from",
    "'bonus'": "--flowers",
}


def _check_players(rules: str, players: int) -> None:
    """``--players`` for a rule system (by the registry)."""
    from parlour.registry import find_system

    try:
        system = find_system(rules)
    except ValueError as e:
        _fail(str(e))
    if players not in system.players:
        which = " or ".join(map(str, system.players))
        _fail(f"{system.name} is played by {which} players, not {players}")


def _check_score_flags(
    *, win: str | None, seat: str, round_wind: str, discarder: str | None, flowers: int
) -> None:
    """Refuse a bad value of a ``parlour score`` flag with a message that names the flag
    (the scorer's own messages name the situation's fields)."""
    for flag, value in (("--seat", seat), ("--round", round_wind), ("--from", discarder)):
        if value is not None and value.strip().upper() not in ("E", "S", "W", "N"):
            raise InvalidHand(f"{flag} must be a wind E, S, W or N, not {value!r}")
    if win is not None:
        try:
            tiles = parse_tiles(win)
        except NotationError:
            tiles = []
        if len(tiles) != 1:
            raise InvalidHand(f"--win must be one tile, such as 9s or C, not {win!r}")
    if not 0 <= flowers <= len(BONUS_TILES):
        raise InvalidHand(f"--flowers must be a count from 0 to {len(BONUS_TILES)}, not {flowers}")


def _name_flags(message: str) -> str:
    for field, flag in _FLAG_OF_FIELD.items():
        message = message.replace(field, flag)
    return message


@app.command("score", cls=_Command)
def score_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help='The whole hand, winning tile included, e.g. "[123m] 456p 789s EEE CC"; '
            '"+C" names the winning tile.',
            show_default=False,
        ),
    ] = None,
    rules: Annotated[str, typer.Option(metavar="NAME", help="The rule system.")] = "mcr",
    win: Annotated[
        str | None,
        typer.Option(metavar="TILE", help="The winning tile (or name it in the hand: +C)."),
    ] = None,
    seat: Annotated[
        str, typer.Option(metavar="WIND", help="The winner's seat wind: E, S, W or N.")
    ] = "E",
    round_wind: Annotated[
        str,
        typer.Option("--round", metavar="WIND", help="The prevalent (round) wind: E, S, W or N."),
    ] = "E",
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", help="Won by self-draw (from the wall).")
    ] = False,
    discard: Annotated[
        bool, typer.Option("--discard", help="Won on another player's discard (the default).")
    ] = False,
    discarder: Annotated[
        str | None,
        typer.Option(
            "--from",
            metavar="SEAT",
            help="The discarder's seat wind (or that of the player whose kong was robbed); "
            "default: the winner's left-hand neighbour.",
        ),
    ] = None,
    flowers: Annotated[
        int, typer.Option(metavar="N", help="Flowers and seasons held (0 to 8).")
    ] = 0,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="Won on the last tile of the wall.")
    ] = False,
    kong_replacement: Annotated[
        bool, typer.Option("--kong-replacement", help="Won on a kong's replacement tile.")
    ] = False,
    robbing_kong: Annotated[
        bool, typer.Option("--robbing-kong", help="Won by robbing another player's kong.")
    ] = False,
    last_of_kind: Annotated[
        bool,
        typer.Option(
            "--last-of-kind", help="The winning tile is the last of its kind (3 in sight)."
        ),
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="KEY=VALUE",
            help="A ruleset option, e.g. kong_values=reference (repeatable).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(metavar="N", help="Players at the table (MCR: 4, the default)."),
    ] = None,
    jsonl: Annotated[
        str | None,
        typer.Option(
            "--jsonl",
            metavar="FILE",
            help="Score one situation JSON object per line of FILE (- for stdin); "
            "print one JSON result per line.",
        ),
    ] = None,
    bonus: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help='Classical: the winner\'s flowers and seasons, e.g. "f1 x3" (or write them '
            "in the hand).",
        ),
    ] = None,
    bonus_replacement: Annotated[
        bool,
        typer.Option("--bonus-replacement", help="Classical: won on a flower's replacement tile."),
    ] = False,
    visible: Annotated[
        str | None,
        typer.Option(
            metavar="TILES",
            help="Classical: the dead discards, for the only-possible-tile rule.",
        ),
    ] = None,
    goulash: Annotated[
        bool,
        typer.Option("--goulash", help="Classical: a goulash hand (the wild tiles are in play)."),
    ] = False,
    table_file: Annotated[
        str | None,
        typer.Option(
            "--table",
            metavar="FILE",
            help="Score every seat's hand of a finished hand and settle the table (classical): "
            'a JSON object {"rules", "options", "winner", "seats": {"E": {...}, ...}, '
            '"visible"} in FILE (- for stdin).',
        ),
    ] = None,
    gold: Annotated[
        str | None,
        typer.Option(
            metavar="TILE",
            help="Xiamen, Quanzhou: the Gold indicator turned up after the deal (the other "
            "three of its kind are the Golds, marked * in the hand: 5p*).",
        ),
    ] = None,
    banker: Annotated[
        str | None,
        typer.Option(metavar="SEAT", help="Xiamen, Quanzhou: the banker's seat (default E)."),
    ] = None,
    banker_stays: Annotated[
        int | None,
        typer.Option(
            "--banker-stays",
            metavar="N",
            help="Xiamen, Quanzhou: how many times the banker has stayed (default 0).",
        ),
    ] = None,
    float_level: Annotated[
        int | None,
        typer.Option(
            "--float",
            metavar="N",
            help="Xiamen, Quanzhou: won by gold float (1), double float (2) or triple float (3).",
        ),
    ] = None,
    robbing_gold: Annotated[
        bool,
        typer.Option("--robbing-gold", help="Xiamen: won by robbing the Gold indicator."),
    ] = False,
    three_golds: Annotated[
        str | None,
        typer.Option(
            "--three-golds",
            metavar="MOMENT",
            help="Xiamen, Quanzhou: a three gold knocker, after_deal or last_turn.",
        ),
    ] = None,
    heavenly: Annotated[
        bool, typer.Option("--heavenly", help="Xiamen: the banker's heavenly win.")
    ] = False,
    earthly: Annotated[
        bool,
        typer.Option("--earthly", help="Xiamen: an earthly win on the banker's first discard."),
    ] = False,
    eight_flowers: Annotated[
        bool,
        typer.Option("--eight-flowers", help="Quanzhou: the win of all eight flowers and seasons."),
    ] = False,
    bids: Annotated[
        str | None,
        typer.Option(
            metavar="P=BID,...",
            help="Ninety-Nine: each player's bid, A=5,B=5,C=2, or the three cards laid "
            'aside, "A=7S 9H 6H,B=QS 7D 9C,C=KH QH KD" (the players in seat order).',
        ),
    ] = None,
    tricks: Annotated[
        str | None,
        typer.Option(
            metavar="P=N,...", help="Ninety-Nine: the tricks each player won, A=7,B=1,C=1."
        ),
    ] = None,
    premium: Annotated[
        str | None,
        typer.Option(
            metavar="P=KIND",
            help="Ninety-Nine: the premium bid, A=declare or A=reveal (default: none).",
        ),
    ] = None,
    trumps: Annotated[
        str | None,
        typer.Option(
            metavar="SUIT", help="Ninety-Nine: the deal's trumps (C, D, H or S), checked."
        ),
    ] = None,
    elder: Annotated[
        str | None,
        typer.Option(metavar="CARDS", help='Piquet: elder\'s 12 cards, "AS KS QS ..."'),
    ] = None,
    younger: Annotated[
        str | None,
        typer.Option(metavar="CARDS", help="Piquet: younger's 12 cards."),
    ] = None,
    carte_blanche: Annotated[
        list[str] | None,
        typer.Option(
            "--carte-blanche",
            metavar="ROLE",
            help="Piquet: elder or younger claimed carte blanche (repeatable).",
        ),
    ] = None,
    situation_file: Annotated[
        str | None,
        typer.Option(
            "--situation",
            metavar="FILE",
            help="Ninety-Nine, Piquet: the whole situation as a JSON object in FILE (- for "
            'stdin), e.g. a Ninety-Nine session {"rules": "ninety-nine", "deals": [...]}.',
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Score a finished hand: the fans (or points and doubles), the total and each seat's
    payment; or, with --table, every seat's hand and the settlement. The card games
    score a deal: Ninety-Nine from the bids and tricks, Piquet the declarations of two
    hands.

    Examples: parlour score "123m 456p 789s EEE CC" --win C --round S;
    parlour score "[123m] 456p 789s EEE CC +C" --self-drawn --flowers 2 --json;
    parlour score "999p 44s 67s [777m] [WWWW] f4" --rules classical --win 5s --seat W --self-drawn;
    parlour score "[EEE] [345m] 777s 123p 45s 99m" --rules xiamen --gold 5p --win 6s --seat S
    --from N --bonus "f1 x3";
    parlour score --table hand.json; parlour score --jsonl situations.jsonl > scores.jsonl;
    parlour score --rules ninety-nine --bids A=5,B=5,C=2 --tricks A=7,B=1,C=1 --premium A=declare;
    parlour score --rules piquet --elder "AS KS ..." --younger "JH 10H ..." --option rule_set=old;
    parlour score --situation session.json
    """
    classical_flags = {
        "--bonus": bonus is not None,
        "--bonus-replacement": bonus_replacement,
        "--visible": visible is not None,
        "--goulash": goulash,
    }
    gold_flags = {
        "--gold": gold is not None,
        "--banker": banker is not None,
        "--banker-stays": banker_stays is not None,
        "--float": float_level is not None,
        "--robbing-gold": robbing_gold,
        "--three-golds": three_golds is not None,
        "--heavenly": heavenly,
        "--earthly": earthly,
        "--eight-flowers": eight_flowers,
    }
    card_flags: dict[str, Any] = {
        "--bids": bids,
        "--tricks": tricks,
        "--premium": premium,
        "--trumps": trumps,
        "--elder": elder,
        "--younger": younger,
        "--carte-blanche": carte_blanche,
        "--situation": situation_file,
    }
    from parlour.cards.games import is_card_game

    if is_card_game(rules) or situation_file is not None:
        mahjong_given: dict[str, Any] = {
            "HAND": hand,
            "--win": win,
            "--seat": None if seat == "E" else seat,
            "--round": None if round_wind == "E" else round_wind,
            "--self-drawn": self_drawn or None,
            "--discard": discard or None,
            "--from": discarder,
            "--flowers": flowers or None,
            "--last-tile": last_tile or None,
            "--kong-replacement": kong_replacement or None,
            "--robbing-kong": robbing_kong or None,
            "--last-of-kind": last_of_kind or None,
            "--jsonl": jsonl,
            "--table": table_file,
            "--bonus": bonus,
            "--bonus-replacement": bonus_replacement or None,
            "--visible": visible,
            "--goulash": goulash or None,
            **{k: v or None for k, v in gold_flags.items()},
        }
        for flag, given_value in mahjong_given.items():
            if given_value is not None:
                _fail(f"{flag} does not apply to the card games (--rules {rules})")
        if players is not None:
            _check_players(rules, players)
        _score_cards(rules, card_flags, option or [], as_json)
        return
    for flag, flag_value in card_flags.items():
        if flag_value is not None:
            which = (
                "piquet" if flag in ("--elder", "--younger", "--carte-blanche") else "ninety-nine"
            )
            _fail(f"{flag} applies to --rules {which} only")
    if table_file is not None:
        if hand is not None or jsonl is not None:
            _fail("give a HAND, --table FILE or --jsonl FILE, one of them")
        _score_table(table_file, as_json)
        return
    if rules != "classical":
        for name, given_flag in classical_flags.items():
            if name == "--bonus" and rules in GOLD_RULES:
                continue
            if given_flag and name == "--bonus":
                _fail("--bonus applies to --rules classical only, or xiamen and quanzhou")
            if given_flag:
                _fail(f"{name} applies to --rules classical only")
    if rules not in GOLD_RULES:
        for name, given_flag in gold_flags.items():
            if given_flag:
                _fail(f"{name} applies to --rules xiamen, quanzhou or fuzhou only")
    if jsonl is not None:
        if hand is not None:
            _fail("give a HAND or --jsonl FILE, not both")
        given = {
            "--rules": rules,
            "--win": win,
            "--seat": seat,
            "--round": round_wind,
            "--self-drawn": self_drawn,
            "--discard": discard,
            "--from": discarder,
            "--flowers": flowers,
            "--last-tile": last_tile,
            "--kong-replacement": kong_replacement,
            "--robbing-kong": robbing_kong,
            "--last-of-kind": last_of_kind,
            "--option": option or [],
            "--players": players,
            "--gold": gold,
            "--banker": banker,
            "--banker-stays": banker_stays,
            "--float": float_level,
            "--robbing-gold": robbing_gold,
            "--three-golds": three_golds,
            "--heavenly": heavenly,
            "--earthly": earthly,
            "--eight-flowers": eight_flowers,
        }
        for name, value in given.items():
            if value != _SCORE_DEFAULTS[name]:
                _fail(f"{name} does not apply to --jsonl: each line is a whole situation")
        _score_bulk(jsonl)
        return
    if hand is None:
        _fail("give a HAND to score (or --jsonl FILE)")
    if players is not None:
        _check_players(rules, players)
    if self_drawn and discard:
        _fail("--self-drawn and --discard cannot both be given")
    if rules == "classical":
        if flowers:
            _fail('classical scores each bonus tile: give them as --bonus "f1 x3", not --flowers')
        if last_of_kind:
            _fail("--last-of-kind does not apply to classical (give --visible TILES instead)")
        _score_classical_hand(
            hand,
            win=win,
            seat=seat,
            round_wind=round_wind,
            self_drawn=self_drawn,
            discarder=discarder,
            bonus=bonus,
            visible=visible,
            goulash=goulash,
            flags={
                "last_wall_tile": last_tile,
                "kong_replacement": kong_replacement,
                "bonus_replacement": bonus_replacement,
                "robbing_kong": robbing_kong,
            },
            options=option or (),
            as_json=as_json,
        )
        return
    if rules in GOLD_RULES:
        for name, given_flag in (
            ("--flowers", flowers != 0),
            ("--last-tile", last_tile),
            ("--last-of-kind", last_of_kind),
        ):
            if given_flag:
                hint = ': give the flowers and seasons as --bonus "f1 x3"' if flowers else ""
                _fail(f"{name} does not apply to --rules {rules}{hint}")
        situation: dict[str, Any] = {
            "rules": rules,
            "seat_wind": seat,
            "robbing_kong": robbing_kong,
            "kong_replacement": kong_replacement,
            "robbing_gold": robbing_gold,
            "heavenly": heavenly,
            "earthly": earthly,
            "eight_flowers": eight_flowers,
        }
        for key, value in (
            ("gold", gold),
            ("banker", banker),
            ("banker_stays", banker_stays),
            ("float", float_level),
            ("three_golds", three_golds),
            ("bonus", bonus),
        ):
            if value is not None:
                situation[key] = value
        _score_gold_hand(
            hand,
            situation,
            win=win,
            self_drawn=self_drawn,
            discarder=discarder,
            options=option or (),
            as_json=as_json,
        )
        return
    from parlour import score
    from parlour.mahjong.scoring import Situation

    try:
        _check_score_flags(
            win=win, seat=seat, round_wind=round_wind, discarder=discarder, flowers=flowers
        )
        data = situation_from_args(
            hand,
            rules=rules,
            win=win,
            seat=seat,
            round_wind=round_wind,
            self_drawn=self_drawn,
            discarder=discarder,
            flowers=flowers,
            last_tile=last_tile,
            kong_replacement=kong_replacement,
            robbing_kong=robbing_kong,
            last_of_kind=last_of_kind,
            options=option or (),
        )
    except ParlourError as e:
        _fail(str(e))
    try:
        sit = Situation.from_json(data)
        result = score(sit)
    except ParlourError as e:
        _fail(_name_flags(str(e)) + _short_hand_hint(hand))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        _print_score(hand, sit, result)
    if not result.valid:
        if as_json:
            err_console.print(f"[bold red]not valid:[/] {escape(result.reason or '')}")
        raise typer.Exit(2)


def _pairs(flag: str, text: str, example: str) -> dict[str, str]:
    """``A=5,B=5,C=2`` as {player: text}, in the order given."""
    out: dict[str, str] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            _fail(
                f"{flag} is PLAYER=VALUE pairs separated by commas, such as {example}, not {text!r}"
            )
        if key in out:
            _fail(f"{flag} names {key} twice")
        out[key] = value
    return out


def _card_situation(rules: str, flags: dict[str, Any], options: list[str]) -> dict[str, Any]:
    """The score keeper's situation from ``parlour score``'s card flags."""
    try:
        parsed = _parse_options(options)
    except ParlourError as e:
        _fail(str(e))
    if flags["--situation"] is not None:
        for name, value in flags.items():
            if name != "--situation" and value is not None:
                _fail(
                    f"give the situation in --situation FILE or by flags such as {name}, not both"
                )
        where = flags["--situation"]
        text = sys.stdin.read() if where == "-" else _read_text(where)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            _fail(
                f"{flags['--situation']} is not JSON: {e.msg} at line {e.lineno} column {e.colno}"
            )
        if not isinstance(data, dict):
            _fail(f"{flags['--situation']} must hold a JSON object, not {type(data).__name__}")
        data.setdefault("rules", rules)
        if parsed:
            data["options"] = {**data.get("options", {}), **parsed}
        return data
    if rules == "ninety-nine":
        for name in ("--elder", "--younger", "--carte-blanche"):
            if flags[name] is not None:
                _fail(f"{name} applies to --rules piquet only")
        if flags["--bids"] is None or flags["--tricks"] is None:
            _fail("give each player's bid and tricks: --bids A=5,B=5,C=2 --tricks A=7,B=1,C=1")
        bid_texts = _pairs("--bids", flags["--bids"], "A=5,B=5,C=2")
        bids: dict[str, Any] = {k: int(v) if v.isdigit() else v for k, v in bid_texts.items()}
        tricks = {}
        for k, v in _pairs("--tricks", flags["--tricks"], "A=7,B=1,C=1").items():
            if not v.isdigit():
                _fail(f"--tricks gives each player a number of tricks, not {k}={v}")
            tricks[k] = int(v)
        data = {"rules": rules, "players": "".join(bids), "bids": bids, "tricks": tricks}
        given = flags["--premium"]
        if given is not None and given.strip().lower() not in ("none", "null", "-"):
            pairs = _pairs("--premium", given, "A=declare")
            if len(pairs) != 1:
                _fail(f"--premium names one player, such as A=declare, not {given!r}")
            ((holder, kind),) = pairs.items()
            data["premium"] = {"holder": holder, "kind": kind}
        else:
            data["premium"] = None
        if flags["--trumps"] is not None:
            data["trumps"] = flags["--trumps"].strip().upper()
        if parsed:
            _fail("a Ninety-Nine deal is scored the same under every option: no --option")
        return data
    for name in ("--bids", "--tricks", "--premium", "--trumps"):
        if flags[name] is not None:
            _fail(f"{name} applies to --rules ninety-nine only")
    if flags["--elder"] is None or flags["--younger"] is None:
        _fail('give both hands: --elder "AS KS QS ..." --younger "JH 10H 9H ..." (12 cards each)')
    data = {
        "rules": rules,
        "options": parsed,
        "elder": flags["--elder"],
        "younger": flags["--younger"],
    }
    if flags["--carte-blanche"]:
        data["carte_blanche"] = [c.strip().lower() for c in flags["--carte-blanche"]]
    return data


def _score_cards(rules: str, flags: dict[str, Any], options: list[str], as_json: bool) -> None:
    """``parlour score --rules ninety-nine|piquet``: the card score keepers."""
    from parlour import score

    data = _card_situation(rules, flags, options)
    try:
        result = score(data)
    except (ParlourError, ValueError) as e:
        _fail(str(e))
    out = result.to_json()
    if as_json:
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    elif out.get("rules") == "piquet":
        _print_piquet_score(out)
    elif "deals" in out:
        _print_ninety_nine_session(out)
    else:
        _print_ninety_nine_deal(out)


def _suit(letter: str) -> str:
    from parlour.cards.games import suit_text

    return suit_text(letter)


def _print_ninety_nine_deal(out: dict[str, Any], title: str = "Ninety-Nine: one deal") -> None:
    table = Table(title=title + (f" (trumps {_suit(out['trumps'])})" if out.get("trumps") else ""))
    for col in ("player", "bid", "tricks", "made it", "tricks pts", "bonus", "premium", "score"):
        table.add_column(col, justify="left" if col in ("player", "made it") else "right")
    premium = out["premium"]
    for p, bid in out["bids"].items():
        part = out["breakdown"][p]
        table.add_row(
            p,
            str(bid),
            str(out["tricks"][p]),
            "yes" if p in out["succeeded"] else "no",
            str(part["tricks"]),
            str(part["bonus"]),
            str(part["premium"]),
            str(out["scores"][p]),
        )
    console.print(table)
    if premium is not None:
        made = "made it" if premium["succeeded"] else "failed"
        console.print(
            f"premium: {premium['holder']} {premium['kind']}s ({premium['value']}) and {made}",
            highlight=False,
        )
    console.print(
        f"{out['successes']} made their bids: the next deal's trumps are "
        f"{_suit(out['next_trumps'])}",
        highlight=False,
    )


def _print_ninety_nine_session(out: dict[str, Any]) -> None:
    table = Table(title=f"Ninety-Nine: {len(out['deals'])} deals")
    players = list(out["totals"])
    table.add_column("deal", justify="right")
    table.add_column("trumps")
    for p in players:
        table.add_column(p, justify="right")
    table.add_column("game won by")
    for n, deal in enumerate(out["deals"], 1):
        won = ", ".join(deal["game_won_by"] or []) or "-"
        table.add_row(
            str(n),
            _suit(deal["trumps"]),
            *(f"{deal['scores'][p]} ({deal['totals'][p]})" for p in players),
            won,
        )
    console.print(table)
    console.print(
        "points: "
        + ", ".join(f"{p} {out['points'][p]}" for p in players)
        + " · game wins: "
        + ", ".join(f"{p} {out['game_wins'][p]}" for p in players),
        highlight=False,
    )
    state = "over, won by " + ", ".join(out["winners"]) if out["over"] else "not over"
    console.print(
        f"the session is {state}; next trumps {_suit(out['next_trumps'])}", highlight=False
    )


def _print_piquet_score(out: dict[str, Any]) -> None:
    from parlour.cards.games import hand_text

    console.print(
        f"elder: {hand_text(out['elder'])}\nyounger: {hand_text(out['younger'])}\n"
        f"rules: {out['options']['rule_set']}",
        highlight=False,
    )
    table = Table(title="Piquet: point, sequences and sets")
    for col in ("category", "elder", "younger", "scored", "points"):
        table.add_column(col, justify="right" if col == "points" else "left")
    for c in out["categories"]:
        scored = ", ".join(x["name"] for x in c["scores"])
        table.add_row(
            c["category"],
            c["elder"]["name"] if c["elder"] else "-",
            c["younger"]["name"] if c["younger"] else "-",
            escape(scored or "-"),
            str(c["points"]),
        )
    console.print(table)
    for c in out["categories"]:
        console.print(f"{c['category']}: {escape(c['why'])}", highlight=False)
    steps = Table(title="In the canonical order")
    for col in ("step", "who", "points", "for", "elder", "younger"):
        steps.add_column(col, justify="right" if col in ("points", "elder", "younger") else "left")
    for st in out["steps"]:
        steps.add_row(
            st["step"],
            st["who"],
            str(st["points"]),
            escape(st["what"]),
            str(st["elder"]),
            str(st["younger"]),
        )
    if out["steps"]:
        console.print(steps)
    if out["carte_blanche"]:
        console.print("carte blanche: " + ", ".join(out["carte_blanche"]), highlight=False)
    if out["repique"]:
        console.print(f"repique: {out['repique']}", highlight=False)
    totals = out["totals"]
    console.print(f"totals: elder {totals['elder']}, younger {totals['younger']}", highlight=False)


def _mahjong_score(data: dict[str, Any]) -> Score:
    """``parlour.score`` of a mahjong situation (a ``Score``)."""
    from parlour import score
    from parlour.mahjong.scoring import Score

    result = score(data)
    assert isinstance(result, Score)
    return result


def _score_classical_hand(
    hand: str,
    *,
    win: str | None,
    seat: str,
    round_wind: str,
    self_drawn: bool,
    discarder: str | None,
    bonus: str | None,
    visible: str | None,
    goulash: bool,
    flags: dict[str, bool],
    options: Iterable[str],
    as_json: bool,
) -> None:
    """``parlour score HAND --rules classical``: one winning hand, paid by every other seat."""

    try:
        if win is None:
            named = parse_hand(hand).win_tile
            if named is None:
                raise InvalidHand(
                    "no winning tile: give --win TILE or write it in the hand as +TILE"
                )
            win = tile_name(named)
        seat = seat.strip().upper()
        data: dict[str, Any] = {
            "rules": "classical",
            "hand": hand,
            "win_tile": win,
            "seat_wind": seat,
            "round_wind": round_wind,
            "goulash": goulash,
        }
        if self_drawn:
            data["self_drawn"] = True
        else:
            winds = "ESWN"
            data["discarder"] = (
                discarder.strip().upper()
                if discarder is not None
                else winds[(winds.index(seat) - 1) % 4]
                if seat in winds
                else "N"
            )
        if bonus is not None:
            data["bonus"] = bonus
        if visible is not None:
            data["visible"] = visible
        data.update({k: v for k, v in flags.items() if v})
        parsed = _parse_options(options)
        if parsed:
            data["options"] = parsed
        result = _mahjong_score(data)
    except ParlourError as e:
        _fail(_name_flags(str(e)))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        how = "self-drawn" if self_drawn else f"on {data.get('discarder')}'s discard"
        console.print(
            f"[bold]{escape(hand)}[/]  CLASSICAL, {seat} won on {escape(str(win))} {how}",
            highlight=False,
        )
        _print_lines(result)
        if result.payments:
            payments = Table(title="Payments")
            payments.add_column("seat")
            payments.add_column("points", justify="right")
            for who, amount in result.payments.items():
                payments.add_row(who, f"{amount:+d}")
            console.print(payments)
    if not result.valid:
        err_console.print(f"[bold red]not valid:[/] {escape(result.reason or '')}")
        raise typer.Exit(2)


def _score_gold_hand(
    hand: str,
    situation: dict[str, Any],
    *,
    win: str | None,
    self_drawn: bool,
    discarder: str | None,
    options: Iterable[str],
    as_json: bool,
) -> None:
    """``parlour score HAND --rules xiamen --gold 5p``: one win, paid by every other
    seat; a false win (§12.3) is paid back the other way."""

    data = {k: v for k, v in situation.items() if v is not False}
    data["hand"] = hand
    if "gold" not in data:
        _fail("give the Gold indicator turned up after the deal: --gold TILE, such as --gold 5p")
    seat = str(data.get("seat_wind", "E")).strip().upper()
    declared = data.get("three_golds") or data.get("eight_flowers")
    try:
        if win is None:
            named = parse_hand(hand).win_tile
            if named is not None:
                win = tile_name(named)
            elif not (declared or data.get("heavenly")):
                raise InvalidHand(
                    "no winning tile: give --win TILE (5p* for a Gold) or write it in the "
                    "hand as +TILE"
                )
        if win is not None:
            data["win_tile"] = win
        if self_drawn:
            data["self_drawn"] = True
        elif discarder is not None:
            data["discarder"] = discarder.strip().upper()
        elif win is not None and not (data.get("robbing_gold") or data.get("heavenly")):
            winds = "ESWN"
            data["discarder"] = winds[(winds.index(seat) - 1) % 4] if seat in winds else "N"
        parsed = _parse_options(options)
        if parsed:
            data["options"] = parsed
        result = _mahjong_score(data)
    except ParlourError as e:
        _fail(_name_gold_flags(str(e)))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        if data.get("self_drawn"):
            how = "by a wall tile"
        elif data.get("discarder"):
            how = f"on {data['discarder']}'s {'kong' if data.get('robbing_kong') else 'discard'}"
        else:
            how = "as declared"
        won = f"won on {win} {how}" if win is not None else "declared a win"
        console.print(
            f"[bold]{escape(hand)}[/]  {str(data['rules']).upper()}, gold {data.get('gold')}, "
            f"{seat} {escape(won)}",
            highlight=False,
        )
        _print_lines(result, title="Water and multiplier")
        payments = Table(title="Payments")
        payments.add_column("seat")
        payments.add_column("points", justify="right")
        for who, amount in result.payments.items():
            payments.add_row(who, f"{amount:+d}")
        console.print(payments)
    if not result.valid:
        err_console.print(f"[bold red]false win:[/] {escape(result.reason or '')}")
        raise typer.Exit(2)


_GOLD_FLAG_OF_FIELD = {
    "'win_tile'": "--win",
    "'seat_wind'": "--seat",
    "'discarder'": "--from",
    "'gold'": "--gold",
    "'banker_stays'": "--banker-stays",
    "'banker'": "--banker",
    "'float'": "--float",
    "'three_golds'": "--three-golds",
    "'self_drawn'": "--self-drawn",
}


def _name_gold_flags(message: str) -> str:
    for field, flag in _GOLD_FLAG_OF_FIELD.items():
        message = message.replace(field, flag)
    return message


def _print_lines(result: Any, title: str = "Points and doubles") -> None:
    """A score's lines (item, unit, count, value) and its arithmetic."""
    table = Table(title=title)
    table.add_column("item", no_wrap=True)
    table.add_column("unit")
    table.add_column("count", justify="right")
    table.add_column("value", justify="right")
    for p in result.patterns:
        value = "limit" if p.unit == "limit" else str(p.points)
        table.add_row(escape(p.name), p.unit, str(p.count), value)
    table.add_section()
    table.add_row("[bold]score[/]", "", "", f"[bold]{result.total}[/]")
    console.print(table)
    for line in result.explain:
        console.print(escape(line), highlight=False)


def _score_table(path: str, as_json: bool) -> None:
    """``parlour score --table FILE``: every seat's score and the settlement."""
    from parlour import settle

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as e:
        _fail(f"cannot read {path}: {e.strerror or e}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        _fail(f"{path} is not JSON: {e.msg} at line {e.lineno} column {e.colno}")
    try:
        result = settle(data)
    except ParlourError as e:
        _fail(str(e))
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        if not result.valid:
            err_console.print(f"[bold red]not valid:[/] {escape(result.reason or '')}")
            raise typer.Exit(2)
        return
    seats = data.get("seats", {})
    for who, s in result.scores.items():
        role = "winner" if who == result.winner else "loser"
        hand_text = seats.get(who, {}).get("hand", "")
        win_text = seats.get(who, {}).get("win_tile")
        suffix = f" +{win_text}" if role == "winner" and win_text else ""
        console.print(
            f"\n[bold]{who}[/] ({role})  {escape(hand_text)}{escape(suffix)}", highlight=False
        )
        _print_lines(s, title=f"{who}: {s.total}")
    if result.payments:
        payments = Table(title="Settlement")
        payments.add_column("payer")
        payments.add_column("payee")
        payments.add_column("amount", justify="right")
        for payer, payee, amount in result.payments:
            payments.add_row(payer, payee, str(amount))
        console.print(payments)
    for line in result.explain:
        console.print(escape(line), highlight=False)
    net = Table(title="Net")
    net.add_column("seat")
    net.add_column("change", justify="right")
    for who, amount in result.net.items():
        net.add_row(who, f"{amount:+d}")
    console.print(net)
    if not result.valid:
        err_console.print(f"[bold red]not valid:[/] {escape(result.reason or '')}")
        raise typer.Exit(2)


def _short_hand_hint(hand: str) -> str:
    """A hint for an error on a hand written one tile short (13 tiles, or 16 where the
    game has 17): HAND must hold the winning tile too."""
    try:
        parsed = parse_hand(hand)
    except ParlourError:
        return ""
    size = len(parsed.concealed) + 3 * len(parsed.melds)
    if size % 3 != 1:
        return ""
    return (
        f" (the hand holds {size} tiles: HAND is the whole hand, the winning tile included, "
        f'e.g. "123m 456p 789s EEE CC" --win C)'
    )


def _seat_roles(sit: Any, valid: bool) -> dict[str, str]:
    from parlour.mahjong.scoring import SEATS

    roles = dict.fromkeys(SEATS, "")
    if not valid:
        roles[sit.seat_wind] = "declarer (false mahjong)"
    elif sit.self_drawn:
        roles = dict.fromkeys(SEATS, "pays (self-drawn)")
        roles[sit.seat_wind] = "winner"
    else:
        role = "robbed kong" if sit.robbing_kong else "discarder"
        if sit.discarder is None:
            role += " (assumed: the winner's left)"
        roles[sit.payer] = role
        roles[sit.seat_wind] = "winner"
    return roles


def _print_score(hand: str, sit: Any, result: Any) -> None:
    how = "self-drawn" if sit.self_drawn else "on a discard"
    console.print(
        f"[bold]{escape(hand)}[/]  {sit.rules.upper()}, won on {tile_name(sit.win_tile)} {how}",
        highlight=False,
    )
    table = Table(title="Fans")
    table.add_column("fan", no_wrap=True)
    table.add_column("value", justify="right")
    table.add_column("count", justify="right")
    table.add_column("points", justify="right")
    for p in result.patterns:
        table.add_row(escape(p.name), str(p.value), str(p.count), str(p.points))
    table.add_section()
    table.add_row("[bold]total[/]", "", "", f"[bold]{result.total}[/]")
    console.print(table)
    if not result.valid:
        console.print(f"[bold red]not valid:[/] {escape(result.reason or '')}", highlight=False)
    payments = Table(title="Payments")
    payments.add_column("seat")
    payments.add_column("")
    payments.add_column("points", justify="right")
    roles = _seat_roles(sit, result.valid)
    for seat, amount in result.payments.items():
        style = "green" if amount > 0 else "red" if amount < 0 else ""
        payments.add_row(seat, roles.get(seat, ""), f"[{style}]{amount:+d}[/]" if style else "0")
    console.print(payments)
    for line in result.explain:
        console.print(escape(line), highlight=False)


@app.command("rules", cls=_Command)
def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="A rule system: show its options.", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """List the rule systems, or one system's options with their defaults and meanings."""
    from parlour.registry import find_system, rule_systems

    if name is None:
        systems = rule_systems()
        if as_json:
            sys.stdout.write(json.dumps([x.to_json() for x in systems], ensure_ascii=False) + "\n")
            return
        table = Table(title="Rule systems")
        for col in ("name", "players", "status", "rules"):
            table.add_column(col)
        for x in systems:
            names = x.name + "".join(f" ({a})" for a in x.aliases)
            players = ", ".join(map(str, x.players))
            table.add_row(names, players, x.status, escape(x.title))
        console.print(table)
        console.print("parlour rules NAME lists a system's options.", highlight=False)
        return
    try:
        system = find_system(name)
    except ValueError as e:
        _fail(str(e))
    if as_json:
        sys.stdout.write(json.dumps(system.to_json(), ensure_ascii=False) + "\n")
        return
    alias = f" (also {', '.join(system.aliases)})" if system.aliases else ""
    console.print(f"[bold]{system.name}[/]{alias}: {escape(system.title)}", highlight=False)
    console.print(
        f"players: {', '.join(map(str, system.players))} · status: {system.status} · "
        f"from {system.source}",
        highlight=False,
    )
    options = system.options()
    if not options:
        note = "no options" if system.status == "playable" else "options come when it is built"
        console.print(f"options: {note}", highlight=False)
        return
    table = Table(title="Options (--option KEY=VALUE)")
    for col in ("option", "default", "choices", "meaning"):
        table.add_column(col)
    for o in options:
        choices = ", ".join(map(str, o.choices)) if o.choices else "-"
        table.add_row(o.name, json.dumps(o.default), choices, escape(o.meaning))
    console.print(table)


# ---------------------------------------------------------------------------------------
# rule systems, options, players and bots: shared by play and simulate

_Rules = Annotated[
    str, typer.Option(metavar="NAME", help="The rule system (parlour rules lists them).")
]
_Options = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="KEY=VALUE",
        help="A rule-system option KEY=VALUE (repeatable; parlour rules NAME lists them).",
    ),
]
_Players = Annotated[
    int | None, typer.Option(metavar="N", help="Players (default: the rule system's number).")
]
_Deck = Annotated[
    str | None,
    typer.Option(
        metavar="CARDS",
        help='Card games: the first deal\'s pack order, top card first ("7C 8C 9C ..."; '
        "Piquet deals it in packets of the option packet_size, elder first; Ninety-Nine "
        "one card at a time from the dealer's left).",
    ),
]


def _table_rules(rules: str, options: list[str] | None, players: int | None) -> Any:
    """The ruleset for ``--rules``, ``--option`` and ``--players``, or a clear error."""
    from parlour.mahjong.rules import ruleset_class
    from parlour.mahjong.session import make_ruleset
    from parlour.registry import check_playable

    try:
        system = check_playable(rules, players)
        name = system.name if system else rules
        parsed = _parse_options(options or ())
        spec = {o.name for o in ruleset_class(name).options_spec}
        # a rule system set by its players takes --players as its option
        by_players = players is not None and "players" in spec
        if by_players and parsed.setdefault("players", players) != players:
            _fail(f"--players {players} and --option players={parsed['players']} differ")
        ruleset = make_ruleset(name, parsed)
        walls = ruleset.wall_of({})
        walls.check(ruleset.tiles_of({}), num_seats=ruleset.num_seats, hand_size=ruleset.hand_size)
        return ruleset
    except (ParlourError, ValueError) as e:
        _fail(str(e))


def _bot_names(bots: str, count: int, who: str) -> list[str]:
    """``--bots``: one name for every seat, or ``count`` comma-separated names."""
    from parlour.bots import BOTS

    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        names *= count
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        _fail(f"unknown bot {unknown[0]!r} in --bots (bots: {', '.join(sorted(BOTS))})")
    if len(names) != count:
        _fail(f"--bots names one bot for {who} or {count} comma-separated, not {len(names)}")
    return names


@app.command("play", cls=_Command)
def play_command(
    rules: _Rules = "mcr",
    option: _Options = None,
    players: _Players = None,
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seed of the match (default: a fresh random one)."),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            metavar="N", help="Hands to play at most (an MCR match has 16; mahjong only)."
        ),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOTS",
            help="The other players' bots: one name for all of them, or one per player, "
            "comma-separated (mahjong: greedy, random; cards: heuristic, random, and greedy "
            "for heuristic).",
        ),
    ] = "greedy",
    record: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Write the game record (JSON) to FILE at the end, also when stopped early.",
        ),
    ] = None,
    deck: _Deck = None,
) -> None:
    """Play a match at the terminal against bots (MCR: 16 hands, three bots), or a
    card game (--rules piquet: a partie against one bot; ninety-nine: a game against two).

    Answer with the number of an action or the action in words (discard 4p, play AS,
    bid 7S 9H 6H), or help; press Enter between hands; 'quit' or the end of input stops.
    """
    from parlour.cards.games import is_card_game
    from parlour.mahjong.session import rules_of
    from parlour.terminal import play, record_problem

    if is_card_game(rules):
        if hands is not None:
            _fail("--hands applies to mahjong: a card game is played to its end")
        _play_cards(rules, option, players, seed, bots, record, deck)
        return
    if deck is not None:
        _fail("--deck applies to the card games (--rules piquet or ninety-nine)")
    hands = 16 if hands is None else hands
    ruleset = _table_rules(rules, option, players)
    count = rules_of(ruleset).num_players(ruleset.num_seats)
    names = _bot_names(bots, count - 1, "every other player")
    if hands < 1:
        _fail("--hands must be at least 1")
    if record is not None and (problem := record_problem(record)):
        _fail(f"cannot write the record to {record}: {problem}")
    if not sys.stdin.isatty():
        err_console.print("(input is not a terminal: answers are read from it line by line)")
    if seed is None:
        import secrets

        seed = secrets.randbits(32)  # nobody can rebuild the walls from a default seed
    try:
        play(
            seed=seed,
            hands=hands,
            bots=names,
            ask=_ask if not sys.stdin.isatty() else None,
            record=record,
            rules=ruleset.name,
            options=dict(ruleset.options),
        )
    except KeyboardInterrupt:  # play said so and wrote the record of what was played
        raise typer.Exit(130) from None
    except ParlourError as e:  # the record could not be written after all
        _fail(str(e))


def _card_game(
    rules: str, options: list[str] | None, players: int | None, deck: str | None
) -> tuple[Any, dict[str, Any]]:
    """The card game of ``--rules`` with its options (every one's value) checked, and
    ``--deck`` checked against its pack, or a clear error."""
    from parlour.cards.games import find_card_game
    from parlour.registry import check_playable

    try:
        check_playable(rules, players)
        spec = find_card_game(rules)
        values = spec.check_options(_parse_options(options or ()))
        if deck is not None:
            spec.parse_deck(deck, values)
    except (ParlourError, ValueError) as e:
        message = str(e)
        _fail(f"--deck: {message}" if deck is not None and "deck" in message else message)
    return spec, values


def _card_bots(spec: Any, bots: str, count: int, who: str) -> list[str]:
    """``--bots`` for a card game: one name for every seat, or ``count`` of them."""
    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        names *= count
    for name in names:
        try:
            spec.make_bot(name)
        except ValueError as e:
            _fail(f"{e} in --bots")
    if len(names) != count:
        _fail(f"--bots names one bot for {who} or {count} comma-separated, not {len(names)}")
    return names


def _play_cards(
    rules: str,
    option: list[str] | None,
    players: int | None,
    seed: int | None,
    bots: str,
    record: str | None,
    deck: str | None,
) -> None:
    from parlour.terminal import play_cards, record_problem

    spec, values = _card_game(rules, option, players, deck)
    names = _card_bots(spec, bots, spec.players - 1, "every other player")
    if record is not None and (problem := record_problem(record)):
        _fail(f"cannot write the record to {record}: {problem}")
    if not sys.stdin.isatty():
        err_console.print("(input is not a terminal: answers are read from it line by line)")
    if seed is None:
        import secrets

        seed = secrets.randbits(32)
    try:
        play_cards(
            rules,
            options=values,
            seed=seed,
            deck=deck,
            bots=names,
            ask=_ask if not sys.stdin.isatty() else None,
            console=console,
            record=record,
        )
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except ParlourError as e:
        _fail(str(e))


def _ask(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


@app.command("simulate", cls=_Command)
def simulate_command(
    rules: _Rules = "mcr",
    option: _Options = None,
    players: _Players = None,
    games: Annotated[int, typer.Option(metavar="N", help="Hands to play.")] = 1000,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar="BOTS",
            help="The bots: one name for every seat, or one per seat, comma-separated, "
            "seat 0 first (greedy, random). Default: greedy on seats 0 and 1, random on "
            "the others.",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[int, typer.Option(metavar="N", help="Local processes.")] = 1,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the simulation.")] = 0,
    out: Annotated[
        str | None,
        typer.Option(
            metavar="DIR",
            help="Write summary.json and hands.jsonl (one line per hand) in DIR, "
            "created if need be.",
        ),
    ] = None,
    records: Annotated[
        bool,
        typer.Option(
            help="Also write every hand's game record in DIR/records.jsonl (needs --out), "
            "for parlour validate and replay."
        ),
    ] = False,
    fast: Annotated[
        bool,
        typer.Option(
            help="After a discard ask only the seats that can act (faster; what the other "
            "seats see then hints at who could claim, which bots do not use)."
        ),
    ] = False,
    deck: _Deck = None,
) -> None:
    """Play many hands with bots, in parallel (a card game: many whole games).

    The same seed gives the same results whatever the number of workers.
    """
    from rich.progress import Progress

    from parlour.cards.games import is_card_game
    from parlour.sim import simulate, write_outputs

    if is_card_game(rules):
        if fast:
            _fail("--fast applies to mahjong (it asks fewer seats after a discard)")
        _simulate_cards(rules, option, players, games, bots, workers, seed, out, records, deck)
        return
    if deck is not None:
        _fail("--deck applies to the card games (--rules piquet or ninety-nine)")
    ruleset = _table_rules(rules, option, players)
    if bots is None:
        bots = ",".join("greedy" if s < 2 else "random" for s in range(ruleset.num_seats))
    names = _bot_names(bots, ruleset.num_seats, "every seat")
    if games < 1 or workers < 1:
        _fail("--games and --workers must be at least 1")
    if records and out is None:
        _fail("--records writes records.jsonl in the --out directory: give --out DIR")
    if out is not None and (problem := _directory_problem(Path(out))):
        _fail(f"cannot write the results to {out}: {problem}")  # before, not after, the run
    try:
        with Progress(console=err_console, transient=True) as bar:
            task = bar.add_task("hands", total=games)
            summary = simulate(
                names,
                games,
                seed,
                workers,
                record=records,
                rules=ruleset.name,
                options=dict(ruleset.options),
                fast=fast,
                progress=lambda done: bar.update(task, completed=done),
            )
    except KeyboardInterrupt:  # simulate has stopped its workers
        err_console.print("interrupted", highlight=False)
        raise typer.Exit(130) from None
    if out is not None:
        try:
            write_outputs(summary, Path(out))
        except OSError as e:
            _fail(f"cannot write the results to {out}: {e.strerror or e}")
    title = f"{games:,} {ruleset.name} hands · draw rate {summary['draw_rate']:.1%}"
    table = Table(title=title)
    for col in ("seat", "bot", "wins", "win rate", "mean score"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for s in summary["seats"]:
        table.add_row(
            str(s["seat"]),
            s["bot"],
            f"{s['wins']:,}",
            f"{s['win_rate']:.1%}",
            f"{s['mean_score']:+.2f}",
        )
    console.print(table)
    top = ", ".join(f"{k} {v}" for k, v in list(summary["fans"].items())[:8])
    lines = "fans" if ruleset.name == "mcr" else "scoring lines"
    console.print(f"most frequent {lines}: {top or '-'}", highlight=False)
    length = summary["actions_per_hand"]
    console.print(
        f"actions per hand: mean {length['mean']:.1f}, min {length['min']}, max {length['max']}",
        highlight=False,
    )


def _simulate_cards(
    rules: str,
    option: list[str] | None,
    players: int | None,
    games: int,
    bots: str | None,
    workers: int,
    seed: int,
    out: str | None,
    records: bool,
    deck: str | None,
) -> None:
    """``parlour simulate --rules piquet|ninety-nine``: many whole games by bots."""
    from rich.progress import Progress

    from parlour.cards.sim import simulate_cards, write_card_outputs

    spec, values = _card_game(rules, option, players, deck)
    if bots is None:
        bots = ",".join("heuristic" if s < 2 else "random" for s in range(spec.players))
    names = _card_bots(spec, bots, spec.players, "every seat")
    if games < 1 or workers < 1:
        _fail("--games and --workers must be at least 1")
    if records and out is None:
        _fail("--records writes records.jsonl in the --out directory: give --out DIR")
    if out is not None and (problem := _directory_problem(Path(out))):
        _fail(f"cannot write the results to {out}: {problem}")
    try:
        with Progress(console=err_console, transient=True) as bar:
            task = bar.add_task("games", total=games)
            summary = simulate_cards(
                rules,
                names,
                games,
                seed,
                options=values,
                deck=deck,
                workers=workers,
                record=records,
                progress=lambda done: bar.update(task, completed=done),
            )
    except KeyboardInterrupt:
        err_console.print("interrupted", highlight=False)
        raise typer.Exit(130) from None
    if out is not None:
        try:
            write_card_outputs(summary, Path(out))
        except OSError as e:
            _fail(f"cannot write the results to {out}: {e.strerror or e}")
    what = "parties" if rules == "piquet" else "games"
    table = Table(title=f"{games:,} {rules} {what} · seed {seed}")
    for col in ("seat", "bot", "wins", "win rate", "mean score"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for row in summary["seats"]:
        table.add_row(
            str(row["seat"]),
            row["bot"],
            f"{row['wins']:,}",
            f"{row['win_rate']:.1%}",
            f"{row['mean_score']:+.2f}",
        )
    console.print(table)
    stats = ", ".join(f"{k} {v:.2f}" for k, v in summary["stats"].items())
    console.print(f"per game: {stats}", highlight=False)
    length = summary["actions_per_game"]
    console.print(
        f"actions per game: mean {length['mean']:.1f}, min {length['min']}, max {length['max']}",
        highlight=False,
    )


def _directory_problem(path: Path) -> str | None:
    """Why files cannot be written in the directory ``path`` (created if need be), or
    None when they can."""
    import tempfile

    if path.exists() and not path.is_dir():
        return "Not a directory"
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        return e.strerror or str(e)
    return None


def _read_text(path: str) -> str:
    """The UTF-8 text of ``path``; a file that cannot be read or is not UTF-8 text fails
    with a message that names it."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        _fail(f"cannot read {path}: {e.strerror or e}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        _fail(f"{path} is not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})")


def _record_lines(path: str) -> list[tuple[int, str]]:
    """The non-blank lines of a ``.jsonl`` file of records, with their line numbers."""
    file = Path(path)
    simulation = (file.parent / "hands.jsonl").exists()  # a directory parlour simulate wrote
    if file.name == "records.jsonl" and simulation and not file.exists():
        _fail(
            f"cannot read {path}: No such file or directory "
            "(parlour simulate writes records.jsonl only with --records)"
        )
    lines = _read_text(path).split("\n")
    found = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not found:
        _fail(f"{path} holds no records (it is empty)")
    return found


def _record_text(path: str) -> str:
    """The text of a single-record file (it must not be empty)."""
    text = _read_text(path)
    if not text.strip():
        _fail(f"{path} is empty")
    return text


_RECORD_FILE_HELP = (
    "A game record (JSON), or a .jsonl file with one record per line "
    "(as parlour simulate --records writes)."
)


@app.command("replay", cls=_Command)
def replay_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_RECORD_FILE_HELP)],
    events: Annotated[bool, typer.Option(help="Print every move, not only each hand.")] = False,
) -> None:
    """Replay a game record and print it hand by hand.

    A .jsonl file is replayed one record after another.
    """
    from parlour.records import loads_record

    try:
        if file.endswith(".jsonl"):
            for n, line in _record_lines(file):
                console.rule(f"line {n}")
                _print_replay(loads_record(line, name=f"line {n}"), events)
        else:
            _print_replay(loads_record(_record_text(file), name=file), events)
    except ParlourError as e:
        _fail(str(e))


def _print_card_replay(record: dict[str, Any], events: bool) -> None:
    """A card record, deal by deal: every event in words (the hands included); with
    ``events``, each move too."""
    from parlour.cards.games import find_card_game
    from parlour.cards.records import names_of
    from parlour.records import replay
    from parlour.terminal import card_names

    spec = find_card_game(record["rules"])
    names = card_names(names_of(record))
    game = spec.make_game(record.get("options") or {}, record["seed"], record.get("deck"))
    deal = 0
    for step in replay(record):
        if step.hand != deal:
            deal = step.hand
            console.print(f"[bold]deal {deal}[/]")
        if events and step.action is not None and step.seat is not None:
            text = game.format_action(step.action)
            console.print(f"{step.move:4d}. {names[step.seat]}: {text}", highlight=False)
        for e in step.events:
            line = spec.narrate(e, names)
            if line and (events or e.kind != "play"):
                console.print("      " + line if events else line, highlight=False)
    if record.get("result") is not None:
        console.print(f"result: {json.dumps(record['result'])}", highlight=False)


def _print_replay(record: dict[str, Any], events: bool) -> None:
    from parlour.records import replay

    if record.get("game") == "cards":
        _print_card_replay(record, events)
        return

    hand = 0
    for step in replay(record):
        if step.hand != hand:
            hand = step.hand
            console.print(f"[bold]hand {hand}[/]")
        if step.action is None:
            continue
        if events:
            console.print(f"{step.move:4d}. seat {step.seat}: {step.action}", highlight=False)
        for e in step.events:
            if e.kind == "win":
                d = e.data
                melds = " ".join(d["melds"])
                console.print(
                    f"seat {e.seat} wins on {d['tile']} with {d['hand']} {melds}: "
                    f"{d['total']} points, payments {d['payments']}",
                    highlight=False,
                )
            elif e.kind == "exhaustive_draw":
                console.print("exhaustive draw", highlight=False)


def _valid_text(report: Any, cards: bool = False) -> str:
    if cards:
        return f"{report.hands} deals, {report.moves} moves replayed, the result agrees"
    return f"{report.hands} hands, {report.moves} moves replayed, every score agrees"


@app.command("validate", cls=_Command)
def validate_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_RECORD_FILE_HELP)],
) -> None:
    """Re-check every action of a record and recompute every score.

    Reports the first discrepancy, or that the game is unfinished (both exit status 1),
    or that the record holds.
    """
    from parlour.records import loads_record, validate

    try:
        if file.endswith(".jsonl"):  # one record per line, as parlour simulate writes them
            lines = _record_lines(file)
            for n, line in lines:
                report = validate(loads_record(line, name=f"line {n}"))
                if not report.ok:
                    label = "" if report.unfinished else "[bold red]invalid:[/] "
                    err_console.print(f"{label}line {n}: {escape(report.message)}", highlight=False)
                    raise typer.Exit(1)
            console.print(f"valid: {len(lines)} records, every score agrees", highlight=False)
            return
        record = loads_record(_record_text(file), name=file)
        cards = record.get("game") == "cards"
        report = validate(record)
    except ParlourError as e:
        _fail(str(e))
    if report.ok:
        console.print(f"valid: {_valid_text(report, cards)}", highlight=False)
        return
    label = "" if report.unfinished else "[bold red]invalid:[/] "
    err_console.print(f"{label}{escape(report.message)}", highlight=False)
    raise typer.Exit(1)


def _worker_count(workers: str, url: str) -> int:
    """``--workers`` as a number: ``auto`` is one per core on a machine with several
    (none with one core, or with an in-memory database, which one process holds)."""
    if workers == "auto":
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
        cores = cores or os.cpu_count() or 1
        return 0 if cores < 2 or ":memory:" in url else cores
    try:
        count = int(workers)
    except ValueError:
        count = -1
    if not 0 <= count <= 64:
        _fail(f"--workers must be auto or a number from 0 to 64, not {workers!r}")
    return count


@app.command("serve", cls=_Command)
def serve_command(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="The database (default: PARLOUR_DATABASE_URL, else sqlite:///var/parlour.db).",
        ),
    ] = None,
    workers: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="Worker processes that run the games (0: in the server's own process; "
            "auto: one per core when there are several).",
        ),
    ] = "auto",
) -> None:
    """Serve the browser pages: play against bots or friends, watch, score, replay.

    Prints the address to open. Games are kept in the database, so a server started
    again goes on with every game where it was.
    """
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.app import database_url as default_url

    if not 0 < port < 65536:
        _fail(f"--port must be 1-65535, not {port}")
    url = database_url or default_url()
    count = _worker_count(workers, url)
    try:
        application = create_app(url, workers=count, warm=True)
    except Exception as e:  # a database that cannot be opened or migrated
        _fail(f"cannot open the database {url}: {e}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(f"parlour is serving at http://{shown}:{port}/ (games in {url})", highlight=False)
    uvicorn.run(application, host=host, port=port, log_level="warning")


@bench_app.command("shapes", cls=_Command)
def bench_shapes(
    hands: Annotated[int, typer.Option(metavar="N", help="Random hands per measurement.")] = 20000,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
    repeat: Annotated[int, typer.Option(metavar="N", help="Best of this many runs.")] = 3,
) -> None:
    """Shanten, completeness and decomposition speed against PyMahjongGB and mahjong."""
    from parlour.bench.shapes import print_table, run_shapes_bench

    if hands < 1:
        _fail("--hands must be at least 1")
    print_table(run_shapes_bench(hands=hands, seed=seed, repeat=repeat))


@bench_app.command("mcr", cls=_Command)
def bench_mcr(
    hands: Annotated[
        int, typer.Option(metavar="N", help="Random MCR hands per measurement.")
    ] = 5000,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
    repeat: Annotated[int, typer.Option(metavar="N", help="Best of this many runs.")] = 3,
) -> None:
    """MCR scoring speed against PyMahjongGB's fan calculator, and their agreement."""
    from parlour.bench.mcr import print_table, run_mcr_bench

    if hands < 1:
        _fail("--hands must be at least 1")
    print_table(run_mcr_bench(hands=hands, seed=seed, repeat=repeat))


@bench_app.command("sim", cls=_Command)
def bench_sim(
    games: Annotated[int, typer.Option(metavar="N", help="Hands per measurement.")] = 300,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the first hand.")] = 1,
    repeat: Annotated[int, typer.Option(metavar="N", help="Best of this many runs.")] = 3,
) -> None:
    """Whole MCR hands per second (random and greedy bots) against RLCard's mahjong."""
    from parlour.bench.sim import print_sim_table, run_sim_bench

    if games < 1:
        _fail("--games must be at least 1")
    print_sim_table(run_sim_bench(games=games, seed=seed, repeat=repeat))


@bench_app.command("server", cls=_Command)
def bench_server(
    tables: Annotated[
        int, typer.Option(metavar="N", help="Tables played at once (one client, three bots).")
    ] = 100,
    seconds: Annotated[float, typer.Option(metavar="S", help="How long the clients play.")] = 20.0,
    bots: Annotated[
        str, typer.Option(metavar="BOT", help="The bots at every table: random or greedy.")
    ] = "random",
    client: Annotated[
        str,
        typer.Option(metavar="HOW", help="The clients pick a random legal action or the first."),
    ] = "random",
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the clients' choices.")] = 1,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="Keep the games in this database (default: a fresh SQLite file, deleted).",
        ),
    ] = None,
    profile: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Run the server under cProfile, its profile to FILE."),
    ] = None,
    workers: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="The server's --workers: processes that run the games (0: the server's own).",
        ),
    ] = "auto",
) -> None:
    """A real server under load: N tables over WebSockets on loopback at once.

    Reports actions per second, the latency from a client's action to its next prompt
    (p50, p99), and whether every game's log replays to what its client saw. The target
    is 100 tables with p99 under 100 ms and nothing lost; a missed target is reported,
    not an error (exit code 0).
    """
    from parlour.bench.server import BenchError, print_server_report, run_server_bench

    if tables < 1:
        _fail("--tables must be at least 1")
    if not seconds > 0:
        _fail("--seconds must be more than 0")
    try:
        with console.status("starting the server") as status:
            report = run_server_bench(
                tables,
                seconds,
                bots=bots,
                client=client,
                seed=seed,
                database_url=database_url,
                profile=profile,
                workers=workers,
                progress=lambda text: status.update(escape(text)),
            )
    except (BenchError, ValueError) as e:
        _fail(str(e))
    print_server_report(report)


def main() -> None:
    """Entry point of the ``parlour`` script."""
    app()


if __name__ == "__main__":
    main()
