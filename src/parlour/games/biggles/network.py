"""The discrete-event twin over a network: two bots race through links with delay, jitter, loss and clock offsets.

``race`` in ``twin.py`` puts both bots at the server.  Here each bot sits
behind a ``Link``: it sees each table when the server's message reaches it,
reacts with its level's reflexes, and its press reaches the server a one-way
delay later (a lost message is sent again after a retransmission timeout,
and the messages of one link keep their order, as on a WebSocket over TCP).
The server judges the presses with the ``Referee`` of ``fairness.py``, fairly
or on arrival, so the two can be compared on the same deals; its socket
measures each link's round trip as a live one does (a ping every half
second, the largest of the last eight samples).

What is counted is the contested cards: a card move a player pressed while
his table showed it legal, that did not stand because the other player's card
move was judged first.  ``bench/biggles_fairness.py`` runs the comparison and
docs/rules/biggles.md (ruling 14) quotes its figures.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Sequence

from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.fairness import CARD_MOVES, Outcome, Press, Referee
from parlour.games.biggles.rules import BigglesState

#: the least retransmission timeout (Linux's 200 ms)
RTO = 0.2
#: how often the socket pings, and how many samples its round-trip filter keeps
PING_EVERY = 0.5
PING_SAMPLES = 8
MAX_EVENTS = 400_000
WAITING = ("turn", "pickup")


@dataclass(frozen=True)
class Link:
    """A player's connection: the mean round trip, its jitter (each way varies within ± jitter / 2), the chance a
    message is lost (sent again after a retransmission timeout), the player's clock minus the server's, the
    share of the round trip on the way up, and for a lying client the seconds it takes off every press."""

    rtt: float = 0.02
    jitter: float = 0.0
    loss: float = 0.0
    offset: float = 0.0
    up_share: float = 0.5
    lie: float = 0.0

    def one_way(self, rng: random.Random, up: bool) -> float:
        share = self.up_share if up else 1 - self.up_share
        delay = max(0.0, self.rtt * share + rng.uniform(-self.jitter / 2, self.jitter / 2))
        return delay + (max(RTO, self.rtt) if rng.random() < self.loss else 0.0)


@dataclass
class Client:
    """A bot behind its link, and what the server's socket knows of it."""

    seat: int
    bot: ReflexBot
    link: Link
    rng: random.Random
    view: BigglesState | None = None
    version: int = -1             # the number of the table in view
    since: dict[str, tuple[float, float]] = field(default_factory=dict)   # each move: (table sent, seen), first shown
    planned: tuple[float, str] | None = None
    sent: int = 0                 # presses sent, and answered by the tables received
    answered: int = 0
    down: float = 0.0             # when the last message each way arrives: a link keeps its messages in order
    up: float = 0.0
    samples: list[tuple[float, float]] = field(default_factory=list)   # the socket's pings: (round trip, offset)
    offset: float = 0.0           # his clock's offset as the socket measures it

    def clock(self, now: float) -> float:
        return now + self.link.offset


@dataclass
class Tally:
    """Contested cards won by each seat, and what the referee counted."""

    won: list[int] = field(default_factory=lambda: [0, 0])
    presses: int = 0
    matches: int = 0
    referee: dict[str, int] = field(default_factory=dict)

    @property
    def contests(self) -> int:
        return sum(self.won)


class _Race:
    def __init__(self, state: BigglesState, bots: Sequence[ReflexBot], links: Sequence[Link], fair: bool, seed: int):
        rng = random.Random(seed)
        self.referee = Referee(state, fair=fair)
        self.clients = [Client(s, bots[s], links[s], random.Random(rng.randrange(2**63))) for s in (0, 1)]
        self.events: list[tuple[float, int, str, Any]] = []
        self.order = count()
        self.tally = Tally()
        self.version = 0                       # the table's number: it changes with every move that stands
        self.undone = [-1.0, -1.0]             # when a move of each seat was last undone by a rollback
        self.processed = [0, 0]                # each seat's presses the server has answered

    def at(self, when: float, kind: str, payload: Any) -> None:
        heapq.heappush(self.events, (when, next(self.order), kind, payload))

    def run(self) -> Tally:
        for client in self.clients:
            self.at(0.0, "ping", client)
            self.at(0.0, "table", (client, self.referee.state.clone(), self.version, 0.0, 0))
        for _ in range(MAX_EVENTS):
            if self.referee.state.is_over or not self.events:
                break
            now, _, kind, payload = heapq.heappop(self.events)
            getattr(self, f"_{kind}")(now, payload)
        self.tally.matches = len(self.referee.state.match_results)
        self.tally.referee = dict(self.referee.counts)
        return self.tally

    # -- the player's side ------------------------------------------------------------------
    def _table(self, now: float, payload: Any) -> None:
        """A table reaches a player; each move in it is timed from the table on which it first showed."""
        client, table, number, sent, answered = payload
        client.answered = answered
        if number != client.version:
            client.view, client.version = table, number
            client.since = {a: client.since.get(a, (sent, now)) if a not in WAITING else (sent, now)
                            for a in table.legal_actions(client.seat)}
        self._plan(client, now)

    def _plan(self, client: Client, now: float) -> None:
        """The bot's next move, as ``twin.Reflexes`` plans it: a card move on its way goes ahead even if the table
        has changed under it (the hand is moving); a turn under way gives way to a chance noticed sooner.  A
        player whose press is still unanswered waits for its table."""
        view = client.view
        if view is None or view.is_over or client.answered < client.sent:
            return
        legal = view.legal_actions(client.seat)
        if not legal:
            return
        bot = client.bot
        chance = legal[-1] if legal[-1] not in WAITING else None
        if client.planned is not None:
            when, planned = client.planned
            if planned in WAITING and chance and bot.notices():
                sooner = now + bot.delay(chance)
                if sooner < when:
                    client.planned = (sooner, chance)
                    self.at(sooner, "press", (client, sooner, chance))
            return
        action = bot.pick(lambda: view.observation(client.seat), legal)
        if action not in WAITING and not bot.notices():
            action = next((a for a in legal if a in WAITING), action)     # missed it: keeps turning
        when = now + bot.delay(action)
        client.planned = (when, action)
        self.at(when, "press", (client, when, action))

    def _press(self, now: float, payload: Any) -> None:
        """The player presses: the press carries the table he reacted to, his reaction and his clock."""
        client, when, action = payload
        if client.planned != (when, action):
            return                                          # replaced by a quicker reaction meanwhile
        client.planned = None
        client.sent += 1
        sent, seen = client.since.get(action, (0.0, 0.0))
        reaction = client.clock(now) - client.clock(seen) - client.link.lie
        client.up = max(client.up, now + client.link.one_way(client.rng, up=True))
        pressed = client.clock(now) - client.link.lie - client.offset
        self.at(client.up, "arrive", Press(client.seat, action, client.up, sent, reaction, pressed))
        self.tally.presses += 1

    # -- the server's side ------------------------------------------------------------------
    def _arrive(self, now: float, press: Press) -> None:
        self.referee.settle(now)
        self._judged(now, self.referee.submit(press))

    def _release(self, now: float, _: Any) -> None:
        self._judged(now, self.referee.release(now))

    def _judged(self, now: float, outcome: Outcome) -> None:
        """Count the contests, and send the table to both players: it answers the presses judged."""
        _score(self.tally, outcome, self.undone)
        for entry in outcome.overtaken:
            self.undone[entry.seat] = now
        for entry in [*outcome.applied, *(e for e, _ in outcome.refused)]:
            self.processed[entry.seat] += 1
        if outcome.applied or outcome.overtaken:
            self.version += 1
        for client in self.clients:
            client.down = max(client.down, now + client.link.one_way(client.rng, up=False))
            self.at(client.down, "table", (client, self.referee.state.clone(), self.version, now,
                                           self.processed[client.seat]))
        due = self.referee.next_time()
        if due is not None:
            self.at(due, "release", None)

    def _ping(self, now: float, client: Client) -> None:
        """The socket's ping: the round trip, and the player's clock offset read NTP's way (half the round trip
        each way) from the quickest recent sample; the filter takes the largest recent round trip."""
        out, back = client.link.one_way(client.rng, up=False), client.link.one_way(client.rng, up=True)
        offset = client.clock(now + out) - (now + (out + back) / 2)
        client.samples = [*client.samples[-(PING_SAMPLES - 1):], (out + back, offset)]
        self.referee.measured(client.seat, max(rtt for rtt, _ in client.samples))
        client.offset = min(client.samples)[1]
        self.at(now + PING_EVERY, "ping", client)


def race(state: BigglesState, bots: Sequence[ReflexBot], links: Sequence[Link], *, fair: bool = True,
         seed: int = 0) -> Tally:
    """Play ``state`` to its end with each bot behind its link; the contested cards each seat won."""
    return _Race(state, bots, links, fair, seed).run()


def _score(tally: Tally, outcome: Outcome, undone: list[float]) -> None:
    """A card move that did not stand (a bot presses only what its table showed legal): a contest the other seat
    won.  Only the first of a player's moves undone by one rollback is a contest (the rest follow from it), and
    a press made on a table that still showed a move of his since undone is not another."""
    for seat in {entry.seat for entry in outcome.overtaken if entry.action.startswith(CARD_MOVES)}:
        tally.won[1 - seat] += 1
    for entry, _ in outcome.refused:
        if entry.action.startswith(CARD_MOVES) and entry.shown >= undone[entry.seat]:
            tally.won[1 - entry.seat] += 1
