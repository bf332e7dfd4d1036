"""The sets game's play log, replayed in the page from the public history and events, against the rules' own record."""

from __future__ import annotations

import random

import pytest

from parlour.games.british_towns import SETS

REPLAY = """async ([first, obs, seat]) => {
  const m = await import("/static/games/british-towns-sets.js");
  sessionStorage.clear();
  const view = (o) => ({ seat, observation: o, seats: o.seat_names.map((n) => ({ name: n })) });
  if (first) m.playLog(first, view(first));            // the page saw the deal: it remembers the card turned up
  return m.playLog(obs, view(obs)).map((l) => ({ at: l.at, seat: l.seat, text: l.text, card: l.card || null }));
}"""


def play(seed: int, seats: int, moves: int, **variant):
    """A game of random moves: its states' views of seat 0, and what happened at each move by the rules."""
    rng = random.Random(seed)
    state = SETS.new_state(seats=seats, seed=seed, variant=variant)
    first = state.observation(0)
    taken, news = {}, []
    for at in range(moves):
        if state.is_over:
            break
        seat = state.turn
        legal = state.legal_actions(seat)
        # laying when it can (the game moves on), else mostly the discard pile or the stock
        lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
        action = lays[0] if lays else rng.choice(legal)
        if action == "take discard":
            taken[at] = state.discards and state.observation(None)["discards"][-1]
        before = len(state.events)
        state.apply(seat, action)
        news += [(at, e["event"], e.get("how")) for e in state.observation(None)["events"][before:]]
    return first, state.observation(0), taken, news


def check(page, first, obs, taken, news, seat=0):
    lines = page.evaluate(REPLAY, [first, obs, seat])
    # (where the page saw the deal, the log opens with it: who dealt and who plays first, before any move)
    if first is not None:
        assert lines[0]["seat"] is None and lines[0]["at"] == -1 and " dealt" in lines[0]["text"], lines[0]
        lines = lines[1:]
    assert len({line["at"] for line in lines if line["seat"] is not None}) == len(obs["history"])   # every move told
    for at, card in taken.items():
        told = [line for line in lines if line["at"] == at and line["text"].startswith("took ")]
        assert len(told) == 1 and told[0]["card"] == card, (at, card, told)
    shuffles = [at for at, event, _ in news if event == "reshuffle"]
    # (the table's own news: the reshuffles, and an end that came at a turn's start, told in the end's own words)
    assert [line["at"] for line in lines if line["seat"] is None and "the game ended" not in line["text"]] == shuffles
    # every card that went onto a set is told at the move it happened in (each event counts the moves made)
    onto = [at for at, event, how in news if event == "added"]
    # (two cards drawn onto sets as a hand was drawn up are told in one line: each counts)
    told = [line["at"] for line in lines
            for _ in range(line["text"].count("went onto") + line["text"].count("added it to"))]
    assert told == onto, (told, onto)
    ends = [at for at, event, _ in news if event == "game over"]
    assert [line["at"] for line in lines if "the game ended" in line["text"]] == ends
    return lines


def test_the_play_log_names_every_card_taken_and_places_every_event(server, page):
    page.goto(server.url + "/")
    reshuffled = ended = 0
    for seed in range(1, 9):
        first, obs, taken, news = play(seed, 2 + seed % 2, 400)
        lines = check(page, first, obs, taken, news)
        reshuffled += any(event == "reshuffle" for _, event, _ in news)
        ended += any(event == "game over" for _, event, _ in news)
        # mid-game too, where the move just made may leave the player still to finish his turn
        cut = 5 + seed * 7
        first, obs, taken, news = play(seed, 2 + seed % 2, cut)
        check(page, first, obs, taken, news)
        assert all(not line["text"][0].isupper() for line in lines if line["seat"] is not None)
    assert reshuffled and ended


# (the club's stalemate rule too: there an empty stock may wait for a set laid before it is made again, which the
# event's count of moves places)
@pytest.mark.parametrize("variant", [{"must_lay": False}, {"sets_per_turn": "one"}, {"one_discard_ends": True},
                                     {"stalemate": 2}], ids=["may-keep", "one-set", "one-discard", "stalemate"])
def test_the_play_log_under_the_variants(server, page, variant):
    page.goto(server.url + "/")
    for seed in range(20, 26):
        first, obs, taken, news = play(seed, 2 + seed % 3, 400, **variant)
        check(page, first, obs, taken, news)


def test_the_face_up_card_is_named_where_the_page_came_in_late(server, page):
    """A page opened mid-game never saw the deal's face-up card: the log names it while its taker still holds it."""
    page.goto(server.url + "/")
    state = SETS.new_state(seats=2, seed=3)
    card = state.observation(None)["discards"][-1]
    state.apply(state.turn, "take discard")
    lines = page.evaluate(REPLAY, [None, state.observation(0), 0])
    assert [line["text"] for line in lines if line["seat"] is not None][0] == (
        f"took {page.evaluate(NAME, card)} from the discard pile")


NAME = """async (code) => (await import("/static/games/british-towns-common.js")).townName(code)"""


# (2 seats, these seeds' games end with a refill the stock could not finish: 13, a card drawn onto a set; 9, after a
# reshuffle; 119, a reshuffle and then a card drawn onto a set)
@pytest.mark.parametrize("seed", [13, 9, 119])
def test_the_end_in_a_refill_is_told_in_order_in_one_voice_with_its_numbers(server, page, seed):
    page.goto(server.url + "/")
    first, obs, taken, news = play(seed, 2, 2000)
    last = len(obs["history"]) - 1
    kinds = [event for at, event, _ in news if at == last]
    assert kinds[-1] == "game over"
    lines = [line for line in check(page, first, obs, taken, news) if line["at"] == last]
    texts = [line["text"] for line in lines]
    # the end is the last thing told, once, with how many cards were still needed
    assert "the game ended" in texts[-1] and sum("the game ended" in t for t in texts) == 1, texts
    lacking = 7 - obs["hand_sizes"][obs["history"][-1][0]]
    assert f"could draw up to seven, {lacking} card{'s' if lacking != 1 else ''} short, and " in texts[-1], texts
    # a card drawn onto a set is told before the end, never after it
    if "added" in kinds:
        before_end = [*texts[:-1], texts[-1].split("; the stock ran out before")[0]]
        assert any("went onto" in t for t in before_end), texts
    # a reshuffle says how many discards made how big a new stock, and comes before the end
    if "reshuffle" in kinds:
        news_at = [i for i, line in enumerate(lines) if line["seat"] is None and "the game ended" not in line["text"]]
        assert news_at and news_at[-1] < len(lines) - 1, texts
        assert all(" discards were shuffled into a new stock of " in texts[i] for i in news_at), texts
    # (two cards are "the last two" or "both", never "all 2")
    assert not any(f"{word} 2 cards" in t for t in texts for word in ("all", "last")), texts
    # one voice: the player's lines speak of "you" and "your", never "their" of him (seat 0 is the page's player)
    if obs["history"][-1][0] == 0:
        assert not any("their" in t or "they" in t for t in texts if t), texts
