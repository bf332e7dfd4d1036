"""Football Whist as numbers: the observation and information-state tensors of one seat.

Both are built from ``state.observation(seat)`` alone, so they can show no
more than the seat sees.  Seats are counted round the table from the viewer
(0: the viewer, 1: the opponent on his left, 2: his partner, 3: the opponent
on his right), so one network serves every seat; ``seat`` says which chair
the viewer sits in.  Every slice is listed, in order, in ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.numbers import Deal, Encoding, Layout, by_seat, cards_hot, deal_round, hot, seat_labels
from parlour.games.football_whist.cards import CARD_OF_TEXT, CARD_TEXT, NUM_CARDS, PER_TEAM, TEAM_CODES
from parlour.games.football_whist.rules import HAND, PITCH, SEATS

TEAMS = len(TEAM_CODES)
NODES = PITCH.nodes
NODE_INDEX = {node: i for i, node in enumerate(NODES)}
TEAM_INDEX = {code: i for i, code in enumerate(TEAM_CODES)}
PHASES = {"kick": 0, "play": 1, "move": 2}
MAX_GOALS = 10          # goals are shown 0-9, the last standing for 9 or more
TRICKS = HAND           # tricks in a half

_NOW = (
    ("seat", SEATS, "the viewer's chair: 0 A1, 1 B1, 2 A2, 3 B2"),
    ("phase", len(PHASES), "kick, play, move (all zero once the match is over)"),
    ("half", 2, "first or second half"),
    ("attacks_west", 1, "1 if the viewer's partnership attacks the West goal this half"),
    ("hand", NUM_CARDS, "cards the viewer holds (card id = team * 11 + number - 1, teams in pack order)"),
    ("hand_sizes", SEATS, "cards each seat holds, / 11, by relative seat"),
    ("to_move", SEATS, "the seat to act, relative"),
    ("kicker", SEATS, "the seat kicking off (or who last did), relative"),
    ("ball", len(NODES), "the ball's node (C, W1-W4, E1-E4, WG, EG)"),
    ("master", TEAMS, "the Master team (the badge under the ball; none in the centre)"),
    ("trick_leader", SEATS, "who led the trick in progress, relative"),
    ("led_team", TEAMS, "the team led to the trick in progress"),
    ("trick", (SEATS, NUM_CARDS), "the card each relative seat has played to the trick in progress"),
    ("mover", SEATS, "the trick winner moving the ball, relative (move phase)"),
    ("moves_left", 2, "one or two moves left (move phase)"),
    ("move_from", len(NODES), "where this move began: a double move may not return there"),
    ("tricks_won", (2, TRICKS + 1), "tricks won this half, 0-11: the viewer's partnership, then the other"),
    ("goals", (2, MAX_GOALS), "goals, 0-9 (9 or more): the viewer's partnership, then the other"),
)
_SEEN = (
    ("voids", (SEATS, TEAMS), "teams each relative seat has shown it lacks this half (failed to follow)"),
    ("played", (SEATS, NUM_CARDS), "cards each relative seat has played this half"),
    ("trick_leaders", (TRICKS, SEATS), "who led each finished trick of this half, relative"),
    ("trick_winners", (TRICKS, SEATS), "who won each finished trick of this half, relative"),
    ("trick_cards", (TRICKS, SEATS, NUM_CARDS), "each finished trick of this half: the card of each relative seat"),
    ("goals_after", (TRICKS + 1, 2), "goals this half after trick k (0-11): the viewer's side, the other"),
)


class FootballWhistEncoding(Encoding):
    observation_layout = Layout(*_NOW)
    information_state_layout = Layout(*_NOW, *_SEEN)

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        me: int = obs["seat"]
        mine = me % 2
        t[at["seat"] + me] = 1.0
        phase = PHASES.get(obs["phase"])
        hot(t, at["phase"], phase, 3)
        t[at["half"] + obs["half"] - 1] = 1.0
        side = "AB"[mine]
        t[at["attacks_west"]] = 1.0 if obs["attacking"][side] == PITCH.west_goal else 0.0
        cards_hot(t, at["hand"], obs["hand"], CARD_OF_TEXT)
        by_seat(t, at["hand_sizes"], obs["hand_sizes"], me, HAND)
        for seat in obs["to_move"]:
            t[at["to_move"] + (seat - me) % SEATS] = 1.0
        t[at["kicker"] + (obs["kicker"] - me) % SEATS] = 1.0
        t[at["ball"] + NODE_INDEX[obs["ball"]]] = 1.0
        if obs["master"] is not None:
            t[at["master"] + TEAM_INDEX[obs["master"]]] = 1.0
        trick = obs["trick"]
        if trick["cards"]:
            t[at["trick_leader"] + (trick["leader"] - me) % SEATS] = 1.0
            t[at["led_team"] + TEAM_INDEX[trick["cards"][0][1][0]]] = 1.0
            base = at["trick"]
            for seat, text in trick["cards"]:
                t[base + (seat - me) % SEATS * NUM_CARDS + CARD_OF_TEXT[text]] = 1.0
        move = obs["move"]
        if move is not None:
            t[at["mover"] + (move["mover"] - me) % SEATS] = 1.0
            hot(t, at["moves_left"], move["moves_left"] - 1, 2)
            t[at["move_from"] + NODE_INDEX[move["from"]]] = 1.0
        won = obs["tricks_won"]
        ours, theirs = (won["A"], won["B"]) if mine == 0 else (won["B"], won["A"])
        t[at["tricks_won"] + ours] = 1.0
        t[at["tricks_won"] + TRICKS + 1 + theirs] = 1.0
        goals = obs["goals"]
        ours, theirs = (goals["A"], goals["B"]) if mine == 0 else (goals["B"], goals["A"])
        t[at["goals"] + min(ours, MAX_GOALS - 1)] = 1.0
        t[at["goals"] + MAX_GOALS + min(theirs, MAX_GOALS - 1)] = 1.0
        return me

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        mine = me % 2
        voids, played = at["voids"], at["played"]
        leaders, winners, cards_at = at["trick_leaders"], at["trick_winners"], at["trick_cards"]
        half = obs["half"]
        finished = obs["tricks"][half - 1] if len(obs["tricks"]) >= half else []
        in_progress = obs["trick"]["cards"]
        tricks = [(trick["leader"], trick["cards"]) for trick in finished]
        if in_progress:
            tricks.append((obs["trick"]["leader"], [text for _, text in in_progress]))
        for k, (leader, cards) in enumerate(tricks):
            led = cards[0][0]
            done = k < len(finished)
            if done:
                t[leaders + k * SEATS + (leader - me) % SEATS] = 1.0
                t[winners + k * SEATS + (finished[k]["winner"] - me) % SEATS] = 1.0
            for i, text in enumerate(cards):
                rel = (leader + i - me) % SEATS
                card = CARD_OF_TEXT[text]
                t[played + rel * NUM_CARDS + card] = 1.0
                if done:
                    t[cards_at + (k * SEATS + rel) * NUM_CARDS + card] = 1.0
                if text[0] != led:
                    t[voids + rel * TEAMS + TEAM_INDEX[led]] = 1.0
        # goals of this half, as the running score after each trick
        ours = theirs = 0
        scored = [goal for goal in obs["goal_log"] if goal["half"] == half]
        base = at["goals_after"]
        for k in range(len(finished) + 1):
            for goal in scored:
                if goal["after_trick"] == k:
                    if "AB".index(goal["partnership"]) == mine:
                        ours += 1
                    else:
                        theirs += 1
            t[base + 2 * k] = min(ours, PER_TEAM) / PER_TEAM
            t[base + 2 * k + 1] = min(theirs, PER_TEAM) / PER_TEAM


def encoding(seats: int = SEATS) -> FootballWhistEncoding:
    return FootballWhistEncoding(seats)


def _build(seats: int, orders: list[list[str]]) -> dict[str, Any]:
    dealer = int(orders[0][0].split()[1])
    first_kicker = (dealer + 1) % SEATS      # he deals the second half
    halves = [deal_round(orders[1], SEATS, dealer), deal_round(orders[2], SEATS, first_kicker)]
    return {"dealer": dealer, "hands": halves}


#: the dealer (the cut decides him, each seat alike), then both halves' packs, dealt before the kick-off: the
#: second half's deal is made at half time at the table, but nothing in the first half depends on it
DEAL = Deal(
    outcomes=(*CARD_TEXT, *seat_labels(SEATS)),
    first=lambda seats: [(seat_labels(SEATS), 1), (CARD_TEXT, NUM_CARDS), (CARD_TEXT, NUM_CARDS)],
    build=_build,
)
FootballWhistEncoding.deal = DEAL
