"""Football Whist after review 20d, round 11, on a phone:

- the four seats sit round the trick as at the table: the player at its foot, the partner at its head, the
  opponents left and right, each played card in front of its player (the seats were a cluster, the partner top
  left and the player bottom right, and nothing tied a card to who played it);
- the hand keeps one row at every decision, its cards overlapping as far as they must (eleven cards took two rows
  while following and one at a kick-off: the hand jumped).
"""

from __future__ import annotations

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game

#: two frames: the page drawn and settled
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: the table box's height, the trick's rectangle, each seat box's by where it sits (n, s, w, e), and each played card
#: of the trick with the seat box on its side: [where, card's rectangle, that box's seat, its rectangle], each
#: rectangle [left, top, right, bottom]
ROUND = """() => { const r = (el) => { const b = el.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  const box = document.querySelector('.fw-table-box').getBoundingClientRect();
  const seats = Object.fromEntries(['n', 's', 'w', 'e'].map((w) => [w, r(document.querySelector('.fw-seat.fw-' + w))]));
  const trick = r(document.querySelector('.fw-trick'));
  return { height: box.bottom - box.top, trick, seats, played: [...document.querySelectorAll('.fw-trick .fw-played')]
    .map((p) => {
    const where = ['n', 's', 'w', 'e'].find((w) => p.classList.contains('fw-' + w));
    const seat = document.querySelector('.fw-seat.fw-' + where);
    return [where, r(p.querySelector('svg')), Number(seat.dataset.seat), r(seat)]; }) }; }"""
#: the hand's cards in the dock: [left, top, right, bottom] each
HAND = """() => [...document.querySelectorAll('.dock .fw-hand svg.card')].map((c) => {
  const b = c.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })"""


def _turns(browser, server, seed: int, turns: int):
    """The player's decisions on a phone (seat 0, bots at the instant pace): yields (page, view) at each, then
    plays the heuristic bot's choice."""
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "phone", seed)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, seed)
    try:
        for _ in range(turns):
            view = table.decision()
            if view is None:
                break
            table.page.evaluate(SETTLE)
            yield table.page, view
            table.click(chooser.act(view["observation"], view["legal"]))
        assert not table.errors, table.errors
    finally:
        table.close()


def _overlap(a: float, b: float, c: float, d: float) -> bool:
    return a < d and c < b


def test_on_a_phone_each_card_of_the_trick_lies_in_front_of_its_player(browser, server):
    followed = 0
    for page, view in _turns(browser, server, 11, 10):
        seen = page.evaluate(ROUND)
        # (a compact box all the same: the trick and the pitch fit above the dock)
        assert seen["height"] <= 170, seen
        # the seats round the trick: the partner over it, the player under it, the opponents either side of it
        left, top, right, bottom = seen["trick"]
        n, s, w, e = (seen["seats"][k] for k in "nswe")
        assert n[3] <= top + 2 and s[1] >= bottom - 2, seen
        assert _overlap(left, right, n[0], n[2]) and _overlap(left, right, s[0], s[2]), seen
        assert w[2] <= left + 2 and e[0] >= right - 2, seen
        assert _overlap(top, bottom, w[1], w[3]) and _overlap(top, bottom, e[1], e[3]), seen
        if not view["observation"]["trick"]["cards"]:
            continue
        followed += 1
        where_of = {0: "s", 1: "w", 2: "n", 3: "e"}  # the player at the foot, his partner at the head
        for where, card, seat, box in seen["played"]:
            assert where_of[seat] == where, (where, seat)
            left, top, right, bottom = card
            if where in "ns":
                # over (under) its card, across the same stretch of the table, close to it
                assert _overlap(left, right, box[0], box[2]), (where, card, box)
                gap = top - box[3] if where == "n" else box[1] - bottom
                assert -2 <= gap <= 16, (where, card, box)
            else:
                # beside its card, at the same height, close to it
                assert _overlap(top, bottom, box[1], box[3]), (where, card, box)
                gap = left - box[2] if where == "w" else box[0] - right
                assert -2 <= gap <= 16, (where, card, box)
        if followed == 1:
            page.screenshot(path=str(ARTIFACTS / "football-whist-round11-phone-trick.png"))
    assert followed, "the player never followed a card led"


def test_on_a_phone_the_hand_keeps_one_row_at_every_decision(browser, server):
    phases = set()
    for page, view in _turns(browser, server, 11, 10):
        obs = view["observation"]
        phases.add(obs["phase"])
        cards = page.evaluate(HAND)
        assert len(cards) == len(obs["hand"])
        tops = [c[1] for c in cards]
        # one row (a card that may be played stands a few pixels up), within the screen, each card's corner in sight
        assert max(tops) - min(tops) <= 8, (obs["phase"], len(cards), tops)
        assert min(c[0] for c in cards) >= 0 and max(c[2] for c in cards) <= 390, cards
        steps = [b[0] - a[0] for a, b in zip(cards, cards[1:], strict=False)]
        assert not steps or min(steps) >= 24, steps
        if len(cards) == 11 and obs["phase"] == "play":
            page.screenshot(path=str(ARTIFACTS / "football-whist-round11-phone-hand.png"))
    assert {"kick", "play"} <= phases or {"move", "play"} <= phases, phases
