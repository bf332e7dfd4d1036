"""International Football Whist: the rules, with no I/O.

The match runs through four phases, each a pair of functions, ``_legal_<phase>``
and ``_apply_<phase>`` (as in OpenSpiel's hearts):

``kick``  the kicker puts the ball on a badge next to the centre circle;
``play``  four cards to a trick, following the team led if possible;
``move``  the trick winner may move the ball one track (two after a Master lead),
          perhaps into a goal, or leave it where it is;
``over``  both halves played.

Seats 0-3 sit clockwise; play passes to the left, i.e. to ``seat + 1``.  Even
seats are partners A (attacking the West goal in the first half), odd seats
partners B.  Every choice the sheet leaves open is a ruling in
``docs/rules/football-whist.md`` and, where the other reading is reasonable, a
variant option below.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final

from parlour.engine.cardlists import offered
from parlour.engine.chance import shuffle
from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.engine.state import State
from parlour.engine.words import either, not_your_turn
from parlour.games.football_whist.cards import (
    CARD_OF_TEXT,
    CARD_TEXT,
    NUM_CARDS,
    NUMBER_OF,
    TEAM_CODES,
    TEAM_NAMES,
    TEAM_OF,
    card_name,
)
from parlour.games.football_whist.pitch import Pitch, default_pitch
from parlour.games.football_whist.resample import deal_hidden
from parlour.games.football_whist.terms import TERMS

SEATS: Final = 4
HAND: Final = NUM_CARDS // SEATS
PARTNERSHIPS: Final = ("A", "B")
SEAT_NAMES: Final = ("A1", "B1", "A2", "B2")

KICK: Final = "kick"
PLAY: Final = "play"
MOVE: Final = "move"
OVER: Final = "over"
STAY: Final = "stay"

PITCH: Final[Pitch] = default_pitch()
CENTRE: Final = PITCH.centre
GOALS: Final = frozenset(PITCH.goals)
BADGE: Final = PITCH.badge
NEIGHBOURS: Final = PITCH.neighbours

# Canonical action texts, built once so the hot loop never formats strings.
PLAY_TEXT: Final = tuple(f"play {text}" for text in CARD_TEXT)
MOVE_TEXT: Final = {node: f"move {node}" for node in PITCH.nodes}
KICK_TEXT: Final = {node: f"kick {node}" for node in PITCH.nodes}
KICK_OPTIONS: Final = tuple(KICK_TEXT[n] for n in NEIGHBOURS[CENTRE] if n in BADGE)
#: canonical text -> (verb, payload); the payload is a card int or a node name
DECODE: Final[dict[str, tuple[str, Any]]] = {STAY: (MOVE, None)}
DECODE.update({text: (PLAY, card) for card, text in enumerate(PLAY_TEXT)})
DECODE.update({text: (MOVE, node) for node, text in MOVE_TEXT.items()})
DECODE.update({text: (KICK, node) for node, text in KICK_TEXT.items()})
ONE_SEAT: Final = tuple(frozenset({seat}) for seat in range(SEATS))
NOBODY: Final[frozenset[int]] = frozenset()


#: the most decisions in one half: its kick-off, then for each of its eleven tricks the four cards, the
#: winner's moves of the ball (two at most, after a Master lead) and, after a goal, the next kick-off; but
#: the last trick has no kick-off after it, as a goal then ends the half (``_goal``)
HALF_DECISIONS: Final = 1 + HAND * (SEATS + 2 + 1) - 1
#: the most decisions in a match: two halves, whatever the variant (none gives a trick more moves)
MAX_DECISIONS: Final = 2 * HALF_DECISIONS


def max_decisions(seats: int, variant: Any) -> int:
    """The most decisions one match can take (the descriptor's ``max_decisions``): ``MAX_DECISIONS``, 154."""
    return MAX_DECISIONS


def all_actions(seats: int = SEATS) -> tuple[str, ...]:
    """Every distinct action, in a fixed order: the action space for learning agents."""
    return (*PLAY_TEXT, *KICK_OPTIONS, *(MOVE_TEXT[n] for n in PITCH.nodes), STAY)


def attacked_goal(partnership: int, half: int) -> str:
    """A attacks West in the first half and East in the second; B the reverse."""
    return PITCH.west_goal if (partnership == 0) == (half == 1) else PITCH.east_goal


# --------------------------------------------------------------------------
# Chance: cutting for dealer and dealing, fixed by the seed or given outright.
# --------------------------------------------------------------------------

def cut_for_dealer(rng: random.Random) -> list[list[str | None]]:
    """Each player cuts; the highest number deals; only those tied for highest cut again.

    Teams have no rank, so ``E9`` and ``S9`` tie.  Returns the rounds of cuts,
    one card (or ``None`` for a seat sitting out that round) per seat.
    """
    contenders = list(range(SEATS))
    rounds: list[list[str | None]] = []
    while True:
        cards = rng.sample(range(NUM_CARDS), len(contenders))
        row: list[str | None] = [None] * SEATS
        for seat, card in zip(contenders, cards, strict=True):
            row[seat] = CARD_TEXT[card]
        rounds.append(row)
        top = max(NUMBER_OF[c] for c in cards)
        contenders = [s for s, c in zip(contenders, cards, strict=True) if NUMBER_OF[c] == top]
        if len(contenders) == 1:
            return rounds


def dealer_from_cuts(cuts: Any) -> int:
    if not isinstance(cuts, list):
        raise DealError("'cuts' must be a list of rounds of cut cards")
    contenders = set(range(SEATS))
    for i, row in enumerate(cuts):
        if not isinstance(row, list) or len(row) != SEATS:
            raise DealError(f"cut round {i} must list one card or null for each of the {SEATS} seats")
        cutters = {s for s, c in enumerate(row) if c is not None}
        if cutters != contenders:
            raise DealError(f"cut round {i}: seats {sorted(contenders)} should cut, not {sorted(cutters)}")
        cut: dict[int, int] = {}
        for s in sorted(cutters):
            text = row[s]
            if not isinstance(text, str) or text not in CARD_OF_TEXT:
                raise DealError(f"cut round {i}: {text!r} is not a card")
            cut[s] = CARD_OF_TEXT[text]
        cards = list(cut.values())
        if len(set(cards)) != len(cards):
            raise DealError(f"cut round {i}: two players cannot cut the same card")
        top = max(NUMBER_OF[c] for c in cards)
        contenders = {s for s in cutters if NUMBER_OF[cut[s]] == top}
        if len(contenders) == 1:
            if i != len(cuts) - 1:
                raise DealError(f"cut round {i} already decides the dealer; later rounds are extra")
            return contenders.pop()
    raise DealError("the cuts end in a tie: tied players must cut again")


def deal_hands(rng: random.Random, dealer: int) -> list[list[str]]:
    """Shuffle and deal one card at a time, starting on the dealer's left."""
    return [[CARD_TEXT[c] for c in hand] for hand in _shuffled_hands(rng, dealer)]


def random_deal(seed: int) -> dict[str, Any]:
    """Both halves' deals (and the cuts) from one seed: the match's every chance outcome."""
    return _seeded_deal(seed)[0]


def _seeded_deal(seed: int) -> tuple[dict[str, Any], int, list[list[list[int]]]]:
    """``random_deal``, with the dealer and both halves' hands as ``check_deal`` would read them off it
    (a new game from a seed has no need to read back the texts it has just written)."""
    rng = random.Random(seed)
    cuts = cut_for_dealer(rng)
    dealer = dealer_from_cuts(cuts)
    first_kicker = (dealer + 1) % SEATS
    halves = [_shuffled_hands(rng, dealer), _shuffled_hands(rng, first_kicker)]  # the first kicker redeals
    hands = [[[CARD_TEXT[c] for c in hand] for hand in half] for half in halves]
    return {"cuts": cuts, "hands": hands}, dealer, halves


def _check_hands(hands: Any, half: int) -> list[list[int]]:
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise DealError(f"half {half}: give one hand for each of the {SEATS} seats")
    seen: set[int] = set()
    out = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND:
            raise DealError(f"half {half}: seat {seat} must be dealt {HAND} cards")
        cards = []
        for text in hand:
            if not isinstance(text, str) or text not in CARD_OF_TEXT:
                raise DealError(f"half {half}: {text!r} is not a card")
            card = CARD_OF_TEXT[text]
            if card in seen:
                raise DealError(f"half {half}: {text} is dealt twice")
            seen.add(card)
            cards.append(card)
        out.append(sorted(cards))
    return out


def check_deal(deal: Any) -> tuple[int, list[list[list[int]]]]:
    """Validate a deal; returns the dealer and both halves' hands as card ints."""
    if not isinstance(deal, dict):
        raise DealError("a Football Whist deal is an object with 'hands' and 'cuts' or 'dealer'")
    if "cuts" in deal:
        dealer = dealer_from_cuts(deal["cuts"])
        if "dealer" in deal and deal["dealer"] != dealer:
            raise DealError(f"the cuts make seat {dealer} the dealer, not seat {deal['dealer']}")
    elif type(deal.get("dealer")) is int and 0 <= deal["dealer"] < SEATS:
        dealer = deal["dealer"]
    else:
        raise DealError("the deal needs 'cuts' (rounds of cut cards) or a 'dealer' seat 0-3")
    halves = deal.get("hands")
    if not isinstance(halves, list) or len(halves) != 2:
        raise DealError("'hands' must hold two deals, one for each half")
    return dealer, [_check_hands(halves[0], 1), _check_hands(halves[1], 2)]


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------

class FootballWhistState(State):
    __slots__ = (
        "variant", "seed", "_deal", "history", "num_seats",
        "dealer", "first_kicker", "kicker", "half", "phase", "turn",
        "hands", "halves", "ball", "leader", "led_team", "trick",
        "tricks", "goals", "goal_log", "voids",
        "mover", "moves_left", "move_from", "after_goal", "_legal", "_history_shared",
    )

    def _begin(self, variant: dict[str, Any], seed: int | None, deal: Any,
               checked: tuple[int, list[list[list[int]]]] | None = None) -> None:
        """A new game (not ``__init__``: see ``parlour.engine.state.shallow_copy``); ``checked``: what
        ``check_deal(deal)`` returns, where the deal is known good (``_seeded_deal``)."""
        self.variant = variant
        self.seed = seed
        self.deal = deal
        self.history: list[tuple[int, str]] = []
        self._history_shared = False
        self.num_seats = SEATS
        self.dealer, self.halves = check_deal(deal) if checked is None else checked
        self.first_kicker = (self.dealer + 1) % SEATS
        self.goals = [0, 0]
        self.goal_log: list[dict[str, Any]] = []
        self.tricks: list[list[tuple[int, tuple[int, ...], int]]] = [[], []]
        self.half = 0
        self._legal: tuple[str, ...] | None = None
        self._start_half(1)

    # -- phase changes ---------------------------------------------------
    def _start_half(self, half: int) -> None:
        self.half = half
        self.hands = [list(hand) for hand in self.halves[half - 1]]
        self.voids = [0] * SEATS          # bitmask of teams each seat showed it lacks, this half
        self.ball = CENTRE
        self.trick: list[int] = []
        self.led_team = -1
        self.leader = -1
        self.mover = -1
        self.moves_left = 0
        self.move_from = CENTRE
        self.after_goal = False
        # First half: left of the dealer kicks off.  Second half: the first
        # kicker redeals and the player on his left kicks off.
        self.kicker = self.first_kicker if half == 1 else (self.first_kicker + 1) % SEATS
        self.phase = KICK
        self.turn = self.kicker

    def _end_half(self) -> None:
        if self.half == 1:
            self._start_half(2)
        else:
            self.phase = OVER
            self.turn = -1

    # -- contract: whose turn, what is legal -----------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        return NOBODY if self.phase == OVER else ONE_SEAT[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def master(self) -> int | None:
        """The Master team is the badge under the ball; none in the centre circle."""
        return BADGE.get(self.ball)

    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        if seat != self.turn or self.phase == OVER:
            return ()
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == PLAY:
                legal = self._legal_play(seat)
            elif phase == MOVE:
                legal = self._legal_move(seat)
            else:
                legal = KICK_OPTIONS
            self._legal = legal
        return legal

    def apply(self, seat: Any, action: Any) -> None:
        """``State.apply``, reading the cached legal actions of the seat to act directly (the hot path)."""
        legal = self._legal
        if legal is None or seat != self.turn or type(seat) is not int:
            State.apply(self, seat, action)        # works the legal actions out (or refuses the seat)
            return
        if not offered(legal, action):
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._apply(seat, action)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))

    def _apply(self, seat: int, action: str) -> None:
        self._legal = None
        verb, arg = DECODE[action]
        if verb == PLAY:
            self._apply_play(seat, arg)
        elif verb == MOVE:
            self._apply_move(seat, arg)
        else:
            self._apply_kick(seat, arg)

    # -- kick-off ------------------------------------------------------------
    def _apply_kick(self, seat: int, node: str) -> None:
        self.ball = node
        if self.after_goal and self.variant["after_goal_lead"] == "trick-winner":
            self.leader = self.mover          # the sheet: the trick winner (here the scorer) leads
        else:
            self.leader = (seat + 1) % SEATS
        self.after_goal = False
        self.phase = PLAY
        self.turn = self.leader

    # -- playing to a trick -------------------------------------------------
    def _legal_play(self, seat: int) -> tuple[str, ...]:
        hand = self.hands[seat]
        if self.trick:
            led = self.led_team
            follow = [PLAY_TEXT[c] for c in hand if TEAM_OF[c] == led]
            if follow:
                return tuple(follow)
        return tuple([PLAY_TEXT[c] for c in hand])

    def _apply_play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        trick = self.trick
        if not trick:
            self.leader = seat
            self.led_team = TEAM_OF[card]
        elif TEAM_OF[card] != self.led_team:
            self.voids[seat] |= 1 << self.led_team
        trick.append(card)
        if len(trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        master = BADGE.get(self.ball)
        winner = self.leader + trick_winner(trick, self.led_team, master)
        winner %= SEATS
        self.tricks[self.half - 1].append((self.leader, tuple(trick), winner))
        self.trick = []
        # The winner may move the ball; a trick led with a Master card earns two moves.
        self.mover = winner
        self.moves_left = 2 if master is not None and self.led_team == master else 1
        self.move_from = self.ball
        self.phase = MOVE
        self.turn = winner
        if not self.hands[winner] and len(self._legal_move(winner)) == 1:
            self._end_half()            # the half's last trick, and no goal within reach: nothing left to decide

    # -- moving the ball ------------------------------------------------------
    def _legal_move(self, seat: int) -> tuple[str, ...]:
        own = attacked_goal(1 - seat % 2, self.half)
        own_goals = self.variant["own_goals"]
        start = self.move_from
        # After the half's last trick only a goal counts (the ball then goes back to the centre): the winner
        # moves only on a way into a goal, a goal or (with a step to come) a position next to one
        last = not self.hands[seat] and not self.variant["idle_last_move"]
        options = [STAY]
        for node in NEIGHBOURS[self.ball]:
            if node == start:          # a double move ends on a third position, never back
                continue
            if node == own and not own_goals:
                continue
            if last and node not in GOALS and not self._goal_next(node, own):
                continue
            options.append(MOVE_TEXT[node])
        return tuple(options)

    def _goal_next(self, node: str, own: str) -> bool:
        """Whether a first step of a double move to ``node`` leaves a step that may score."""
        if self.moves_left < 2 or (node == CENTRE and self.variant["centre_stops_double"]):
            return False
        return any(goal in GOALS and (goal != own or self.variant["own_goals"]) for goal in NEIGHBOURS[node])

    def _apply_move(self, seat: int, node: str | None) -> None:
        if node is None:                # "stay": the ball rests where it is
            self._next_trick()
            return
        if node in GOALS:
            self._goal(seat, node)
            return
        self.ball = node
        self.moves_left -= 1
        if self.moves_left == 0 or (node == CENTRE and self.variant["centre_stops_double"]):
            self._next_trick()

    def _goal(self, seat: int, goal: str) -> None:
        attackers = 0 if attacked_goal(0, self.half) == goal else 1
        self.goals[attackers] += 1
        self.goal_log.append({
            "half": self.half,
            "after_trick": len(self.tricks[self.half - 1]),
            "partnership": PARTNERSHIPS[attackers],
            "by": seat,
            "own_goal": attackers != seat % 2,
        })
        self.ball = CENTRE
        if not self.hands[seat]:
            self._end_half()            # the half-time kick-off replaces the goal's
            return
        self.kicker = (seat + 1) % SEATS
        self.after_goal = True
        self.phase = KICK
        self.turn = self.kicker

    def _next_trick(self) -> None:
        if not self.hands[self.mover]:
            self._end_half()
            return
        self.phase = PLAY
        self.turn = self.leader = self.mover

    # -- text --------------------------------------------------------------
    def parse_action(self, text: Any) -> str:
        return parse_action(text)

    def explain_illegal(self, seat: Any, action: Any) -> str:
        """Why a move is refused and what the player may do instead, in the words of the table.

        It reads only what the seat can see (its own hand, the trick, the pitch), so
        it says the same in every deal the seat cannot tell from this one.
        """
        if self.phase == OVER:
            return "The match is over: there are no more moves to make."
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            return f"There is no seat {seat!r} at this table: the seats are 0 to {SEATS - 1}."
        if not isinstance(action, str):
            return f"A move is given as text, such as 'play E7' (play England 7), not {action!r}."
        if seat != self.turn:
            return not_your_turn(seat, self.turn, SEATS, partners=True)
        decoded = DECODE.get(action)
        if self.phase == KICK:
            places = either([PITCH.place_name(a.split()[1]) for a in KICK_OPTIONS])
            if decoded is not None and decoded[0] == KICK:
                return f"A kick-off puts the ball on a badge next to the centre circle: {places}."
            return f"Kick off first: put the ball on a badge next to the centre circle ({places})."
        if self.phase == PLAY:
            return self._explain_play(seat, decoded)
        return self._explain_move(decoded)

    def _explain_play(self, seat: int, decoded: tuple[str, Any] | None) -> str:
        hand = self.hands[seat]
        if not self.trick:
            instead = "lead any card from your hand"
        else:
            led = self.led_team
            held = [NUMBER_OF[c] for c in hand if TEAM_OF[c] == led]
            team = TEAM_NAMES[led]
            if not held:
                instead = f"you hold no {team} card, so play any card from your hand"
            elif len(held) == 1:
                instead = f"play your {team} {held[0]}"
            else:
                instead = f"play one of your {team} cards ({team} {either([str(n) for n in held])})"
        if decoded is None or decoded[0] != PLAY:
            return f"Play a card to the trick now: {instead}."
        card: int = decoded[1]
        if card not in hand:
            return f"You do not hold {card_name(card)}: {instead}."
        return f"You must follow {TEAM_NAMES[self.led_team]}: {instead}."

    def _explain_move(self, decoded: tuple[str, Any] | None) -> str:
        targets = [PITCH.place_name(DECODE[a][1]) for a in self._legal_move(self.turn) if a != STAY]
        here = PITCH.place_name(self.ball)
        instead = f"move the ball to {either(targets)}, or leave it where it is" if targets else "leave it where it is"
        if decoded is None or decoded[0] != MOVE:
            return f"You won the trick, so the ball is yours to move: {instead}."
        node: str = decoded[1]
        if node == self.ball:
            onward = f" or move it to {either(targets)}" if targets else ""
            return f"The ball is already on {here}: leave it where it is,{onward}."
        if node == self.move_from:
            return (f"A double move cannot bring the ball back to where it started, {PITCH.place_name(node)}: "
                    f"{instead}.")
        if node not in NEIGHBOURS[self.ball]:
            return f"No track leads from {here} to {PITCH.place_name(node)}: {instead}."
        if node not in GOALS and not self.hands[self.turn] and not self.variant["idle_last_move"]:
            return (f"That was the half's last trick, so only a goal counts now and the ball goes no further "
                    f"than on its way into one: {instead}.")
        return f"You may not put the ball into your own goal: {instead}."

    # -- views ----------------------------------------------------------------
    def observation(self, seat: Any) -> dict[str, Any]:
        return self._view(seat, True)

    def tensor_view(self, seat: Any) -> dict[str, Any]:
        """``State.tensor_view``: the observation but its list of every action so far, which the tensors do not
        read (the tricks of each half hold what they need), so the second half costs what the first did."""
        return self._view(seat, False)

    def _view(self, seat: Any, whole: bool) -> dict[str, Any]:
        if seat is not None and (type(seat) is not int or not 0 <= seat < SEATS):
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {SEATS - 1}, or None for a spectator")
        master = self.master
        obs: dict[str, Any] = {
            "game": "football-whist",
            "seat": seat,
            "seat_names": list(SEAT_NAMES),
            "partnerships": {"A": [0, 2], "B": [1, 3]},
            "phase": self.phase,
            "to_move": sorted(self.to_move),
            "half": self.half,
            "cuts": [list(row) for row in self.deal["cuts"]] if "cuts" in self.deal else None,
            "dealer": self.dealer if self.half == 1 else self.first_kicker,
            "kicker": self.kicker,
            "attacking": {"A": attacked_goal(0, self.half), "B": attacked_goal(1, self.half)},
            "ball": self.ball,
            "master": TEAM_CODES[master] if master is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": {
                "leader": self.leader if self.trick else None,
                "cards": [[(self.leader + i) % SEATS, CARD_TEXT[c]] for i, c in enumerate(self.trick)],
            },
            "tricks": [
                [{"leader": lead, "cards": [CARD_TEXT[c] for c in cards], "winner": win} for lead, cards, win in half]
                for half in self.tricks[: self.half]
            ],
            "tricks_won": self._tricks_won(),
            "goals": {"A": self.goals[0], "B": self.goals[1]},
            "goal_log": [dict(goal) for goal in self.goal_log],
            "move": (
                {"mover": self.mover, "moves_left": self.moves_left, "from": self.move_from}
                if self.phase == MOVE else None
            ),
        }
        if whole:
            # Every kick, card and ball move is made in full view of the table.
            obs["history"] = [[s, a] for s, a in self.history]
        if seat is not None:
            # Visibility follows ownership: a seat sees its own hand and no other.
            obs["hand"] = [CARD_TEXT[c] for c in self.hands[seat]]
            if whole and seat == self.turn and self.phase != OVER:
                obs["reasons"] = self.reasons(seat)
        return obs

    # -- reasons ---------------------------------------------------------------
    def reasons(self, seat: int) -> dict[str, str]:
        """Each legal move's plain fact, in a few words, from what the seat sees (its own hand, the trick on the
        table, the ball): "wins the trick", "your partner's Wales 11 wins the trick anyway", "Master: Ireland (you
        hold 3); nearer the goal you attack".  Facts, not advice: the expert's figures say which move is better;
        these say what the move does.  Empty where a move does nothing worth saying."""
        out: dict[str, str] = {}
        for action in self.legal_actions(seat):
            verb, arg = DECODE[action]
            text = self._play_reason(seat, arg) if verb == PLAY else self._ball_reason(seat, arg)
            if verb == PLAY and text:
                text += self._rank_note(seat, arg)
            if text:
                out[action] = text
        return out

    def _play_reason(self, seat: int, card: int) -> str:
        master = BADGE.get(self.ball)
        team = TEAM_OF[card]
        trump = team == master
        if not self.trick:
            if trump:
                return "a Master-team lead: winning the trick earns two ball moves"
            return ""
        trick = [*self.trick, card]
        last = len(trick) == SEATS
        ahead = trick_winner(trick, self.led_team, master) == len(trick) - 1
        tag = "a Master-team card: " if trump and self.led_team != master else ""
        if ahead:
            return f"{tag}{'wins the trick' if last else 'goes ahead in the trick so far'}"
        if team != self.led_team and not trump:
            tag = "neither the team led nor the Master team: "
        best = trick_winner(self.trick, self.led_team, master)
        holder = (self.leader + best) % SEATS
        if holder % 2 == seat % 2:
            # (the partner's card named: the reason why this card need not win, "your partner's Ireland 11 wins the
            # trick anyway", not only what it does)
            theirs = f"your partner's {TEAM_NAMES[TEAM_OF[self.trick[best]]]} {NUMBER_OF[self.trick[best]]}"
            return f"{tag}{theirs} {'wins the trick anyway' if last else 'stays ahead in the trick'}"
        return f"{tag}{'gives the trick away' if last else 'does not beat the card ahead in the trick'}"

    def _rank_note(self, seat: int, card: int) -> str:
        """Where the seat holds more than one card of the team: "; your lowest Wales" or "; your highest Wales", so
        that two cards which do the same to the trick are told apart by what they leave in the hand."""
        same = [NUMBER_OF[c] for c in self.hands[seat] if TEAM_OF[c] == TEAM_OF[card]]
        if len(same) < 2:
            return ""
        if NUMBER_OF[card] == min(same):
            return f"; your lowest {TEAM_NAMES[TEAM_OF[card]]}"
        if NUMBER_OF[card] == max(same):
            return f"; your highest {TEAM_NAMES[TEAM_OF[card]]}"
        return ""

    def _ball_reason(self, seat: int, node: str | None) -> str:
        attack = attacked_goal(seat % 2, self.half)
        if node is None:
            master = BADGE.get(self.ball)
            if master is None:
                return "no Master team while the ball stays in the centre circle"
            return f"Master stays {TEAM_NAMES[master]} (you hold {self._held(seat, master)})"
        if node == attack:
            return "scores a goal"
        if node in GOALS:
            return "puts the ball into your own goal: a goal for the other side"
        steps = PITCH.distance[node][attack]
        nearer = steps < PITCH.distance[self.ball][attack]
        further = steps > PITCH.distance[self.ball][attack]
        way = "nearer the goal you attack" if nearer else "further from the goal you attack" if further \
            else "as far from the goal you attack as before"
        team = BADGE.get(node)
        if team is None:
            return f"no Master team; {way}"
        return f"Master: {TEAM_NAMES[team]} (you hold {self._held(seat, team)}); {way}"

    def _held(self, seat: int, team: int) -> str:
        count = sum(1 for c in self.hands[seat] if TEAM_OF[c] == team)
        return f"{count or 'none'}"

    def _tricks_won(self) -> dict[str, int]:
        won = [0, 0]
        for _, _, winner in self.tricks[self.half - 1]:
            won[winner % 2] += 1
        return {"A": won[0], "B": won[1]}

    def snapshot(self) -> dict[str, Any]:
        snap = self.observation(None)
        snap["hands"] = [[CARD_TEXT[c] for c in h] for h in self.hands]
        snap["deal"] = copy.deepcopy(self.deal)
        snap["variant"] = dict(self.variant)
        snap["voids"] = list(self.voids)
        return snap

    # -- results -------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        a, b = self.goals
        by_half = [{"A": 0, "B": 0}, {"A": 0, "B": 0}]
        for goal in self.goal_log:
            by_half[goal["half"] - 1][goal["partnership"]] += 1
        return {
            "goals": {"A": a, "B": b},
            "goals_by_half": by_half,
            "winner": None if self.phase != OVER else "A" if a > b else "B" if b > a else None,
            "finished": self.phase == OVER,
        }

    def returns(self) -> list[float]:
        if self.phase != OVER or self.goals[0] == self.goals[1]:
            return [0.0] * SEATS
        a_wins = 1.0 if self.goals[0] > self.goals[1] else -1.0
        return [a_wins, -a_wins, a_wins, -a_wins]

    # -- copies ----------------------------------------------------------------
    def clone(self) -> "FootballWhistState":
        # Every slot, written out (a loop over __slots__ cost more than the copying itself).  Shared:
        # variant, deal and halves (never changed after construction), and the goal log's entries and
        # the tricks' (leader, cards, winner) tuples, which are never changed once logged.
        new = FootballWhistState.__new__(FootballWhistState)
        new.variant = self.variant
        new.seed = self.seed
        new._deal = self._deal
        new.history = self.history              # shared until either records an action (State._history_shared)
        new._history_shared = self._history_shared = True
        new.num_seats = self.num_seats
        new.dealer = self.dealer
        new.first_kicker = self.first_kicker
        new.kicker = self.kicker
        new.half = self.half
        new.phase = self.phase
        new.turn = self.turn
        hands = self.hands
        new.hands = [hands[0][:], hands[1][:], hands[2][:], hands[3][:]]
        new.halves = self.halves
        new.ball = self.ball
        new.leader = self.leader
        new.led_team = self.led_team
        new.trick = self.trick[:]
        tricks = self.tricks
        new.tricks = [tricks[0][:], tricks[1][:]]
        new.goals = self.goals[:]
        new.goal_log = self.goal_log[:]
        new.voids = self.voids[:]
        new.mover = self.mover
        new.moves_left = self.moves_left
        new.move_from = self.move_from
        new.after_goal = self.after_goal
        new._legal = self._legal
        return new

    def resample(self, seat: Any, rng: random.Random) -> "FootballWhistState":
        """A world ``seat`` cannot tell from this one: the cards it cannot see dealt afresh.

        The other hands keep their sizes and get no team they have shown out
        of this half, every such deal equally likely
        (``parlour.games.football_whist.resample``).  The unseen pool is
        gathered in card order, so the world depends only on what ``seat``
        has seen and on ``rng``.  The second half's deal, unseen by all until
        half time, is shuffled afresh in the first half, and the world gets a
        fresh seed.  Its deal is rebuilt (this half's hands as they were
        dealt: what is held now plus what was played) so that its record
        replays to the same position.
        """
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise ValueError(f"resample needs the seat whose view is kept (0 to {SEATS - 1}), not {seat!r}")
        others = [s for s in range(SEATS) if s != seat]
        hands = self.hands
        hidden = sorted([c for s in others for c in hands[s]])
        dealt = deal_hidden(hidden, tuple(len(hands[s]) for s in others), tuple(self.voids[s] for s in others), rng)
        new = self.clone()
        for s, hand in zip(others, dealt, strict=True):
            hand.sort()
            new.hands[s] = hand
        played: list[list[int]] = [[] for _ in range(SEATS)]
        for lead, cards, _ in self.tricks[self.half - 1]:
            for i, card in enumerate(cards):
                played[(lead + i) % SEATS].append(card)
        for i, card in enumerate(self.trick):
            played[(self.leader + i) % SEATS].append(card)
        current = [sorted(new.hands[s] + played[s]) for s in range(SEATS)]
        if self.half == 1:
            second = _shuffled_hands(rng, self.first_kicker)
            halves = [current, second]
        else:
            halves = [self.halves[0], current]      # the first half is all on the table by now
        new.halves = halves
        new.deal = {**self.deal, "hands": [[[CARD_TEXT[c] for c in hand] for hand in half] for half in halves]}
        new.seed = rng.randrange(2**63)
        new._legal = None
        return new


def _shuffled_hands(rng: random.Random, dealer: int) -> list[list[int]]:
    """A fresh deal as sorted card ints (``deal_hands`` without the text)."""
    pack = list(range(NUM_CARDS))
    shuffle(rng, pack)
    return [sorted(pack[(i - dealer - 1) % SEATS::SEATS]) for i in range(SEATS)]


def trick_winner(cards: list[int], led: int, master: int | None) -> int:
    """Offset from the leader of the winning card.

    A Master card beats every other team; otherwise the highest card of the
    team led wins; a card of any third team never wins.
    """
    best_i, best = 0, -1
    for i, card in enumerate(cards):
        team = TEAM_OF[card]
        if team == master:
            value = 100 + NUMBER_OF[card]
        elif team == led:
            value = NUMBER_OF[card]
        else:
            continue
        if value > best:
            best_i, best = i, value
    return best_i


def parse_action(text: Any) -> str:
    """Canonical text of what a person typed: ``Play e7`` -> ``play E7``.

    Its refusals are for the person at the terminal, so they show the typed form, each code said in words.
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"a move is typed as text, not {type(text).__name__}")
    words = text.split()
    if words == ["stay"] or [w.lower() for w in words] == ["stay"]:
        return STAY
    if len(words) == 2:
        verb, arg = words[0].lower(), words[1].upper()
        if verb == PLAY:
            if arg in CARD_OF_TEXT:
                return PLAY_TEXT[CARD_OF_TEXT[arg]]
            letters = either([f"{code} for {name}" for code, name in zip(TEAM_CODES, TEAM_NAMES, strict=True)])
            raise ActionSyntaxError(
                f"{words[1]!r} is not a card: type a team's letter ({letters}) and a number from 1 to 11, "
                "such as 'E7' (England 7)"
            )
        if verb in (KICK, MOVE):
            if arg in NEIGHBOURS:
                return KICK_TEXT[arg] if verb == KICK else MOVE_TEXT[arg]
            raise ActionSyntaxError(
                f"{words[1]!r} is not a position on the pitch: type a position as the pitch shows it, such as "
                f"'{PITCH.west_goal}' ({PITCH.place_name(PITCH.west_goal)}) or '{KICK_OPTIONS[0].split()[1]}' "
                f"({PITCH.place_name(KICK_OPTIONS[0].split()[1])})"
            )
    raise ActionSyntaxError(
        f"{text!r} is not a Football Whist move: type 'play' and a card ('play E7' plays England 7), 'kick' or "
        "'move' and a position on the pitch, or 'stay' to leave the ball where it is"
    )


def new_state(
    seats: Any = SEATS,
    variant: Any = None,
    seed: Any = None,
    deal: Any = None,
) -> FootballWhistState:
    resolved, seed = TERMS.prepare(seats, variant, seed, deal)
    state = FootballWhistState()
    if deal is None:
        assert seed is not None, "prepare draws a seed whenever no deal is given"
        deal, dealer, halves = _seeded_deal(seed)
        state._begin(resolved, seed, deal, (dealer, halves))
    else:
        state._begin(resolved, seed, deal)
    return state


FootballWhistState.game = None  # set by descriptor.py, which imports this module (never the other way)
