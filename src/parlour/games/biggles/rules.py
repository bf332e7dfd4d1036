"""Biggles: the rules of a real-time race, with no clock and no I/O.

Both players act whenever they like, so ``to_move`` holds both seats while a
match runs and actions are applied in the order they arrive.  Each action
names what its player saw when he chose it (``play 3``: "my pile shows black 3
and my build wants 3"; ``stop 3``: "your build shows black 3 and my pile red
3"), so an action overtaken by the other player's move is refused with the
reason, never applied to the wrong card.

Actions: ``turn`` (turn over the next three cards, or the last one or two
singly), ``pickup`` (hand empty: take up the pile, unshuffled, and move its
top card to the bottom), ``play N`` / ``play B`` (the pile's top card onto
one's build: black N, or Biggles after black 7), ``stop N`` (the pile's top red
N onto the opponent's build, cancelling his black N).

A game is a series of matches (two by default, the packs changing hands);
the clock, the bots and the discrete-event twin live in ``session.py`` and
``twin.py``.  Rulings are in ``docs/rules/biggles.md``.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final

from parlour.engine.cardlists import offered
from parlour.engine.chance import shuffle
from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction, ResampleError
from parlour.engine.state import COMPILED, State, shallow_copy
from parlour.games.biggles.terms import TERMS

SEATS: Final = 2
PACKS: Final = ("blue", "red")
BLACKS: Final = 7
PACK_SIZE: Final = 2 * BLACKS + BLACKS + 1          # two black sets, one red set, Biggles: 22
BIGGLES: Final = PACK_SIZE - 1
WIN_POINTS: Final = 8
# (Each constant is Final, one to a line, here and in every compiled module: the compiled build reads a
# Final name directly and looks any other name up in the module's dict at every use.)
PLAYING: Final = "playing"
OVER: Final = "over"

#: card int (0-21 within a pack) -> text: black N is "K3", red N is "R3", Biggles is "BIG"
CARD_TEXT: Final[tuple[str, ...]] = tuple(
    [f"K{c % BLACKS + 1}" for c in range(2 * BLACKS)] + [f"R{n}" for n in range(1, BLACKS + 1)] + ["BIG"]
)
IS_BLACK: Final = tuple(c < 2 * BLACKS for c in range(PACK_SIZE))
IS_RED: Final = tuple(2 * BLACKS <= c < BIGGLES for c in range(PACK_SIZE))
NUMBER: Final = tuple(c % BLACKS + 1 if c < 2 * BLACKS else c - 2 * BLACKS + 1 if c < BIGGLES else 0
                      for c in range(PACK_SIZE))
BOTH: Final = frozenset({0, 1})
NAN: Final = float("nan")
TURN: Final = ("turn",)
PICKUP: Final = ("pickup",)
PLAY_TEXT: Final = {n: f"play {n}" for n in range(1, BLACKS + 1)}
STOP_TEXT: Final = {n: f"stop {n}" for n in range(1, BLACKS + 1)}
NOBODY: Final[frozenset[int]] = frozenset()
#: card int -> the level its owner's build must show for ``play`` (black N: N - 1; Biggles: 7; red: never)
PLAY_AT: Final = tuple(NUMBER[c] - 1 if IS_BLACK[c] else BLACKS if c == BIGGLES else -1 for c in range(PACK_SIZE))
#: card int -> its ``play`` action (or None), and its ``stop`` action (or None)
PLAY_OF: Final = tuple(("play B" if c == BIGGLES else PLAY_TEXT[NUMBER[c]]) if PLAY_AT[c] >= 0 else None
                for c in range(PACK_SIZE))
STOP_OF: Final = tuple(STOP_TEXT[NUMBER[c]] if IS_RED[c] else None for c in range(PACK_SIZE))
#: the legal tuples, built once: the turning move (turn, or pickup) and the card move, if any
WITH_TURN: Final = {extra: (TURN + (extra,) if extra else TURN) for extra in (None, *PLAY_OF, *STOP_OF)}
WITH_PICKUP: Final = {extra: (PICKUP + (extra,) if extra else PICKUP) for extra in (None, *PLAY_OF, *STOP_OF)}
#: card text -> the card ints that show it (the two black N of a pack, in order)
CARD_IDS: Final = {text: tuple(c for c in range(PACK_SIZE) if CARD_TEXT[c] == text) for text in set(CARD_TEXT)}


def card_name(text: str) -> str:
    """A card as a player names it: ``black 3``, ``red 2``, ``Biggles``."""
    if text == "BIG":
        return "Biggles"
    return f"{'black' if text[0] == 'K' else 'red'} {text[1:]}"


def seat_names(seats: int = SEATS) -> tuple[str, ...]:
    return ("P1", "P2")


def _pack_ids(texts: Any, what: str) -> list[int]:
    """Card ints for a pack written as texts (the two alike black cards get their ints in order)."""
    if not isinstance(texts, list) or len(texts) != PACK_SIZE or not all(isinstance(t, str) for t in texts):
        raise DealError(f"{what} must list the {PACK_SIZE} cards of a pack, top card first")
    used: dict[str, int] = {}
    ids = []
    for text in texts:
        options = CARD_IDS.get(text, ())
        n = used.get(text, 0)
        if n >= len(options):
            raise DealError(f"{what}: {text!r} is not a card or appears too often (K1-K7 twice, R1-R7, BIG once)")
        used[text] = n + 1
        ids.append(options[n])
    return ids


def check_deal(deal: Any, matches: int) -> list[dict[str, list[int]]]:
    """Refuse a malformed deal; each match's packs as card ints (a list of {"blue": ids, "red": ids})."""
    if not isinstance(deal, dict) or not isinstance(deal.get("matches"), list):
        raise DealError("a Biggles deal is an object with 'matches': one {\"blue\": [...], \"red\": [...]} per match")
    ids = []
    for i, match in enumerate(deal["matches"]):
        if not isinstance(match, dict):
            raise DealError(f"match {i + 1} must give a 'blue' and a 'red' pack")
        ids.append({pack: _pack_ids(match.get(pack), f"match {i + 1}, {pack} pack") for pack in PACKS})
    if len(deal["matches"]) < matches:
        raise DealError(f"the deal gives {len(deal['matches'])} matches; the game has {matches}")
    return ids


def shuffled_packs(seed: int, match: int) -> dict[str, list[str]]:
    rng = random.Random(f"biggles/{seed}/{match}")
    out = {}
    for pack in PACKS:
        cards = list(CARD_TEXT)
        shuffle(rng, cards)
        out[pack] = cards
    return out


class Player:
    """One side of a match: face-down hand (top last), face-up pile (top last), build."""

    __slots__ = ("pack", "hand", "pile", "build", "cancelled", "stoppers", "lvl")
    pack: str
    hand: list[int]
    pile: list[int]
    build: list[int]         # black cards and Biggles, in the order played
    cancelled: list[bool]    # per build card: covered by a red stopper
    stoppers: list[int]      # red cards received from the opponent
    lvl: int                 # level(), kept up to date by the rules for speed

    @classmethod
    def dealt(cls, pack: str, cards: list[int]) -> "Player":
        """A side holding ``cards`` face down (not ``__init__``: see ``parlour.engine.state.shallow_copy``)."""
        new = cls()
        new.pack = pack
        new.hand = cards[::-1]          # the first card listed is the top of the pack
        new.pile, new.build, new.cancelled, new.stoppers = [], [], [], []
        new.lvl = 0
        return new

    def level(self) -> int:
        """The number of the top uncancelled black card (0 before any)."""
        return self.lvl

    def _relevel(self) -> None:
        self.lvl = 0
        for card, cancelled in zip(reversed(self.build), reversed(self.cancelled), strict=True):
            if not cancelled:
                self.lvl = NUMBER[card] if card != BIGGLES else WIN_POINTS
                return

    def copy(self) -> "Player":
        # The build, its cancelled marks and the stoppers are replaced, never changed in place: shared.
        new = Player.__new__(Player)
        new.pack = self.pack
        new.hand = self.hand[:]
        new.pile = self.pile[:]
        new.build = self.build
        new.cancelled = self.cancelled
        new.stoppers = self.stoppers
        new.lvl = self.lvl
        return new

    def view(self) -> dict[str, Any]:
        return {
            "pack": self.pack,
            "hand_size": len(self.hand),
            "pile_top": CARD_TEXT[self.pile[-1]] if self.pile else None,
            "pile_size": len(self.pile),
            "build": [CARD_TEXT[c] + ("x" if x else "") for c, x in zip(self.build, self.cancelled, strict=True)],
            "level": self.level(),
            "stopped_by": [CARD_TEXT[c] for c in self.stoppers],
        }


#: the kinds of action a seat makes, in the order the tensors count them, and each action's kind
VERBS: Final[tuple[str, ...]] = ("turn", "pickup", "play", "stop")


class BigglesState(State):
    #: (history entries read, each seat's count of each of ``VERBS``), for the tensors (``_action_counts``):
    #: replaced, never changed, so clones share it
    _count_memo: tuple[int, tuple[tuple[int, ...], ...]] | None = None

    def _begin(self, variant: dict[str, Any], seed: int | None, deal: Any) -> None:
        """A new game (not ``__init__``: see ``parlour.engine.state.shallow_copy``)."""
        matches = variant["matches"]
        # Without a seed every match must be in the deal (deciders too, should they be needed),
        # or a finished match could not start the next one.
        # (a world drawn by resample keeps None for its finished matches: see _match_ids)
        self._ids: list[dict[str, list[int]] | None] = list(
            check_deal(deal, 0 if seed is not None else matches + variant["deciders"]))
        self.num_seats = SEATS
        self.variant = variant
        self.seed = seed
        self.deal = {"matches": [dict(m) for m in deal["matches"]]}
        self.history: list[tuple[int, str]] = []
        self.seen: list[set[int]] = [set(), set()]   # replaced at each match's start (_start_match)
        self._history_shared = False
        self.times: list[float] = []      # seconds from the start, when a session supplies them
        self.match_results: list[dict[str, Any]] = []
        self.points = [0, 0]
        self.total_matches = matches
        self.match_no = -1
        self.phase = PLAYING
        self._legal: dict[int, tuple[str, ...]] = {}
        self._cascade = bool(variant["cascade"])
        #: per finished match, {pack: (the places in its dealt pack, 0 = top, of the cards that never
        #: showed, and those cards' texts sorted)}: what resample may reorder (see there)
        self._unseen: list[dict[str, tuple[tuple[int, ...], tuple[str, ...]]]] = []
        self._start_match()

    def _own_history(self) -> None:
        # The clock of each action is shared with clones as the history is.  A session writes an
        # action's time into ``times`` in place, but only right after applying the action (and so after
        # this state took its own copy): never into a state cloned since.  The cards each seat has seen
        # show only grow during a match: shared the same way.
        super()._own_history()
        self.times = self.times[:]
        self.seen = [self.seen[0].copy(), self.seen[1].copy()]

    # -- matches ---------------------------------------------------------------------
    def _match_ids(self, match: int) -> dict[str, list[int]]:
        """The card ints of a match's packs, as dealt (top card first)."""
        ids = self._ids[match] if match < len(self._ids) else None
        if ids is not None:            # a world keeps no card ints of its finished matches (None)
            return ids
        packs = self.deal["matches"][match]
        return {pack: _pack_ids(packs[pack], f"{pack} pack") for pack in PACKS}

    def _start_match(self) -> None:
        self._legal.clear()
        self.match_no += 1
        if self.match_no >= len(self.deal["matches"]):
            if self.seed is None:
                raise DealError(f"the deal has no packs for match {self.match_no + 1} and there is no seed")
            # A new deal, not an append: clones share it (see _copy_but_players).
            self.deal = {**self.deal, "matches": [*self.deal["matches"], shuffled_packs(self.seed, self.match_no)]}
        ids = self._match_ids(self.match_no)   # read when the deal was checked, if it was
        blue_seat = self.match_no % SEATS      # the packs change hands every match
        self.seen = [set(), set()]   # card ints of each pack that have shown face up
        blue, red = Player.dealt("blue", ids["blue"]), Player.dealt("red", ids["red"])
        self.players = [blue, red] if blue_seat == 0 else [red, blue]

    def _end_match(self, winner: int) -> None:
        # What showed in this match stays known to both seats once the packs are gathered in: resample
        # keeps those cards in their places and reorders only the rest, noted here while ``seen`` holds.
        dealt = self._match_ids(self.match_no)
        self._unseen = [*self._unseen,
                        {self.players[s].pack: _unseen(dealt[self.players[s].pack], self.seen[s]) for s in BOTH}]
        loser = 1 - winner
        scores = [0, 0]
        scores[winner] = WIN_POINTS
        scores[loser] = self.players[loser].level()
        # New lists, not changes in place: clones share them (see _copy_but_players).
        self.points = [self.points[0] + scores[0], self.points[1] + scores[1]]
        # the builds as they ended, for the players to see the winning card after the table is cleared
        builds = [p.view()["build"] for p in self.players]
        # and the whole board as it stood (piles, hands, stoppers: all of it face up or counted), for a replay's
        # step that ends the match, which is already dealt again (not part of the result: the record keeps that)
        board = [p.view() for p in self.players]
        self.match_results = [*self.match_results, {"match": self.match_no + 1, "winner": winner, "scores": scores,
                                                    "packs": [p.pack for p in self.players], "builds": builds,
                                                    "board": board}]
        played = self.match_no + 1
        level = self.points[0] == self.points[1]
        if played < self.total_matches or (level and played < self.total_matches + self.variant["deciders"]):
            self._start_match()          # the next match, or a deciding match after a level score
        else:
            self.phase = OVER

    # -- contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        return NOBODY if self.phase == OVER else BOTH

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        try:
            cached = self._legal.get(seat)       # asked for several times per move: kept until the next
        except TypeError:                        # an unhashable "seat"
            return ()
        if cached is not None:
            return cached
        if type(seat) is not int or seat not in BOTH or self.phase == OVER:
            return ()
        me = self.players[seat]
        pile = me.pile
        legal: tuple[str, ...]
        if not pile:
            legal = TURN if me.hand else ()
        else:
            # Only the pile's top card can move: onto one's own build (black N on N - 1, Biggles on
            # 7), or, a red N, onto the other build showing black N (see _stoppable).
            top = pile[-1]
            extra = None
            if PLAY_AT[top] == me.lvl:
                extra = PLAY_OF[top]
            elif IS_RED[top]:
                other = self.players[1 - seat]
                if NUMBER[top] == other.lvl and (self._cascade or not other.cancelled[-1]):
                    extra = STOP_OF[top]
            legal = (WITH_TURN if me.hand else WITH_PICKUP)[extra]
        self._legal[seat] = legal
        return legal

    def _stoppable(self, other: Player) -> bool:
        """A red card needs an uncancelled black card to land on (by default, the highest left)."""
        if not 1 <= other.level() <= BLACKS:
            return False
        return self._cascade or not other.cancelled[-1]

    def apply(self, seat: Any, action: Any) -> None:
        """As ``State.apply`` (an illegal action raises and changes nothing), keeping a time slot
        per action for a session or the twin to fill; written out because the twin calls it often."""
        if type(seat) is not int or not offered(self.legal_actions(seat), action):
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._apply(seat, action)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))
        self.times.append(NAN)

    def apply_if_legal(self, seat: Any, action: Any, when: float = NAN) -> bool:
        """Apply ``action`` stamped ``when`` if it is legal now, else change nothing; whether it was.

        The clocked players' path (the twin's and the live session's bots): a move the
        other player's has overtaken is simply not applied, with no reason worded.
        """
        if type(seat) is not int:
            return False
        legal = self._legal.get(seat)                 # legal_actions(seat), when it is known already
        if not offered(self.legal_actions(seat) if legal is None else legal, action):
            return False
        self._apply(seat, action)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))
        self.times.append(when)
        return True

    def _apply(self, seat: int, action: str) -> None:
        if self._history_shared:
            self._own_history()               # before any change (see State._history_shared)
        # Turning and picking up change only the mover's hand and pile, which decide only his own
        # legal actions (the other player's read his own pile and the mover's build): only his
        # are worked out afresh.  A card move changes a build, so both are.
        if action == "turn" or action == "pickup":
            self._legal.pop(seat, None)
        else:
            self._legal.clear()
        me = self.players[seat]
        if action == "turn":
            # Three at a time, or singly once fewer than three are left.
            hand, pile = me.hand, me.pile
            if len(hand) >= 3:
                pile += hand[:-4:-1]          # the top three, the third face up
                del hand[-3:]
            else:
                pile.append(hand.pop())
            self.seen[seat].add(pile[-1])
        elif action == "pickup":
            # Turned face down unshuffled, the pile's bottom card comes on top; it goes to the bottom.
            cards = me.pile[1:] + me.pile[:1]    # top-first order of the face-down pack
            me.hand = cards[::-1]
            me.pile = []
        elif action[1] == "l":  # play
            card = me.pile.pop()
            if me.pile:
                self.seen[seat].add(me.pile[-1])
            me.build = me.build + [card]          # new lists, not appends: clones share them (Player.copy)
            me.cancelled = me.cancelled + [False]
            me.lvl = NUMBER[card] if card != BIGGLES else WIN_POINTS
            if card == BIGGLES:
                self._end_match(seat)
        else:  # stop
            other = self.players[1 - seat]
            card = me.pile.pop()
            if me.pile:
                self.seen[seat].add(me.pile[-1])
            cancelled = other.cancelled[:]
            for i in range(len(other.build) - 1, -1, -1):
                if not cancelled[i]:
                    cancelled[i] = True
                    break
            other.cancelled = cancelled
            other.stoppers = other.stoppers + [card]
            other._relevel()

    def parse_action(self, text: Any) -> str:
        return parse_action(text)

    def explain_illegal(self, seat: Any, action: Any) -> str:
        """Why a move is refused, from what is face up on the table (which both players see)."""
        if self.phase == OVER:
            return "The game is over: there are no more moves to make."
        if not isinstance(seat, int) or seat not in BOTH:
            return f"There is no seat {seat!r} at this table: the seats are 0 and 1."
        if not isinstance(action, str):
            return f"A move is given as text, such as 'turn' or 'play 3' (play black 3), not {action!r}."
        me, other = self.players[seat], self.players[1 - seat]
        verb, _, arg = action.partition(" ")
        top = me.pile[-1] if me.pile else None
        if verb == "turn":
            return "Your hand is empty: pick up your pile and turn it over again."
        if verb == "pickup":
            if me.hand:
                return "You still have cards in your hand: turn the next ones over first."
            return "Your pile is empty: there is nothing to pick up."
        if top is None:
            return "Your pile is empty: turn some cards over first."
        playable = PLAY_AT[top] == me.lvl
        # what to do instead, from the card the pile shows now: play it, stop with it, or turn on
        stoppable = IS_RED[top] and NUMBER[top] == other.level() and self._stoppable(other)
        instead = ("play it (p)" if playable else "stop with it (s)" if stoppable
                   else "turn the next three (t)" if me.hand else "pick up your pile (t)")
        if verb == "play":
            return self._why_not_play(me, top, action, arg, instead)
        if verb == "stop":
            return self._why_not_stop(other, top, arg, instead)
        return ("That is not a Biggles move: turn your cards over, pick up your pile, play a black card onto your "
                "build, or stop your opponent's newest black card with a red one.")

    def _why_not_play(self, me: Player, top: int, action: str, arg: str, instead: str) -> str:
        """``explain_illegal`` for a play: the wrong card, or too late (the build's top card cancelled first)."""
        shows = card_name(CARD_TEXT[top])
        wanted = "Biggles" if me.level() == BLACKS else f"black {me.level() + 1}"
        playable = PLAY_AT[top] == me.lvl
        named = "Biggles" if arg == "B" else f"black {arg}"
        if playable:
            return f"Your pile shows {shows}, not {named}: play {shows} onto your build."
        # the card he pressed for is the pile's: the build moved under it (a red stopper cancelled its top card)
        if PLAY_OF[top] == action and me.cancelled and me.cancelled[-1]:
            return (f"Too late: your opponent's red card cancelled the top of your build first, so it wants "
                    f"{wanted} now, not {named}. Instead, {instead}.")
        if IS_RED[top]:
            return f"Your pile shows {shows}, a red card: it cannot go on your build. Instead, {instead}."
        return f"Your pile shows {shows}, and your build wants {wanted}: nothing to play yet. Instead, {instead}."

    def _why_not_stop(self, other: Player, top: int, arg: str, instead: str) -> str:
        """``explain_illegal`` for a stop: no red card, nothing to stop, the wrong number, or too late."""
        shows = card_name(CARD_TEXT[top])
        level = other.level()
        shown = f"black {level}" if 0 < level <= BLACKS else ("Biggles" if level == WIN_POINTS else "no black card")
        if not IS_RED[top]:
            return f"Your pile shows {shows}, not a red card to stop with. Instead, {instead}."
        if level == 0:
            return f"Nothing to stop: your opponent has no black card on their build yet. Instead, {instead}."
        if level == WIN_POINTS:
            return f"Nothing to stop: Biggles cannot be stopped. Instead, {instead}."
        if level == NUMBER[top] and not self._stoppable(other):
            return ("Your opponent's newest black card is stopped already: only a black card that has just "
                    f"gone down can be stopped. Instead, {instead}.")
        if level == NUMBER[top]:
            return f"Your pile shows {shows}, not red {arg}: stop with it (s)."
        if arg == str(NUMBER[top]):
            # (said in the past: in a race the board has often moved on by the time the player reads it)
            return f"Too late: your opponent's build now shows {shown}, not black {arg}. Instead, {instead}."
        return (f"Your {shows} does not match: your opponent's newest black card is {shown}, and a red card stops "
                f"only the black card of its own number. Instead, {instead}.")

    # -- views ------------------------------------------------------------------------
    def observation(self, seat: Any) -> dict[str, Any]:
        view = self.observation_without_history(seat)
        view["history"] = [[s, a] for s, a in self.history]
        return view

    def observation_without_history(self, seat: Any) -> dict[str, Any]:
        """The observation but its list of every action so far."""
        if seat is not None and (type(seat) is not int or seat not in BOTH):
            raise ValueError(f"there is no seat {seat!r}: seats are 0 and 1, or None for a spectator")
        # Everything on the table is face up; only the order of each face-down hand is hidden,
        # and no player sees even his own.
        return {
            "game": "biggles",
            "seat": seat,
            "seat_names": list(seat_names()),
            "phase": self.phase,
            "to_move": sorted(self.to_move),
            "match": self.match_no + 1,
            "matches": self.total_matches,
            # (the deciding matches a level score may bring: the page says whether one can come)
            "deciders": self.variant["deciders"],
            "players": [p.view() for p in self.players],
            "points": list(self.points),
            "match_results": [dict(r) for r in self.match_results],
        }

    def tensor_view(self, seat: Any) -> dict[str, Any]:
        """``State.tensor_view``: the history, which grows all game, gives way to each seat's count of each kind
        of action (``action_counts``, in the order of ``VERBS``)."""
        view = self.observation_without_history(seat)
        view["action_counts"] = [list(c) for c in self._action_counts()]
        return view

    def _action_counts(self) -> tuple[tuple[int, ...], ...]:
        history = self.history
        memo = self._count_memo
        if memo is None or memo[0] > len(history):
            memo = (0, ((0,) * len(VERBS),) * SEATS)
        if memo[0] < len(history):
            counts = [list(c) for c in memo[1]]
            for seat, action in history[memo[0]:]:
                counts[seat][VERB_OF[action]] += 1
            memo = self._count_memo = (len(history), tuple(tuple(c) for c in counts))
        return memo[1]

    def snapshot(self) -> dict[str, Any]:
        snap = self.observation(None)
        snap["hands"] = [[CARD_TEXT[c] for c in p.hand] for p in self.players]
        snap["deal"] = copy.deepcopy(self.deal)
        snap["variant"] = dict(self.variant)
        return snap

    # -- results ----------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        names = seat_names()
        finished = self.phase == OVER
        a, b = self.points
        return {
            "points": {names[0]: a, names[1]: b},
            "matches": [{k: v for k, v in r.items() if k != "board"} for r in self.match_results],
            "winner": (names[0] if a > b else names[1] if b > a else None) if finished else None,
            "finished": finished,
        }

    def returns(self) -> list[float]:
        winner = self.result()["winner"]
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == "P1" else [-1.0, 1.0]

    # -- copies ------------------------------------------------------------------------------
    def _shallow(self) -> "BigglesState":
        """``shallow_copy(self)``: compiled, with each attribute written out (``_each_attribute``), several times
        quicker there than mypyc's ``__getstate__`` and ``__setstate__``; in Python the ``__dict__`` copy is quicker."""
        return self._each_attribute() if COMPILED else shallow_copy(self)

    def _each_attribute(self) -> "BigglesState":
        """A new state holding every attribute of this one (tests check that none is left out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._cascade = self._cascade
        new._count_memo = self._count_memo
        new._deal = self._deal
        new._history_shared = self._history_shared
        new._ids = self._ids
        new._legal = self._legal
        new._unseen = self._unseen
        new.history = self.history
        new.match_no = self.match_no
        new.match_results = self.match_results
        new.num_seats = self.num_seats
        new.phase = self.phase
        new.players = self.players
        new.points = self.points
        new.seed = self.seed
        new.seen = self.seen
        new.times = self.times
        new.total_matches = self.total_matches
        new.variant = self.variant
        return new

    def clone(self) -> "BigglesState":
        new = self._copy_but_players()
        copies = []
        for player in self.players:                # Player.copy, written out
            copy = Player.__new__(Player)
            copy.pack, copy.lvl = player.pack, player.lvl
            copy.hand, copy.pile = player.hand[:], player.pile[:]
            copy.build, copy.cancelled, copy.stoppers = player.build, player.cancelled, player.stoppers
            copies.append(copy)
        new.players = copies
        return new

    def _copy_but_players(self) -> "BigglesState":
        """A copy sharing nothing that changes, except ``players`` (for the caller to set)."""
        new = self._shallow()
        # Shared: the deal, the points, match results and _unseen (replaced when a match starts or ends,
        # never changed in place), and the history, the clock of each action and the cards seen, until
        # either state records an action (State._history_shared).
        new._history_shared = self._history_shared = True
        new._legal = {}
        return new

    def resample(self, seat: Any, rng: random.Random) -> "BigglesState":
        """A world drawn uniformly from the deals that show ``seat`` exactly what it has seen.

        Every action moves cards by position only (three off the top of the
        hand, the pile's top card away, the pile turned over and its top card
        put under), so which places of each dealt pack have shown face up is
        fixed by the list of actions alone, and so is where each dealt card
        lies now.  A card's face matters only when it shows: the only moves
        that read a card (``play``, ``stop``) read the top of a pile, which
        both seats see, and no move is ever forced (either player may turn
        past a playable card).  So a deal fits the view exactly when it has
        the same cards at the places that have shown, in every match so far;
        the cards that never showed (face down in a hand, covered in a pile,
        or left unturned when an earlier match ended) may lie in any order.
        Both seats, and a spectator, see the same table (ruling 10), so the
        world does not depend on which seat asks.

        Drawn by construction: for each match played so far and each pack,
        the cards that never showed, taken in a canonical (sorted) order, are
        shuffled over the places that never showed.  Every arrangement of
        their faces is then equally likely.  The world is the state's clone
        with each dealt card replaced by the one now dealt at its place, card
        ints given as a replay of the new deal would give them, so its record
        replays to it exactly; nothing is replayed.  It gets a fresh seed
        from ``rng``, and the packs of the matches still to come are dealt
        from that seed, never copied from the true deal.

        There is always a deal to draw (the true one fits), so nothing is
        tried and nothing falls back on the truth; ``ResampleError`` is raised
        only for a state that its own deal cannot explain (cards gone missing).
        """
        if type(seat) is not int or seat not in BOTH:
            raise ValueError(f"there is no seat {seat!r}")
        for s in range(SEATS):
            player, other = self.players[s], self.players[1 - s]
            if len(player.hand) + len(player.pile) + len(player.build) + len(other.stoppers) != PACK_SIZE:
                raise ResampleError(f"seat {s}'s pack does not add up to the {PACK_SIZE} cards dealt: "
                                    "this state was not reached from its deal, so no world can be drawn")
        current = self.match_no
        matches = self.deal["matches"]
        new_matches: list[dict[str, list[str]]] = []
        for m in range(current):               # finished matches: only their deal changes
            finished: dict[str, list[str]] = {}
            for pack in PACKS:
                texts = list(matches[m][pack])
                places, pool = self._unseen[m][pack]
                if places:
                    for i, text in zip(places, _shuffled(list(pool), rng), strict=True):
                        texts[i] = text
                finished[pack] = texts
            new_matches.append(finished)
        dealt = self._match_ids(current)
        packs: dict[str, list[str]] = {}
        ids: dict[str, list[int]] = {}
        remap: dict[str, list[int]] = {}
        for s in range(SEATS):                 # the match under way: its players' cards move with the deal
            pack = self.players[s].pack
            old = dealt[pack]
            texts = list(matches[current][pack])
            shown = self.seen[s]
            free = [i for i in range(PACK_SIZE) if old[i] not in shown]
            if free:
                for i, text in zip(free, _shuffled(sorted(texts[i] for i in free), rng), strict=True):
                    texts[i] = text
            # The card ints a replay of the new pack gives (the two alike black cards in order), and
            # for each card int of the true deal, the int of the card now dealt at its place.
            now = [0] * PACK_SIZE
            back = [0] * PACK_SIZE
            used: dict[str, int] = {}
            for i, text in enumerate(texts):
                n = used.get(text, 0)
                used[text] = n + 1
                now[i] = c = CARD_IDS[text][n]
                back[old[i]] = c
            packs[pack], ids[pack], remap[pack] = texts, now, back
        new_matches.append({pack: packs[pack] for pack in PACKS})

        world = self._copy_but_players()
        # A fresh seed: the matches still to come (deciders too) are dealt from it when they start.
        world.seed = rng.randrange(2**63)
        world.deal = {"matches": new_matches}
        world._ids = [None] * current + [ids]
        players: list[Player] = []
        seen: list[set[int]] = []
        for s in range(SEATS):
            player, other = self.players[s], self.players[1 - s]
            mine, theirs = remap[player.pack], remap[other.pack]
            me = Player.__new__(Player)
            me.pack, me.lvl, me.cancelled = player.pack, player.lvl, list(player.cancelled)
            me.hand = [mine[c] for c in player.hand]
            me.pile = [mine[c] for c in player.pile]
            me.build = [mine[c] for c in player.build]
            me.stoppers = [theirs[c] for c in player.stoppers]
            players.append(me)
            seen.append({mine[c] for c in self.seen[s]})
        world.players, world.seen = players, seen
        return world


#: n! for the packs' sizes, the number of orders of n cards
_ORDERS: Final = [1]
for _n in range(1, PACK_SIZE + 1):
    _ORDERS.append(_ORDERS[-1] * _n)


def _shuffled(cards: list[Any], rng: random.Random) -> list[Any]:
    """``cards`` in a uniformly random order, drawn from one exact ``randrange`` (faster than shuffle).

    The number drawn, uniform over the n! orders, is read in the factorial
    number system as the swaps of a Fisher-Yates shuffle, so each order is
    exactly as likely as with ``random.shuffle``, at one call into ``rng``.
    """
    x = rng.randrange(_ORDERS[len(cards)])
    for i in range(len(cards) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _unseen(ids: list[int], seen: set[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The places (0 = top) in a dealt pack of the cards that never showed, and their texts, sorted."""
    places = tuple(i for i, c in enumerate(ids) if c not in seen)
    return places, tuple(sorted(CARD_TEXT[ids[i]] for i in places))


def parse_action(text: Any) -> str:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"a move is typed as text, not {type(text).__name__}")
    words = text.lower().split()
    if words in (["turn"], ["t"]):
        return "turn"
    if words in (["pickup"], ["pick", "up"]):
        return "pickup"
    if len(words) == 2 and words[0] in ("play", "stop"):
        arg = words[1]
        if words[0] == "play" and arg in ("b", "big", "biggles"):
            return "play B"
        if arg.isascii() and arg.isdecimal() and 1 <= int(arg) <= BLACKS:
            return f"{words[0]} {int(arg)}"
    raise ActionSyntaxError(
        f"{text!r} is not a Biggles move: type 'turn' (turn cards over), 'pickup' (pick up your pile), 'play' and "
        "the number of a black card ('play 3' plays black 3; 'play B' plays Biggles), or 'stop' and the number of a "
        "red card ('stop 3' stops black 3 with red 3)"
    )


def all_actions(seats: int = SEATS) -> tuple[str, ...]:
    return ("turn", "pickup", *(f"play {n}" for n in range(1, BLACKS + 1)), "play B",
            *(f"stop {n}" for n in range(1, BLACKS + 1)))


#: each action's place in ``VERBS``
VERB_OF: Final[dict[str, int]] = {text: VERBS.index(text.split(" ", 1)[0]) for text in all_actions()}


def new_state(seats: Any = SEATS, variant: Any = None, seed: Any = None,
              deal: Any = None) -> BigglesState:
    resolved, seed = TERMS.prepare(seats, variant, seed, deal)
    if deal is None:
        assert seed is not None, "prepare draws a seed whenever no deal is given"
        deal = {"matches": [shuffled_packs(seed, m) for m in range(resolved["matches"])]}
    state = BigglesState()
    state._begin(resolved, seed, deal)
    return state
