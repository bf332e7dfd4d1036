"""Worlds for a Squadron Scramble seat: the cards it cannot see dealt afresh, in exact proportion.

What the table sees of a round's pack.  A hand receives cards three ways:
dealt, drawn from the stock, or seen going in (taken from the discard pile,
won by a swap, drawn from a turned-over stock, whose order everyone saw).
Every card that leaves a hand goes down in public.  So for each hand the
table knows the cards it was seen to receive, the cards it gave up that it
was never seen to receive (``state.gone``, each with the action that gave it
up), and how many cards it holds that came unseen; and it knows which of
the pack's positions each hand's unseen cards came from (its seven deal
positions and the stock positions it drew, ``state.drawn``).  A card that
left a hand unseen must have come from one of its positions drawn before it
left.  Nothing else a player does depends on his hidden cards, with one
exception: a player who put down a fourth card is bound to go out this turn,
and every move he makes must keep that possible (``_out_possible``).

The consistent packs are those that fit all of this, and each was equally
likely to be shuffled.  For seat ``seat`` the hidden cards (the stock, and
the unseen cards of the other hands) are drawn in proportion to the number
of consistent packs that put them where they are:

* Plane cards and VICTORY are all different, so how many packs fit a hand's
  deadlines depends only on how many unseen cards it holds, not on which:
  every way to share them out is equally likely, a shuffle.
* The three KEEP 'EM FLYING cards look alike.  A hand that gave one up
  unseen and later drew from the stock fits more packs if it still holds a
  hidden KEEP 'EM FLYING (either copy may be the one it gave up), so the
  number of them each hand gets is drawn in proportion to those counts
  (``arrival_weights``, a small dynamic programme over the hand's positions
  in time order).
* A player bound to go out holds hidden cards that let him: his share is
  drawn first, by rejection from a uniform draw when that is quick, else by
  counting every hand that goes out (``_bound_hand``: a dynamic programme over
  the planes on ``can_go_out``'s own reach sets), both exact.

The world's packs are then rebuilt: each hand's unseen cards are put into
its positions, those it gave up into the earliest ones in order of when they
left, the stock as drawn.  Which of its positions brought a hand which card
matters to nothing still to come, so that part of the pack is a canonical
witness that the world is reachable rather than a draw: the world's state
(every hand, the stock and its order) has exactly the posterior
distribution, its pack is the one witness the view and that state pick.
Finished rounds get the same canonical pack from their public trace (cached
on it).  Later rounds are shuffled from the world's fresh seed.  Every pool
is built in card order, so the world depends only on what ``seat`` sees and
on ``rng``.

One caveat lies outside this module: the order of ``seen_in_hands`` in an
observation can depend on which of two alike KEEP 'EM FLYING cards seen in
one hand came first in the pack (the rules give up the lowest-numbered of
alike cards).  A world's own observation is the true one, but on a rare record
its replay lists those cards in another order.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from math import comb, factorial
from typing import Sequence, TypeVar

from parlour.engine.errors import ResampleError
from parlour.engine.turns import OVER
from parlour.engine.weights import cumulative, deal_out, pick
from parlour.games.squadron_scramble import rules
from parlour.games.squadron_scramble.cards import CARD_TEXT, IS_WILD, KEF_IDS, NUM_CARDS, NUM_PLANES, PLANE_OF, VIC_ID

T = TypeVar("T")
#: a place's weights by how many KEEP 'EM FLYING it holds (None: unweighted)
Weight = tuple[int, ...] | None
#: the ways the planes so far can leave a hand: (swapped, wild cards needed, fourth-card places, kept)
Reach = frozenset[tuple[int, int, int, int]]
#: a counting state of ``_planes_plan``: hidden cards so far, and their reach
PlanKey = tuple[int, Reach]
#: where a counting state came from: the state before a plane, and that plane's (plain, swappable) cards taken
PlanStep = tuple[PlanKey, tuple[int, int]]

HAND = rules.HAND
KEFS = frozenset(KEF_IDS)
WILDS_IN_PACK = len(KEF_IDS) + 1
#: how many uniform draws a bound player's hand gets before it is drawn by counting
TRIES = 48


def resample(state: rules.SquadronScrambleState, seat: int, rng: random.Random) -> rules.SquadronScrambleState:
    cached = state._world_plan
    key = (len(state.history), seat)
    if cached is None or cached[0] != key:
        plan = Plan(state, seat)
        state._world_plan = (key, plan)     # replaced, never changed: copies may share it
    else:
        plan = cached[1]
    seen = state.known if state.seen is None else state.seen
    hands = state.hands
    hidden = [rules._without(hands[s], seen[s]) for s in plan.seats]
    pool = [c for share in hidden for c in share]
    if plan.stock_hidden:
        pool += state.stock
    pool.sort()
    bound_seen = seen[state.turn] if plan.bound is not None else []
    shares = _deal(state, pool, plan.sizes, plan.weights, plan.bound, bound_seen, rng)

    new = state.clone()
    texts = list(plan.head)
    for s, share, spots in zip(plan.seats, shares, plan.spots, strict=False):
        share.sort()
        for position, card in zip(spots, share, strict=True):
            texts[position] = CARD_TEXT[card]
        hand = seen[s] + share
        hand.sort()
        new.hands[s] = hand
        if state.seen is not None and any(c not in hand for c in state.known[s]):
            new.known[s] = _matching(hand, state.known[s])
    if plan.stock_hidden:
        new.stock = shares[-1]                  # in the order drawn: a uniform shuffle
        texts += [CARD_TEXT[c] for c in reversed(new.stock)]
    new.deal = {"first_dealer": state.deal["first_dealer"], "rounds": [*plan.past, texts]}
    new.seed = rng.randrange(2**63)
    new._legal = None
    return new


class Plan:
    """What every world of one seat's view shares, worked out once per position.

    Only view-determined facts go in (never a hidden card), so the plan can
    travel with copies of the state, worlds included: the places the hidden
    cards go (the other hands with unseen cards, then the stock), how many
    each takes, their KEEP 'EM FLYING weights, the seat bound to go out, the
    past rounds' packs, and this round's pack with every position filled
    that the view fixes (``head``), the positions each hidden hand's cards go
    into (``spots``) left blank.
    """

    __slots__ = ("seats", "sizes", "weights", "bound", "stock_hidden", "head", "spots", "past")

    def __init__(self, state: rules.SquadronScrambleState, seat: int):
        n = state.num_seats
        over = state.phase == OVER               # the last round's hands are shown: only the stock is unseen
        seen = state.known if state.seen is None else state.seen
        fixed: list[list[int] | None] = []       # unseen cards still held that the seat knows; None: hidden
        for s in range(n):
            if over:
                fixed.append(state.traces[-1].unseen_held[s])
            elif s == seat:
                fixed.append(rules._without(state.hands[s], seen[s]))
            else:
                fixed.append(None)
        self.stock_hidden = not state.restocked
        counts = {s: len(state.hands[s]) - len(seen[s]) for s in range(n) if fixed[s] is None}
        self.seats = [s for s in range(n) if counts.get(s)]
        self.sizes = [counts[s] for s in self.seats] + [len(state.stock) if self.stock_hidden else 0]
        # How many KEEP 'EM FLYING are hidden is public: all but those in sight.
        kefs = sum(1 for s in self.seats for c in state.hands[s] if c in KEFS)
        kefs -= sum(1 for s in self.seats for c in seen[s] if c in KEFS)
        kefs += sum(1 for c in state.stock if c in KEFS) if self.stock_hidden else 0
        self.weights = [_weights(state, s, counts[s], kefs) for s in self.seats] + [None]
        self.bound = self.seats.index(state.turn) if state.committed and state.turn in self.seats else None
        head, spots = _head(n, state.dealer, state.pile_start, state.drawn, state.gone, fixed)
        self.head = [None if c < 0 else CARD_TEXT[c] for c in head]
        self.spots = [spots[s] for s in self.seats]
        self.past = [_past_pack(state, trace) for trace in state.traces[: state.round_no]]


# --------------------------------------------------------------------------
# Sharing out the hidden cards
# --------------------------------------------------------------------------

def _deal(state: rules.SquadronScrambleState, pool: list[int], sizes: list[int], weights: list[Weight],
          bound: int | None, bound_seen: list[int], rng: random.Random) -> list[list[int]]:
    """The pool shared out over the places (hidden hands, then the stock), each share as drawn."""
    if bound is None and not any(weights):
        return deal_out(pool, sizes, rng)
    kefs = [c for c in pool if c in KEFS]
    plain = [c for c in pool if c not in KEFS]
    places = list(range(len(sizes)))
    shares: list[list[int]] = [[] for _ in sizes]
    if bound is not None:
        rest = [p for p in places if p != bound]
        spread = _spread(sizes, weights, rest)
        mass = len(pool) - sizes[bound]
        # A bound hand with ``h`` of the KEEP 'EM FLYING: weigh it by its own packs and by the ways
        # the others can be shared out (proportional to h'! (m - h')! times the weighted splits).
        by_kefs = []
        for h in range(len(kefs) + 1):
            r = len(kefs) - h
            if h > sizes[bound] or sizes[bound] - h > len(plain):
                by_kefs.append(0)
                continue
            weight = weights[bound]
            own = weight[h] if weight else 1
            by_kefs.append(own * factorial(r) * factorial(mass - r) * spread[0][r])
        share = _bound_hand(state, pool, sizes[bound], bound_seen, by_kefs, rng)
        shares[bound] = share
        taken = set(share)
        kefs = [c for c in kefs if c not in taken]
        plain = [c for c in plain if c not in taken]
        places = rest
        if not any(weights[p] for p in places):
            cards = kefs + plain
            rng.shuffle(cards)
            start = 0
            for place in places:
                shares[place] = cards[start:start + sizes[place]]
                start += sizes[place]
            return shares
    counts = _kef_counts(sizes, weights, places, len(kefs), rng)
    rng.shuffle(kefs)
    rng.shuffle(plain)
    k = p = 0
    for place, h in zip(places, counts, strict=True):
        shares[place] = kefs[k:k + h] + plain[p:p + sizes[place] - h]
        k += h
        p += sizes[place] - h
    if len(sizes) - 1 in places:
        rng.shuffle(shares[-1])                 # the stock is a sequence: its order uniform too
    return shares


def _place_poly(size: int, weight: tuple[int, ...] | None, most: int) -> list[int]:
    """Coefficient ``h``: the ways a place of ``size`` cards can hold ``h`` KEEP 'EM FLYING, weighted."""
    if weight:
        return [comb(size, h) * weight[h] for h in range(min(size, most, len(weight) - 1) + 1)]
    return [comb(size, h) for h in range(min(size, most) + 1)]


def _spread(sizes: list[int], weights: list[Weight], places: list[int]) -> list[list[int]]:
    """Suffix products: ``spread[i][r]``, the weighted ways places ``i..`` share ``r`` KEEP 'EM FLYING."""
    most = len(KEF_IDS)
    out = [[1] + [0] * most]
    for place in reversed(places):
        poly = _place_poly(sizes[place], weights[place], most)
        after = out[0]
        out.insert(0, [sum(poly[h] * after[r - h] for h in range(min(r, len(poly) - 1) + 1)) for r in range(most + 1)])
    return out


def _kef_counts(
    sizes: list[int], weights: list[Weight], places: list[int], total: int, rng: random.Random
) -> list[int]:
    """How many of the ``total`` hidden KEEP 'EM FLYING each place gets, in proportion to the packs."""
    spread = _spread(sizes, weights, places)
    counts, left = [], total
    for i, p in enumerate(places):
        poly = _place_poly(sizes[p], weights[p], len(KEF_IDS))
        options = [(h, poly[h] * spread[i + 1][left - h]) for h in range(min(left, len(poly) - 1) + 1)]
        h = _choose(options, rng)
        counts.append(h)
        left -= h
    if left:
        raise ResampleError("the hidden KEEP 'EM FLYING cards do not fit the hands and stock left")
    return counts


def _choose(options: list[tuple[T, int]], rng: random.Random) -> T:
    """One option, each in proportion to its (whole-number) weight, exactly."""
    total = sum(w for _, w in options)
    if not total:
        raise ResampleError("no world fits what this seat has seen")
    pick = rng.randrange(total)
    for option, weight in options:
        pick -= weight
        if pick < 0:
            return option
    raise AssertionError("unreachable")


# --------------------------------------------------------------------------
# When the KEEP 'EM FLYING cards a hand gave up constrain where the others are
# --------------------------------------------------------------------------

def _slot_times(drawn: list[tuple[int, int]], seat: int) -> tuple[int, ...]:
    """When each of the seat's pack positions reached its hand: the deal (-1), then its stock draws."""
    return (-1,) * HAND + tuple(t for s, t in drawn if s == seat)


def _weights(state: rules.SquadronScrambleState, seat: int, hidden: int, kefs: int) -> tuple[int, ...] | None:
    """The seat's pack count for each number of hidden KEEP 'EM FLYING it might hold (None: all the same)."""
    if not hidden or not kefs:
        return None
    kef_deadlines = sorted(t for c, t in state.gone[seat] if c in KEFS)
    if not kef_deadlines:
        return None
    times = _slot_times(state.drawn, seat)
    if times[-1] < kef_deadlines[0]:
        return None                              # every position came before the first one left
    others = tuple(sorted(t for c, t in state.gone[seat] if c not in KEFS))
    weights = arrival_weights(times, others, tuple(kef_deadlines), hidden, min(kefs, hidden))
    return None if len(set(weights)) == 1 else weights


@lru_cache(maxsize=4096)
def arrival_weights(times: tuple[int, ...], others: tuple[int, ...], kefs: tuple[int, ...], hidden: int,
                    most: int) -> tuple[int, ...]:
    """For ``h = 0..most``: how many ways a hand's unseen cards fill its positions, holding ``h`` hidden KEFs.

    ``times``: when each position reached the hand; ``others``: when each
    distinct card (plane card or VICTORY) it gave up unseen left, and
    ``kefs`` the same for KEEP 'EM FLYING; ``hidden``: how many unseen cards
    it still holds.  A card must arrive before it leaves; alike KEEP 'EM
    FLYING cards only need the i-th earliest to arrive before the i-th
    leaves.  Positions are taken in time order, the state being how many
    went to the cards given up and how many to KEEP 'EM FLYING; the cards
    given up choose their positions when their deadline passes.
    """
    events = sorted([(t, 2) for t in times] + [(d, 0) for d in others] + [(d, 1) for d in kefs])
    n_others, n_kefs = len(others), len(kefs)
    top = n_kefs + most
    layer = {(0, 0): 1}
    placed = passed_others = passed_kefs = 0
    for _, kind in events:
        if kind == 2:
            after: dict[tuple[int, int], int] = {}
            for (a, b), w in layer.items():
                if a < n_others:
                    after[a + 1, b] = after.get((a + 1, b), 0) + w
                if b < top:
                    after[a, b + 1] = after.get((a, b + 1), 0) + w
                if placed - a - b < hidden:
                    after[a, b] = after.get((a, b), 0) + w
            layer = after
            placed += 1
        elif kind == 0:
            layer = {(a, b): w * (a - passed_others) for (a, b), w in layer.items() if a > passed_others}
            passed_others += 1
        else:
            layer = {(a, b): w for (a, b), w in layer.items() if b > passed_kefs}
            passed_kefs += 1
    return tuple(layer.get((n_others, n_kefs + h), 0) * factorial(n_kefs + h) * factorial(hidden - h)
                 for h in range(most + 1))


# --------------------------------------------------------------------------
# A player bound to go out
# --------------------------------------------------------------------------

def _bound_hand(state: rules.SquadronScrambleState, pool: list[int], size: int, seen: list[int], by_kefs: list[int],
                rng: random.Random) -> list[int]:
    """The hidden cards of the player bound to go out: ``size`` of ``pool``, with which he still can.

    Each hand is drawn in proportion to ``by_kefs[h]`` (``h``: its KEEP 'EM
    FLYING), the number of worlds it leaves for everything else.  First by
    rejection: a uniform draw, kept if the player can go out with it and
    then with probability ``by_kefs[h] / max``, which is exact; after
    ``TRIES`` misses, by counting every hand.
    """
    seat = state.turn
    held = list(seen)
    top = max(by_kefs)
    if not top:
        raise ResampleError("no world fits what this seat has seen")
    for _ in range(TRIES):
        share = rng.sample(pool, size)
        h = sum(1 for c in share if c in KEFS)
        if by_kefs[h] and state._out_possible(seat, hand=held + share) and rng.randrange(top) < by_kefs[h]:
            return share
    share = _bound_hand_by_counting(state, pool, size, held, by_kefs, rng)
    if not state._out_possible(seat, hand=held + share):
        raise AssertionError("a counted hand for a player bound to go out cannot go out")
    return share


def _bound_hand_by_counting(state: rules.SquadronScrambleState, pool: list[int], size: int, held: list[int],
                            by_kefs: list[int], rng: random.Random) -> list[int]:
    seat = state.turn
    swap_usable = state.variant["swap_then_lay"]
    facts = state._facts()
    wild_for, threes = facts.wild_for[seat], len(facts.open_sets[seat])
    fresh = set(state.fresh)
    known = [[0, 0] for _ in range(NUM_PLANES)]
    wilds = dead = 0
    for card in held:
        if IS_WILD[card]:
            if swap_usable or card not in fresh:
                wilds += 1
            else:
                dead += 1
        else:
            known[PLANE_OF[card]][0] += 1
            known[PLANE_OF[card]][1] += card in wild_for
    plain: list[list[int]] = [[] for _ in range(NUM_PLANES)]
    swappable: list[list[int]] = [[] for _ in range(NUM_PLANES)]
    kefs, vic = [], []
    for card in pool:
        if card in KEFS:
            kefs.append(card)
        elif card == VIC_ID:
            vic.append(card)
        else:
            (swappable if card in wild_for else plain)[PLANE_OF[card]].append(card)
    layer, back = _planes_plan(tuple(map(tuple, known)), tuple((len(a), len(b)) for a, b in zip(plain, swappable,
                                                                                                   strict=True)), size)
    options = []
    for (count, reach), ways in layer.items():
        spare = size - count                     # the hidden wild cards
        for v in range(len(vic) + 1):
            k = spare - v
            if not 0 <= k <= len(kefs) or not by_kefs[k]:
                continue
            if rules.finishes(reach, wilds + spare, dead, threes, swap_usable):
                options.append((((count, reach), k, v), ways * comb(len(kefs), k) * by_kefs[k]))
    if not options:
        raise ResampleError("the player bound to go out holds no hidden cards he could go out with")
    (state_key, k, v) = _choose(options, rng)
    share = rng.sample(kefs, k) + vic[:v]
    for plane in range(NUM_PLANES - 1, -1, -1):
        sources = back[plane]
        if sources is None:
            continue
        state_key, (a, b) = pick(sources[state_key], rng)
        share += rng.sample(plain[plane], a) + rng.sample(swappable[plane], b)
    return share


@lru_cache(maxsize=256)
def _planes_plan(
    known: tuple[tuple[int, ...], ...], pool: tuple[tuple[int, int], ...], size: int
) -> tuple[dict[PlanKey, int], list[dict[PlanKey, tuple[tuple[PlanStep, ...], list[int]]] | None]]:
    """Count the hidden plane cards a bound hand may hold, plane by plane, on ``can_go_out``'s reach sets.

    The state after each plane is (hidden cards so far, the set of ways the
    planes so far can be disposed of), which is all a later plane or the
    final test needs; ``back`` keeps, for each state, where it came from
    and how many card choices lead there (cumulative).  Wild cards on the
    table number four at most, so four caps what a hand can need or use.
    """
    layer: dict[PlanKey, int] = {(0, frozenset({(0, 0, 0, 0)})): 1}
    back: list[dict[PlanKey, tuple[tuple[PlanStep, ...], list[int]]] | None] = []
    for plane in range(NUM_PLANES):
        (kh, ks), (pn, ps) = known[plane], pool[plane]
        if not (kh or pn or ps):
            back.append(None)
            continue
        after: dict[PlanKey, int] = {}
        sources: dict[PlanKey, list[tuple[PlanStep, int]]] = {}
        for (count, reach), ways in layer.items():
            for a in range(min(pn, 3 - kh, size - count) + 1):
                for b in range(min(ps, 3 - kh - a, size - count - a) + 1):
                    held = kh + a + b
                    nxt = _combine(reach, held, ks + b) if held else reach
                    if not nxt:
                        continue
                    key = (count + a + b, nxt)
                    w = ways * comb(pn, a) * comb(ps, b)
                    after[key] = after.get(key, 0) + w
                    sources.setdefault(key, []).append((((count, reach), (a, b)), w))
        back.append({key: cumulative(entries) for key, entries in sources.items()})
        layer = after
    return layer, back


@lru_cache(maxsize=65536)
def _combine(reach: Reach, held: int, swappable: int) -> Reach:
    return frozenset(
        (a + x, b + d, min(c + e, WILDS_IN_PACK), z + k)
        for a, b, c, z in reach for x, d, e, k in rules.plane_options(held, swappable)
        if z + k <= 1 and b + d <= WILDS_IN_PACK
    )


def _matching(hand: list[int], known: list[int]) -> list[int]:
    """``known`` as cards of ``hand`` (alike KEEP 'EM FLYING cards may stand for one another)."""
    rest = list(hand)
    out = []
    for card in known:
        if card not in rest:
            card = next(c for c in rest if c in KEFS)
        rest.remove(card)
        out.append(card)
    return out


# --------------------------------------------------------------------------
# Packs
# --------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _deal_positions(n: int, dealer: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i * n + (s - dealer - 1) % n for i in range(HAND)) for s in range(n))


def _head(
    n: int, dealer: int, pile_start: int, drawn: Sequence[tuple[int, int]],
    gone: Sequence[Sequence[tuple[int, int]]], fixed: Sequence[list[int] | None],
) -> tuple[list[int], list[list[int]]]:
    """A round's pack up to the last stock draw, as far as ``fixed`` fills it, and the positions left.

    Each hand's unseen cards go into its positions (the deal's, then the
    stock draws it made, in time order): those it gave up into the earliest,
    in the order they left, so each arrived before it left whenever any
    order allows (earliest deadline first); then the unseen cards it still
    holds, in card order: ``fixed[s]`` where known, else their positions
    are returned for the caller to fill (-1 in the pack).
    """
    pack: list[int] = [-1] * (HAND * n + 1 + len(drawn))
    slots: list[list[tuple[int, int]]] = [[(-1, p) for p in deal] for deal in _deal_positions(n, dealer)]
    for k, (s, t) in enumerate(drawn):
        slots[s].append((t, HAND * n + 1 + k))
    spots: list[list[int]] = []
    for s in range(n):
        left = sorted((t, c) for c, t in gone[s])
        for (arrived, position), (leaves, card) in zip(slots[s], left, strict=False):
            if arrived >= leaves:
                raise ResampleError(f"seat {s} gave up {CARD_TEXT[card]} before any unseen card could bring it")
            pack[position] = card
        rest = [position for _, position in slots[s][len(left):]]
        known = fixed[s]
        if known is not None:
            if len(known) != len(rest):
                raise ResampleError(f"seat {s}'s unseen cards do not fill the positions it was dealt and drew")
            for position, card in zip(rest, sorted(known), strict=True):
                pack[position] = card
            rest = []
        spots.append(rest)
    pack[HAND * n] = pile_start
    return pack, spots


def _past_pack(state: rules.SquadronScrambleState, trace: rules.RoundTrace) -> list[str]:
    """A finished round's pack from its public trace, the cards never drawn in card order (cached)."""
    if trace.pack is None:
        n = state.num_seats
        pack, _ = _head(n, trace.dealer, trace.pile_start, trace.drawn, trace.gone, trace.unseen_held)
        head = [CARD_TEXT[c] for c in pack]
        left = rules.FULL_PACK - Counter(head)
        rest = []
        for card in range(NUM_CARDS):
            text = CARD_TEXT[card]
            if left[text]:
                left[text] -= 1
                rest.append(text)
        trace.pack = head + rest
    return trace.pack
