"""The account after a game: each match's stops, stops missed, cards turned past and longest run, from the record."""

from __future__ import annotations

from parlour.games.biggles.analysis import after_game
from tests.biggles.conftest import make, run

BLUE = ("K3", "K2", "K1", "R1", "R5", "K4", "K6", "K5", "K4", "R7", "BIG", "K7")
RED = ("K5", "K4", "R3", "K7", "K6", "K1", "R6", "R5", "R2", "K3", "K2", "R4")


def test_each_match_is_told_from_its_record():
    state = make(blue=BLUE, red=RED)
    run(
        state,
        (0, "turn"),
        (0, "play 1"),
        (0, "play 2"),
        (0, "play 3"),
        (1, "turn"),  # red 3 shows while P1's build shows black 3: a stop to make...
        (1, "turn"),  # ...turned past (missed); black 1 shows, which fits P2's empty build...
        (1, "turn"),  # ...turned past too
        (0, "turn"),
        (0, "play 4"),
        (1, "turn"),
        (1, "stop 4"),  # red 4 stops P1's black 4: P1's run of four ends
        (0, "turn"),
        (0, "play 4"),
        (0, "play 5"),
        (0, "play 6"),
        (0, "turn"),
        (0, "play 7"),
        (0, "play B"),
    )
    assert state.match_no == 1  # match 1 is over, match 2 dealt
    [match] = after_game(state)["matches"]
    assert match["match"] == 1 and match["winner"] == 0 and match["scores"] == [8, 0]
    assert match["stops"] == [0, 1]
    assert match["stops_missed"] == [0, 1]
    assert match["fits_missed"] == [0, 1]
    assert match["longest_run"] == [{"cards": 5, "first": "black 4", "last": "Biggles"}, None]


def test_the_view_names_the_deciding_matches_a_level_score_may_bring():
    assert make().observation(None)["deciders"] == 1
    assert make(deciders=0).observation(0)["deciders"] == 0
