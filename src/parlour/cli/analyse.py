"""``parlour analyse HAND``: a hand's decompositions, shanten number and waits."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.table import Table

from parlour.cli.app import Command, app, console, fail
from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong import shapes
from parlour.mahjong.melds import parse_hand
from parlour.mahjong.tiles import format_tiles, tile_from_name, tile_name


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


@app.command(cls=Command)
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
        fail(str(e))
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


__all__ = ["analyse", "analyse_hand"]
