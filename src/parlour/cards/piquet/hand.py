"""One deal (a *hand*) of Piquet on the game protocol (:class:`PiquetDeal`): the draw,
the exchange, the talon, the declarations, the twelve tricks and what each player sees,
with the state of the hand being played (:class:`HandState`).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards.cards import NINETY_NINE_PACK, Card, format_cards
from parlour.cards.piquet.actions import ROLE_ITEMS, SPACE, card_action, combination_action
from parlour.cards.piquet.dealing import SUIT_ORDER, deal, pack, read_deck, sort_hand
from parlour.cards.piquet.declarations import (
    CATEGORIES,
    ELDER,
    POINT,
    YOUNGER,
    Combination,
    Settlement,
    combinations,
    is_blank,
    settle,
)
from parlour.cards.piquet.options import PiquetOptions
from parlour.cards.piquet.scoring import (
    BLANK,
    CARDS,
    TRICK,
    Ledger,
    blank_awards,
    cards_award,
    trick_awards,
)
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, SpaceActions, check_seat, thaw
from parlour.core.rng import check_seed, game_rng

CHOOSE, EXCHANGE, TALON, DECLARE, ANSWER, CLAIM, PLAY, OVER = (
    "choose",
    "exchange",
    "talon",
    "declare",
    "answer",
    "claim",
    "play",
    "over",
)


@dataclass(slots=True)
class HandState:
    """Everything about the hand being played (a fresh one per deal)."""

    number: int
    dealer: int
    dealt: list[tuple[Card, ...]]
    hands: list[list[Card]]
    talon: list[Card]
    discards: list[list[Card]] = field(default_factory=lambda: [[], []])
    taken: list[tuple[Card, ...]] = field(default_factory=lambda: [(), ()])
    peek: tuple[Card, ...] = ()
    leftover: tuple[Card, ...] = ()
    leftover_seen: list[bool] = field(default_factory=lambda: [False, False])
    exposed: bool = False
    lead_suit: str | None = None
    exchanger: int = -1
    selected: list[Card] = field(default_factory=list)
    held_back: list[Card] = field(default_factory=list)
    announced: int | None = None
    blanks: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    talon_step: str = ""
    category: str = POINT
    declared: dict[str, Combination | None] = field(default_factory=dict)
    settlements: dict[str, Settlement] = field(default_factory=dict)
    dialogue: list[tuple[str, int, str]] = field(default_factory=list)
    scored: list[dict[str, Any]] = field(default_factory=list)
    claims: list[dict[str, Any]] = field(default_factory=list)
    claims_due: list[str] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    evaluated: bool = False
    spoken: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[tuple[int, Card, Card, int]] = field(default_factory=list)
    current: list[tuple[int, Card]] = field(default_factory=list)
    leader: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    ended: str = ""

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def younger(self) -> int:
        return self.dealer


class PiquetDeal(SpaceActions):
    """One deal (a *hand*) of Piquet between seats 0 and 1, on the game protocol: a
    :class:`Piquet` partie is a match of them.

    ``options`` are the partie's; ``number`` is the deal's number in the partie and
    ``game`` the game's; ``totals`` are the game's totals as the deal starts, ``played``
    the deals of the game before it, ``reached_at`` and ``steps`` when each seat reached
    the target and how many scoring steps the game has had (for a tie at the target).
    ``dealer`` is the dealer's seat; None when the deal starts a game by a draw (the
    lower card deals; under ``first_dealer=high_card_chooses`` the higher card chooses
    to be elder or younger). ``first_dealer`` is the game's first dealer (this deal's
    when it starts the game). The draw and the shuffle come from ``seed``; ``deck`` (top
    card first) is dealt instead of a shuffle.

    The deal ends after the twelfth trick, or during the declarations when a game to a
    target is decided there; it never deals again.

    >>> d = PiquetDeal(PiquetOptions(), seed=3, dealer=1, totals=(90, 40), played=2)
    >>> d.to_act(), d.phase, d.hand is not None and d.hand.elder, d.hands_in_game
    ((0,), 'exchange', 0, 3)
    >>> [e.kind for e in d.events]
    ['deal', 'hand', 'hand']
    >>> [e.kind for e in PiquetDeal(PiquetOptions(), seed=3).events][:2]
    ['game_start', 'draw']
    """

    space = SPACE

    num_seats = 2

    def __init__(
        self,
        options: PiquetOptions | None = None,
        *,
        seed: int = 0,
        deck: Sequence[Card] | str | None = None,
        dealer: int | None = None,
        first_dealer: int | None = None,
        number: int = 1,
        game: int = 1,
        totals: Sequence[int] = (0, 0),
        played: int = 0,
        reached_at: Sequence[int | None] = (None, None),
        steps: int = 0,
    ) -> None:
        self.options = options or PiquetOptions()
        self.seed = seed = check_seed(seed)
        self.rng: random.Random = game_rng(seed)
        self.pack = pack(self.options.deck_size)
        self._deck = read_deck(deck, self.pack) if deck is not None else None
        self.number = number
        self.game_number = game
        self.scores: list[int] = [int(totals[0]), int(totals[1])]
        self.hands_in_game = played
        self.reached_at: list[int | None] = list(reached_at)
        self.step_count = steps
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.phase = CHOOSE
        self.chooser = 0
        self.hand: HandState | None = None
        self.record: dict[str, Any] | None = None
        self.game_dealer: int | None = dealer if first_dealer is None else first_dealer
        if played:
            if dealer is None:
                raise ValueError("only the first deal of a game draws for the dealer")
            self._deal(check_seat(dealer, 2))
            return
        self._emit("game_start", None, {"game": game})
        if dealer is None:
            low, high = self._draw()
            if self.options.first_dealer == "high_card_chooses":
                self.phase, self.chooser = CHOOSE, high
                return
            dealer = low
        self.game_dealer = check_seat(dealer, 2)
        self._deal(self.game_dealer)

    def _emit(
        self,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] | None = None,
        to: int | None = None,
    ) -> None:
        self.events.append(Event(kind, seat, data, to))

    def _draw(self) -> tuple[int, int]:
        """Each player draws a card until the ranks differ; (lower seat, higher seat)."""
        while True:
            cards = self.rng.sample(self.pack, 2)
            self._emit("draw", None, {"cards": [str(c) for c in cards]})
            if cards[0].rank != cards[1].rank:
                low = 0 if cards[0].rank < cards[1].rank else 1
                return low, 1 - low

    def _deal(self, dealer: int) -> None:
        self.hands_in_game += 1
        if self._deck is not None:
            deck = list(self._deck)
        else:
            deck = list(self.pack)
            self.rng.shuffle(deck)
        e, y, talon = deal(deck, self.options.packet_size)
        elder = 1 - dealer
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[elder], dealt[dealer] = e, y
        self.hand = HandState(
            number=self.number,
            dealer=dealer,
            dealt=dealt,
            hands=[list(dealt[0]), list(dealt[1])],
            talon=list(talon),
            exchanger=elder,
            leader=elder,
        )
        self.phase = EXCHANGE
        self._emit(
            "deal",
            dealer,
            {
                "hand": self.number,
                "elder": elder,
                "talon": len(talon),
                "packet_size": self.options.packet_size,
            },
        )
        for s in (0, 1):
            self._emit("hand", s, {"cards": format_cards(sort_hand(dealt[s]))}, to=s)

    # -- the protocol ------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        h = self.hand
        if self.phase == OVER:
            return ()
        if self.phase == CHOOSE:
            return (self.chooser,)
        assert h is not None
        if self.phase == EXCHANGE:
            return (h.exchanger,)
        if self.phase == TALON:
            return (h.younger,) if h.talon_step == "expose" else (h.elder,)
        if self.phase == DECLARE:
            return (h.elder,)
        if self.phase in (ANSWER, CLAIM):
            return (h.younger,)
        return (self._turn(),)

    def _turn(self) -> int:
        h = self.hand
        assert h is not None
        return h.leader if not h.current else 1 - h.leader

    def legal_actions(self, seat: int) -> list[Action]:
        seat = check_seat(seat, 2)
        if seat not in self.to_act():
            return []
        out = self._legal(seat)
        out.sort(key=SPACE.encode)
        return out

    def _legal(self, seat: int) -> list[Action]:
        o = self.options
        if self.phase == CHOOSE:
            return [Action("choose", 0), Action("choose", 1)]
        h = self.hand
        assert h is not None
        hand = h.hands[seat]
        if self.phase == EXCHANGE:
            least, most = self._exchange_limits(seat)
            out: list[Action] = []
            if is_blank(h.dealt[seat]) and seat not in h.blanks:
                out.append(Action("blank"))
            if len(h.selected) < most:
                out.extend(card_action("discard", c) for c in hand if c not in h.selected)
            out.extend(card_action("keep", c) for c in h.selected)
            if least <= len(h.selected) <= most:
                out.append(Action("exchange"))
            return out
        if self.phase == TALON:
            if h.talon_step == "expose":
                return [Action("expose"), Action("pass")]
            suits = {c.suit for c in hand}
            return [Action("name_lead", i) for i, s in enumerate(SUIT_ORDER) if s in suits] + [
                Action("pass")
            ]
        rule = o.point_rule
        if self.phase == DECLARE:
            held = combinations(h.category, hand)
            if h.category == POINT:
                if o.elder_point_choice == "best_only":
                    best = max(c.strength(rule) for c in held)
                    held = [c for c in held if c.strength(rule) == best]
                return [combination_action(c) for c in held]
            return [combination_action(c) for c in held] + [Action("none")]
        if self.phase == ANSWER:
            # any of his own to compare (a weaker one draws "good", perhaps after "equal")
            held = combinations(h.category, hand)
            return [combination_action(c) for c in held] + [Action("good")]
        if self.phase == CLAIM:
            return [combination_action(c) for c in combinations(h.claims_due[0], hand)] + [
                Action("none")
            ]
        # PLAY
        if not h.current:
            if not h.tricks and h.lead_suit is not None:
                return [card_action("play", c) for c in hand if c.suit == h.lead_suit]
            return [card_action("play", c) for c in hand]
        led = h.current[0][1].suit
        follow = [c for c in hand if c.suit == led]
        return [card_action("play", c) for c in (follow or hand)]

    def _exchange_limits(self, seat: int) -> tuple[int, int]:
        h = self.hand
        assert h is not None
        if seat == h.elder:
            return 1, self.options.elder_max_exchange
        left = len(h.talon) - (h.announced or 0)
        return min(self.options.younger_min_exchange, left), left

    def apply(self, seat: int, action: Action) -> list[Event]:
        seat = check_seat(seat, 2)
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        if seat not in self.to_act():
            raise IllegalAction(
                f"seat {seat} is not to act now (phase {self.phase}; to act: {self.to_act()[0]})"
            )
        normal = SPACE.normalise(action)
        legal = self._legal(seat)
        if normal not in legal:
            raise IllegalAction(
                f"{SPACE.format(normal)} is not legal now for seat {seat} (phase {self.phase}; "
                f"legal: {', '.join(SPACE.texts(sorted(legal, key=SPACE.encode)))})"
            )
        start = len(self.events)
        self.actions.append((seat, normal))
        getattr(self, f"_on_{self.phase}")(seat, normal)
        return self.events[start:]

    # -- the phases --------------------------------------------------------------------

    def _on_choose(self, seat: int, action: Action) -> None:
        role = ROLE_ITEMS.names[action.payload]
        self._emit("choose", seat, {"role": role})
        dealer = seat if role == YOUNGER else 1 - seat
        self.game_dealer = dealer
        self._deal(dealer)

    def _on_exchange(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        kind = action.kind
        if kind in ("discard", "keep"):
            card = NINETY_NINE_PACK[action.payload]
            if kind == "discard":
                h.selected.append(card)
            else:
                h.selected.remove(card)
            self._emit(
                kind,
                seat,
                {"card": str(card), "selected": format_cards(sort_hand(h.selected))},
                to=seat,
            )
            return
        protected = self.options.elder_blank_protocol == "protected"
        if kind == "blank":
            h.blanks.append(seat)
            self._emit("carte_blanche", seat, {})
            pending_elder = seat == h.elder and protected
            pending_younger = seat == h.younger and h.announced is not None
            if not (pending_elder or pending_younger):
                self._show(seat)
            return
        # exchange
        if seat == h.elder:
            if h.elder in h.blanks and protected and h.announced is None:
                h.announced = len(h.selected)
                h.held_back = list(h.selected)
                h.selected = []
                h.exchanger = h.younger
                self._emit("announce", seat, {"count": h.announced})
                return
            self._take(seat, h.selected)
            h.selected = []
            h.exchanger = h.younger
            return
        # younger confirms
        mine = list(h.selected)
        h.selected = []
        if h.announced is not None:
            # the protected protocol: younger's discards are down; elder shows, exchanges;
            # a blank younger shows; younger draws
            for c in mine:
                h.hands[seat].remove(c)
            h.discards[seat].extend(mine)
            self._emit("discard_down", seat, {"count": len(mine)})
            self._show(h.elder)
            self._take(h.elder, h.held_back)
            h.held_back = []
            if seat in h.blanks:
                self._show(seat)
            self._draw_talon(seat, mine)
        else:
            self._take(seat, mine)
        self._after_exchange()

    def _show(self, seat: int) -> None:
        h = self.hand
        assert h is not None
        if seat not in h.shown:
            h.shown.append(seat)
            if self.options.both_blanks == "neither_scores" and len(h.shown) == 2:
                h.spoken[1 - seat] -= 10  # both blank: the first one's 10 is taken back
            else:
                h.spoken[seat] += 10
            cards = format_cards(sort_hand(h.dealt[seat]))
            self._emit("show", seat, {"cards": cards, "says": str(h.spoken[seat])})

    def _take(self, seat: int, discards: Sequence[Card]) -> None:
        """``seat`` discards ``discards`` and draws as many from the top of the talon."""
        h = self.hand
        assert h is not None
        for c in discards:
            h.hands[seat].remove(c)
        h.discards[seat].extend(discards)
        self._draw_talon(seat, discards)

    def _draw_talon(self, seat: int, discards: Sequence[Card]) -> None:
        h = self.hand
        assert h is not None
        k = len(discards)
        got, h.talon = h.talon[:k], h.talon[k:]
        h.hands[seat].extend(got)
        h.taken[seat] = tuple(got)
        self._emit("exchange", seat, {"count": k})
        self._emit(
            "take",
            seat,
            {"discarded": format_cards(sort_hand(discards)), "cards": format_cards(got)},
            to=seat,
        )
        if seat == h.elder:
            room = self.options.elder_max_exchange - k
            h.peek = tuple(h.talon[:room])
            if h.peek:
                self._emit("peek", seat, {"cards": format_cards(h.peek)}, to=seat)

    def _after_exchange(self) -> None:
        h = self.hand
        assert h is not None
        h.leftover = tuple(h.talon)
        if not h.leftover:
            self._start_declarations()
            return
        if self.options.younger_talon_view == "private":
            h.leftover_seen[h.younger] = True
            self._emit("leftover", h.younger, {"cards": format_cards(h.leftover)}, to=h.younger)
            h.talon_step = "name"
        else:
            h.talon_step = "expose"
        self.phase = TALON

    def _expose_leftover(self) -> None:
        h = self.hand
        assert h is not None
        h.exposed = True
        h.leftover_seen = [True, True]
        self._emit("leftover", None, {"cards": format_cards(h.leftover)})

    def _on_talon(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        if h.talon_step == "expose":
            if action.kind == "expose":
                self._expose_leftover()
                self._start_declarations()
            else:
                h.talon_step = "name"
            return
        if action.kind == "name_lead":
            h.lead_suit = SUIT_ORDER[action.payload]
            self._emit("name_lead", seat, {"suit": h.lead_suit})
            self._expose_leftover()
        self._start_declarations()

    def _start_declarations(self) -> None:
        h = self.hand
        assert h is not None
        h.category = POINT
        self.phase = DECLARE

    def _combination(self, seat: int, category: str, action: Action) -> Combination | None:
        h = self.hand
        assert h is not None
        if action.kind in ("none", "good"):
            return None
        for c in combinations(category, h.hands[seat]):
            if c.key == action.payload:
                return c
        raise AssertionError("a legal combination is held")

    def _on_declare(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        declared = self._combination(seat, h.category, action)
        h.declared[h.category] = declared
        if declared is None:
            self._settle(None)
        else:
            self.phase = ANSWER

    def _on_answer(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        self._settle(self._combination(seat, h.category, action))

    def _settle(self, compared: Combination | None) -> None:
        """Settle the category in hand: speak the dialogue, score elder's win now
        (spoken), leave younger's to his claims at trick 1; go to the next category."""
        h = self.hand
        assert h is not None
        category = h.category
        s = settle(
            category,
            h.hands[h.elder],
            h.hands[h.younger],
            h.declared[category],
            compared,
            self.options,
        )
        for who, words in s.dialogue:
            seat = h.elder if who == ELDER else h.younger
            h.dialogue.append((category, seat, words))
            self._emit("say", seat, {"category": category, "says": words})
        if h.declared[category] is None:
            h.claims_due.append(category)
        else:
            h.settlements[category] = s
            if s.outcome == ELDER:
                self._speak_score(h.elder, [s])
        index = CATEGORIES.index(category)
        if index < 2:
            h.category = CATEGORIES[index + 1]
            self.phase = DECLARE
        else:
            self.phase = PLAY

    def _speak_score(self, seat: int, won: Sequence[Settlement]) -> None:
        """``seat`` announces what it scores in the categories ``won`` (elder one at a
        time as each is accepted; younger all at once at trick 1) and its running total."""
        h = self.hand
        assert h is not None
        pts = sum(s.points for s in won)
        h.spoken[seat] += pts
        rule = self.options.point_rule
        said = {
            "categories": [s.category for s in won],
            "points": pts,
            "combinations": [c.describe(rule) for s in won for c in s.scored],
            "says": str(h.spoken[seat]),
        }
        h.scored.append({"seat": seat, **said})
        self._emit("score", seat, said)

    def _on_claim(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        category = h.claims_due.pop(0)
        claimed = self._combination(seat, category, action)
        if claimed is not None:  # younger announces it as he plays to the first trick
            says = claimed.describe(self.options.point_rule)
            h.claims.append({"category": category, "seat": seat, "says": says})
        s = settle(category, h.hands[h.elder], h.hands[seat], None, claimed, self.options)
        h.settlements[category] = s
        if not h.claims_due:
            self._evaluate()

    def _evaluate(self) -> None:
        """Younger has claimed: steps 1-4 in canonical order, with repique and the end
        of the game; then the first lead's point, and younger plays."""
        h = self.hand
        assert h is not None
        o = self.options
        won = [s for c in CATEGORIES if (s := h.settlements.get(c)) and s.outcome == YOUNGER]
        if won:
            self._speak_score(h.younger, won)
        h.evaluated = True
        steps: list[tuple[str, list[tuple[int, int, str]]]] = [(BLANK, blank_awards(h.blanks, o))]
        for category in CATEGORIES:
            s = h.settlements.get(category)
            awards: list[tuple[int, int, str]] = []
            if s is not None and s.winner is not None:
                who = h.elder if s.winner == ELDER else h.younger
                awards = [(who, c.score(o.point_rule), c.describe(o.point_rule)) for c in s.scored]
            steps.append((category, awards))
        for step, awards in steps:
            self._enter(step, awards)
            if o.game_format == "target" and self._decided_now() is not None:
                self._end_hand("declarations")  # the game is won: see game_winner
                return
        self.phase = PLAY
        lead = h.current[0][1]
        self._lead_point(h.leader, lead)

    def _enter(self, step: str, awards: Sequence[tuple[int, int, str]]) -> None:
        h = self.hand
        assert h is not None
        for line in h.ledger.add(step, awards):
            if line.what in ("repique", "pique"):
                self._emit("bonus", line.who, {"name": line.what, "points": line.points})
        self.step_count += 1
        for s in (0, 1):
            if (
                self.reached_at[s] is None
                and self.scores[s] + h.ledger.points[s] >= self.options.target_score
            ):
                self.reached_at[s] = self.step_count

    def _running(self) -> list[int]:
        h = self.hand
        pts = h.ledger.points if h is not None else [0, 0]
        return [self.scores[0] + pts[0], self.scores[1] + pts[1]]

    def _decided_now(self) -> int | None:
        """The winner if the target is reached and the game is decided (one player at
        the target, or both with different totals)."""
        run = self._running()
        reached = [s for s in (0, 1) if run[s] >= self.options.target_score]
        if len(reached) == 1:
            return reached[0]
        if len(reached) == 2 and run[0] != run[1]:
            return 0 if run[0] > run[1] else 1
        return None

    def _lead_point(self, leader: int, card: Card) -> None:
        if self.options.trick_scoring == "every_lead" or card.rank >= 10:
            self._enter(TRICK, [(leader, 1, "lead")])

    def _on_play(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        card = NINETY_NINE_PACK[action.payload]
        h.hands[seat].remove(card)
        h.current.append((seat, card))
        self._emit("play", seat, {"card": str(card)})
        if len(h.current) == 1:
            if not h.evaluated:
                if h.claims_due:
                    self.phase = CLAIM
                else:
                    self._evaluate()
            else:
                self._lead_point(seat, card)
            return
        (leader, lead), (_, follow) = h.current
        number = len(h.tricks) + 1
        capot = number == 12
        if capot:
            w = leader if (follow.suit != lead.suit or follow.rank < lead.rank) else 1 - leader
            capot = h.won[w] == 11
        winner, awards = trick_awards(number, leader, lead, follow, self.options, capot)
        for award in awards:
            if award[2] != "lead":
                self._enter(TRICK, [award])
        h.tricks.append((leader, lead, follow, winner))
        h.won[winner] += 1
        h.current = []
        h.leader = winner
        self._emit(
            "trick",
            winner,
            {"number": number, "cards": [str(lead), str(follow)], "points": list(h.ledger.points)},
        )
        if number == 12:
            self._enter(CARDS, cards_award(h.won))
            self._end_hand("tricks")

    def _end_hand(self, how: str) -> None:
        h = self.hand
        assert h is not None
        h.ended = how
        pts = list(h.ledger.points)
        self.record = {
            "hand": h.number,
            "game": self.game_number,
            "dealer": h.dealer,
            "elder": h.elder,
            "points": pts,
            "lines": [ln.to_json() for ln in h.ledger.lines],
            "bonus": None
            if h.ledger.bonus is None
            else {"seat": h.ledger.bonus[0], "name": h.ledger.bonus[1]},
            "tricks": list(h.won),
            "ended": how,
        }
        self.scores = [self.scores[0] + pts[0], self.scores[1] + pts[1]]
        self.phase = OVER
        self._emit(
            "hand_end",
            None,
            {
                "hand": h.number,
                "points": pts,
                "scores": list(self.scores),
                "tricks": list(h.won),
                "ended": how,
                **self._breakdown(),
            },
        )

    def _breakdown(self) -> dict[str, Any]:
        """What the end of the deal shows of how it was scored, all of it public: the
        dealer and elder, the declarations as spoken and who scored what, the ledger's
        lines in the canonical order (repique, pique, the cards, capot among them), what
        younger claimed at the first trick, the bonus, carte blanche, and every trick
        with the seat that took it."""
        h = self.hand
        assert h is not None
        return {
            "dealer": h.dealer,
            "elder": h.elder,
            "declarations": [{"category": c, "seat": s, "says": w} for c, s, w in h.dialogue],
            "scored": copy.deepcopy(h.scored),
            "claims": copy.deepcopy(h.claims),
            "lines": [ln.to_json() for ln in h.ledger.lines],
            "bonus": None
            if h.ledger.bonus is None
            else {"seat": h.ledger.bonus[0], "name": h.ledger.bonus[1]},
            "carte_blanche": sorted(h.blanks),
            "tricks_taken": [
                {"number": i + 1, "leader": lead_seat, "cards": [str(a), str(b)], "winner": w}
                for i, (lead_seat, a, b, w) in enumerate(h.tricks)
            ],
        }

    # -- outcome and views -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Once the deal is over: its record (``hand``, ``game``, ``dealer``, ``elder``,
        ``points``, the ledger's ``lines``, ``bonus``, ``tricks``, ``ended``), the
        points as ``payments``, the game's ``totals`` after it, ``game_hands`` (the
        deals of the game so far), its ``first_dealer``, ``reached_at`` and ``steps``."""
        if self.record is None:
            return None
        return {
            **copy.deepcopy(self.record),  # the caller's own: editing it changes nothing here
            "payments": list(self.record["points"]),
            "totals": list(self.scores),
            "game_hands": self.hands_in_game,
            "first_dealer": self.game_dealer,
            "reached_at": list(self.reached_at),
            "steps": self.step_count,
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own cards (and marked discards), what it has seen of
        the talon, shown blank hands, the declarations as spoken, the current trick and
        the won tricks ``tricks_view`` allows, points and the game's totals. Never the
        other hand, unseen talon cards or the seed."""
        seat = check_seat(seat, 2)
        h = self.hand
        o = self.options
        obs: dict[str, Any] = {
            "game": "piquet",
            "seat": seat,
            "phase": self.phase,
            "to_act": [seat] if seat in self.to_act() else [],
            "legal": SPACE.texts(self.legal_actions(seat)),
            "options": thaw(o.to_json()),
            "game_number": self.game_number,
            "scores": list(self.scores),
        }
        if self.phase == CHOOSE or h is None:
            obs["chooser"] = self.chooser
            return obs
        rule = o.point_rule
        shown = [format_cards(sort_hand(h.dealt[s])) if s in h.shown else None for s in (0, 1)]
        tricks = [
            {"leader": lead_seat, "cards": [str(a), str(b)], "winner": w}
            for lead_seat, a, b, w in h.tricks
        ]
        if o.tricks_view == "last_only":
            tricks = tricks[-1:]
        obs.update(
            {
                "hand_number": h.number,
                "hands_in_game": self.hands_in_game,
                "dealer": h.dealer,
                "elder": h.elder,
                "role": ELDER if seat == h.elder else YOUNGER,
                "category": h.category
                if self.phase in (DECLARE, ANSWER)
                else (h.claims_due[0] if self.phase == CLAIM else None),
                "hand": format_cards(sort_hand(h.hands[seat])),
                "selected": format_cards(
                    sort_hand(
                        h.selected
                        if h.exchanger == seat
                        else h.held_back
                        if seat == h.elder
                        else []
                    )
                ),
                "hand_sizes": [len(h.hands[0]), len(h.hands[1])],
                "talon": len(h.talon),
                "peek": format_cards(h.peek) if seat == h.elder else "",
                "leftover": format_cards(h.leftover) if h.leftover_seen[seat] else None,
                "leftover_exposed": h.exposed,
                "discards": format_cards(sort_hand(h.discards[seat]))
                if o.own_discards_view == "allowed"
                else None,
                "discard_counts": [len(h.discards[0]), len(h.discards[1])],
                "carte_blanche": sorted(h.blanks),
                "shown": shown,
                "announced": h.announced,
                "lead_suit": h.lead_suit,
                "declarations": [{"category": c, "seat": s, "says": w} for c, s, w in h.dialogue],
                "scored": copy.deepcopy(h.scored),
                "claims": copy.deepcopy(h.claims),
                "spoken": list(h.spoken),
                "trick": [{"seat": s, "card": str(c)} for s, c in h.current],
                "tricks": tricks,
                "tricks_won": list(h.won),
                "trick_winners": [w for _, _, _, w in h.tricks],
                "lines": [ln.to_json() for ln in h.ledger.lines],
                "hand_points": list(h.ledger.points),
                "point_rule": rule,
            }
        )
        return obs
