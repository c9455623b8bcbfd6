"""What the faces show of Piquet: a seat's view at the terminal, each event in words,
and what ``parlour score`` prints of the declarations of two hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.cards.games import by_name, cards_text, hand_text, suit_text
from parlour.core.game import Event
from parlour.core.views import Block, Column, Grid, Line


def seat_view(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    me = obs["seat"]
    other = 1 - me
    if "hand" not in obs:
        return [f"game {obs['game_number']}: {names[obs['chooser']]} chooses elder or younger"]
    lines = [
        f"game {obs['game_number']}, hand {obs['hand_number']} · you are {obs['role']} "
        f"(dealer {names[obs['dealer']]}) · {obs['phase']}",
        f"your hand: {hand_text(obs['hand'])}",
    ]
    if obs["phase"] == "exchange":
        lines.append(f"marked to exchange: {cards_text(obs['selected'])}")
    seen = []
    if obs["peek"]:
        seen.append(f"you saw {cards_text(obs['peek'])}")
    if obs["leftover"] is not None:
        seen.append(f"leftover {cards_text(obs['leftover'])}")
    if obs["discards"] is not None and obs["discards"]:
        seen.append(f"your discards {cards_text(obs['discards'])}")
    talon = f"talon: {obs['talon']} cards"
    lines.append(talon + (" · " + " · ".join(seen) if seen else ""))
    if obs["announced"] is not None:
        lines.append(f"elder exchanges {obs['announced']}")
    if obs["carte_blanche"]:
        lines.append("carte blanche: " + ", ".join(names[s] for s in obs["carte_blanche"]))
    for s, shown in enumerate(obs["shown"]):
        if shown and s != me:
            lines.append(f"{names[s]} showed: {hand_text(shown)}")
    if obs["declarations"]:
        said = "; ".join(f"{names[d['seat']]}: {d['says']}" for d in obs["declarations"])
        lines.append(f"declared: {said}")
    if obs["lead_suit"] is not None:
        lines.append(f"first lead named: {suit_text(obs['lead_suit'])}")
    if obs["phase"] == "play":
        trick = ", ".join(f"{names[t['seat']]} {cards_text([t['card']])}" for t in obs["trick"])
        lines.append(f"trick {sum(obs['tricks_won']) + 1}: {trick or '-'}")
        if obs["tricks"]:
            last = obs["tricks"][-1]
            lines.append(f"last trick: {cards_text(last['cards'])}, won by {names[last['winner']]}")
        won = obs["tricks_won"]
        lines.append(f"tricks won: you {won[me]}, {names[other]} {won[other]}")
    pts, totals = obs["hand_points"], obs["scores"]
    lines.append(
        f"this hand: you {pts[me]}, {names[other]} {pts[other]} · game {obs['game_number']}: "
        f"you {totals[me]}, {names[other]} {totals[other]}"
    )
    return lines


def event_words(e: Event, names: Sequence[str]) -> str | None:
    d = e.data
    who = names[e.seat] if e.seat is not None else ""
    kind = e.kind
    if kind == "game_start":
        return f"game {d['game']}"
    if kind == "draw":
        return f"cut for the deal: {cards_text(d['cards'])}"
    if kind == "choose":
        return f"{who} chooses to be {d['role']}"
    if kind == "deal":
        elder = names[d["elder"]]
        return (
            f"hand {d['hand']}: {who} deals in packets of {d['packet_size']}; {elder} is "
            f"elder; {d['talon']} cards in the talon"
        )
    if kind == "hand":
        return f"{who}'s hand: {hand_text(d['cards'])}"
    if kind == "discard":
        return f"{who} marks {cards_text([d['card']])} (marked: {cards_text(d['selected'])})"
    if kind == "keep":
        return f"{who} keeps {cards_text([d['card']])} (marked: {cards_text(d['selected'])})"
    if kind == "carte_blanche":
        return f"{who} claims carte blanche"
    if kind == "announce":
        return f"{who} will exchange {d['count']}"
    if kind == "discard_down":
        return f"{who} lays down {d['count']} discards"
    if kind == "show":
        return f"{who} shows carte blanche: {hand_text(d['cards'])}"
    if kind == "exchange":
        return f"{who} exchanges {d['count']}"
    if kind == "take":
        return f"{who} discards {cards_text(d['discarded'])} and takes {cards_text(d['cards'])}"
    if kind == "peek":
        return f"{who} looks at the talon cards left: {cards_text(d['cards'])}"
    if kind == "leftover":
        return f"the talon left over: {cards_text(d['cards'])}"
    if kind == "name_lead":
        return f"{who} names {suit_text(d['suit'])} for the first lead"
    if kind == "say":
        return f"{who}: {d['says']}"
    if kind == "score":
        what = ", ".join(d["combinations"])
        return f"{who} scores {d['points']} ({what}): says {d['says']}"
    if kind == "bonus":
        return f"{who}: {d['name']}, {d['points']}"
    if kind == "play":
        return f"{who} plays {cards_text([d['card']])}"
    if kind == "trick":
        return f"{who} wins trick {d['number']} ({cards_text(d['cards'])})"
    if kind == "hand_end":
        return (
            f"hand {d['hand']} over ({d['ended']}): points {by_name(names, d['points'])}; "
            f"game totals {by_name(names, d['scores'])}"
        )
    if kind == "game_end":
        return f"game {d['game']} won by {who}: {by_name(names, d['scores'])}"
    if kind == "partie_end":
        return f"the partie is over: {who} wins, games won {by_name(names, d['games_won'])}"
    return None


def game_figures(game: Any) -> dict[str, float]:
    records = game.hand_records
    return {
        "games": len(game.games),
        "hands": len(records),
        "capots per hand": sum(r.get("ended") == "capot" for r in records) / max(1, len(records)),
    }


HELP = (
    "type the number of an action, or the action in words:",
    "  discard 7C / keep 7C (mark a card to exchange, or unmark it), exchange (confirm),",
    "  blank (carte blanche), point S, sequence KH (by its top card), set A, none, good,",
    "  expose, name_lead S, pass, choose elder, play AS;",
    "'help' shows this again; 'quit' stops the game (with --record, what was played is kept).",
)


def score_view(out: Mapping[str, Any]) -> list[Block]:
    """What ``parlour score --rules piquet`` prints: each category, why it scored, the
    steps in the canonical order and the totals."""
    blocks: list[Block] = [
        Line(f"elder: {hand_text(out['elder'])}"),
        Line(f"younger: {hand_text(out['younger'])}"),
        Line(f"rules: {out['options']['rule_set']}"),
    ]
    grid = Grid(
        "Piquet: point, sequences and sets",
        tuple(
            Column(col, right=col == "points")
            for col in ("category", "elder", "younger", "scored", "points")
        ),
    )
    for c in out["categories"]:
        scored = ", ".join(x["name"] for x in c["scores"])
        grid.add(
            c["category"],
            c["elder"]["name"] if c["elder"] else "-",
            c["younger"]["name"] if c["younger"] else "-",
            scored or "-",
            str(c["points"]),
        )
    blocks.append(grid)
    blocks += [Line(f"{c['category']}: {c['why']}") for c in out["categories"]]
    if out["steps"]:
        steps = Grid(
            "In the canonical order",
            tuple(
                Column(col, right=col in ("points", "elder", "younger"))
                for col in ("step", "who", "points", "for", "elder", "younger")
            ),
        )
        for st in out["steps"]:
            steps.add(
                st["step"],
                st["who"],
                str(st["points"]),
                st["what"],
                str(st["elder"]),
                str(st["younger"]),
            )
        blocks.append(steps)
    if out["carte_blanche"]:
        blocks.append(Line("carte blanche: " + ", ".join(out["carte_blanche"])))
    if out["repique"]:
        blocks.append(Line(f"repique: {out['repique']}"))
    totals = out["totals"]
    blocks.append(Line(f"totals: elder {totals['elder']}, younger {totals['younger']}"))
    return blocks
