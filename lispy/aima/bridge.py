"""Four-card two-handed bridge and averaging over clairvoyancy (AIMA 2nd ed. §6.5, "Card games").

"MAX: ♥6 ♦6 ♣9 ♣8   MIN: ♥4 ♠2 ♣10 ♣5", MAX to lead.  A player must follow
the suit led if able; the higher card of the suit led wins the trick, and its
winner leads the next.  There are no trumps.  The utility for MAX is MAX's
tricks minus MIN's: 0 is "tied at two tricks each", −2 a loss by one trick to
three.

With all the cards showing, leading the ♣9 is optimal, and it still is when
MIN's ♥4 becomes the ♦4.  "Averaging over clairvoyancy" then concludes that
♣9 is optimal when MAX knows only that MIN holds one of the two hands
(:func:`averaged_over_clairvoyancy`).  But after ♣9, ♣10 and MIN's lead of the
♠2, MAX must throw away a red six without knowing which one MIN can beat:
"playing the ♣9 first leads to a situation where MAX has a 50% chance of
losing."  :func:`value_with_hidden_cards` evaluates MAX's plans as plans
that can depend only on what MAX has seen, keeping both hands in mind, and
finds what the text says: the ♥6 or ♦6 first guarantees the tie; ♣9 first
does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import product
from typing import Any, NamedTuple

from lispy.aima.game import MAX, MIN
from lispy.aima.minimax import value

__all__ = [
    "MAX_HAND",
    "MIN_HAND",
    "MIN_HAND_VARIANT",
    "Card",
    "Deal",
    "FourCardBridge",
    "averaged_over_clairvoyancy",
    "card",
    "hand",
    "value_with_hidden_cards",
]

_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}
_SUITS = "♠♥♦♣"


class Card(NamedTuple):
    """A card: ``suit`` one of ♠ ♥ ♦ ♣ and ``rank`` 2 to 14 (ace)."""

    suit: str
    rank: int

    def __str__(self) -> str:
        return self.suit + {v: k for k, v in _RANKS.items()}.get(self.rank, str(self.rank))


def card(text: str) -> Card:
    """``card("♣10")`` (the suit as ♠ ♥ ♦ ♣ or S H D C, then the rank); ``ValueError`` otherwise."""
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(text[:1].upper(), text[:1])
    rank = text[1:]
    if suit not in _SUITS or not ((rank.isdigit() and 2 <= int(rank) <= 10) or rank.upper() in _RANKS):
        raise ValueError(f"card: expected a suit (♠♥♦♣ or SHDC) and a rank 2-10, J, Q, K, A, got {text!r}")
    return Card(suit, int(rank) if rank.isdigit() else _RANKS[rank.upper()])


def hand(text: str) -> frozenset[Card]:
    """The cards of ``text``, separated by spaces: ``hand("♥6 ♦6 ♣9 ♣8")``."""
    return frozenset(card(t) for t in text.split())


MAX_HAND = hand("♥6 ♦6 ♣9 ♣8")
MIN_HAND = hand("♥4 ♠2 ♣10 ♣5")
MIN_HAND_VARIANT = hand("♦4 ♠2 ♣10 ♣5")
"""The variant in which MIN's ♥4 becomes the ♦4."""


class Deal(NamedTuple):
    """A state of the game: the hands, who leads, the trick so far and the tricks won."""

    max_hand: frozenset[Card]
    min_hand: frozenset[Card]
    leader: str
    trick: tuple[Card, ...] = ()
    """The cards played to the current trick, the leader's first."""
    max_tricks: int = 0
    min_tricks: int = 0


class FourCardBridge:
    """The game with all cards showing, from ``Deal(max_hand, min_hand, leader)``; moves are cards."""

    def __init__(self, max_hand: frozenset[Card] = MAX_HAND, min_hand: frozenset[Card] = MIN_HAND) -> None:
        self.initial = Deal(max_hand, min_hand, MAX)

    def to_move(self, state: Deal) -> str:
        return state.leader if not state.trick else (MIN if state.leader == MAX else MAX)

    def legal(self, state: Deal) -> list[Card]:
        """The cards the player to move may play, in a fixed order."""
        cards = state.max_hand if self.to_move(state) == MAX else state.min_hand
        if state.trick:
            following = [c for c in cards if c.suit == state.trick[0].suit]
            if following:
                cards = frozenset(following)
        return sorted(cards, key=lambda c: (_SUITS.index(c.suit), -c.rank))

    def play(self, state: Deal, c: Card) -> Deal:
        """The state after the player to move plays ``c`` (assumed legal)."""
        player = self.to_move(state)
        max_hand = state.max_hand - {c} if player == MAX else state.max_hand
        min_hand = state.min_hand - {c} if player == MIN else state.min_hand
        if not state.trick:
            return state._replace(max_hand=max_hand, min_hand=min_hand, trick=(c,))
        led = state.trick[0]
        winner = player if c.suit == led.suit and c.rank > led.rank else state.leader
        return Deal(
            max_hand, min_hand, winner, (),
            state.max_tricks + (winner == MAX), state.min_tricks + (winner == MIN),
        )  # fmt: skip

    def successors(self, state: Deal) -> Iterable[tuple[Card, Deal]]:
        return [(c, self.play(state, c)) for c in self.legal(state)]

    def terminal_test(self, state: Deal) -> bool:
        return not state.max_hand and not state.min_hand

    def utility(self, state: Deal, player: str) -> int:
        v = state.max_tricks - state.min_tricks
        return v if player == MAX else -v


def averaged_over_clairvoyancy(deals: Sequence[tuple[Any, FourCardBridge]]) -> dict[Card, Fraction]:
    """For each lead of MAX's, its minimax value averaged over the deals: Σ P(deal) · value.

    ``deals`` are ``(probability, game)`` pairs with the same hand for MAX.  This
    assumes that in each deal play goes on as if all cards were visible.
    """
    first = deals[0][1]
    return {
        c: sum((Fraction(p) * Fraction(value(g, g.play(g.initial, c), MAX)) for p, g in deals), Fraction(0))
        for c in first.legal(first.initial)
    }


Vector = tuple[Any, ...]


def _pareto(vectors: Iterable[Vector]) -> list[Vector]:
    """The vectors that no other vector is at least as good as in every entry (None entries skipped)."""
    unique = list(dict.fromkeys(vectors))

    def dominated(v: Vector, w: Vector) -> bool:
        return v != w and all(x is None or x <= y for x, y in zip(v, w, strict=True))

    return [v for v in unique if not any(dominated(v, w) for w in unique)]


def _outcomes(game: FourCardBridge, states: tuple[Deal | None, ...]) -> list[Vector]:
    """The utility vectors (one entry per deal, None where the deal is no longer possible) that
    MAX's plans can reach from ``states``, which look the same to MAX; MIN knows the deal."""
    live = [s for s in states if s is not None]
    s0 = live[0]
    if game.terminal_test(s0):
        return [tuple(None if s is None else game.utility(s, MAX) for s in states)]
    if game.to_move(s0) == MAX:
        return _pareto(
            v for c in game.legal(s0)
            for v in _outcomes(game, tuple(None if s is None else game.play(s, c) for s in states))
        )  # fmt: skip
    # MIN plays a card that MAX then sees: deals in which MIN plays the same card stay together.
    legal = [frozenset(game.legal(s)) if s is not None else frozenset() for s in states]
    cards = sorted(frozenset().union(*legal))

    def after(c: Card) -> tuple[Deal | None, ...]:
        return tuple(
            game.play(s, c) if s is not None and c in ok else None
            for s, ok in zip(states, legal, strict=True)
        )

    children = [_outcomes(game, after(c)) for c in cards]
    combined = []
    for choice in product(*children):
        pairs = list(zip(choice, cards, strict=True))
        combined.append(
            tuple(
                None if s is None else min(v[i] for v, c in pairs if c in legal[i])
                for i, s in enumerate(states)
            )
        )
    return _pareto(combined)


def value_with_hidden_cards(deals: Sequence[tuple[Any, FourCardBridge]]) -> dict[Card, Fraction]:
    """For each lead of MAX's, the expected utility of MAX's best plan when MAX cannot see MIN's hand.

    A plan may depend only on what MAX has seen (its own hand and the cards
    played); MIN knows the deal and plays the worst for MAX in each.  Computed
    exactly: for each plan's subtree the vector of its values in the deals, with
    dominated vectors dropped.
    """
    first = deals[0][1]
    result: dict[Card, Fraction] = {}
    for c in first.legal(first.initial):
        vectors = _outcomes(first, tuple(g.play(g.initial, c) for _, g in deals))
        result[c] = max(
            sum((Fraction(p) * v[i] for i, (p, _) in enumerate(deals)), Fraction(0)) for v in vectors
        )
    return result
