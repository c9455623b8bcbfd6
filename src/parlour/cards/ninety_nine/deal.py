"""One deal of Ninety-Nine on the game protocol (:class:`NinetyNineDeal`): the bids, the
premium offers, the nine tricks, the deal's scoring and what each seat sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from parlour.cards.cards import (
    NINETY_NINE_PACK,
    SUIT_NAMES,
    Card,
    card_index,
    format_cards,
    sort_cards,
)
from parlour.cards.ninety_nine.actions import ACTION_SPACE, play_action
from parlour.cards.ninety_nine.options import _check_ninety_nine_options
from parlour.cards.ninety_nine.rules import (
    _OFFER_RANK,
    BID_VALUES,
    FIRST_TRUMPS,
    NUM_SEATS,
    PLAYERS,
    TRICKS,
    Premium,
    bid_value,
    deal_hands,
    legal_plays,
    parse_deck,
    resolve_premium,
    trick_winner,
)
from parlour.cards.ninety_nine.scoring import DealScore, score_deal
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, SpaceActions, check_seat, thaw

BIDDING, OFFERING, PLAYING, OVER = "bid", "premium", "play", "over"


class NinetyNineDeal(SpaceActions):
    """One deal of Ninety-Nine on the :class:`~parlour.core.game.Game` protocol.

    The hands are dealt from ``deck`` (top card first) by ``dealer``; every seat lays
    aside three bid cards at once (phase ``"bid"``); premium offers are collected
    (``"premium"``: all at once, or one seat at a time in seat order under
    ``premium_announcement="sequential"``); nine tricks are played with ``trumps``
    (``"play"``); then the deal is scored (``"over"``) and :meth:`result` gives each
    seat's points as ``payments``. ``number`` and ``game`` (the deal's and its game's
    numbers in a whole game) label its events and observations.

    >>> deal = NinetyNineDeal(NINETY_NINE_PACK, dealer=2, trumps="C")
    >>> deal.phase, deal.first_seat, deal.to_act(), format_cards(deal.hand(0)[:3])
    ('bid', 0, (0, 1, 2), '6C 9C QC')
    """

    num_seats = NUM_SEATS
    space = ACTION_SPACE

    def __init__(
        self,
        deck: str | Iterable[Card | str],
        *,
        dealer: int = 0,
        trumps: str = FIRST_TRUMPS,
        options: Mapping[str, Any] | None = None,
        number: int = 1,
        game: int = 1,
    ) -> None:
        self.options = _check_ninety_nine_options(dict(options or {}))
        self.deck = parse_deck(deck)
        self.dealer = check_seat(dealer, NUM_SEATS)
        if trumps not in BID_VALUES:
            raise ValueError(f"trumps are one suit letter C, D, H or S, not {trumps!r}")
        self.trumps = trumps
        self.number = number
        self.game_number = game
        self.phase = BIDDING
        self.actions: list[tuple[int, Action]] = []
        self._hands = [list(hand) for hand in deal_hands(self.deck, self.dealer)]
        self._bid_cards: list[tuple[Card, ...] | None] = [None] * NUM_SEATS
        self._offers: list[str | None] = [None] * NUM_SEATS
        self._offers_public = self.options["premium_announcement"] == "sequential"
        self.premium: tuple[int, Premium] | None = None
        self._hand_shown = False
        self.leader = self.first_seat
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []
        self.tricks_won = [0] * NUM_SEATS
        self.deal_score: DealScore | None = None
        self._result: dict[str, Any] | None = None
        events = [
            Event(
                "deal",
                self.dealer,
                {"deal": number, "game": game, "dealer": self.dealer, "trumps": trumps},
            )
        ]
        for seat in range(NUM_SEATS):
            events.append(Event("hand", seat, {"cards": self._texts(self._hands[seat])}, seat))
        self._start_events = events

    def start_events(self) -> list[Event]:
        """The events of the deal (the deal and each seat's private hand)."""
        return list(self._start_events)

    @property
    def first_seat(self) -> int:
        """The dealer's left: first in seat order, and leader to the first trick."""
        return (self.dealer + 1) % NUM_SEATS

    @staticmethod
    def _texts(cards: Iterable[Card]) -> list[str]:
        return [str(card) for card in sort_cards(cards)]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (for tests and tools; a seat sees only its own
        through :meth:`observation`)."""
        return tuple(self._hands[check_seat(seat, NUM_SEATS)])

    def bid_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has laid aside (None before it bids)."""
        return self._bid_cards[check_seat(seat, NUM_SEATS)]

    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid (None before it bids)."""
        return tuple(None if c is None else bid_value(c) for c in self._bid_cards)

    # -- the protocol -------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self.phase == BIDDING:
            return tuple(s for s in range(NUM_SEATS) if self._bid_cards[s] is None)
        if self.phase == OFFERING:
            waiting = tuple(s for s in range(NUM_SEATS) if self._offers[s] is None)
            if self.options["premium_announcement"] == "sequential":
                order = [(self.first_seat + i) % NUM_SEATS for i in range(NUM_SEATS)]
                return tuple(s for s in order if s in waiting)[:1]
            return waiting
        if self.phase == PLAYING:
            return ((self.leader + len(self.trick)) % NUM_SEATS,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        seat = check_seat(seat, NUM_SEATS)
        if seat not in self.to_act():
            return []
        if self.phase == BIDDING:
            indices = sorted(card_index(c, NINETY_NINE_PACK) for c in self._hands[seat])
            out = []
            for i, a in enumerate(indices):
                for j in range(i + 1, len(indices)):
                    for k in range(j + 1, len(indices)):
                        out.append(Action("bid", (a, indices[j], indices[k])))
            return out
        if self.phase == OFFERING:
            return [Action("pass"), Action("declare"), Action("reveal")]
        led = self.trick[0][1].suit if self.trick else None
        return [play_action(card) for card in sort_cards(legal_plays(self._hands[seat], led))]

    def apply(self, seat: int, action: Action) -> list[Event]:
        seat = check_seat(seat, NUM_SEATS)
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        action = self.space.normalise(action)
        if seat not in self.to_act():
            raise IllegalAction(f"seat {PLAYERS[seat]} is not to act now ({self.phase} phase)")
        kind = action.kind
        if self.phase == BIDDING:
            if kind != "bid":
                raise IllegalAction(f"now each seat lays aside 3 bid cards, not {kind}")
            events = self._bid(seat, action.payload)
        elif self.phase == OFFERING:
            if kind not in _OFFER_RANK:
                raise IllegalAction(f"now each seat passes, declares or reveals, not {kind}")
            events = self._offer(seat, kind)
        else:
            if kind != "play":
                raise IllegalAction(f"now {PLAYERS[seat]} plays a card to the trick, not {kind}")
            events = self._play(seat, NINETY_NINE_PACK[action.payload])
        self.actions.append((seat, action))
        return events

    def _bid(self, seat: int, payload: tuple[int, ...]) -> list[Event]:
        cards = tuple(NINETY_NINE_PACK[i] for i in payload)
        hand = self._hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(f"seat {PLAYERS[seat]} does not hold {format_cards(missing)}")
        self._bid_cards[seat] = cards
        self._hands[seat] = [c for c in hand if c not in cards]
        events = [
            Event("bid", seat),
            Event("bid_cards", seat, {"cards": self._texts(cards), "bid": bid_value(cards)}, seat),
        ]
        if all(c is not None for c in self._bid_cards):
            self.phase = OFFERING
            events.append(
                Event("premium_offers", None, {"mode": self.options["premium_announcement"]})
            )
        return events

    def _offer(self, seat: int, offer: str) -> list[Event]:
        events: list[Event] = []
        sequential = self.options["premium_announcement"] == "sequential"
        if sequential:
            best = max((_OFFER_RANK[o] for o in self._offers if o is not None), default=0)
            void = offer != "pass" and _OFFER_RANK[offer] <= best
            self._offers[seat] = "pass" if void else offer
            events.append(Event("offer", seat, {"offer": offer, "void": void}))
        else:
            self._offers[seat] = offer
            events.append(Event("offer", seat, {"offer": offer}, seat))
        if any(o is None for o in self._offers):
            return events
        self.premium = resolve_premium(self._offers, self.first_seat)
        self._offers_public = True
        data: dict[str, Any] = {
            "holder": None if self.premium is None else self.premium[0],
            "bid": None if self.premium is None else self.premium[1],
            "offers": list(self._offers),
        }
        events.append(Event("premium", None, data))
        if self.premium is not None:
            holder, kind = self.premium
            cards = self._bid_cards[holder]
            assert cards is not None
            events.append(
                Event(
                    "bid_cards_shown",
                    holder,
                    {"cards": self._texts(cards), "bid": bid_value(cards)},
                )
            )
            if kind == "reveal":
                self._hand_shown = True
                events.append(
                    Event("hand_shown", holder, {"cards": self._texts(self._hands[holder])})
                )
        self.phase = PLAYING
        self.leader = self.first_seat
        return events

    def _play(self, seat: int, card: Card) -> list[Event]:
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalAction(f"seat {PLAYERS[seat]} does not hold {card}")
        led = self.trick[0][1].suit if self.trick else None
        if card not in legal_plays(hand, led):
            raise IllegalAction(
                f"seat {PLAYERS[seat]} must follow {SUIT_NAMES[led or 'C']}, not play {card}"
            )
        hand.remove(card)
        self.trick.append((seat, card))
        events = [Event("play", seat, {"card": str(card)})]
        if len(self.trick) < NUM_SEATS:
            return events
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner(cards, self.trumps)][0]
        self.tricks.append((self.leader, cards, winner))
        self.tricks_won[winner] += 1
        events.append(
            Event(
                "trick",
                winner,
                {
                    "number": len(self.tricks),
                    "leader": self.leader,
                    "cards": [str(c) for c in cards],
                },
            )
        )
        self.trick = []
        self.leader = winner
        if len(self.tricks) == TRICKS:
            events.append(self._end_deal())
        return events

    def _end_deal(self) -> Event:
        bids = tuple(bid_value(c or ()) for c in self._bid_cards)
        deal = score_deal(bids, tuple(self.tricks_won), self.premium)
        self.deal_score = deal
        self.phase = OVER
        summary: dict[str, Any] = {
            "deal": self.number,
            "dealer": self.dealer,
            "trumps": self.trumps,
            "bid_cards": [self._texts(c or ()) for c in self._bid_cards],
            "bids": list(deal.bids),
            "tricks": list(deal.tricks),
            "succeeded": list(deal.succeeded),
            "successes": deal.successes,
            "premium": None if deal.premium is None else list(deal.premium),
            "scores": list(deal.scores),
        }
        self._result = summary | {"payments": list(deal.scores)}
        return Event("deal_end", None, summary | {"next_trumps": deal.next_trumps})

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own hand and bid cards, whether each seat has bid, the
        premium holder's bid cards (and, under ``whole_play``, a revealed hand), the
        trick in play and the tricks of this deal; every seat's bid cards once the deal
        is over; never another seat's hand, hidden bid cards, the deck or a seed."""
        seat = check_seat(seat, NUM_SEATS)
        over = self.phase == OVER
        own = self._bid_cards[seat]
        shown_bids: list[list[str] | None] = [None] * NUM_SEATS
        shown_hands: list[list[str] | None] = [None] * NUM_SEATS
        if over:
            shown_bids = [self._texts(c or ()) for c in self._bid_cards]
        elif self.premium is not None:
            holder, kind = self.premium
            shown_bids[holder] = self._texts(self._bid_cards[holder] or ())
            if kind == "reveal" and self.options["revealed_hand_exposure"] == "whole_play":
                shown_hands[holder] = self._texts(self._hands[holder])
        offers: list[str | None]
        if self._offers_public:
            offers = list(self._offers)
        else:
            offers = [self._offers[s] if s == seat else None for s in range(NUM_SEATS)]
        acting = self.to_act()
        return {
            "game": "ninety-nine",
            "seat": seat,
            "players": PLAYERS,
            "options": thaw(self.options),
            "phase": self.phase,
            "asked": seat in acting,
            "turn": acting[0] if self.phase == PLAYING else None,
            "deal": self.number,
            "game_number": self.game_number,
            "dealer": self.dealer,
            "trumps": self.trumps,
            "hand": self._texts(self._hands[seat]),
            "hand_sizes": [len(h) for h in self._hands],
            "bid_cards": None if own is None else self._texts(own),
            "bid": None if own is None else bid_value(own),
            "has_bid": [c is not None for c in self._bid_cards],
            "offers": offers,
            "premium": None
            if self.premium is None
            else {"holder": self.premium[0], "kind": self.premium[1]},
            "shown_bid_cards": shown_bids,
            "shown_hands": shown_hands,
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "tricks": [
                {"leader": lead, "cards": [str(c) for c in cards], "winner": winner}
                for lead, cards, winner in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "result": self.result(),
        }

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Once over, the deal's scoring: ``payments`` (each seat's points, as
        ``scores``), and the deal, dealer, trumps, bid cards, bids, tricks, who
        succeeded, how many, and the premium."""
        return None if self._result is None else thaw(self._result)
