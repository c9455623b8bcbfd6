"""The score keeper of Ninety-Nine: one deal's scores from a JSON situation
(:func:`score_json`, a :class:`ScoreResult`) or a session of deals
(:func:`score_session_json`, a :class:`SessionResult`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards.cards import NINETY_NINE_PACK, Card, format_cards, parse_card, parse_hand
from parlour.cards.ninety_nine.rules import (
    BID_SIZE,
    BID_VALUES,
    FIRST_TRUMPS,
    NUM_SEATS,
    PREMIUMS,
    TRICKS,
    Premium,
    bid_value,
    resolve_premium,
)
from parlour.cards.ninety_nine.scoring import DealScore, Standings, score_deal
from parlour.core.errors import InvalidHand


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The score keeper's answer for one deal: scores by player, the number of
    successful bidders, the next deal's trumps, and the detail (:attr:`deal`);
    ``trumps`` echoes the deal's trump suit when the situation gave it."""

    players: str
    deal: DealScore
    trumps: str | None = None

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.deal.scores, strict=True))

    @property
    def successes(self) -> int:
        return self.deal.successes

    @property
    def next_trumps(self) -> str:
        return self.deal.next_trumps

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": "ninety-nine"}
        if self.trumps is not None:
            out["trumps"] = self.trumps
        return out | self.deal.to_json(self.players)


@dataclass(frozen=True, slots=True)
class SessionResult:
    """The score keeper's answer for a session of deals: each deal's result with its
    trumps and the totals after it, and the standings (:class:`Standings`) at the end."""

    players: str
    options: Mapping[str, Any]
    deals: tuple[ScoreResult, ...]
    totals_after: tuple[tuple[int, ...], ...]
    games_ended: tuple[tuple[int, ...] | None, ...]
    standings: Standings
    next_trumps: str

    def to_json(self) -> dict[str, Any]:
        names = self.players

        def by_name(values: Sequence[int]) -> dict[str, int]:
            return dict(zip(names, values, strict=True))

        deals = []
        for result, totals, ended in zip(
            self.deals, self.totals_after, self.games_ended, strict=True
        ):
            entry = result.to_json()
            del entry["rules"]
            entry["totals"] = by_name(totals)
            entry["game_won_by"] = None if ended is None else [names[s] for s in ended]
            deals.append(entry)
        st = self.standings
        return {
            "rules": "ninety-nine",
            "options": dict(self.options),
            "deals": deals,
            "totals": by_name(st.totals),
            "points": by_name(st.points),
            "game_wins": by_name(st.game_wins),
            "games": [[names[s] for s in game] for game in st.games],
            "over": st.over,
            "winners": [names[s] for s in st.winners],
            "next_trumps": self.next_trumps,
        }


def _player_names(situation: Mapping[str, Any]) -> str:
    given = situation.get("players")
    if given is None:
        bids = situation.get("bids")
        if not isinstance(bids, Mapping):
            raise InvalidHand("'bids' must be an object of player: bid (or bid cards)")
        names = list(bids)
    elif isinstance(given, str | Sequence):
        names = list(given)
    else:
        raise InvalidHand(f"'players' must be three letters such as 'ABC', not {given!r}")
    if len(names) != NUM_SEATS or len(set(names)) != NUM_SEATS:
        raise InvalidHand(f"Ninety-Nine has three players, not {names!r}")
    for name in names:
        if not isinstance(name, str) or len(name) != 1 or not name.isalpha():
            raise InvalidHand(f"a player is named by one letter, not {name!r}")
    return "".join(names)


def _per_player(situation: Mapping[str, Any], key: str, names: str) -> list[Any]:
    value = situation.get(key)
    if not isinstance(value, Mapping):
        raise InvalidHand(f"{key!r} must be an object with one entry per player")
    unknown = [k for k in value if k not in names]
    if unknown:
        raise InvalidHand(f"{key!r} names an unknown player {unknown[0]!r} (players: {names})")
    missing = [n for n in names if n not in value]
    if missing:
        raise InvalidHand(f"{key!r} has no entry for player {missing[0]}")
    return [value[n] for n in names]


def _read_bids(situation: Mapping[str, Any], names: str) -> tuple[int, ...]:
    raw = _per_player(situation, "bids", names)
    bids: list[int] = []
    laid: list[Card] = []
    for name, bid in zip(names, raw, strict=True):
        if isinstance(bid, str) or (isinstance(bid, Sequence) and not isinstance(bid, bytes)):
            cards = parse_hand(bid if isinstance(bid, str) else _card_list(bid, name))
            cards = parse_hand(cards, NINETY_NINE_PACK)
            if len(cards) != BID_SIZE:
                raise InvalidHand(
                    f"player {name} lays aside 3 bid cards, not {len(cards)} "
                    f"({format_cards(cards)!r})"
                )
            laid.extend(cards)
            bids.append(bid_value(cards))
        elif type(bid) is int:
            if not 0 <= bid <= TRICKS:
                raise InvalidHand(f"player {name}'s bid is 0-9, not {bid}")
            bids.append(bid)
        else:
            raise InvalidHand(f"player {name}'s bid is a number 0-9 or three cards, not {bid!r}")
    parse_hand(laid)  # the same card laid aside by two players
    return tuple(bids)


def _card_list(value: Sequence[Any], name: str) -> tuple[Card, ...]:
    cards = []
    for item in value:
        if not isinstance(item, str):
            raise InvalidHand(f"player {name}'s bid cards are card texts, not {item!r}")
        cards.append(parse_card(item))
    return tuple(cards)


def _read_tricks(situation: Mapping[str, Any], names: str) -> tuple[int, ...]:
    raw = _per_player(situation, "tricks", names)
    for name, count in zip(names, raw, strict=True):
        if type(count) is not int or not 0 <= count <= TRICKS:
            raise InvalidHand(f"player {name}'s tricks are a whole number 0-9, not {count!r}")
    if sum(raw) != TRICKS:
        shown = ", ".join(f"{n} {t}" for n, t in zip(names, raw, strict=True))
        raise InvalidHand(f"the tricks won add up to {sum(raw)}, not 9 ({shown})")
    return tuple(raw)


def _read_premium(situation: Mapping[str, Any], names: str) -> tuple[int, Premium] | None:
    premium = situation.get("premium")
    offers = situation.get("offers")
    if offers is not None:
        if premium is not None:
            raise InvalidHand("give either 'premium' or 'offers', not both")
        dealer = situation.get("dealer")
        if not isinstance(dealer, str) or dealer not in names:
            raise InvalidHand(f"'offers' need the 'dealer', one of {names}, not {dealer!r}")
        if not isinstance(offers, Mapping):
            raise InvalidHand("'offers' must be an object of player: declare or reveal")
        unknown = [k for k in offers if k not in names]
        if unknown:
            raise InvalidHand(f"'offers' names an unknown player {unknown[0]!r}")
        by_seat: list[str | None] = [None] * NUM_SEATS
        for name, offer in offers.items():
            if offer not in (None, "pass", "declare", "reveal"):
                raise InvalidHand(
                    f"player {name}'s offer is pass, declare or reveal, not {offer!r}"
                )
            by_seat[names.index(name)] = offer
        return resolve_premium(by_seat, (names.index(dealer) + 1) % NUM_SEATS)
    if premium is None:
        return None
    if not isinstance(premium, Mapping):
        raise InvalidHand(f"'premium' is null or {{holder, kind}}, not {premium!r}")
    holder, kind = premium.get("holder"), premium.get("kind")
    if not isinstance(holder, str) or holder not in names:
        raise InvalidHand(f"the premium holder must be one of {names}, not {holder!r}")
    if kind not in PREMIUMS:
        raise InvalidHand(f"the premium kind is declare or reveal, not {kind!r}")
    extra = set(premium) - {"holder", "kind"}
    if extra:
        raise InvalidHand(f"'premium' has unknown field {sorted(extra)[0]!r}")
    return names.index(holder), "reveal" if kind == "reveal" else "declare"


_SITUATION_FIELDS = frozenset(
    {"rules", "players", "bids", "tricks", "premium", "offers", "dealer", "trumps"}
)
_SESSION_FIELDS = frozenset({"rules", "players", "options", "deals"})


def _check_fields(situation: Mapping[str, Any], allowed: frozenset[str], what: str) -> None:
    if not isinstance(situation, Mapping):
        raise InvalidHand(f"{what} is a JSON object, not {type(situation).__name__}")
    extra = set(situation) - allowed
    if extra:
        raise InvalidHand(
            f"unknown field {sorted(extra)[0]!r} in {what} (fields: {', '.join(sorted(allowed))})"
        )


def _score_one(situation: Mapping[str, Any], names: str) -> ScoreResult:
    trumps = situation.get("trumps")
    if trumps is not None and (not isinstance(trumps, str) or trumps not in BID_VALUES):
        raise InvalidHand(f"trumps are one suit letter C, D, H or S, not {trumps!r}")
    bids = _read_bids(situation, names)
    tricks = _read_tricks(situation, names)
    premium = _read_premium(situation, names)
    return ScoreResult(names, score_deal(bids, tricks, premium), trumps)


def score_session_json(session: Mapping[str, Any]) -> SessionResult:
    """Score a session of deals: ``deals`` (a list of one-deal situations as for
    :func:`score_json`, without ``rules``), ``options`` (those of :data:`OPTIONS`) and
    ``players`` (optional). Each deal's trumps follow the chain of §4 from diamonds; a
    deal that gives ``trumps`` must agree with it. Deals after the session is over are
    refused.

    >>> deals = [{"bids": {"A": 2, "B": 4, "C": 3}, "tricks": {"A": 2, "B": 4, "C": 3}},
    ...          {"bids": {"A": 5, "B": 4, "C": 4}, "tricks": {"A": 1, "B": 4, "C": 4},
    ...           "premium": {"holder": "B", "kind": "declare"}, "trumps": "C"}]
    >>> out = score_session_json({"deals": deals}).to_json()
    >>> out["points"], out["next_trumps"], [d["trumps"] for d in out["deals"]]
    ({'A': 13, 'B': 68, 'C': 37}, 'H', ['D', 'C'])
    """
    _check_fields(session, _SESSION_FIELDS, "a session")
    rules = session.get("rules", "ninety-nine")
    if rules != "ninety-nine":
        raise InvalidHand(f"this score keeper is for ninety-nine, not {rules!r}")
    options = session.get("options") or {}
    if not isinstance(options, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {options!r}")
    try:
        standings = Standings(options)
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    deals = session.get("deals")
    if not isinstance(deals, Sequence) or isinstance(deals, str) or not deals:
        raise InvalidHand("'deals' must be a non-empty list of deals")
    names: str | None = None
    if "players" in session:
        names = _player_names(session)
    trumps = FIRST_TRUMPS
    results: list[ScoreResult] = []
    totals_after: list[tuple[int, ...]] = []
    ended_by_deal: list[tuple[int, ...] | None] = []
    for number, deal in enumerate(deals, 1):
        _check_fields(deal, _SITUATION_FIELDS - {"rules"}, f"deal {number}")
        deal_names = names or _player_names(deal)
        if names is None:
            names = deal_names
        elif set(deal_names) != set(names):
            raise InvalidHand(f"deal {number} has players {deal_names}, not {names}")
        if standings.over:
            raise InvalidHand(f"the session was over before deal {number}")
        result = _score_one(deal, names)
        if result.trumps is not None and result.trumps != trumps:
            raise InvalidHand(
                f"deal {number} gives trumps {result.trumps}, but the previous deal makes "
                f"them {trumps}"
            )
        result = ScoreResult(names, result.deal, trumps)
        ended = standings.add(result.deal.scores)
        trumps = standings.next_trumps(result.deal, ended is not None)
        results.append(result)
        totals_after.append(tuple(standings.totals))
        ended_by_deal.append(ended)
    assert names is not None
    return SessionResult(
        names,
        dict(standings.options),
        tuple(results),
        tuple(totals_after),
        tuple(ended_by_deal),
        standings,
        trumps,
    )


def score_json(situation: Mapping[str, Any]) -> ScoreResult | SessionResult:
    """Score one deal of Ninety-Nine from a JSON situation (or a session of deals, when
    the situation has ``deals``: see :func:`score_session_json`).

    Input: ``bids`` (player: bid 0-9, or the three bid cards as text ``"JH KD JD"`` or a
    list of card texts), ``tricks`` (player: tricks won, adding up to 9), and either
    ``premium`` (null or ``{"holder": "A", "kind": "declare" | "reveal"}``) or
    ``offers`` (player: ``declare``/``reveal``/``pass``) with the ``dealer`` (the holder
    is then found by the rules of priority). ``rules`` (if given) must be
    ``"ninety-nine"``; ``players`` (optional) gives the seat order clockwise, else the
    order of ``bids``. ``trumps`` (optional, the deal's trump suit) is checked and
    echoed; it does not change the scores.

    >>> result = score_json({"rules": "ninety-nine",
    ...     "bids": {"A": "7S 9H 6H", "B": "QS 7D 9C", "C": "KH QH KD"},
    ...     "tricks": {"A": 1, "B": 4, "C": 4},
    ...     "premium": {"holder": "B", "kind": "declare"}})
    >>> result.scores, result.successes, result.next_trumps
    ({'A': 1, 'B': 54, 'C': 24}, 2, 'H')
    >>> score_json({"bids": {"A": 3, "B": 3, "C": 3}, "tricks": {"A": 3, "B": 3, "C": 2}})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: the tricks won add up to 8, not 9 (A 3, B 3, C 2)
    """
    if isinstance(situation, Mapping) and "deals" in situation:
        return score_session_json(situation)
    _check_fields(situation, _SITUATION_FIELDS, "a situation")
    rules = situation.get("rules", "ninety-nine")
    if rules != "ninety-nine":
        raise InvalidHand(f"this score keeper is for ninety-nine, not {rules!r}")
    return _score_one(situation, _player_names(situation))
