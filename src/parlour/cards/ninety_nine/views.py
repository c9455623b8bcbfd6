"""What the faces show of Ninety-Nine: a seat's view at the terminal, each event in
words, and what ``parlour score`` prints of a deal or a session.

>>> suit_text("D")
'♦ diamonds'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.cards.games import by_name, cards_text, hand_text, suit_text
from parlour.core.game import Event
from parlour.core.views import Block, Column, Grid, Line


def seat_view(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    me = obs["seat"]
    lines = [
        f"game {obs['game_number']}, deal {obs['deal']} · dealer {names[obs['dealer']]} · "
        f"trumps {suit_text(obs['trumps'])} · {obs['phase']}",
        f"your hand: {hand_text(obs['hand'])}",
    ]
    if obs["bid_cards"] is not None:
        lines.append(f"your bid: {obs['bid']} (laid aside: {cards_text(obs['bid_cards'])})")
    if obs["phase"] == "bid":
        waiting = [names[s] for s in range(3) if not obs["has_bid"][s]]
        lines.append(f"still to bid: {', '.join(waiting) or '-'}")
    premium = obs["premium"]
    if premium is not None:
        holder = premium["holder"]
        shown = obs["shown_bid_cards"][holder]
        lines.append(
            f"premium: {names[holder]} {premium['kind']}s, bid cards {cards_text(shown or [])}"
        )
    for s, cards in enumerate(obs["shown_hands"]):
        if cards is not None and s != me:
            lines.append(f"{names[s]}'s hand, face up: {hand_text(cards)}")
    if obs["phase"] == "play":
        trick = ", ".join(f"{names[t['seat']]} {cards_text([t['card']])}" for t in obs["trick"])
        lines.append(f"trick {len(obs['tricks']) + 1}: {trick or 'nothing played yet'}")
        lines.append(f"tricks won: {by_name(names, obs['tricks_won'])}")
    lines.append(f"totals: {by_name(names, obs['totals'])}")
    if obs["options"]["game_format"] == "three_game_wins":
        lines.append(f"games won: {by_name(names, obs['game_wins'])}")
    return lines


def event_words(e: Event, names: Sequence[str]) -> str | None:
    d = e.data
    who = names[e.seat] if e.seat is not None else ""
    kind = e.kind
    if kind == "deal":
        return f"deal {d['deal']} (game {d['game']}): {who} deals; trumps {suit_text(d['trumps'])}"
    if kind == "hand":
        return f"{who}'s hand: {hand_text(d['cards'])}"
    if kind == "bid":
        return f"{who} lays three bid cards aside"
    if kind == "bid_cards":
        return f"{who} bids {d['bid']} with {cards_text(d['cards'])}"
    if kind == "offer":
        void = " (void: a higher offer came first)" if d.get("void") else ""
        return f"{who} offers {d['offer']}{void}"
    if kind == "premium":
        if d["holder"] is None:
            return "no premium bid: " + by_name(names, [o or "-" for o in d["offers"]])
        return f"{names[d['holder']]} makes the premium bid: {d['bid']}"
    if kind == "bid_cards_shown":
        return f"{who}'s bid cards: {cards_text(d['cards'])} (bid {d['bid']})"
    if kind == "hand_shown":
        return f"{who} plays face up: {hand_text(d['cards'])}"
    if kind == "play":
        return f"{who} plays {cards_text([d['card']])}"
    if kind == "trick":
        return f"{who} wins trick {d['number']} ({cards_text(d['cards'])})"
    if kind == "deal_end":
        made = [names[s] for s in range(3) if d["succeeded"][s]]
        return (
            f"deal {d['deal']} scored: bids {by_name(names, d['bids'])}; tricks "
            f"{by_name(names, d['tricks'])}; made it: {', '.join(made) or 'nobody'}; "
            f"scores {by_name(names, d['scores'])}; totals {by_name(names, d['totals'])}; "
            f"next trumps {suit_text(d['next_trumps'])}"
        )
    if kind == "game_end":
        return f"game {d['game']} won by {', '.join(names[s] for s in d['winners'])}"
    if kind == "over":
        winners = ", ".join(names[s] for s in d.get("winners", ()))
        return f"the game is over: {winners} won; points {by_name(names, d.get('scores', ()))}"
    return None


def game_figures(game: Any) -> dict[str, float]:
    deals = game.deal_scores
    return {
        "deals": len(deals),
        "successes per deal": sum(d.successes for d in deals) / max(1, len(deals)),
        "premium bids per deal": sum(d.premium is not None for d in deals) / max(1, len(deals)),
    }


HELP = (
    "type the number of an action, or the action in words:",
    "  bid 7S 9H 6H (lay three cards aside: clubs 3, hearts 2, spades 1, diamonds 0),",
    "  pass, declare or reveal (the premium bids), play AS;",
    "'help' shows this again; 'quit' stops the game (with --record, what was played is kept).",
)


def deal_score(out: Mapping[str, Any], title: str = "Ninety-Nine: one deal") -> list[Block]:
    """A deal scored (the score keeper's JSON): each player's bid, tricks and points."""
    trumps = f" (trumps {suit_text(out['trumps'])})" if out.get("trumps") else ""
    grid = Grid(
        title + trumps,
        tuple(
            Column(col, right=col not in ("player", "made it"))
            for col in (
                "player",
                "bid",
                "tricks",
                "made it",
                "tricks pts",
                "bonus",
                "premium",
                "score",
            )
        ),
    )
    for p, bid in out["bids"].items():
        part = out["breakdown"][p]
        grid.add(
            p,
            str(bid),
            str(out["tricks"][p]),
            "yes" if p in out["succeeded"] else "no",
            str(part["tricks"]),
            str(part["bonus"]),
            str(part["premium"]),
            str(out["scores"][p]),
        )
    blocks: list[Block] = [grid]
    premium = out["premium"]
    if premium is not None:
        made = "made it" if premium["succeeded"] else "failed"
        blocks.append(
            Line(f"premium: {premium['holder']} {premium['kind']}s ({premium['value']}) and {made}")
        )
    blocks.append(
        Line(
            f"{out['successes']} made their bids: the next deal's trumps are "
            f"{suit_text(out['next_trumps'])}"
        )
    )
    return blocks


def session_score(out: Mapping[str, Any]) -> list[Block]:
    """A session of deals scored: each deal's scores and totals, and who won."""
    players = list(out["totals"])
    grid = Grid(
        f"Ninety-Nine: {len(out['deals'])} deals",
        (
            Column("deal", right=True),
            Column("trumps"),
            *(Column(p, right=True) for p in players),
            Column("game won by"),
        ),
    )
    for n, deal in enumerate(out["deals"], 1):
        won = ", ".join(deal["game_won_by"] or []) or "-"
        grid.add(
            str(n),
            suit_text(deal["trumps"]),
            *(f"{deal['scores'][p]} ({deal['totals'][p]})" for p in players),
            won,
        )
    state = "over, won by " + ", ".join(out["winners"]) if out["over"] else "not over"
    return [
        grid,
        Line(
            "points: "
            + ", ".join(f"{p} {out['points'][p]}" for p in players)
            + " · game wins: "
            + ", ".join(f"{p} {out['game_wins'][p]}" for p in players)
        ),
        Line(f"the session is {state}; next trumps {suit_text(out['next_trumps'])}"),
    ]


def score_view(out: Mapping[str, Any]) -> list[Block]:
    """What ``parlour score --rules ninety-nine`` prints."""
    return session_score(out) if "deals" in out else deal_score(out)
